"""Pass 2: run a registry's content checks over a game's loaded content.

The engine knows nothing of a game's content model: a check reads
`ctx.content` as its own pack built it. What the engine adds is what only the
loader knows, about files whose documents failed their schema and so are not
in the content: which ids have files, and which ids those files name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.source.records import DataContent, kinds
from ttgbuild.validate.registry import Registry

if TYPE_CHECKING:
    from ttgbuild.core.origin import Origin

# (file, pointer, key) → (line, column); (0, 0) when unknown.
Locate = Callable[[str, str, bool], tuple[int, int]]


@dataclass
class Context:
    """What checks read: the pack's content, and what the loader saw of every file."""

    content: Any
    # Kind → ids whose files exist, valid or not: a reference to one is no unknown id.
    file_ids: dict[str, set[str]] = field(default_factory=dict)
    # Kind → ids named by files that failed their schema: such an id is still in use.
    references: dict[str, set[str]] = field(default_factory=dict)
    content_dir: Path | None = None
    # Line and column of a (file, pointer): for messages that name a second place.
    locate: Callable[[str, str], tuple[int, int]] | None = None

    def place(self, origin: Origin) -> str:
        """Where an object is, as a message names it: file:line when the line is known."""
        line = self.locate(origin.file, origin.pointer)[0] if self.locate else 0
        return f"{origin.file}:{line}" if line else origin.file


def part_names(content: Any) -> frozenset[str]:
    """The content parts a check may need: a data pack's record kinds, a Python pack's fields.

    Only these: an attribute that merely exists (a method such as `add`) is no part.
    """
    if isinstance(content, DataContent):
        return frozenset(kinds(content))
    if dataclasses.is_dataclass(content):
        return frozenset(f.name for f in dataclasses.fields(content))
    return frozenset(vars(content))


def run_checks(registry: Registry, ctx: Context, locate: Locate) -> list[Diagnostic]:
    """Run every check of the registry whose needed content parts loaded."""
    diags: list[Diagnostic] = []
    for rule, check in registry.checks():
        if any(
            part not in part_names(ctx.content) or not getattr(ctx.content, part)
            for part in rule.needs
        ):
            continue
        for finding in check(ctx):
            line, column = finding.place or locate(finding.file, finding.pointer, finding.key)
            diags.append(rule.diagnostic(finding, line, column))
    return diags
