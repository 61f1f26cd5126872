"""The kit files whose geometry is code: tokens.pdf, parks.pdf and diagrams.pdf.

A layout deck prints card-sized faces with one back for the whole deck, so it
cannot print trophy tiles whose secret backs differ tile by tile, park mats
whose halves face each other, or diagrams built from a table of player
counts. This code places those pieces; each piece's words and boxes are the
faces of data/layouts/pieces.layout.yaml, and its colours are the parks'
colours of game.yaml (one source for flags, mats and diagrams alike).
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet, text
from ttgbuild.packapi.content import kinds
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packapi.drawing import Duplex, RenderContext, finish, new_canvas
from ttgbuild.packapi.layouts import Card, LayoutError, PackParts, Pieces, pack_layouts
from ttgbuild.packs.challengers import PACK
from ttgbuild.packs.challengers.drawings import DRAWINGS
from ttgbuild.packs.challengers.functions import FUNCTIONS
from ttgbuild.packs.challengers.schedule import NOT_IN_PLAY

MARGIN = 12 * mm
HEADING = 9 * mm  # a page's heading band
TILE = 24 * mm  # trophy tiles
FAN = 18 * mm  # fan tokens
FLAG = (32 * mm, 26 * mm)  # one side of a flag; front and back fold over
GOLD, DARK, CREAM, LIGHT = (HexColor(c) for c in ("#8a6508", "#283044", "#fbf6ea", "#e4e1da"))
Box = tuple[float, float, float, float]


def tokens(ctx: RenderContext) -> bytes:
    """Trophy fronts, their secret backs behind them (duplex), then fan tokens and flags.

    Every part is a block of the engine's cutsheet (cutsheet.py), cut and
    folded as in every kit: square faces on shared cut lines, their colour
    running into the bleed around the block, crop marks in line with the
    cuts. The trophies' backs print on the next page through `paint_backs`,
    the block's place mirrored for the printer's duplex and shifted by the
    user's back offset; the flags fold over, so they need no back page.
    """
    game = ctx.content.game
    canvas, buffer, pieces = _start(ctx, "tokens")
    page_w, page_h = ctx.settings.page
    width = page_w - 2 * MARGIN
    room = page_h - 2 * MARGIN - HEADING  # a block's room below a page's heading
    trophies = [
        cutsheet.Cell(
            _drawn(pieces, pieces.face("trophy-front", round=t.round), CREAM),
            _drawn(pieces, pieces.face("trophy-back", round=t.round, fans=fans), DARK),
        )
        for t in game.trophies
        for fans in t.fans
    ]
    for block in cutsheet.blocks(trophies, (TILE, TILE), width, [room]):
        left, bottom = (page_w - block.width) / 2, page_h - MARGIN - HEADING - block.height
        _heading(ctx, canvas, pieces.message("trophies-front"))
        cutsheet.paint(ctx, canvas, cutsheet.DRAWN, block, left, bottom)
        _page_end(ctx, canvas)
        _heading(ctx, canvas, pieces.message("trophies-back"))
        if ctx.settings.duplex is Duplex.long:
            left = page_w - left - block.width
        else:
            bottom = page_h - bottom - block.height
        dx, dy = ctx.settings.back_offset
        cutsheet.paint_backs(
            canvas, cutsheet.DRAWN, block, left + dx, bottom + dy, ctx.settings.duplex
        )
        _page_end(ctx, canvas)
    fans = [
        cutsheet.Cell(_drawn(pieces, pieces.face("fan", value=t.value), HexColor(t.colour)))
        for t in game.fan_tokens
        for _ in range(t.count)
    ]
    flags = []
    for park in game.parks:
        side = _drawn(pieces, pieces.face("flag", park=park), HexColor(park.colour))
        flags.append(cutsheet.Cell(side, side))
    y = page_h - MARGIN
    y = _section(ctx, canvas, pieces.message("fans-heading"), fans, (FAN, FAN), False, y)
    _section(ctx, canvas, pieces.message("flags-heading"), flags, FLAG, True, y - 4 * mm)
    _page_end(ctx, canvas)
    return finish(canvas, buffer)


def _drawn(pieces: Pieces, card: Card, background: Color) -> cutsheet.Drawn:
    """A face of the layout, `background` painted under it and into its block's bleed."""
    return cutsheet.Drawn(lambda box: pieces.draw(card, box), background, card.piece)


def _section(
    ctx: RenderContext,
    canvas: Canvas,
    heading: str,
    cells: list[cutsheet.Cell],
    face: tuple[float, float],
    fold: bool,
    top: float,
) -> float:
    """`cells` in blocks under a heading from `top`, centred across the page, going on to
    a new page when a block does not fit above the bottom margin; the y under the last."""
    page_w, page_h = ctx.settings.page
    width = page_w - 2 * MARGIN
    full = page_h - 2 * MARGIN - HEADING  # a block's room on a page of its own
    if top - HEADING - MARGIN < face[1] + 2 * cutsheet.ROOM:  # not a row's room left
        _page_end(ctx, canvas)
        top = page_h - MARGIN
    for block in cutsheet.blocks(cells, face, width, [top - HEADING - MARGIN, full], fold):
        if block.height > top - HEADING - MARGIN:  # a later block: on a page of its own
            _page_end(ctx, canvas)
            top = page_h - MARGIN
        below = _heading(ctx, canvas, heading, top)
        cutsheet.paint(
            ctx, canvas, cutsheet.DRAWN, block, (page_w - block.width) / 2, below - block.height
        )
        top = below - block.height
    return top


def parks(ctx: RenderContext) -> bytes:
    """One page per park: the centre band (name, trophy stack, flag), a half per player."""
    game = ctx.content.game
    canvas, buffer, pieces = _start(ctx, "parks")
    page_w, page_h = ctx.settings.page
    band = max(TILE, FLAG[1]) + 6 * mm  # the band holds the trophy stack and the flag
    half = (page_h - 2 * MARGIN - band) / 2
    for number, park in enumerate(game.parks, start=1):
        colour = HexColor(park.colour)
        centre = (MARGIN, page_h / 2 - band / 2, page_w - 2 * MARGIN, band)
        _fill(canvas, centre, colour, colour)
        sizes = {"tile": TILE / mm, "flag_w": FLAG[0] / mm, "flag_h": FLAG[1] / mm}
        pieces.draw(pieces.face("park-centre", park=park, mark=number, **sizes), centre)
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
    """One player's half: the revealed cards' slot, and the bench's seats under its rule.

    Every seat is a whole card. Six cards side by side do not fit beside the slot
    on A4 or Letter (3 card widths are more than a half is wide), so the seats
    overlap like a tableau: seat n + 1 lies over seat n, leaving its left strip
    (the card's strength, its set symbol and the seat's number) in sight.
    """
    x, y, w, h = area
    card_w, card_h = ctx.settings.card_width, ctx.settings.card_height
    slot_h = min(card_h, h)
    slot = (x, y + h - slot_h, card_w * slot_h / card_h, slot_h)
    pieces.draw(pieces.face("park-slot", park=park), slot)
    seats = ctx.content.game.bench_seats
    room_x = x + slot[2] + 6 * mm
    room_w = x + w - room_x
    rule = (room_x, y + h - 12 * mm, room_w, 12 * mm)
    pieces.draw(pieces.face("park-bench", park=park), rule)
    step = min(card_w, (room_w - card_w) / max(seats - 1, 1))
    top = rule[1] - 2 * mm
    for i in range(seats):
        box = (room_x + i * step, top - card_h, card_w, card_h)
        pieces.draw(pieces.face("park-seat", park=park, seat=i + 1, strip=step / mm), box)


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
