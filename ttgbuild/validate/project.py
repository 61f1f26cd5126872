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

# Loaded files above which what exists is frozen for the collector (see _collector_paused).
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
    with _collector_paused() as pause:
        loaded = load_content(project, pack)
        pause["freeze"] = len(loaded.documents) > FREEZE_DOCUMENTS
        ctx = Context(
            loaded.content, loaded.file_ids, loaded.references, project / "content", loaded.locate
        )
        diags = loaded.diagnostics + run_checks(pack_checks(pack, project), ctx, loaded.locate)
    diags += sheet_problems(pack, project)  # the pack's reference sheets (data files)
    diags += layout_problems(pack, project)  # the pack's card layouts (data files)
    diags += declared_problems(pack, project)  # the pack's check files
    return loaded, sorted(diags, key=sort_key)


@contextmanager
def _collector_paused() -> Iterator[dict[str, bool]]:
    """Python's cycle collector paused while content is loaded and checked.

    Loading makes a great many containers that all stay alive (they are the
    content), and every automatic collection walks all of them again: about a
    tenth of validating 10,000 heroes. Whatever became garbage meanwhile is
    collected once the collector runs again; nothing else changes.

    The caller may set "freeze" after a large load: what exists is then frozen
    (`gc.freeze`, as before forking build workers), or the collector would walk the
    content three more times, about 0.1 s at 10,000 heroes, to find nothing
    (validating makes no reference cycles). Small loads, as in tests, are left alone.
    """
    pause = {"freeze": False}
    if not gc.isenabled():  # the caller paused it: theirs to resume
        yield pause
        return
    gc.disable()
    try:
        yield pause
    finally:
        if pause["freeze"]:
            gc.freeze()
        gc.enable()
