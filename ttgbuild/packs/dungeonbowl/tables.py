"""Dice tables under their modifiers: exact odds per row, and rolls no row catches.

A table is read with every total its modifiers can add: niggling injuries
push the injury roll up (+1 each, up to `most`), range and marking push the
accuracy roll down. `reach_problems` finds each modified total that lands
on no row, or on two, and names the row that causes it, which the engine's
dice-table check (unmodified rolls only) cannot see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import Any

from ttgbuild.packs.dungeonbowl.dice import distribution, parse


def modifier_totals(modifiers: Sequence[Mapping[str, Any]]) -> list[int]:
    """Every total the table's modifiers can add to one roll (0 when none applies), sorted.

    Modifiers sharing a `group` exclude each other (a pass is short or long,
    never both): at most one of a group applies to a roll, so their amounts
    never add up to a total no roll can carry.
    """
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for index, modifier in enumerate(modifiers):
        groups.setdefault(modifier.get("group") or f"#{index}", []).append(modifier)
    choices = [
        sorted({0} | {m["amount"] * k for m in members for k in range(1, m["most"] + 1)})
        for members in groups.values()
    ]
    return sorted({sum(pick) for pick in product(*choices)} if choices else {0})


def order_problems(rows: Sequence[Mapping[str, Any]]) -> list[tuple[int, str]]:
    """(row index, message) for each row that starts below the row before it (DB-C02).

    Rows run low to high: a row whose low end lies under the previous row's
    is out of order (an open low end counts as lowest). Rows that start above
    the previous one but overlap it are the dice-table check's to report.
    """

    def start(row: Mapping[str, Any]) -> float:
        return float("-inf") if row["low"] is None else row["low"]

    return [
        (i, f"rows run low to high, but {_label(rows[i])} comes after {_label(rows[i - 1])}")
        for i in range(1, len(rows))
        if start(rows[i]) < start(rows[i - 1])
    ]


def _label(row: Mapping[str, Any]) -> str:
    """A row's range as the reference sheet prints it: 2-7, 10+, ≤1."""
    low, high = row["low"], row["high"]
    if low is None:
        return f"\u2264{high}"
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def row_of(rows: Sequence[Mapping[str, Any]], total: int) -> list[int]:
    """The indexes of the rows a total lands on (none, one, or more when they overlap)."""
    return [
        i
        for i, row in enumerate(rows)
        if (row["low"] is None or row["low"] <= total)
        and (row["high"] is None or total <= row["high"])
    ]


def row_odds(table: Mapping[str, Any], modifier: int = 0) -> list[Fraction]:
    """The exact chance of each row of `table` when `modifier` is added to the roll."""
    chances = [Fraction(0)] * len(table["rows"])
    for total, p in distribution(table["dice"], modifier).items():
        for index in row_of(table["rows"], total)[:1]:
            chances[index] += p
    return chances


def reach_problems(table: Mapping[str, Any]) -> list[tuple[int, str]]:
    """(row index, message) for each modified total that no row or two rows catch.

    A total past every row is blamed on the row that closes that end, a
    total in a gap on the row after the gap, a total on two rows on the
    second of them; each row is reported once, with its first such total.
    """
    count, faces = parse(table["dice"])
    rows = table["rows"]
    totals = modifier_totals(table.get("modifiers", ()))
    reach = sorted({roll + m for roll in range(count, count * faces + 1) for m in totals})
    blamed: dict[int, str] = {}
    for total in reach:
        hits = row_of(rows, total)
        if len(hits) == 1:
            continue
        if len(hits) > 1:
            blamed.setdefault(hits[1], f"a roll of {total} lands on this row and an earlier one")
            continue
        index = _culprit(rows, total)
        what = "with its modifiers " if total not in range(count, count * faces + 1) else ""
        blamed.setdefault(index, f"a roll of {total} {what}lands on no row")
    return sorted(blamed.items())


def _culprit(rows: Sequence[Mapping[str, Any]], total: int) -> int:
    """The row to blame for a total no row catches: the first row above it, else the last."""
    above = [i for i, row in enumerate(rows) if row["low"] is not None and row["low"] > total]
    return min(above, key=lambda i: rows[i]["low"]) if above else len(rows) - 1


def odds_rows(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    """For the reference sheet: per row, its range and its chance under every modifier total."""
    totals = modifier_totals(table.get("modifiers", ()))
    by_total = {m: row_odds(table, m) for m in totals}
    return [
        {"row": row, "chances": [by_total[m][i] for m in totals]}
        for i, row in enumerate(table["rows"])
    ]


def totals_of(tables: Iterable[Mapping[str, Any]]) -> dict[str, list[int]]:
    """Each table's modifier totals by id (the columns of its odds)."""
    return {t["id"]: modifier_totals(t.get("modifiers", ())) for t in tables}
