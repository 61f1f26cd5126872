"""The dice-table kind of declared checks: a table of results covers every roll exactly once.

Games read many dice tables: "roll 2D6: 2-4 a stumble, 5-9 a hit, 10+ a
knockdown". Such a table is right when every result the dice can show is
on exactly one row: no gap, no overlap, no row no roll can reach. Rows are
a mapping keyed by a result or range (`"5"`, `"2-4"`, `"≤1"` or `"<=1"`,
`"12+"`), or a list of rows whose `low` and `high` expressions give the
ends (none for an open end). Open ends (`≤1`, `12+`) catch rolls that
modifiers push past the dice's range: `open_ends: required` demands them
on the lowest and highest rows, `allowed` accepts them, and `forbidden`
(the default) refuses them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ttgbuild.validate.registry import Finding

if TYPE_CHECKING:
    from ttgbuild.validate.declared_kinds import Row, Run

_DICE = re.compile(r"\s*(\d*)\s*[dD]\s*(\d+)\s*")
_FORMS = (
    (re.compile(r"(\d+)"), lambda m: (int(m[1]), int(m[1]))),
    (re.compile(r"(\d+)\s*-\s*(\d+)"), lambda m: (int(m[1]), int(m[2]))),
    (re.compile(r"(\d+)\s*\+"), lambda m: (int(m[1]), None)),
    (re.compile(r"(?:≤|<=)\s*(\d+)"), lambda m: (None, int(m[1]))),
)
MAX_DICE = 100
MAX_FACES = 1000

Bounds = tuple[int | None, int | None]  # None: open at that end


def dice_range(text: Any) -> tuple[int, int] | None:
    """The lowest and highest total of dice written like 2D6 or D16 (None if not so written)."""
    match = _DICE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        return None
    count, faces = int(match[1] or 1), int(match[2])
    if not (1 <= count <= MAX_DICE and 2 <= faces <= MAX_FACES):
        return None
    return count, count * faces


def result_form(text: str) -> Bounds | None:
    """A row key's ends: "5", "2-4", "12+" or "≤1" / "<=1"; None if it is none of these."""
    for pattern, ends in _FORMS:
        match = pattern.fullmatch(text.strip())
        if match:
            return ends(match)
    return None


def _label(low: int | None, high: int | None) -> str:
    if low is None:
        return f"≤{high}"
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def _runs(values: list[int]) -> str:
    """Missing results as short text: 5, 7-9."""
    runs: list[list[int]] = []
    for value in values:
        if runs and runs[-1][1] == value - 1:
            runs[-1][1] = value
        else:
            runs.append([value, value])
    return ", ".join(_label(low, high) for low, high in runs)


def _rows(run: Run, row: Row) -> Iterator[tuple[str, tuple[Any, ...], bool, Bounds | None]]:
    """(label, where below the table, at the key?, ends or None if unreadable) of each row."""
    from ttgbuild.validate.declared_kinds import ClauseError

    table = row.value
    if isinstance(table, Mapping):
        for key in table:
            yield str(key), (key,), True, result_form(str(key))
    elif isinstance(table, list | tuple):
        if not (run.has("low") and run.has("high")):
            raise ClauseError("field", "a table written as a list needs low and high")
        for index, item in enumerate(table):
            names = dict(row.names, row=item, position=index + 1)
            low, high = run.evaluate("low", names), run.evaluate("high", names)
            ok = all(end is None or type(end) is int for end in (low, high)) and (low, high) != (
                None,
                None,
            )
            yield (
                _label(low, high) if ok else str(item),
                (index,),
                False,
                (low, high) if ok else None,
            )
    else:
        raise ClauseError("field", f"{row.names['field']} of {row.names['id']!r} is not a table")


def dice_table(run: Run, row: Row) -> Iterator[Finding]:
    """Every gap, overlap, unreachable row and wrong open end of one record's table."""
    from ttgbuild.validate.declared_kinds import ClauseError

    dice = run.evaluate("dice", row.names)
    span = dice_range(dice)
    if span is None:
        raise ClauseError("dice", f"{dice!r} is not dice written like 2D6 or D16")
    lowest, highest = span
    names = dict(row.names, dice=dice, lowest=lowest, highest=highest)
    open_ends = run.spec("open_ends", "forbidden")
    placed: list[tuple[str, float, float]] = []
    for label, where, key, ends in _rows(run, row):
        here = dict(names, row=label)
        if ends is None:
            default = "'{row}' is not a result or a range (write 5, 2-4, ≤1 or 12+)"
            yield run.finding(row, run.say(here, default, "form"), *where, key=key)
            continue
        low, high = ends
        if low is not None and high is not None and low > high:
            yield run.finding(
                row, run.say(here, "row {row} runs backwards", "backwards"), *where, key=key
            )
            continue
        if open_ends == "forbidden" and None in ends:
            default = "row {row} is open-ended; this table's rows have both ends"
            yield run.finding(row, run.say(here, default, "closed"), *where, key=key)
        closed = low is not None and high is not None
        if closed and (low > highest or high < lowest):
            default = "row {row} holds no result of {dice} ({lowest}..{highest})"
            yield run.finding(row, run.say(here, default, "outside"), *where, key=key)
        lo, hi = (
            low if low is not None else float("-inf"),
            high if high is not None else float("inf"),
        )
        other = next((o for o, a, b in placed if max(lo, a) <= min(hi, b)), None)
        if other is not None:
            default = "row {row} overlaps row {other}"
            yield run.finding(
                row, run.say(dict(here, other=other), default, "overlap"), *where, key=key
            )
        placed.append((label, lo, hi))
    if not placed:
        return
    missing = [v for v in range(lowest, highest + 1) if not any(a <= v <= b for _, a, b in placed)]
    if missing:
        default = "no row holds {dice} results {missing}"
        yield run.finding(row, run.say(dict(names, missing=_runs(missing)), default, "gap"))
    if open_ends == "required":
        yield from _open_edges(run, row, names, placed)


def _open_edges(
    run: Run, row: Row, names: dict[str, Any], placed: list[tuple[str, float, float]]
) -> Iterator[Finding]:
    """The rows holding the lowest and highest results must be open below and above."""
    lowest, highest = names["lowest"], names["highest"]
    for value, form, end in ((lowest, f"≤{lowest}", 1), (highest, f"{highest}+", 2)):
        holders = [p for p in placed if p[1] <= value <= p[2]]
        if holders and not any(abs(p[end]) == float("inf") for p in holders):
            default = (
                "row {row} must be open-ended ({form}): modifiers can take a roll past {value}"
            )
            here = dict(names, row=holders[0][0], form=form, value=value)
            yield run.finding(row, run.say(here, default, "open"))
