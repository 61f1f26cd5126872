"""Sheets of paper: sizes, card imposition, crop marks, duplex backs and the 100 % ruler.

Cards sit edge to edge on shared cut lines with bleed around the cards only
(print.md: separate bleeds no longer fit Letter). A crop mark stands beyond
both ends of every cut, outside the bleed where the paper leaves room; home
printers cannot print the outer 4-7 mm of a sheet, so nothing that matters
comes nearer the edge than EDGE_CLEAR and no fill nearer than FILL_CLEAR.
Where the margin is too narrow for a mark outside the bleed (the top and
bottom of a Letter sheet of poker cards), the mark reaches into the bleed,
which is cut away, on a white halo that keeps it visible on any colour.
Back pages mirror columns (long-edge duplex) or rows (short-edge) so each
back lands behind its front.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.printing import Duplex, PrintSettings
from ttgbuild.render import fonts, style, text

EDGE_CLEAR = 5 * mm  # nothing that matters (marks, text, rulers) nearer the paper's edge
FILL_CLEAR = 4 * mm  # bleed fill may come this near: it is cut away, a white strip is harmless
MIN_MARGIN = FILL_CLEAR  # what the grid keeps free beyond its bleed
MARK_GAP = 1 * mm  # crop marks start this far beyond the bleed ...
MARK_LENGTH = 3 * mm  # ... and are this long where the paper leaves room
MARK_SHORTEST = 1.5 * mm  # a mark pulled in from the paper's edge is never shorter
TRIM_CLEAR = 1 * mm  # a mark reaching into the bleed stops this far from the cut
MARK_WIDTH = 0.25  # points
HALO_WIDTH = 1.2  # points: the white line under a mark
RULER = 50 * mm
RULER_LABEL_GAP = 1.2 * mm  # between the ruler's end and its label
FURNITURE_DEPTH = MARK_GAP + 2.6 * mm  # how far past the bleed the ruler and note reach


@dataclass(frozen=True)
class Grid:
    """A grid of equal cells centred on a page; row 0 is the top row.

    `occupied` holds the cells a page fills, (row, column); None means all.
    Bleed surrounds the occupied cells, and marks stand only at their cuts.
    """

    page: tuple[float, float]
    columns: int
    rows: int
    cell_width: float
    cell_height: float
    bleed: float
    occupied: frozenset[tuple[int, int]] | None = None

    def holding(self, cells: Iterable[tuple[int, int]]) -> Grid:
        """The same grid, with only `cells` filled."""
        return replace(self, occupied=frozenset(cells))

    def filled(self, row: int, column: int) -> bool:
        """Whether (row, column) is a cell of the grid that holds a card on this page."""
        inside = 0 <= row < self.rows and 0 <= column < self.columns
        return inside and (self.occupied is None or (row, column) in self.occupied)

    @property
    def left(self) -> float:
        return (self.page[0] - self.columns * self.cell_width) / 2

    @property
    def bottom(self) -> float:
        return (self.page[1] - self.rows * self.cell_height) / 2

    @property
    def top(self) -> float:
        return self.bottom + self.rows * self.cell_height

    @property
    def right(self) -> float:
        return self.left + self.columns * self.cell_width

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def cell(self, index: int) -> tuple[int, int]:
        """(row, column) of the index-th cell, filled row by row from the top left."""
        return divmod(index, self.columns)

    def origin(self, row: int, column: int) -> tuple[float, float]:
        """Lower-left corner of a cell's trim box."""
        return (self.left + column * self.cell_width, self.top - (row + 1) * self.cell_height)

    def back_cell(self, row: int, column: int, duplex: Duplex) -> tuple[int, int]:
        """Where the back of the card at (row, column) sits on the back page."""
        if duplex is Duplex.long:
            return row, self.columns - 1 - column
        return self.rows - 1 - row, column

    def bleed_box(
        self, row: int, column: int, extra: float = 0.0
    ) -> tuple[float, float, float, float]:
        """A cell's drawing area: its trim box, grown by the bleed on every edge it shares
        with no other filled cell (the grid's outer edges, and empty neighbours)."""
        x, y = self.origin(row, column)
        grow = self.bleed + extra
        x0 = x - (0 if self.filled(row, column - 1) else grow)
        y0 = y - (0 if self.filled(row + 1, column) else grow)
        x1 = x + self.cell_width + (0 if self.filled(row, column + 1) else grow)
        y1 = y + self.cell_height + (0 if self.filled(row - 1, column) else grow)
        return x0, y0, x1 - x0, y1 - y0

    def trim_area(self) -> tuple[float, float, float, float]:
        """The smallest rectangle around the filled cells: (x0, y0, x1, y1)."""
        cells = [(r, c) for r in range(self.rows) for c in range(self.columns) if self.filled(r, c)]
        rows = [r for r, _ in cells] or [0]
        columns = [c for _, c in cells] or [0]
        x0, y0 = self.origin(max(rows), min(columns))
        x1, y1 = self.origin(min(rows), max(columns))
        return x0, y0, x1 + self.cell_width, y1 + self.cell_height

    @property
    def furniture_side(self) -> str:
        """Where the ruler and the 100 % note go: the wider margin, "bottom" or "left"."""
        return "bottom" if self.bottom >= self.left else "left"

    def furniture_shift(self, offset: tuple[float, float]) -> float:
        """How far a back page moves its ruler and note towards the paper's edge (0 or less):
        as far as the back offset moves the backs that way, so their bleed stays whole, but
        never nearer the edge than EDGE_CLEAR (past that the backs' bleed there shrinks)."""
        dx, dy = offset
        shift, margin = (dy, self.bottom) if self.furniture_side == "bottom" else (dx, self.left)
        room = max(0.0, margin - self.bleed - FURNITURE_DEPTH - EDGE_CLEAR)
        return max(min(shift, 0.0), -room)

    def back_clip(
        self, offset: tuple[float, float] = (0.0, 0.0)
    ) -> tuple[float, float, float, float]:
        """What a back page may fill, (x0, y0, x1, y1): FILL_CLEAR inside the paper's edges,
        and on the side of the ruler and note nothing beyond the front's bleed, moved with
        the furniture (`furniture_shift`) when the back offset moves the backs towards it."""
        width, height = self.page
        x0, y0, x1, y1 = FILL_CLEAR, FILL_CLEAR, width - FILL_CLEAR, height - FILL_CLEAR
        shift = self.furniture_shift(offset)
        if self.furniture_side == "bottom":
            y0 = max(y0, self.bottom - self.bleed + shift)
        else:
            x0 = max(x0, self.left - self.bleed + shift)
        return x0, y0, x1, y1

    def cuts(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts."""
        xs = [self.left + i * self.cell_width for i in range(self.columns + 1)]
        ys = [self.bottom + j * self.cell_height for j in range(self.rows + 1)]
        return xs, ys


def card_grid(settings: PrintSettings) -> Grid:
    """As many cards as fit the paper with room for bleed and crop marks (3 by 3 for poker).

    Each margin keeps the bleed FILL_CLEAR from the paper's edge and room for a
    mark of at least MARK_SHORTEST between EDGE_CLEAR and the cut.
    """
    page_w, page_h = settings.page
    room = 2 * max(settings.bleed + MIN_MARGIN, EDGE_CLEAR + TRIM_CLEAR + MARK_SHORTEST)
    columns = int((page_w - room) // settings.card_width)
    rows = int((page_h - room) // settings.card_height)
    return Grid(
        settings.page, columns, rows, settings.card_width, settings.card_height, settings.bleed
    )


Line = tuple[float, float, float, float]


def mark_span(end: float, direction: int, paper: float, bleed: float) -> tuple[float, float]:
    """Where a mark runs along its cut beyond the cut's `end` (one axis, `direction` ±1).

    MARK_LENGTH long, MARK_GAP beyond the bleed; pulled in where that would
    come nearer the paper's edge (0 or `paper`) than EDGE_CLEAR, into the bleed
    but never nearer the cut than TRIM_CLEAR.
    """
    near = end + direction * (bleed + MARK_GAP)
    far = near + direction * MARK_LENGTH
    limit = paper - EDGE_CLEAR if direction > 0 else EDGE_CLEAR
    if direction * (far - limit) > 0:
        far = limit
        near = far - direction * MARK_LENGTH
        closest = end + direction * TRIM_CLEAR
        if direction * (near - closest) < 0:
            near = closest
    return near, far


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs of sorted whole numbers, as (first, last)."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def mark_lines(grid: Grid) -> list[Line]:
    """The crop marks of a grid's filled cells, (x0, y0, x1, y1): one beyond each end of
    every stretch of cut that runs along a filled cell, none where no card is cut."""
    width, height = grid.page
    lines: list[Line] = []
    xs, _ys = grid.cuts()
    for i, x in enumerate(xs):
        rows = [r for r in range(grid.rows) if grid.filled(r, i - 1) or grid.filled(r, i)]
        for first, last in _runs(rows):
            for end, direction in (
                (grid.top - first * grid.cell_height, 1),
                (grid.top - (last + 1) * grid.cell_height, -1),
            ):
                y0, y1 = mark_span(end, direction, height, grid.bleed)
                lines.append((x, y0, x, y1))
    for j in range(grid.rows + 1):
        y = grid.top - j * grid.cell_height
        columns = [c for c in range(grid.columns) if grid.filled(j - 1, c) or grid.filled(j, c)]
        for first, last in _runs(columns):
            for end, direction in (
                (grid.left + first * grid.cell_width, -1),
                (grid.left + (last + 1) * grid.cell_width, 1),
            ):
                x0, x1 = mark_span(end, direction, width, grid.bleed)
                lines.append((x0, y, x1, y))
    return lines


def crop_marks(canvas: Canvas, grid: Grid) -> None:
    """The grid's crop marks (`mark_lines`), each on a white halo so it shows on the bleed."""
    lines = mark_lines(grid)
    canvas.saveState()
    canvas.setLineCap(0)
    for colour, width in ((style.PAPER, HALO_WIDTH), (style.CUT, MARK_WIDTH)):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width)
        for line in lines:
            canvas.line(*line)
    canvas.restoreState()


def ruler(canvas: Canvas, x: float, y: float, label: str, size: float) -> None:
    """A 50 mm ruler with millimetre ticks, its left end at (x, y), and its label beside it."""
    canvas.saveState()
    canvas.setStrokeColor(style.INK)
    canvas.setLineWidth(0.3)
    canvas.line(x, y, x + RULER, y)
    for tick in range(51):
        height = 2.2 * mm if tick % 10 == 0 else (1.5 * mm if tick % 5 == 0 else 0.8 * mm)
        canvas.line(x + tick * mm, y, x + tick * mm, y + height)
    canvas.setFillColor(style.INK)
    canvas.setFont(fonts.REGULAR, size)
    canvas.drawString(x + RULER + RULER_LABEL_GAP, y + 0.3 * mm, label)
    canvas.restoreState()


def shrunk(value: str, font: str, largest: float, smallest: float, room: float) -> float:
    """The largest type size, in quarter points down to `smallest`, at which `value` fits `room`."""
    size = largest
    while size > smallest and fonts.width(value, font, size) > room:
        size -= text.STEP
    return size


@dataclass(frozen=True)
class Furniture:
    """What every page says about printing: the 100 % note and the ruler's label."""

    note: str
    ruler_label: str
    note_sizes: tuple[float, float]  # largest and smallest type sizes (boxes.PAGE_NOTE)
    ruler_sizes: tuple[float, float]  # the same for the label (boxes.RULER_LABEL)

    def _note(self, canvas: Canvas, x: float, room: float) -> None:
        size = shrunk(self.note, fonts.BOLD, *self.note_sizes, room)
        canvas.setFont(fonts.BOLD, size)
        canvas.setFillColor(style.INK)
        canvas.drawString(x, 0.3 * mm, self.note)

    def _note_place(self, gap: float, end: float) -> tuple[float, float]:
        """Where the note starts along the band, and its room: in the next gap between marks,
        or, where that gap runs off the paper (one large card a row), after the ruler's label
        in the first gap, whichever leaves more room. `end` is where the band's safe part
        ends (EDGE_CLEAR from the paper's edge)."""
        next_gap = min(gap - 8 * mm, end - gap)
        after_label = RULER + 12 * mm  # the ruler, its label (boxes.RULER_LABEL) and a space
        first_gap = gap - 6 * mm - after_label  # up to 2 mm before the next cut's mark
        if next_gap >= first_gap:
            return gap, next_gap
        return after_label, first_gap

    def _draw(
        self, canvas: Canvas, x: float, y: float, angle: float, gap: float, end: float
    ) -> None:
        """Ruler in the first gap of length `gap`, note in the next (or after the ruler),
        from (x, y) turned by angle, nothing beyond `end` along the band."""
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(angle)
        room = gap - RULER - RULER_LABEL_GAP
        ruler(
            canvas,
            0,
            0,
            self.ruler_label,
            shrunk(self.ruler_label, fonts.REGULAR, *self.ruler_sizes, room),
        )
        self._note(canvas, *self._note_place(gap, end))
        canvas.restoreState()

    def on_grid_sheet(
        self, canvas: Canvas, grid: Grid, offset: tuple[float, float] = (0.0, 0.0)
    ) -> None:
        """Put the furniture in the widest band around a card grid, between its crop marks.

        Below the grid when there is room (A4), else along the left side
        (Letter). Ruler and note sit in the gaps between marks, close to the
        bleed, away from the sheet edge that home printers cannot reach. A back
        page passes its back offset: the furniture makes way for the backs' bleed.
        """
        depth = FURNITURE_DEPTH
        width, height = grid.page
        shift = grid.furniture_shift(offset)
        if grid.furniture_side == "bottom":
            x = grid.left + 4 * mm
            y = grid.bottom - grid.bleed - depth + shift
            self._draw(canvas, x, y, 0, grid.cell_width, width - EDGE_CLEAR - x)
        else:
            x = grid.left - grid.bleed - depth + 2.6 * mm + shift
            y = grid.bottom + 4 * mm
            self._draw(canvas, x, y, 90, grid.cell_height, height - EDGE_CLEAR - y)

    def on_margin_sheet(self, canvas: Canvas, margin: float) -> None:
        """Along the bottom margin, for sheets without a card grid."""
        width = canvas._pagesize[0]
        self._draw(canvas, margin, margin - 6 * mm, 0, RULER + 12 * mm, width - EDGE_CLEAR - margin)


def pages(count: int, per_page: int) -> Iterator[range]:
    """Index ranges of items, one range per page."""
    for start in range(0, count, per_page):
        yield range(start, min(start + per_page, count))
