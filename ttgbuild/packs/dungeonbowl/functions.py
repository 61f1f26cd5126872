"""The game logic Dungeon Bowl's check files, layouts and sheets call by name.

Each `…_faults` function returns one small record per problem, holding its
`message` and the `origin` of the row, map line or player that causes it;
a check file reads them with `each:` and reports each where it points
(data/checks/*.checks.yaml). The other functions hand the reference sheet
exact odds (dice.py, tables.py) as finished rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ttgbuild.packapi.content import Record
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packs.dungeonbowl import dice, dungeon, roster, tables

NIGGLING = "niggling"  # the id of the modifier each niggling injury adds (L129)
ARMOUR = "av"  # the characteristic the armour roll must beat (L101)


HALF_UP = Fraction(1, 10**9)  # far below any real odds' difference


def printed(p: Fraction) -> float:
    """An exact chance for a sheet's whole-percent cell, exact halves rounded up.

    The sheet rounds to whole percents with Python's round (half to even),
    which printed the D16's 37.5 % as 38 but its 12.5 % as 12. A chance
    that is an exact half percent is nudged up by HALF_UP, so every half
    rounds the same way (up), as a reader expects.
    """
    return float(p + HALF_UP) if (p * 100).denominator == 2 else float(p)


def _fault(origin: Origin, message: str) -> Record:
    return Record({"message": message}, origin)


def table_faults(all_tables: Sequence[Any]) -> list[Record]:
    """Modified rolls that land on no row or on two, at the row that causes each."""
    return [
        _fault(table.origin.at("rows", index), message)
        for table in all_tables
        for index, message in tables.reach_problems(table)
    ]


def order_faults(all_tables: Sequence[Any]) -> list[Record]:
    """Rows written out of low-to-high order, at the row out of order (DB-C02)."""
    return [
        _fault(table.origin.at("rows", index), message)
        for table in all_tables
        for index, message in tables.order_problems(table["rows"])
    ]


def niggling_of(table: Any) -> Mapping[str, Any] | None:
    """The table's niggling-injury modifier (the one with id `niggling`), or None."""
    if not table:
        return None
    return next((m for m in table.get("modifiers", ()) if m["id"] == NIGGLING), None)


def injury_niggling(all_tables: Sequence[Any], game: Any) -> Mapping[str, Any] | None:
    """The niggling modifier of the game's injury table (None if it has none)."""
    table = next((t for t in all_tables if t["id"] == game["injury_table"]), None)
    return niggling_of(table)


def other_niggling(all_tables: Sequence[Any], game: Any) -> list[Any]:
    """The niggling modifiers of every table but the injury table (each keeps its origin)."""
    found = (niggling_of(t) for t in all_tables if t["id"] != game["injury_table"])
    return [modifier for modifier in found if modifier is not None]


def dungeon_faults(board: Any, die: str) -> list[Record]:
    """The map's problems (dungeon.py), each at its map row (or at the map)."""
    return [
        _fault(board.origin.at("map", row) if row is not None else board.origin.at("map"), text)
        for row, text in dungeon.problems(board["map"], die)
    ]


def roster_faults(rosters: Sequence[Any], teams: Sequence[Any], game: Any) -> list[Record]:
    """Unknown positions, counts over a limit and reductions below a minimum, at the player."""
    by_id = {team["id"]: team for team in teams}
    out = []
    for sheet in rosters:
        team = by_id.get(sheet["team"])
        if team is None:
            continue  # the team reference check reports it
        for index, text in roster.roster_problems(sheet, team, game):
            out.append(_fault(sheet.origin.at("players", index, "position"), text))
    return out


def token_number_faults(rosters: Sequence[Any], teams: Sequence[Any], game: Any) -> list[Record]:
    """Roster numbers no printed token carries, at the player's number.

    A roster's number is the player's token number, as on tokens.pdf: the tokens of
    a position are numbered 1 to its `most` (at most the roster's `max_players`), so
    a number past that, or one an earlier player of the same position holds, names
    no token of its own.
    """
    by_id = {team["id"]: team for team in teams}
    out = []
    for sheet in rosters:
        team = by_id.get(sheet["team"])
        if team is None:
            continue  # the team reference check reports it
        tokens = {p["id"]: min(p["most"], game["roster"]["max_players"]) for p in team["positions"]}
        seen: set[tuple[str, int]] = set()
        for index, player in enumerate(sheet["players"]):
            position, number = player["position"], player["number"]
            where = sheet.origin.at("players", index, "number")
            if position not in tokens:
                continue  # the roster check reports the unknown position
            if number > tokens[position]:
                text = f"{position} tokens run from 1 to {tokens[position]}, not to {number}"
                out.append(_fault(where, text))
            elif (position, number) in seen:
                text = f"{position} token {number} is another player's of {sheet['name']} already"
                out.append(_fault(where, text))
            seen.add((position, number))
    return out


def roster_cost(sheet: Any, teams: Sequence[Any]) -> int:
    """A roster's cost in thousands of crowns (0 if its team is unknown)."""
    team = next((t for t in teams if t["id"] == sheet["team"]), None)
    return roster.cost(sheet, team) if team is not None else 0


def chest_squares(board: Any) -> int:
    """How many chests the map holds."""
    return len(dungeon.squares(board["map"], dungeon.CHEST))


def stand_in_exact(d16: Mapping[str, Any], dice_written: str) -> bool:
    """Whether the stand-in dice give every face of `dice_written` with the same chance."""
    try:
        made = dice.stand_in(d16["base"], d16["switch"], d16["high_from"], d16["add"])
    except ValueError:
        return False
    return made == dice.distribution(dice_written)


def whole_percents(column: Sequence[Fraction]) -> list[float]:
    """A table column's chances for whole-percent cells that always add up to 100.

    A roll lands on exactly one row, so a column's chances add up to 1; each
    rounded on its own, they can print 101 or 102 (the D16's 37.5, 18.75,
    18.75, 12.5, 12.5), and the sheet promises 100. Largest remainder
    instead: every chance rounds down and the points still missing go to the
    largest remainders (ties to the larger chance). Equal chances are one
    group that prints alike when it can, since a reader takes 17 against 16
    for a difference: if passing over the groups too big for the points left
    lets whole groups take every point, so it is (0.354, 0.354, 0.292: 35, 35,
    30); otherwise the points go by largest remainder alone, row by row in
    row order within a group (three thirds: 34, 33, 33), so no chance is
    printed further from its value than largest remainder allows. A chance
    that would print 0 or 100 though it is neither keeps its own value, so the
    sheet prints "<1" or ">99" rather than call it impossible or certain.
    """
    floors = [int(p * 100) for p in column]
    missing = 100 - sum(floors) if sum(column) == 1 else 0
    groups: dict[Fraction, list[int]] = {}
    for i, p in enumerate(column):
        if p * 100 != int(p * 100):  # a whole percent already takes no point
            groups.setdefault(p, []).append(i)
    by_remainder = sorted(groups, key=lambda p: (-(p * 100 - int(p * 100)), -p))
    shown = list(floors)
    alike = [groups[p] for p in by_remainder]
    taken = _whole_groups(alike, missing)  # None: largest remainder alone, row by row
    rows = [i for group in (alike if taken is None else taken) for i in group]
    for i in rows[:missing]:
        shown[i] += 1
    return [
        float(p) if (n == 0 < p) or (n == 100 and p < 1) else n / 100
        for p, n in zip(column, shown, strict=True)
    ]


def _whole_groups(groups: list[list[int]], points: int) -> list[list[int]] | None:
    """The groups (largest remainder first) that take exactly `points` whole, each passed
    over when bigger than the points left; None when some points would be left over."""
    taken = []
    for group in groups:
        if len(group) <= points:
            taken.append(group)
            points -= len(group)
    return taken if points == 0 else None


def odds(table: Any) -> list[dict[str, Any]]:
    """Each row of a table with its chance under every modifier total (tables.py), each
    column rounded as a whole (whole_percents) so that it adds up to 100 on the sheet."""
    entries = tables.odds_rows(table)
    chances = (entry["chances"] for entry in entries)
    columns = [whole_percents(column) for column in zip(*chances, strict=True)]
    return [
        {"row": entry["row"], "chances": [column[i] for column in columns]}
        for i, entry in enumerate(entries)
    ]


def modifier_totals(table: Any) -> list[int]:
    """The modifier totals a table's odds columns are for."""
    return tables.modifier_totals(table.get("modifiers", ()))


def armour_odds(game: Any) -> list[dict[str, Any]]:
    """Per AV from the armour characteristic's minimum to its maximum: the chance armour breaks.

    The range is the content's (`characteristics`, id `av`): reductions can
    take AV down to its minimum, so every value a player can have is printed.
    """
    armour = game["armour"]
    bounds = next(c for c in game["characteristics"] if c["id"] == ARMOUR)
    rolls = dice.distribution(armour["dice"])
    out = []
    for av in range(bounds["min"], bounds["max"] + 1):
        least = av + armour["beat_by"]
        broken = sum((p for total, p in rolls.items() if total >= least), Fraction(0))
        out.append({"av": av, "broken": printed(broken)})
    return out


def block_odds(game: Any) -> list[dict[str, Any]]:
    """Per block result: the chance at least one of 1, 2, 3… dice shows it."""
    faces = tuple(game["block"]["faces"])
    counts = sorted({entry["dice"] for entry in game["block"]["dice"]})
    return [
        {
            "result": result,
            "chances": [printed(dice.at_least_one(faces, {result["id"]}, n)) for n in counts],
        }
        for result in game["block"]["results"]
    ]


def d16_rows(d16: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The stand-in's two halves: switch faces low or high, and the totals each gives."""
    _, base = dice.parse(d16["base"])
    _, switch = dice.parse(d16["switch"])
    return [
        {"switch": [1, d16["high_from"] - 1], "totals": [1, base]},
        {"switch": [d16["high_from"], switch], "totals": [1 + d16["add"], base + d16["add"]]},
    ]


def injury_chain(all_tables: Sequence[Any], game: Any) -> dict[str, Any]:
    """The tables a knocked-down player goes through, read from the data's links, so the
    sheet's chain names the tables the rows really send to (never fixed words):
    `injury` the game's injury table, `stunty` the table for the rules' stunty trait,
    `casualty` the table the injury table's rows roll on next, `reduction` the table the
    casualty table's rows roll on next. A link the content lacks is None."""
    by_id = {table["id"]: table for table in all_tables}

    def next_of(table: Any) -> Any:
        targets = [row["then"] for row in table["rows"] if "then" in row] if table else []
        return by_id.get(targets[0]) if targets else None

    injury = by_id.get(game["injury_table"])
    stunty_trait = game["rule_skills"]["stunty"]
    stunty = next((t for t in all_tables if t.get("for_trait") == stunty_trait), None)
    casualty = next_of(injury)
    reduction = next_of(casualty)
    return {"injury": injury, "stunty": stunty, "casualty": casualty, "reduction": reduction}


def ordinary_dice(all_tables: Sequence[Any], game: Any) -> list[dict[str, Any]]:
    """The ordinary dice a coach needs, each kind with the most rolled at once: every
    table's dice, the armour roll and the portal die, with the D16 stand-in's two dice in
    place of the die it stands for (a household has no D16). Sorted by faces, so the guide
    lists them from the data (two D6 and one D8 today), never in fixed words."""
    stand = game["d16"]
    written = [game["armour"]["dice"], game["teleport"]["die"], *(t["dice"] for t in all_tables)]
    need: dict[int, int] = {}
    for rolled in written:
        if rolled == stand["stands_for"]:
            together: dict[int, int] = {}
            for part in (stand["base"], stand["switch"]):
                faces = dice.parse(part)[1]
                together[faces] = together.get(faces, 0) + 1
        else:
            count, faces = dice.parse(rolled)
            together = {faces: count}
        for faces, count in together.items():
            need[faces] = max(need.get(faces, 0), count)
    return [
        {"count": need[faces], "die": f"D{faces}", "written": f"{need[faces]} \u00d7 D{faces}"}
        for faces in sorted(need)
    ]


def team_positions(teams: Sequence[Any]) -> list[dict[str, Any]]:
    """Every positional player with its team: the player cards read `record.team`, `.position`."""
    return [{"team": team, "position": p} for team in teams for p in team["positions"]]


def lost_points(player: Mapping[str, Any], game: Any) -> str:
    """A roster line's lost characteristic points, like "\u22121 AV" (a dash for none)."""
    shorts = {c["id"]: c["short"] for c in game["characteristics"]}
    lost = player.get("reductions", {})
    return ", ".join(f"\u2212{n} {shorts.get(k, k)}" for k, n in lost.items()) or "\u2013"


def rows_of(all_tables: Sequence[Any]) -> list[Any]:
    """Every row of every table, in file order (each keeps its origin)."""
    return [row for table in all_tables for row in table["rows"]]


def row_params(
    row: Any,
    all_tables: Sequence[Any],
    game: Any,
    translated: Callable[..., str] | None = None,
) -> dict[str, Any]:
    """What a table row's effect prints through its placeholders, read from the row's own
    data, so no effect restates a link or a number in words: `{then}` the name of the table
    `then` sends to (translated when the sheet passes its `translated`), `{applied}` and
    `{applied_table}` the result `applies` names and its table, `{by}` and
    `{characteristic}` the points `reduce` takes and the characteristic's short name. A row
    gives only the names its data holds; a link to nothing gives none (DB104, DB105 say so)."""

    def say(kind: str, ident: str, name: str) -> str:
        return translated(kind, ident, "name", name) if translated else name

    out: dict[str, Any] = {}
    by_id = {table["id"]: table for table in all_tables}
    target = by_id.get(row.get("then", ""))
    if target is not None:
        out["then"] = say("table", target["id"], target["name"])
    table_id, _, result = row.get("applies", "").partition("/")
    applied = by_id.get(table_id)
    hit = next((r for r in applied["rows"] if r["result"] == result), None) if applied else None
    if hit is not None:
        out["applied_table"] = say("table", applied["id"], applied["name"])
        out["applied"] = say("rows", "", hit["name"])
    reduce = row.get("reduce")
    if reduce is not None:
        out["by"] = reduce["by"]
        shorts = {c["id"]: c["short"] for c in game["characteristics"]}
        out["characteristic"] = shorts.get(reduce["characteristic"], reduce["characteristic"])
    return out


def skill_params(skill: Any, all_tables: Sequence[Any]) -> dict[str, Any]:
    """A skill's params with each table reference replaced by the row end it names.

    A reference that names no table, result or number is left out (DB125
    reports it at the param), so no wrong number is printed.
    """
    out = {}
    for name, value in skill.get("params", {}).items():
        if isinstance(value, Mapping):
            value = _row_end(value, all_tables)
        if value is not None:
            out[name] = value
    return out


def param_faults(skills: Sequence[Any], all_tables: Sequence[Any]) -> list[Record]:
    """Skill params that reference a table row end that does not exist, at the param."""
    out = []
    for skill in skills:
        for name, value in skill.get("params", {}).items():
            if isinstance(value, Mapping) and _row_end(value, all_tables) is None:
                text = (
                    f"no {value['end']} end of row {value['result']} "
                    f"in a table {value['table']} for {{{name}}}"
                )
                out.append(_fault(skill.origin.at("params", name), text))
    return out


def _row_end(ref: Mapping[str, Any], all_tables: Sequence[Any]) -> int | None:
    """The low or high end of a table's row, by table and result id (None if missing or open)."""
    table = next((t for t in all_tables if t["id"] == ref["table"]), None)
    rows = [r for r in table["rows"] if r["result"] == ref["result"]] if table else []
    return rows[0][ref["end"]] if rows else None


def initials(name: str) -> str:
    """A team's initials for its emblem: the first letters of its capitalised words, at most
    two ("Cinderdeep Tinkers" CT, "Caldereros de Ceniza" CC, "Moorsumpf-Quaker" MQ), else
    its first letter."""
    words = name.replace("-", " ").split()
    letters = [word[0] for word in words if word[:1].isupper()] or [name[:1]]
    return "".join(letters[:2]).upper()


def skill_names(ids: Sequence[str], translated: Any, skills: Sequence[Any]) -> str:
    """Skill and trait names in the locale, joined by commas (`translated` is the engine's);
    a dash for none, as a roster line's lost points, so no cell of the table looks forgotten."""
    names = {skill["id"]: skill["name"] for skill in skills}
    joined = ", ".join(translated("skill", i, "name", names.get(i, i)) for i in ids)
    return joined or "\u2013"


FUNCTIONS: dict[str, Any] = {
    "table_faults": table_faults,
    "dungeon_faults": dungeon_faults,
    "order_faults": order_faults,
    "niggling_of": niggling_of,
    "injury_niggling": injury_niggling,
    "other_niggling": other_niggling,
    "roster_faults": roster_faults,
    "roster_cost": roster_cost,
    "token_number_faults": token_number_faults,
    "cheapest_roster": roster.cheapest,
    "positions": roster.positions,
    "chest_squares": chest_squares,
    "stand_in_exact": stand_in_exact,
    "odds": odds,
    "modifier_totals": modifier_totals,
    "armour_odds": armour_odds,
    "block_odds": block_odds,
    "d16_rows": d16_rows,
    "skill_names": skill_names,
    "initials": initials,
    "skill_params": skill_params,
    "row_params": row_params,
    "param_faults": param_faults,
    "rows_of": rows_of,
    "lost_points": lost_points,
    "team_positions": team_positions,
    "injury_chain": injury_chain,
    "ordinary_dice": ordinary_dice,
}
