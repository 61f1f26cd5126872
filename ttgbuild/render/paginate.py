"""Running text flowed column after column, page after page, at one fixed size.

The quick reference (flow.py) squeezes whole sections onto a fixed number of
pages by shrinking the type; a rulebook is the opposite: its type size is
fixed for reading at the table and it takes as many pages as it needs. So
paragraphs here break between lines, never leaving a single line of a
paragraph alone at the foot or head of a column, and a heading always stays
with the start of what follows it. Tables and figures are laid out by flow.py
and never split.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render import style, text
from ttgbuild.render.flow import Box, Laid

KEEP_LINES = 2  # a paragraph split across columns keeps at least this many lines on each side


@dataclass(frozen=True)
class Lines:
    """A paragraph laid out at the column width: it may break between its lines.

    `marker` (a bullet or step number) is drawn before the first line, in the
    hanging `indent`.
    """

    block: text.Fitted
    family: text.Family
    indent: float = 0.0
    marker: str = ""
    space_before: float = 0.0

    @property
    def height(self) -> float:
        return self.block.height


@dataclass(frozen=True)
class Solid:
    """A heading, table or figure: never split; a heading keeps with what follows it.

    A row of a table broken between rows carries the table's `header`, drawn
    again above it when the row starts a column.
    """

    laid: Laid
    space_before: float = 0.0
    keep_with_next: bool = False
    header: Laid | None = None

    @property
    def height(self) -> float:
        return self.laid.height


Item = Lines | Solid
Paint = Callable[[Canvas], None]


@dataclass(frozen=True)
class Paged:
    """What each page draws, and by how much the tallest unsplittable item overflows."""

    pages: list[list[Paint]]
    overflow_height: float
    overflow_width: float


def _first_height(item: Item) -> float:
    """The least of an item that must fit where it starts: a heading's follower needs this."""
    if isinstance(item, Solid):
        return item.height
    lines = item.block.lines
    # A paragraph too short to split (KEEP_LINES each side) moves whole: all of it must fit.
    first = lines if len(lines) < 2 * KEEP_LINES else lines[:KEEP_LINES]
    return sum(item.block.leading if line else 0.0 for line in first)


def _kept_height(items: Sequence[Item], index: int) -> float:
    """What must fit below item `index` for it to stay where it is: the start of its
    follower when it keeps with it, and on through a chain (a chapter's heading, then a
    subheading, then text: neither heading may end a column)."""
    need = 0.0
    while index + 1 < len(items):
        item, follower = items[index], items[index + 1]
        if not (isinstance(item, Solid) and item.keep_with_next):
            break
        if isinstance(follower, Solid) and follower.keep_with_next:
            need += follower.space_before + follower.height
            index += 1
            continue
        need += follower.space_before + _first_height(follower)
        break
    return need


def _paint_lines(
    item: Lines, start: int, stop: int, x: float, top: float, icon: text.IconDrawer
) -> Paint:
    block = item.block
    part = text.Fitted(block.size, block.leading, block.lines[start:stop], 0.0, 0.0)
    marker = item.marker if start == 0 else ""

    def paint(canvas: Canvas) -> None:
        if marker:
            canvas.setFillColor(style.HEADER)
            canvas.setFont(item.family.bold, block.size)
            canvas.drawString(x, top - block.size * text.ASCENT, marker)
        canvas.setFillColor(style.INK)
        text.draw(canvas, part, x + item.indent, top, item.family, icon)

    return paint


def _paint_solid(item: Solid, x: float, top: float) -> Paint:
    return _paint_laid(item.laid, x, top)


def _paint_laid(laid: Laid, x: float, top: float) -> Paint:
    def paint(canvas: Canvas) -> None:
        laid.paint(canvas, x, top)

    return paint


def paginate(
    items: Sequence[Item], columns_of: Callable[[int], Sequence[Box]], icon: text.IconDrawer
) -> Paged:
    """Place the items in the columns of page 0, 1, 2 ... (`columns_of(page)`), in order.

    A paragraph that does not fit the rest of a column is split, keeping at
    least KEEP_LINES lines on both sides (else it moves whole); a table or
    figure that does not fit moves to the next column; a heading moves along
    when the start of its follower would not fit under it (unless no empty
    column would hold them together either). Something taller
    than an empty column is drawn anyway and its excess is reported. `icon`
    draws the `[token]` icons of the paragraphs (the game's table).
    """
    pages: list[list[Paint]] = [[]]
    boxes = list(columns_of(0))
    column = 0
    x, bottom, width, height = boxes[0]
    y = bottom + height
    too_tall = 0.0
    too_wide = 0.0

    def next_column() -> None:
        nonlocal column, boxes, x, bottom, width, height, y
        column += 1
        if column == len(boxes):
            pages.append([])
            boxes = list(columns_of(len(pages) - 1))
            column = 0
        x, bottom, width, height = boxes[column]
        y = bottom + height

    for index, item in enumerate(items):
        at_top = y >= bottom + height - 0.01
        gap = 0.0 if at_top else item.space_before
        if isinstance(item, Solid):
            too_wide = max(too_wide, item.laid.overflow_width)
            need = item.height + _kept_height(items, index)
            # A heading chain that no empty column holds with its follower's start would
            # only leave a column behind by moving: it stays, its follower breaks as it must.
            hopeless = item.keep_with_next and need > height + 0.01
            if y - gap - need < bottom - 0.01 and not at_top and not hopeless:
                next_column()
                gap, at_top = 0.0, True
            if at_top and item.header is not None:
                pages[-1].append(_paint_laid(item.header, x, y))
                y -= item.header.height
            pages[-1].append(_paint_solid(item, x, y - gap))
            y -= gap + item.height
            too_tall = max(too_tall, bottom - y)
            continue
        too_wide = max(too_wide, item.block.overflow_width)
        lines = item.block.lines
        start = 0
        while start < len(lines):
            room = y - gap - bottom
            fit = _lines_fitting(item.block, start, room)
            rest = len(lines) - start - fit
            if rest and rest < KEEP_LINES:
                fit = max(fit - (KEEP_LINES - rest), 0)
            first_part = start == 0
            if fit == 0 or (fit < KEEP_LINES and first_part and rest):
                if at_top:  # a column cannot hold even the least: place it and report
                    fit = max(fit, 1)
                else:
                    next_column()
                    gap, at_top = 0.0, True
                    continue
            stop = start + fit
            pages[-1].append(_paint_lines(item, start, stop, x, y - gap, icon))
            y -= gap + _height(item.block, start, stop)
            too_tall = max(too_tall, bottom - y)
            start = stop
            if start < len(lines):
                next_column()
                gap, at_top = 0.0, True
    return Paged(pages, max(too_tall, 0.0), max(too_wide, 0.0))


def _line_height(block: text.Fitted, line: tuple[text.Piece, ...]) -> float:
    """One line's height: an empty line is the gap between paragraphs."""
    return block.leading if line else block.leading * text.GAP


def _height(block: text.Fitted, start: int, stop: int) -> float:
    return sum(_line_height(block, line) for line in block.lines[start:stop])


def _lines_fitting(block: text.Fitted, start: int, room: float) -> int:
    """How many of the block's lines from `start` fit in `room` points."""
    used = 0.0
    count = 0
    for line in block.lines[start:]:
        used += _line_height(block, line)
        if used > room + 0.01:
            break
        count += 1
    return count
