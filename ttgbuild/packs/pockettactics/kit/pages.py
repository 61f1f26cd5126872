"""tiles.pdf, tokens.pdf and mats.pdf: where each hex tile, token and mat goes on the page.

Tiles are flat-topped hexes laid in a honeycomb (shared cut lines), every
terrain tile in its count, tunnel tiles once per groove pattern and count,
then the two bases; the back page mirrors each hex's centre for long-edge
duplex (rows for short-edge), so every tile gets the same secret back.
Tokens are fold-over pairs (front, fold line, back) on shared cut lines, die
nets have glue tabs: both are the engine's (render/layout/cutsheet.py,
dicenet.py), so they are cut and folded like every other game's. A mat is
one page per player, the die nets shared out below the mats. The faces are
data (pieces.layout.yaml).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet, dicenet, style
from ttgbuild.packapi.drawing import Duplex, RenderContext, finish, new_canvas
from ttgbuild.packapi.layouts import Card
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.kit.parts import FOOT, HEADING, MARGIN, heading, pieces

LAYOUT = "pieces"
TILE_W, TILE_H = 40 * mm, 40 * mm * math.sqrt(3) / 2
GAP = 4 * mm
# A hex's cut lines only keep clear of what home printers cannot print (5 mm); 10 mm
# at the sides lets six columns of 40 mm hexes fit A4 as they fit Letter, so the
# kit's 41 hexes are one duplex sheet on A4 instead of two (the second 85 % empty).
TILE_SIDE = 10 * mm
TOKEN = 24 * mm  # a unit token's side: the tokens sheet's cells and the mats' slots
DIE = 18 * mm  # a die net's face: a large die (easier to fold), six nets still fit one page


def tiles(ctx: RenderContext) -> bytes:
    """Every terrain tile and both bases, each page followed by its page of backs."""
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, "tiles", ctx.tr.locale)
    kit = pieces(ctx, canvas, LAYOUT)
    cards = [
        kit.face("tile", record=terrain, grooves=list(grooves))
        for terrain in ctx.content.terrains
        for grooves in tile_patterns(terrain)
    ]
    cards += [kit.face("base") for _ in range(int(ctx.content.game["players"]))]
    back = kit.face("tile-back")
    spots = list(honeycomb(ctx))
    page_w = ctx.settings.page[0]
    for start in range(0, len(cards), len(spots)):
        chunk = cards[start : start + len(spots)]
        top = ctx.settings.page[1] - MARGIN
        heading(ctx, canvas, kit.message("tiles-heading"), top, "tiles sheet")
        for card, (x, y) in zip(chunk, spots, strict=False):
            kit.draw(card, (x, y, TILE_W, TILE_H))
        ctx.furniture.on_margin_sheet(canvas, FOOT)
        canvas.showPage()
        heading(ctx, canvas, kit.message("tiles-backs"), top, "tiles sheet")
        for _card, (x, y) in zip(chunk, spots, strict=False):
            kit.draw(back, _mirrored(ctx, x, y, TILE_W, TILE_H, page_w))
        ctx.furniture.on_margin_sheet(canvas, FOOT)
        canvas.showPage()
    return finish(canvas, buffer)


def tile_patterns(terrain: Any) -> list[tuple[str, ...]]:
    """One entry per printed tile of a terrain: () for a plain tile, its grooves for a tunnel."""
    out: list[tuple[str, ...]] = [() for _ in range(int(terrain["tiles"]))]
    for tunnel in terrain.get("tunnels", ()):
        out += [tuple(tunnel["grooves"]) for _ in range(int(tunnel["count"]))]
    return out


def honeycomb(ctx: RenderContext) -> Iterator[tuple[float, float]]:
    """Lower-left corners of the hexes' boxes on one page, column by column (flat tops:
    columns 3/4 of a hex apart, every other one half a hex lower)."""
    page_w, page_h = ctx.settings.page
    top = page_h - MARGIN - HEADING
    columns = int((page_w - 2 * TILE_SIDE - TILE_W + 0.01) // (TILE_W * 0.75)) + 1
    rows = int((top - FOOT - TILE_H * 1.5) // TILE_H) + 1
    used = TILE_W + (columns - 1) * TILE_W * 0.75
    left = (page_w - used) / 2
    for row in range(rows):
        for column in range(columns):
            drop = TILE_H / 2 if column % 2 else 0
            yield left + column * TILE_W * 0.75, top - (row + 1) * TILE_H - drop


def _mirrored(
    ctx: RenderContext, x: float, y: float, w: float, h: float, page_w: float
) -> tuple[float, float, float, float]:
    """Where a piece's back goes: mirrored across the page for the printer's duplex."""
    if ctx.settings.duplex is Duplex.short:
        page_h = ctx.settings.page[1]
        return (x, page_h - y - h, w, h)
    return (page_w - x - w, y, w, h)


def tokens(ctx: RenderContext) -> bytes:
    """A fold-over token per unit, by faction: front in its colour, back in its light tint.

    Each faction's tokens are a block of pairs on shared cut lines (the
    engine's cutsheet): cut solid, fold dashed, the pair's colours run into
    the bleed around the block.
    """
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, "tokens", ctx.tr.locale)
    kit = pieces(ctx, canvas, LAYOUT)
    page_w, page_h = ctx.settings.page
    top = page_h - MARGIN
    full = top - HEADING - FOOT  # a block's room on a page of its own
    y = top - HEADING
    heading(ctx, canvas, kit.message("tokens-heading"), top, "tokens sheet")
    for faction in ctx.content.factions:
        colours = (HexColor(faction["colour"]), HexColor(faction.get("light", "#ffffff")))
        cells = [
            cutsheet.Cell(
                _drawn(
                    kit, kit.face("token", record=unit, front=True, token=TOKEN / mm), colours[0]
                ),
                _drawn(
                    kit, kit.face("token", record=unit, front=False, token=TOKEN / mm), colours[1]
                ),
            )
            for unit in ctx.content.units
            if unit["faction"] == faction["id"]
        ]
        width = page_w - 2 * MARGIN
        for block in cutsheet.blocks(cells, (TOKEN, TOKEN), width, [y - FOOT, full], fold=True):
            if block.height > y - FOOT:
                ctx.furniture.on_margin_sheet(canvas, FOOT)
                canvas.showPage()
                heading(ctx, canvas, kit.message("tokens-heading"), top, "tokens sheet")
                y = top - HEADING
            cutsheet.paint(ctx, canvas, cutsheet.DRAWN, block, MARGIN, y - block.height)
            y -= block.height
    ctx.furniture.on_margin_sheet(canvas, FOOT)
    canvas.showPage()
    return finish(canvas, buffer)


def _drawn(kit: Any, card: Card, background: Color) -> cutsheet.Drawn:
    """A token face of the layout, its colour painted into the bleed of its block's edge."""
    return cutsheet.Drawn(lambda box: kit.draw(card, box), background, card.piece)


MAT = 126 * mm  # a mat's height (pieces.layout.yaml): reserve and captured slots


def mats(ctx: RenderContext) -> bytes:
    """A page per player: the reserve and captured mat, the player's share of the die nets
    below it (so no page is half empty and no sheet holds only dice); nets that do not
    fit go on pages of their own."""
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, "mats", ctx.tr.locale)
    kit = pieces(ctx, canvas, LAYOUT)
    page_w, page_h = ctx.settings.page
    top = page_h - MARGIN
    players = int(ctx.content.game["kit"]["mats"])
    nets = int(ctx.content.game["kit"]["die_nets"])
    share = math.ceil(nets / players) if players else nets
    left = nets
    for player in range(1, players + 1):
        kit.draw(
            kit.face("mat", player=player, token=TOKEN / mm),
            (MARGIN, top - MAT, page_w - 2 * MARGIN, MAT),
        )
        drawn = _die_nets(ctx, canvas, kit, min(share, left), top - MAT - GAP)
        left -= drawn
        ctx.furniture.on_margin_sheet(canvas, FOOT)
        canvas.showPage()
    while left > 0:  # a mat too tall for the nets, or no mats
        drawn = _die_nets(ctx, canvas, kit, left, top)
        if drawn == 0:
            raise ValueError("a die net is taller than the page")
        left -= drawn
        ctx.furniture.on_margin_sheet(canvas, FOOT)
        canvas.showPage()
    return finish(canvas, buffer)


def _die_nets(ctx: RenderContext, canvas: Canvas, kit: Any, count: int, top: float) -> int:
    """Up to `count` die nets in centred rows under a heading at `top`, as many as fit
    above the page's foot; how many were drawn."""
    page_w = ctx.settings.page[0]
    net_w, net_h = dicenet.size(dicenet.CUBE, DIE)
    columns = max(1, min(count, int((page_w - 2 * MARGIN + GAP) // (net_w + GAP))))
    rows = int((top - HEADING - FOOT + GAP) // (net_h + GAP))
    count = min(count, rows * columns)
    if count <= 0:
        return 0
    heading(ctx, canvas, kit.message("dice-heading"), top, "mats sheet")
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        left = (page_w - in_row * net_w - (in_row - 1) * GAP) / 2  # each row centred
        y = top - HEADING - net_h - row * (net_h + GAP)
        dicenet.draw(canvas, dicenet.CUBE, DIE, left + column * (net_w + GAP), y, FACES, _pips)
    return count


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)],
}
# The die's faces in the order of the engine's cube net: opposite faces add up to seven.
FACES = (2, 3, 1, 4, 5, 6)


def _pips(canvas: Canvas, value: int, x: float, y: float, face: float) -> None:
    """A D6 face: its pips, in the ink colour."""
    canvas.setFillColor(style.INK)
    for px, py in PIPS[value]:
        canvas.circle(x + px * face, y + py * face, face * 0.08, 0, 1)
