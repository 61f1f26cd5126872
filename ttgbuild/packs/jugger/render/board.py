"""board.pdf: the 20 by 11 hex field tiled across home-printer pages, an assembly map,
a one-sheet version at full size for print shops, and player mats for the off-field zones.

Tiles overlap by more than any home printer's unprintable margin; each tile
is labelled (row letter, column number) and carries alignment crosses where
it overlaps its neighbours.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.geometry.hexgrid import HexLayout, neighbours
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
from ttgbuild.render import fonts, shapes, style
from ttgbuild.render.context import Piece, RenderContext
from ttgbuild.render.layout.pieces import Pieces
from ttgbuild.render.pdf import finish, new_canvas

ZONE_TINT: dict[str, Color] = {"red": HexColor("#f0c9c4"), "blue": HexColor("#c8d6ee")}


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
    ctx.progress("board: one sheet")
    canvas.setPageSize((size[0] + 2 * MARGIN, size[1] + 2 * MARGIN))
    _draw_board(ctx, canvas, board, MARGIN, size[1] + MARGIN, goal)
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()
    ctx.progress("board: player mats")
    canvas.setPageSize(landscape(ctx.settings.page))
    _mats(ctx, pieces, canvas)
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
    # Corner lines of the European variant (dashed).
    canvas.setDash(4, 3)
    canvas.setLineWidth(1.6)
    canvas.setStrokeColor(style.INK)
    for line in board.corner_lines:
        points = [at(layout.centre(*hex_)) for hex_ in line]
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.setDash()
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
    # dashed edge, so the overlap strip can lie on the neighbour's matching strip.
    canvas.saveState()
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(0.3)
    canvas.setDash(2, 2)
    if column > 0:
        canvas.line(MARGIN, MARGIN, MARGIN, page_h - MARGIN)
    if row > 0:
        canvas.line(MARGIN, page_h - MARGIN, page_w - MARGIN, page_h - MARGIN)
    canvas.setDash()
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


def _mats(ctx: RenderContext, pieces: Pieces, canvas: Canvas) -> None:
    """Player mats for the zones beside the field: in play, reserve, score and time, tokens.

    One row of card-sized slots per landscape page (two rows of cards do not
    fit with the margins a home printer needs); each zone's name heads its
    first slot, and the room left at the end of the last row holds tokens. The
    slots are the layout's faces (data/layouts/board.layout.yaml).
    """
    rules = ctx.content.rules
    longest = max((f.team_size for f in rules.formats.values()), default=8) if rules else 8
    in_play = max((f.in_play for f in rules.formats.values()), default=5) if rules else 5
    card_w, card_h = ctx.settings.card_width, ctx.settings.card_height
    card_inner = (card_w - 2 * ctx.settings.safe) / mm
    page_w, page_h = landscape(ctx.settings.page)
    gap = 4 * mm
    per_row = max(1, int((page_w - 2 * MARGIN + gap) // (card_w + gap)))
    slots = [("in play", "slot-in-play")] * in_play  # (zone, face)
    slots += [("reserve", "slot-reserve")] * (longest - in_play)
    slots += [("score", "slot-stones"), ("score", "slot-points")]
    top = page_h - MARGIN - 8 * mm
    for start in range(0, len(slots), per_row):
        row = slots[start : start + per_row]
        for i, (zone, face) in enumerate(row):
            x = MARGIN + i * (card_w + gap)
            heading = i == 0 or slots[start + i - 1][0] != zone
            card = pieces.face(face, heading=heading, card_inner=card_inner)
            pieces.draw(card, (x, top - card_h, card_w, card_h))
        if start + per_row >= len(slots):
            used = MARGIN + len(row) * (card_w + gap)
            if page_w - MARGIN - used >= card_w / 2:
                card = pieces.face("slot-tokens", heading=True, card_inner=card_inner)
                pieces.draw(card, (used, top - card_h, page_w - MARGIN - used, card_h))
        ctx.furniture.on_margin_sheet(canvas, MARGIN)
        piece = Piece("mat", str(start // per_row + 1), ctx.place)
        ctx.place_item(canvas, piece, (0, 0, page_w, page_h))
        canvas.showPage()
