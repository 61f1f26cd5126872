"""Tables to an .xlsx workbook or CSV files, and a workbook or CSV files back to raw sheets.

openpyxl writes and reads the workbook (no hand-written XLSX): a frozen
header whose cells carry the schema's description as a note, column widths,
lists of allowed values for enum fields and number bounds as data validation,
and the pack's computed columns in grey, which import ignores. A settings
table is written transposed, one field a row, so rules numbers read as a list.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttgbuild.spreadsheet.bounds import (
    MAX_CSV_FILES,
    MAX_FOLDER_BYTES,
    MAX_ROWS,
    SheetFileError,
    check_csv,
    check_workbook,
    read_input,
)
from ttgbuild.spreadsheet.cells import UNCOMPUTED, from_text, to_cell, to_text
from ttgbuild.spreadsheet.tables import MISSING, Column, Table, computed_values

COMPUTED = " (computed)"  # a read-only column's header ends so; import skips it
SETTINGS_HEADER = ("field", "value", "about")
_MIN_WIDTH, _MAX_WIDTH = 6, 60
_VALIDATED_ROWS = 2000  # data validation reaches this far below the header (new rows too)
_TITLE_LENGTH = 31  # Excel's longest sheet name; it cuts a longer one when it saves
_NOT_IN_TITLE = re.compile(r"[\[\]:*?/\\]")  # characters Excel refuses in a sheet name
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")  # a CSV file's name, as is
_RESERVED = {
    "CON",
    "PRN",
    "AUX",
    "NUL",
    *(f"COM{i}" for i in range(10)),
    *(f"LPT{i}" for i in range(10)),
}
_FORMULA: Any = object()  # a formula cell, before its saved value is read


class UnwritableCells(Exception):
    """Values a workbook cannot hold (control characters), each located: exit 1."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} value(s) cannot be stored in a workbook")
        self.problems = problems


def sheet_title(name: str) -> str:
    """A table's sheet name in a workbook: its name, or, if Excel could not keep that (over
    31 characters, or one of [ ] : * ? / \\), its first 26 usable characters, `~` and
    four hex digits of the full name's SHA-1, so it stays the same and import finds it."""
    if len(name) <= _TITLE_LENGTH and not _NOT_IN_TITLE.search(name):
        return name
    digest = hashlib.sha1(name.encode("utf-8")).hexdigest()[:4]
    return f"{_NOT_IN_TITLE.sub('-', name)[: _TITLE_LENGTH - 5]}~{digest}"


@dataclass
class RawSheet:
    """A sheet as read: its header cells and its data rows, each with its row number."""

    name: str
    header: list[Any]
    rows: list[tuple[int, list[Any]]] = field(default_factory=list)


def header_of(table: Table) -> list[str]:
    """The header row of a table (settings tables: field, value, about)."""
    if table.settings:
        return list(SETTINGS_HEADER)
    return [c.name for c in table.columns] + [t + COMPUTED for t in table.computed]


def grid_of(table: Table) -> list[list[Any]]:
    """The cells below the header."""
    if table.settings:
        row = table.rows[0]
        return [[c.name, to_cell(c, row.values[c.name]), c.description] for c in table.columns]
    grid = []
    for row in table.rows:
        cells = [to_cell(c, row.values[c.name]) for c in table.columns]
        record = _record_of(table, row.values)
        cells += list(computed_values(table, record).values())
        grid.append(cells)
    return grid


def _record_of(table: Table, values: dict[str, Any]) -> dict[str, Any]:
    """The record's fields (nested again) for the computed columns' expressions."""
    record: dict[str, Any] = {}
    for column in table.columns:
        value = values[column.name]
        if value is not MISSING:
            target = record
            for part in column.path[:-1]:
                target = target.setdefault(part, {})
            target[column.path[-1]] = value
    return record


def write_xlsx(tables: list[Table]) -> bytes:
    """The workbook's bytes (the caller writes them atomically)."""
    from openpyxl import Workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Font, PatternFill
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)
    grey = PatternFill("solid", start_color="EEEEEE", end_color="EEEEEE")
    unwritable: list[str] = []
    for table in tables:
        sheet = book.create_sheet(sheet_title(table.name))
        header = header_of(table)
        sheet.append(header)
        for number, cells in enumerate(grid_of(table), 2):
            unwritable += _unwritable(sheet.title, table, header, number, cells)
            sheet.append(cells)
        _text_stays_text(sheet)
        for index, title in enumerate(header, 1):
            cell = sheet.cell(1, index)
            cell.font = Font(bold=True)
            column = None if table.settings else table.column(title)
            if column is not None and column.description:
                cell.comment = Comment(column.description[:2000], "ttgbuild")
            if title.endswith(COMPUTED):
                cell.comment = Comment("Worked out by the game; import ignores it.", "ttgbuild")
                for row in range(1, sheet.max_row + 1):
                    sheet.cell(row, index).fill = grey
                    sheet.cell(row, index).font = Font(italic=True, bold=row == 1)
        sheet.freeze_panes = "B2"
        _widths(sheet, get_column_letter)
        if table.settings:
            for offset, column in enumerate(table.columns, 2):
                _validate(sheet, column, f"B{offset}")
        else:
            for index, column in enumerate(table.columns, 1):
                letter = get_column_letter(index)
                _validate(sheet, column, f"{letter}2:{letter}{_VALIDATED_ROWS}")
    if unwritable:
        raise UnwritableCells(unwritable)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _unwritable(
    title: str, table: Table, header: list[str], number: int, cells: list[Any]
) -> list[str]:
    """The row's text cells a workbook cannot hold (control characters), located; each is
    emptied so the rest of the workbook can still be checked."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.utils import get_column_letter

    problems = []
    for index, value in enumerate(cells):
        bad = ILLEGAL_CHARACTERS_RE.search(value) if isinstance(value, str) else None
        if bad is None:
            continue
        cells[index] = None
        record = table.rows[0 if table.settings else number - 2].file
        name = cells[0] if table.settings else header[index]
        problems.append(
            f"{title}!{get_column_letter(index + 1)}{number}: error: {name}: control character "
            f"U+{ord(bad.group()):04X} cannot be stored in a workbook ({record}); "
            "remove it from the content, or export as CSV"
        )
    return problems


def _text_stays_text(sheet: Any) -> None:
    """openpyxl takes a string starting with `=` for a formula, which would read back empty
    and which a spreadsheet program would run: such cells, the header's too (a data pack's
    field names are anyone's text), are stored as text, marked so (quote prefix) for the
    user's program too."""
    for row in sheet.iter_rows(min_row=1):
        for cell in row:
            if cell.data_type == "f":
                cell.data_type = "s"
                cell.quotePrefix = True


def _widths(sheet: Any, letter: Any) -> None:
    for index, cells in enumerate(sheet.iter_cols(values_only=True), 1):
        longest = max((len(str(v)) for v in cells if v is not None), default=0)
        sheet.column_dimensions[letter(index)].width = min(max(longest + 2, _MIN_WIDTH), _MAX_WIDTH)


def _validate(sheet: Any, column: Column, where: str) -> None:
    """A list of allowed values for an enum, bounds for a number, true/false for a flag.

    Excel's list is one quoted text of comma-separated values, with no way to escape
    either: an enum with a value holding `,` or `"` (or too long a list) gets none."""
    from openpyxl.worksheet.datavalidation import DataValidation

    rule = None
    listed = not any("," in c or '"' in c for c in column.choices)  # the list's separators
    if column.choices and listed and len(",".join(column.choices)) <= 250:
        rule = DataValidation(type="list", formula1='"' + ",".join(column.choices) + '"')
    elif column.kind == "boolean":
        rule = DataValidation(type="list", formula1='"TRUE,FALSE"')
    elif column.kind in ("integer", "number") and (column.minimum, column.maximum) != (None, None):
        kind = "whole" if column.kind == "integer" else "decimal"
        low, high = column.minimum, column.maximum
        if low is not None and high is not None:
            rule = DataValidation(
                type=kind, operator="between", formula1=str(low), formula2=str(high)
            )
        elif low is not None:
            rule = DataValidation(type=kind, operator="greaterThanOrEqual", formula1=str(low))
        else:
            rule = DataValidation(type=kind, operator="lessThanOrEqual", formula1=str(high))
    if rule is None:
        return
    rule.error = _bounds(column)
    rule.errorTitle = column.name
    rule.showErrorMessage = True
    rule.allow_blank = True
    sheet.add_data_validation(rule)
    rule.add(where)


def _bounds(column: Column) -> str:
    if column.choices:
        return "one of: " + ", ".join(column.choices)
    if column.kind == "boolean":
        return "TRUE or FALSE"
    low = "" if column.minimum is None else column.minimum
    high = "" if column.maximum is None else column.maximum
    return f"a number in {low}..{high}"


def csv_name(name: str) -> str:
    """A table's CSV file name (without `.csv`): its name, or, if that could not be a plain
    file name in any folder on any system (a separator, `..`, a name Windows reserves, over
    100 characters: a data pack's names are anyone's text), its usable characters, `~` and
    four hex digits of the full name's SHA-1, so it stays the same and import finds it."""
    reserved = name.split(".")[0].upper() in _RESERVED
    if _PLAIN_NAME.fullmatch(name) and ".." not in name and not reserved:
        return name
    digest = hashlib.sha1(name.encode("utf-8")).hexdigest()[:4]
    usable = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")[:60]
    return f"{usable or 'sheet'}~{digest}"


def write_csv(tables: list[Table], folder: Path) -> dict[Path, bytes]:
    """One CSV file per table, by its sheet name (the caller writes them atomically), every
    file directly in `folder`. Every field is written by `to_text`: no cell, the header's
    included, starts a formula in the program that opens it, whatever its separator."""
    files: dict[Path, bytes] = {}
    for table in tables:
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow([to_text(v) for v in header_of(table)])
        for cells in grid_of(table):
            writer.writerow([to_text(v) for v in cells])
        path = folder / f"{csv_name(table.name)}.csv"
        if path in files:  # two names made one: never let one file overwrite the other
            raise UnwritableCells(
                [
                    f"{table.name}: error: its CSV file name {path.name} is "
                    "another sheet's too; export as .xlsx"
                ]
            )
        files[path] = text.getvalue().encode("utf-8")
    return files


def read_sheets(path: Path) -> list[RawSheet]:
    """The sheets of an .xlsx workbook, one .csv file, or a folder of .csv files; each file
    read through the one reader (a regular file, bounded) and measured before it is parsed
    (`bounds`)."""
    if path.is_dir():
        found = sorted(p for p in path.iterdir() if p.suffix.lower() == ".csv" and not p.is_dir())
        if not found:
            raise SheetFileError(f"{path}: a folder with no .csv files")
        if len(found) > MAX_CSV_FILES:
            raise SheetFileError(f"{path}: error: over {MAX_CSV_FILES} .csv files")
        sheets, total = [], 0
        for csv_path in found:
            data = read_input(csv_path)
            total += len(data)
            if total > MAX_FOLDER_BYTES:
                raise SheetFileError(
                    f"{csv_path}: error: the folder's .csv files pass {MAX_FOLDER_BYTES} bytes"
                )
            sheets.append(_read_csv(csv_path, data))
        return sheets
    if path.suffix.lower() == ".csv":
        return [_read_csv(path, read_input(path))]
    return _read_xlsx(path)


def _read_xlsx(path: Path) -> list[RawSheet]:
    """A workbook's sheets, formulas as the values last computed by the program that saved
    it; a formula saved without one (openpyxl writes none) is UNCOMPUTED, refused at its
    cell rather than read as empty. The values are read only if there are formulas."""
    data = read_input(path)
    check_workbook(path, data)
    sheets = _load_xlsx(path, data, data_only=False)
    formulas = [
        (sheet, row, index)
        for sheet, raw in enumerate(sheets)
        for row, (_, cells) in enumerate([(1, raw.header), *raw.rows])
        for index, cell in enumerate(cells)
        if cell is _FORMULA
    ]
    if formulas:
        computed = _load_xlsx(path, data, data_only=True)
        for sheet, row, index in formulas:
            grid = [sheets[sheet].header] + [cells for _, cells in sheets[sheet].rows]
            values = [computed[sheet].header] + [cells for _, cells in computed[sheet].rows]
            value = values[row][index] if index < len(values[row]) else None
            grid[row][index] = UNCOMPUTED if value is None else value
    return sheets


def _load_xlsx(path: Path, data: bytes, data_only: bool) -> list[RawSheet]:
    """The sheets as stored: with data_only, a formula's saved value; else _FORMULA for it."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=data_only)
    except Exception as exc:  # openpyxl raises what its zip and XML readers raise
        raise SheetFileError(
            f"{path}: not a readable .xlsx workbook ({type(exc).__name__}: {exc})"
        ) from None
    try:
        sheets = []
        for sheet in book.worksheets:
            rows = (
                [_FORMULA if c.data_type == "f" else c.value for c in row]
                for row in sheet.iter_rows()
            )
            header = list(next(rows, ()))
            raw = RawSheet(sheet.title, header)
            for number, cells in enumerate(rows, 2):
                if number > MAX_ROWS:
                    raise SheetFileError(f"{path}: sheet {sheet.title} has over {MAX_ROWS} rows")
                raw.rows.append((number, cells))
            sheets.append(raw)
        return sheets
    except SheetFileError:
        raise
    except Exception as exc:
        raise SheetFileError(
            f"{path}: not a readable .xlsx workbook ({type(exc).__name__}: {exc})"
        ) from None
    finally:
        book.close()


def _read_csv(path: Path, data: bytes) -> RawSheet:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetFileError(f"{path}: not a readable UTF-8 CSV file ({exc})") from None
    check_csv(path, text)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise SheetFileError(
            f"{path}: line {reader.line_num}: not a readable CSV file ({exc})"
        ) from None
    name = path.name[: -len(".csv")]
    raw = RawSheet(name, [from_text(f) for f in rows[0]] if rows else [])
    raw.rows = [(number, [from_text(f) for f in cells]) for number, cells in enumerate(rows[1:], 2)]
    return raw
