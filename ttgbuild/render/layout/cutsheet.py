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

One convention for every kit, stated here once and used by every part that
is cut or folded (tokens, die nets, board tiles): a cut is a thin solid line
(`cut_lines`), a fold a dashed one (`fold_lines`). Faces come from a layout
file (a `Pieces` draws its `Card`s) or from a pack's own drawing code (a
`Drawn` face); `paint` asks its painter for both the same way.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.printing import Duplex
from ttgbuild.render import style
from ttgbuild.render.context import RenderContext
from ttgbuild.render.layout.faces import Box

BLEED = 1.5 * mm  # around a block: cutting a hair outside the line shows no paper
MARK_GAP = 1 * mm  # crop marks start this far beyond the bleed ...
MARK_LENGTH = 3 * mm  # ... and are this long
ROOM = BLEED + MARK_GAP + MARK_LENGTH  # a block's outer box around its cells
CUT_LINE = 0.25  # points: thin, so a cut a little off the line leaves no dark edge
FOLD_DASH = (1.5 * mm, 1 * mm)  # folds are dashed, cuts solid: the one convention


def cut_lines(canvas: Canvas, width: float = CUT_LINE) -> None:
    """Stroke what follows as cuts: solid, in the cut colour."""
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(width)
    canvas.setDash()


def fold_lines(canvas: Canvas, width: float = CUT_LINE) -> None:
    """Stroke what follows as folds: dashed, in the cut colour."""
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(width)
    canvas.setDash(*FOLD_DASH)


class Painter(Protocol):
    """What draws a block's faces: a layout's `Pieces`, or `DRAWN` for `Drawn` faces."""

    def background(self, face: Any) -> Color | None: ...

    def draw(self, face: Any, box: Box) -> None: ...


@dataclass(frozen=True)
class Drawn:
    """A face a pack draws itself: `draw(box)`, and the colour its bleed is painted."""

    draw: Callable[[Box], None]
    background: Color | None = None
    piece: Any = None  # the review gallery's piece, as a layout's Card has


class _DrawnPainter:
    def background(self, face: Drawn) -> Color | None:
        return face.background

    def draw(self, face: Drawn, box: Box) -> None:
        face.draw(box)


DRAWN: Painter = _DrawnPainter()


@dataclass(frozen=True)
class Cell:
    """One token: its front face, and its back face if it has one (a Card or a Drawn)."""

    front: Any
    back: Any = None


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


def paint(
    ctx: RenderContext,
    canvas: Canvas,
    pieces: Painter,
    block: Block,
    left: float,
    bottom: float,
) -> None:
    """The fronts (and, folding, the backs) of a block whose outer box is at (left, bottom)."""
    for index, cell in enumerate(block.cells):
        x, y = block.origin(index, left, bottom)
        w, h = block.face
        outer = block.outer(index)
        with contextlib.ExitStack() as placed:
            if getattr(cell.front, "piece", None) is not None:  # the review gallery's piece
                box = (x, y, block.cell_width, h)
                placed.enter_context(ctx.drawing(canvas, cell.front.piece, box))
            if block.fold:
                assert cell.back is not None
                front, back = (outer[0], outer[1], False, outer[3]), (False, *outer[1:])
                _face(canvas, pieces, cell.front, (x, y, w, h), front)
                _face(canvas, pieces, cell.back, (x + w, y, w, h), back)
            else:
                _face(canvas, pieces, cell.front, (x, y, w, h), outer)
    _lines(canvas, block, left, bottom)


def paint_backs(
    canvas: Canvas,
    pieces: Painter,
    block: Block,
    left: float,
    bottom: float,
    duplex: Duplex,
) -> None:
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
        _face(canvas, pieces, cell.back, (x, y, w, h), grow, extra=BLEED)


def _face(
    canvas: Canvas,
    pieces: Painter,
    card: Any,
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
        canvas.setFillColor(colour)
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    pieces.draw(card, box)


def _lines(canvas: Canvas, block: Block, left: float, bottom: float) -> None:
    """Every cell's cut outline, the fold lines, and crop marks in line with every cut.

    A short last row has no cells under the right end of the block: no mark
    stands in line with a cut there (`marks`).
    """
    canvas.saveState()
    cut_lines(canvas)
    w, h = block.face
    for index in range(len(block.cells)):
        x, y = block.origin(index, left, bottom)
        canvas.rect(x, y, block.cell_width, h, stroke=1, fill=0)
    for x0, y0, x1, y1 in marks(block, left, bottom):
        canvas.line(x0, y0, x1, y1)
    if block.fold:
        fold_lines(canvas)
        for index in range(len(block.cells)):
            x, y = block.origin(index, left, bottom)
            canvas.line(x + w, y, x + w, y + h)
    canvas.restoreState()


def marks(block: Block, left: float, bottom: float) -> list[tuple[float, float, float, float]]:
    """The crop marks (x0, y0, x1, y1) outside the bleed, each in line with a cut.

    Top and left marks stand at every cut (the first row and column are
    full); a bottom mark only where a cell of the last row meets that cut, a
    right mark only where a cell of the last column does.
    """
    xs, ys = block.cuts(left, bottom)
    last = len(block.cells) - (block.rows - 1) * block.columns  # cells in the last row
    full_rows = block.rows if last == block.columns else block.rows - 1  # reaching the right
    top, right = bottom + block.height, left + block.width
    out = []
    for i, x in enumerate(xs):
        out.append((x, top - MARK_LENGTH, x, top))
        if i <= last:
            out.append((x, bottom, x, bottom + MARK_LENGTH))
    for j, y in enumerate(ys):  # ys[0] is the block's bottom edge
        out.append((left, y, left + MARK_LENGTH, y))
        if j >= block.rows - full_rows:
            out.append((right - MARK_LENGTH, y, right, y))
    return out
