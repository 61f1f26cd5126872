"""The one printer: every line a command shows goes through here.

Results go to stdout (so `--format json` output can be piped), summaries and
failures to stderr.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from ttgbuild.diagnostics import Diagnostic, printable


def out(line: str = "") -> None:
    """A line of the command's result."""
    sys.stdout.write(line + "\n")


def err(line: str) -> None:
    """A line about the run (summaries, failures), kept out of piped results."""
    sys.stderr.write(line + "\n")


def as_json(value: object) -> None:
    """The command's result as JSON.

    Text stays readable (é, not \\u00e9) unless it holds a lone surrogate (a file
    name that is not UTF-8): that cannot be written as UTF-8, so everything is escaped.
    """
    text = json.dumps(value, indent=2, ensure_ascii=False)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(value, indent=2)
    out(text)


def diagnostics(diags: Sequence[Diagnostic], fmt: str) -> None:
    """Diagnostics as text lines or a JSON list (cli.md)."""
    if fmt == "json":
        as_json([d.as_json() for d in diags])
        return
    for diag in diags:
        out(diag.as_text())


def summary(diags: Sequence[Diagnostic], what: str) -> None:
    """One closing line: counts of errors and warnings, or that all is well."""
    errors = sum(d.severity == "error" for d in diags)
    warnings = len(diags) - errors
    if not diags:
        err(f"{what}: no problems found")
        return
    files = len({d.file for d in diags})
    err(f"{what}: {errors} error(s), {warnings} warning(s) in {files} file(s)")


def table(rows: Sequence[Sequence[object]], header: Sequence[str]) -> None:
    """Aligned columns for humans; the JSON format is for scripts."""
    cells = [[str(c) for c in header], *[[printable(str(c)) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    for row in cells:
        out("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


def progress(message: str) -> None:
    """What a long command is doing now, on one self-rewriting line; silent unless a terminal.

    CI logs and pipes stay clean: only an interactive stderr shows progress.
    """
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K" + message[:100])
        sys.stderr.flush()


def progress_done() -> None:
    """Clear the progress line before the closing summary."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
