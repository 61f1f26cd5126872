"""Parts from data: a pack's layouts and sheets loaded and checked, decks and pieces
drawn from them, and the folder a data file is named from (`shown_from`).
"""

from ttgbuild.render.layout.decks import Card, PackParts, draw_layout
from ttgbuild.render.layout.faces import Drawing
from ttgbuild.render.layout.pieces import Pieces
from ttgbuild.source.datafile import shown_from
from ttgbuild.source.layoutfile import Layout, LayoutError, load_layouts, pack_layouts
from ttgbuild.source.sheetfile import SHEET_CODES, SheetError, Sheets, load_sheets, pack_sheets

__all__ = [
    "SHEET_CODES",
    "Card",
    "Drawing",
    "Layout",
    "LayoutError",
    "PackParts",
    "Pieces",
    "SheetError",
    "Sheets",
    "draw_layout",
    "load_layouts",
    "load_sheets",
    "pack_layouts",
    "pack_sheets",
    "shown_from",
]
