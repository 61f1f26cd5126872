"""rules.pdf: the rulebook sheet in book mode, with the figure only Python can draw.

The sheet file (data/sheets/rules.sheet.yaml) holds every word; this module
registers its figure `schedule`, the meetings of the largest player count as
the tournament diagrams print them (schedule.meetings): a row per round, a
column per park in its colour and number, the two diagrams meeting in each cell.
Cross-references ("see Two players and solo") print the section's own heading
through `heading(msg, context)`, so a translated reference cannot drift from
the translated title it points to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import text
from ttgbuild.packapi.booksheet import render_book
from ttgbuild.packapi.content import kinds
from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packapi.flow import Figure
from ttgbuild.packs.challengers import PACK
from ttgbuild.packs.challengers.functions import FUNCTIONS
from ttgbuild.packs.challengers.schedule import ROBOT, meetings

ROW = 5 * mm
HEAD = 6 * mm
DARK, LIGHT = HexColor("#283044"), HexColor("#e4e1da")


def rules(ctx: RenderContext) -> bytes:
    """The rulebook, its schedule figure drawn from this project's diagrams."""
    content = ctx.content

    def heading(msg: str, context: str) -> str:
        """A section heading in the locale, as the heading itself prints it (same catalog entry)."""
        return ctx.tr.pgettext(context, msg)

    names = {**FUNCTIONS, **kinds(content), "heading": heading}
    return render_book(ctx, PACK, "rules", figures={"schedule": _maker(content)}, names=names)


def _maker(content: Any) -> Any:
    def schedule(labels: Mapping[str, str]) -> Figure:
        return schedule_figure(content, labels)

    return schedule


def schedule_figure(content: Any, labels: Mapping[str, str]) -> Figure:
    """Who meets whom at the largest player count, round by round and park by park."""
    game = content.game
    players = game.players.max
    table = meetings(content, players)
    parks = [p for p in game.parks][: game.parks_by_players[players - 1]]
    numbers = {p.id: i + 1 for i, p in enumerate(game.parks)}

    def seat(s: int) -> str:
        return labels["robot"] if s == ROBOT else str(s)

    def draw(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        first = 14 * mm
        cell = (w - first) / max(len(parks), 1)
        top = y + h
        canvas.setFont(text.SANS.bold, 7.5)
        canvas.setFillColor(DARK)
        canvas.drawString(x + 1 * mm, top - HEAD + 2 * mm, labels["round"])
        for i, park in enumerate(parks):
            left = x + first + i * cell
            canvas.setFillColor(HexColor(park.colour))
            band = (left + 0.4 * mm, top - HEAD + 0.6 * mm, cell - 0.8 * mm, HEAD - 1.2 * mm)
            canvas.rect(*band, stroke=0, fill=1)
            canvas.setFillColor(white)
            canvas.drawCentredString(left + cell / 2, top - HEAD + 2 * mm, str(numbers[park.id]))
        for r, at in enumerate(table):
            row_top = top - HEAD - r * ROW
            if r % 2 == 0:
                canvas.setFillColor(LIGHT)
                canvas.rect(x, row_top - ROW, w, ROW, stroke=0, fill=1)
            canvas.setFillColor(DARK)
            canvas.setFont(text.SANS.bold, 7.5)
            canvas.drawCentredString(x + first / 2, row_top - ROW + 1.6 * mm, str(r + 1))
            canvas.setFont(text.SANS.regular, 7.5)
            for i, park in enumerate(parks):
                held = sorted(at.get(park.id, []), key=lambda s: (s == ROBOT, s))
                pair = " \u2013 ".join(seat(s) for s in held)  # an en dash between the two
                middle = x + first + i * cell + cell / 2
                canvas.drawCentredString(middle, row_top - ROW + 1.6 * mm, pair)

    return Figure(HEAD + ROW * game.rounds + 1 * mm, draw)
