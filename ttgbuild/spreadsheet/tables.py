"""What the sheets of a project are: one table per record kind, its columns read from the schema.

Every pack says which content files and folders hold which record kinds and
gives a JSON Schema for each, so the sheets need no knowledge of any game:

- a folder kind (Jugger's heroes, Tidewrack's critters) is a table with one
  row per file, keyed by its `id`;
- a list of mappings at the top of a file kind (Jugger's weapons and teams,
  Tidewrack's tide table) is a table with one row per item, keyed by `id`
  when its items have one, else by position;
- what else a file holds (Jugger's rules, Tidewrack's game numbers) is a
  settings table: one row of its own, shown transposed (field, value).

A column is a scalar field, or a mapping of fixed fields opened into one column
per field (`cost.kind`, `cost.amount`); lists and free-form values stay one
column whose cells are written in YAML's flow form (`[a, b]`, `{grip: 1}`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ttgbuild.pack import Pack
from ttgbuild.source.expressions import ExpressionError, evaluate
from ttgbuild.source.loader import Loaded
from ttgbuild.source.schema import SchemaSet, schemas_at

MISSING: Any = object()  # a field the record does not have (an empty cell)
SCALARS = ("integer", "number", "boolean", "string")
_COMBINERS = ("oneOf", "anyOf", "allOf", "if", "not")


@dataclass(frozen=True)
class Column:
    """One field of a table: its dotted name, where it sits in a record, how a cell reads."""

    name: str  # the header, e.g. "cost.amount"
    path: tuple[str, ...]
    kind: str  # one of SCALARS, or "yaml": a list or nested value in flow form
    choices: tuple[str, ...] = ()  # an enum's values
    minimum: float | None = None
    maximum: float | None = None
    description: str = ""


@dataclass
class Row:
    """One record: its key, its file, where it sits in that file, its values by column name."""

    key: str
    file: str  # display path, e.g. "content/heroes/kirra-maddock.yaml"
    base: tuple[str | int, ...]  # path to the record inside the file's document
    values: dict[str, Any]


@dataclass
class Table:
    """One sheet: a record kind's rows and columns, and where its records live."""

    name: str
    kind: str
    columns: list[Column]
    rows: list[Row] = field(default_factory=list)
    folder: str | None = None  # "content/heroes" for a folder kind
    file: str | None = None  # the file of a list or settings table
    list_key: str | None = None  # the top-level field holding a list table's items
    keyed: bool = True  # rows matched by id (else by position)
    settings: bool = False  # shown transposed: one row per field
    computed: Mapping[str, str] = field(default_factory=dict)  # read-only title → expression

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name == name), None)


def tables_of(pack: Pack, loaded: Loaded) -> list[Table]:
    """Every table of a project's content, folder kinds first, in the pack's order."""
    schemas = schemas_at(pack.schemas)
    tables: list[Table] = []
    for folder, kind in pack.folders.items():
        tables.append(_folder_table(schemas, pack, loaded, folder, kind))
    for name, kind in pack.files.items():
        tables.extend(_file_tables(schemas, loaded, name, kind))
    _unique_names(tables)
    return tables


def get_path(data: Any, path: tuple[str, ...]) -> Any:
    """The value at a path of mappings, or MISSING."""
    for part in path:
        if not isinstance(data, Mapping) or part not in data:
            return MISSING
        data = data[part]
    return data


def computed_values(table: Table, record: Mapping[str, Any]) -> dict[str, Any]:
    """The pack's read-only columns for one record; a value it cannot work out is left empty."""
    values: dict[str, Any] = {}
    for title, expression in table.computed.items():
        try:
            values[title] = evaluate(expression, dict(record))
        except (ExpressionError, TypeError, ValueError, ArithmeticError):
            values[title] = None
    return values


def _folder_table(schemas: SchemaSet, pack: Pack, loaded: Loaded, folder: str, kind: str) -> Table:
    root = schemas.texts[f"{kind}.schema.json"]
    columns = record_columns(schemas, root, root)
    table = Table(
        folder,
        kind,
        columns,
        folder=f"content/{folder}",
        keyed=any(c.name == "id" for c in columns),
        computed=pack.sheet_columns.get(kind, {}),
    )
    prefix = f"content/{folder}/"
    for shown in sorted(loaded.documents):
        if shown.startswith(prefix) and "/" not in shown[len(prefix) :]:
            data = loaded.documents[shown].data
            if isinstance(data, Mapping):
                key = data.get("id") if table.keyed else None
                table.rows.append(
                    _row(table, str(key or PurePosixPath(shown).stem), shown, (), data)
                )
    return table


def _file_tables(schemas: SchemaSet, loaded: Loaded, name: str, kind: str) -> list[Table]:
    shown = f"content/{name}"
    doc = loaded.documents.get(shown)
    data = doc.data if doc is not None else None
    if not isinstance(data, Mapping):
        return []
    root = schemas.texts[f"{kind}.schema.json"]
    tables: list[Table] = []
    lists: set[str] = set()
    for key, node in root.get("properties", {}).items():
        node, node_doc = resolved(schemas, node, root)
        items, items_doc = resolved(schemas, node.get("items", {}), node_doc)
        if node.get("type") != "array" or not _fixed_object(items):
            continue
        if not isinstance(data.get(key), list):
            continue
        lists.add(key)
        columns = record_columns(schemas, items, items_doc)
        table = Table(
            key,
            kind,
            columns,
            file=shown,
            list_key=key,
            keyed=any(c.name == "id" for c in columns),
        )
        for index, item in enumerate(data[key]):
            if isinstance(item, Mapping):
                label = str(item.get("id")) if table.keyed else str(index + 1)
                table.rows.append(_row(table, label, shown, (key, index), item))
        tables.append(table)
    rest = {k: v for k, v in data.items() if k not in lists}
    if rest:
        columns = _settings_columns(schemas, root, root, rest, ())
        table = Table(name, kind, columns, file=shown, settings=True)
        table.rows.append(_row(table, PurePosixPath(name).stem, shown, (), rest))
        tables.append(table)
    return tables


def _row(
    table: Table, key: str, shown: str, base: tuple[str | int, ...], data: Mapping[str, Any]
) -> Row:
    return Row(key, shown, base, {c.name: get_path(data, c.path) for c in table.columns})


def record_columns(
    schemas: SchemaSet, node: dict[str, Any], doc: dict[str, Any], prefix: tuple[str, ...] = ()
) -> list[Column]:
    """The columns of a record kind: every property, fixed mappings opened field by field."""
    columns: list[Column] = []
    for name, sub in node.get("properties", {}).items():
        sub, sub_doc = resolved(schemas, sub, doc)
        path = (*prefix, name)
        if _fixed_object(sub):
            columns.extend(record_columns(schemas, sub, sub_doc, path))
        else:
            columns.append(column_for(path, sub))
    return columns


def _settings_columns(
    schemas: SchemaSet,
    node: dict[str, Any],
    doc: dict[str, Any],
    data: Mapping[str, Any],
    prefix: tuple[str, ...],
) -> list[Column]:
    """One column per value the document holds: every mapping opened, whatever its schema."""
    columns: list[Column] = []
    for key, value in data.items():
        sub: Any = node.get("properties", {}).get(key, node.get("additionalProperties"))
        sub, sub_doc = resolved(schemas, sub if isinstance(sub, dict) else {}, doc)
        path = (*prefix, str(key))
        if isinstance(value, Mapping) and value:
            columns.extend(_settings_columns(schemas, sub, sub_doc, value, path))
        else:
            columns.append(column_for(path, sub))
    return columns


def column_for(path: tuple[str, ...], node: dict[str, Any]) -> Column:
    """A column's cell kind, choices and bounds, from the schema of its field."""
    name = ".".join(path)
    about = str(node.get("description", ""))
    enum = node.get("enum")
    if isinstance(enum, list) and enum and all(isinstance(v, str) for v in enum):
        return Column(name, path, "string", tuple(enum), description=about)
    kind = node.get("type")
    if kind not in SCALARS or any(k in node for k in _COMBINERS):
        return Column(name, path, "yaml", description=about)
    low, high = node.get("minimum"), node.get("maximum")
    number = (int, float)
    return Column(
        name,
        path,
        kind,
        minimum=low if isinstance(low, number) else None,
        maximum=high if isinstance(high, number) else None,
        description=about,
    )


def resolved(
    schemas: SchemaSet, node: dict[str, Any], doc: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A schema node with every `$ref` on its way followed (a ref may lead to another)."""
    for _ in range(16):  # a cycle of refs is the schema's problem: stop, never hang
        if not isinstance(node, dict):  # `true`, `false`: a schema that says nothing of shape
            return {}, doc
        if "$ref" not in node:
            break
        node, doc = schemas.resolve(node, doc)
    return node, doc


def _fixed_object(node: dict[str, Any]) -> bool:
    """A mapping whose fields the schema names, nothing else: opened into one column each."""
    return (
        node.get("type") == "object"
        and isinstance(node.get("properties"), dict)
        and node.get("additionalProperties") is False
        and not any(k in node for k in _COMBINERS)
    )


def _unique_names(tables: list[Table]) -> None:
    """Two tables of one name (a list named like a folder) take their file's name in front."""
    seen: dict[str, int] = {}
    for table in tables:
        seen[table.name] = seen.get(table.name, 0) + 1
    for table in tables:
        if seen[table.name] > 1 and table.list_key and table.file:
            table.name = f"{PurePosixPath(table.file).stem}.{table.list_key}"
