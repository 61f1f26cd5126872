"""Pocket-Tactics' assault odds: the enumeration against every ordered roll, the worked
example, ability tests, and `ttgbuild assault-odds` as a user runs it."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from tests.conftest import assert_no_crash, run_cli
from ttgbuild.packs.pockettactics.odds import (
    Pool,
    Side,
    ability_test_chance,
    assault,
    hit_chance,
    hits,
)

GAME = Path(__file__).resolve().parents[1] / "games" / "pocket-tactics"
FACES = (1, 2, 3, 4, 5, 6)
KICKERS = (None, 0, 3, 6)
POOLS = [Pool(n, k) for n in range(3) for k in KICKERS]


def brute_force(offence: Pool, defence: Pool, unmatched: str = "zero") -> Fraction:
    """The chance from every ordered roll of every die, resolved without odds.hits: sorted
    highest first, both sides made as long (zeros added, or the extra dice dropped), the
    first unequal pair decides, which is how Python compares tuples."""
    won = 0
    for roll in product(FACES, repeat=offence.dice + defence.dice):
        mine = sorted(roll[: offence.dice] + _kicker(offence), reverse=True)
        theirs = sorted(roll[offence.dice :] + _kicker(defence), reverse=True)
        if unmatched == "zero":
            length = max(len(mine), len(theirs))
            mine, theirs = mine + [0] * (length - len(mine)), theirs + [0] * (length - len(theirs))
        else:
            length = min(len(mine), len(theirs))
            mine, theirs = mine[:length], theirs[:length]
        won += tuple(mine) > tuple(theirs)
    return Fraction(won, 6 ** (offence.dice + defence.dice))


def _kicker(pool: Pool) -> tuple[int, ...]:
    return () if pool.kicker is None else (pool.kicker,)


@pytest.mark.parametrize("unmatched", ["zero", "ignored"])
def test_the_enumeration_equals_brute_force_for_every_small_matchup(unmatched: str) -> None:
    """Every pool of 0-2 dice with no kicker or a kicker of 0, 3 or 6, against every other."""
    for offence, defence in product(POOLS, POOLS):
        assert hit_chance(offence, defence, unmatched) == brute_force(offence, defence, unmatched)


def test_three_against_three_with_kickers_equals_brute_force() -> None:
    for offence, defence in [(Pool(3), Pool(3)), (Pool(3, 5), Pool(2, 2)), (Pool(1), Pool(3, 0))]:
        assert hit_chance(offence, defence) == brute_force(offence, defence)


def test_the_worked_example_captures_both_units() -> None:
    """Offence 6 against defence 1 hits; the counter [6, 4] against [6, 3]: 6s cancel, 4 > 3."""
    assert hits((6,), (1,), "zero")
    assert hits((6, 4), (6, 3), "zero")
    assert not hits((6, 3), (6, 4), "zero")


def test_ties_and_unmatched_dice_follow_the_setting() -> None:
    assert not hits((5, 2), (5, 2), "zero")  # every pair ties: a stalemate
    assert hits((5, 2), (5,), "zero")  # the unopposed 2 beats a missing die (0)
    assert not hits((5, 2), (5,), "ignored")
    assert not hits((5,), (5, 2), "zero")
    assert not hits((0,), (), "zero")  # a kicker of 0 against nothing ties


def test_known_values() -> None:
    assert hit_chance(Pool(1), Pool(1)) == Fraction(15, 36)
    assert hit_chance(Pool(0), Pool(0)) == 0
    assert hit_chance(Pool(1), Pool(0)) == 1
    assert hit_chance(Pool(0, 6), Pool(1)) == Fraction(5, 6)


def test_an_assault_outcomes_add_up_and_are_independent() -> None:
    result = assault(Side(Pool(2, 4), Pool(1)), Side(Pool(1), Pool(2)))
    total = sum(p for _, p in result.outcomes())
    assert total == 1
    strike = hit_chance(Pool(2, 4), Pool(2))
    assert result.defender_captured + result.both_captured == strike


def test_ability_tests() -> None:
    assert (
        ability_test_chance(Pool(2), 5) == 1 - Fraction(4, 6) ** 2
    )  # 55.6 %, the digest's example
    assert ability_test_chance(Pool(1, 5), 5) == 1
    assert ability_test_chance(Pool(0), 3) == 0
    assert ability_test_chance(Pool(3), 1) == 1


def test_the_command_gives_exact_odds_of_two_units() -> None:
    result = run_cli(GAME, "assault-odds", "thorn-warden", "brass-sentinel", "--format", "json")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["attacker"] == {"offence": "2", "defence": "2+6"}
    outcomes = {k: Fraction(v) for k, v in data["outcomes"].items()}
    assert sum(outcomes.values()) == 1
    expected = assault(Side(Pool(2), Pool(2, 6)), Side(Pool(2), Pool(2)))
    assert outcomes == dict(expected.outcomes())


def test_the_command_reads_written_pools_and_the_base() -> None:
    text = run_cli(GAME, "assault-odds", "1/2", "1/2")
    assert text.exit_code == 0 and "stalemate" in text.stdout and "25921/46656" in text.stdout
    base = run_cli(GAME, "assault-odds", "harpoon-crew", "base", "--kind", "ballistic")
    assert base.exit_code == 0
    assert "(0 / 3)" in base.stdout  # a base defends with the content's 3 dice, never strikes


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("wisp", "gearwright", "--kind", "tech"), "wisp cannot assault as tech"),
        (("nobody", "wisp"), "'nobody' is neither a unit"),
        (("wisp", "wisp", "--kind", "fire"), "--kind 'fire' is not an attack kind"),
        (("9/1", "1/1"), "pool 9 is off the rules"),
        (("1+7/1", "1/1"), "pool 1+7 is off the rules"),
    ],
)
def test_the_command_refuses_what_the_rules_do_not_allow(args: tuple[str, ...], words: str) -> None:
    result = run_cli(GAME, "assault-odds", *args)
    assert_no_crash(result)
    assert result.exit_code == 2
    assert words in result.stderr


def test_the_command_refuses_another_game(tmp_path: Path) -> None:
    result = run_cli(Path(__file__).resolve().parents[1], "assault-odds", "1/1", "1/1")
    assert result.exit_code == 2 and "a pocket-tactics command" in result.stderr
