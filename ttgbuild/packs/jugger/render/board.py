"""board.pdf: the hex field tiled across home-printer pages, an assembly map and a player
mat per player; board-print-shop.pdf: the whole field on one poster sheet for a print shop.

Tiles overlap by more than any home printer's unprintable margin; each tile
is labelled (row letter, column number) and carries alignment crosses where
it overlaps its neighbours. The print shop's file is a standard poster size
(ISO A for an A4 kit, US sizes for a Letter kit), the smallest that holds
the field at 100 % (its hexes must match the bases), the frame's colour
running to the edge of the sheet and into the bleed, with TrimBox and
BleedBox set so the shop knows where to cut.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet, fonts, shapes, style
from ttgbuild.packapi.drawing import Paper, Piece, RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import RULER
from ttgbuild.packapi.hexgrid import HexLayout, neighbours
from ttgbuild.packapi.layouts import Pieces
from ttgbuild.packapi.poster import smallest
from ttgbuild.packs.jugger.model import Board
from ttgbuild.packs.jugger.render import boxes, icons, layouts, theme
from ttgbuild.packs.jugger.render.labels import sheet_label
from ttgbuild.packs.jugger.render.tiling import (
    FRAME,
    MARGIN,
    OVERLAP,
    Tiling,
    board_size,
    tiling,
)

ZONE_TINT: dict[str, Color] = {"red": HexColor("#f0c9c4"), "blue": HexColor("#c8d6ee")}
MAT_EDGE = 8 * mm  # a mat's side and top margins: clear of what home printers cannot reach
MAT_GAP = 3 * mm  # between card slots
MAT_TITLE = 8 * mm  # the band above the slots that names the mat's team
MAT_SMALLEST = 0.6  # slots shrink to at most this share of a large card to fit one page


def tile_name(row: int, column: int) -> str:
    return f"{chr(ord('A') + row)}{column + 1}"


def render(ctx: RenderContext) -> bytes:
    board = ctx.content.board
    tr = ctx.tr
    assert board is not None
    size = board_size(board)
    tiles = tiling(size, ctx.settings.page)
    canvas, buffer = new_canvas(
        tiles.page, sheet_label(tr, "document_title", "board"), "board", tr.locale
    )
    pieces = layouts.pieces(ctx, canvas, "board")
    goal = pieces.message("goal")
    ctx.progress("board: tiles")
    _assembly_map(ctx, pieces, canvas, board, size, tiles, goal)
    for row in range(tiles.rows):
        for column in range(tiles.columns):
            _tile(ctx, pieces, canvas, board, tiles, (row, column), goal)
    ctx.progress("board: player mats")
    mat_page = landscape(ctx.settings.page)
    canvas.setPageSize(mat_page)
    canvas.setTrimBox((0, 0, *mat_page))  # a mat is the whole sheet, as the tiles' pages are
    canvas.setBleedBox((0, 0, *mat_page))
    for side in board.goals:  # one mat per team, in content's order
        _mat(ctx, pieces, canvas, side)
    return finish(canvas, buffer)


def poster(size: tuple[float, float], paper: Paper) -> tuple[str, tuple[float, float]]:
    """The smallest standard poster of the kit's paper family that holds `size` (points)."""
    return smallest(size, paper, MARGIN)


def render_print_shop(ctx: RenderContext) -> bytes:
    """board-print-shop.pdf: one poster page, the field centred at 100 %, bleed all round."""
    board = ctx.content.board
    tr = ctx.tr
    assert board is not None
    size = board_size(board)
    _name, trim = poster(size, ctx.settings.paper)
    title = sheet_label(tr, "document_title", "board")
    canvas, buffer = new_canvas(trim, title, "board-print-shop", tr.locale)
    pieces = layouts.pieces(ctx, canvas, "board")
    bleed = pieces.setting("print_shop_bleed") * mm
    page = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    canvas.setPageSize(page)
    canvas.setBleedBox((0, 0, *page))
    canvas.setTrimBox((bleed, bleed, bleed + trim[0], bleed + trim[1]))
    ctx.progress("board: print-shop sheet")
    canvas.setFillColor(style.HEADER)  # the frame's colour, to the sheet's edge and beyond
    canvas.rect(0, 0, *page, stroke=0, fill=1)
    left, top = (page[0] - size[0]) / 2, (page[1] + size[1]) / 2
    _draw_board(ctx, canvas, board, left, top, pieces.message("goal"))
    ctx.place_item(canvas, Piece("tile", "print shop", board.origin), (left, top - size[1], *size))
    canvas.translate(bleed, bleed)  # the furniture on a paper label inside the trim
    canvas.setFillColor(style.PAPER)
    plate = 2 * (RULER + 12 * mm) - 2 * mm  # the ruler's room and the note's (sheet.py)
    canvas.roundRect(MARGIN - 3 * mm, MARGIN - 8 * mm, plate, 7 * mm, 1.5 * mm, stroke=0, fill=1)
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()
    return finish(canvas, buffer)


def _draw_board(
    ctx: RenderContext, canvas: Canvas, board: Board, left: float, top: float, goal: str
) -> None:
    """The whole field with its frame; (left, top) is the frame's top-left corner on the page.

    `goal` is the word printed on each goal circle.
    """
    tr = ctx.tr
    layout = HexLayout(boxes.HEX_ACROSS / math.sqrt(3))
    width, height = board_size(board)
    canvas.saveState()
    canvas.setFillColor(style.HEADER)
    canvas.rect(left, top - height, width, height, stroke=0, fill=1)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return left + FRAME + point[0], top - FRAME - point[1]

    zones = {hex_: side for side, area in board.start_zones.items() for hex_ in area.hexes()}
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(theme.HEX_LINE)
    for column in range(board.columns):
        for row in range(board.rows):
            corners = [at(p) for p in layout.corners(column, row)]
            side = zones.get((column, row))
            fill = ZONE_TINT.get(side, theme.PITCH) if side else theme.PITCH
            shapes.polygon(canvas, corners, fill, theme.HEX_LINE, 0.6)
    # Base lines: where a start zone meets the rest of the field.
    canvas.setLineWidth(2.4)
    canvas.setStrokeColor(style.PAPER)
    for (column, row), side in zones.items():
        for other in neighbours((column, row)):
            if board.contains(other) and zones.get(other) != side:
                edge = layout.shared_edge((column, row), other)
                if edge:
                    canvas.line(*at(edge[0]), *at(edge[1]))
    # Corner lines of the European variant: solid (dashed is the kit's fold line), a dot
    # on each hex they cross, as the rules say a hero on such a hex is out of bounds.
    canvas.setLineWidth(1.6)
    canvas.setStrokeColor(style.INK)
    canvas.setFillColor(style.INK)
    for line in board.corner_lines:
        points = [at(layout.centre(*hex_)) for hex_ in line]
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)
        for x, y in points:
            canvas.circle(x, y, 1.2 * mm, stroke=0, fill=1)
    # Goals and the centre point.
    radius = boxes.GOAL_RADIUS
    for side, hex_ in board.goals.items():
        cx, cy = at(layout.centre(*hex_))
        canvas.setFillColor(theme.TEAM_COLOURS.get(side, style.INK))
        canvas.setStrokeColor(style.PAPER)
        canvas.setLineWidth(1.5)
        canvas.circle(cx, cy, radius, stroke=1, fill=1)
        _goal_label(ctx, canvas, board, goal, cx, cy - 1.2 * mm)
    cx, cy = at(layout.centre(*board.centre))
    canvas.setFillColor(style.PAPER)
    canvas.circle(cx, cy, radius * 0.75, stroke=0, fill=1)
    icons.jugg(canvas, cx - radius * 0.5, cy - radius * 0.5, radius)
    # Coordinates on the frame so a lost piece can be put back.
    canvas.setFillColor(style.PAPER)
    canvas.setFont(fonts.CONDENSED, 6)
    for column in range(board.columns):
        x, _ = at(layout.centre(column, 0))
        canvas.drawCentredString(x, top - FRAME * 0.65, tr.number(column + 1))
        canvas.drawCentredString(x, top - height + FRAME * 0.35, tr.number(column + 1))
    canvas.restoreState()


def _goal_label(
    ctx: RenderContext, canvas: Canvas, board: Board, value: str, cx: float, baseline: float
) -> None:
    """The word on a goal circle, centred on `cx`, its first baseline at `baseline`."""
    box = boxes.GOAL
    width = box.across()
    corner = (cx - width / 2, box.bottom(baseline))
    where = (board.origin.at("goals"), "board", "goal")
    ctx.label(canvas, value, box, corner, width, where, style.PAPER, "center")


def _tile(
    ctx: RenderContext,
    pieces: Pieces,
    canvas: Canvas,
    board: Board,
    tiles: Tiling,
    at: tuple[int, int],
    goal: str,
) -> None:
    """One page: its window on the board, overlap shading, crosses, its name and the ruler."""
    row, column = at
    page_w, page_h = tiles.page
    ox, oy = tiles.origin(row, column)
    area_w, area_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(MARGIN, MARGIN, area_w, area_h)
    canvas.clipPath(clip, stroke=0, fill=0)
    _draw_board(ctx, canvas, board, MARGIN - ox, page_h - MARGIN + oy, goal)
    canvas.restoreState()
    # On sides that lie over a neighbour, the white margin is cut off along the
    # solid cut line (cutsheet's convention), so the overlap strip can lie on the
    # neighbour's matching strip.
    canvas.saveState()
    cutsheet.cut_lines(canvas, 0.3)
    if column > 0:
        canvas.line(MARGIN, MARGIN, MARGIN, page_h - MARGIN)
    if row > 0:
        canvas.line(MARGIN, page_h - MARGIN, page_w - MARGIN, page_h - MARGIN)
    for x in _cross_positions(column, tiles.columns, MARGIN, area_w):
        for y in _cross_positions(row, tiles.rows, MARGIN, area_h, flip=page_h):
            _cross(canvas, x, y)
    canvas.restoreState()
    _tile_texts(ctx, pieces, board, canvas, tiles, at)
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    ctx.place_item(canvas, Piece("tile", tile_name(row, column), board.origin), (0, 0, *tiles.page))
    canvas.showPage()


def _tile_texts(
    ctx: RenderContext,
    pieces: Pieces,
    board: Board,
    canvas: Canvas,
    tiles: Tiling,
    at: tuple[int, int],
) -> None:
    """The tile's heading at the top left and the gluing hint at the top right, tops aligned.

    Each has its own box, and the two boxes side by side fit the narrowest
    tile page, so a long translation is reported instead of running into the other.
    """
    row, column = at
    page_w, page_h = tiles.page
    top = page_h - MARGIN + 6.5 * mm
    heading = pieces.message(
        "tile-heading", tile=tile_name(row, column), row=chr(ord("A") + row), column=column + 1
    )
    box = boxes.TILE_HEADING
    where = (board.origin, "board tile", "heading")
    ctx.label(canvas, heading, box, (MARGIN, top - box.height), box.across(), where)
    hint = pieces.message("tile-hint")
    box = boxes.TILE_HINT
    corner = (page_w - MARGIN - box.across(), top - box.height)
    where = (board.origin, "board tile", "hint")
    ctx.label(canvas, hint, box, corner, box.across(), where, align="right")


def _cross_positions(
    index: int, count: int, start: float, length: float, flip: float = 0
) -> list[float]:
    """Centres of the overlap strips this tile shares with its neighbours along one axis."""
    spots = []
    if index > 0:
        spots.append(start + OVERLAP / 2)
    if index < count - 1:
        spots.append(start + length - OVERLAP / 2)
    return [flip - s for s in spots] if flip else spots


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(0.3)
    canvas.circle(x, y, 2.5 * mm, stroke=1, fill=0)
    canvas.line(x - 4 * mm, y, x + 4 * mm, y)
    canvas.line(x, y - 4 * mm, x, y + 4 * mm)


def _assembly_map(
    ctx: RenderContext,
    pieces: Pieces,
    canvas: Canvas,
    board: Board,
    size: tuple[float, float],
    tiles: Tiling,
    goal: str,
) -> None:
    """A small drawing of the board with every tile's outline and name, to lay them out."""
    page_w, page_h = tiles.page
    scale = min((page_w - 2 * MARGIN) / size[0], (page_h - 2 * MARGIN - 30 * mm) / size[1])
    left = (page_w - size[0] * scale) / 2
    top = page_h - MARGIN - 22 * mm
    title = boxes.MAP_TITLE  # its first baseline 6 mm under the margin
    corner = (MARGIN, title.bottom(page_h - MARGIN - 6 * mm))
    ctx.label(
        canvas,
        pieces.message("map-title"),
        title,
        corner,
        title.across(),
        (board.origin, "board assembly map", "title"),
    )
    body = pieces.message("map-text", count=tiles.count)
    box = boxes.MAP_TEXT
    corner = (MARGIN, page_h - MARGIN - 10 * mm - box.height)
    where = (board.origin, "board assembly map", "instructions")
    ctx.label(canvas, body, box, corner, box.across(), where)
    canvas.saveState()
    canvas.translate(left, top)
    canvas.scale(scale, scale)
    _draw_board(ctx, canvas, board, 0, 0, goal)
    canvas.restoreState()
    canvas.setLineWidth(1)
    for row in range(tiles.rows):
        for column in range(tiles.columns):
            ox, oy = tiles.origin(row, column)
            w = min(tiles.page[0] - 2 * MARGIN, size[0] - ox) * scale
            h = min(tiles.page[1] - 2 * MARGIN, size[1] - oy) * scale
            x, y = left + ox * scale, top - oy * scale
            canvas.setStrokeColor(theme.EYE_RED)
            canvas.rect(x, y - h, w, h, stroke=1, fill=0)
            canvas.setFillColor(theme.EYE_RED)
            canvas.setFont(fonts.BOLD, 14)
            canvas.drawCentredString(x + w / 2, y - h / 2, tile_name(row, column))
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()


def _mat(ctx: RenderContext, pieces: Pieces, canvas: Canvas, side: str) -> None:
    """One player's mat on one landscape page: in play, reserve, score and time, tokens.

    Card-sized slots sit in as many rows and columns as the page holds (two
    rows of four poker cards on A4 and Letter, inside 8 mm side margins). When
    the reserve's slots do not all fit, the reserve is one slot its cards
    stack in; room left after the last slot holds the tokens. Cards too large
    for that (--card-size 70x120) get slots scaled down until they all fit on
    the one page (a card laid on its slot overhangs it; never below
    MAT_SMALLEST); only beyond that does a mat go on over pages. The slots are
    the layout's faces (data/layouts/board.layout.yaml); counts come from
    rules.yaml.
    """
    rules = ctx.content.rules
    longest = max((f.team_size for f in rules.formats.values()), default=8) if rules else 8
    in_play = max((f.in_play for f in rules.formats.values()), default=5) if rules else 5
    page_w, page_h = landscape(ctx.settings.page)
    top = page_h - MAT_EDGE - MAT_TITLE
    card = (ctx.settings.card_width, ctx.settings.card_height)
    reserve = longest - in_play
    if in_play + reserve + 2 > _grid(card, page_w, top)[2]:
        reserve = min(reserve, 1)  # the reserve's cards stack in one slot
    slots = [("in play", "slot-in-play")] * in_play  # (zone, face)
    slots += [("reserve", "slot-reserve")] * reserve
    slots += [("score", "slot-stones"), ("score", "slot-points")]
    card_w, card_h = _slot_size(card, len(slots), page_w, top)
    card_inner = (card_w - 2 * ctx.settings.safe) / mm
    columns, rows, _ = _grid((card_w, card_h), page_w, top)
    left = (page_w - (columns * (card_w + MAT_GAP) - MAT_GAP)) / 2
    per_page = columns * rows
    for number, start in enumerate(range(0, len(slots), per_page), start=1):
        _mat_title(ctx, pieces, canvas, side, page_w, page_h)
        page = slots[start : start + per_page]
        for i, (zone, face) in enumerate(page):
            row, column = divmod(i, columns)
            x = left + column * (card_w + MAT_GAP)
            y = top - (row + 1) * card_h - row * MAT_GAP
            heading = i == 0 or page[i - 1][0] != zone
            card = pieces.face(face, heading=heading, card_inner=card_inner)
            pieces.draw(card, (x, y, card_w, card_h))
        free = per_page - len(page)
        if free and start + per_page >= len(slots):  # the last row's rest holds tokens
            row, column = divmod(len(page), columns)
            x = left + column * (card_w + MAT_GAP)
            y = top - (row + 1) * card_h - row * MAT_GAP
            width = (columns - column) * (card_w + MAT_GAP) - MAT_GAP
            card = pieces.face("slot-tokens", heading=True, card_inner=card_inner)
            pieces.draw(card, (x, y, width, card_h))
        ctx.furniture.on_margin_sheet(canvas, MARGIN)
        piece = Piece("mat", f"{side} {number}", ctx.place)
        ctx.place_item(canvas, piece, (0, 0, page_w, page_h))
        canvas.showPage()


def _grid(slot: tuple[float, float], page_w: float, top: float) -> tuple[int, int, int]:
    """Columns, rows and slots of `slot`'s size a mat page holds below `top`."""
    columns = max(1, int((page_w - 2 * MAT_EDGE + MAT_GAP) // (slot[0] + MAT_GAP)))
    rows = max(1, int((top - MARGIN + MAT_GAP) // (slot[1] + MAT_GAP)))
    return columns, rows, columns * rows


def _slot_size(
    card: tuple[float, float], count: int, page_w: float, top: float
) -> tuple[float, float]:
    """The card's size, or smaller in 5 % steps (to MAT_SMALLEST) until `count` slots fit."""
    scale = 1.0
    while _grid((card[0] * scale, card[1] * scale), page_w, top)[2] < count:
        if scale - 0.05 < MAT_SMALLEST:
            return card  # no size fits one page: the mat goes on over pages at card size
        scale -= 0.05
    return card[0] * scale, card[1] * scale


def _mat_title(
    ctx: RenderContext, pieces: Pieces, canvas: Canvas, side: str, page_w: float, page_h: float
) -> None:
    """The mat's team at the top, in its colour, over a rule of that colour."""
    colour = theme.TEAM_COLOURS.get(side, style.INK)
    box = boxes.MAT_ZONE
    width = page_w - 2 * MAT_EDGE
    corner = (MAT_EDGE, page_h - MAT_EDGE - box.height)
    where = ctx.kit_where("player mat", "title")
    ctx.label(canvas, pieces.message(f"{side}-mat"), box, corner, width, where, colour)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(1.2)
    rule = page_h - MAT_EDGE - MAT_TITLE + 2 * mm
    canvas.line(MAT_EDGE, rule, page_w - MAT_EDGE, rule)
