"""What an imported spreadsheet changes: every edit, new record and missing one, worked out
before anything is written, with the cell each came from.

A row is matched to its record by id (by position in a list without ids). A
value is changed only where the cell reads as something other than the
record's value, so a sheet imported as exported changes nothing. Each file
touched is edited in memory (yamledit) and its new text read back; the texts
are then validated as the content they would make, and written only if clean.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttgbuild.core.readfile import read_regular
from ttgbuild.source.yamlsource import MAX_BYTES
from ttgbuild.spreadsheet.cells import CellError, from_cell, to_cell
from ttgbuild.spreadsheet.tables import MISSING, Column, Row, Table
from ttgbuild.spreadsheet.workbook import (
    COMPUTED,
    SETTINGS_HEADER,
    RawSheet,
    csv_name,
    sheet_title,
)
from ttgbuild.spreadsheet.yamledit import EditError, Editor, new_file_text, reads_as, same, set_path

_FILE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}")
SCRATCH = "_"  # a sheet (or CSV file) named so is the user's own notes: import skips it
_NEW = "new:"  # a locator's list index for the n-th item appended: "new:1", "new:2"


@dataclass(frozen=True)
class Problem:
    """A cell (or sheet) that cannot be imported, and the record it belongs to."""

    cell: str  # "heroes!F7", or "heroes" for the sheet as a whole
    message: str
    record: str = ""  # the record's file, when there is one

    def as_text(self) -> str:
        where = f" ({self.record})" if self.record else ""
        return f"{self.cell}: error: {self.message}{where}"


@dataclass(frozen=True)
class Change:
    """One value the import changes (or adds, or removes)."""

    file: str
    field: str
    old: Any
    new: Any

    def as_text(self) -> str:
        return f"{self.file}: {self.field} {_shown(self.old)} → {_shown(self.new)}"


@dataclass(frozen=True)
class Locator:
    """Where a value of the would-be content came from: its file, its path, its cell."""

    file: str
    parts: tuple[str, ...]
    cell: str


@dataclass
class Plan:
    changes: list[Change] = field(default_factory=list)
    added: list[tuple[str, str]] = field(default_factory=list)  # (file, cell) of new records
    missing: list[str] = field(default_factory=list)  # records in content, not in the sheet
    problems: list[Problem] = field(default_factory=list)
    writes: dict[str, str | None] = field(default_factory=dict)  # file → text; None: delete
    locators: list[Locator] = field(default_factory=list)


@dataclass
class _Edits:
    """What one file gets: values set, list items removed, records appended."""

    sets: list[tuple[tuple[str | int, ...], Any]] = field(default_factory=list)
    removed: list[tuple[str, int]] = field(default_factory=list)
    appended: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def plan_import(
    project: Path,
    tables: list[Table],
    sheets: list[RawSheet],
    documents: Mapping[str, Any],
    delete_missing: bool,
) -> Plan:
    """Everything the sheets would change in the content, or the problems that stop it."""
    plan = Plan()
    edits: dict[str, _Edits] = {}
    by_name = {t.name: t for t in tables}
    by_name.update({sheet_title(t.name): t for t in tables})  # a long name, as a workbook has it
    by_name.update({csv_name(t.name): t for t in tables})  # a name no file could have, as CSV
    seen: set[str] = set()
    for sheet in sheets:
        table = by_name.get(sheet.name)
        if table is None and sheet.name.startswith(SCRATCH):
            continue
        if table is None:
            names = ", ".join(t.name for t in tables) or "none"
            message = (
                f"no sheet of this project is named so (its sheets: {names}; "
                f"a sheet of your own is skipped if its name starts with {SCRATCH})"
            )
            plan.problems.append(Problem(sheet.name, message))
        elif table.name in seen:
            plan.problems.append(Problem(sheet.name, "a second sheet of this name"))
        else:
            seen.add(table.name)
            _Sheet(plan, edits, project, table, sheet, delete_missing).read()
    if not plan.problems:
        for file, wanted in edits.items():
            _edit_file(plan, project, file, wanted, documents.get(file))
    return plan


class _Sheet:
    """One sheet read against its table."""

    def __init__(
        self,
        plan: Plan,
        edits: dict[str, _Edits],
        project: Path,
        table: Table,
        sheet: RawSheet,
        delete_missing: bool,
    ) -> None:
        self.plan, self.edits, self.project = plan, edits, project
        self.table, self.sheet, self.delete_missing = table, sheet, delete_missing

    def cell(self, column: int, row: int) -> str:
        from openpyxl.utils import get_column_letter

        return f"{self.sheet.name}!{get_column_letter(column)}{row}"

    def problem(self, column: int, row: int, message: str, record: str = "") -> None:
        self.plan.problems.append(Problem(self.cell(column, row), message, record))

    def read(self) -> None:
        if self.table.settings:
            self._read_settings()
        else:
            self._read_records()

    def _columns(self) -> dict[int, Column] | None:
        """The header's columns by position; None when the header cannot be used."""
        header = [h if h is not None else "" for h in self.sheet.header]
        if not any(str(h).strip() for h in header):
            self.problem(1, 1, "the first row must name the columns (the header is missing)")
            return None
        widest = max((len(cells) for _, cells in self.sheet.rows), default=0)
        header += [""] * (widest - len(header))  # a CSV row longer than its header
        columns: dict[int, Column] = {}
        for index, title in enumerate(header, 1):
            name = str(title).strip()
            if name.endswith(COMPUTED):  # the pack's read-only columns
                continue
            if not name:
                if any(_filled(cells, index) for _, cells in self.sheet.rows):
                    self.problem(index, 1, "a column of values with no name in the header")
                continue
            column = self.table.column(name)
            if column is None:
                known = ", ".join(c.name for c in self.table.columns)
                self.problem(index, 1, f"unknown column {name!r}; {self.table.name} has: {known}")
            elif column in columns.values():
                self.problem(index, 1, f"a second {name!r} column")
            else:
                columns[index] = column
        if self.table.keyed and not any(c.name == "id" for c in columns.values()):
            self.problem(1, 1, "no id column: each row is matched to its record by its id")
            return None
        return columns

    def _read_records(self) -> None:
        columns = self._columns()
        if columns is None:
            return
        if self.table.file and self.table.list_key:  # a problem of the list as a whole
            whole = Locator(self.table.file, (self.table.list_key,), self.sheet.name)
            self.plan.locators.append(whole)
        existing = {row.key: row for row in self.table.rows}
        matched: set[str] = set()
        read: list[tuple[int, dict[str, Any]]] = []  # rows of a list without ids
        id_column = next((i for i, c in columns.items() if c.name == "id"), 1)
        for number, cells in self.sheet.rows:
            if not any(_filled(cells, i) for i in columns):
                continue
            values = self._values(columns, cells, number, "")
            if values is None:
                continue
            if not self.table.keyed:
                read.append((number, values))
                continue
            key = values.get("id", MISSING)
            if key is MISSING:
                self.problem(id_column, number, "a row needs an id")
                continue
            key = str(key)
            if key in matched:
                self.problem(id_column, number, f"a second row with id {key!r}")
                continue
            matched.add(key)
            if key in existing:
                self._update(existing[key], columns, values, number)
            else:
                self._add(key, columns, values, number, id_column)
        new = 0
        for number, values, row in self._by_content(columns, read):
            if row is None:  # keyed by the place it gets: after every item there is
                new += 1
                self._add(str(len(self.table.rows) + new), columns, values, number, id_column)
            else:
                matched.add(row.key)
                self._update(row, columns, values, number)
        for row in self.table.rows:
            if row.key not in matched:
                self._missing(row)

    def _by_content(
        self, columns: dict[int, Column], read: list[tuple[int, dict[str, Any]]]
    ) -> list[tuple[int, dict[str, Any], Row | None]]:
        """A list without ids: each sheet row with the item it stands for (None: a new one).

        A row equal to an item is that item wherever it stands (at its own place first,
        then the first equal item left after those above), so deleting a middle row
        reports that item missing rather than every item below it changed. The rows left
        pair with the items left in order (edited items); the extra rows are new
        (appended last).
        Such a list cannot be reordered from the sheet: a moved row is a problem.
        """
        names = [c.name for c in columns.values()]
        mine = [_fingerprint(values, names) for _, values in read]
        theirs = [_fingerprint(row.values, names) for row in self.table.rows]
        item_of: dict[int, int] = {}  # sheet row's place in `read` → item's index
        for place, print_ in enumerate(mine):
            if place < len(theirs) and theirs[place] == print_:
                item_of[place] = place
        free: dict[str, list[int]] = {}
        for index, print_ in enumerate(theirs):
            if item_of.get(index) != index:
                free.setdefault(print_, []).append(index)
        highest = -1  # an equal item after the rows above is taken first: no false move
        for place, print_ in enumerate(mine):
            if place not in item_of and free.get(print_):
                equal = free[print_]
                item_of[place] = next((i for i in equal if i > highest), equal[0])
                equal.remove(item_of[place])
            highest = max(highest, item_of.get(place, -1))
        taken = set(item_of.values())
        left = iter(i for i in range(len(theirs)) if i not in taken)
        for place in range(len(read)):
            if place not in item_of:
                index = next(left, None)
                if index is not None:
                    item_of[place] = index
        self._refuse_moves(item_of, read)
        return [
            (number, values, self.table.rows[item_of[p]] if p in item_of else None)
            for p, (number, values) in enumerate(read)
        ]

    def _refuse_moves(self, item_of: dict[int, int], read: list[tuple[int, Any]]) -> None:
        """A row standing before an item it followed in the file: the first such is located."""
        highest = -1
        for place, (number, _) in enumerate(read):
            index = item_of.get(place)
            if index is None:
                continue
            if index < highest:
                row = self.table.rows[index]
                self.problem(
                    1,
                    number,
                    f"this row ({self.table.name} {row.key}) was moved: a list without ids "
                    "keeps its file's order; put the rows back in order, or reorder the "
                    "list in the file",
                    row.file,
                )
                return
            highest = index

    def _values(
        self, columns: dict[int, Column], cells: list[Any], number: int, record: str
    ) -> dict[str, Any] | None:
        values: dict[str, Any] = {}
        fine = True
        for index, column in columns.items():
            cell = cells[index - 1] if index <= len(cells) else None
            try:
                values[column.name] = from_cell(column, cell)
            except CellError as exc:
                self.problem(index, number, f"{column.name}: {exc}", record)
                fine = False
        return values if fine else None

    def _update(self, row: Row, columns: dict[int, Column], values: dict[str, Any], n: int) -> None:
        if self.table.folder:
            label = ""
        else:  # a list's item by its id, or by the list's name and its place
            label = f"{row.key} " if self.table.keyed else f"{self.table.name} {row.key}: "
        for column in columns.values():
            old, new = row.values[column.name], values[column.name]
            if _same(old, new):
                continue
            self.plan.changes.append(Change(row.file, label + column.name, old, new))
            self._edits(row.file).sets.append(((*row.base, *column.path), new))
        self._locate(row.file, row.base, columns, n)

    def _add(
        self, key: str, columns: dict[int, Column], values: dict[str, Any], n: int, id_column: int
    ) -> None:
        record: dict[str, Any] = {}
        for column in self.table.columns:  # the schema's order, whatever the sheet's
            value = values.get(column.name, MISSING)
            if value is not MISSING:
                set_path(record, column.path, value)
        if self.table.folder is not None:
            file = f"{self.table.folder}/{key}.yaml"
            if not _FILE_ID.fullmatch(key):
                message = f"id {key!r} cannot name a file: use letters, digits and -"
                self.problem(id_column, n, message)
                return
            if os.path.lexists(self.project / file):  # a link, even a broken one, too
                message = (
                    f"a new row's file {file} exists already (a record with another id, "
                    "or one that cannot be read): choose another id, or mend that file"
                )
                self.problem(id_column, n, message, file)
                return
            self.plan.writes[file] = new_file_text(record)
            self._locate(file, (), columns, n)
        else:
            assert self.table.file is not None and self.table.list_key is not None
            file = self.table.file
            wanted = self._edits(file)
            wanted.appended.append((self.table.list_key, record))
            ordinal = sum(k == self.table.list_key for k, _ in wanted.appended)
            self._locate(file, (self.table.list_key, f"{_NEW}{ordinal}"), columns, n)
        what = file if self.table.folder else f"{file}: {self.table.name} {key}"
        self.plan.added.append((what, self.cell(1, n)))

    def _missing(self, row: Row) -> None:
        what = row.file if self.table.folder else f"{row.file}: {self.table.name} {row.key}"
        self.plan.missing.append(what)
        if not self.delete_missing:
            return
        if self.table.folder is not None:
            self.plan.writes[row.file] = None
        else:
            self._edits(row.file).removed.append((str(row.base[0]), int(row.base[1])))

    def _read_settings(self) -> None:
        header = [str(h or "").strip() for h in self.sheet.header]
        if header[:2] != list(SETTINGS_HEADER[:2]):
            self.problem(1, 1, "a settings sheet's first row must be: field, value")
            return
        row = self.table.rows[0]
        done: set[str] = set()
        for number, cells in self.sheet.rows:
            name = str(cells[0]).strip() if cells and cells[0] is not None else ""
            if not name:
                if _filled(cells, 2):
                    self.problem(1, number, "a value with no field name")
                continue
            column = self.table.column(name)
            if column is None:
                self.problem(1, number, f"unknown field {name!r} of {row.file}", row.file)
                continue
            if name in done:
                self.problem(1, number, f"a second row for {name!r}", row.file)
                continue
            done.add(name)
            values = self._values({2: column}, [None, *cells[1:2]], number, row.file)
            if values is None:
                continue
            if not _same(row.values[name], values[name]):
                self.plan.changes.append(Change(row.file, name, row.values[name], values[name]))
                self._edits(row.file).sets.append((column.path, values[name]))
            self.plan.locators.append(Locator(row.file, column.path, self.cell(2, number)))

    def _locate(
        self, file: str, base: tuple[str | int, ...], columns: dict[int, Column], n: int
    ) -> None:
        parts = tuple(str(p) for p in base)
        self.plan.locators.append(Locator(file, parts, self.cell(1, n)))
        for index, column in columns.items():
            self.plan.locators.append(Locator(file, parts + column.path, self.cell(index, n)))

    def _edits(self, file: str) -> _Edits:
        return self.edits.setdefault(file, _Edits())


def _edit_file(plan: Plan, project: Path, file: str, wanted: _Edits, data: Any) -> None:
    """The file's new text, its values set in place; a problem if that cannot be done safely."""
    try:
        original = read_regular(project / file, MAX_BYTES).decode("utf-8")
        ending = _line_ending(original)
        editor = Editor(original.replace(ending, "\n"))
    except (OSError, UnicodeDecodeError, EditError) as exc:
        plan.problems.append(Problem(file, f"cannot be edited: {exc}", file))
        return
    meant = copy.deepcopy(data)
    for path, value in wanted.sets:
        editor.set(path, value)
        set_path(meant, path, value)
    for key, index in sorted(wanted.removed, reverse=True):
        editor.set((key, index), MISSING)
        set_path(meant, (key, index), MISSING)
    for key, record in wanted.appended:
        editor.append((key,), record)
        meant[key].append(record)
    text = editor.text()
    if not reads_as(text, meant):
        plan.problems.append(
            Problem(file, "cannot be edited in place without changing what it says", file)
        )
        return
    plan.writes[file] = text.replace("\n", ending)
    _renumber(plan, file, wanted, meant)


def _line_ending(text: str) -> str:
    """The file's line ending, kept by the edit: CRLF if every line ends so, else LF."""
    crlf = text.count("\r\n")
    if crlf and crlf != text.count("\n"):
        raise EditError("its lines end in both CRLF and LF; make them all one kind first")
    return "\r\n" if crlf else "\n"


def _renumber(plan: Plan, file: str, wanted: _Edits, meant: Any) -> None:
    """List rows located by their place in the file as written (items removed, appended)."""
    gone: dict[str, list[int]] = {}
    for key, index in wanted.removed:
        gone.setdefault(key, []).append(index)
    fixed = []
    for locator in plan.locators:
        listed = len(locator.parts) > 1 and isinstance(meant.get(locator.parts[0]), list)
        if locator.file != file or not listed or not _is_index(locator.parts[1]):
            fixed.append(locator)
            continue
        key, part = locator.parts[0], locator.parts[1]
        if part.startswith(_NEW):  # the n-th of the items appended, after what remains
            added = sum(k == key for k, _ in wanted.appended)
            index = len(meant[key]) - added + int(part.removeprefix(_NEW)) - 1
        else:
            index = int(part) - sum(g < int(part) for g in gone.get(key, []))
        fixed.append(Locator(file, (key, str(index), *locator.parts[2:]), locator.cell))
    plan.locators = fixed


def _is_index(part: str) -> bool:
    return part.removeprefix(_NEW).isdigit()


def _filled(cells: list[Any], index: int) -> bool:
    value = cells[index - 1] if index <= len(cells) else None
    return value is not None and not (isinstance(value, str) and value.strip() == "")


def _fingerprint(values: Mapping[str, Any], names: list[str]) -> str:
    """A row's values as one comparable text: equal where `_same` holds (an empty cell
    and a null alike, 3 and 3.0 alike, a flag never a number)."""
    shown = []
    for name in names:
        value = values.get(name, MISSING)
        if value is MISSING or value is None:
            shown.append(None)
        elif isinstance(value, float) and value.is_integer():
            shown.append(int(value))
        else:
            shown.append(value)
    return json.dumps(shown, sort_keys=True, default=str, ensure_ascii=False)


def _same(old: Any, new: Any) -> bool:
    if old is None and new is MISSING:  # `key: null` is exported as an empty cell
        return True
    if old is MISSING or new is MISSING:
        return old is new
    return same(old, new)


def _shown(value: Any) -> str:
    if value is MISSING:
        return "(none)"
    cell = to_cell(Column("", (), "yaml"), value)
    return str(cell)
