"""Exact combat odds: checked against brute force, sampling and the CLI contract."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest

from ttgbuild.packs.jugger.model import TieHits
from ttgbuild.packs.jugger.odds import combat_odds, pool

SHIPPED = (0, 0, 0, 1, 1, 2)
BOOK = TieHits(full_defence=False, duel=True, no_defence=True)  # ES 705, 710, 714
OTHER = TieHits(full_defence=True, duel=False, no_defence=False)  # every tie the other way


def brute_force(
    faces: tuple[int, ...], attack: int, defence: int, ties: TieHits = BOOK
) -> dict[str, dict]:
    """Every roll of every die, scored straight from rules.md §14's wording (ties: `ties`)."""
    counts: dict[str, dict[str, int]] = {
        "full_defence": {"defender_hit": 0, "no_hit": 0},
        "duel": {"defender_hit": 0, "attacker_hit": 0, "both_hit": 0, "no_hit": 0},
        "no_defence": {"defender_hit": 0, "no_hit": 0},
    }
    rolls = list(itertools.product(faces, repeat=attack + defence))
    for roll in rolls:
        a, d = sum(roll[:attack]), sum(roll[attack:])
        if all(face == 0 for face in roll[:attack]):  # all blank: automatic miss
            for choice in counts.values():
                choice["no_hit"] += 1
            continue
        tie = a == d
        full = a > d or (tie and ties.full_defence)
        counts["full_defence"]["defender_hit" if full else "no_hit"] += 1
        if tie:
            counts["duel"]["both_hit" if ties.duel else "no_hit"] += 1
        else:
            counts["duel"]["defender_hit" if a > d else "attacker_hit"] += 1
        none = a > d or (tie and ties.no_defence)
        counts["no_defence"]["defender_hit" if none else "no_hit"] += 1
    return {
        choice: {k: Fraction(v, len(rolls)) for k, v in outcomes.items()}
        for choice, outcomes in counts.items()
    }


@pytest.mark.parametrize("ties", [BOOK, OTHER])
@pytest.mark.parametrize("faces", [SHIPPED, (0, 1, 1, 2, 2, 3), (0, 0, 0, 0, 0, 1)])
@pytest.mark.parametrize(
    ("attack", "defence"), [(a, d) for a in range(0, 4) for d in range(0, 4) if a + d <= 5]
)
def test_exact_odds_equal_brute_force(
    faces: tuple[int, ...], attack: int, defence: int, ties: TieHits
) -> None:
    odds = combat_odds(faces, attack, defence, ties)
    expected = brute_force(faces, attack, defence, ties)
    assert odds.full_defence == expected["full_defence"]
    assert odds.duel == expected["duel"]
    assert odds.no_defence == expected["no_defence"]


def test_large_pools_agree_with_sampling() -> None:
    """8 against 8 is too big to enumerate; 40,000 seeded rolls must land within 4 sigma."""
    odds = combat_odds(SHIPPED, 8, 8, BOOK)
    rng = random.Random(20261121)
    trials = 40_000
    hits = {"full": 0, "duel_both": 0, "none": 0}
    for _ in range(trials):
        a = sum(rng.choice(SHIPPED) for _ in range(8))
        d = sum(rng.choice(SHIPPED) for _ in range(8))
        hits["full"] += a > 0 and a > d
        hits["duel_both"] += a > 0 and a == d
        hits["none"] += a > 0 and a >= d
    for key, p in (
        ("full", odds.full_defence["defender_hit"]),
        ("duel_both", odds.duel["both_hit"]),
        ("none", odds.no_defence["defender_hit"]),
    ):
        sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
        assert abs(hits[key] / trials - float(p)) < 4 * sigma, key


def test_hand_worked_cases() -> None:
    # One die against none: half the faces show a jugg, and a jugg beats nothing.
    one = combat_odds(SHIPPED, 1, 0, BOOK)
    assert one.full_defence["defender_hit"] == Fraction(1, 2)
    assert one.duel == {
        "defender_hit": Fraction(1, 2),
        "attacker_hit": 0,
        "both_hit": 0,
        "no_hit": Fraction(1, 2),
    }
    # No attack dice: always the automatic miss, whatever the defence.
    assert combat_odds(SHIPPED, 0, 3, BOOK).no_defence == {"defender_hit": 0, "no_hit": 1}
    # Pools sum to one and their totals range from 0 to dice x the best face.
    dist = pool(SHIPPED, 5)
    assert sum(dist.values()) == 1
    assert min(dist) == 0 and max(dist) == 10


def test_every_choice_sums_to_one_and_no_defence_is_never_better_for_the_defender() -> None:
    for attack in range(1, 9):
        for defence in range(0, 9):
            odds = combat_odds(SHIPPED, attack, defence, BOOK)
            for outcomes in (odds.full_defence, odds.duel, odds.no_defence):
                assert sum(outcomes.values()) == 1
            assert odds.no_defence["defender_hit"] >= odds.full_defence["defender_hit"]


def test_bad_dice_are_refused() -> None:
    with pytest.raises(ValueError):
        combat_odds(SHIPPED, -1, 0, BOOK)
    with pytest.raises(ValueError):
        combat_odds((), 1, 1, BOOK)


def test_cli_json_follows_the_contract(run) -> None:
    result = run("odds", "--attack", "3", "--defence", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["attack"] == 3 and data["defence"] == 2
    assert set(data["full_defence"]) == {"defender_hit", "no_hit"}
    assert set(data["duel"]) == {"defender_hit", "attacker_hit", "both_hit", "no_hit"}
    assert set(data["no_defence"]) == {"defender_hit", "no_hit"}
    for choice in ("full_defence", "duel", "no_defence"):
        assert sum(data[choice].values()) == pytest.approx(1)
    assert data["full_defence"]["defender_hit"] == pytest.approx(130 / 243)
    # rules.md §19: no book gives the faces, so the answer names them and flags them.
    assert data["faces"] == list(SHIPPED)
    assert data["faces_assumed"] is True
    assert "0, 0, 0, 1, 1, 2" in data["faces_note"] and "assumption" in data["faces_note"]


def test_cli_text_reads_the_faces_from_content(run, project) -> None:
    project.edit("content/rules.yaml", _all_twos)
    result = run("odds", "--attack", "1", "--defence", "1")
    assert result.exit_code == 0, result.output
    assert "die faces 2, 2, 2, 2, 2, 2" in result.stdout
    assert "Die faces 2, 2, 2, 2, 2, 2 (juggs per face) are this kit's assumption" in result.stdout
    assert "0, 0, 0, 1, 1, 2" not in result.stdout
    data = json.loads(run("odds", "--attack", "1", "--defence", "1", "--format", "json").stdout)
    assert data["faces"] == [2] * 6 and "2, 2, 2, 2, 2, 2" in data["faces_note"]
    # Every roll ties at two juggs: full defence never hits, a duel is always doubles.
    lines = {" ".join(line.split()[:3]): line for line in result.stdout.splitlines()}
    assert "100.00%" in lines["duel both hit"]
    assert "0.00%" in lines["full defence defender"]


def _all_twos(rules: dict) -> None:
    rules["dice"]["faces"] = [2] * 6


def test_cli_refuses_broken_rules_and_bad_counts(run, project) -> None:
    project.edit("content/rules.yaml", lambda rules: rules["dice"].update(faces="many"))
    broken = run("odds", "--attack", "1", "--defence", "1")
    assert broken.exit_code == 2
    assert "rules.yaml" in broken.output and "Traceback" not in broken.output
    assert run("odds", "--attack", "-1", "--defence", "1").exit_code == 2
    assert run("odds", "--attack", "1").exit_code == 2
