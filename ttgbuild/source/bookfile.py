"""A game's published book as data: `book.yaml` read and checked (JT030).

A pack may name a book (`Pack.book`; `book:` in a data pack's pack.yaml): the
values its published rulebook states, each with where the project's content
holds it and the book line that says it. `ttgbuild.validate.book` compares
the content with it. A broken book is the pack's defect, but it is reported
like content, located at book.yaml:line:col, and compares nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.paths import display_path

BOOK_CODE = Code(
    "JT030",
    "error",
    "a game's book.yaml is well-formed: its schema, unique value ids, `at` inside content/",
)
# RFC 6901: `~` only as `~0` or `~1`.
_POINTER = re.compile(r"^(/([^~]|~[01])*)*$")
_PACKAGE_BASE = Path(__file__).resolve().parents[2]  # the folder the ttgbuild package sits in


@dataclass(frozen=True)
class BookValue:
    """One value the book states: where content holds it, what the book says, and where."""

    id: str
    file: str  # the content file, relative to content/ (posix)
    pointer: str  # RFC 6901, "" for the whole file
    value: Any
    lines: tuple[int, ...]  # one line, or the first and last of a range
    topic: str
    unordered: bool
    source: str  # the book file the lines refer to ("" if the book names none)

    @property
    def at(self) -> str:
        return f"{self.file}#{self.pointer}"

    @property
    def where(self) -> str:
        """The book's place, as messages name it: `004_x.txt line 90` or `lines 102-118`."""
        first, last = self.lines[0], self.lines[-1]
        said = f"line {first}" if len(self.lines) == 1 else f"lines {first}-{last}"
        return f"{self.source} {said}" if self.source else f"the book's {said}"


@dataclass(frozen=True)
class Book:
    """A game's book: its title, and the values it states by id, in the file's order."""

    title: str
    edition: str
    source: str
    values: dict[str, BookValue]
    display: str  # where book.yaml is, as diagnostics name it


def shown(path: Path, project: Path) -> str:
    """How a book file is named: from the project when it is in it (a data pack's), else
    from the folder the ttgbuild package sits in (ttgbuild/packs/<game>/data/book.yaml)."""
    if path.resolve().is_relative_to(project.resolve()):
        return display_path(path, project)
    return display_path(path, _PACKAGE_BASE)


def read_book(path: Path, project: Path) -> tuple[Book | None, list[Diagnostic]]:
    """The book at `path`, or None and every problem of it (JT030), located."""
    try:
        stat = path.stat()
    except OSError:
        return None, [BOOK_CODE.at(shown(path, project), 0, 0, "the game's book.yaml is missing")]
    book, problems = _read(path, shown(path, project), stat.st_mtime_ns, stat.st_size)
    return book, list(problems)


@lru_cache(maxsize=8)
def _read(
    path: Path, display: str, mtime_ns: int, size: int
) -> tuple[Book | None, tuple[Diagnostic, ...]]:
    """Read once per version of the file (a test walking a book reads it for every value)."""
    del mtime_ns, size  # the cache's key
    from ttgbuild.source.schema import check_format
    from ttgbuild.source.yamlsource import load_document

    doc, problems = load_document(path, display)
    if doc is not None:
        problems += check_format(doc, "book")
    if doc is None or problems:
        return None, tuple(_as_book_problem(p) for p in problems)
    data = doc.data
    found: list[Diagnostic] = []
    values: dict[str, BookValue] = {}
    head = data["book"]
    for index, entry in enumerate(data["values"]):
        at = f"/values/{index}"

        def report(key: str, message: str, at: str = at) -> None:
            line, column = doc.locate(f"{at}/{key}")
            found.append(BOOK_CODE.at(display, line, column, message, f"{at}/{key}"))

        ident = entry["id"]
        if ident in values:
            report("id", f"value id {ident!r} is used twice; each value's id is unique")
            continue
        file, _, pointer = entry["at"].partition("#")
        problem = _place_problem(file, pointer)
        if problem:
            report("at", problem)
            continue
        if ("line" in entry) == ("lines" in entry):
            report("id", f"{ident}: give the book line as `line: N` or `lines: [first, last]`")
            continue
        lines = (entry["line"],) if "line" in entry else tuple(entry["lines"])
        if len(lines) == 2 and lines[0] > lines[1]:
            report("lines", f"{ident}: lines {lines[0]}-{lines[1]} run backwards")
            continue
        values[ident] = BookValue(
            ident,
            file,
            pointer,
            entry["value"],
            lines,
            entry["topic"],
            entry.get("unordered", False),
            entry.get("source", head.get("source", "")),
        )
    if found:
        return None, tuple(found)
    book = Book(head["title"], head.get("edition", ""), head.get("source", ""), values, display)
    return book, ()


def _place_problem(file: str, pointer: str) -> str:
    """What is wrong with an `at`'s file and pointer, or "" (the schema has its shape)."""
    parts = PurePosixPath(file).parts
    if file.startswith("/") or "\\" in file or not parts or ".." in parts:
        return f"at: {file!r} must be a file inside content/, written relative to it"
    if not file.endswith(".yaml"):
        return f"at: {file!r} is no content file (content files end in .yaml)"
    if not _POINTER.match(pointer):
        return f"at: {pointer!r} is no JSON Pointer (RFC 6901): /key/0/key, ~0 for ~, ~1 for /"
    return ""


def _as_book_problem(diag: Diagnostic) -> Diagnostic:
    """A load or schema problem of book.yaml, under the book's code (its message kept)."""
    return BOOK_CODE.at(diag.file, diag.line, diag.column, diag.message, diag.pointer)
