"""tiles.pdf, tokens.pdf and mats.pdf: where each hex tile, token and mat goes on the page.

Tiles are flat-topped hexes laid in a honeycomb (shared cut lines), every
terrain tile in its count, tunnel tiles once per groove pattern and count,
then the two bases; the back page mirrors each hex's centre for long-edge
duplex (rows for short-edge), so every tile gets the same secret back.
Tokens are fold-over pairs (front, fold line, back) on shared cut lines, die
nets have glue tabs: both are the engine's (render/layout/cutsheet.py,
dicenet.py), so they are cut and folded like every other game's. A mat is
one page per player. The faces are data (pieces.layout.yaml).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.printing import Duplex
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.kit.parts import FOOT, HEADING, MARGIN, heading, pieces
from ttgbuild.render import style
from ttgbuild.render.context import RenderContext
from ttgbuild.render.layout import cutsheet, dicenet
from ttgbuild.render.layout.decks import Card
from ttgbuild.render.pdf import finish, new_canvas

LAYOUT = "pieces"
TILE_W, TILE_H = 40 * mm, 40 * mm * math.sqrt(3) / 2
GAP = 4 * mm
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
    columns = int((page_w - 2 * MARGIN - TILE_W) // (TILE_W * 0.75)) + 1
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


def mats(ctx: RenderContext) -> bytes:
    """A reserve and captured mat per player, then a page of die nets."""
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, "mats", ctx.tr.locale)
    kit = pieces(ctx, canvas, LAYOUT)
    page_w, page_h = ctx.settings.page
    area = (MARGIN, FOOT, page_w - 2 * MARGIN, page_h - MARGIN - FOOT)
    for player in range(1, int(ctx.content.game["kit"]["mats"]) + 1):
        kit.draw(kit.face("mat", player=player, token=TOKEN / mm), area)
        ctx.furniture.on_margin_sheet(canvas, FOOT)
        canvas.showPage()
    top = page_h - MARGIN
    heading(ctx, canvas, kit.message("dice-heading"), top, "mats sheet")
    nets = int(ctx.content.game["kit"]["die_nets"])
    net_w, net_h = dicenet.size(dicenet.CUBE, DIE)
    columns = max(1, min(nets, int((page_w - 2 * MARGIN + GAP) // (net_w + GAP))))
    left = (page_w - columns * net_w - (columns - 1) * GAP) / 2  # the nets centred
    y = top - HEADING - net_h
    for index in range(nets):
        column = index % columns
        if index and column == 0:
            y -= net_h + GAP
        if y < FOOT:
            ctx.furniture.on_margin_sheet(canvas, FOOT)
            canvas.showPage()
            y = top - HEADING - net_h
        x = left + column * (net_w + GAP)
        dicenet.draw(canvas, dicenet.CUBE, DIE, x, y, FACES, _pips)
    ctx.furniture.on_margin_sheet(canvas, FOOT)
    canvas.showPage()
    return finish(canvas, buffer)


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
