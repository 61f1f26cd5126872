"""Tokens on shared cut lines: cells of one size in blocks, straight cuts between
neighbours, fold lines and backs.
Used by name and as a namespace (`cutsheet.paint(...)`).
"""

from ttgbuild.render.layout.cutsheet import (
    DRAWN,
    FOLD_DASH,
    ROOM,
    Block,
    Cell,
    Drawn,
    blocks,
    cut_lines,
    fold_lines,
    paint,
    paint_backs,
)

__all__ = [
    "DRAWN",
    "FOLD_DASH",
    "ROOM",
    "Block",
    "Cell",
    "Drawn",
    "blocks",
    "cut_lines",
    "fold_lines",
    "paint",
    "paint_backs",
]
