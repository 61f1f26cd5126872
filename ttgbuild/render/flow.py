"""Dense reference pages: sections of prose, tables and figures flowed into columns.

A reference sheet is read at a glance, so all columns of a page share one
type size: the page takes the largest size (in text.STEP steps) at which
every section flows into its columns. Sections never break across columns,
so a heading always sits with its table or text. Once the size is chosen,
the sections are spread so the columns end as level as their order allows
(`balance`). When even the smallest size does not fit, the page is still
drawn and the caller gets the overflow to report (JT901), never a silently
clipped sheet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render import fonts, style, text

Box = tuple[float, float, float, float]  # x, y (bottom), width, height
LEADING = 1.15
PAD = 0.25  # table cell padding, in ems
BLOCK_GAP = 0.4  # space between the blocks of a section, in ems
SECTION_GAP = 0.9  # space between sections, in ems


@dataclass(frozen=True)
class Laid:
    """A block laid out at one size: how tall it is, what overflows, how to draw it."""

    height: float
    overflow_width: float
    paint: Callable[[Canvas, float, float], None]  # (canvas, x, top)


@dataclass(frozen=True)
class Picture:
    """A table cell holding a drawn icon (a square `scale` ems wide) instead of text."""

    draw: Callable[[Canvas, float, float, float], None]  # (canvas, x, y, side)
    scale: float = 1.4


Cell = Sequence[text.Span] | Picture


def _text_cell(
    spans: Sequence[text.Span], width: float, size: float, family: text.Family
) -> text.Fitted:
    return text.layout([spans], width, size, family, LEADING)


def _paint_block(
    canvas: Canvas,
    block: text.Fitted,
    x: float,
    top: float,
    family: text.Family,
    icon: text.IconDrawer,
    colour: Color,
    align: str = "left",
    width: float = 0.0,
) -> None:
    canvas.setFillColor(colour)
    text.draw(canvas, block, x, top, family, icon, align, width)


def _widest_line(block: text.Fitted) -> float:
    """The longest line of a laid-out block (laid out at width 0, its longest word)."""
    return max((line[-1].x + line[-1].width for line in block.lines if line), default=0.0)


@dataclass(frozen=True)
class Prose:
    """Paragraphs of running text; with `markers` (bullets, step numbers) a hanging indent."""

    paragraphs: Sequence[Sequence[text.Span]]
    markers: Sequence[str] = ()

    def layout(self, width: float, size: float, family: text.Family, icon: text.IconDrawer) -> Laid:
        indent = 0.0
        if self.markers:
            indent = max(fonts.width(m, family.bold, size) for m in self.markers) + 0.4 * size
        gap = 0.2 * size
        blocks = [_text_cell(p, width - indent, size, family) for p in self.paragraphs]
        height = sum(b.height for b in blocks) + gap * max(len(blocks) - 1, 0)

        def paint(canvas: Canvas, x: float, top: float) -> None:
            y = top
            for i, block in enumerate(blocks):
                if self.markers:
                    canvas.setFillColor(style.HEADER)
                    canvas.setFont(family.bold, size)
                    canvas.drawString(x, y - size * text.ASCENT, self.markers[i])
                _paint_block(canvas, block, x + indent, y, family, icon, style.INK)
                y -= block.height + gap

        return Laid(height, max((b.overflow_width for b in blocks), default=0.0), paint)


@dataclass(frozen=True)
class Column:
    """A table column: `weight` 0 is as wide as its text, else a share of the room left."""

    align: str = "left"  # "left" or "center"
    weight: float = 0.0


@dataclass(frozen=True)
class Table:
    """Rows of cells under an optional header row; cells wrap within their column."""

    columns: Sequence[Column]
    rows: Sequence[Sequence[Cell]]
    header: Sequence[Cell] = ()

    def _measure(self, index: int, size: float, family: text.Family) -> tuple[float, float, float]:
        """(longest word, widest body line, widest header line) of a column, padding included."""
        word = body = head = 0.0
        for row in [self.header, *self.rows] if self.header else self.rows:
            cell = row[index]
            if isinstance(cell, Picture):
                word, body = max(word, cell.scale * size), max(body, cell.scale * size)
                continue
            spans = [
                text.Span(s.text, s.bold or row is self.header, s.italic, s.icon) for s in cell
            ]
            word = max(word, _widest_line(_text_cell(spans, 0.0, size, family)))
            line = _widest_line(_text_cell(spans, 1e9, size, family))
            if row is self.header:
                head = max(head, line)
            else:
                body = max(body, line)
        pad = 2 * PAD * size
        return word + pad, body + pad, head + pad

    def widths(self, width: float, size: float, family: text.Family) -> list[float]:
        """Column widths: fixed columns as wide as their text, weighted ones share the rest.

        A fixed column keeps its header on one line when the table has room,
        else the header wraps. No column is narrower than its longest word,
        so a narrow weighted column takes room from the wider ones first.
        """
        measured = [self._measure(i, size, family) for i in range(len(self.columns))]
        weighted = [i for i, col in enumerate(self.columns) if col.weight > 0]
        least = {i: measured[i][0] for i in weighted}
        fixed = {
            i: max(measured[i][0], measured[i][1], measured[i][2])
            for i, col in enumerate(self.columns)
            if col.weight == 0
        }
        if sum(fixed.values()) + sum(least.values()) > width:
            fixed = {i: max(measured[i][0], measured[i][1]) for i in fixed}
        out = dict(fixed)
        free = list(weighted)
        while free:
            rest = max(width - sum(out.values()), 0.0)
            total = sum(self.columns[i].weight for i in free)
            short = [i for i in free if rest * self.columns[i].weight / total < least[i]]
            if not short:
                out.update({i: rest * self.columns[i].weight / total for i in free})
                break
            for i in short:
                out[i] = least[i]
                free.remove(i)
        return [out[i] for i in range(len(self.columns))]

    def _grid(
        self, width: float, size: float, family: text.Family
    ) -> tuple[list[float], float, list[tuple[bool, list[text.Fitted | Picture], float]]]:
        """(column widths, overflow width, rows: (is header, laid cells, height))."""
        widths = self.widths(width, size, family)
        pad = PAD * size
        over = max(sum(widths) - width, 0.0)
        grid: list[tuple[bool, list[text.Fitted | Picture], float]] = []
        for is_header, row in [(True, self.header)] * bool(self.header) + [
            (False, r) for r in self.rows
        ]:
            cells: list[text.Fitted | Picture] = []
            tallest = 0.0
            for cell, w in zip(row, widths, strict=True):
                if isinstance(cell, Picture):
                    cells.append(cell)
                    tallest = max(tallest, cell.scale * size)
                    continue
                spans = [text.Span(s.text, is_header or s.bold, s.italic, s.icon) for s in cell]
                fitted = _text_cell(spans, w - 2 * pad, size, family)
                over = max(over, fitted.overflow_width)
                cells.append(fitted)
                tallest = max(tallest, fitted.height)
            grid.append((is_header, cells, tallest + 2 * pad))
        return widths, over, grid

    def _paint_row(
        self,
        canvas: Canvas,
        row: tuple[bool, list[text.Fitted | Picture], float],
        number: int,
        widths: list[float],
        at: tuple[float, float, float],
        draw: tuple[text.Family, text.IconDrawer],
    ) -> None:
        """One row at (x, top, size): its stripe or header fill, then its cells."""
        x, y, size = at
        family, icon = draw
        pad = PAD * size
        is_header, cells, h = row
        fill = style.HEADER if is_header else (style.CARD_TINT if number % 2 else None)
        if fill is not None:
            canvas.setFillColor(fill)
            canvas.rect(x, y - h, sum(widths), h, stroke=0, fill=1)
        cx = x
        for cell, w, col in zip(cells, widths, self.columns, strict=True):
            if isinstance(cell, Picture):
                side = cell.scale * size * 0.9
                canvas.saveState()
                cell.draw(canvas, cx + pad, y - pad - side, side)
                canvas.restoreState()
            else:
                colour = style.PAPER if is_header else style.INK
                _paint_block(
                    canvas, cell, cx + pad, y - pad, family, icon, colour, col.align, w - 2 * pad
                )
            cx += w

    def layout(self, width: float, size: float, family: text.Family, icon: text.IconDrawer) -> Laid:
        widths, over, grid = self._grid(width, size, family)
        height = sum(h for _, _, h in grid)

        def paint(canvas: Canvas, x: float, top: float) -> None:
            y = top
            for number, row in enumerate(grid):
                self._paint_row(canvas, row, number, widths, (x, y, size), (family, icon))
                y -= row[2]
            _rule(canvas, x, y, sum(widths))

        return Laid(height, over, paint)

    def row_layouts(
        self, width: float, size: float, family: text.Family, icon: text.IconDrawer
    ) -> list[Laid]:
        """The table as one Laid per row (the header first), all with the same column
        widths and stripes as `layout`: a book breaks a long table between its rows."""
        widths, over, grid = self._grid(width, size, family)
        out = []
        for number, row in enumerate(grid):
            last = number == len(grid) - 1

            def paint(
                canvas: Canvas,
                x: float,
                top: float,
                row: Any = row,
                number: int = number,
                last: bool = last,
            ) -> None:
                self._paint_row(canvas, row, number, widths, (x, top, size), (family, icon))
                if last:
                    _rule(canvas, x, top - row[2], sum(widths))

            out.append(Laid(row[2], over, paint))
        return out


def _rule(canvas: Canvas, x: float, y: float, width: float) -> None:
    """The thin rule under a table."""
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(0.4)
    canvas.line(x, y, x + width, y)


@dataclass(frozen=True)
class Figure:
    """A drawing of fixed height filling the column's width (diagrams)."""

    height: float
    draw: Callable[[Canvas, float, float, float, float], None]  # (canvas, x, y, w, h)

    def layout(self, width: float, size: float, family: text.Family, icon: text.IconDrawer) -> Laid:
        del size, family, icon  # a drawing keeps its size whatever the text does

        def paint(canvas: Canvas, x: float, top: float) -> None:
            canvas.saveState()
            self.draw(canvas, x, top - self.height, width, self.height)
            canvas.restoreState()

        return Laid(self.height, 0.0, paint)


Block = Prose | Table | Figure


@dataclass(frozen=True)
class Section:
    """A heading band and its blocks: the unit that flows, never split between columns.

    `level` 2 is a subheading: only a book (render/booksheet.py) sets it apart;
    a one-page sheet has chapters only.
    """

    title: str
    blocks: Sequence[Block]
    level: int = 1
    where: str = ""  # file:line of the sheet file's section: where a book's JT901 points

    def layout(self, width: float, size: float, family: text.Family, icon: text.IconDrawer) -> Laid:
        title = _text_cell([text.Span(self.title, bold=True)], width - size, size * 1.1, family)
        band = title.height + size * 0.5  # a long title wraps and the band grows with it
        parts = [block.layout(width, size, family, icon) for block in self.blocks]
        gap = BLOCK_GAP * size
        height = band + sum(p.height + gap for p in parts)
        over = max([title.overflow_width] + [p.overflow_width for p in parts])

        def paint(canvas: Canvas, x: float, top: float) -> None:
            canvas.setFillColor(style.HEADER)
            canvas.rect(x, top - band, width, band, stroke=0, fill=1)
            _paint_block(
                canvas, title, x + size * 0.5, top - size * 0.35, family, icon, style.PAPER
            )
            y = top - band - gap
            for part in parts:
                part.paint(canvas, x, y)
                y -= part.height + gap

        return Laid(height, over, paint)


def every_text(sections: Sequence[Section]) -> list[list[text.Span]]:
    """Every run of text of sections (titles, prose, table cells), for the glyph check."""
    out: list[list[text.Span]] = [[text.Span(section.title, bold=True)] for section in sections]
    for section in sections:
        for block in section.blocks:
            if isinstance(block, Prose):
                out += [list(p) for p in block.paragraphs]
            elif isinstance(block, Table):
                for row in [block.header, *block.rows]:
                    out += [list(cell) for cell in row if not isinstance(cell, Picture)]
    return out


@dataclass(frozen=True)
class Flowed:
    """Sections placed in columns at one size, with what still overflows (points)."""

    size: float
    placed: list[tuple[Laid, float, float]]  # (section, x, top)
    overflow_height: float
    overflow_width: float

    @property
    def fits(self) -> bool:
        return self.overflow_height <= 0.01 and self.overflow_width <= 0.01

    def overflow_text(self) -> str:
        """How much too big, in words a user can act on (as text.Fitted says it)."""
        return text.Fitted(
            self.size, 0, (), self.overflow_height, self.overflow_width
        ).overflow_text()

    def paint(self, canvas: Canvas) -> None:
        for laid, x, top in self.placed:
            laid.paint(canvas, x, top)


def flow_at(
    sections: Sequence[Section],
    columns: Sequence[Box],
    size: float,
    family: text.Family,
    icon: text.IconDrawer,
) -> Flowed:
    """Fill the columns in order with whole sections; what is left goes in the last one."""
    placed: list[tuple[Laid, float, float]] = []
    index = 0
    x, bottom, width, height = columns[0]
    y = bottom + height
    lowest = 0.0
    too_wide = 0.0
    for section in sections:
        laid = section.layout(width, size, family, icon)
        starts_column = y == bottom + height
        if y - laid.height < bottom - 0.01 and not starts_column and index + 1 < len(columns):
            index += 1
            x, bottom, width, height = columns[index]
            y = bottom + height
            laid = section.layout(width, size, family, icon)  # columns may differ in width
        too_wide = max(too_wide, laid.overflow_width)
        placed.append((laid, x, y))
        y -= laid.height
        lowest = max(lowest, bottom - y)
        y -= SECTION_GAP * size
    return Flowed(size, placed, lowest, too_wide)


def flow(
    sections: Sequence[Section],
    columns: Sequence[Box],
    largest: float,
    smallest: float,
    icon: text.IconDrawer,
    family: text.Family = text.CONDENSED,
) -> Flowed:
    """The sections flowed at the largest size that fits, or at the smallest if none does.

    Sizes go in `text.STEP` steps. Each try lays out the whole page, so rather
    than stepping down from the top, the overflow at the largest size gives a
    first guess (text takes room with the square of its size) and the search
    steps up or down from there: two or three tries instead of up to fifteen.
    """
    steps = int((largest - smallest) / text.STEP + 1e-9)
    tried: dict[int, Flowed] = {}

    def at(step: int) -> Flowed:
        if step not in tried:
            tried[step] = flow_at(sections, columns, largest - step * text.STEP, family, icon)
        return tried[step]

    if at(0).fits or steps == 0:
        return balance(sections, columns, at(0), family, icon)
    room = sum(box[3] for box in columns)
    guess = largest * math.sqrt(room / (room + at(0).overflow_height))
    step = min(steps, max(1, math.ceil((largest - guess) / text.STEP - 1e-9)))
    if at(step).fits:
        while step > 1 and at(step - 1).fits:
            step -= 1
        return balance(sections, columns, at(step), family, icon)
    while step < steps and not at(step).fits:
        step += 1
    return balance(sections, columns, at(step), family, icon)


def balance(
    sections: Sequence[Section],
    columns: Sequence[Box],
    filled: Flowed,
    family: text.Family,
    icon: text.IconDrawer,
) -> Flowed:
    """The sections of a page that fits spread so that its fullest column is as short
    as it can be, at the size `filled` (the columns filled in order) chose.

    Filling in order leaves the last column empty when all fits in the first,
    or one column full to the foot beside a half-empty one; a sheet read at a
    glance reads better with its columns level. The size stays the one chosen
    (balancing never makes type smaller: whatever fits filled in order fits
    balanced), sections keep their order and stay whole, and a page that does
    not fit keeps the fill in order, whose overflow is what gets reported.
    Only a single page flows here: a rulebook, page after page, fills each
    page to the foot (render/paginate.py) and is not balanced.
    """
    if not filled.fits or len(columns) < 2 or not sections:
        return filled
    size = filled.size
    by_width: dict[float, list[Laid]] = {}  # equal columns lay each section out once
    for box in columns:
        if box[2] not in by_width:
            by_width[box[2]] = [s.layout(box[2], size, family, icon) for s in sections]
    laid = [by_width[box[2]] for box in columns]
    heights = [[part.height for part in column] for column in laid]
    parts = partition(heights, [box[3] for box in columns], SECTION_GAP * size)
    placed: list[tuple[Laid, float, float]] = []
    start = 0
    for index, (end, (x, bottom, _width, height)) in enumerate(zip(parts, columns, strict=True)):
        y = bottom + height
        for number in range(start, end):
            if laid[index][number].overflow_width > 0.01:
                return filled  # too wide for a narrower column than it fitted in: keep that
            placed.append((laid[index][number], x, y))
            y -= heights[index][number] + SECTION_GAP * size
        start = end
    return Flowed(size, placed, 0.0, 0.0)


def partition(heights: Sequence[Sequence[float]], rooms: Sequence[float], gap: float) -> list[int]:
    """Where each column's run of sections ends (`heights[c][s]`: section s in column c,
    `gap` between sections) so that the fullest column, as a share of its room
    (`rooms[c]`), is as low as it can be; among equal ones, earlier columns take more.

    A linear partition by dynamic programming: sections are few (tens) and
    columns two or three, so trying every split is instant.
    """
    count = len(heights[0])
    tolerance = 1e-6

    def fill(column: int, start: int, end: int) -> float:
        run = heights[column][start:end]
        return (sum(run) + gap * max(len(run) - 1, 0)) / rooms[column]

    # best[c][n]: the lowest fullest share with the first n sections in columns 0..c, and
    # where column c's run starts.
    best = [[(fill(0, 0, n), 0) for n in range(count + 1)]]
    for column in range(1, len(rooms)):
        row = []
        for n in range(count + 1):
            choice = (math.inf, 0)
            for start in range(n, -1, -1):  # latest start first: earlier columns take more
                worst = max(best[-1][start][0], fill(column, start, n))
                if worst < choice[0] - tolerance:
                    choice = (worst, start)
            row.append(choice)
        best.append(row)
    ends, n = [], count
    for column in range(len(rooms) - 1, -1, -1):
        ends.append(n)
        n = best[column][n][1]
    return ends[::-1]


def columns(box: Box, count: int, gutter: float = 4 * mm) -> list[Box]:
    """`count` equal columns across a box, `gutter` apart."""
    x, y, w, h = box
    width = (w - gutter * (count - 1)) / count
    return [(x + i * (width + gutter), y, width, h) for i in range(count)]
