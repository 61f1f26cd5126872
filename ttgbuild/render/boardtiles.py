"""A data pack's board: tiled over home-printer pages with an assembly map, or its poster.

`board` draws one kit file of a `board:` kit entry (pack.yaml): the board
file (source/boardfile.py) tiled over the kit's paper, or, with `poster`,
on one print-shop sheet. Tiles overlap by more than any home printer's
unprintable margin; each is named by row letter and column number (B2) and
carries alignment marks at the middle of every strip it shares with a
neighbour, placed in the board's own coordinates, so the marks of two
neighbours fall on the same point of the board and meet when the tiles are
laid one on the other. The assembly map, first, shows which tile goes
where. The poster is one page the board's size with the frame's colour
running into the bleed round it (TrimBox: the board; BleedBox: the page).
Tiles and poster are gallery pieces named by their board ("stormhold B2"), so
two boards of one pack keep their own rows in `preview`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.origin import Origin
from ttgbuild.core.paths import display_path
from ttgbuild.geometry.cellgrid import Point
from ttgbuild.pack import Pack
from ttgbuild.render import fonts, style, text
from ttgbuild.render.boardgrid import Drawn, draw, resolve
from ttgbuild.render.context import Piece, RenderContext
from ttgbuild.render.layout import cutsheet
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.source.boardfile import SUFFIX, Board, BoardError, pack_boards, pack_theme
from ttgbuild.source.datafile import shown_from
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.records import kinds

MARGIN = 13 * mm  # page margin: printers cannot reach the outer 4-7 mm
OVERLAP = 12 * mm  # more than the 4-7 mm a home printer cannot reach
HEAD = 8 * mm  # a tile's name and gluing hint, inside the margin, above its window
MARK_RADIUS = 2.5 * mm  # an alignment mark's circle; its cross is 8 mm across
MARK_ARM = 4 * mm
MAP_TINT = HexColor("#b3261e")  # the assembly map's tile outlines and names


@dataclass(frozen=True)
class Tiling:
    """How a board splits into pages: page size, tile counts and the step between tiles."""

    page: Point
    columns: int
    rows: int
    step: Point

    @property
    def count(self) -> int:
        return self.columns * self.rows

    @property
    def window(self) -> Point:
        """The stretch of board each tile prints: a step and the overlap it shares."""
        return self.step[0] + OVERLAP, self.step[1] + OVERLAP

    def origin(self, row: int, column: int) -> Point:
        """Board position (x right, y down) of the tile's top-left printable corner."""
        return column * self.step[0], row * self.step[1]


def tile_name(row: int, column: int) -> str:
    """B2: the tile's row letter and column number."""
    return f"{chr(ord('A') + row)}{column + 1}"


def tiling(size: Point, paper: Point) -> Tiling:
    """The page orientation that needs the fewest tiles (landscape on a tie).

    The board is shared evenly between the tiles of a row (and of a column):
    a 284 mm board on two A4 pages is two halves, not a page and a sliver.
    """
    options = []
    for page in (landscape(paper), portrait(paper)):
        most = (page[0] - 2 * MARGIN - OVERLAP, page[1] - 2 * MARGIN - HEAD - OVERLAP)
        columns = max(1, math.ceil((size[0] - OVERLAP) / most[0]))
        rows = max(1, math.ceil((size[1] - OVERLAP) / most[1]))
        step = ((size[0] - OVERLAP) / columns, (size[1] - OVERLAP) / rows)
        options.append(Tiling(page, columns, rows, step))
    return min(options, key=lambda option: option.count)


def marks(tiles: Tiling, size: Point) -> list[Point]:
    """Every alignment mark, in board coordinates: two in the middle of each overlap strip
    two tiles share, a quarter and three quarters along the stretch of board they share."""
    del size  # the tiles cover the board exactly
    found = []
    window_w, window_h = tiles.window
    for column in range(1, tiles.columns):
        x = column * tiles.step[0] + OVERLAP / 2
        for row in range(tiles.rows):
            found += [(x, row * tiles.step[1] + window_h * share) for share in (0.25, 0.75)]
    for row in range(1, tiles.rows):
        y = row * tiles.step[1] + OVERLAP / 2
        for column in range(tiles.columns):
            found += [(column * tiles.step[0] + window_w * share, y) for share in (0.25, 0.75)]
    return found


def board(
    ctx: RenderContext, board: str, title: str, theme: Mapping[str, str], poster: bool = False
) -> bytes:
    """board.pdf: the assembly map, then every tile; with `poster`, the print-shop sheet.

    `board` is the board file's path, `title` the game's name (unused: the
    board file titles its PDF), `theme` the pack's colours.
    """
    del title
    found, names, origin = _found(ctx, Path(board))
    drawn = resolve(ctx, found, names, theme, origin)
    words = {key: _message(ctx, found, key) for key in ("tile", "glue", "map_title", "map_text")}
    heading = _message(ctx, found, "title")
    if poster:
        return _poster(ctx, drawn, heading, found.name)
    tiles = tiling(drawn.size, ctx.settings.page)
    canvas, buffer = new_canvas(tiles.page, heading, found.name, ctx.tr.locale)
    _assembly_map(ctx, canvas, drawn, tiles, words, origin)
    for row in range(tiles.rows):
        for column in range(tiles.columns):
            _tile(ctx, canvas, drawn, tiles, (row, column), words, (found.name, origin))
    return finish(canvas, buffer)


def check(ctx: RenderContext, pack: Pack, project: Path, path: Path) -> list[Diagnostic]:
    """The board file's sizes and colours evaluated with the content, as a build would;
    a file with problems of its own is left to `validate`, which reports them."""
    if pack_boards(pack, project)[0].get(path.name.removesuffix(SUFFIX)) is None:
        return []
    try:
        found, names, origin = _found(ctx, path)
        resolve(ctx, found, names, pack_theme(pack), origin)
    except BoardError as exc:
        return [exc.diagnostic]
    return []


def _found(ctx: RenderContext, path: Path) -> tuple[Board, dict[str, Any], Origin]:
    """The checked board file, the names its expressions see, and where it is shown."""
    if ctx.content_dir is None:
        raise ValueError("a data pack's board is drawn for a project (ctx.content_dir)")
    project = ctx.content_dir.parent
    pack = pack_of(project)
    found = pack_boards(pack, project)[0].get(path.name.removesuffix(SUFFIX))
    if found is None:  # the build validates first: a broken board file never gets here
        raise ValueError(f"{path} is not a valid board file")
    functions = pack.functions.load() if pack.functions else {}
    names = {**functions, **kinds(ctx.content)}
    shown = display_path(path.resolve(), shown_from(pack, path.parent, project))
    return found, names, Origin(shown)


def _message(ctx: RenderContext, board: Board, key: str) -> str:
    """A message of the board file (its title, or one of its `messages`), translated."""
    message = board.data["title"] if key == "title" else board.data["messages"][key]
    return ctx.tr.pgettext(message["context"], message["msg"])


def _poster(ctx: RenderContext, drawn: Drawn, heading: str, name: str) -> bytes:
    """One page the board's size plus its bleed, the frame's colour to the sheet's edge."""
    bleed = drawn.bleed
    width, height = drawn.size
    page = (width + 2 * bleed, height + 2 * bleed)
    canvas, buffer = new_canvas(page, heading, f"{name}-print-shop", ctx.tr.locale)
    canvas.setBleedBox((0, 0, *page))
    canvas.setTrimBox((bleed, bleed, bleed + width, bleed + height))
    canvas.setFillColor(drawn.colours["frame"])
    canvas.rect(0, 0, *page, stroke=0, fill=1)
    draw(canvas, drawn, bleed, bleed + height)
    piece = Piece("board", f"{name} print shop", ctx.place)
    ctx.place_item(canvas, piece, (bleed, bleed, width, height))
    canvas.showPage()
    return finish(canvas, buffer)


def _tile(
    ctx: RenderContext,
    canvas: Canvas,
    drawn: Drawn,
    tiles: Tiling,
    at: tuple[int, int],
    words: Mapping[str, str],
    source: tuple[str, Origin],
) -> None:
    """One page: its name and the gluing hint inside the printable area, below them its
    window on the board, cut lines where it lies over a neighbour, the alignment marks it
    shares, the furniture. `source` is the board's name and where its file is shown."""
    board_name, origin = source
    row, column = at
    page_w, page_h = tiles.page
    area_w = page_w - 2 * MARGIN
    window_w, window_h = tiles.window
    ox, oy = tiles.origin(row, column)
    window_top = page_h - MARGIN - HEAD
    left, top = MARGIN - ox, window_top + oy  # the board's top-left corner on the page
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(MARGIN, window_top - window_h, window_w, window_h)
    canvas.clipPath(clip, stroke=0, fill=0)
    draw(canvas, drawn, left, top)
    canvas.restoreState()
    # The sides that lie over a neighbour are cut along the solid line (cutsheet's
    # convention), so the overlap strip can lie on the neighbour's matching strip.
    canvas.saveState()
    cutsheet.cut_lines(canvas, 0.3)
    if column > 0:
        canvas.line(MARGIN, window_top, MARGIN, window_top - window_h)
    if row > 0:
        canvas.line(MARGIN, window_top, MARGIN + window_w, window_top)
    for bx, by in marks(tiles, drawn.size):
        if ox - 0.1 <= bx <= ox + window_w + 0.1 and oy - 0.1 <= by <= oy + window_h + 0.1:
            _mark(canvas, left + bx, top - by)
    canvas.restoreState()
    name = tile_name(row, column)
    heading = ctx.tr.fill(words["tile"], {"tile": name})
    band = (MARGIN + 1 * mm, page_h - MARGIN)  # the text's top, HEAD above the window
    half = area_w / 2 - 2 * mm
    where = (origin.at("messages", "tile"), "board tile", "heading")
    block = ctx.fit([[text.Span(heading, bold=True)]], half, HEAD - 2 * mm, 12, 7, text.SANS, where)
    canvas.setFillColor(style.INK)
    text.draw(canvas, block, band[0], band[1], text.SANS, ctx.icons.draw)
    where = (origin.at("messages", "glue"), "board tile", "hint")
    hint = ctx.fit([[text.Span(words["glue"])]], half, HEAD - 2 * mm, 8, 5.5, text.SANS, where)
    used = max((line[-1].x + line[-1].width for line in hint.lines if line), default=0.0)
    canvas.setFillColor(style.MUTED)
    text.draw(canvas, hint, page_w - MARGIN - 1 * mm - used, band[1], text.SANS, ctx.icons.draw)
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    ctx.place_item(canvas, Piece("tile", f"{board_name} {name}", ctx.place), (0, 0, *tiles.page))
    canvas.showPage()


def _mark(canvas: Canvas, x: float, y: float) -> None:
    """An alignment mark: a circle and a cross centred on the point both tiles share."""
    canvas.circle(x, y, MARK_RADIUS, stroke=1, fill=0)
    canvas.line(x - MARK_ARM, y, x + MARK_ARM, y)
    canvas.line(x, y - MARK_ARM, x, y + MARK_ARM)


def _assembly_map(
    ctx: RenderContext,
    canvas: Canvas,
    drawn: Drawn,
    tiles: Tiling,
    words: Mapping[str, str],
    origin: Origin,
) -> None:
    """The board small, every tile's outline and name over it, and how to join them."""
    page_w, page_h = tiles.page
    size = drawn.size
    area_w = page_w - 2 * MARGIN
    where = (origin.at("messages", "map_title"), "board assembly map", "title")
    title = ctx.fit(
        [[text.Span(words["map_title"], bold=True)]], area_w, 8 * mm, 16, 9, text.SANS, where
    )
    canvas.setFillColor(style.INK)
    text.draw(canvas, title, MARGIN, page_h - MARGIN, text.SANS, ctx.icons.draw)
    body = ctx.tr.fill(words["map_text"], {"count": ctx.tr.number(tiles.count)})
    where = (origin.at("messages", "map_text"), "board assembly map", "instructions")
    block = ctx.fit([[text.Span(body)]], area_w, 14 * mm, 10, 6.5, text.SANS, where)
    text.draw(canvas, block, MARGIN, page_h - MARGIN - 10 * mm, text.SANS, ctx.icons.draw)
    room = (area_w, page_h - 2 * MARGIN - 28 * mm)
    scale = min(room[0] / size[0], room[1] / size[1])
    left = (page_w - size[0] * scale) / 2
    top = page_h - MARGIN - 26 * mm
    canvas.saveState()
    canvas.translate(left, top)
    canvas.scale(scale, scale)
    draw(canvas, drawn, 0, 0)
    canvas.restoreState()
    canvas.setLineWidth(1.2)
    canvas.setStrokeColor(MAP_TINT)
    for row in range(tiles.rows):
        for column in range(tiles.columns):
            ox, oy = tiles.origin(row, column)
            w, h = tiles.window[0] * scale, tiles.window[1] * scale
            x, y = left + ox * scale, top - oy * scale
            canvas.rect(x, y - h, w, h, stroke=1, fill=0)
            _map_name(canvas, tile_name(row, column), (x + w / 2, y - h / 2))
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()


def _map_name(canvas: Canvas, name: str, centre: Point) -> None:
    """A tile's name on the map, on a paper plate so it reads over any cell."""
    x, y = centre
    size = 14
    width = fonts.width(name, fonts.BOLD, size) + 3 * mm
    canvas.setFillColor(style.PAPER)
    canvas.roundRect(x - width / 2, y - 3.2 * mm, width, 6.6 * mm, 1.2 * mm, stroke=0, fill=1)
    canvas.setFillColor(MAP_TINT)
    canvas.setFont(fonts.BOLD, size)
    canvas.drawCentredString(x, y - size * 0.35, name)
