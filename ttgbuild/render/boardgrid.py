"""A board file drawn: its frame, cells, marked cells, edge features and coordinates.

The board file (source/boardfile.py) is resolved once per file drawn: its
sizes and colours evaluated with the content, its labels translated and
fitted to a cell. The same resolved board is then drawn on every tile, on the
assembly map (scaled) and on the print-shop poster (render/boardtiles.py), so
a label's problem is reported once and every copy of the board is the same.

Each cell is drawn once however often the file names it: its fill is the last
mark's that gives a fill, its symbol and label the last mark's that gives
either (never two marks' printed over each other), and an edge named twice is
one line. So drawing a copy costs at most the grid's cells and edges.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.geometry.cellgrid import Cell, CellGrid, Point
from ttgbuild.render import fonts, shapes, text
from ttgbuild.render.context import RenderContext
from ttgbuild.source.boardfile import (
    HEX_COLOUR,
    Board,
    BoardError,
    board_size_problem,
    cell_of,
    cells_named,
    evaluated_size,
)
from ttgbuild.source.expressions import ExpressionError, compile_expression

DEFAULTS = {"cell": "paper", "line": "ink", "frame": "header", "coordinates": "paper"}
SYMBOL = 0.5  # a symbol's size, of a cell's width
LABEL_WIDTH = 0.86  # a label's room, of a cell's width (a hex's flats)
LABEL_HEIGHT = 0.3  # a label's room, of a cell's height: two short lines at most
EDGE_WIDTH = 2.0  # pt, an edge feature's default line


@dataclass(frozen=True)
class Mark:
    """A marking's symbol and fitted label, resolved once for every cell that prints it."""

    symbol: str | None
    symbol_colour: Color
    label: text.Fitted | None
    label_colour: Color


@dataclass(frozen=True)
class Drawn:
    """A board ready to draw, in points: its grid, frame, colours, each cell's fill and
    marking, and its edges."""

    grid: CellGrid
    frame: float
    bleed: float  # round the print-shop poster
    line_width: float
    coordinates: bool
    colours: Mapping[str, Color]
    fills: Mapping[Cell, Color]  # the marked cells' fills; the others are colours["cell"]
    marked: tuple[tuple[Cell, Mark], ...]  # each cell with a symbol or label, once
    edges: tuple[tuple[Point, Point, Color, float], ...]
    numbers: tuple[str, ...]  # the row numbers in the locale's digits

    @property
    def size(self) -> Point:
        """The whole board, frame included."""
        width, height = self.grid.size()
        return width + 2 * self.frame, height + 2 * self.frame


def resolve(
    ctx: RenderContext,
    board: Board,
    names: Mapping[str, Any],
    theme: Mapping[str, str],
    origin: Origin,
) -> Drawn:
    """The board's sizes and colours with the content's `names`, its labels translated and
    fitted; BoardError (located at the board file) if a size or colour fails."""
    fonts.register()  # labels are fitted before any canvas exists (datakit's check)
    cell = evaluated_size(board, "cell", names)
    frame = evaluated_size(board, "frame", names)
    problem = board_size_problem(board, cell, frame)
    if problem is not None:
        raise BoardError(problem)
    grid = board.grid(cell * mm)
    known = board.colours(theme)
    seen = {**names, "theme": known}

    def colour(owner: Mapping[str, Any], key: str, default: str) -> Color:
        value = owner.get(key, default)
        if board.is_colour_expression(value, theme):
            try:
                value = compile_expression(value).evaluate(seen)
            except ExpressionError as exc:
                raise BoardError(board.problem("JT086", owner, str(exc), key)) from None
        if isinstance(value, str) and value in known:
            return HexColor(known[value])
        if isinstance(value, str) and HEX_COLOUR.match(value):
            return HexColor(value)
        message = f"{owner.get(key)!r} gives {value!r}, no colour of the board's themes"
        raise BoardError(board.problem("JT088", owner, message, key))

    own = board.data.get("colours", {})
    colours = {key: colour(own, key, default) for key, default in DEFAULTS.items()}
    fills: dict[Cell, Color] = {}
    marked: dict[Cell, Mark] = {}
    for mark in board.data.get("marks", []):
        cells = cells_named(mark["cells"])
        if "fill" in mark:
            fills.update(dict.fromkeys(cells, colour(mark, "fill", "paper")))
        if "symbol" in mark or "label" in mark:
            marked.update(dict.fromkeys(cells, _mark(ctx, board, grid, mark, colour, origin)))
    edges: dict[tuple[Point, Point], tuple[Color, float]] = {}  # a line drawn twice is one
    for edge in board.data.get("edges", []):
        ink = colour(edge, "colour", "ink")
        width = float(edge.get("width", EDGE_WIDTH))
        if "between" in edge:
            a, b = (cell_of(ref) for ref in edge["between"])
            found = grid.shared_edge(a, b)
            if found is not None:
                edges[found] = (ink, width)
            continue
        for cell in cells_named(edge["cells"]):
            edges[grid.side(cell, edge["side"])] = (ink, width)
    return Drawn(
        grid,
        frame * mm,
        float(board.data.get("bleed", 3)) * mm,
        float(board.data.get("line_width", 0.6)),
        bool(board.data.get("coordinates", True)),
        colours,
        fills,
        tuple(marked.items()),
        tuple((*line, ink, width) for line, (ink, width) in edges.items()),
        tuple(ctx.tr.number(row + 1) for row in range(board.rows)),
    )


def _mark(
    ctx: RenderContext,
    board: Board,
    grid: CellGrid,
    mark: Mapping[str, Any],
    colour: Any,
    origin: Origin,
) -> Mark:
    """One marking resolved: its label translated and fitted to a cell, once for every copy."""
    label = None
    if "label" in mark:
        message = mark["label"]
        words = ctx.tr.pgettext(message["context"], message["msg"])
        width, height = grid.cell * LABEL_WIDTH, grid.cell * LABEL_HEIGHT
        largest = max(5.0, min(11.0, grid.cell / mm * 0.4))
        where = (origin.at(*board.pointer(mark).strip("/").split("/")), "board", "label")
        label = ctx.fit(
            [[text.Span(words, bold=True)]], width, height, largest, 4, text.CONDENSED, where
        )
    return Mark(
        mark.get("symbol"),
        colour(mark, "symbol_colour", "ink"),
        label,
        colour(mark, "label_colour", "ink"),
    )


def draw(canvas: Canvas, drawn: Drawn, left: float, top: float) -> None:
    """The whole board with its frame; (left, top) is the frame's top-left corner on the page."""
    width, height = drawn.size
    grid = drawn.grid

    def at(point: Point) -> Point:
        return left + drawn.frame + point[0], top - drawn.frame - point[1]

    canvas.saveState()
    canvas.setFillColor(drawn.colours["frame"])
    canvas.rect(left, top - height, width, height, stroke=0, fill=1)
    for row in range(grid.rows):
        for column in range(grid.columns):
            fill = drawn.fills.get((column, row), drawn.colours["cell"])
            _cell(canvas, grid, (column, row), at, fill, drawn)
    canvas.setLineCap(1)  # round: edge features meet cleanly at corners
    for start, end, ink, line in drawn.edges:
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(line)
        canvas.line(*at(start), *at(end))
    for cell, mark in drawn.marked:
        _mark_in_cell(canvas, grid, mark, at(grid.centre(cell)))
    if drawn.coordinates:
        _coordinates(canvas, drawn, at, (left, top, width, height))
    canvas.restoreState()


def _cell(
    canvas: Canvas, grid: CellGrid, cell: tuple[int, int], at: Any, fill: Color, drawn: Drawn
) -> None:
    """One cell: a rectangle for a square (one path, its corners exact), else a hexagon."""
    if grid.shape == "square":
        x, y = at(grid.corners(cell)[3])  # the bottom-left corner on the page
        canvas.setFillColor(fill)
        canvas.setStrokeColor(drawn.colours["line"])
        canvas.setLineWidth(drawn.line_width)
        canvas.rect(x, y, grid.cell, grid.cell, stroke=1 if drawn.line_width else 0, fill=1)
        return
    corners = [at(point) for point in grid.corners(cell)]
    line = drawn.colours["line"] if drawn.line_width else None
    shapes.polygon(canvas, corners, fill, line, drawn.line_width)


def _mark_in_cell(canvas: Canvas, grid: CellGrid, mark: Mark, centre: Point) -> None:
    """A marking's symbol and label in one cell: the symbol above the label when both print."""
    cx, cy = centre
    size = grid.cell * SYMBOL
    if mark.symbol is not None:
        sy = cy + (grid.cell * 0.12 if mark.label is not None else 0)
        _symbol(canvas, mark.symbol, mark.symbol_colour, (cx, sy), size)
    if mark.label is not None:
        block = mark.label
        box = grid.cell * LABEL_WIDTH
        lines = len(block.lines)
        height = block.size + (lines - 1) * block.leading
        top = cy + height / 2 if mark.symbol is None else cy - grid.cell * 0.17
        canvas.setFillColor(mark.label_colour)
        text.draw(canvas, block, cx - box / 2, top, text.CONDENSED, _no_icon, "center", box)


def _no_icon(*_args: Any) -> None:
    """A board label prints no `[token]` icons: its words are the board file's own."""


def _symbol(canvas: Canvas, symbol: str, ink: Color, centre: Point, size: float) -> None:
    cx, cy = centre
    half = size / 2
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(max(1.0, size / 14))
    if symbol == "circle":
        canvas.circle(cx, cy, half, stroke=0, fill=1)
    elif symbol == "ring":
        canvas.circle(cx, cy, half * 0.85, stroke=1, fill=0)
    elif symbol == "square":
        canvas.rect(cx - half * 0.8, cy - half * 0.8, half * 1.6, half * 1.6, stroke=0, fill=1)
    elif symbol == "diamond":
        points = [(cx, cy + half), (cx + half, cy), (cx, cy - half), (cx - half, cy)]
        shapes.polygon(canvas, points, ink, None)
    else:  # cross
        canvas.line(cx - half, cy - half, cx + half, cy + half)
        canvas.line(cx - half, cy + half, cx + half, cy - half)
    canvas.restoreState()


def _coordinates(
    canvas: Canvas, drawn: Drawn, at: Any, frame: tuple[float, float, float, float]
) -> None:
    """Column letters above and below the grid, row numbers left and right, in the frame.

    Each band's labels line up with the cells next to it: on hexes the first and last
    columns (flat) or rows (pointy) may be offset by half a cell from each other."""
    left, top, width, height = frame
    band = drawn.frame
    if band < 3 * mm:
        return  # no room: the frame is a thin border
    size = min(9.0, band * 0.45)
    grid = drawn.grid
    canvas.setFillColor(drawn.colours["coordinates"])
    canvas.setFont(fonts.CONDENSED_BOLD, size)
    lift = size * 0.35  # from a line's middle to its baseline
    for column in range(grid.columns):
        letter = chr(ord("A") + column)
        above, _ = at(grid.centre((column, 0)))
        below, _ = at(grid.centre((column, grid.rows - 1)))
        canvas.drawCentredString(above, top - band / 2 - lift, letter)
        canvas.drawCentredString(below, top - height + band / 2 - lift, letter)
    for row in range(grid.rows):
        number = drawn.numbers[row]
        _, first = at(grid.centre((0, row)))
        _, last = at(grid.centre((grid.columns - 1, row)))
        canvas.drawCentredString(left + band / 2, first - lift, number)
        canvas.drawCentredString(left + width - band / 2, last - lift, number)
