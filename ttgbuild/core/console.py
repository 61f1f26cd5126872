"""The one printer: every line a command shows goes through here.

Results go to stdout (so `--format json` output can be piped), summaries and
failures to stderr. Lines quote what came from outside (file names, ids,
values, folders given on the command line), and any of it may be hostile, so
every line is escaped here (`printable`): no terminal escape sequence, line
break or bidi override from outside reaches the terminal, whichever command
prints it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ttgbuild.core.diagnostics import Diagnostic, printable


def out(line: str = "") -> None:
    """A line of the command's result, escaped."""
    sys.stdout.write(printable(line) + "\n")


def err(line: str) -> None:
    """A line about the run (summaries, failures), escaped, kept out of piped results."""
    sys.stderr.write(printable(line) + "\n")


def document(text: str) -> None:
    """A result of several lines (Markdown, an exported glossary): each line escaped,
    the line breaks kept."""
    sys.stdout.write("\n".join(printable(line) for line in text.split("\n")) + "\n")


def as_json(value: object) -> None:
    """The command's result as JSON.

    Text stays readable (é, not \\u00e9), but every unprintable character
    (bidi overrides, C1 controls, a lone surrogate from a file name that is not
    UTF-8) is written as a JSON `\\u` escape: the data is the same for a
    script, and the terminal and UTF-8 see only printable text.
    """
    import json  # here: the help and most runs print no JSON

    text = json.dumps(value, indent=2, ensure_ascii=False)
    if not text.replace("\n", "").isprintable():  # json.dumps escaped every raw line break
        text = "".join(c if c.isprintable() or c == "\n" else _json_escape(c) for c in text)
    sys.stdout.write(text + "\n")


def _json_escape(char: str) -> str:
    """`char` as JSON's `\\uXXXX` (a surrogate pair beyond the first plane)."""
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


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
        sys.stderr.write("\r\x1b[K" + printable(message)[:100])
        sys.stderr.flush()


def progress_done() -> None:
    """Clear the progress line before the closing summary."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
