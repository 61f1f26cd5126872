"""cards.pdf: drawn by the engine from data/layouts/cards.layout.yaml.

The layout says where every box of a hero, weapon, Qwik, stone and point card
and of the backs sits, and what it prints. This module hands the engine what
only the game knows: its label boxes, its pictures (the weapon sketch, the
cost shield, the jugg in a colour) and the game logic the layout's
expressions call (a hero's team and talents, a preferred weapon's name, a
talent's rules text with its numbers).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import ink, style
from ttgbuild.packapi.drawing import RenderContext, Translator
from ttgbuild.packapi.layouts import PackParts, draw_layout
from ttgbuild.packapi.shapes import polygon
from ttgbuild.packs.jugger.model import Content, Talent, Team, Weapon
from ttgbuild.packs.jugger.render import emblems, icons, labels, layouts, theme, tokenart

Box = tuple[float, float, float, float]


def render(ctx: RenderContext) -> bytes:
    """The whole cards.pdf."""
    title = labels.sheet_label(ctx.tr, "document_title", "cards")
    layout = layouts.layout("cards")
    return draw_layout(ctx, layout, title, PackParts(layouts.BOXES, DRAWINGS, functions(ctx)))


def functions(ctx: RenderContext) -> dict[str, Callable[..., Any]]:
    """The game logic the layout's expressions call, in this context's locale."""
    content: Content = ctx.content
    teams = {team.id: team for team in content.teams}
    talents = {talent.id: talent for talent in content.talents}
    return {
        "team_of": lambda hero: teams.get(hero.team),
        "talents_of": lambda hero: [talents[i] for i in hero.talents if i in talents],
        "preferred_name": lambda ident: _preferred_name(ctx, ident),
        "keyword_label": lambda keyword: labels.keyword_label(ctx, keyword),
        "talent_text": lambda talent: talent_text(ctx.tr, talent),
    }


def _preferred_name(ctx: RenderContext, ident: str) -> str:
    content = ctx.content
    if content.qwik is not None and ident == content.qwik.id:
        return ctx.tr.content("qwik", ident, "name", content.qwik.name)
    for weapon in content.weapons:
        if weapon.id == ident:
            return ctx.tr.content("weapon", weapon.id, "name", weapon.name)
    return ident


def talent_text(tr: Translator, talent: Talent) -> str:
    """A talent's rules text as its card prints it: translated, numbers filled in, right form."""
    return tr.content(
        "talent",
        talent.id,
        "text",
        talent.text,
        talent.placeholders(),
        talent.text_plural,
        talent.text_count,
    )


def weapon_art(canvas: Canvas, box: Box, weapon: Weapon) -> None:
    """A vector sketch of the weapon across a backdrop of board hexes, one per point of range.

    Everything scales with the box, so the picture fills the card's middle: the
    reach grows with the range, a second pad marks a weapon padded at both ends
    (`padded_ends`, content), a shield defence 3.
    """
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    _range_hexes(canvas, box, weapon.range)
    length = h * min(0.5 + 0.15 * weapon.range, 0.95)  # a long reach still fits the box
    unit = h / (30 * mm)  # the sketch was drawn for a box 30 mm high
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(35)
    canvas.setStrokeColor(style.INK)
    if weapon.chain:
        canvas.setFillColor(style.INK)
        canvas.setLineWidth(1.2 * unit)
        canvas.circle(0, length / 2 - 4 * unit * mm, 4.2 * unit * mm, stroke=0, fill=1)
        links = int((length - 8 * unit * mm) / (3 * unit * mm))
        for i in range(links):
            y_link = -length / 2 + i * 3 * unit * mm
            canvas.circle(0, y_link, 1.3 * unit * mm, stroke=1, fill=0)
    else:
        pad = 3.6 * unit * mm
        canvas.setLineWidth(2.6 * unit)
        canvas.line(0, -length / 2, 0, length / 2)
        canvas.setFillColor(theme.ORANGE)
        canvas.setLineWidth(0.6 * unit)
        top = length / 2 - length * 0.45
        canvas.roundRect(-pad / 2, top, pad, length * 0.45, pad * 0.4, stroke=1, fill=1)
        if weapon.padded_ends == 2:
            canvas.roundRect(-pad / 2, -length / 2, pad, length * 0.3, pad * 0.4, stroke=1, fill=1)
        if weapon.defence >= 3:
            # Centred so that, turned with the weapon, its rim stays inside the box.
            canvas.setFillColor(theme.DECK_COLOURS["hero"])
            canvas.circle(-9 * unit * mm, -1.5 * unit * mm, 8 * unit * mm, stroke=0, fill=1)
            canvas.setStrokeColor(theme.GOLD)
            canvas.setLineWidth(1.2 * unit)
            canvas.circle(-9 * unit * mm, -1.5 * unit * mm, 5.5 * unit * mm, stroke=1, fill=0)
    canvas.restoreState()


def _range_hexes(canvas: Canvas, box: Box, reach: int) -> None:
    """A faint row of board hexes behind the weapon: one for the wielder, one per range."""
    x, y, w, h = box
    count = reach + 1
    side = min(w / (1.5 * count + 0.5), h / 3**0.5 / 2)  # hex side, flat-topped hexes
    left = x + (w - side * (1.5 * count + 0.5)) / 2 + side
    for i in range(count):
        cx = left + i * 1.5 * side
        cy = y + h / 2 + (side * 3**0.5 / 4 if i % 2 else -side * 3**0.5 / 4)
        corners = [
            (cx + side * math.cos(k * math.pi / 3), cy + side * math.sin(k * math.pi / 3))
            for k in range(6)
        ]
        polygon(canvas, corners, theme.PITCH, theme.HEX_LINE, 0.8)


def club_panel(canvas: Canvas, box: Box, team: Team | None) -> None:
    """The foot of a hero card: the club's colours as a panel, its emblem in the middle.

    Drawn inside the safe margin (never at the cut), so a cut off true does
    not show; a hero without a club emblem keeps an empty foot.
    """
    if team is None or team.emblem is None:
        return
    x, y, w, h = box
    first, second = (HexColor(c) for c in team.emblem.colours[:2])
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(x, y, w, h * 0.62, 1.5 * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor(first)
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.setFillColor(second)
    stripe = h * 0.3
    for i in range(-2, int(w / stripe) + 2, 2):  # the club's second colour in diagonal stripes
        left = x + i * stripe
        band = canvas.beginPath()
        band.moveTo(left, y)
        band.lineTo(left + stripe, y)
        band.lineTo(left + stripe + h, y + h)
        band.lineTo(left + h, y + h)
        band.close()
        canvas.drawPath(band, stroke=0, fill=1)
    canvas.restoreState()
    size = h
    canvas.setFillColor(style.CARD_TINT)
    canvas.circle(x + w / 2, y + h / 2, size * 0.56, stroke=0, fill=1)
    emblems.draw(canvas, x + (w - size) / 2, y, size, team.emblem)


def _shield(canvas: Canvas, box: Box) -> None:
    x, y, w, _h = box
    icons.shield(canvas, x, y, w)


def _jugg(
    canvas: Canvas, box: Box, colour: Color = style.INK, eye_colour: Color = style.PAPER
) -> None:
    x, y, w, _h = box
    with ink.keep(canvas):  # the back's logo: one picture, whole in the ink saver too
        icons.jugg(canvas, x, y, w, colour, eye_colour)


DRAWINGS: dict[str, Callable[..., None]] = {
    "weapon_art": weapon_art,
    "club_panel": club_panel,
    "shield": _shield,
    "jugg": _jugg,
    **tokenart.DRAWINGS,  # the pack's other layouts' pictures (every layout is checked with all)
}
