"""A value in a cell and back: numbers as numbers, lists and nested values in YAML flow form.

What matters is that reading a cell gives back exactly the value written into
it, so an export imported unchanged changes nothing. A spreadsheet program
may hand a whole number back as 3.0 or a text column's "10" as a number; the
column's kind, from the schema, says which was meant.
"""

from __future__ import annotations

import json
import math
from typing import Any

import yaml

from ttgbuild.source import yamlparse
from ttgbuild.source.yamlsource import MAX_DEPTH, ContentError, load_value
from ttgbuild.spreadsheet.tables import MISSING, Column

_FLOW_START = ('"', "'", "[", "{")
_TRUE = {"true", "yes"}
_FALSE = {"false", "no"}
_RESOLVER = yaml.resolver.Resolver()
# A plain text the project's YAML reads as one of these is that value, not text.
_SCALAR_TAGS = {f"tag:yaml.org,2002:{name}" for name in ("int", "float", "bool")}
# A CSV field a spreadsheet program would run as a formula starts so. Which character
# separates fields is the opener's choice (a comma; a semicolon in Spanish or German
# locales; a tab), and a program that splits a field on another separator, or a line
# at a line break inside quotes, starts a new cell there. So every place a cell could
# start, whatever the separator, is neutralised: the field's start and every place
# after a `,` `;` tab or line break (spaces skipped, as a program trimming them would).
# A text starting so there gets an apostrophe in front (as spreadsheet programs mark
# text), which import removes; one already starting with an apostrophe there gets one
# more, so removing one at each such place is always right.
_CSV_ESCAPED = ("=", "+", "-", "@", "'")
_CSV_SEPARATORS = frozenset(",;\t\r\n")
CSV_TEXT_MARK = "'"


class CellError(ValueError):
    """A cell that does not hold what its column needs; the message says what it should."""


class Uncomputed:
    """A formula cell saved with no value (openpyxl, a script): its value cannot be known."""

    def __repr__(self) -> str:
        return "a formula with no computed value"


UNCOMPUTED = Uncomputed()


def to_cell(column: Column, value: Any) -> Any:
    """The cell for a value: None when the record lacks the field."""
    if value is MISSING or value is None:
        return None
    if column.kind == "yaml":
        return _flow(value)
    if isinstance(value, (list, dict)):  # content that breaks its schema: shown, not lost
        return _flow(value)
    return value


def to_text(value: Any) -> str:
    """A cell as a CSV field: booleans as true/false, nothing as empty, text with an
    apostrophe wherever a cell could start with a formula (see `_CSV_ESCAPED`)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _mark_cell_starts(value)
    return str(value)


def from_text(field: str) -> str:
    """A CSV field as the cell it stands for: the apostrophe at each place a cell could
    start removed (the one `to_text` put there, or a user's own)."""
    if CSV_TEXT_MARK not in field:
        return field
    out: list[str] = []
    for start, part in _cell_starts(field):
        out.append(part[1:] if start and part.startswith(CSV_TEXT_MARK) else part)
    return "".join(out)


def _mark_cell_starts(text: str) -> str:
    out: list[str] = []
    for start, part in _cell_starts(text):
        out.append(CSV_TEXT_MARK + part if start and part.startswith(_CSV_ESCAPED) else part)
    return "".join(out)


def _cell_starts(text: str) -> list[tuple[bool, str]]:
    """The text cut where a cell could start: (True, text from such a place up to the next
    separator) and (False, the separators and spaces before it). Only separators and
    spaces decide where, so an apostrophe added or removed there moves no other place."""
    parts: list[tuple[bool, str]] = []
    index, length = 0, len(text)
    while index < length:
        gap = index
        while gap < length and (text[gap] in _CSV_SEPARATORS or text[gap] == " "):
            gap += 1
        if gap > index:
            parts.append((False, text[index:gap]))
        end = gap
        while end < length and text[end] not in _CSV_SEPARATORS:
            end += 1
        if end > gap:
            parts.append((True, text[gap:end]))
        index = end
    return parts


def from_cell(column: Column, cell: Any) -> Any:
    """The value a cell holds for its column; MISSING when empty. CellError if unreadable."""
    if cell is None or (isinstance(cell, str) and cell == ""):
        return MISSING
    if cell is UNCOMPUTED:
        raise CellError(
            "a formula with no computed value; save the workbook in a spreadsheet program "
            "or type the value"
        )
    if column.kind == "yaml":
        return _from_flow(cell)
    if column.kind == "string":
        return _string(cell)
    if column.kind == "boolean":
        return _boolean(cell)
    if column.kind == "integer":
        return _integer(cell)
    return _number(cell)


def _flow(value: Any) -> Any:
    """YAML's flow form of a list or mapping; a plain string stays itself unless it would
    read back as something else (it starts like flow YAML, or reads as a number or a
    flag: `3`, `true`), then it is quoted."""
    if isinstance(value, str):
        quoted = _looks_like_flow(value) or _is_scalar(value)
        return json.dumps(value, ensure_ascii=False) if quoted else value
    if isinstance(value, (list, dict)):
        text = yaml.safe_dump(
            value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6
        )
        return text.strip()
    return value


def _looks_like_flow(text: str) -> bool:
    return text == "" or text.startswith(_FLOW_START) or text != text.strip()


def _is_scalar(text: str) -> bool:
    return _RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) in _SCALAR_TAGS


def _from_flow(cell: Any) -> Any:
    """A list or mapping in flow form, quoted text, or a number or flag written as text
    (as a CSV field is); text that does not read as YAML (`[free] Pay nothing.`, an icon
    then words) is that text, for the schema to judge. What the content loader refuses
    (tags, duplicate keys, overlong numbers) and numbers that are not finite are refused
    at the cell."""
    if not isinstance(cell, str):
        return _plain_number(cell)
    if not _looks_like_flow(cell) and not _is_scalar(cell):
        return cell
    try:
        _refuse_surprises(cell)
        value = load_value(cell)
    except ContentError as exc:
        raise CellError(exc.message) from None
    except yaml.YAMLError:
        return cell
    _refuse_infinite(value)
    return value


def _refuse_infinite(value: Any) -> None:
    """`.nan` and `.inf` read as numbers no game can use (the depth was checked before)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise CellError(f"{value} is not a finite number")
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        _refuse_infinite(item)


def _refuse_surprises(cell: str) -> None:
    """Refuse what the content loader refuses, before building anything: anchors and
    aliases (a few bytes that blow up into billions of values) and deep nesting (the
    loader recurses once per level). Walking the parser's events does neither.

    A cell libyaml gives up on is deep nesting when the text before its error nests too
    deep (`yamlparse.too_deep_before`: libyaml 0.2.6 stops at 1,000 levels in its own
    words); any other YAML error is left to the caller, for whom the cell is then text.
    """
    try:
        _walk_for_surprises(cell)
    except yaml.MarkedYAMLError as exc:
        if yamlparse.too_deep_before(cell, exc) is not None:
            raise _too_deep() from None
        raise


def _walk_for_surprises(cell: str) -> None:
    depth = 0
    for event in yaml.parse(cell, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(event, yaml.AliasEvent) or (
            isinstance(event, yaml.NodeEvent) and event.anchor is not None
        ):
            raise CellError("YAML anchors and aliases (&name, *name) are not allowed; write it out")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _too_deep()
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _too_deep() -> CellError:
    return CellError(f"nested more than {MAX_DEPTH} levels deep")


def _string(cell: Any) -> str:
    if isinstance(cell, bool):
        return "true" if cell else "false"
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    if isinstance(cell, (int, float, str)):
        return str(cell)
    raise CellError(f"{_short(cell)} is not text")


def _boolean(cell: Any) -> bool:
    if isinstance(cell, bool):
        return cell
    if isinstance(cell, str) and cell.strip().lower() in _TRUE | _FALSE:
        return cell.strip().lower() in _TRUE
    raise CellError(f"{_short(cell)} is not true or false")


def _integer(cell: Any) -> int:
    if isinstance(cell, bool):
        raise CellError(f"{_short(cell)} is not a whole number")
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float) and cell.is_integer():
        return int(cell)
    if isinstance(cell, str):
        try:
            return int(cell.strip())
        except ValueError:
            pass
    raise CellError(f"{_short(cell)} is not a whole number")


def _number(cell: Any) -> int | float:
    if isinstance(cell, str):
        try:
            cell = float(cell.strip())
        except ValueError:
            raise CellError(f"{_short(cell)} is not a number") from None
    if isinstance(cell, bool) or not isinstance(cell, (int, float)):
        raise CellError(f"{_short(cell)} is not a number")
    if not math.isfinite(cell):  # "nan", "inf": float() reads them, no game can use them
        raise CellError(f"{_short(cell)} is not a finite number")
    return _plain_number(cell)


def _plain_number(cell: Any) -> Any:
    """3.0 read back from a spreadsheet is the 3 that was written."""
    if isinstance(cell, float) and cell.is_integer():
        return int(cell)
    if isinstance(cell, (bool, int, float)):
        return cell
    raise CellError(f"{_short(cell)} is not text or a number (a date? write it as text)")


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."
