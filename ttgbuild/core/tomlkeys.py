"""Where a key is written in a TOML file, for diagnostics at its line and column.

The standard library's `tomllib` gives values but no positions, and a project
file is a few lines: a tolerant scan of its lines finds a key as TOML allows
writing it — `key = ...` under its `[table]` header, a dotted `table.key = ...`,
a `[table.key]` header, or inside a one-line inline table `table = {key = ...}`.
Lines inside a multi-line string are skipped. A key the scan does not find
(in an inline table spread over several lines, say) is placed at its table's
header, or at 0:0, the whole file.
"""

from __future__ import annotations

import re

_BARE = r"[A-Za-z0-9_-]+"
_PART = rf"(?:{_BARE}|\"[^\"\n]*\"|'[^'\n]*')"
# Compiled on first use (re keeps them): keys are located only to report a problem.
_HEADER = rf"^\s*\[\[?\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]"
_ASSIGNED = rf"^\s*({_PART}(?:\s*\.\s*{_PART})*)\s*="


def key_place(text: str, key: str, table: str = "") -> tuple[int, int]:
    """The 1-based line and column of `key` in `table` ("": the top level) of TOML `text`.

    Falls back to where `table` itself is written, then to (0, 0), the whole file.
    """
    wanted = [*([table] if table else []), key]
    current: list[str] = []  # the table the lines belong to, from the last header
    inside = ""  # the quotes of the multi-line string the line is in, if any
    for number, line in enumerate(text.splitlines(), 1):
        if inside:
            inside = "" if line.count(inside) % 2 else inside
            continue
        inside = next((mark for mark in ('"""', "'''") if line.count(mark) % 2), "")
        header = re.match(_HEADER, line)
        if header:
            current = []
        match = header or re.match(_ASSIGNED, line)
        if match is None:
            continue
        parts = _parts(match)
        path = current + [name for name, _ in parts]
        found = None
        if len(current) < len(wanted) and path[: len(wanted)] == wanted:
            found = parts[len(wanted) - 1 - len(current)][1]
        elif not header and path == wanted[:-1]:  # table = {key = ...} on one line
            inline = re.search(rf"[{{,]\s*((\"?){re.escape(key)}\2)\s*=", line[match.end() :])
            found = match.end() + inline.start(1) if inline else None
        if found is not None:
            return number, found + 1
        if header:
            current = path
    return key_place(text, table) if table else (0, 0)


def _parts(match: re.Match[str]) -> list[tuple[str, int]]:
    """A dotted key's parts, unquoted, each with the index on the line it starts at."""
    start = match.start(1)
    return [
        (part.group().strip("\"'"), start + part.start())
        for part in re.finditer(_PART, match.group(1))
    ]
