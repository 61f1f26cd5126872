"""What each drawn piece read, recorded while it is drawn, and what an edit changed.

`watch` redraws only the pieces an edit can change. It does not guess which
those are: while a file is drawn, every read of a content record's field
(any model object that carries an `Origin`) and every catalog entry looked up
is recorded, as the piece being drawn read it, or as the file read it outside
any piece (a deck's list of cards, a table built once). After an edit the old
and the new content (and catalogs) are compared field by field and entry by
entry; a piece is drawn again when it read something that changed.

A read is one of:
- `("field", file, pointer, name)`: a field of the record at `file#pointer`;
- `("entry", context, msgid)`: a catalog entry of the locale being drawn;
- `("art", path)`: a picture read from the content folder.

Recording patches `__getattribute__` of the content model's classes for as
long as a recording draw runs (`recording`), in this process only; with no
sink set the patched method only costs a global lookup.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

from ttgbuild.core.origin import Origin
from ttgbuild.i18n.runtime import Translator

Read = tuple[str, ...]

_sink: set[Read] | None = None  # where reads go now: the piece being drawn's, or the file's
_patched: dict[type, Any] = {}  # model class -> its own __getattribute__, while patched


def _traced(self: object, name: str, _get: Any = object.__getattribute__) -> Any:
    sink = _sink
    if sink is not None and name[:1] != "_" and name != "origin":
        origin = _get(self, "origin")
        sink.add(("field", origin.file, origin.pointer, name))
    return _get(self, name)


@contextlib.contextmanager
def reading_into(sink: set[Read]) -> Iterator[None]:
    """Send the reads made inside the block to `sink` (a piece's), then back to the outer one."""
    global _sink
    outer, _sink = _sink, sink
    try:
        yield
    finally:
        _sink = outer


def note(read: Read) -> None:
    """Record a read the model's fields do not show (a picture file)."""
    if _sink is not None:
        _sink.add(read)


@contextlib.contextmanager
def recording(content: Any) -> Iterator[None]:
    """Patch the model's record classes so their fields' reads are recorded, then restore them."""
    classes = _classes(content) - set(_patched)
    for cls in classes:
        _patched[cls] = cls.__dict__.get("__getattribute__")
        cls.__getattribute__ = _traced  # type: ignore[method-assign]
    try:
        yield
    finally:
        for cls in classes:
            own = _patched.pop(cls)
            if own is None:
                del cls.__getattribute__
            else:
                cls.__getattribute__ = own  # type: ignore[method-assign]


ATOMS = frozenset({str, bytes, int, float, bool, type(None), Origin})


def _classes(content: Any) -> set[type]:
    """The model's record classes, found once per content (a warm process draws many files)."""
    global _last
    if _last is None or _last[0] is not content:
        _last = (content, {type(obj) for obj in records(content).values()})
    return set(_last[1])


_last: tuple[Any, set[type]] | None = None


def records(content: Any) -> dict[tuple[str, str], Any]:
    """Every model object with an Origin, by (file, pointer): the records a read names.

    Remembered for the last two contents (the one drawn and the one an edit made):
    a refresh compares them, draws with the new one and finds its records by place,
    and walking a thousand heroes' content each time would cost more than drawing one.
    """
    for known, found in _walked:
        if known is content:
            return found
    found = _walk(content)
    _walked[:] = [(content, found), *_walked[:1]]
    return found


_walked: list[tuple[Any, dict[tuple[str, str], Any]]] = []


def _walk(content: Any) -> dict[tuple[str, str], Any]:
    found: dict[tuple[str, str], Any] = {}
    seen: set[int] = set()
    get = object.__getattribute__
    names: dict[type, tuple[str, ...]] = {}

    def walk(value: Any) -> None:
        kind = type(value)
        if kind in ATOMS or id(value) in seen:
            return
        seen.add(id(value))
        if kind in (list, tuple, set, frozenset):
            for item in value:
                walk(item)
        elif kind is dict:
            for item in value.values():
                walk(item)
        elif hasattr(kind, "__dataclass_fields__"):
            fields = names.get(kind)
            if fields is None:
                fields = names[kind] = tuple(kind.__dataclass_fields__)
            origin = get(value, "origin") if "origin" in fields else None
            if isinstance(origin, Origin):
                found.setdefault((origin.file, origin.pointer), value)
            for name in fields:
                walk(get(value, name))

    walk(content)
    return found


class Structural(Exception):
    """The edit added, removed or renamed records: every piece may have moved or changed."""


def changed_fields(old: Any, new: Any) -> set[Read]:
    """The reads whose value differs between two contents; Structural if records came or went.

    Raises Structural also when something other than the records' fields
    differs (a part of the model that carries no Origin, or a model of records
    that are not dataclasses, a data pack's), since no recorded read names it.
    """
    if old == new:
        return set()
    before, after = records(old), records(new)
    if before.keys() != after.keys() or type(old) is not type(new):
        raise Structural
    changed: set[Read] = set()
    for (file, pointer), was in before.items():
        now = after[(file, pointer)]
        if type(was) is not type(now):
            raise Structural
        if was == now:
            continue
        for item in dataclasses.fields(was):
            name = item.name
            if object.__getattribute__(was, name) != object.__getattribute__(now, name):
                changed.add(("field", file, pointer, name))
    if not changed or not _same_apart_from(old, new, before, after):
        raise Structural  # a change no field read names (a data pack's records: all of them)
    return changed


def _same_apart_from(old: Any, new: Any, before: dict, after: dict) -> bool:
    """Does the model differ only inside its records? (A field outside every record: no.)"""
    if not dataclasses.is_dataclass(old):
        return False
    for item in dataclasses.fields(old):
        was, now = getattr(old, item.name), getattr(new, item.name)
        if was == now:
            continue
        ids_was, ids_now = _record_ids(was, before), _record_ids(now, after)
        if ids_was is None or ids_was != ids_now:
            return False
    return True


def _record_ids(value: Any, index: dict) -> list | None:
    """The records a top-level part holds, by key, or None if it holds anything else."""
    keys = {id(obj): key for key, obj in index.items()}
    items = value if isinstance(value, list | tuple) else [value]
    found = []
    for item in items:
        if id(item) not in keys:
            return None
        found.append(keys[id(item)])
    return found


class Traced(dict):
    """A translator's messages that record each entry looked up (`Translator.messages`)."""

    def get(self, key: Any, default: Any = None) -> Any:
        if _sink is not None:
            _sink.add(("entry", *key))
        return super().get(key, default)


def traced_translator(tr: Translator) -> Translator:
    """The translator with its lookups recorded (a copy: the loaded one stays as it is)."""
    return dataclasses.replace(tr, messages=Traced(tr.messages), plurals=Traced(tr.plurals))


def changed_entries(old: Translator, new: Translator) -> set[Read] | None:
    """The catalog entries whose translation differs; None when every text may (plural rule)."""
    if old.plural_forms != new.plural_forms or old.locale != new.locale:
        return None
    changed: set[Read] = set()
    for was, now in ((old.messages, new.messages), (old.plurals, new.plurals)):
        for key in was.keys() | now.keys():
            if was.get(key) != now.get(key):
                changed.add(("entry", *key))
    return changed
