"""cards.pdf: drawn by the engine from data/layouts/cards.layout.yaml.

The layout says where every box of a hero, weapon, Qwik, stone and point card
and of the backs sits, and what it prints. This module hands the engine what
only the game knows: its label boxes, its pictures (the weapon sketch, the
cost shield, the jugg in a colour) and the game logic the layout's
expressions call (a hero's team and talents, a preferred weapon's name, a
talent's rules text with its numbers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.i18n.runtime import Translator
from ttgbuild.packs.jugger.model import Content, Talent, Weapon
from ttgbuild.packs.jugger.render import icons, labels, layouts, theme, tokenart
from ttgbuild.render import style
from ttgbuild.render.context import RenderContext
from ttgbuild.render.layout.decks import PackParts, draw_layout

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
    """A simple vector sketch of the weapon: its reach grows with its range."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    length = h * min(0.45 + 0.18 * weapon.range, 1.0)  # a long reach still fits the box
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(35)
    canvas.setStrokeColor(style.INK)
    canvas.setFillColor(style.MUTED)
    if weapon.chain:
        canvas.setFillColor(style.INK)
        canvas.circle(0, length / 2 - 3 * mm, 3.2 * mm, stroke=0, fill=1)
        for i in range(7):
            canvas.circle(0, -length / 2 + i * 3 * mm, 1.1 * mm, stroke=1, fill=0)
    else:
        canvas.setLineWidth(2.2)
        canvas.line(0, -length / 2, 0, length / 2)
        canvas.setFillColor(theme.ORANGE)
        canvas.roundRect(
            -1.6 * mm,
            length / 2 - length * 0.45,
            3.2 * mm,
            length * 0.45,
            1.4 * mm,
            stroke=0,
            fill=1,
        )
        if weapon.defence >= 2:
            canvas.roundRect(
                -1.6 * mm, -length / 2, 3.2 * mm, length * 0.3, 1.4 * mm, stroke=0, fill=1
            )
        if weapon.defence >= 3:
            canvas.setFillColor(theme.DECK_COLOURS["hero"])
            canvas.circle(-7 * mm, -2 * mm, 7 * mm, stroke=0, fill=1)
    canvas.restoreState()


def _shield(canvas: Canvas, box: Box) -> None:
    x, y, w, _h = box
    icons.shield(canvas, x, y, w)


def _jugg(canvas: Canvas, box: Box, colour: Color = style.INK) -> None:
    x, y, w, _h = box
    icons.jugg(canvas, x, y, w, colour)


DRAWINGS: dict[str, Callable[..., None]] = {
    "weapon_art": weapon_art,
    "shield": _shield,
    "jugg": _jugg,
    **tokenart.DRAWINGS,  # the pack's other layouts' pictures (every layout is checked with all)
}
