"""Pictures Dungeon Bowl's layouts draw by name (`draw:` boxes of data/layouts/).

A layout's shape can only be filled with a named theme colour; a team's
colour is content (teams/<id>.yaml `colour`), so the player card's team
stripe and team emblem are drawn here from that value.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ttgbuild.packapi import fonts
from ttgbuild.packapi.layouts import Drawing
from ttgbuild.packs.dungeonbowl.render.paper import FLOOR as PARCHMENT
from ttgbuild.packs.dungeonbowl.render.paper import INK


def team_stripe(canvas: Canvas, box: tuple[float, float, float, float], hex: str) -> None:
    """A filled rectangle in the team's colour (`hex`, "#rrggbb"), outlined in parchment:
    a dark team colour alone hardly shows on the card's ink band."""
    x, y, w, h = box
    canvas.setFillColor(HexColor(hex))
    canvas.setStrokeColor(PARCHMENT)
    canvas.setLineWidth(0.6)
    canvas.rect(x, y, w, h, fill=1, stroke=1)


def team_emblem(
    canvas: Canvas, box: tuple[float, float, float, float], hex: str, letters: str
) -> None:
    """The team's shield at the foot of a player card: its colour, its initials in white.

    Made from content (the team's colour and name), so a new team gets its own
    emblem without art; it fills the card's lower part, which skill texts
    rarely reach. White on every team colour is at least 4.5:1 (the printed
    contrast test measures it).
    """
    x, y, w, h = box
    shield = _shield(canvas, x, y, w, h)
    canvas.setFillColor(HexColor(hex))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.drawPath(shield, fill=1, stroke=1)
    inset = 0.08 * w
    inner = _shield(canvas, x + inset, y + inset * 1.6, w - 2 * inset, h - 2.2 * inset)
    canvas.setStrokeColor(PARCHMENT)
    canvas.setLineWidth(0.5)
    canvas.drawPath(inner, fill=0, stroke=1)
    size = min(0.36 * h, 0.6 * w * 1000 / max(fonts.width(letters, fonts.BOLD, 1000), 1))
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setFont(fonts.BOLD, size)
    canvas.drawCentredString(x + w / 2, y + 0.5 * h - 0.3 * size, letters)


def _shield(canvas: Canvas, x: float, y: float, w: float, h: float) -> PDFPathObject:
    """A heater shield filling (x, y, w, h): flat top, straight sides, curves to a point."""
    path = canvas.beginPath()
    path.moveTo(x, y + h)
    path.lineTo(x + w, y + h)
    path.lineTo(x + w, y + 0.55 * h)
    path.curveTo(x + w, y + 0.2 * h, x + 0.7 * w, y + 0.08 * h, x + w / 2, y)
    path.curveTo(x + 0.3 * w, y + 0.08 * h, x, y + 0.2 * h, x, y + 0.55 * h)
    path.close()
    return path


DRAWINGS: Mapping[str, Drawing] = {"team_stripe": team_stripe, "team_emblem": team_emblem}
