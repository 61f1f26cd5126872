"""Validate a whole project: load and schema-check every file, then run its pack's checks."""

from __future__ import annotations

from pathlib import Path

from ttgbuild.core import collector
from ttgbuild.core.diagnostics import Diagnostic, has_failures, sort_key
from ttgbuild.pack import Pack
from ttgbuild.source.datapack import KIT_CHECK, pack_of
from ttgbuild.source.loader import Loaded, load_content
from ttgbuild.source.packproblems import board_problems, layout_problems, sheet_problems
from ttgbuild.validate.book import book_problems
from ttgbuild.validate.declared import declared_problems, unknown_needs
from ttgbuild.validate.registry import Registry
from ttgbuild.validate.runner import Context, run_checks

# Loaded files above which what exists is frozen for the collector (see collector.paused).
FREEZE_DOCUMENTS = 2_000


def pack_checks(pack: Pack, project: Path | None = None) -> Registry:
    """A registry holding the pack's checks and codes (the engine's own codes are not checks)."""
    registry = Registry()
    registry.add_pack(pack, project)
    return registry


def validate_project(project: Path) -> tuple[Loaded, list[Diagnostic]]:
    """Every problem in the project's content, sorted by file and line.

    Raises PackError when the project's game cannot be found.
    """
    pack = pack_of(project)
    with collector.paused() as pause:
        loaded = load_content(project, pack)
        pause["freeze"] = len(loaded.documents) > FREEZE_DOCUMENTS
        ctx = Context(
            loaded.content, loaded.file_ids, loaded.references, project / "content", loaded.locate
        )
        diags = loaded.diagnostics + run_checks(pack_checks(pack, project), ctx, loaded.locate)
    diags += sheet_problems(pack, project)  # the pack's reference sheets (data files)
    diags += layout_problems(pack, project)  # the pack's card layouts (data files)
    diags += board_problems(pack, project)  # the pack's boards (data files)
    diags += declared_problems(pack, project)  # the pack's check files
    diags += unknown_needs(pack, project, loaded.content)  # their needs: record kinds
    diags += book_problems(project, pack, loaded)  # the content against the game's book
    if pack.before_build == KIT_CHECK and not has_failures(diags, strict=False):
        # The layouts' and sheets' expressions evaluated with the content, as `build` does
        # first: a project `validate` calls clean builds (issue 34).
        diags += pack.before_build(project, loaded.content)
    return loaded, sorted(dict.fromkeys(diags), key=sort_key)
