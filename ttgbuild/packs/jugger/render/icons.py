"""Jugger TTG's vector icons: points, eyes, shields, light feet, juggs. All drawn, no images.

Each icon is drawn into a square of side `size` whose lower-left corner is
(x, y); `INLINE` is the table the engine uses for `[token]`s in text.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import style
from ttgbuild.packapi.drawing import InlineIcons, Painter
from ttgbuild.packapi.shapes import polygon
from ttgbuild.packs.jugger.render import theme


def focus(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Focus point: a blue disc with a four-pointed star."""
    r = size / 2
    cx, cy = x + r, y + r
    canvas.setFillColor(theme.FOCUS)
    canvas.circle(cx, cy, r * 0.96, stroke=0, fill=1)
    star = []
    for i in range(8):
        rad = r * (0.72 if i % 2 == 0 else 0.24)
        angle = math.pi / 2 + i * math.pi / 4
        star.append((cx + rad * math.cos(angle), cy + rad * math.sin(angle)))
    polygon(canvas, star, style.PAPER, None)


def stamina(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Stamina point: a green disc with a lightning bolt."""
    r = size / 2
    cx, cy = x + r, y + r
    canvas.setFillColor(theme.STAMINA)
    canvas.circle(cx, cy, r * 0.96, stroke=0, fill=1)
    bolt = [
        (0.10, 0.75),
        (-0.30, -0.05),
        (0.02, -0.05),
        (-0.12, -0.75),
        (0.32, 0.12),
        (0.0, 0.12),
        (0.2, 0.75),
    ]
    polygon(canvas, [(cx + px * r, cy + py * r) for px, py in bolt], style.PAPER, None)


def free(canvas: Canvas, x: float, y: float, size: float) -> None:
    """No cost: a grey ring."""
    r = size / 2
    canvas.setStrokeColor(theme.FREE)
    canvas.setLineWidth(size * 0.12)
    canvas.circle(x + r, y + r, r * 0.78, stroke=1, fill=0)


def light_foot(canvas: Canvas, x: float, y: float, size: float) -> None:
    """One point of light feet: a dark orange winged sole on a paper disc.

    The disc keeps the sole readable on any ground: the team colours of a field
    token as much as the paper of a card's stat frame.
    """
    r = size / 2
    cx, cy = x + r, y + r
    canvas.setFillColor(style.PAPER)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    r *= 0.82
    canvas.setFillColor(theme.LIGHT_FOOT)
    canvas.ellipse(cx - r * 0.35, cy - r * 0.9, cx + r * 0.35, cy + r * 0.5, stroke=0, fill=1)
    canvas.circle(cx, cy + r * 0.72, r * 0.26, stroke=0, fill=1)
    wing = [
        (cx + r * 0.3, cy),
        (cx + r * 0.95, cy + r * 0.45),
        (cx + r * 0.9, cy + r * 0.1),
        (cx + r * 0.35, cy - r * 0.3),
    ]
    polygon(canvas, wing, theme.LIGHT_FOOT, None)


def _eye(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    path = canvas.beginPath()
    path.moveTo(cx - r, cy)
    path.curveTo(cx - r * 0.4, cy + r * 0.7, cx + r * 0.4, cy + r * 0.7, cx + r, cy)
    path.curveTo(cx + r * 0.4, cy - r * 0.7, cx - r * 0.4, cy - r * 0.7, cx - r, cy)
    path.close()
    canvas.setFillColor(style.PAPER)
    canvas.drawPath(path, fill=1, stroke=0)
    canvas.setFillColor(colour)
    canvas.circle(cx, cy, r * 0.32, stroke=0, fill=1)


def front_eye(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Front arc marker: a green eye in an upright triangle."""
    polygon(
        canvas,
        [(x, y), (x + size, y), (x + size / 2, y + size * 0.9)],
        theme.EYE_GREEN,
        style.PAPER,
        size * 0.04,
    )
    _eye(canvas, x + size / 2, y + size * 0.32, size * 0.24, theme.EYE_GREEN)


def rear_eye(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Rear arc marker: a red eye in an inverted triangle."""
    polygon(
        canvas,
        [(x, y + size * 0.9), (x + size, y + size * 0.9), (x + size / 2, y)],
        theme.EYE_RED,
        style.PAPER,
        size * 0.04,
    )
    _eye(canvas, x + size / 2, y + size * 0.58, size * 0.24, theme.EYE_RED)


def shield(canvas: Canvas, x: float, y: float, size: float) -> None:
    """The yellow shield that carries a hero's recruitment cost."""
    w, h = size * 0.86, size
    left = x + (size - w) / 2
    path = canvas.beginPath()
    path.moveTo(left, y + h)
    path.lineTo(left + w, y + h)
    path.lineTo(left + w, y + h * 0.45)
    path.curveTo(left + w, y + h * 0.15, left + w * 0.6, y + h * 0.05, left + w / 2, y)
    path.curveTo(left + w * 0.4, y + h * 0.05, left, y + h * 0.15, left, y + h * 0.45)
    path.close()
    canvas.setFillColor(theme.GOLD)
    canvas.setStrokeColor(style.INK)
    canvas.setLineWidth(size * 0.04)
    canvas.drawPath(path, fill=1, stroke=1)


def jugg(
    canvas: Canvas,
    x: float,
    y: float,
    size: float,
    colour: Color = style.INK,
    eyes: Color = style.PAPER,
) -> None:
    """A jugg (the dog skull ball), simplified: skull dome, snout and two eye holes
    (`eyes`: dark on a light skull, where paper-white holes would hardly show)."""
    r = size / 2
    cx, cy = x + r, y + r
    canvas.setFillColor(colour)
    canvas.ellipse(cx - r * 0.8, cy - r * 0.2, cx + r * 0.8, cy + r * 0.9, stroke=0, fill=1)
    canvas.roundRect(cx - r * 0.45, cy - r * 0.9, r * 0.9, r * 0.9, r * 0.25, stroke=0, fill=1)
    canvas.setFillColor(eyes)
    canvas.circle(cx - r * 0.35, cy + r * 0.3, r * 0.18, stroke=0, fill=1)
    canvas.circle(cx + r * 0.35, cy + r * 0.3, r * 0.18, stroke=0, fill=1)


def reflexes_badge(
    canvas: Canvas, cx: float, cy: float, r: float, value: str, font: str, ring: Color
) -> None:
    """The reflexes number in a white symbol (a ringed disc), as on field tokens."""
    canvas.setFillColor(style.PAPER)
    canvas.setStrokeColor(ring)
    canvas.setLineWidth(r * 0.18)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setFillColor(style.INK)
    canvas.setFont(font, r * 1.3)
    canvas.drawCentredString(cx, cy - r * 0.45, value)


ICONS: dict[str, Painter] = {
    "focus": focus,
    "stamina": stamina,
    "free": free,
    "light_feet": light_foot,
    "jugg": jugg,
}
INLINE = InlineIcons(ICONS)
# What each icon shows against the ground it is printed on: the colour of its outline
# (what meets the ground) and of the figure drawn inside it, if any (tests/test_contrast.py
# checks that the figure stands out from the outline, and the outline or the figure from
# the ground: a focus disc on a focus counter shows by its star).
ICON_COLOURS: dict[str, tuple[Color, Color | None]] = {
    "focus": (theme.FOCUS, style.PAPER),
    "stamina": (theme.STAMINA, style.PAPER),
    "free": (theme.FREE, None),
    "light_feet": (style.PAPER, theme.LIGHT_FOOT),
    "jugg": (style.INK, style.PAPER),
}
