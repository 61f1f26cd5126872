"""The pictures Pocket-Tactics' layouts draw by name: dice pools, faction stripes, terrain
symbols, groove marks. Each is `(canvas, box, **args)` with the box in points.

Everything is vector drawing in the content's colours, so nothing is read from
disk and every picture scales with its box.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts
from ttgbuild.packapi.hexgrid import Facing

Box = tuple[float, float, float, float]
INK = HexColor("#2a2f3a")


def dice(canvas: Canvas, box: Box, pool: Mapping[str, Any], colour: Color) -> None:
    """A pool as dice: one filled square per die, the kicker as an outlined die with its face.

    No dice and no kicker prints a dash, so a zero is seen, not missed.
    """
    x, y, w, h = box
    count = int(pool["dice"])
    kicker = pool.get("kicker")
    side = min(h * 0.72, w / 6.2)
    gap = side * 0.22
    total = count + (kicker is not None)
    left = x + (w - (total * side + max(0, total - 1) * gap)) / 2
    bottom = y + (h - side) / 2
    canvas.saveState()
    if total == 0:
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(1)
        canvas.line(x + w / 2 - side / 2, y + h / 2, x + w / 2 + side / 2, y + h / 2)
    for index in range(count):
        canvas.setFillColor(colour)
        canvas.roundRect(left + index * (side + gap), bottom, side, side, side * 0.2, 0, 1)
    if kicker is not None:
        kx = left + count * (side + gap)
        canvas.setStrokeColor(colour)
        canvas.setFillColor(white)
        canvas.setLineWidth(0.8)
        canvas.setDash(1.2, 0.9)
        canvas.roundRect(kx, bottom, side, side, side * 0.2, 1, 1)
        canvas.setDash()
        canvas.setFillColor(colour)
        canvas.setFont(fonts.BOLD, side * 0.72)
        canvas.drawCentredString(kx + side / 2, bottom + side * 0.24, str(kicker))
    canvas.restoreState()


def faction_stripe(canvas: Canvas, box: Box, tint: str) -> None:
    """A stripe in the faction's colour (`tint`, #rrggbb from content) across the box."""
    x, y, w, h = box
    canvas.saveState()
    canvas.setFillColor(HexColor(tint))
    canvas.rect(x, y, w, h, 0, 1)
    canvas.restoreState()


def corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hexagon of circumradius `radius` centred at (cx, cy),
    counter-clockwise from the one on its right."""
    return [
        (cx + radius * math.cos(math.radians(60 * k)), cy + radius * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def hexagon(canvas: Canvas, cx: float, cy: float, radius: float, fill: int, stroke: int) -> None:
    """A flat-topped hexagon of circumradius `radius` centred at (cx, cy)."""
    path = canvas.beginPath()
    (px, py), *rest = corners(cx, cy, radius)
    path.moveTo(px, py)
    for px, py in rest:
        path.lineTo(px, py)
    path.close()
    canvas.drawPath(path, fill=fill, stroke=stroke)


def symbol_of(canvas: Canvas, name: str, cx: float, cy: float, size: float, ink: Color) -> None:
    """A terrain's vector symbol, `size` wide, centred at (cx, cy)."""
    canvas.saveState()
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    canvas.setLineWidth(max(0.6, size * 0.05))
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    SYMBOLS[name](canvas, cx, cy, size / 2)
    canvas.restoreState()


def _meadow(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    for dx in (-0.55, 0.0, 0.55):
        base = cx + dx * r
        for lean in (-0.18, 0.0, 0.18):
            canvas.line(base, cy - 0.35 * r, base + lean * r, cy + 0.25 * r)


def _forest(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    for dx, scale in ((-0.45, 0.8), (0.35, 1.0)):
        tx = cx + dx * r
        path = canvas.beginPath()
        path.moveTo(tx, cy + 0.75 * r * scale)
        path.lineTo(tx - 0.38 * r * scale, cy - 0.25 * r)
        path.lineTo(tx + 0.38 * r * scale, cy - 0.25 * r)
        path.close()
        canvas.drawPath(path, fill=1, stroke=0)
        canvas.line(tx, cy - 0.25 * r, tx, cy - 0.6 * r)


def _hill(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    path = canvas.beginPath()
    path.moveTo(cx - 0.9 * r, cy - 0.4 * r)
    path.curveTo(cx - 0.5 * r, cy + 0.7 * r, cx + 0.3 * r, cy + 0.7 * r, cx + 0.9 * r, cy - 0.4 * r)
    canvas.drawPath(path, fill=0, stroke=1)
    canvas.line(cx - 0.9 * r, cy - 0.4 * r, cx + 0.9 * r, cy - 0.4 * r)


def _cave(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    path = canvas.beginPath()
    path.moveTo(cx - 0.8 * r, cy - 0.5 * r)
    path.lineTo(cx - 0.8 * r, cy + 0.05 * r)
    path.curveTo(
        cx - 0.8 * r, cy + 0.75 * r, cx + 0.8 * r, cy + 0.75 * r, cx + 0.8 * r, cy + 0.05 * r
    )
    path.lineTo(cx + 0.8 * r, cy - 0.5 * r)
    path.close()
    canvas.drawPath(path, fill=1, stroke=0)


def _ice(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    for step in range(3):
        angle = math.radians(90 + 60 * step)
        dx, dy = 0.8 * r * math.cos(angle), 0.8 * r * math.sin(angle)
        canvas.line(cx - dx, cy - dy, cx + dx, cy + dy)


def _maze(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    for k in (0.8, 0.5, 0.2):
        canvas.rect(cx - k * r, cy - k * r, 2 * k * r, 2 * k * r, 1, 0)


def _swamp(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    for dy in (-0.45, 0.0):
        y = cy + dy * r
        canvas.line(cx - 0.8 * r, y, cx + 0.8 * r, y)
    for dx in (-0.4, 0.0, 0.4):
        canvas.line(cx + dx * r, cy + 0.05 * r, cx + dx * r, cy + 0.7 * r)


def _water(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    for dy in (-0.35, 0.15):
        path = canvas.beginPath()
        y = cy + dy * r
        path.moveTo(cx - 0.85 * r, y)
        path.curveTo(cx - 0.5 * r, y + 0.35 * r, cx - 0.2 * r, y - 0.35 * r, cx, y)
        path.curveTo(cx + 0.2 * r, y + 0.35 * r, cx + 0.5 * r, y - 0.35 * r, cx + 0.85 * r, y)
        canvas.drawPath(path, fill=0, stroke=1)


def _complex(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    canvas.rect(cx - 0.7 * r, cy - 0.5 * r, 1.4 * r, 0.9 * r, 0, 1)
    for dx in (-0.35, 0.0, 0.35):
        canvas.rect(cx + dx * r - 0.1 * r, cy - 0.2 * r, 0.2 * r, 0.3 * r, 1, 0)
    canvas.line(cx - 0.2 * r, cy + 0.4 * r, cx - 0.2 * r, cy + 0.75 * r)


SYMBOLS = {
    "meadow": _meadow,
    "forest": _forest,
    "hill": _hill,
    "cave": _cave,
    "ice": _ice,
    "maze": _maze,
    "swamp": _swamp,
    "water": _water,
    "complex": _complex,
}

GROOVE = HexColor("#5b4a3a")
HAZARD = HexColor("#c0392b")
PAPER = HexColor("#f6f1e4")


def _hex_frame(box: Box) -> tuple[float, float, float]:
    """Centre and circumradius of the flat-topped hex filling a box as wide as its corners."""
    x, y, w, h = box
    return x + w / 2, y + h / 2, min(w / 2, h / math.sqrt(3))


def edge_midpoint(cx: float, cy: float, radius: float, edge: str) -> tuple[float, float]:
    """The middle of a named edge (N, NE, …) of a flat-topped hex, y up on the page."""
    index = [facing.name for facing in Facing].index(edge)
    angle = math.radians(90 - 60 * index)  # N is up, then clockwise
    apothem = radius * math.sqrt(3) / 2
    return cx + apothem * math.cos(angle), cy + apothem * math.sin(angle)


GROOVE_DEPTH = 0.15  # a groove's length, as a share of the centre-to-edge distance
GROOVE_WIDTH = 0.26  # its width, as a share of the hex's circumradius


def terrain_tile(
    canvas: Canvas, box: Box, tint: str, symbol: str, grooves: list[str], hazard: bool
) -> None:
    """A terrain hex: its ground colour, its symbol, a red rim and badge if it is hazardous,
    and a groove notched into each grooved edge (a tunnel tile).

    The grooves change how units move, so they are drawn last, over the rim, and
    short: they stay in the outer band of the hex that the layout keeps free of
    words and of the badge, whichever edges a tunnel grooves.
    """
    cx, cy, radius = _hex_frame(box)
    canvas.saveState()
    canvas.setFillColor(HexColor(tint))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    hexagon(canvas, cx, cy, radius, 1, 1)
    if hazard:
        canvas.setStrokeColor(HAZARD)
        canvas.setLineWidth(2.2)
        hexagon(canvas, cx, cy, radius * 0.9, 0, 1)
        canvas.setFillColor(HAZARD)
        corner = (cx - radius * 0.27, cy + radius * 0.46)
        canvas.roundRect(*corner, radius * 0.54, radius * 0.2, 2, 0, 1)
    canvas.restoreState()
    symbol_ink = Color(0, 0, 0, alpha=0.45)
    symbol_of(canvas, symbol, cx, cy + radius * 0.08, radius * 0.8, symbol_ink)
    for edge in grooves:
        _groove(canvas, cx, cy, radius, edge)


def _groove(canvas: Canvas, cx: float, cy: float, radius: float, edge: str) -> None:
    """A dark notch from the middle of `edge` inwards with a light centre line: the groove
    a unit follows, read at a glance on any ground colour."""
    ex, ey = edge_midpoint(cx, cy, radius, edge)
    inner = (ex + (cx - ex) * GROOVE_DEPTH, ey + (cy - ey) * GROOVE_DEPTH)
    canvas.saveState()
    canvas.setLineCap(0)
    canvas.setStrokeColor(GROOVE)
    canvas.setLineWidth(radius * GROOVE_WIDTH)
    canvas.line(ex, ey, *inner)
    canvas.setStrokeColor(PAPER)
    canvas.setLineWidth(radius * GROOVE_WIDTH * 0.3)
    canvas.line(ex, ey, *inner)
    canvas.restoreState()


def tile_back(canvas: Canvas, box: Box) -> None:
    """The same back for every bag tile, so a drawn tile is a surprise: a dark hex, a gold ring."""
    cx, cy, radius = _hex_frame(box)
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    hexagon(canvas, cx, cy, radius, 1, 1)
    canvas.setStrokeColor(HexColor("#e8c468"))
    canvas.setLineWidth(1.2)
    hexagon(canvas, cx, cy, radius * 0.55, 0, 1)
    hexagon(canvas, cx, cy, radius * 0.3, 0, 1)
    canvas.restoreState()


def base_tile(canvas: Canvas, box: Box, defence: int) -> None:
    """A player's base: a light stone-grey hex (light enough for its
    blue dice and dark keep and name to stand out) with a keep, and its defence dice below."""
    cx, cy, radius = _hex_frame(box)
    canvas.saveState()
    canvas.setFillColor(HexColor("#c4c0b8"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    hexagon(canvas, cx, cy, radius, 1, 1)
    canvas.setFillColor(INK)
    keep = radius * 0.34
    canvas.rect(cx - keep / 2, cy - keep * 0.55, keep, keep * 0.9, 0, 1)
    for step in range(3):
        canvas.rect(
            cx - keep / 2 + step * keep * 0.4, cy + keep * 0.35, keep * 0.2, keep * 0.2, 0, 1
        )
    canvas.restoreState()
    side = radius * 0.42
    dice_box = (cx - radius * 0.8, cy - radius * 0.78, radius * 1.6, side)
    dice(canvas, dice_box, {"dice": defence}, HexColor("#2f5f9e"))


def token_disc(canvas: Canvas, box: Box, tint: str, ring: str) -> None:
    """One side of a unit token: a square in the faction's colour (or its tint) to its cut
    lines, which it shares with its neighbours, and a rounded ring inside."""
    x, y, w, h = box
    canvas.saveState()
    canvas.setFillColor(HexColor(tint))
    canvas.rect(x, y, w, h, 0, 1)
    canvas.setStrokeColor(HexColor(ring))
    canvas.setLineWidth(1.2)
    inset = min(w, h) * 0.07
    canvas.roundRect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, min(w, h) * 0.15, 1, 0)
    canvas.restoreState()


SLOT = HexColor("#e9e2cf")  # a mat slot's tint: seen on paper, far from any faction colour


def slots(canvas: Canvas, box: Box, count: int, side: float) -> None:
    """Places for `count` tokens in rows: tinted rounded squares `side` mm across (the
    token's size and a margin, from the layout's settings), as many to a row as fit,
    the rows centred in the box.

    Filled, not outlined: in the kit a solid line is a cut and a dashed one a fold,
    and a mat is neither cut nor folded.
    """
    x, y, w, h = box
    if count <= 0:
        return
    size = side * mm
    columns = max(1, min(count, int(w // (size * 1.15))))
    rows = math.ceil(count / columns)
    step_x = w / columns
    step_y = min(h / rows, size * 1.3)
    below = (h - rows * step_y) / 2  # the rows centred in the box's height
    canvas.saveState()
    canvas.setFillColor(SLOT)
    for index in range(count):
        row, column = divmod(index, columns)
        cx = x + (column + 0.5) * step_x
        cy = y + h - below - (row + 0.5) * step_y
        canvas.roundRect(cx - size / 2, cy - size / 2, size, size, size * 0.15, 0, 1)
    canvas.restoreState()


DRAWINGS = {
    "dice": dice,
    "faction_stripe": faction_stripe,
    "terrain_tile": terrain_tile,
    "tile_back": tile_back,
    "base_tile": base_tile,
    "token_disc": token_disc,
    "slots": slots,
}
