"""Functions Pocket-Tactics' check files and layouts call: what an expression cannot say.

They read the content's generic records (read-only mappings) and return
plain values, so a check or a layout box stays one short expression.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ttgbuild.packapi.hexgrid import Facing


def hex_edges() -> list[str]:
    """The six edges of a tile by name (N, NE, SE, S, SW, NW), clockwise from north.

    Tiles are flat-topped hexes like the engine's hex grid, so grooves and the
    direction diagram name the same edges its geometry uses.
    """
    return [facing.name for facing in Facing]


def text_params(ability: Mapping[str, Any]) -> dict[str, int]:
    """The values an ability's text may show: its params, and its test's target as {target}."""
    values = dict(ability.get("params", {}))
    if "test" in ability:
        values["target"] = ability["test"]["target"]
    return values


def tested_pool(unit: Mapping[str, Any], ability: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The dice (and kicker) of `unit` an ability's test rolls, or None if the test is malformed."""
    test = ability.get("test")
    if test is None:
        return None
    combat = unit.get(test["ability"])
    if not isinstance(combat, Mapping) or test["side"] not in combat:
        return None
    return combat[test["side"]]


def certain_tests(unit: Mapping[str, Any], abilities: list[Mapping[str, Any]]) -> list[str]:
    """The ids of the unit's abilities whose test its kicker alone always passes."""
    out = []
    for ability in abilities:
        pool = tested_pool(unit, ability)
        if pool is not None and pool.get("kicker", -1) >= ability["test"]["target"]:
            out.append(ability["id"])
    return out


def pool_at(unit: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    """The dice mapping a field path ends in (`melee/offence/kicker` → the melee offence)."""
    value: Any = unit
    for part in path.split("/")[:-1]:
        value = value.get(part, {}) if isinstance(value, Mapping) else {}
    return value if isinstance(value, Mapping) else {}


def repeated(values: list[Any]) -> list[Any]:
    """The values a list holds more than once, each said once, in first order."""
    seen: set[Any] = set()
    twice: list[Any] = []
    for value in values:
        if value in seen and value not in twice:
            twice.append(value)
        seen.add(value)
    return twice


def outside(values: list[Any], low: int, high: int) -> list[Any]:
    """The values of a list outside low..high (each a whole number, or it is outside)."""
    return [v for v in values if not isinstance(v, int) or not low <= v <= high]


def shown_hit(pair: Mapping[str, Any]) -> bool:
    """Whether a worked example's row of dice reads right as drawn: offensive and defensive
    dice 1..6, highest first, as many on each side, each pair a hit or a tie, one a hit
    (the figure marks every pair, and its caption says the unit is captured)."""
    offence, defence = list(pair["offence"]), list(pair["defence"])
    faces = outside(offence + defence, 1, 6) == []
    ordered = all(dice == sorted(dice, reverse=True) for dice in (offence, defence))
    paired = len(offence) == len(defence)
    return (
        faces
        and ordered
        and paired
        and all(map(int.__ge__, offence, defence))
        and offence != defence
    )


def used_abilities(units: list[Mapping[str, Any]]) -> set[str]:
    """Every special ability some unit has."""
    return {ability for unit in units for ability in unit["abilities"]}


def affinities(units: list[Mapping[str, Any]]) -> set[str]:
    """Every terrain some unit has as its affinity."""
    return {terrain for unit in units for terrain in unit["affinity"]}


def tunnel_tiles(terrains: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Every tunnel tile pattern of every terrain (records, each with its origin)."""
    return [tunnel for terrain in terrains for tunnel in terrain.get("tunnels", ())]


def tile_count(terrain: Mapping[str, Any]) -> int:
    """How many tiles of a terrain the kit holds, tunnel tiles included."""
    return int(terrain["tiles"]) + sum(int(t["count"]) for t in terrain.get("tunnels", ()))


def tile_total(terrains: list[Mapping[str, Any]]) -> int:
    """Every terrain tile the kit holds."""
    return sum(tile_count(terrain) for terrain in terrains)


def largest_army(units: list[Mapping[str, Any]]) -> int:
    """The most units any faction has: the slots a player's mat needs."""
    counts: dict[str, int] = {}
    for unit in units:
        counts[unit["faction"]] = counts.get(unit["faction"], 0) + 1
    return max(counts.values(), default=0)


def assault_dice(units: list[Mapping[str, Any]], game: Mapping[str, Any]) -> int:
    """The most dice one assault between two units rolls from their cards (kickers are never
    rolled), all four pools at once: every pool stays on the table until the re-rolls are
    used, so this is how many dice the rulebook must say a table may need (issue 38)."""
    answers = game["counters"]
    kinds = [ability["id"] for ability in game["abilities"] if ability["id"] != "power"]

    def rows(unit: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
        return [(unit[row].get("kind", row), unit[row]) for row in (*kinds, "power")]

    def dice(row: Mapping[str, Any]) -> int:
        return int(row["offence"].get("dice", 0)) + int(row["defence"].get("dice", 0))

    most = 0
    for attacker in units:
        for kind, row in rows(attacker):
            if not (row["offence"].get("dice") or "kicker" in row["offence"]):
                continue
            declared = game["magitech_declares"] if kind == "magitech" else [kind]
            for defender in units:
                answer = max(
                    (
                        dice(other)
                        for own, other in rows(defender)
                        if any(own in answers.get(each, ()) for each in declared)
                    ),
                    default=0,
                )
                most = max(most, dice(row) + answer)
    return most


def named(table: list[Mapping[str, Any]], ident: str) -> str:
    """The English name of `ident` in a table of {id, name} (the id itself if absent)."""
    return next((str(row["name"]) for row in table if row["id"] == ident), ident)


def defence_kinds(game: Mapping[str, Any]) -> list[str]:
    """The kinds a defending ability may be: melee, ballistic and each power kind."""
    fixed = [ability["id"] for ability in game["abilities"] if ability["id"] != "power"]
    return fixed + [kind["id"] for kind in game["power_kinds"]]


def combat_rows(unit: Mapping[str, Any], game: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The stat card's three combat rows: the ability's name, the power's kind, both pools."""
    kinds = {kind["id"]: kind["name"] for kind in game["power_kinds"]}
    rows = []
    for ability in game["abilities"]:
        combat = unit[ability["id"]]
        kind = kinds.get(combat.get("kind", ""), "")
        rows.append(
            {
                "id": ability["id"],
                "name": ability["name"],
                "kind_id": combat.get("kind", ""),
                "kind": kind,
                "offence": combat["offence"],
                "defence": combat["defence"],
            }
        )
    return rows


def joined_names(ids: list[str], table: list[Mapping[str, Any]], label: str, translate: Any) -> str:
    """The names of `ids` from a table of {id, name} in the page's language, joined by ' · '.

    `label` is the translators' context label: a folder kind's (`terrain`), or
    for a list of content/game.yaml the list's name (`types`).
    """
    names = {row["id"]: row["name"] for row in table}
    return " · ".join(
        translate(label, ident, "name", names[ident]) for ident in ids if ident in names
    )


def answer_names(game: Mapping[str, Any], kind: str, translate: Any) -> str:
    """The kinds that may answer an assault declared as `kind`, in the page's language.

    Read from the counter table `assault-odds` resolves with, so the reference cannot
    state a rule the odds do not follow. A kind is named from the attack kinds or,
    for magitech, the power kinds; an unknown one (PT111 reports it) prints its id.
    """
    tables = {"attack_kinds": game["attack_kinds"], "power_kinds": game["power_kinds"]}
    names = []
    for ident in game["counters"].get(kind, ()):
        found = next(
            ((label, row) for label, rows in tables.items() for row in rows if row["id"] == ident),
            None,
        )
        label, row = found if found is not None else ("", {"name": ident})
        names.append(translate(label, ident, "name", row["name"]) if label else ident)
    return " · ".join(names)


FUNCTIONS = {
    "answer_names": answer_names,
    "combat_rows": combat_rows,
    "joined_names": joined_names,
    "hex_edges": hex_edges,
    "pool_at": pool_at,
    "used_abilities": used_abilities,
    "affinities": affinities,
    "tunnel_tiles": tunnel_tiles,
    "tile_count": tile_count,
    "tile_total": tile_total,
    "largest_army": largest_army,
    "assault_dice": assault_dice,
    "named": named,
    "defence_kinds": defence_kinds,
    "text_params": text_params,
    "certain_tests": certain_tests,
    "repeated": repeated,
    "outside": outside,
    "shown_hit": shown_hit,
}
