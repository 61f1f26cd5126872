"""Tokens on shared cut lines: straight cuts between neighbours, bleed only around the block.

Two hundred round counters are two hundred curved cuts. Square faces edge to
edge in a grid need a few long straight ones, made with a ruler from crop
mark to crop mark (cards share their cuts the same way, print.md). A block is
a grid of equal cells; a cell on the block's outer edge paints its face's
`background` into the bleed, thin lines show every cut and crop marks outside
the bleed stand in line with each one. A fold-over cell holds a token's two
faces side by side: cut around the pair, fold on the dashed line between
them, glue, and the back reads upright when the token is turned over
sideways, so a few two-sided tokens need no duplex sheet. A block of
two-sided cells that does not fold prints its backs on the back page
instead, mirrored like card backs.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.printing import Duplex
from ttgbuild.render import style
from ttgbuild.render.context import RenderContext
from ttgbuild.render.layout.decks import Card
from ttgbuild.render.layout.pieces import Pieces

BLEED = 1.5 * mm  # around a block: cutting a hair outside the line shows no paper
MARK_GAP = 1 * mm  # crop marks start this far beyond the bleed ...
MARK_LENGTH = 3 * mm  # ... and are this long
ROOM = BLEED + MARK_GAP + MARK_LENGTH  # a block's outer box around its cells
CUT_LINE = 0.25  # points: thin, so a cut a little off the line leaves no dark edge
FOLD_DASH = (1.5 * mm, 1 * mm)


@dataclass(frozen=True)
class Cell:
    """One token: its front face, and its back face if it has one."""

    front: Card
    back: Card | None = None


@dataclass(frozen=True)
class Block:
    """Cells of one face size in rows from the top left, each sharing its cuts.

    `face` is one face's (width, height) in points; `fold` puts each cell's
    back beside its front (the cell is then two faces wide).
    """

    cells: tuple[Cell, ...]
    columns: int
    face: tuple[float, float]
    fold: bool = False

    @property
    def rows(self) -> int:
        return math.ceil(len(self.cells) / self.columns)

    @property
    def cell_width(self) -> float:
        return self.face[0] * (2 if self.fold else 1)

    @property
    def width(self) -> float:
        """The outer box: the cells, their bleed and the crop marks."""
        return self.columns * self.cell_width + 2 * ROOM

    @property
    def height(self) -> float:
        return self.rows * self.face[1] + 2 * ROOM

    def origin(self, index: int, left: float, bottom: float) -> tuple[float, float]:
        """Lower-left corner of cell `index`, the block's outer box at (left, bottom)."""
        row, column = divmod(index, self.columns)
        top = bottom + self.height - ROOM
        return left + ROOM + column * self.cell_width, top - (row + 1) * self.face[1]

    def cuts(self, left: float, bottom: float) -> tuple[list[float], list[float]]:
        """x of every vertical cut and y of every horizontal cut, outer edges included."""
        xs = [left + ROOM + i * self.cell_width for i in range(self.columns + 1)]
        ys = [bottom + ROOM + j * self.face[1] for j in range(self.rows + 1)]
        return xs, ys

    def outer(self, index: int) -> tuple[bool, bool, bool, bool]:
        """Which sides of cell `index` (left, bottom, right, top) have no neighbour."""
        row, column = divmod(index, self.columns)
        count = len(self.cells)
        return (
            column == 0,
            index + self.columns >= count,
            column == self.columns - 1 or index + 1 >= count,
            row == 0,
        )


def blocks(
    cells: list[Cell],
    face: tuple[float, float],
    width: float,
    heights: list[float],
    fold: bool = False,
) -> list[Block]:
    """`cells` in blocks as wide as `width` allows, the i-th as high as `heights[i]` allows.

    The last height is used again for as many blocks as the cells need (a
    block per page: the first may share its page with what came before).
    """
    probe = Block((), 1, face, fold)
    columns = max(1, int((width - 2 * ROOM) // probe.cell_width))
    out: list[Block] = []
    start = 0
    while start < len(cells):
        room = heights[min(len(out), len(heights) - 1)]
        rows = max(1, int((room - 2 * ROOM) // face[1]))
        take = cells[start : start + rows * columns]
        out.append(Block(tuple(take), min(columns, len(take)), face, fold))
        start += len(take)
    return out


def paint(ctx: RenderContext, pieces: Pieces, block: Block, left: float, bottom: float) -> None:
    """The fronts (and, folding, the backs) of a block whose outer box is at (left, bottom)."""
    canvas = pieces.kit.canvas
    for index, cell in enumerate(block.cells):
        x, y = block.origin(index, left, bottom)
        w, h = block.face
        outer = block.outer(index)
        with contextlib.ExitStack() as placed:
            if cell.front.piece is not None:  # the review gallery's piece, and its problems
                box = (x, y, block.cell_width, h)
                placed.enter_context(ctx.drawing(canvas, cell.front.piece, box))
            if block.fold:
                assert cell.back is not None
                _face(pieces, cell.front, (x, y, w, h), (outer[0], outer[1], False, outer[3]))
                _face(pieces, cell.back, (x + w, y, w, h), (False, outer[1], outer[2], outer[3]))
            else:
                _face(pieces, cell.front, (x, y, w, h), outer)
    _lines(canvas, block, left, bottom)


def paint_backs(pieces: Pieces, block: Block, left: float, bottom: float, duplex: Duplex) -> None:
    """The backs of a block that does not fold, on the back page, behind their fronts.

    (left, bottom) is where the block's outer box lands on the back page;
    columns mirror for long-edge duplex, rows for short-edge, like card backs.
    """
    w, h = block.face
    for index, cell in enumerate(block.cells):
        if cell.back is None:
            continue
        row, column = divmod(index, block.columns)
        if duplex is Duplex.long:
            column = block.columns - 1 - column
        else:
            row = block.rows - 1 - row
        x = left + ROOM + column * w
        y = bottom + block.height - ROOM - (row + 1) * h
        grow = block.outer(index)
        if duplex is Duplex.long:
            grow = (grow[2], grow[1], grow[0], grow[3])
        else:
            grow = (grow[0], grow[3], grow[2], grow[1])
        _face(pieces, cell.back, (x, y, w, h), grow, extra=BLEED)


def _face(
    pieces: Pieces,
    card: Card,
    box: tuple[float, float, float, float],
    grow: tuple[bool, bool, bool, bool],
    extra: float = 0.0,
) -> None:
    """A face in its cell, its background grown into the bleed on the sides in `grow`."""
    colour = pieces.background(card)
    if colour is not None:
        x, y, w, h = box
        bleed = BLEED + extra
        x0 = x - (bleed if grow[0] else 0)
        y0 = y - (bleed if grow[1] else 0)
        x1 = x + w + (bleed if grow[2] else 0)
        y1 = y + h + (bleed if grow[3] else 0)
        canvas = pieces.kit.canvas
        canvas.setFillColor(colour)
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    pieces.draw(card, box)


def _lines(canvas: Canvas, block: Block, left: float, bottom: float) -> None:
    """Every cell's cut outline, the fold lines, and crop marks in line with every cut."""
    canvas.saveState()
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(CUT_LINE)
    w, h = block.face
    for index in range(len(block.cells)):
        x, y = block.origin(index, left, bottom)
        canvas.rect(x, y, block.cell_width, h, stroke=1, fill=0)
    xs, ys = block.cuts(left, bottom)
    low, high = bottom + MARK_LENGTH, bottom + block.height - MARK_LENGTH
    for x in xs:
        canvas.line(x, bottom, x, low)
        canvas.line(x, high, x, high + MARK_LENGTH)
    for y in ys:
        canvas.line(left, y, left + MARK_LENGTH, y)
        canvas.line(left + block.width - MARK_LENGTH, y, left + block.width, y)
    if block.fold:
        canvas.setDash(*FOLD_DASH)
        for index in range(len(block.cells)):
            x, y = block.origin(index, left, bottom)
            canvas.line(x + w, y, x + w, y + h)
    canvas.restoreState()
