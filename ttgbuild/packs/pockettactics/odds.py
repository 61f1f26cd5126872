"""Exact odds of a Pocket-Tactics assault, from its resolution procedure.

One side's offensive dice face the other side's defensive dice: both are
sorted from highest, compared pair by pair, ties cancel, and the first
unequal pair decides (a higher offensive die is a hit). A kicker is a die
that always shows its value and is sorted with the rest. Where one side
has more dice the content decides (`game.assault.unmatched`): `zero`
counts each missing die as a 0, so after equal pairs an offensive die
without a partner hits and a defensive one stops the hit (a kicker of 0
ties); `ignored` drops the extra dice, so all pairs tying is a stalemate.

The odds are exact fractions. Each side's roll is enumerated as a sorted
multiset of faces with its multinomial weight (for n dice, C(n + 5, 5)
outcomes instead of 6^n); the tests check it against every ordered roll,
resolved by their own comparison.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

FACES = (1, 2, 3, 4, 5, 6)
UNMATCHED = ("zero", "ignored")


@dataclass(frozen=True)
class Pool:
    """Dice rolled for one side of an ability, and its kicker (a fixed die) if any."""

    dice: int
    kicker: int | None = None

    def __str__(self) -> str:
        return str(self.dice) if self.kicker is None else f"{self.dice}+{self.kicker}"


def hits(offence: tuple[int, ...], defence: tuple[int, ...], unmatched: str) -> bool:
    """Whether sorted offensive dice hit against sorted defensive dice (both highest first)."""
    if unmatched == "zero":
        length = max(len(offence), len(defence))
        offence = offence + (0,) * (length - len(offence))
        defence = defence + (0,) * (length - len(defence))
    for attack, block in zip(offence, defence, strict=False):
        if attack != block:
            return attack > block
    return False


@cache
def _rolls(pool: Pool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of a pool as (its values sorted from highest, kicker included; how many
    ordered rolls of the dice give it)."""
    out = []
    for faces in combinations_with_replacement(FACES, pool.dice):
        weight = factorial(pool.dice) // prod(factorial(faces.count(f)) for f in set(faces))
        values = faces + (() if pool.kicker is None else (pool.kicker,))
        out.append((tuple(sorted(values, reverse=True)), weight))
    return tuple(out)


@cache
def hit_chance(offence: Pool, defence: Pool, unmatched: str = "zero") -> Fraction:
    """The exact chance that `offence` hits `defence`."""
    if unmatched not in UNMATCHED:
        raise ValueError(f"unmatched must be one of {', '.join(UNMATCHED)}, not {unmatched!r}")
    won = sum(
        a_weight * d_weight
        for a_values, a_weight in _rolls(offence)
        for d_values, d_weight in _rolls(defence)
        if hits(a_values, d_values, unmatched)
    )
    return Fraction(won, 6 ** (offence.dice + defence.dice))


@dataclass(frozen=True)
class Side:
    """One side of an assault: its offensive and defensive pools for the declared kind."""

    offence: Pool
    defence: Pool


@dataclass(frozen=True)
class Assault:
    """The four outcomes of an assault, exact: who is captured."""

    defender_captured: Fraction  # only the defender
    attacker_captured: Fraction  # only the attacker
    both_captured: Fraction
    stalemate: Fraction  # nobody; the attacker goes back to its tile

    def outcomes(self) -> Iterator[tuple[str, Fraction]]:
        yield "defender_captured", self.defender_captured
        yield "attacker_captured", self.attacker_captured
        yield "both_captured", self.both_captured
        yield "stalemate", self.stalemate


def assault(attacker: Side, defender: Side, unmatched: str = "zero") -> Assault:
    """The outcomes of one assault: the attack and the counter-attack are rolled at once,
    with separate dice, so they are independent."""
    strike = hit_chance(attacker.offence, defender.defence, unmatched)
    counter = hit_chance(defender.offence, attacker.defence, unmatched)
    return Assault(
        strike * (1 - counter),
        (1 - strike) * counter,
        strike * counter,
        (1 - strike) * (1 - counter),
    )


def ability_test_chance(pool: Pool, target: int) -> Fraction:
    """An ability test: at least one die (or the kicker) reaches `target`."""
    if pool.kicker is not None and pool.kicker >= target:
        return Fraction(1)
    misses = Fraction(min(max(target - 1, 0), 6), 6)
    return 1 - misses**pool.dice
