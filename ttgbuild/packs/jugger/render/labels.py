"""Words more than one Jugger painter prints: one translation call, one catalog entry.

The id → label tables are data (data/sheets/labels.sheet.yaml), read with the
pack's other sheet files, which name them too.
"""

from __future__ import annotations

from ttgbuild.packs.jugger import HERE
from ttgbuild.render.context import RenderContext
from ttgbuild.render.prose import label_table
from ttgbuild.source.sheetfile import Sheets, load_sheets

SHEETS = HERE / "data" / "sheets"
ROOT = HERE.parents[2]  # the folder the ttgbuild package sits in: files are named from it


def sheets() -> Sheets:
    """The pack's sheet files, read and checked once per process."""
    return load_sheets(SHEETS, ROOT)


def keyword_label(ctx: RenderContext, keyword: str) -> str:
    """A talent keyword in the locale's words (glossary terms)."""
    return label_table(sheets(), ctx.tr, "talent_keyword")[keyword]
