"""The most focus or stamina a legal team can hold: the game logic kit check JT603 calls.

Every kit sufficiency check (JT602 to JT611) is declared in data/checks/kit.checks.yaml,
with the rules' reasons beside each. JT603's worst case is the one that data cannot
say: the best sum over team_size distinct heroes within a budget is a knapsack. So it
is worked out here and offered to the check files as `points_demand`
(checkfunctions.py, the pack's `functions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ttgbuild.packs.jugger.model import HERO_NUMBERS, Content, Hero


class PointsDemand(NamedTuple):
    """The counters one side can need and the format whose team needs them."""

    points: int
    format: str | None  # None when no team is legal


def most_demanding_team(
    heroes: list[Hero], team_size: int, budget: int, value: Callable[[Hero], int]
) -> int | None:
    """The largest total `value` of `team_size` distinct heroes costing at most `budget` together.

    A knapsack over costs with an exact team size. Among heroes of one cost a team
    can only profit from the `team_size` of highest value, so the rest are set aside
    first and the table stays small however many heroes there are. None when no
    legal team exists.
    """
    by_cost: dict[int, list[int]] = {}
    for hero in heroes:
        if hero.cost <= budget:
            by_cost.setdefault(hero.cost, []).append(value(hero))
    unreached = -1
    # best[k][c]: the largest value of k heroes costing exactly c
    best = [[unreached] * (budget + 1) for _ in range(team_size + 1)]
    best[0][0] = 0
    for cost, values in by_cost.items():
        for gain in sorted(values, reverse=True)[:team_size]:
            for k in range(team_size - 1, -1, -1):
                row, above = best[k], best[k + 1]
                for spent in range(budget - cost, -1, -1):
                    if row[spent] != unreached and row[spent] + gain > above[spent + cost]:
                        above[spent + cost] = row[spent] + gain
    top = max(best[team_size])
    return None if top == unreached else top


def legal_heroes(content: Content) -> list[Hero]:
    """Heroes whose numbers all lie in their ranges: a hero out of range is in no legal
    team, and JT104 already reports it."""
    bounds = [(name, *content.rules.attributes[name]) for name in HERO_NUMBERS]
    return [
        hero
        for hero in content.heroes
        if all(low <= getattr(hero, name) <= high for name, low, high in bounds)
    ]


def points_demand(content: Content, attribute: str) -> PointsDemand:
    """Counters of `attribute` (focus or stamina) one side can need, and the format needing them.

    Every hero of a team keeps its points on its card, reserves included, so the
    whole team counts. Where no team is legal no counters are needed: 0, in no format.
    """
    heroes = legal_heroes(content)
    demands = []
    for fmt in content.rules.formats.values():
        need = most_demanding_team(
            heroes, fmt.team_size, fmt.budget, lambda h: getattr(h, attribute)
        )
        if need is not None:
            demands.append(PointsDemand(need, fmt.id))
    return max(demands, default=PointsDemand(0, None))
