"""The kinds of declared checks: what each clause kind tests, and the findings it makes.

A clause walks the records its `each` expression gives (binding each as
`record`, its `as` name and its fields), reads a value (its `value`
expression, or the `field` it names), and tests it the way its kind says.
Every finding is located at the record's field (`record.origin`, or the
`at` expression's origin) and worded by the clause's message, or by the
kind's default message when it has none. docs/formats/checks.md describes
each kind with an example.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import string
from collections import ChainMap
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from ttgbuild.core.origin import Origin
from ttgbuild.source.expressions import ExpressionError
from ttgbuild.validate.declared_dice import dice_table
from ttgbuild.validate.declared_template import Template, compile_template
from ttgbuild.validate.registry import Finding

if TYPE_CHECKING:
    from ttgbuild.validate.declared import Clause
    from ttgbuild.validate.runner import Context

_ICON = re.compile(r"\[([^\[\]]*)\]")
_DIGIT = re.compile(r"\d")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_MISSING = object()  # no such attribute (None is a value a field may hold)


class ClauseError(Exception):
    """A clause's expression failed on the content: reported at that key of the checks file."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason)
        self.key = key
        self.reason = reason


class Row:
    """One record (and field) a clause tests: its names, where it is, and the value read.

    Its names (own over the record's and the content's) are put together only when
    asked for: most of thousands of rows are tested by value alone and never reported.
    """

    __slots__ = ("_names", "_own", "_scope", "field", "origin", "path", "record")

    def __init__(
        self,
        record: Any,
        own: dict[str, Any],
        scope: tuple[int, str, Mapping[str, Any]],
        origin: Origin,
        field: tuple[str, ...],
        path: str | None,
        names: _Names | None = None,
    ) -> None:
        self.record = record
        self.origin = origin
        self.field = field
        self.path = path  # the field as the clause names it (`field` in expressions)
        self._own = own  # field, id, value, lets
        self._scope = scope  # the record's position, its `as` name, the content's names
        self._names = names

    @property
    def names(self) -> _Names:
        """The row's own names over its record's and the content's, layered, built once."""
        if self._names is None:
            self._names = _Names(self._own, *_layers(self.record, *self._scope))
        return self._names

    @property
    def value(self) -> Any:
        """The value tested, read from the row's own names without walking the layers."""
        return self._own.get("value")


class _Names(ChainMap[str, Any]):
    """A row's names over its record's and the content's, layered instead of copied.

    Rows are many (every record, every field) and most are tested without
    reading most names, so each row adds one small mapping on top. Lookups
    walk the layers with a plain loop: ChainMap's own go through a generator.
    """

    def __getitem__(self, key: str) -> Any:
        for names in self.maps:
            if key in names:
                return names[key]
        return self.__missing__(key)

    def __contains__(self, key: object) -> bool:
        for names in self.maps:  # noqa: SIM110 (a loop: no generator per lookup)
            if key in names:
                return True
        return False

    def get(self, key: str, default: Any = None) -> Any:
        for names in self.maps:
            if key in names:
                return names[key]
        return default


@dataclass(frozen=True)
class _RowShape:
    """What a clause declares about each row: looked up once per clause, not per record."""

    where: bool
    at: bool
    lets: list[str]  # the let/<name> keys, in order
    value: bool
    read: bool


@dataclass
class Run:
    """One clause being run on the content: evaluates its keys and words its findings."""

    clause: Clause
    base: dict[str, Any]
    ctx: Context
    _cached: dict[str, Any] = field(default_factory=dict)
    _shared: dict[str, bool] = field(default_factory=dict)  # key → reads no record

    def has(self, key: str) -> bool:
        return key in self.clause.spec

    def spec(self, key: str, default: Any = None) -> Any:
        return self.clause.spec.get(key, default)

    def evaluate(self, key: str, names: Mapping[str, Any]) -> Any:
        """The value of the clause's expression `key`; ClauseError (located there) if it fails.

        An expression of the content alone (and of `field`) has one value per field:
        a bound like `caps[field][1]` is computed once, not once per record.
        """
        expression = self.clause.expressions[key]
        shared = self._shared.get(key)
        if shared is None:  # asked once per record: worked out once per key
            shared = self._shared[key] = expression.names <= self.base.keys() | {"field"}
        memo = (key, names.get("field"))
        if shared and memo in self._cached:
            return self._cached[memo]
        try:
            value = expression.evaluate(names)
        except ExpressionError as exc:
            raise ClauseError(key, str(exc)) from None
        # Jinja2's filters (map, select) give iterators: read once, they would be empty after.
        value = list(value) if isinstance(value, Iterator) else value
        if shared:
            self._cached[memo] = value
        return value

    def once(self, key: str) -> Any:
        """An expression of the content alone (no record)."""
        return self.evaluate(key, self.base)

    def known(self, row: Row) -> set[Any] | frozenset[Any]:
        """The `known` ids as a set: computed once when they read only the content
        (whether they do is worked out once too: asked for every row)."""
        per_record = self._shared.get("known/per-record")
        if per_record is None:
            per_record = not self.clause.expressions["known"].names <= set(self.base)
            self._shared["known/per-record"] = per_record
        if "known" not in self._cached or per_record:
            value = self.evaluate("known", row.names)
            try:
                self._cached["known"] = value if isinstance(value, set | frozenset) else set(value)
            except TypeError:
                raise ClauseError("known", "the known ids must be a list of names") from None
        return self._cached["known"]

    def say(self, names: Mapping[str, Any], default: str, message: str = "message") -> str:
        """The finding's text: the clause's own message, else the kind's default."""
        key = message if message == "message" else f"messages/{message}"
        template = self.clause.templates.get(key) or _default(default)
        try:
            return template.render(names)
        except ExpressionError as exc:
            raise ClauseError(key, str(exc)) from None

    def rows(self, default_field: str | None = None, read: bool = True) -> Iterator[Row]:
        """Every record of `each` (and field of `fields`) that passes `when` and `where`.

        `read`: the kind tests the field's value (an `expect` only locates at its field).
        What the clause declares is looked up once here, not once per record: a
        project may hold thousands of records, each read for several fields.
        """
        spec = self.clause.spec
        if "when" in spec and not self.evaluate("when", self.base):
            return
        fields = spec.get("fields") or [spec.get("field", default_field)]
        paths = [(path, tuple(path.split("/")) if path else ()) for path in fields]
        shape = _RowShape(
            "where" in spec,
            "at" in spec,
            [f"let/{name}" for name in spec.get("let", {})],
            "value" in spec,
            read,
        )
        alias = spec.get("as", "record")
        # Most clauses only read fields: their rows need no expression of the row's own.
        plain = not (shape.where or shape.at or shape.lets or shape.value)
        for index, record in enumerate(_records(self.evaluate("each", self.base))):
            ident = _id(record)
            scope = (index, alias, self.base)
            if plain:  # each field read without evaluating anything (thousands of records)
                origin = getattr(record, "origin", None)
                if not isinstance(origin, Origin):
                    raise ClauseError("each", f"{ident!r} has no origin to report at; give at:")
                for field_path, parts in paths:
                    own: dict[str, Any] = {"field": field_path, "id": ident}
                    if read:
                        own["value"] = _read(record, parts) if parts else record
                    yield Row(record, own, scope, origin, parts, field_path)
                continue
            for field_path, parts in paths:
                row = self._row(record, ident, scope, field_path, parts, shape)
                if row is not None:
                    yield row

    def _row(
        self,
        record: Any,
        ident: Any,
        scope: tuple[int, str, Mapping[str, Any]],
        field_path: str | None,
        parts: tuple[str, ...],
        shape: _RowShape,
    ) -> Row | None:
        own: dict[str, Any] = {"field": field_path}
        names = _Names(own, *_layers(record, *scope))
        if shape.where and not self.evaluate("where", names):
            return None
        origin = self.evaluate("at", names) if shape.at else getattr(record, "origin", None)
        if not isinstance(origin, Origin):
            key = "at" if shape.at else "each"
            raise ClauseError(key, f"{ident!r} has no origin to report at; give at:")
        own["id"] = ident
        for key in shape.lets:
            own[key.removeprefix("let/")] = self.evaluate(key, names)
        if shape.value:
            own["value"] = self.evaluate("value", names)
        elif shape.read:
            own["value"] = _read(record, parts) if parts else record
        return Row(record, own, scope, origin, parts, field_path, names)

    def of_row(self, key: str, row: Row) -> Any:
        """`evaluate` for a row: a value shared by every record of a field is looked up
        without putting the row's names together."""
        if self._shared.get(key) and (key, row.path) in self._cached:
            return self._cached[(key, row.path)]
        return self.evaluate(key, row.names)

    def finding(
        self, row: Row, message: str, *extra: str | int, key: bool | None = None
    ) -> Finding:
        where = row.origin.at(*row.field, *extra)
        return Finding(
            where.file, where.pointer, message, self.spec("key", False) if key is None else key
        )


def _layers(
    record: Any, index: int, alias: str, base: Mapping[str, Any]
) -> tuple[Mapping[str, Any], ...]:
    """The names a record's rows see under their own: the record (as `record`, its `as`
    name and `index`), the content's names, then the record's fields."""
    return ({"record": record, "index": index, alias: record}, base, _fields(record))


@cache
def _default(text: str) -> Template:
    return compile_template(text)


def _records(value: Any) -> list[Any]:
    """What `each` gave, as a list: one record (or mapping) is a list of one, none is empty."""
    if value is None:
        return []
    if isinstance(value, str | Mapping) or hasattr(value, "origin"):
        return [value]
    try:
        return list(value)
    except TypeError:
        return [value]


@cache
def _dataclass_fields(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


@cache
def _field_set(kind: type) -> frozenset[str]:
    return frozenset(_dataclass_fields(kind))


@cache
def _is_dataclass(kind: type) -> bool:
    return dataclasses.is_dataclass(kind)


@cache
def _is_mapping(kind: type) -> bool:
    """Mapping or not, decided once per type (an abstract-class check costs per call)."""
    return issubclass(kind, Mapping)


def _fields(record: Any) -> Mapping[str, Any]:
    """A record's fields as names: `cost <= budget` reads as well as `record.cost`."""
    kind = type(record)
    if _is_mapping(kind):
        return {k: v for k, v in record.items() if isinstance(k, str)}
    if not _is_dataclass(kind):
        return {}
    names = _dataclass_fields(kind)
    attributes = getattr(record, "__dict__", None)
    if attributes is not None and attributes.keys() == _field_set(kind):
        return attributes  # the fields and nothing else: read as they are, layered
    return {name: getattr(record, name) for name in names}


def _id(record: Any) -> Any:
    if _is_mapping(type(record)):
        return record.get("id")
    return getattr(record, "id", None)


def _read(record: Any, parts: tuple[str, ...]) -> Any:
    """The value at a field path of a record (mappings, attributes and list positions)."""
    value = record
    for part in parts:
        if _is_mapping(type(value)):
            if part not in value:
                raise ClauseError("field", f"{_id(record)!r} has no field {'/'.join(parts)}")
            value = value[part]
        elif isinstance(value, list | tuple) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            # One lookup, not hasattr then getattr: read for every record of every clause.
            found = _MISSING if part.startswith("_") else getattr(value, part, _MISSING)
            if found is _MISSING:
                raise ClauseError("field", f"{_id(record)!r} has no field {'/'.join(parts)}")
            value = found
    return value


def suggestion(name: Any, choices: Any) -> str:
    """'; did you mean 'x'?' for the closest choice, or nothing."""
    texts = sorted(str(c) for c in choices)
    close = difflib.get_close_matches(str(name), texts, n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def _value_key(run: Run) -> str:
    """The key a problem with the tested value is reported at: value, or the field(s) read."""
    return next((k for k in ("value", "field", "fields") if run.has(k)), "each")


def _less(key: str, left: Any, right: Any) -> bool:
    """left < right, or ClauseError at `key` when the two cannot be compared."""
    try:
        return bool(left < right)
    except TypeError as exc:
        raise ClauseError(key, f"cannot compare {left!r} with {right!r}: {exc}") from None


# --- the kinds ------------------------------------------------------------------------------


def _unique(run: Run) -> Iterator[Finding]:
    seen: dict[Any, Origin] = {}
    for row in run.rows("id"):
        value = run.evaluate("by", row.names) if run.has("by") else row.value
        try:
            first = seen.get(value)
        except TypeError:
            raise ClauseError("by" if run.has("by") else "field", "cannot compare it") from None
        if first is None:
            seen[value] = row.origin.at(*row.field)
            continue
        names = dict(row.names, first=run.ctx.place(first))
        yield run.finding(row, run.say(names, "'{value}' is already used in {first}"))


def _file_name(run: Run) -> Iterator[Finding]:
    for row in run.rows("id"):
        stem = row.origin.file.rsplit("/", 1)[-1].removesuffix(".yaml")
        if str(row.value) != stem:
            names = dict(row.names, stem=stem)
            default = "id '{value}' differs from the file name '{stem}.yaml'; rename one to match"
            yield run.finding(row, run.say(names, default))


def _references(run: Run) -> Iterator[Finding]:
    for row in run.rows():
        value = row.value
        if value is None:
            continue
        if isinstance(value, Mapping):
            items = [(name, (name,), True) for name in value]
        elif isinstance(value, list | tuple):
            items = [(item, (i,), None) for i, item in enumerate(value)]
        else:
            items = [(value, (), None)]
        known = run.known(row)
        try:
            unknown = [(item, extra, key) for item, extra, key in items if item not in known]
        except TypeError:
            raise ClauseError("known", "an id that cannot be compared was named") from None
        for item, extra, key in unknown:
            names = dict(row.names, value=item, suggestion=suggestion(item, known))
            message = run.say(names, "'{value}' is not a known id{suggestion}")
            yield run.finding(row, message, *extra, key=key)


def _limits(run: Run, keys: tuple[str, ...], row: Row) -> dict[str, Any]:
    """A row's bounds; when none reads the record, worked out once per field and shared
    (thousands of records are tested against the same few bounds; the dict is only read)."""
    memo = ("limits", keys, row.path)
    if memo in run._cached:
        return run._cached[memo]
    limits = {key: run.of_row(key, row) for key in keys}
    if all(run._shared.get(key) for key in keys):
        run._cached[memo] = limits
    return limits


def _limit_keys(run: Run) -> tuple[str, ...]:
    """The bounds a clause gives (min, max or both), looked up once per clause."""
    return tuple(key for key in ("min", "max") if run.has(key))


def _range_message(limits: Mapping[str, Any], both: str, low: str, high: str) -> str:
    return both if len(limits) == 2 else (low if "min" in limits else high)


def _outside(limits: Mapping[str, Any], value: Any, key: str) -> bool:
    """Whether `value` lies below `min` or above `max` (tested for every row: compared
    directly; only values that cannot be compared go through `_less`, to be worded)."""
    low, high = limits.get("min", _MISSING), limits.get("max", _MISSING)
    try:
        return (low is not _MISSING and bool(value < low)) or (
            high is not _MISSING and bool(high < value)
        )
    except TypeError:
        pass
    below = "min" in limits and _less(key, value, limits["min"])
    return below or ("max" in limits and _less(key, limits["max"], value))


def _bounds(run: Run) -> Iterator[Finding]:
    keys, value_key = _limit_keys(run), _value_key(run)
    for row in run.rows():
        limits = _limits(run, keys, row)
        if _outside(limits, row.value, value_key):
            default = _range_message(
                limits,
                "{field} {value} is outside {min}..{max}",
                "{field} {value} must be {min} or more",
                "{field} {value} must be {max} or less",
            )
            yield run.finding(row, run.say(dict(row.names, **limits), default))


def _length(run: Run) -> Iterator[Finding]:
    keys, value_key = _limit_keys(run), _value_key(run)
    for row in run.rows():
        try:
            count = len(row.value)
        except TypeError:
            raise ClauseError(
                "field", f"{row.names['field']} of {row.names['id']!r} is not a list"
            ) from None
        limits = _limits(run, keys, row)
        if _outside(limits, count, value_key):
            default = _range_message(
                limits,
                "{field} has {count} items, not {min}..{max}",
                "{field} has {count} items; at least {min}",
                "{field} has {count} items; at most {max}",
            )
            yield run.finding(row, run.say(dict(row.names, count=count, **limits), default))


def _aggregate(run: Run) -> Iterator[Finding]:
    groups: dict[Any, tuple[Row, Any]] = {}
    for row in run.rows(read=False):
        group = run.evaluate("group", row.names) if run.has("group") else None
        amount = run.evaluate("sum", row.names) if run.has("sum") else 1
        try:
            first, total = groups.get(group, (row, 0))
            groups[group] = (first, total + amount)
        except TypeError as exc:
            raise ClauseError("sum" if run.has("sum") else "group", str(exc)) from None
    for group, (first, total) in groups.items():
        names = dict(first.names, group=group, total=total)
        limits = {key: run.evaluate(key, names) for key in _limit_keys(run)}
        if _outside(limits, total, "sum"):
            default = _range_message(
                limits,
                "the total {total} of {group} is outside {min}..{max}",
                "the total {total} of {group} is below {min}",
                "the total {total} of {group} exceeds {max}",
            )
            yield run.finding(first, run.say(dict(names, **limits), default))


def _cardinality(run: Run) -> Iterator[Finding]:
    rows = list(run.rows(read=False))
    matching = [row for row in rows if run.evaluate("that", row.names)]
    limits = {key: run.once(key) for key in ("min", "max") if run.has(key)}
    if run.has("exactly"):
        limits = {"min": run.once("exactly"), "max": run.once("exactly")}
    count = len(matching)
    first = matching[0].record if matching else None
    if "min" in limits and _less("min", count, limits["min"]):
        if not rows:
            raise ClauseError("each", "no records to count, so none satisfies the check")
        where = Origin(rows[0].origin.file).at(*run.spec("missing_at", "").split("/"))
        names = dict(run.base, count=count, **limits)
        message = run.say(names, "{count} records satisfy this; at least {min} must", "missing")
        key = run.spec("key", False)
        yield Finding(where.file, where.pointer if run.has("missing_at") else "", message, key)
    if "max" in limits:
        for row in matching[limits["max"] :] if isinstance(limits["max"], int) else []:
            names = dict(row.names, count=count, first=first, **limits)
            yield run.finding(row, run.say(names, "'{id}' is one more than the {max} allowed"))


def _dice_table(run: Run) -> Iterator[Finding]:
    for row in run.rows():
        yield from dice_table(run, row)


def _monotone(run: Run) -> Iterator[Finding]:
    falling = run.spec("order", "rising") == "falling"
    strict = run.spec("strict", False)
    for row in run.rows():
        value = row.value
        if isinstance(value, Mapping):
            items: list[tuple[str | int, Any]] = list(value.items())
        elif isinstance(value, list | tuple):
            items = list(enumerate(value))
        else:
            raise ClauseError("field", f"{row.names['field']} of {row.names['id']!r} is not a list")
        previous: Any = None
        for position, (where, item) in enumerate(items, 1):
            names = dict(row.names, item=item, position=position)
            current = run.evaluate("item", names) if run.has("item") else item
            if position > 1:
                low, high = (current, previous) if not falling else (previous, current)
                if _less("item", low, high) or (strict and low == high):
                    names.update(item=current, previous=previous, order=run.spec("order", "rising"))
                    default = "{field} stops {order} at position {position}: {previous}, {item}"
                    yield run.finding(row, run.say(names, default), where)
            previous = current


def _derived(run: Run) -> Iterator[Finding]:
    for row in run.rows():
        expected = run.evaluate("equals", row.names)
        if row.value != expected:
            names = dict(row.names, expected=expected)
            yield run.finding(row, run.say(names, "{field} is {value} but should be {expected}"))


def _sufficient(run: Run) -> Iterator[Finding]:
    for row in run.rows():
        need = run.of_row("need", row)
        if _less("need", row.value, need):
            names = dict(row.names, need=need)
            yield run.finding(row, run.say(names, "{field} is {value}; at least {need} are needed"))


def placeholder_names(text: str) -> tuple[set[str], str | None]:
    """The {names} in a text; a problem string when braces are unbalanced or a field is odd."""
    names: set[str] = set()
    try:
        for _, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            if not _NAME.fullmatch(name) or spec or conversion:
                return names, f"{{{name}}} is not a plain {{name}}"
            names.add(name)
    except ValueError as exc:
        return names, str(exc)
    return names, None


def _texts(run: Run) -> Iterator[tuple[Row, str]]:
    for row in run.rows():
        text = row.value
        if text is None:
            continue
        if not isinstance(text, str):
            raise ClauseError("field", f"{row.names['field']} of {row.names['id']!r} is not text")
        yield row, text


def _names(run: Run, key: str, names: Mapping[str, Any]) -> set[str]:
    """A list of names (or a mapping's keys) as a set of text; ClauseError if it is not one."""
    value = run.evaluate(key, names)
    if isinstance(value, str) or not isinstance(value, Mapping | list | tuple | set | frozenset):
        raise ClauseError(key, f"{value!r} is not a list of names")
    return {str(name) for name in value}


def _placeholders(run: Run) -> Iterator[Finding]:
    for row, text in _texts(run):
        names, problem = placeholder_names(text)
        if problem:
            default = "text has a malformed placeholder: {problem}"
            yield run.finding(row, run.say(dict(row.names, problem=problem), default, "malformed"))
            continue
        defined = _names(run, "params", row.names)
        for name in sorted(names - defined):
            values = dict(row.names, name=name, suggestion=suggestion(name, defined))
            default = "placeholder {{{name}}} has no value; define it in params{suggestion}"
            yield run.finding(row, run.say(values, default))


def _no_digits(run: Run) -> Iterator[Finding]:
    for row, text in _texts(run):
        match = _DIGIT.search(_PLACEHOLDER.sub("", text))
        if match:
            names = dict(row.names, digit=match.group())
            default = (
                "{field} states the number '{digit}'; put it in params and write {{name}} instead"
            )
            yield run.finding(row, run.say(names, default))


def _icons(run: Run) -> Iterator[Finding]:
    for row, text in _texts(run):
        icons = _names(run, "icons", row.names)
        known = ", ".join(f"[{name}]" for name in sorted(icons))
        for token in _ICON.findall(text):
            if token not in icons:
                names = dict(row.names, icon=token, known=known)
                yield run.finding(
                    row, run.say(names, "unknown icon [{icon}]; known icons: {known}")
                )


def _expect(run: Run) -> Iterator[Finding]:
    for row in run.rows(read=False):
        if not run.evaluate("that", row.names):
            yield run.finding(row, run.say(row.names, "{id}: the check does not hold"))


@dataclass(frozen=True)
class Kind:
    """A clause kind: the keys it needs and may have, its named messages, and its test."""

    run: Callable[[Run], Iterator[Finding]]
    required: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()  # at least one of these
    optional: frozenset[str] = frozenset()
    messages: frozenset[str] = frozenset()

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(self.required) | frozenset(self.one_of) | self.optional


KINDS: dict[str, Kind] = {
    "unique": Kind(_unique, optional=frozenset({"by"})),
    "file-name": Kind(_file_name),
    "references": Kind(_references, required=("known",)),
    "bounds": Kind(_bounds, one_of=("min", "max")),
    "length": Kind(_length, one_of=("min", "max")),
    "aggregate": Kind(_aggregate, one_of=("min", "max"), optional=frozenset({"group", "sum"})),
    "cardinality": Kind(
        _cardinality,
        required=("that",),
        one_of=("exactly", "min", "max"),
        optional=frozenset({"missing_at"}),
        messages=frozenset({"missing"}),
    ),
    "dice-table": Kind(
        _dice_table,
        required=("dice",),
        optional=frozenset({"low", "high", "open_ends"}),
        messages=frozenset({"gap", "overlap", "outside", "backwards", "open", "closed", "form"}),
    ),
    "monotone": Kind(_monotone, optional=frozenset({"item", "order", "strict"})),
    "derived": Kind(_derived, required=("equals",)),
    "sufficient": Kind(_sufficient, required=("need",)),
    "placeholders": Kind(_placeholders, required=("params",), messages=frozenset({"malformed"})),
    "no-digits": Kind(_no_digits),
    "icons": Kind(_icons, required=("icons",)),
    "expect": Kind(_expect, required=("that",)),
}
