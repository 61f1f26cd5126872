"""The rule registry: every code, its severity, summary and owner, and the checks to run.

`ttgbuild rules` lists a registry, so documentation of the checks cannot drift
from the checks themselves. A registry is an object built for one use, never
a module-level table: importing a check module registers nothing. Check
modules declare their checks in a module-local `Checks` collector; a pack's
`register(registry)` step adds them, and the codes it reports elsewhere, to a
registry the engine hands it.

Codes are unique across the engine and the pack: adding a code twice is an
error, whoever adds it. Each code has an owner, "engine" or the pack's name,
and a pack's codes start with the pack's `code_prefix`. Codes stay stable for
users and their scripts, so the engine's codes keep the JT numbers they had
before the engine and the Jugger TTG pack were split: the engine and that
pack share the prefix "JT", and only the uniqueness check keeps them apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic, Severity
from ttgbuild.pack import unusable

if TYPE_CHECKING:
    from ttgbuild.pack import Pack

ENGINE = "engine"


@dataclass(frozen=True)
class Finding:
    """Where a check found a problem and what it is; the rule adds code and severity."""

    file: str
    pointer: str
    message: str
    key: bool = False
    # A problem of the check itself (a declared check's expression failing on the
    # content): reported under this code, at this line and column of its own file.
    code: Code | None = None
    place: tuple[int, int] | None = None


Check = Callable[[Any], Iterable[Finding]]  # Context → findings


@dataclass(frozen=True)
class Rule:
    """A registered code: what `ttgbuild rules` lists, and the check to run if it is one."""

    code: str
    severity: Severity
    summary: str
    owner: str = ENGINE
    needs: tuple[str, ...] = ()  # content parts that must have loaded for the check to run
    check: Check | None = None

    def diagnostic(self, finding: Finding, line: int, column: int) -> Diagnostic:
        if finding.code is not None:
            return finding.code.at(finding.file, line, column, finding.message, finding.pointer)
        return Diagnostic(
            finding.file, line, column, self.severity, self.code, finding.message, finding.pointer
        )


class RegistryError(ValueError):
    """A code added twice, or a pack's code outside its prefix: a programming error."""


@dataclass
class Registry:
    """Codes and checks by code. `for_owner` gives a view that adds in a pack's name."""

    owner: str = ENGINE
    prefix: str = ""
    rules: dict[str, Rule] = field(default_factory=dict)

    def for_owner(self, owner: str, prefix: str) -> Registry:
        """A view of this registry: what it adds belongs to `owner` and starts with `prefix`."""
        return Registry(owner, prefix, self.rules)

    def add_pack(self, pack: Pack, project: Path | None = None) -> None:
        """Let a pack add its checks and codes, in its own name and prefix, then its declared ones.

        A clash (a code added twice, or outside the pack's prefix) is the pack's
        fault, not the user's: it becomes JT012 naming the pack and the code.
        A check file with problems adds no check; `validate` reports its problems.
        """
        from ttgbuild.validate.declared import declared_checks

        own = self.for_owner(pack.name, pack.code_prefix)
        try:
            pack.register(own)
            for check in declared_checks(pack, project):
                own.add(check.code, check.needs, check)
        except RegistryError as exc:
            raise unusable(pack, str(exc)) from None

    def add(self, code: Code, needs: tuple[str, ...] = (), check: Check | None = None) -> None:
        """Add a code (with the check that reports it, if it is a content check)."""
        if not code.code.startswith(self.prefix):
            raise RegistryError(
                f"{self.owner} cannot add {code.code}: its codes start with {self.prefix!r}"
            )
        earlier = self.rules.get(code.code)
        if earlier is not None:
            raise RegistryError(
                f"code {code.code} added twice: by {earlier.owner} and by {self.owner}"
            )
        self.rules[code.code] = Rule(
            code.code, code.severity, code.summary, self.owner, needs, check
        )

    def add_codes(self, codes: Iterable[Code]) -> None:
        """Add codes reported outside the checks (loading, team checks, ...)."""
        for code in codes:
            self.add(code)

    def checks(self) -> list[tuple[Rule, Check]]:
        """The content checks with their rules, in the order they were added."""
        return [(r, r.check) for r in self.rules.values() if r.check is not None]


@dataclass
class Checks:
    """A check module's own list of checks: declared at import, added by `register`."""

    declared: list[tuple[Code, tuple[str, ...], Check]] = field(default_factory=list)

    def rule(
        self, code: str, severity: Severity, summary: str, needs: tuple[str, ...] = ()
    ) -> Callable[[Check], Check]:
        """Declare a content check. `needs` names content parts that must have loaded."""

        def declare(check: Check) -> Check:
            self.declared.append((Code(code, severity, summary), needs, check))
            return check

        return declare

    def register(self, registry: Registry) -> None:
        for code, needs, check in self.declared:
            registry.add(code, needs, check)
