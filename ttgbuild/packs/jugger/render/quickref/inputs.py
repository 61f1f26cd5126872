"""What the quick reference's sheet files are given: names, figures and pictures.

The sentences, tables and their order are data (data/sheets/quickref-*.sheet.yaml);
this module hands them Jugger's content and game logic under names (the odds,
the largest dice pools, the die-faces note, the kit's declared variants) and
draws the diagrams and icons they name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts, style
from ttgbuild.packapi.drawing import Translator
from ttgbuild.packapi.flow import Figure, FigureMaker, PictureDrawer
from ttgbuild.packs.jugger.model import Content, Rules
from ttgbuild.packs.jugger.odds import combat_odds
from ttgbuild.packs.jugger.render import diagrams, dienote, icons

DIAGRAM = 45 * mm  # height of a diagram box (the column gives its width, about 60 mm)
ODDS_DICE = 10  # the odds tables show pools up to this many dice (a layout limit, not a rule)
Fitter = Any  # RenderContext.fit bound to where captions are reported


def names(
    tr: Translator, content: Content, rules: Rules, variants: list[dict[str, str]]
) -> dict[str, Any]:
    """The names the quick reference's expressions read; `variants` are the kit's declared
    changes to the published rules as printed (render/changes.py), empty when it plays the
    book."""
    attack, defence = odds_bounds(content, rules)
    attacks = range(1, attack + 1)

    def full_defence_hit(a: int, d: int) -> Fraction:
        return combat_odds(rules.faces, a, d, rules.tie_hits).full_defence["defender_hit"]

    def duel_attacker_hit(a: int, d: int) -> Fraction:
        outcome = combat_odds(rules.faces, a, d, rules.tie_hits).duel
        return outcome["attacker_hit"] + outcome["both_hit"]

    return {
        "rules": rules,
        "content": content,
        "attack_dice": list(attacks),
        "defence_dice": list(range(defence + 1)),
        "full_defence_odds": _odds_rows(attacks, range(defence + 1), full_defence_hit),
        "duel_odds": _odds_rows(attacks, attacks, duel_attacker_hit),
        "dice_note": dienote.note(tr, rules.faces, rules.faces_assumed),
        "variants": variants,
    }


def _odds_rows(
    attacks: range, defences: range, chance: Callable[[int, int], Fraction]
) -> list[dict[str, Any]]:
    """One row per attack pool: its dice, and the chance against each defence pool."""
    return [{"dice": a, "chances": [chance(a, d) for d in defences]} for a in attacks]


def odds_bounds(content: Content, rules: Rules) -> tuple[int, int]:
    """The largest attack and defence pools a hero can roll: hero + best weapon, capped by the
    dice a player owns (talent bonus dice aside: they are rare and would widen the table).

    ODDS_DICE bounds the table whatever the content says: more columns could not be read
    in a column of the sheet (and would only be reported as overflow).
    """
    weapons = content.weapons
    attack = rules.attributes.get("attack", (0, 0))[1] + max((w.attack for w in weapons), default=0)
    defence = rules.attributes.get("defence", (0, 0))[1] + max(
        (w.defence for w in weapons), default=0
    )
    cap = min(rules.dice_per_player, ODDS_DICE)
    return max(min(attack, cap), 1), max(min(defence, cap), 0)


def figures(rules: Rules, fit: Fitter) -> dict[str, FigureMaker]:
    """The rules diagrams (diagrams.py) a sheet may name, each in a figure box."""

    def figure(draw: Any, **arguments: object) -> FigureMaker:
        def make(labels: Mapping[str, str]) -> Figure:
            def paint(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
                draw(canvas, x, y, w, h, fit=fit, labels=labels, **arguments)

            return Figure(DIAGRAM, paint)

        return make

    return {
        "movement_reach": figure(diagrams.movement_reach, movement=rules.movement),
        "front_rear_arc": figure(diagrams.front_rear_arc),
        "flank_and_back": figure(diagrams.flank_and_back),
        "line_of_sight": figure(diagrams.line_of_sight),
    }


def pictures(tr: Translator, rules: Rules) -> dict[str, PictureDrawer]:
    """The icons a sheet's table cells may show, by name."""
    reflexes = tr.number(rules.activation_first)

    def badge(canvas: Canvas, x: float, y: float, side: float) -> None:
        icons.reflexes_badge(
            canvas, x + side / 2, y + side / 2, side * 0.45, reflexes, fonts.BOLD, style.HEADER
        )

    return {
        "focus": icons.focus,
        "stamina": icons.stamina,
        "free": icons.free,
        "light_foot": icons.light_foot,
        "front_eye": icons.front_eye,
        "rear_eye": icons.rear_eye,
        "shield": icons.shield,
        "jugg": icons.jugg,
        "reflexes_badge": badge,
    }
