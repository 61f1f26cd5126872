"""Validate a whole project: load and schema-check every file, then run the game rules."""

from __future__ import annotations

from pathlib import Path

from ttgbuild.core.diagnostics import Diagnostic, sort_key
from ttgbuild.packs.jugger import art, kit_demand  # noqa: F401  (imported: registers checks
from ttgbuild.packs.jugger.rules import Context, run_rules
from ttgbuild.source.loader import LAYOUT_CODES, LAYOUT_WARNINGS, Loaded, load_content
from ttgbuild.source.schema import SCHEMA_CODES
from ttgbuild.source.yamlsource import LOAD_CODES
from ttgbuild.validate.registry import describe

describe(LOAD_CODES)
describe(LAYOUT_CODES)
describe(LAYOUT_WARNINGS, "warning")
describe(SCHEMA_CODES)


def validate_project(project: Path) -> tuple[Loaded, list[Diagnostic]]:
    """Every problem in the project's content, sorted by file and line."""
    loaded = load_content(project)
    ctx = Context(
        loaded.content, loaded.file_ids, loaded.talent_refs, project / "content", loaded.locate
    )
    diags = loaded.diagnostics + run_rules(ctx, loaded.locate)
    return loaded, sorted(diags, key=sort_key)
