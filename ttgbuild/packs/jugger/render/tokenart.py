"""Pictures of Jugger's tokens that a layout draws by name (`kind: draw`).

Each takes the box it is drawn in (x, y, w, h in points) and the layout's
arguments, so where it sits and how large it is stay in the layout file.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts
from ttgbuild.packs.jugger.render import icons

Box = tuple[float, float, float, float]


def eye(canvas: Canvas, box: Box, front: bool) -> None:
    """The eye on a field token's face: open on the front, looking back on the rear."""
    x, y, w, _h = box
    (icons.front_eye if front else icons.rear_eye)(canvas, x, y, w)


def reflexes_badge(canvas: Canvas, box: Box, value: str, colour: Color) -> None:
    """The reflexes number in a ringed disc filling the box, the ring in the team's colour."""
    x, y, w, h = box
    icons.reflexes_badge(canvas, x + w / 2, y + h / 2, w / 2, value, fonts.BOLD, colour)


DRAWINGS: dict[str, Callable[..., None]] = {"eye": eye, "reflexes_badge": reflexes_badge}
