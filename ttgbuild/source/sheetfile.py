"""Reference sheet files (`<name>.sheet.yaml`): read, schema-checked and their expressions compiled.

A pack's reference sheets are data (docs/formats/sheets.md): sections of
messages, tables and figures. Reading one here, below the renderer, lets
`validate` report every problem of a sheet file at its file:line:col
(the YAML, the format, an expression that does not parse, a label table
that does not exist) before any page is drawn; render/prose.py lays the
checked file out. A sheet with `book:` at its top is a rulebook of many
pages (render/booksheet.py): the same sections, set at one size.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, LocatedError
from ttgbuild.pack import Pack
from ttgbuild.source.datafile import DataFile, load_folder, shown_from

SUFFIX = ".sheet.yaml"
SHEET_CODES = code_table(
    Code("JT080", "error", "every expression in a sheet file is a valid expression"),
    Code("JT081", "error", "a sheet names only label tables, figures and pictures that exist"),
    Code("JT082", "error", "every expression in a sheet file evaluates with the content"),
    Code("JT083", "error", "a label table is defined in one sheet file only"),
    Code(
        "JT084", "error", "each sheet entry is of exactly one kind, with the fields that kind needs"
    ),
    Code("JT085", "error", "a book's figure fits in one column of a page"),
)
# Each entry's kinds (the field that names it) and the fields each kind may add;
# the schema lists every field an entry may have, this says which go together.
MESSAGE_FIELDS = frozenset({"context", "plural", "count", "comment", "params"})
BOLD = frozenset({"bold"})
KINDS: dict[str, dict[str, frozenset[str]]] = {
    "paragraph": {"msg": MESSAGE_FIELDS | BOLD, "text": BOLD, "parts": frozenset()},
    "inline": {"msg": MESSAGE_FIELDS | BOLD, "text": BOLD},
    "cell": {
        "msg": MESSAGE_FIELDS | BOLD,
        "text": BOLD,
        "number": BOLD,
        "numbers": frozenset({"join"}) | BOLD,
        "percent": BOLD,
        "cost": frozenset({"icon", "free"}),
        "label": frozenset({"id"}) | BOLD,
        "picture": frozenset(),
    },
    "item": {k: frozenset() for k in ("prose", "bullets", "steps", "table")}
    | {"figure": frozenset({"labels"})},
}
NEEDS = {"msg": ("context",), "cost": ("icon", "free"), "label": ("id",)}
PAIRS = (("plural", "count"), ("each", "as"))  # one of a pair needs the other
REPEAT = frozenset({"when", "each", "as"})
TYPE_SIZE = (10.0, 6.0)  # a sheet's body sizes without `type_size`: 10 pt down to 6 pt
BOOK_BODY = 9.0  # a book's body size without `book.body`, as Jugger's rules.pdf
BOOK_COLUMNS = 2
# Keys whose values are expressions (a message's params values are too).
EXPRESSION_KEYS = frozenset({"when", "each", "count", "text", "number", "percent", "cost", "id"})


class SheetError(LocatedError):
    """A located problem found while laying a sheet out; carries its diagnostic."""


@dataclass(frozen=True)
class Sheet(DataFile, kind="sheet", suffix=SUFFIX, codes=SHEET_CODES):
    """One checked sheet file: its sections and label tables, and where each mapping sits."""

    @property
    def sections(self) -> list[dict[str, Any]]:
        return self.doc.data.get("sections", [])

    @property
    def labels(self) -> dict[str, dict[str, dict[str, Any]]]:
        return self.doc.data.get("labels", {})

    @property
    def type_size(self) -> tuple[float, float]:
        """(largest, smallest) body size the sheet may be set in: its `type_size` or the default."""
        sizes = self.doc.data.get("type_size", {})
        return float(sizes.get("largest", TYPE_SIZE[0])), float(sizes.get("smallest", TYPE_SIZE[1]))

    @property
    def book(self) -> dict[str, Any] | None:
        """The `book:` mapping of a sheet in book mode (a multi-page rulebook), else None."""
        return self.doc.data.get("book")

    @property
    def title(self) -> dict[str, Any] | None:
        """The message of a one-page sheet's own title (`title:`), else None (a book's is
        `book.title`)."""
        return self.doc.data.get("title")

    @property
    def body_size(self) -> float:
        """A book's fixed body size in points."""
        return float((self.book or {}).get("body", BOOK_BODY))

    @property
    def columns(self) -> int:
        """A book's columns per page."""
        return int((self.book or {}).get("columns", BOOK_COLUMNS))


@dataclass(frozen=True)
class Sheets:
    """Every sheet file of a folder by name, and every label table by name (with its sheet)."""

    by_name: dict[str, Sheet]
    labels: dict[str, tuple[Sheet, dict[str, dict[str, Any]]]]
    diagnostics: list[Diagnostic]


def load_sheet(path: Path, display: str) -> tuple[Sheet | None, list[Diagnostic]]:
    """One sheet file: loaded, checked against the sheet format, its expressions compiled.

    Returns no sheet when anything is wrong, with every problem located.
    """
    sheet, problems = Sheet.read(path, display)
    if sheet is None:
        return None, problems
    problems = [sheet.problem("JT084", node, message) for node, message in _shapes(sheet.data)]
    largest, smallest = sheet.type_size
    if smallest > largest:
        message = f"type_size: smallest {smallest:g} is larger than largest {largest:g}"
        problems.append(sheet.problem("JT084", sheet.data["type_size"], message, "smallest"))
    if sheet.book is None:  # a subheading needs the pages of a book
        for section in sheet.sections:
            if section["heading"].get("level", 1) != 1:
                message = "level 2 headings are for sheets in book mode (a `book:` at the top)"
                problems.append(sheet.problem("JT084", section["heading"], message, "level"))
    else:
        if "type_size" in sheet.data:
            message = "a book is set at one size: book.body, not type_size"
            problems.append(sheet.problem("JT084", sheet.data["type_size"], message))
        if "title" in sheet.data:
            message = "a book's title is book.title; title is a one-page sheet's"
            problems.append(sheet.problem("JT084", sheet.data, message, "title"))
    problems += sheet.expression_problems("JT080", _expressions(sheet.data))
    return (None, problems) if problems else (sheet, [])


@cache
def load_sheets(folder: Path, root: Path) -> Sheets:
    """Every `*.sheet.yaml` of a folder, read once per process; label tables checked.

    Files are named in diagnostics by their path from `root` (the project's
    folder, or the folder a pack's package sits in).
    """
    by_name, diagnostics = load_folder(folder, root, SUFFIX, load_sheet)
    labels: dict[str, tuple[Sheet, dict[str, dict[str, Any]]]] = {}
    for sheet in by_name.values():
        for table, entries in sheet.labels.items():
            if table in labels:
                first = labels[table][0].doc.display
                message = f"label table {table!r} is already defined in {first}"
                diagnostics.append(sheet.problem("JT083", sheet.labels, message, table))
                continue
            labels[table] = (sheet, entries)
    for sheet in by_name.values():
        for owner, table in _label_references(sheet.doc.data):
            if table not in labels:
                known = ", ".join(sorted(labels)) or "none"
                message = f"no label table {table!r} (tables: {known})"
                key = "label" if "label" in owner else "labels"
                diagnostics.append(sheet.problem("JT081", owner, message, key))
    return Sheets(by_name, labels, diagnostics)


def pack_sheets(pack: Pack, project: Path) -> Sheets:
    """The pack's sheet files, read once per process (none without a sheets folder)."""
    if pack.sheets is None:
        return Sheets({}, {}, [])
    folder = pack.sheets.resolve()
    return load_sheets(folder, shown_from(pack, folder, project))


def _shapes(data: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """(entry, what is wrong) for every entry not of exactly one kind or missing a companion."""
    if isinstance(data.get("title"), dict):
        yield from _pairs(data["title"])
    for table in data.get("labels", {}).values():
        for message in table.values():
            yield from _pairs(message)
    for section in data.get("sections", []):
        yield from _pairs(section)
        yield from _pairs(section["heading"])
        for item in section["items"]:
            yield from _entry(item, "item")
            for kind in ("prose", "bullets", "steps"):
                for paragraph in item.get(kind, []):
                    yield from _entry(paragraph, "paragraph")
                    for part in paragraph.get("parts", []):
                        yield from _entry(part, "inline")
            table = item.get("table", {})
            yield from (p for column in table.get("columns", []) for p in _pairs(column))
            yield from (p for cell in table.get("header", []) for p in _entry(cell, "cell"))
            for row in table.get("rows", []):
                yield from _pairs(row)
                yield from (p for cell in row["cells"] for p in _entry(cell, "cell"))


def _entry(node: dict[str, Any], role: str) -> Iterator[tuple[dict[str, Any], str]]:
    """Problems of one entry: its kind (exactly one), its kind's companions, stray fields."""
    kinds = [k for k in KINDS[role] if k in node]
    if len(kinds) != 1:
        named = " and ".join(kinds) if kinds else "none"
        choices = ", ".join(KINDS[role])
        yield node, f"a {role} is exactly one of {choices}; this one has {named}"
        return
    kind = kinds[0]
    missing = [n for n in NEEDS.get(kind, ()) if n not in node]
    if missing:
        yield node, f"a {role} with {kind} needs {' and '.join(missing)}"
    allowed = KINDS[role][kind] | {kind} | (REPEAT if role != "inline" else frozenset())
    stray = [k for k in node if k not in allowed]
    if stray:
        yield node, f"{', '.join(stray)} does not go with {kind} in a {role}"
    yield from _pairs(node)


def _pairs(node: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    for one, other in PAIRS:
        for a, b in ((one, other), (other, one)):
            if a in node and b not in node:
                yield node, f"{a} needs {b}"


def _expressions(node: Any) -> Iterator[tuple[dict[str, Any], str, str]]:
    """(owning mapping, key, source) of every expression of a sheet (params values included)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in EXPRESSION_KEYS and isinstance(value, str):
                yield node, key, value
            elif key == "params" and isinstance(value, dict):
                yield from ((value, name, source) for name, source in value.items())
            elif key == "numbers" and isinstance(value, list):
                yield from ((node, "numbers", source) for source in value)
            else:
                yield from _expressions(value)
    elif isinstance(node, list):
        for item in node:
            yield from _expressions(item)


def _label_references(node: Any) -> Iterator[tuple[dict[str, Any], str]]:
    """(mapping, table) of every cell naming a label table and every figure's labels."""
    if isinstance(node, dict):
        if isinstance(node.get("label"), str) and "id" in node:
            yield node, node["label"]
        if "figure" in node and isinstance(node.get("labels"), str):
            yield node, node["labels"]
        for key, value in node.items():
            if key != "labels" or not isinstance(value, dict):
                yield from _label_references(value)
    elif isinstance(node, list):
        for item in node:
            yield from _label_references(item)
