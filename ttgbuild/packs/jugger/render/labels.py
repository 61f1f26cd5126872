"""Words Jugger's painters print outside the sheets' sections: one catalog entry each.

The id → label tables are data (data/sheets/labels.sheet.yaml, the words more
than one painter prints, and documents.sheet.yaml, each PDF's title, headings
and notes), read with the pack's other sheet files, which name them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ttgbuild.i18n.runtime import Translator
from ttgbuild.packs.jugger import HERE
from ttgbuild.render.context import RenderContext
from ttgbuild.render.prose import label
from ttgbuild.source.sheetfile import Sheets, load_sheets

SHEETS = HERE / "data" / "sheets"
ROOT = HERE.parents[2]  # the folder the ttgbuild package sits in: files are named from it


def sheets() -> Sheets:
    """The pack's sheet files, read and checked once per version of the files."""
    return load_sheets(SHEETS, ROOT)


@cache
def _keywords() -> Mapping[str, dict[str, Any]]:
    """The talent keyword table's messages, looked up once: cards ask for one per talent."""
    return sheets().labels["talent_keyword"][1]


def keyword_label(ctx: RenderContext, keyword: str) -> str:
    """A talent keyword in the locale's words (glossary terms)."""
    return label(_keywords(), ctx.tr, keyword)


def sheet_label(tr: Translator, table: str, ident: str) -> str:
    """One label of a sheet's label table in the locale, its `{placeholders}` left to fill."""
    return label(sheets().labels[table][1], tr, ident)
