"""Sheets of paper: sizes, card imposition, crop marks, duplex backs and the 100 % ruler.

Cards sit edge to edge on shared cut lines with bleed around the whole grid
only (print.md: separate bleeds no longer fit Letter). Crop marks sit outside
the bleed, in line with every cut. Back pages mirror columns (long-edge
duplex) or rows (short-edge) so each back lands behind its front.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.printing import Duplex, PrintSettings
from ttgbuild.render import fonts, style, text

MIN_MARGIN = 4 * mm  # what the grid keeps free beyond its bleed, for the crop marks
MARK_GAP = 1 * mm  # crop marks start this far beyond the bleed ...
MARK_LENGTH = 3 * mm  # ... and are this long
RULER = 50 * mm
RULER_LABEL_GAP = 1.2 * mm  # between the ruler's end and its label


@dataclass(frozen=True)
class Grid:
    """A grid of equal cells centred on a page; row 0 is the top row."""

    page: tuple[float, float]
    columns: int
    rows: int
    cell_width: float
    cell_height: float
    bleed: float

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
        """A cell's drawing area: its trim box, grown by the bleed on the grid's outer edges."""
        x, y = self.origin(row, column)
        grow = self.bleed + extra
        x0 = x - (grow if column == 0 else 0)
        y0 = y - (grow if row == self.rows - 1 else 0)
        x1 = x + self.cell_width + (grow if column == self.columns - 1 else 0)
        y1 = y + self.cell_height + (grow if row == 0 else 0)
        return x0, y0, x1 - x0, y1 - y0

    def cuts(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts."""
        xs = [self.left + i * self.cell_width for i in range(self.columns + 1)]
        ys = [self.bottom + j * self.cell_height for j in range(self.rows + 1)]
        return xs, ys


def card_grid(settings: PrintSettings) -> Grid:
    """As many cards as fit the paper with room for bleed and crop marks (3 by 3 for poker)."""
    page_w, page_h = settings.page
    room = 2 * (settings.bleed + MIN_MARGIN)
    columns = int((page_w - room) // settings.card_width)
    rows = int((page_h - room) // settings.card_height)
    return Grid(
        settings.page, columns, rows, settings.card_width, settings.card_height, settings.bleed
    )


def crop_marks(canvas: Canvas, grid: Grid) -> None:
    """A short line outside the bleed in line with every cut, on all four sides."""
    canvas.saveState()
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(0.25)
    xs, ys = grid.cuts()
    start = grid.bleed + MARK_GAP
    for x in xs:
        canvas.line(x, grid.top + start, x, grid.top + start + MARK_LENGTH)
        canvas.line(x, grid.bottom - start, x, grid.bottom - start - MARK_LENGTH)
    for y in ys:
        canvas.line(grid.left - start, y, grid.left - start - MARK_LENGTH, y)
        canvas.line(grid.right + start, y, grid.right + start + MARK_LENGTH, y)
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

    def _draw(self, canvas: Canvas, x: float, y: float, angle: float, gap: float) -> None:
        """Ruler in the first gap of length `gap`, note in the next, from (x, y) turned by angle."""
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
        self._note(canvas, gap, gap - 8 * mm)
        canvas.restoreState()

    def on_grid_sheet(self, canvas: Canvas, grid: Grid) -> None:
        """Put the furniture in the widest band around a card grid, between its crop marks.

        Below the grid when there is room (A4), else along the left side
        (Letter). Ruler and note sit in the gaps between marks, close to the
        bleed, away from the sheet edge that home printers cannot reach.
        """
        depth = MARK_GAP + 2.6 * mm
        if grid.bottom >= grid.left:
            self._draw(
                canvas, grid.left + 4 * mm, grid.bottom - grid.bleed - depth, 0, grid.cell_width
            )
        else:
            self._draw(
                canvas,
                grid.left - grid.bleed - depth + 2.6 * mm,
                grid.bottom + 4 * mm,
                90,
                grid.cell_height,
            )

    def on_margin_sheet(self, canvas: Canvas, margin: float) -> None:
        """Along the bottom margin, for sheets without a card grid."""
        self._draw(canvas, margin, margin - 6 * mm, 0, RULER + 12 * mm)


def pages(count: int, per_page: int) -> Iterator[range]:
    """Index ranges of items, one range per page."""
    for start in range(0, count, per_page):
        yield range(start, min(start + per_page, count))
