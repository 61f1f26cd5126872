"""The content model of a game declared as data: records, read-only, that know where they came from.

A data pack has no model classes of its own. Each schema-valid document
becomes a `Record`: a read-only mapping of its fields (nested mappings are
records too, lists are tuples) with the `Origin` of every part, so a layout
or a rule reads `record.cost` and a check names `record.origin.at("cost")`.
The content is one attribute per record kind of the pack (`content.critters`:
the folder's `Records` sorted by file; `content.rules`: a one-file kind's
record, or None when its file failed).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ttgbuild.core.origin import Origin

if TYPE_CHECKING:
    from ttgbuild.source.yamlsource import Document


class _Attributes:
    """Values read as attributes by name (`record.cost`, `content.critters`): what expressions use.

    A name that is not there is an AttributeError that says what is missing
    (`_absent`), so `getattr` with a default and `hasattr` work as usual.
    """

    __slots__ = ()
    _absent: str  # "the record has no field": the words before the missing name

    def _named(self) -> Mapping[str, Any]:
        raise NotImplementedError

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # unpickling asks before the values exist
            raise AttributeError(name)
        try:
            return self._named()[name]
        except KeyError:
            raise AttributeError(f"{self._absent} {name!r}") from None


class Record(_Attributes, Mapping[str, Any]):
    """A record's fields, read-only, with its origin; fields read as attributes too.

    Attribute access (`record.cost`) is what expressions and `ttgbuild list`
    use; a field named like a mapping method (`items`, `keys`) is read with
    `record["items"]`.
    """

    __slots__ = ("_fields", "origin")
    _absent = "the record has no field"

    def __init__(self, fields: Mapping[str, Any], origin: Origin) -> None:
        self._fields = {key: frozen(value, origin.at(key)) for key, value in fields.items()}
        self.origin = origin

    def __getitem__(self, key: str) -> Any:
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def _named(self) -> Mapping[str, Any]:
        return self._fields

    def __getstate__(self) -> tuple[dict[str, Any], Origin]:
        return self._fields, self.origin

    def __setstate__(self, state: tuple[dict[str, Any], Origin]) -> None:
        self._fields, self.origin = state

    def __repr__(self) -> str:
        return f"Record({self._fields!r}, {self.origin!r})"

    def plain(self) -> dict[str, Any]:
        """The fields as plain JSON-ready data (for `ttgbuild list --format json`)."""
        return {key: _plain(value) for key, value in self._fields.items()}


def frozen(value: Any, origin: Origin) -> Any:
    """A document value made read-only: mappings become records, lists tuples."""
    if isinstance(value, Mapping):
        return Record(value, origin)
    if isinstance(value, list):
        return tuple(frozen(item, origin.at(index)) for index, item in enumerate(value))
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.plain()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


class Records(tuple[Record, ...]):
    """A folder kind's records, in file order; `by_id` finds one (`pools.by_id(critter.pool)`)."""

    __slots__ = ()

    def by_id(self, ident: str) -> Record | None:
        """The record whose `id` is `ident`, or None: expressions test it before reading it."""
        return next((record for record in self if record.get("id") == ident), None)


class DataContent(_Attributes):
    """A data pack's content: one attribute per record kind, named in its pack.yaml."""

    _absent = "the game has no record kind"

    def __init__(self) -> None:
        self._kinds: dict[str, Any] = {}

    def _named(self) -> Mapping[str, Any]:
        return self._kinds

    def add(self, name: str, records: Any) -> None:
        """Set one kind's records (a tuple for a folder, one record or None for a file)."""
        self._kinds[name] = records


def kinds(content: DataContent) -> dict[str, Any]:
    """Every record kind of the content by name: the names expressions over it read."""
    return dict(content._kinds)


def build_content(
    folders: Mapping[str, str],
    files: Mapping[str, str],
    content: DataContent,
    valid: Mapping[str, list[Document]],
) -> None:
    """Fill `content` from the schema-valid documents: `folders` and `files` map kind → name.

    Partial application of the first two (by datapack) gives `Pack.build_content`.
    """
    for kind, name in folders.items():
        docs = sorted(valid.get(kind, []), key=lambda doc: doc.display)
        content.add(name, Records(Record(doc.data, Origin(doc.display)) for doc in docs))
    for kind, name in files.items():
        docs = valid.get(kind, [])
        content.add(name, Record(docs[0].data, Origin(docs[0].display)) if docs else None)


def register_nothing(registry: Any) -> None:
    """A data pack's checks are its declarative check files, added by the registry itself."""
    del registry
