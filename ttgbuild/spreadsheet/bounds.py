"""What `sheet import` reads, bounded before anything is built from it.

A workbook is a zip of XML: 136 KB can unpack to one 100 MB cell, and a cell
in the last column makes openpyxl fill every row out to 16,384 cells. So the
file is read through the one reader (a regular file, at most MAX_FILE_BYTES),
its zip directory is checked (entries, unpacked size), and every XML part is
streamed once through expat with nothing kept but counters: no DOCTYPE (so no
entities), no cell past MAX_ROWS or MAX_COLUMNS nor a sheet's area past
MAX_CELLS, no text past MAX_CELL_CHARS, no more shared strings than cells.
Only then does openpyxl open it. A CSV file is measured the same way (fields
per row, rows, fields in all) before the csv module makes a list of it.

The bounds are far above any game's content and far below what hurts: the
shipped games export at most 38 KB of workbook (170 KB unpacked, 61 zip
entries, 31 rows, 20 columns, 312 characters in the longest cell).
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ttgbuild.core.readfile import FileTooBig, read_regular
from ttgbuild.core.readfile import problem as read_problem

MAX_FILE_BYTES = 32 * 1024 * 1024  # a workbook or one CSV file: ~1000x the largest export
MAX_FOLDER_BYTES = 64 * 1024 * 1024  # a folder of CSV files, all together
MAX_CSV_FILES = 1000  # in a folder: a sheet per record kind, no game has 20
MAX_ENTRIES = 1000  # zip entries of a workbook (a game's export has 30-60)
MAX_UNPACKED = 64 * 1024 * 1024  # a workbook's entries unpacked, all together (~400x)
MAX_ROWS = 100_000  # a sheet's last row (the header is row 1)
MAX_COLUMNS = 1024  # a sheet's last column (AMJ; no game has 30)
MAX_CELLS = 1_000_000  # a sheet's rows x columns (openpyxl fills each row to its width)
MAX_CELL_CHARS = 131_072  # one cell's text: the csv module's field limit, 4x Excel's
_CELL = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]{1,9})")
_CHUNK = 1 << 16
_TEXTS = frozenset(("v", "t", "f"))  # the elements holding a cell's (or string's) text


class SheetFileError(Exception):
    """The file cannot be read as a workbook or CSV, or is past a bound: one line saying
    why, located where it can be (exit 2)."""


def read_input(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file to import: a regular file (links followed; never a FIFO or a
    device) of at most `limit` bytes, read through the one reader."""
    try:
        return read_regular(path, limit)
    except FileTooBig as exc:
        raise SheetFileError(
            f"{path}: error: the file is {exc.size} bytes or more; a sheet to import may be "
            f"at most {limit} (no game's content comes near)"
        ) from None
    except OSError as exc:
        raise SheetFileError(f"{path}: error: cannot be read: {read_problem(exc)}") from None


def check_csv(path: Path, text: str) -> None:
    """Refuse a CSV text with a row over MAX_COLUMNS fields, over MAX_ROWS rows or over
    MAX_CELLS fields in all, before it is parsed. Fields are counted as the csv module
    splits them: a separator inside double quotes separates nothing."""
    row, fields, total = 1, 1, 1
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for index, piece in enumerate(text.split('"')):
        if index % 2:  # inside quotes
            continue
        for number, line in enumerate(piece.split("\n")):
            if number:
                row, fields = row + 1, 1
                total += 1
                if row > MAX_ROWS:
                    raise SheetFileError(f"{path}: line {row}: error: {_past('rows', MAX_ROWS)}")
            commas = line.count(",")
            fields += commas
            total += commas
            if fields > MAX_COLUMNS:
                raise SheetFileError(
                    f"{path}: line {row}: error: {_past('fields in a row', MAX_COLUMNS)}"
                )
            if total > MAX_CELLS:
                raise SheetFileError(f"{path}: line {row}: error: {_past('fields', MAX_CELLS)}")


def check_workbook(path: Path, data: bytes) -> None:
    """Refuse a workbook past a bound, located (its sheet and cell where there is one),
    reading its zip directory and streaming its XML parts, building nothing."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
        raise SheetFileError(f"{path}: not a readable .xlsx workbook ({exc})") from None
    if len(entries) > MAX_ENTRIES:
        raise SheetFileError(f"{path}: error: {_past('zip entries', MAX_ENTRIES)}")
    unpacked = sum(e.file_size for e in entries)
    if unpacked > MAX_UNPACKED:
        biggest = max(entries, key=lambda e: e.file_size)
        raise SheetFileError(
            f"{path}: error: the workbook unpacks to {unpacked} bytes ({biggest.filename}: "
            f"{biggest.file_size}); at most {MAX_UNPACKED} are read"
        )
    titles: dict[str, str] = {}
    ordered = sorted(entries, key=lambda e: (e.filename != "xl/workbook.xml", e.filename))
    for entry in ordered:
        scan = _Scan(path, titles.get(entry.filename, entry.filename))
        try:
            _stream(archive, entry, scan)
        except expat.ExpatError as exc:
            raise SheetFileError(
                f"{path}: not a readable .xlsx workbook ({entry.filename}: {exc})"
            ) from None
        except (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError) as exc:
            raise SheetFileError(
                f"{path}: not a readable .xlsx workbook ({entry.filename}: {exc})"
            ) from None
        if entry.filename == "xl/workbook.xml":
            titles.update(_sheet_parts(archive, scan.sheets))


def _stream(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, scan: _Scan) -> None:
    """Feed one entry to expat in chunks; an entry that is not XML (a picture) is skipped."""
    with archive.open(entry) as stream:
        chunk = stream.read(_CHUNK)
        if not chunk.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            return
        parser = scan.parser()
        while chunk:
            parser.Parse(chunk, False)
            chunk = stream.read(_CHUNK)
        parser.Parse(b"", True)


def _sheet_parts(archive: zipfile.ZipFile, sheets: list[tuple[str, str]]) -> dict[str, str]:
    """Each sheet's part (`xl/worksheets/sheet1.xml`) → its title, through the workbook's
    relationships, so a problem is shown at `heroes!B2`; none found, parts are shown."""
    rels = "xl/_rels/workbook.xml.rels"
    if rels not in archive.namelist():
        return {}
    scan = _Scan(Path(rels), rels)
    try:
        _stream(archive, archive.getinfo(rels), scan)
    except (expat.ExpatError, zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError):
        return {}  # openpyxl will say what is wrong with it
    parts = {}
    for title, rel in sheets:
        target = scan.targets.get(rel)
        if target:
            part = target[1:] if target.startswith("/") else posixpath.normpath(f"xl/{target}")
            parts[part] = title
    return parts


class _Scan:
    """Expat handlers keeping only counters: where a cell is, how long a text runs."""

    def __init__(self, path: Path, part: str) -> None:
        self.path, self.part = path, part
        self.row = 0
        self.column = 0
        self.widest = 0
        self.text = 0  # characters of the current cell or shared string
        self.in_text = 0  # inside a <v>, <t> or <f>: a cell's text, counted
        self.strings = 0
        self.sheets: list[tuple[str, str]] = []  # workbook.xml: (title, relationship id)
        self.targets: dict[str, str] = {}  # a .rels part: relationship id → target

    def parser(self) -> Any:
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartDoctypeDeclHandler = self._doctype
        parser.EntityDeclHandler = self._doctype
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._characters
        return parser

    def _doctype(self, *_: Any) -> None:
        raise SheetFileError(
            f"{self.path}: error: {self.part} declares a DOCTYPE; no workbook does"
        )

    def _start(self, name: str, attributes: dict[str, str]) -> None:
        local = name.rpartition(" ")[2]
        if local in _TEXTS:
            self.in_text += 1
        elif local == "c":
            self._cell(attributes.get("r"))
        elif local == "row":
            self.row = self._number(attributes.get("r"), self.row + 1, "row")
            self.column = 0
            self._within(self.row, 1, f"row {self.row}")
        elif local == "si":
            self.strings += 1
            self.text = 0
            if self.strings > MAX_CELLS:
                raise SheetFileError(
                    f"{self.path}: error: {self.part}: {_past('shared strings', MAX_CELLS)}"
                )
        elif local == "dimension":
            self._dimension(attributes.get("ref", ""))
        elif local == "sheet":
            rel = next((v for k, v in attributes.items() if k.endswith(" id")), "")
            self.sheets.append((attributes.get("name", ""), rel))
        elif local == "Relationship":
            self.targets[attributes.get("Id", "")] = attributes.get("Target", "")

    def _end(self, name: str) -> None:
        if name.rpartition(" ")[2] in _TEXTS:
            self.in_text -= 1

    def _cell(self, reference: str | None) -> None:
        self.text = 0
        if reference is None:
            self.column += 1
        else:
            found = _CELL.fullmatch(reference)
            if found is None:
                raise SheetFileError(
                    f"{self.path}: error: {self.part}: {reference[:20]!r} is not a cell"
                )
            self.column = _column_number(found.group(1))
            self.row = int(found.group(2))
        self._within(self.row, self.column, self._where())

    def _number(self, text: str | None, default: int, what: str) -> int:
        if text is None:
            return default
        if not text.isdigit() or len(text) > 9:
            raise SheetFileError(f"{self.path}: error: {self.part}: {what} {text[:20]!r}")
        return int(text)

    def _dimension(self, ref: str) -> None:
        last = ref.rpartition(":")[2]
        found = _CELL.fullmatch(last)
        if found is not None:  # a malformed one is openpyxl's to refuse
            where = f"{self.part} (its stated size {ref})"
            self._within(int(found.group(2)), _column_number(found.group(1)), where)

    def _within(self, row: int, column: int, where: str) -> None:
        self.widest = max(self.widest, column)
        if row > MAX_ROWS:
            raise SheetFileError(f"{self.path}: {where}: error: {_past('rows', MAX_ROWS)}")
        if column > MAX_COLUMNS:
            raise SheetFileError(f"{self.path}: {where}: error: {_past('columns', MAX_COLUMNS)}")
        if row * self.widest > MAX_CELLS:
            raise SheetFileError(
                f"{self.path}: {where}: error: the sheet's rows x columns pass {MAX_CELLS} cells"
            )

    def _characters(self, data: str) -> None:
        if not self.in_text:
            return
        self.text += len(data)
        if self.text > MAX_CELL_CHARS:
            where = self._where() if self.column else f"{self.part}, shared string {self.strings}"
            raise SheetFileError(
                f"{self.path}: {where}: error: a cell holds over {MAX_CELL_CHARS} characters"
            )

    def _where(self) -> str:
        return f"{self.part}!{_column_letters(self.column)}{self.row}"


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - 64
    return number


def _column_letters(number: int) -> str:
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters or "A"


def _past(what: str, bound: int) -> str:
    return f"over {bound} {what}; no game's content comes near (a sheet to import is refused)"
