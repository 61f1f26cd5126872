"""Rosters against their team and the league's marks: limits, costs, reduced characteristics."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any


def cheapest(team: Mapping[str, Any], players: int) -> int | None:
    """The least a roster of `players` from `team` can cost (None if the limits forbid it)."""
    prices = sorted(p["cost"] for p in team["positions"] for _ in range(p["most"]))
    return sum(prices[:players]) if len(prices) >= players else None


def roster_problems(
    roster: Mapping[str, Any], team: Mapping[str, Any], game: Mapping[str, Any]
) -> list[tuple[int | None, str]]:
    """(player index or None, message): positions the team lacks, counts over a position's
    limit, and characteristics that reductions push below the game's minimum."""
    positions = {p["id"]: p for p in team["positions"]}
    lowest = {c["id"]: (c["min"], c["short"]) for c in game["characteristics"]}
    problems: list[tuple[int | None, str]] = []
    counts: Counter[str] = Counter()
    for index, player in enumerate(roster["players"]):
        position = positions.get(player["position"])
        if position is None:
            problems.append((index, f"{team['id']} has no position '{player['position']}'"))
            continue
        counts[player["position"]] += 1
        if counts[player["position"]] == position["most"] + 1:
            most = position["most"]
            problems.append((index, f"more than {most} {player['position']} on the roster"))
        for key, lost in player.get("reductions", {}).items():
            floor, short = lowest.get(key, (0, key.upper()))
            if position[key] - lost < floor:
                value = position[key] - lost
                problems.append((index, f"{short} {value} is below the minimum of {floor}"))
    return problems


def cost(roster: Mapping[str, Any], team: Mapping[str, Any]) -> int:
    """What the roster's players cost, at their positions' prices (unknown positions: 0)."""
    prices = {p["id"]: p["cost"] for p in team["positions"]}
    return sum(prices.get(player["position"], 0) for player in roster["players"])


def positions(teams: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Every positional player of every team, in file order (records keep their origin)."""
    return [position for team in teams for position in team["positions"]]
