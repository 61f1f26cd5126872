"""The content as an import would leave it, validated before anything is written.

The project's content (and its data pack, if it has one) is copied to a
temporary project, the new texts are written there, and the whole project is
validated as `ttgbuild validate` would: the schemas and every rule check of
the game, on the would-be content. Each problem is then traced back to the
spreadsheet cell its value came from.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ttgbuild.core.diagnostics import Diagnostic, pointer_parts
from ttgbuild.pack import PROJECT_FILE, project_file
from ttgbuild.spreadsheet.plan import Locator
from ttgbuild.validate.project import validate_project


def would_be_problems(project: Path, writes: Mapping[str, str | None]) -> list[Diagnostic]:
    """Every diagnostic of the project with the new texts in place (None: the file deleted)."""
    with tempfile.TemporaryDirectory(prefix="ttgbuild-sheet-") as temp:
        copy = Path(temp)
        shutil.copytree(project / "content", copy / "content")
        if (project / PROJECT_FILE).is_file():
            shutil.copy2(project / PROJECT_FILE, copy / PROJECT_FILE)
            setting = project_file(project)
            if setting is not None and setting.key == "pack":
                pack_folder = (project / setting.value).resolve()
                if pack_folder.is_dir() and pack_folder.is_relative_to(project.resolve()):
                    shutil.copytree(pack_folder, copy / setting.value)
        for file, text in writes.items():
            target = copy / file
            if text is None:
                target.unlink(missing_ok=True)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        _loaded, diags = validate_project(copy)
    return diags


def cell_of(diag: Diagnostic, locators: list[Locator]) -> str | None:
    """The cell a problem's value came from: the one naming the longest part of its path.

    A problem of the record as a whole that names one of its fields in quotes (a
    required field left empty: "missing required field 'cost'") is shown at that field.
    A problem of a mapping no cell holds whole (rules.yaml's `dice`, shown as `dice.faces`,
    `dice.faces_assumed` rows) is shown at the row of the field it names, else its first.
    """
    parts = tuple(pointer_parts(diag.pointer))
    best: Locator | None = None
    for locator in locators:
        inside = locator.file == diag.file and parts[: len(locator.parts)] == locator.parts
        if inside and (best is None or len(locator.parts) > len(best.parts)):
            best = locator
    base = best.parts if best is not None else parts
    under = [loc for loc in locators if loc.file == diag.file and loc.parts[: len(base)] == base]
    for locator in under:
        named = locator.parts[len(base) :]
        if len(named) == 1 and f"'{named[0]}'" in diag.message:
            return locator.cell
    if best is not None:
        return best.cell
    return under[0].cell if under else None  # a mapping shown field by field: its first row
