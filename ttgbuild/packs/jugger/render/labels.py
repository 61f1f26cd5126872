"""Words Jugger's painters print outside the sheets' sections: one catalog entry each.

The id → label tables are data (data/sheets/labels.sheet.yaml, the words more
than one painter prints, and documents.sheet.yaml, each PDF's title, headings
and notes), read with the pack's other sheet files, which name them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ttgbuild.packapi.diagnostics import display_path
from ttgbuild.packapi.drawing import RenderContext, Translator
from ttgbuild.packapi.flow import label
from ttgbuild.packapi.layouts import SHEET_CODES, SheetError, Sheets, load_sheets
from ttgbuild.packs.jugger import HERE

SHEETS = HERE / "data" / "sheets"
ROOT = HERE.parents[2]  # the folder the ttgbuild package sits in: files are named from it


def sheets() -> Sheets:
    """The pack's sheet files, read and checked once per process."""
    return load_sheets(SHEETS, ROOT)


@cache
def _keywords() -> Mapping[str, dict[str, Any]]:
    """The talent keyword table's messages, looked up once: cards ask for one per talent."""
    return sheets().labels["talent_keyword"][1]


def keyword_label(ctx: RenderContext, keyword: str) -> str:
    """A talent keyword in the locale's words (glossary terms)."""
    return label(_keywords(), ctx.tr, keyword)


def sheet_label(tr: Translator, table: str, ident: str) -> str:
    """One label of a sheet's label table in the locale, its `{placeholders}` left to fill.

    The painters ask for these by name: a table or label missing from the files
    stops the build from its drawing job, located (JT081), instead of printing
    the bare id or failing unexplained.
    """
    found = sheets().labels.get(table)
    if found is None:
        known = ", ".join(sorted(sheets().labels)) or "none"
        message = f"Jugger's painters need the label table {table!r} (tables: {known})"
        raise SheetError(SHEET_CODES["JT081"].at(display_path(SHEETS, ROOT), 0, 0, message))
    sheet, entries = found
    if ident not in entries:
        message = f"Jugger's painters need the label {ident!r} in table {table!r}"
        raise SheetError(sheet.problem("JT081", sheet.labels, message, table))
    return label(entries, tr, ident)
