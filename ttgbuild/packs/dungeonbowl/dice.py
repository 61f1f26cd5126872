"""Exact dice distributions: the chance of every total, by convolution, as fractions.

Dungeon Bowl's rolls are sums of ordinary dice (2D6, D6, D16) plus fixed
modifiers; printed odds must be exact, so every chance is a Fraction and
never sampled. `tests/test_dungeon_bowl_logic.py` checks each against a
brute-force enumeration of every face combination.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

Distribution = dict[int, Fraction]  # total → chance

_DICE = re.compile(r"(\d*)D(\d+)")


def parse(dice: str) -> tuple[int, int]:
    """(count, faces) of dice written like 2D6 or D16; ValueError otherwise."""
    match = _DICE.fullmatch(dice.strip().upper())
    if match is None:
        raise ValueError(f"{dice!r} is not dice written like 2D6 or D16")
    count, faces = int(match[1] or 1), int(match[2])
    if count < 1 or faces < 2:
        raise ValueError(f"{dice!r} has no dice or dice of fewer than two faces")
    return count, faces


def convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent totals."""
    out: Distribution = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@cache
def _rolled(count: int, faces: int) -> tuple[tuple[int, Fraction], ...]:
    one: Distribution = {face: Fraction(1, faces) for face in range(1, faces + 1)}
    total: Distribution = {0: Fraction(1)}
    for _ in range(count):
        total = convolve(total, one)
    return tuple(sorted(total.items()))


def distribution(dice: str, modifier: int = 0) -> Distribution:
    """Every total `dice` + `modifier` can show, with its exact chance."""
    return {total + modifier: p for total, p in _rolled(*parse(dice))}


def stand_in(base: str, switch: str, high_from: int, add: int) -> Distribution:
    """A bigger die made of two: the base die, plus `add` when the switch die shows
    `high_from` or more (a D16 from a D8 and a D6: 1-3 keeps the D8, 4-6 adds 8)."""
    _, switch_faces = parse(switch)
    high = Fraction(max(0, switch_faces - high_from + 1), switch_faces)
    out: Distribution = {}
    for face, p in distribution(base).items():
        out[face] = out.get(face, Fraction(0)) + p * (1 - high)
        out[face + add] = out.get(face + add, Fraction(0)) + p * high
    return {total: p for total, p in out.items() if p}


def at_least_one(faces: tuple[str, ...], wanted: set[str] | frozenset[str], dice: int) -> Fraction:
    """The chance that at least one of `dice` block dice shows a face in `wanted`."""
    miss = Fraction(sum(face not in wanted for face in faces), len(faces))
    return 1 - miss**dice
