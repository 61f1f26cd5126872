"""Pictures Dungeon Bowl's layouts draw by name (`draw:` boxes of data/layouts/).

A layout's shape can only be filled with a named theme colour; a team's
colour is content (teams/<id>.yaml `colour`), so the player card's team
stripe is drawn here from that value.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render.layout.faces import Drawing


def team_stripe(canvas: Canvas, box: tuple[float, float, float, float], hex: str) -> None:
    """A filled rectangle in the team's colour (`hex`, "#rrggbb"), outlined in parchment:
    a dark team colour alone hardly shows on the card's ink band."""
    x, y, w, h = box
    canvas.setFillColor(HexColor(hex))
    canvas.setStrokeColor(HexColor("#f4ecd8"))
    canvas.setLineWidth(0.6)
    canvas.rect(x, y, w, h, fill=1, stroke=1)


DRAWINGS: Mapping[str, Drawing] = {"team_stripe": team_stripe}
