"""The rule registry: every check has a stable code, a severity and a one-line summary.

`ttgbuild rules` lists this registry, so documentation of the checks cannot
drift from the checks themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ttgbuild.core.diagnostics import Diagnostic, Severity


@dataclass(frozen=True)
class Rule:
    code: str
    severity: Severity
    summary: str
    needs: tuple[str, ...] = ()
    check: Callable[..., Iterable[Finding]] | None = None


@dataclass(frozen=True)
class Finding:
    """Where a check found a problem and what it is; the rule adds code and severity."""

    file: str
    pointer: str
    message: str
    key: bool = False


RULES: dict[str, Rule] = {}


def rule(code: str, severity: Severity, summary: str, needs: tuple[str, ...] = ()):
    """Register a content check. `needs` names Content parts that must have loaded for it to run."""

    def register(check: Callable[..., Iterable[Finding]]) -> Callable[..., Iterable[Finding]]:
        if code in RULES:
            raise ValueError(f"rule code {code} registered twice")
        RULES[code] = Rule(code, severity, summary, needs, check)
        return check

    return register


def describe(codes: dict[str, str], severity: Severity = "error") -> None:
    """Register codes that are reported elsewhere (loading, schema, team check) for the listing."""
    for code, summary in codes.items():
        RULES.setdefault(code, Rule(code, severity, summary))


def as_diagnostic(rule_: Rule, finding: Finding, line: int, column: int) -> Diagnostic:
    return Diagnostic(
        finding.file, line, column, rule_.severity, rule_.code, finding.message, finding.pointer
    )
