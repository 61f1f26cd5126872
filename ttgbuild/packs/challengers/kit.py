"""The kit files whose geometry is code: tokens.pdf, parks.pdf and diagrams.pdf.

A layout deck prints card-sized faces with one back for the whole deck, so it
cannot print trophy tiles whose secret backs differ tile by tile, park mats
whose halves face each other, or diagrams built from a table of player
counts. This code places those pieces; each piece's words and boxes are the
faces of data/layouts/pieces.layout.yaml, and its colours are the parks'
colours of game.yaml (one source for flags, mats and diagrams alike).
"""

from __future__ import annotations

import math
from io import BytesIO
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import Duplex
from ttgbuild.packs.challengers import PACK
from ttgbuild.packs.challengers.drawings import DRAWINGS
from ttgbuild.packs.challengers.functions import FUNCTIONS
from ttgbuild.packs.challengers.schedule import NOT_IN_PLAY
from ttgbuild.render import style, text
from ttgbuild.render.context import RenderContext
from ttgbuild.render.layout.decks import PackParts
from ttgbuild.render.layout.pieces import Pieces
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.source.layoutfile import LayoutError, pack_layouts
from ttgbuild.source.records import kinds

MARGIN = 12 * mm
HEADING = 9 * mm  # a page's heading band
TILE = 24 * mm  # trophy tiles
FAN = 18 * mm  # fan tokens
FLAG = (64 * mm, 26 * mm)
GOLD, DARK, CREAM, LIGHT = (HexColor(c) for c in ("#b8860b", "#283044", "#fbf6ea", "#e4e1da"))
FAN_COLOURS = (HexColor("#c0392b"), HexColor("#8e44ad"), HexColor("#16a085"), HexColor("#2c3e50"))
Box = tuple[float, float, float, float]


def tokens(ctx: RenderContext) -> bytes:
    """Trophy fronts, their secret backs behind them (duplex), then fan tokens and flags."""
    game = ctx.content.game
    canvas, buffer, pieces = _start(ctx, "tokens")
    page_w, page_h = ctx.settings.page
    tiles = [(t.round, fans) for t in game.trophies for fans in t.fans]
    columns = int((page_w - 2 * MARGIN) // TILE)
    room = int((page_h - 2 * MARGIN - 2 * HEADING) // TILE)  # rows a page holds
    rows = min(math.ceil(len(tiles) / columns), room)
    left = (page_w - columns * TILE) / 2
    top = (page_h + rows * TILE) / 2
    for start in range(0, len(tiles), columns * rows):
        page = tiles[start : start + columns * rows]
        _heading(ctx, canvas, pieces.message("trophies-front"))
        for i, (rnd, _fans) in enumerate(page):
            row, column = divmod(i, columns)
            box = (left + column * TILE, top - (row + 1) * TILE, TILE, TILE)
            _fill(canvas, box, CREAM, style.CUT)
            pieces.draw(pieces.face("trophy-front", round=rnd), box)
        _page_end(ctx, canvas)
        _heading(ctx, canvas, pieces.message("trophies-back"))
        dx, dy = ctx.settings.back_offset
        for i, (rnd, fans) in enumerate(page):
            row, column = divmod(i, columns)
            if ctx.settings.duplex is Duplex.long:
                column = columns - 1 - column
            else:
                row = rows - 1 - row
            box = (left + column * TILE + dx, top - (row + 1) * TILE + dy, TILE, TILE)
            _fill(canvas, box, DARK, style.CUT)
            pieces.draw(pieces.face("trophy-back", round=rnd, fans=fans), box)
        _page_end(ctx, canvas)
    values = [token.value for token in game.fan_tokens for _ in range(token.count)]
    colour = {token.value: FAN_COLOURS[i % 4] for i, token in enumerate(game.fan_tokens)}

    def fan(value: int, box: Box) -> None:
        x, y, w, h = box
        canvas.setFillColor(colour[value])
        canvas.setStrokeColor(style.CUT)
        canvas.circle(x + w / 2, y + h / 2, w / 2, stroke=1, fill=1)
        pieces.draw(pieces.face("fan", value=value), box)

    def flag(park: Any, box: Box) -> None:
        _fill(canvas, box, HexColor(park.colour), style.CUT)
        pieces.draw(pieces.face("flag", park=park), box)

    heading = pieces.message("fans-heading")
    y = _flow(ctx, canvas, heading, values, (FAN, FAN, 2 * mm), fan, None)
    heading = pieces.message("flags-heading")
    _flow(ctx, canvas, heading, list(game.parks), (*FLAG, 4 * mm), flag, y - 6 * mm)
    _page_end(ctx, canvas)
    return finish(canvas, buffer)


def _flow(
    ctx: RenderContext,
    canvas: Canvas,
    heading: str,
    items: list[Any],
    size: tuple[float, float, float],
    draw: Any,
    top: float | None,
) -> float:
    """Pieces of one size (width, height, gap) in rows under a heading from `top` (None: a
    new page's top), going on to a new page at the bottom margin; the y under the last row."""
    page_w, _page_h = ctx.settings.page
    width, height, gap = size
    per_row = max(1, int((page_w - 2 * MARGIN + gap) // (width + gap)))
    if top is not None and top - HEADING - height < MARGIN + 6 * mm:
        _page_end(ctx, canvas)
        top = None
    y = _heading(ctx, canvas, heading, top)
    for start in range(0, len(items), per_row):
        if y - height < MARGIN + 6 * mm:
            _page_end(ctx, canvas)
            y = _heading(ctx, canvas, heading)
        for column, item in enumerate(items[start : start + per_row]):
            draw(item, (MARGIN + column * (width + gap), y - height, width, height))
        y -= height + gap
    return y


def parks(ctx: RenderContext) -> bytes:
    """One page per park: the centre band (name, trophy stack, flag), a half per player."""
    game = ctx.content.game
    canvas, buffer, pieces = _start(ctx, "parks")
    page_w, page_h = ctx.settings.page
    band = 30 * mm
    half = (page_h - 2 * MARGIN - band) / 2
    for number, park in enumerate(game.parks, start=1):
        colour = HexColor(park.colour)
        centre = (MARGIN, page_h / 2 - band / 2, page_w - 2 * MARGIN, band)
        _fill(canvas, centre, colour, colour)
        pieces.draw(pieces.face("park-centre", park=park, mark=number), centre)
        for turned in (False, True):
            canvas.saveState()
            if turned:  # the rival's half faces them: the page turned half a turn
                canvas.translate(page_w, page_h)
                canvas.rotate(180)
            _half(ctx, pieces, canvas, park, (MARGIN, MARGIN, page_w - 2 * MARGIN, half - 3 * mm))
            canvas.restoreState()
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(2)
        frame = 1.5 * mm  # inside the ruler's margin
        canvas.rect(
            MARGIN - frame,
            MARGIN - frame,
            page_w - 2 * (MARGIN - frame),
            page_h - 2 * (MARGIN - frame),
        )
        _page_end(ctx, canvas)
    return finish(canvas, buffer)


def _half(ctx: RenderContext, pieces: Pieces, canvas: Canvas, park: Any, area: Box) -> None:
    """One player's half: the revealed cards' slot, and the bench's seats under its rule."""
    x, y, w, h = area
    card_w, card_h = ctx.settings.card_width, ctx.settings.card_height
    slot_h = min(card_h, h)
    slot = (x, y + h - slot_h, card_w * slot_h / card_h, slot_h)
    pieces.draw(pieces.face("park-slot", park=park), slot)
    seats = ctx.content.game.bench_seats
    columns = math.ceil(seats / 2)
    room_x = x + slot[2] + 6 * mm
    room_w = x + w - room_x
    seat_w = min(30 * mm, room_w / columns)
    seat_h = min(38 * mm, (slot_h - 14 * mm) / 2)
    rule = (room_x, y + h - 12 * mm, room_w, 12 * mm)
    pieces.draw(pieces.face("park-bench", park=park), rule)
    for i in range(seats):
        row, column = divmod(i, columns)
        box = (room_x + column * seat_w, rule[1] - 2 * mm - (row + 1) * seat_h, seat_w, seat_h)
        pieces.draw(pieces.face("park-seat", park=park, seat=i + 1), box)


def diagrams(ctx: RenderContext) -> bytes:
    """The nine tournament diagrams, six to a page, each page with the parks' legend."""
    content = ctx.content
    canvas, buffer, pieces = _start(ctx, "diagrams")
    page_w, page_h = ctx.settings.page
    ordered = sorted(content.diagrams, key=lambda d: (d.seat == 0, d.seat))
    panel_w = (page_w - 2 * MARGIN - 6 * mm) / 2
    legend_h = 12 * mm
    rows = 3
    panel_h = (page_h - 2 * MARGIN - HEADING - legend_h - (rows - 1) * 6 * mm) / rows
    for start in range(0, len(ordered), 2 * rows):
        top = _heading(ctx, canvas, pieces.message("diagrams-heading"))
        for i, diagram in enumerate(ordered[start : start + 2 * rows]):
            row, column = divmod(i, 2)
            x = MARGIN + column * (panel_w + 6 * mm)
            y = top - (row + 1) * panel_h - row * 6 * mm
            _diagram(ctx, pieces, canvas, diagram, (x, y, panel_w, panel_h))
        _legend(
            ctx, pieces, canvas, (MARGIN, MARGIN + 2 * mm, page_w - 2 * MARGIN, legend_h - 4 * mm)
        )
        _page_end(ctx, canvas)
    return finish(canvas, buffer)


def _diagram(ctx: RenderContext, pieces: Pieces, canvas: Canvas, diagram: Any, area: Box) -> None:
    """A diagram: its deck's symbol and name, then a row per round (trophy, level, cards kept,
    and the park for each player count in the park's colour and number)."""
    content = ctx.content
    game = content.game
    x, y, w, h = area
    kind = "robot" if diagram.seat == 0 else "starter"
    deck = next(
        (s for s in content.sets if s.kind == kind and s.symbol == diagram.symbol), None
    ) or next(s for s in content.sets if s.kind == kind)
    numbers = {park.id: (i + 1, HexColor(park.colour)) for i, park in enumerate(game.parks)}
    _fill(canvas, area, CREAM, DARK)
    title_h = 11 * mm
    pieces.draw(
        pieces.face("diagram-title", diagram=diagram, deck=deck),
        (x + 2 * mm, y + h - title_h - 1 * mm, w - 4 * mm, title_h),
    )
    counts = game.players.max
    fixed = [("round", 12 * mm), ("level", 10 * mm), ("keep", 15 * mm)]
    left = x + 2 * mm
    cell_w = (w - 4 * mm - sum(width for _, width in fixed)) / counts
    head_top = y + h - title_h - 2 * mm
    head_h, row_h = 12 * mm, min(9 * mm, (h - title_h - 16 * mm) / game.rounds)
    cx = left
    for head, width in fixed:
        pieces.draw(
            pieces.face("diagram-head", head=head, players=0),
            (cx, head_top - head_h, width, head_h),
        )
        cx += width
    pieces.draw(
        pieces.face("diagram-head", head="players", players=0),
        (cx, head_top - head_h / 2, cell_w * counts, head_h / 2),
    )
    for n in range(1, counts + 1):
        box = (cx + (n - 1) * cell_w, head_top - head_h, cell_w, head_h / 2)
        pieces.draw(pieces.face("diagram-head", head="count", players=n), box)
    for index, band in enumerate(diagram.bands):
        by = head_top - head_h - (index + 1) * row_h
        names = {"diagram": diagram, "row": band}
        trophy = (left + 1.5 * mm, by + 0.7 * mm, 12 * mm - 3 * mm, row_h - 1.4 * mm)
        _fill(canvas, trophy, GOLD, GOLD)
        pieces.draw(pieces.face("diagram-cell", cell="round", mark=0, **names), trophy)
        if "level" in band:
            pieces.draw(
                pieces.face("diagram-cell", cell="level", mark=0, **names),
                (left + 12 * mm, by, 10 * mm, row_h),
            )
        if "picks" in band:
            _cards(canvas, band.picks, (left + 22 * mm, by, 15 * mm, row_h))
        for n in range(1, counts + 1):
            park = band.parks[n - 1] if n <= len(band.parks) else NOT_IN_PLAY
            cell = (
                cx + (n - 1) * cell_w + 0.5 * mm,
                by + 0.7 * mm,
                cell_w - 1 * mm,
                row_h - 1.4 * mm,
            )
            if park not in numbers:
                _fill(canvas, cell, LIGHT, LIGHT)
                continue
            number, colour = numbers[park]
            _fill(canvas, cell, colour, colour)
            pieces.draw(pieces.face("diagram-cell", cell="park", mark=number, **names), cell)
        canvas.setStrokeColor(LIGHT)
        canvas.setLineWidth(0.4)
        canvas.line(left, by, x + w - 2 * mm, by)


def _cards(canvas: Canvas, picks: int, area: Box) -> None:
    """`picks` small card outlines: how many of the drawn cards a player keeps."""
    x, y, w, h = area
    card_w, card_h = 2.6 * mm, min(3.8 * mm, h - 2 * mm)
    step = min(3.4 * mm, (w - card_w) / max(picks - 1, 1))
    start = x + (w - card_w - step * (picks - 1)) / 2
    canvas.setFillColor(DARK)
    for i in range(picks):
        canvas.roundRect(
            start + i * step, y + (h - card_h) / 2, card_w, card_h, 0.4 * mm, stroke=0, fill=1
        )


def _legend(ctx: RenderContext, pieces: Pieces, canvas: Canvas, area: Box) -> None:
    """The parks by number, colour and name, as the diagrams' cells show them."""
    x, y, w, h = area
    parks_ = ctx.content.game.parks
    width = w / len(parks_)
    for i, park in enumerate(parks_):
        box = (x + i * width, y, width - 2 * mm, h)
        _fill(canvas, (box[0], y, h, h), HexColor(park.colour), HexColor(park.colour))
        pieces.draw(pieces.face("legend", park=park, mark=i + 1), box)


def _start(ctx: RenderContext, name: str) -> tuple[Canvas, BytesIO, Pieces]:
    """A canvas for one kit file and the pieces layout drawn on it."""
    if ctx.content_dir is None:
        raise ValueError("Challengers! kit files are drawn for a project (ctx.content_dir)")
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, name, ctx.tr.locale)
    layouts, problems = pack_layouts(PACK, ctx.content_dir.parent)
    if "pieces" not in layouts:
        raise LayoutError(problems[0]) if problems else FileNotFoundError("pieces.layout.yaml")
    parts = PackParts(drawings=DRAWINGS, functions={**FUNCTIONS, **kinds(ctx.content)})
    return canvas, buffer, Pieces(ctx, canvas, layouts["pieces"], parts)


def _heading(ctx: RenderContext, canvas: Canvas, words: str, top: float | None = None) -> float:
    """A page heading from the top margin (or `top`); the y below it."""
    page_w, page_h = ctx.settings.page
    top = page_h - MARGIN if top is None else top
    where = (
        Origin("ttgbuild/packs/challengers/data/layouts/pieces.layout.yaml"),
        "page heading",
        "heading",
    )
    block = ctx.fit(
        [[text.Span(words, bold=True)]],
        page_w - 2 * MARGIN,
        HEADING - 2 * mm,
        12,
        7,
        text.SANS,
        where,
    )
    canvas.setFillColor(DARK)
    text.draw(canvas, block, MARGIN, top, text.SANS, ctx.icons.draw)
    return top - HEADING


def _fill(canvas: Canvas, box: Box, fill: Color, stroke: Color) -> None:
    canvas.setFillColor(fill)
    canvas.setStrokeColor(stroke)
    canvas.setLineWidth(0.5)
    canvas.rect(*box, stroke=1, fill=1)


def _page_end(ctx: RenderContext, canvas: Canvas) -> None:
    """The print note and ruler in the bottom margin, and the next page."""
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()
