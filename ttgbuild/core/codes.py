"""A diagnostic code's one definition: its severity and summary, stated where it is reported.

A module that reports a code keeps a table of `Code`s and makes its
diagnostics through them, so a code's severity is written once: the same
object makes the diagnostic and fills the listing of `ttgbuild rules`.
Every layer reports codes, so this lives in the lowest one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttgbuild.core.diagnostics import Diagnostic, Severity


@dataclass(frozen=True)
class Code:
    code: str
    severity: Severity
    summary: str

    def at(self, file: str, line: int, column: int, message: str, pointer: str = "") -> Diagnostic:
        """A diagnostic of this code at a place in a file (line and column 0: the whole file)."""
        return Diagnostic(file, line, column, self.severity, self.code, message, pointer)


def code_table(*codes: Code) -> dict[str, Code]:
    """Codes by their name, for a module that picks the code to report at run time."""
    return {c.code: c for c in codes}
