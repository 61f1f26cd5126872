"""Problems of a pack's own data files, remembered under the pack's code fingerprint.

A pack's layouts and sheets that ship in its package are part of its code
(`fingerprint.code_key` hashes them), so while the code is unchanged their
problems are too: `validate` then neither imports the pack's drawing code nor
parses its expressions again. A project's own data files (a data pack) are
checked on every run: they change as the designer edits.

The layout and sheet modules are imported only when their answer is not
remembered: with their expression parsing they are a fifth of `validate`'s time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ttgbuild.core import remembered
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.fingerprint import code_key, combine
from ttgbuild.pack import Pack


def data_problems(
    pack: Pack, project: Path, folder: Path, kind: str, check: Callable[[], list[Diagnostic]]
) -> list[Diagnostic]:
    """`check()`'s problems with the files in `folder`, remembered when the pack ships them."""
    if not folder.resolve().is_relative_to(pack.folder):
        return check()
    key = combine({"code": code_key(pack.folder), "pack": pack.name, "kind": kind})
    rows = remembered.load(project, kind, key)
    if isinstance(rows, list):
        return [Diagnostic(**row) for row in rows]
    problems = check()
    remembered.store(project, kind, key, [problem.as_json() for problem in problems])
    return problems


def sheet_problems(pack: Pack, project: Path) -> list[Diagnostic]:
    """Every problem of a pack's sheet files (none without a sheets folder), for `validate`.

    Files inside the project are named from it; a pack's own from the folder its
    package sits in (e.g. ttgbuild/packs/jugger/data/sheets/quickref-front.sheet.yaml).
    """
    if pack.sheets is None:
        return []

    def check() -> list[Diagnostic]:
        from ttgbuild.source.sheetfile import pack_sheets

        return list(pack_sheets(pack, project).diagnostics)

    return data_problems(pack, project, pack.sheets, "sheets", check)


def board_problems(pack: Pack, project: Path) -> list[Diagnostic]:
    """Every problem of a data pack's board files, for `validate` (none without a folder)."""
    if pack.boards is None:
        return []
    from ttgbuild.source.boardfile import pack_boards

    return list(pack_boards(pack, project)[1])


def layout_problems(pack: Pack, project: Path) -> list[Diagnostic]:
    """Every problem of a pack's layout files, for `validate` (remembered if the pack's own)."""
    if pack.layouts is None:
        return []

    def check() -> list[Diagnostic]:
        from ttgbuild.source.layoutfile import pack_layouts

        return list(pack_layouts(pack, project)[1])

    return data_problems(pack, project, pack.layouts, "layouts", check)
