"""Exact combat odds (rules.md §14) from the die's faces in content/rules.yaml.

Everything is rational arithmetic: the jugg total of a pool is the exact
convolution of one die's face distribution, so the figures printed on the
quick reference and by `ttgbuild odds` are exact, never sampled. Who is hit on
equal juggs is content too (rules.yaml `tie_hits`).

Neither rulebook gives the die's faces (rules.md §19), so every answer says
that the faces it used are an assumption, read from content/rules.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ttgbuild.packs.jugger.model import TieHits

Distribution = dict[int, Fraction]


def faces_note(faces: Sequence[int], assumed: bool = True) -> str:
    """One line saying where the faces come from: this kit's assumption, or a group's dice."""
    listed = ", ".join(str(face) for face in faces)
    if not assumed:
        return f"Die faces {listed} (juggs per face), as your dice show them (content/rules.yaml)."
    return (
        f"Die faces {listed} (juggs per face) are this kit's assumption: neither rulebook "
        "gives them. Set yours in content/rules.yaml (dice.faces; see "
        "docs/rules-decisions.md, The die)."
    )


@dataclass(frozen=True)
class CombatOdds:
    """The outcome probabilities of one attack for each of the defender's three choices."""

    attack: int
    defence: int
    full_defence: dict[str, Fraction]
    duel: dict[str, Fraction]
    no_defence: dict[str, Fraction]
    faces: tuple[int, ...]
    faces_assumed: bool = True

    def as_json(self) -> dict[str, object]:
        """The shape cli.md gives for `odds --format json` (probabilities as floats), then
        the faces used, flagged as an assumption, with the note the text output prints."""

        def floats(outcomes: dict[str, Fraction]) -> dict[str, float]:
            return {name: float(p) for name, p in outcomes.items()}

        return {
            "attack": self.attack,
            "defence": self.defence,
            "full_defence": floats(self.full_defence),
            "duel": floats(self.duel),
            "no_defence": floats(self.no_defence),
            "faces": list(self.faces),
            "faces_assumed": self.faces_assumed,
            "faces_note": faces_note(self.faces, self.faces_assumed),
        }


def pool(faces: Sequence[int], dice: int) -> Distribution:
    """Probability of each jugg total when `dice` dice with these faces are rolled."""
    rolls = len(faces) ** dice
    return {total: Fraction(count, rolls) for total, count in _pool(tuple(faces), dice)}


@cache
def _pool(faces: tuple[int, ...], dice: int) -> tuple[tuple[int, int], ...]:
    """How many of the len(faces) ** dice equally likely rolls give each jugg total.

    Whole numbers, made exact fractions only at the end: Fraction sums
    reduce at every step and cost a tenth of a second per quick reference.
    Built one die at a time from the pool one die smaller, so asking for every
    pool size up to n (as the quick reference's table does) costs n steps in all.
    """
    if dice == 0:
        return ((0, 1),)
    totals: dict[int, int] = {}
    for total, count in _pool(faces, dice - 1):
        for face in faces:
            totals[total + face] = totals.get(total + face, 0) + count
    return tuple(sorted(totals.items()))


def combat_odds(faces: Sequence[int], attack: int, defence: int, ties: TieHits) -> CombatOdds:
    """Odds of `attack` attack dice against `defence` defence dice.

    An attack that rolls no jugg (all blank faces) misses whatever the defender
    chose. Otherwise the side with more juggs hits: full defence and no defence
    hit the defender, a duel the side with fewer juggs. A tie is settled by
    `ties` (content's rules.yaml `tie_hits`): the book hits the defender with
    no defence and both heroes of a duel (doubles), but not one in full defence.
    """
    return _combat_odds(tuple(faces), attack, defence, ties)


@cache  # the quick reference prints the same tables in every locale: work them out once
def _combat_odds(faces: tuple[int, ...], attack: int, defence: int, ties: TieHits) -> CombatOdds:
    if attack < 0 or defence < 0:
        raise ValueError("dice counts cannot be negative")
    if len(faces) == 0 or any(face < 0 for face in faces):
        raise ValueError("a die needs at least one face and no negative face")
    # Counted in rolls of both pools (whole numbers), divided once at the end.
    full_rolls = dict.fromkeys(("defender_hit", "no_hit"), 0)
    duel_rolls = dict.fromkeys(("defender_hit", "attacker_hit", "both_hit", "no_hit"), 0)
    none_rolls = dict.fromkeys(("defender_hit", "no_hit"), 0)
    for a, attack_rolls in _pool(faces, attack):
        for d, defence_rolls in _pool(faces, defence):
            rolls = attack_rolls * defence_rolls
            if a == 0:
                outcomes = ("no_hit", "no_hit", "no_hit")
            elif a != d:
                outcomes = (
                    "defender_hit" if a > d else "no_hit",
                    "defender_hit" if a > d else "attacker_hit",
                    "defender_hit" if a > d else "no_hit",
                )
            else:
                outcomes = (
                    "defender_hit" if ties.full_defence else "no_hit",
                    "both_hit" if ties.duel else "no_hit",
                    "defender_hit" if ties.no_defence else "no_hit",
                )
            full_rolls[outcomes[0]] += rolls
            duel_rolls[outcomes[1]] += rolls
            none_rolls[outcomes[2]] += rolls
    every = len(faces) ** (attack + defence)
    full, duel, none = (
        {name: Fraction(rolls, every) for name, rolls in counted.items()}
        for counted in (full_rolls, duel_rolls, none_rolls)
    )
    return CombatOdds(attack, defence, full, duel, none, faces)
