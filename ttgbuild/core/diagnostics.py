"""One located problem report, shared by the loader, the validator and team checks.

Every check returns diagnostics instead of raising, so a user sees every
problem at once; only the CLI decides what they mean for the exit code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Diagnostic:
    """A problem at a place in a file. Line and column are 1-based; 0 means 'whole file'."""

    file: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    pointer: str = ""

    def as_text(self) -> str:
        """Render as `path:line:col: severity CODE: message [pointer]` (cli.md)."""
        where = f"{self.file}:{self.line}:{self.column}"
        tail = f" [{self.pointer}]" if self.pointer else ""
        return printable(f"{where}: {self.severity} {self.code}: {self.message}{tail}")

    def as_json(self) -> dict[str, object]:
        """Render as the JSON object of cli.md."""
        return asdict(self)


def printable(text: str) -> str:
    """Text safe for a terminal and one line: control, format and other unprintable
    characters (escape sequences, newlines, bidi overrides) shown as escapes like \\x1b.

    Messages quote content, and content may be hostile.
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def sort_key(diag: Diagnostic) -> tuple[str, int, int, str, str]:
    """Sort by file, then line and column, so reports read top to bottom."""
    return (diag.file, diag.line, diag.column, diag.code, diag.message)


def has_failures(diags: list[Diagnostic], strict: bool) -> bool:
    """True when the diagnostics should fail the command (warnings too with --strict)."""
    return any(d.severity == "error" or strict for d in diags)


def json_pointer(parts: tuple[str | int, ...] | list[str | int]) -> str:
    """Build an RFC 6901 pointer from path parts, escaping '~' and '/'."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def pointer_parts(pointer: str) -> list[str]:
    """Split an RFC 6901 pointer back into unescaped parts."""
    if not pointer:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


class LocatedError(Exception):
    """A problem found while drawing that data caused (a layout's or sheet's expression
    failing on this content): its diagnostic stops the build, exit 1, like a content
    error, instead of an internal error. Picklable, so it crosses from worker processes."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic)
        self.diagnostic = diagnostic

    def __str__(self) -> str:
        return self.diagnostic.message
