"""How the board splits into home-printer pages: shared by the board and its assembly guide."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.units import mm

from ttgbuild.packapi.hexgrid import HexLayout
from ttgbuild.packs.jugger.model import Board
from ttgbuild.packs.jugger.render import boxes

FRAME = 10 * mm  # printed border around the hexes
MARGIN = 13 * mm  # page margin: printers cannot reach the outer 4-7 mm
OVERLAP = 12 * mm  # more than the 4-7 mm a home printer cannot reach


@dataclass(frozen=True)
class Tiling:
    """How the board splits into pages: page size, tile step and counts."""

    page: tuple[float, float]
    columns: int
    rows: int
    step: tuple[float, float]

    @property
    def count(self) -> int:
        return self.columns * self.rows

    def origin(self, row: int, column: int) -> tuple[float, float]:
        """Board-frame position (x right, y down) of the tile's top-left printable corner."""
        return column * self.step[0], row * self.step[1]


def board_size(board: Board) -> tuple[float, float]:
    width, height = HexLayout(boxes.HEX_ACROSS / math.sqrt(3)).size(board.columns, board.rows)
    return width + 2 * FRAME, height + 2 * FRAME


def tiling(size: tuple[float, float], paper: tuple[float, float]) -> Tiling:
    """The page orientation that needs the fewest tiles (landscape on a tie)."""
    best: Tiling | None = None
    for page in (landscape(paper), portrait(paper)):
        area = (page[0] - 2 * MARGIN, page[1] - 2 * MARGIN)
        step = (area[0] - OVERLAP, area[1] - OVERLAP)
        columns = max(1, math.ceil((size[0] - OVERLAP) / step[0]))
        rows = max(1, math.ceil((size[1] - OVERLAP) / step[1]))
        option = Tiling(page, columns, rows, step)
        if best is None or option.count < best.count:
            best = option
    assert best is not None
    return best
