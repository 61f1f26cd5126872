"""Reading the hand-written tab-separated lists under `locales/` (glossary, style lists).

Both are edited by people in a spreadsheet or text editor, so both are read
the same forgiving way (a UTF-8 byte-order mark is fine, quotes are plain
text) and fail the same located way: the line where the bytes stop being UTF-8.
Each is read only if it is a regular file, and never past a bound.
"""

from __future__ import annotations

import csv
from pathlib import Path

from ttgbuild.core.readfile import problem, read_regular
from ttgbuild.i18n import limits


class TableError(Exception):
    """A list that exists but cannot be read: what is wrong, and at which line (0: none)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def read_table(path: Path, what: str) -> list[list[str]] | None:
    """The rows of the list at `path` (None if there is no such file).

    `what` names the list in the TableError's message ("the glossary").
    """
    try:
        raw = read_regular(path, limits.MAX_LIST_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a folder, FIFO or device; too big; unreadable
        raise TableError(0, f"cannot read {what}: {problem(exc)}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise TableError(line, f"{what} is not UTF-8 text") from None
    return list(csv.reader(text.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))
