"""A Jugger paper die: the engine's cube net with glue tabs, its faces showing jugg pips.

The net, its tabs and its lines are the engine's (render/layout/dicenet.py),
so every game's dice are cut and glued the same way; this module only
draws a face: as many jugg icons as it counts.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import dicenet
from ttgbuild.packs.jugger.render import icons


def size(face: float) -> tuple[float, float]:
    """The net's width and height for a face of `face` points, its tabs included."""
    return dicenet.size(dicenet.CUBE, face)


def draw(canvas: Canvas, x: float, y: float, face: float, faces: tuple[int, ...]) -> None:
    """The net at (x, y), lower left, its faces in the order of the die's faces in rules.yaml."""
    dicenet.draw(canvas, dicenet.CUBE, face, x, y, faces, _jugg_pips)


def _jugg_pips(canvas: Canvas, count: int, x: float, y: float, face: float) -> None:
    """`count` jugg icons centred on a die face; a blank face stays blank."""
    if count <= 0:
        return
    size = face * (0.55 if count == 1 else 0.38)
    spacing = size * 1.1
    start = x + (face - spacing * (count - 1) - size) / 2
    for i in range(count):
        icons.jugg(canvas, start + i * spacing, y + (face - size) / 2, size)
