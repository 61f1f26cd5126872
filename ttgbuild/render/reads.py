"""Which content files a drawing read, recorded while it draws, for the per-file build cache.

A content model is the pack's own, but every pack builds it from records that
carry an `Origin` (a hero, a talent, the rules): while a file is drawn, the
classes of those records have their `__getattribute__` patched so that each
field read notes its record's file (`recording`). A kit file is then drawn
again only when a file it read changed (`buildplan`), and, whatever it read,
when the content's shape changed: records added, removed, renamed or moved,
or anything outside every record (`shape`), or a content file no record came
from (a portrait): those are in every file's inputs.

Reads that bypass attribute access are not seen: a pack that keeps a record's
field somewhere else (a cache filled before the drawing started, keyed by
something other than the record) would defeat it. The build's tests compare
an incremental kit with a full one byte for byte.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Iterator
from typing import Any

from ttgbuild.core.origin import Origin

_sink: set[str] | None = None  # the content files read by the drawing under way
_patched: dict[type, Any] = {}  # record class -> its own __getattribute__, while patched
_last: tuple[Any, frozenset[type]] | None = None  # a content and its record classes


def _traced(self: object, name: str, _get: Any = object.__getattribute__) -> Any:
    sink = _sink
    if sink is not None:
        sink.add(_get(self, "origin").file)
    return _get(self, name)


@contextlib.contextmanager
def recording(content: Any) -> Iterator[set[str]]:
    """The files of the records read inside the block (the set fills as it runs)."""
    global _sink
    classes = record_classes(content) - set(_patched)
    for cls in classes:
        _patched[cls] = cls.__dict__.get("__getattribute__")
        cls.__getattribute__ = _traced  # type: ignore[method-assign]
    outer, _sink = _sink, set()
    try:
        yield _sink
    finally:
        _sink = outer
        for cls in classes:
            own = _patched.pop(cls)
            if own is None:
                del cls.__getattribute__
            else:
                cls.__getattribute__ = own  # type: ignore[method-assign]


def record_classes(content: Any) -> set[type]:
    """The classes of the content's records, worked out once per content (the last one asked:
    a build's every file, in a worker forked after the parent asked, reads the same)."""
    global _last
    if _last is None or _last[0] is not content:
        _last = (content, frozenset(type(record) for record in records(content)))
    return set(_last[1])


def records(content: Any) -> list[Any]:
    """Every model object that carries an Origin: the records whose reads are noted."""
    found: list[Any] = []
    _walk(content, set(), found, [])
    return found


def shape(content: Any) -> str:
    """A digest of the content with each record stood for by its class, file and pointer.

    It changes when records come, go, move or are renamed, or when anything
    outside every record changes; not when a record's fields do.
    """
    parts: list[str] = []
    _walk(content, set(), [], parts)
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


def _walk(value: Any, seen: set[int], found: list[Any], parts: list[str]) -> None:
    """Find the records under `value`; describe its shape into `parts` (without recursion).

    A record is described by its class, file and pointer only: what is inside
    it belongs to its file (a read of it notes the file), not to the shape.
    """
    pending: list[tuple[Any, bool]] = [(value, True)]
    while pending:
        value, shown = pending.pop()
        say = parts.append if shown else _ignore
        if isinstance(value, str | bytes | int | float | bool | type(None)):
            say(repr(value))
            continue
        if id(value) in seen:
            say("<seen>")
            continue
        seen.add(id(value))
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            origin = _own(value, "origin")
            if isinstance(origin, Origin):
                found.append(value)
                say(f"<{type(value).__qualname__} {origin.file}#{origin.pointer}>")
                shown = False
            else:
                say(f"{type(value).__qualname__}{len(dataclasses.fields(value))}")
            fields = dataclasses.fields(value)
            pending.extend((_field(value, f.name), shown) for f in reversed(fields))
        elif isinstance(value, dict):
            say(f"dict{len(value)}")
            for key, item in reversed(list(value.items())):
                pending.extend(((item, shown), (key, shown)))
        elif isinstance(value, list | tuple | set | frozenset):
            items = sorted(value, key=repr) if isinstance(value, set | frozenset) else list(value)
            say(f"{type(value).__name__}{len(items)}")
            pending.extend((item, shown) for item in reversed(items))
        else:
            say(repr(value))


def _ignore(_part: str) -> None:
    """Where the description of what is inside a record goes: nowhere."""


def _own(value: Any, name: str) -> Any:
    """A dataclass's attribute, or None if it has none, read without being noted."""
    try:
        return object.__getattribute__(value, name)
    except AttributeError:
        return None


def _field(value: Any, name: str) -> Any:
    return object.__getattribute__(value, name)
