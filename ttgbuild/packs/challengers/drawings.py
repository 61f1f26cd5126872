"""The pictures Challengers!'s layouts and page code draw by name (the pack's `drawings`).

A set's or deck's symbol (content/sets/<id>.yaml `symbol`) marks its cards'
corners and, for a starter deck, its player's tournament diagram, so the
symbols are simple solid shapes that stay readable at 4 mm. Each is drawn in
a unit square and scaled into the box it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

Box = tuple[float, float, float, float]


def _polygon(canvas: Canvas, points: list[tuple[float, float]]) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _star(n: int, outer: float, inner: float, turn: float = 90) -> list[tuple[float, float]]:
    points = []
    for i in range(2 * n):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180 / n)
        points.append((0.5 + radius * math.cos(angle), 0.5 + radius * math.sin(angle)))
    return points


def _sun(c: Canvas) -> None:
    _polygon(c, _star(12, 0.5, 0.36))
    c.circle(0.5, 0.5, 0.3, stroke=0, fill=1)


def _moon(c: Canvas) -> None:
    c.circle(0.5, 0.5, 0.45, stroke=0, fill=1)
    c.setFillColor(white)
    c.circle(0.68, 0.6, 0.36, stroke=0, fill=1)


def _star5(c: Canvas) -> None:
    _polygon(c, _star(5, 0.5, 0.2))


def _leaf(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.1, 0.1)
    path.curveTo(0.1, 0.8, 0.5, 0.95, 0.92, 0.92)
    path.curveTo(0.95, 0.5, 0.8, 0.1, 0.1, 0.1)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _drop(c: Canvas) -> None:
    c.circle(0.5, 0.36, 0.3, stroke=0, fill=1)
    _polygon(c, [(0.22, 0.46), (0.5, 0.98), (0.78, 0.46)])


def _bolt(c: Canvas) -> None:
    _polygon(c, [(0.58, 1.0), (0.18, 0.45), (0.46, 0.45), (0.36, 0.0), (0.82, 0.58), (0.54, 0.58)])


def _crown(c: Canvas) -> None:
    _polygon(
        c, [(0.08, 0.2), (0.08, 0.8), (0.3, 0.5), (0.5, 0.9), (0.7, 0.5), (0.92, 0.8), (0.92, 0.2)]
    )


def _key(c: Canvas) -> None:
    c.circle(0.27, 0.5, 0.22, stroke=0, fill=1)
    c.rect(0.4, 0.44, 0.56, 0.12, stroke=0, fill=1)
    c.rect(0.74, 0.28, 0.08, 0.18, stroke=0, fill=1)
    c.rect(0.86, 0.28, 0.08, 0.18, stroke=0, fill=1)
    c.setFillColor(white)
    c.circle(0.27, 0.5, 0.09, stroke=0, fill=1)


def _tower(c: Canvas) -> None:
    c.rect(0.22, 0.05, 0.56, 0.7, stroke=0, fill=1)
    for x in (0.14, 0.42, 0.7):
        c.rect(x, 0.7, 0.16, 0.22, stroke=0, fill=1)
    c.setFillColor(white)
    c.rect(0.42, 0.05, 0.16, 0.26, stroke=0, fill=1)


def _planet(c: Canvas, tint: Color) -> None:
    c.circle(0.5, 0.5, 0.28, stroke=0, fill=1)
    c.setStrokeColor(tint)
    c.setLineWidth(0.08)
    c.ellipse(0.04, 0.36, 0.96, 0.64, stroke=1, fill=0)


def _tent(c: Canvas) -> None:
    _polygon(c, [(0.05, 0.1), (0.5, 0.85), (0.95, 0.1)])
    c.rect(0.48, 0.85, 0.04, 0.12, stroke=0, fill=1)
    c.setFillColor(white)
    _polygon(c, [(0.38, 0.1), (0.5, 0.42), (0.62, 0.1)])


def _gear(c: Canvas) -> None:
    _polygon(c, _teeth())
    c.setFillColor(white)
    c.circle(0.5, 0.5, 0.14, stroke=0, fill=1)


def _teeth() -> list[tuple[float, float]]:
    """A gear's outline: eight square teeth around a round body."""
    points = []
    for i in range(8):
        for angle, radius in ((-14, 0.36), (-9, 0.5), (9, 0.5), (14, 0.36)):
            a = math.radians(i * 45 + angle)
            points.append((0.5 + radius * math.cos(a), 0.5 + radius * math.sin(a)))
    return points


def _snowflake(c: Canvas) -> None:
    """Six arms, each with a pair of short twigs: no other symbol is hollow-spoked like it."""
    c.translate(0.5, 0.5)
    for _ in range(6):
        c.roundRect(-0.05, 0.0, 0.1, 0.5, 0.05, stroke=0, fill=1)
        for side in (-1, 1):
            c.saveState()
            c.translate(0.0, 0.3)
            c.rotate(side * 45)
            c.roundRect(-0.035, 0.0, 0.07, 0.17, 0.035, stroke=0, fill=1)
            c.restoreState()
        c.rotate(60)


def _cactus(c: Canvas) -> None:
    """A trunk with a raised arm on each side, at different heights."""
    c.roundRect(0.38, 0.04, 0.24, 0.92, 0.12, stroke=0, fill=1)
    c.roundRect(0.1, 0.42, 0.3, 0.14, 0.07, stroke=0, fill=1)
    c.roundRect(0.1, 0.42, 0.14, 0.36, 0.07, stroke=0, fill=1)
    c.roundRect(0.6, 0.3, 0.3, 0.14, 0.07, stroke=0, fill=1)
    c.roundRect(0.76, 0.3, 0.14, 0.4, 0.07, stroke=0, fill=1)


def _bone(c: Canvas) -> None:
    """A bone lying on the diagonal: a shaft with two knobs at each end."""
    c.translate(0.5, 0.5)
    c.rotate(35)
    c.rect(-0.32, -0.07, 0.64, 0.14, stroke=0, fill=1)
    for x in (-0.36, 0.36):
        for y in (-0.09, 0.09):
            c.circle(x, y, 0.11, stroke=0, fill=1)


def _candy(c: Canvas) -> None:
    """A wrapped sweet: a round middle with a twisted wrapper end on each side."""
    c.circle(0.5, 0.5, 0.24, stroke=0, fill=1)
    _polygon(c, [(0.3, 0.5), (0.04, 0.74), (0.04, 0.26)])
    _polygon(c, [(0.7, 0.5), (0.96, 0.74), (0.96, 0.26)])
    c.setFillColor(white)
    c.circle(0.42, 0.58, 0.06, stroke=0, fill=1)


SHAPES: dict[str, Callable[[Canvas], None]] = {
    "sun": _sun,
    "moon": _moon,
    "star": _star5,
    "leaf": _leaf,
    "drop": _drop,
    "bolt": _bolt,
    "crown": _crown,
    "key": _key,
    "tower": _tower,
    "tent": _tent,
    "gear": _gear,
    "snowflake": _snowflake,
    "cactus": _cactus,
    "bone": _bone,
    "candy": _candy,
}


def symbol_names() -> list[str]:
    """The set symbols this kit has a picture for; CH127 holds content to them."""
    return sorted([*SHAPES, "planet"])


def symbol(canvas: Canvas, box: Box, name: str, tint: str) -> None:
    """The symbol `name` in colour `tint` ("#rrggbb"), centred in the largest square of `box`.

    A name with no picture draws a plain disc, so a kit still prints; CH127
    reports such a name as an error (symbol_names) before any build.
    """
    x, y, w, h = box
    side = min(w, h)
    colour = HexColor(tint)
    canvas.saveState()
    canvas.translate(x + (w - side) / 2, y + (h - side) / 2)
    canvas.scale(side, side)
    canvas.setFillColor(colour)
    if name == "planet":
        _planet(canvas, colour)
    elif name in SHAPES:
        SHAPES[name](canvas)
    else:
        canvas.circle(0.5, 0.5, 0.4, stroke=0, fill=1)
    canvas.restoreState()


def trophy(canvas: Canvas, box: Box, tint: str) -> None:
    """A trophy cup in colour `tint`, centred in the largest square of `box` (trophy fronts)."""
    x, y, w, h = box
    side = min(w, h)
    canvas.saveState()
    canvas.translate(x + (w - side) / 2, y + (h - side) / 2)
    canvas.scale(side, side)
    canvas.setFillColor(HexColor(tint))
    canvas.setStrokeColor(HexColor(tint))
    canvas.setLineWidth(0.08)
    path = canvas.beginPath()
    path.moveTo(0.2, 0.95)
    path.lineTo(0.8, 0.95)
    path.curveTo(0.8, 0.55, 0.65, 0.42, 0.5, 0.42)
    path.curveTo(0.35, 0.42, 0.2, 0.55, 0.2, 0.95)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.circle(0.17, 0.78, 0.1, stroke=1, fill=0)
    canvas.circle(0.83, 0.78, 0.1, stroke=1, fill=0)
    canvas.rect(0.45, 0.18, 0.1, 0.26, stroke=0, fill=1)
    canvas.rect(0.28, 0.05, 0.44, 0.14, stroke=0, fill=1)
    canvas.restoreState()


DRAWINGS = {"symbol": symbol, "trophy": trophy}
