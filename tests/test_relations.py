"""How numbers relate: project-choice settings, derived costs, board fairness and kit demand.

tests/test_rules.py proves one breaking fixture per check; these tests prove
each condition a check holds, that switching a choice off stops exactly its
checks, and that the kit's demand is the true maximum over legal teams.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from conftest import REPO
from test_rules import HERO, PASSIVE, codes_for, setter

from ttgbuild.core.origin import Origin
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.kit_demand import most_demanding_team, points_demand
from ttgbuild.packs.jugger.model import Hero
from ttgbuild.source.loader import load_content

RULES_FILE = "content/rules.yaml"


def _messages(project, code: str) -> list[str]:
    return [d.message for d in codes_for(project).get(code, [])]


# --- project choices ---------------------------------------------------------------------

# choice -> (a fixture that breaks its checks, the codes the choice switches off)
CHOICES = {
    "pools_fit_owned_dice": (
        lambda p: p.edit(HERO, setter("attack", value=4)),
        {"JT105"},
    ),
    "passive_talents_free": (
        lambda p: p.edit(PASSIVE, setter("cost", value={"kind": "focus", "amount": 1})),
        {"JT204"},
    ),
    "move_band_minimums": (
        lambda p: p.edit(RULES_FILE, setter("movement", "types", 1, "min", value=1)),
        {"JT401"},
    ),
}


@pytest.mark.parametrize("choice", sorted(CHOICES))
def test_a_choice_switched_off_stops_its_checks(project, choice: str) -> None:
    breaks, codes = CHOICES[choice]
    breaks(project)
    assert codes <= set(codes_for(project)), "the fixture breaks the checks while the choice is on"
    project.edit(RULES_FILE, setter("choices", choice, value=False))
    found = set(codes_for(project))
    assert not codes & found, f"{choice}: off, yet {sorted(codes & found)} reported"


def test_pool_choice_also_covers_will(project) -> None:
    project.edit(RULES_FILE, setter("attributes", "will", "max", value=9))
    project.edit(HERO, setter("will", value=9))
    assert "JT107" in codes_for(project)
    project.edit(RULES_FILE, setter("choices", "pools_fit_owned_dice", value=False))
    assert "JT107" not in codes_for(project)


def test_without_band_minimums_limits_must_still_rise(project) -> None:
    project.edit(RULES_FILE, setter("choices", "move_band_minimums", value=False))
    project.edit(RULES_FILE, setter("movement", "types", 1, "min", value=1))
    project.edit(RULES_FILE, setter("movement", "types", 1, "max", value=3))
    assert _messages(project, "JT401") == [
        "move 'run' limit 3 does not exceed the shorter move's limit 3"
    ]


def test_choices_are_required(project) -> None:
    """Every choice is written down in content: none is silently assumed by the code."""
    project.edit(RULES_FILE, lambda d: d.pop("choices"))
    assert "JT050" in codes_for(project) or "JT051" in codes_for(project)


# --- synergy, movement and derived costs -----------------------------------------------


@pytest.mark.parametrize(
    "table, message",
    [
        (
            [1, 1, 2, 3, 4],
            "synergy for a lone hero is 1; one hero has no teammate to work with and earns 0",
        ),
        (
            [0, 1, 2, 3],
            "synergy has 4 rows; a side fields up to 5 heroes of one team, one row each",
        ),
        (
            [0, 1, 2, 3, 4, 5],
            "synergy has 6 rows; a side fields up to 5 heroes of one team, one row each",
        ),
        ([0, 1, 2, 3, 2], "synergy for 5 heroes is less than for 4"),
    ],
)
def test_synergy_table_conditions(project, table: list[int], message: str) -> None:
    project.edit(RULES_FILE, setter("synergy", value=table))
    assert _messages(project, "JT403") == [message]


def test_synergy_table_may_stay_flat(project) -> None:
    project.edit(RULES_FILE, setter("synergy", value=[0, 0, 0, 0, 0]))
    assert "JT403" not in codes_for(project)


@pytest.mark.parametrize(
    "cost, value, message",
    [
        ("duel", 3, "duel costs 3 but basic_attack = 2"),
        ("attack_of_opportunity", 1, "attack_of_opportunity costs 1 but basic_attack = 2"),
        ("duel_unready_chain", 2, "duel_unready_chain costs 2 but chain_ready + duel = 3"),
    ],
)
def test_derived_costs(project, cost: str, value: int, message: str) -> None:
    project.edit(RULES_FILE, setter("costs", cost, value=value))
    assert message in _messages(project, "JT409")


def test_derived_costs_follow_their_parts(project) -> None:
    """Readying dearer and the total raised with it: consistent, so no finding."""
    project.edit(RULES_FILE, setter("costs", "chain_ready", value=2))
    project.edit(RULES_FILE, setter("costs", "duel_unready_chain", value=4))
    assert "JT409" not in codes_for(project)


# --- board fairness ---------------------------------------------------------------------


def test_shipped_board_is_fair_in_hex_steps() -> None:
    from ttgbuild.geometry.hexgrid import distance

    board = load_content(REPO, PACK).content.board
    goals = {distance(board.centre, hex_) for hex_ in board.goals.values()}
    assert len(goals) == 1


def test_lopsided_start_zones_are_reported(project) -> None:
    """The goals stay fair; only blue's zone slides back a column (and mirror symmetry breaks)."""
    project.edit("content/board.yaml", setter("start_zones", "blue", "columns", value=[18, 19]))
    assert _messages(project, "JT505") == [
        "the centre is 8..10 hex steps from the red start zone and 9..10 from the blue one"
    ]


def test_shipped_goals_have_equal_neighbourhoods() -> None:
    from ttgbuild.geometry.hexgrid import neighbours

    board = load_content(REPO, PACK).content.board
    on_field = {
        sum(0 <= c < board.columns and 0 <= r < board.rows for c, r in neighbours(hex_))
        for hex_ in board.goals.values()
    }
    assert on_field == {6}


def test_goal_on_the_edge_is_reported(project) -> None:
    """Equal steps are not enough: a goal on the end column has fewer sides to score from."""
    project.edit("content/board.yaml", setter("goals", "red", value=[0, 5]))
    project.edit("content/board.yaml", setter("goals", "blue", value=[18, 5]))
    project.edit("content/board.yaml", setter("start_zones", "red", "columns", value=[0, 1]))
    assert _messages(project, "JT505") == [
        "the red goal has 4 neighbouring hexes on the field and the blue goal 6: a Qwik can "
        "score from more sides of one of them"
    ]


def test_column_arithmetic_is_not_fairness(project) -> None:
    """The old board: goals at columns 0 and 19 look symmetric, but are 9 and 10 steps away."""
    project.edit("content/board.yaml", setter("goals", "red", value=[0, 5]))
    project.edit("content/board.yaml", setter("goals", "blue", value=[19, 5]))
    assert "the centre is 9 hex steps from the red goal and 10 from the blue goal" in _messages(
        project, "JT505"
    )


# --- kit demand -------------------------------------------------------------------------


def _hero(i: int, cost: int, stamina: int) -> Hero:
    return Hero(
        f"h{i}", f"H{i}", "t", "es", "staff", cost, 1, 1, 0, 0, 0, 0, 1, stamina, (), Origin("x")
    )


def _brute_force(heroes: list[Hero], size: int, budget: int) -> int | None:
    best = None
    for team in itertools.combinations(heroes, size):
        if sum(h.cost for h in team) <= budget:
            total = sum(h.stamina for h in team)
            best = total if best is None else max(best, total)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_knapsack_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    heroes = [_hero(i, rng.randint(1, 9), rng.randint(1, 8)) for i in range(rng.randint(3, 11))]
    size, budget = rng.randint(1, 4), rng.randint(4, 25)
    assert most_demanding_team(heroes, size, budget, lambda h: h.stamina) == _brute_force(
        heroes, size, budget
    )


def test_no_legal_team_means_no_demand() -> None:
    heroes = [_hero(0, 9, 5), _hero(1, 9, 5)]
    assert most_demanding_team(heroes, 2, 10, lambda h: h.stamina) is None
    assert most_demanding_team(heroes, 3, 99, lambda h: h.stamina) is None


def test_many_heroes_of_one_cost_stay_fast() -> None:
    """Only the best team_size heroes of each cost enter the table."""
    heroes = [_hero(i, 1 + i % 14, 1 + i % 8) for i in range(20_000)]
    assert most_demanding_team(heroes, 8, 50, lambda h: h.stamina) == 8 * 8


def test_shipped_demand() -> None:
    """The figures docs/rules-decisions.md and kit.yaml's comments rest on."""
    content = load_content(REPO, PACK).content
    assert points_demand(content, "stamina") == (36, "long")
    assert points_demand(content, "focus") == (33, "long")
    assert content.kit.counters["stamina"] >= 72 and content.kit.counters["focus"] >= 66


def test_no_legal_team_needs_no_points(project) -> None:
    """With every budget below the cheapest hero no team is legal: JT603 asks for nothing."""
    for fmt in ("short", "long"):
        project.edit(RULES_FILE, setter("formats", fmt, "budget", value=1))
    project.edit("content/kit.yaml", setter("counters", "stamina", value=0))
    assert points_demand(load_content(project.root, PACK).content, "stamina") == (0, None)
    assert _messages(project, "JT603") == []


def test_demand_follows_the_heroes(project) -> None:
    """A hero given more stamina raises the need: the kit, untouched, falls short."""
    strongest = max(
        (project.read(f"content/heroes/{p.name}") for p in Path(REPO, "content/heroes").iterdir()),
        key=lambda d: d["stamina"],
    )
    project.edit(RULES_FILE, setter("attributes", "stamina", "max", value=9))
    project.edit(f"content/heroes/{strongest['id']}.yaml", setter("stamina", value=9))
    assert any("stamina counters" in m for m in _messages(project, "JT603"))
