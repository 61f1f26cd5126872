"""Club emblems drawn from content: a shield shape, a divided field and a charge.

A club's emblem is data (content/teams.yaml, `emblem:`), not a picture file:
shape, division, charge and colours combine into a recognisable badge at any
size, so a new club needs four words and two colours, and nothing is
downloaded or traced. Every emblem is drawn into a square of side `size`
whose lower-left corner is (x, y).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ttgbuild.packapi import ink, style
from ttgbuild.packapi.colours import ENGINE_COLOURS, contrast_ratio
from ttgbuild.packapi.shapes import polygon
from ttgbuild.packs.jugger.model import Emblem

Point = tuple[float, float]


def _outline(canvas: Canvas, shape: str, x: float, y: float, s: float) -> PDFPathObject:
    """The shield's outline as a closed path, in unit fractions of the square."""
    path = canvas.beginPath()

    def at(u: float, v: float) -> Point:
        return x + u * s, y + v * s

    if shape == "round":
        path.circle(*at(0.5, 0.5), s * 0.47)
        return path
    if shape == "hexagon":
        corners = [
            at(0.5 + 0.47 * math.cos(a), 0.5 + 0.47 * math.sin(a))
            for a in (math.pi / 6 + i * math.pi / 3 for i in range(6))
        ]
    elif shape == "kite":
        corners = [at(0.5, 0.97), at(0.9, 0.72), at(0.5, 0.03), at(0.1, 0.72)]
    elif shape == "banner":
        corners = [at(0.14, 0.97), at(0.86, 0.97), at(0.86, 0.05), at(0.5, 0.24), at(0.14, 0.05)]
    else:  # heater: flat top, curved sides meeting in a point
        path.moveTo(*at(0.1, 0.95))
        path.lineTo(*at(0.9, 0.95))
        path.lineTo(*at(0.9, 0.55))
        path.curveTo(*at(0.9, 0.25), *at(0.65, 0.1), *at(0.5, 0.03))
        path.curveTo(*at(0.35, 0.1), *at(0.1, 0.25), *at(0.1, 0.55))
        path.close()
        return path
    path.moveTo(*corners[0])
    for corner in corners[1:]:
        path.lineTo(*corner)
    path.close()
    return path


def _division(shape: str) -> dict[str, list[list[Point]]]:
    """The parts of the field in the second colour, per division, in unit fractions."""
    del shape  # every shape is divided the same way; its outline clips the parts
    return {
        "plain": [],
        "per-pale": [[(0.5, 0), (1, 0), (1, 1), (0.5, 1)]],
        "per-fess": [[(0, 0), (1, 0), (1, 0.5), (0, 0.5)]],
        "per-bend": [[(0, 1), (1, 0), (0, 0)]],
        "chevron": [[(0, 0), (0, 0.35), (0.5, 0.75), (1, 0.35), (1, 0)]],
        "quarterly": [
            [(0.5, 0.5), (1, 0.5), (1, 1), (0.5, 1)],
            [(0, 0), (0.5, 0), (0.5, 0.5), (0, 0.5)],
        ],
    }


def _star(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + rad * math.cos(angle), cy + rad * math.sin(angle)))
    polygon(canvas, points, colour, None)


def _ring(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(r * 0.32)
    canvas.circle(cx, cy, r * 0.72, stroke=1, fill=0)


def _sun(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)
    canvas.circle(cx, cy, r * 0.5, stroke=0, fill=1)
    canvas.setLineWidth(r * 0.14)
    for i in range(12):
        angle = i * math.pi / 6
        cos, sin = math.cos(angle), math.sin(angle)
        canvas.line(cx + cos * r * 0.66, cy + sin * r * 0.66, cx + cos * r, cy + sin * r)


def _mountain(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    base = cy - r * 0.6
    peaks = [
        (cx - r, base),
        (cx - r * 0.25, cy + r * 0.75),
        (cx + r * 0.15, cy + r * 0.1),
        (cx + r * 0.45, cy + r * 0.45),
        (cx + r, base),
    ]
    polygon(canvas, peaks, colour, None)


def _wave(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(r * 0.24)
    for row in (-0.45, 0.0, 0.45):
        path = canvas.beginPath()
        path.moveTo(cx - r, cy + row * r)
        for i in range(4):
            left = cx - r + i * r / 2
            dip = 0.22 * r if i % 2 == 0 else -0.22 * r
            path.curveTo(
                left + r / 8,
                cy + row * r + dip,
                left + 3 * r / 8,
                cy + row * r + dip,
                left + r / 2,
                cy + row * r,
            )
        canvas.drawPath(path, stroke=1, fill=0)


def _cross(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)
    arm = r * 0.3
    canvas.rect(cx - arm, cy - r, 2 * arm, 2 * r, stroke=0, fill=1)
    canvas.rect(cx - r, cy - arm, 2 * r, 2 * arm, stroke=0, fill=1)


CHARGES: dict[str, Callable[[Canvas, float, float, float, Color], None]] = {
    "star": _star,
    "ring": _ring,
    "sun": _sun,
    "mountain": _mountain,
    "wave": _wave,
    "cross": _cross,
}


def charge_colour(emblem: Emblem) -> str:
    """The charge's colour: the third colour if given, else paper or ink, whichever
    stands out more from the poorer-contrasting of the two field colours."""
    if len(emblem.colours) > 2:
        return emblem.colours[2]
    field = emblem.colours[:2]
    light, dark = ENGINE_COLOURS["paper"], ENGINE_COLOURS["ink"]
    light_worst = min(contrast_ratio(light, c) for c in field)
    dark_worst = min(contrast_ratio(dark, c) for c in field)
    return light if light_worst >= dark_worst else dark


def draw(
    canvas: Canvas, x: float, y: float, size: float, emblem: Emblem, outline: Color = style.INK
) -> None:
    """The emblem in the square (x, y, size): field, division, charge, then the outline;
    one picture, drawn whole in its colours by the ink saver too (`ink.keep`)."""
    with ink.keep(canvas):
        _draw(canvas, x, y, size, emblem, outline)


def _draw(canvas: Canvas, x: float, y: float, size: float, emblem: Emblem, outline: Color) -> None:
    first, second = (HexColor(c) for c in emblem.colours[:2])
    charge = HexColor(charge_colour(emblem))
    canvas.saveState()
    canvas.clipPath(_outline(canvas, emblem.shape, x, y, size), stroke=0, fill=0)
    canvas.setFillColor(first)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    for part in _division(emblem.shape)[emblem.division]:
        polygon(canvas, [(x + u * size, y + v * size) for u, v in part], second, None)
    cx, cy, r = x + size / 2, y + size * 0.52, size * 0.24
    if emblem.charge in CHARGES:
        CHARGES[emblem.charge](canvas, cx, cy, r, charge)
    canvas.restoreState()
    canvas.setStrokeColor(outline)
    canvas.setLineWidth(max(size * 0.03, 0.5))
    canvas.drawPath(_outline(canvas, emblem.shape, x, y, size), stroke=1, fill=0)
