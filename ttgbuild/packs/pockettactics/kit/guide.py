"""guide.pdf: the print plan, how to print, cut, fold and use the pieces, with diagrams.

The words are data (data/sheets/guide.sheet.yaml) like every data pack's guide;
the pack draws it itself, as it draws the reference, for two things a sheet of
the engine's data kit cannot have: diagrams (folding a token pair, cutting a
group of hexes) and type that may grow until both columns are used. The print
plan is the engine's (render/printplan.py), counted from the files built before.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts
from ttgbuild.packapi.cutsheet import FOLD_DASH  # the fold the tokens sheet prints
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import Figure, FigureMaker, SheetLayout, shrunk
from ttgbuild.packapi.kit import plan, sheet_page
from ttgbuild.packapi.layouts import pack_sheets
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.kit.art import INK, Box, corners, hexagon
from ttgbuild.packs.pockettactics.kit.reference import names, sheet_origin

FILE, SHEET = "guide.pdf", "guide"
APOTHEM = math.sqrt(3) / 2  # a hex's centre-to-edge distance, per unit of circumradius
CUT = HexColor("#b23a2e")  # the diagram's cut to make first


def render(ctx: RenderContext) -> bytes:
    """One page under its sheet's title and the game's name; the plan counts the kit's
    other files."""
    if ctx.content_dir is None:
        raise ValueError("the guide is drawn for a project (ctx.content_dir)")
    sheets = pack_sheets(PACK, ctx.content_dir.parent)
    rows = plan(ctx, PACK.components, FILE, 1)
    scope = {**names(ctx.content), "print_plan": rows}
    layout = SheetLayout(sheets, ctx.tr, ctx.icons.names, scope, figures(ctx), {})
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, SHEET, ctx.tr.locale)
    sheet_page(ctx, canvas, layout, SHEET, PACK.title, sheet_origin(ctx, SHEET), INK)
    return finish(canvas, buffer)


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    """The token-folding and hex-cutting diagrams, in the first faction's colours."""
    faction = ctx.content.factions[0]
    colours = (HexColor(faction["colour"]), HexColor(faction.get("light", "#ffffff")))

    def folding(labels: Mapping[str, str]) -> Figure:
        return Figure(26 * mm, lambda c, x, y, w, h: token_fold(c, (x, y, w, h), colours, labels))

    def cutting(labels: Mapping[str, str]) -> Figure:
        return Figure(36 * mm, lambda c, x, y, w, h: hex_cuts(c, (x, y, w, h), labels))

    return {"token_fold": folding, "hex_cuts": cutting}


def _caption(canvas: Canvas, words: str, x: float, y: float, width: float) -> None:
    """A short centred caption, shrunk (not cut) to its width."""
    size = shrunk(words, fonts.REGULAR, 7.5, 5, width)
    canvas.setFillColor(INK)
    canvas.setFont(fonts.REGULAR, size)
    canvas.drawCentredString(x, y, words)


def token_fold(
    canvas: Canvas, box: Box, colours: tuple[Color, Color], labels: Mapping[str, str]
) -> None:
    """A token pair as printed (front, dashed fold, back), an arrow, and the token folded
    back to back: what the tokens sheet's solid and dashed lines ask for."""
    x, y, w, h = box
    side = min(h - 7 * mm, w / 4.2)
    bottom = y + 6 * mm
    left = x + (w - 4.2 * side) / 2
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(INK)
    for index, colour in enumerate(colours):
        canvas.setFillColor(colour)
        canvas.rect(left + index * side, bottom, side, side, stroke=0, fill=1)
    canvas.rect(left, bottom, 2 * side, side, stroke=1, fill=0)  # the pair's cut, solid
    canvas.setDash(*FOLD_DASH)
    canvas.line(left + side, bottom, left + side, bottom + side)  # the fold, dashed
    canvas.setDash()
    _caption(canvas, labels.get("pair", ""), x + w * 0.3, y + 1.5 * mm, w * 0.58)
    arrow_y = bottom + side / 2
    start, end = left + 2.25 * side, left + 2.95 * side
    canvas.line(start, arrow_y, end, arrow_y)
    canvas.line(end, arrow_y, end - 1.5 * mm, arrow_y + 1.2 * mm)
    canvas.line(end, arrow_y, end - 1.5 * mm, arrow_y - 1.2 * mm)
    folded = left + 3.2 * side
    canvas.setFillColor(colours[1])
    canvas.rect(folded + 1.2 * mm, bottom + 1.2 * mm, side, side, stroke=1, fill=1)  # back
    canvas.setFillColor(colours[0])
    canvas.rect(folded, bottom, side, side, stroke=1, fill=1)
    _caption(canvas, labels.get("folded", ""), x + w * 0.8, y + 1.5 * mm, w * 0.38)


def hex_cuts(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """Three hexes as the tiles sheet prints them, sharing edges: the group's outline is
    cut first (thick, 1), then the shared edges (thin, 2)."""
    x, y, w, h = box
    radius = min((h - 7 * mm) / (4 * APOTHEM), w / 7)
    apothem = radius * APOTHEM
    cx = x + w / 2 - 0.75 * radius
    cy = y + 6 * mm + 2 * apothem
    centres = [(cx, cy), (cx + 1.5 * radius, cy + apothem), (cx + 1.5 * radius, cy - apothem)]
    canvas.setFillColor(HexColor("#cfe3a8"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    for hx, hy in centres:
        hexagon(canvas, hx, hy, radius, 1, 1)  # every edge thin: the shared ones stay so
    canvas.setLineWidth(1.6)
    canvas.setStrokeColor(CUT)
    for start, end in _outline(centres, radius):
        canvas.line(*start, *end)
    _caption(canvas, labels.get("outline", ""), x + w * 0.25, y + 1.5 * mm, w * 0.48)
    _caption(canvas, labels.get("between", ""), x + w * 0.75, y + 1.5 * mm, w * 0.48)


def _outline(
    centres: list[tuple[float, float]], radius: float
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges of a group of flat-topped hexes that no other hex of it shares: an
    edge is shared when its middle lies an apothem from another hex's centre."""
    out = []
    for index, (hx, hy) in enumerate(centres):
        around = corners(hx, hy, radius)
        for start, end in pairwise([*around, around[0]]):
            mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
            shared = any(
                abs(math.hypot(mx - ox, my - oy) - radius * APOTHEM) < radius * 0.01
                for other, (ox, oy) in enumerate(centres)
                if other != index
            )
            if not shared:
                out.append((start, end))
    return out
