"""The content as an import would leave it, validated before anything is written.

The project's content (and its data pack, if it has one) is copied to a
temporary project, the new texts are written there, and the whole project is
validated as `ttgbuild validate` would: the schemas and every rule check of
the game, on the would-be content. Each problem is then traced back to the
spreadsheet cell its value came from.

The copy shows validate what it would see in the project itself, and opens
nothing validate would not (`mirror`): a link leading out of the project stays
such a link (validate refuses it, JT001, here as there), a link inside it is
copied as what it leads to (validate reads it, here as there), a broken link
stays broken, and a named pipe, device or socket becomes a named pipe, never
opened (validate reports it as not a regular file). A file too big for content
is copied as a sparse file of its size, so it is refused for its size alike.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ttgbuild.core.diagnostics import Diagnostic, pointer_parts
from ttgbuild.core.filetree import MAX_FOLDER_DEPTH
from ttgbuild.core.readfile import read_regular
from ttgbuild.pack import PROJECT_FILE, project_file
from ttgbuild.source.yamlsource import MAX_BYTES
from ttgbuild.spreadsheet.plan import Locator
from ttgbuild.validate.project import validate_project


def would_be_problems(project: Path, writes: Mapping[str, str | None]) -> list[Diagnostic]:
    """Every diagnostic of the project with the new texts in place (None: the file deleted)."""
    with tempfile.TemporaryDirectory(prefix="ttgbuild-sheet-") as temp:
        copy = Path(temp)
        root = project.resolve()
        mirror(root, project / "content", copy / "content")
        if (project / PROJECT_FILE).is_file():
            mirror(root, project / PROJECT_FILE, copy / PROJECT_FILE)
            setting = project_file(project)
            if setting is not None and setting.key == "pack":
                pack_folder = (project / setting.value).resolve()
                if pack_folder.is_dir() and pack_folder.is_relative_to(root):
                    mirror(root, pack_folder, copy / setting.value)
        for file, text in writes.items():
            target = copy / file
            if os.path.lexists(target):  # a link leading out is never written through
                target.unlink()
            if text is not None:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        _loaded, diags = validate_project(copy)
    return diags


def mirror(root: Path, source: Path, target: Path, depth: int = 0) -> None:
    """Copy `source` to `target` as validate would see it in the project `root` (resolved):
    see the module's docstring. Folders are listed without recursion into links that loop."""
    if not os.path.lexists(source):
        return
    if os.path.islink(source):
        real = Path(os.path.realpath(source))
        if not real.is_relative_to(root):
            os.symlink(real, target)  # outside the project here too
            return
        if not os.path.lexists(real):
            os.symlink(f".{target.name}.missing", target)  # broken, inside the project
            return
        if depth > MAX_FOLDER_DEPTH or (real.is_dir() and source.resolve() in _ancestors(source)):
            os.symlink(os.readlink(source), target)  # a loop: validate does not follow it
            return
        source = real
    mode = os.stat(source, follow_symlinks=False).st_mode
    if stat.S_ISDIR(mode):
        target.mkdir()
        if depth > MAX_FOLDER_DEPTH:
            return
        with os.scandir(source) as entries:
            names = sorted(entry.name for entry in entries)
        for name in names:
            mirror(root, source / name, target / name, depth + 1)
    elif stat.S_ISREG(mode):
        _copy_file(source, target)
    else:
        os.mkfifo(target)  # a pipe, device or socket: never opened, reported as validate does


def _copy_file(source: Path, target: Path) -> None:
    """A regular file's bytes; one too big for content as a sparse file of its size."""
    size = os.stat(source).st_size
    if size > MAX_BYTES:
        with open(target, "wb") as stream:
            stream.truncate(size)
        return
    try:
        data = read_regular(source, MAX_BYTES)
    except OSError:  # unreadable: so it is here, for validate to say so alike
        target.touch(mode=0)
        return
    target.write_bytes(data)


def _ancestors(path: Path) -> list[Path]:
    return [p.resolve() for p in path.parents]


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
