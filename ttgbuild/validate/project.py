"""Validate a whole project: load and schema-check every file, then run its pack's checks."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ttgbuild.core.diagnostics import Diagnostic, sort_key
from ttgbuild.pack import Pack
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.loader import Loaded, load_content
from ttgbuild.source.packproblems import layout_problems, sheet_problems
from ttgbuild.validate.declared import declared_problems
from ttgbuild.validate.registry import Registry
from ttgbuild.validate.runner import Context, run_checks


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
    with _collector_paused():
        loaded = load_content(project, pack)
        ctx = Context(
            loaded.content, loaded.file_ids, loaded.references, project / "content", loaded.locate
        )
        diags = loaded.diagnostics + run_checks(pack_checks(pack, project), ctx, loaded.locate)
    diags += sheet_problems(pack, project)  # the pack's reference sheets (data files)
    diags += layout_problems(pack, project)  # the pack's card layouts (data files)
    diags += declared_problems(pack, project)  # the pack's check files
    return loaded, sorted(diags, key=sort_key)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while content is loaded and checked.

    Loading makes a great many containers that all stay alive (they are the
    content), and every automatic collection walks all of them again: about a
    tenth of validating 10,000 heroes. Whatever became garbage meanwhile is
    collected once the collector runs again; nothing else changes.
    """
    if not gc.isenabled():  # the caller paused it: theirs to resume
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
