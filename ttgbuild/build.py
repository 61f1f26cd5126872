"""The build: load and check everything, render every locale in memory, then write.

Content or catalog errors mean nothing is written. Each file is written to a
temporary name in its final folder and moved into place, so an interrupted
or failed build leaves the previous kit as it was.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ttgbuild.diagnostics import Diagnostic, has_failures, sort_key
from ttgbuild.i18n.paths import project_locales
from ttgbuild.i18n.runtime import RUNTIME_CODES, load_translator
from ttgbuild.loader import Loaded
from ttgbuild.render import board, cards, guide, quickref, tokens
from ttgbuild.render.context import PrintProblem, RenderContext
from ttgbuild.render.sheet import PrintSettings, card_grid
from ttgbuild.validate.project import validate_project
from ttgbuild.validate.registry import describe

BUILD_CODES = {
    "JT901": "text fits its box on every printed component (warning; --strict fails)",
    "JT902": "the embedded fonts can draw every printed character (warning; --strict fails)",
    "JT903": "a hero's portrait can be read as an image (warning; --strict fails)",
}
describe(BUILD_CODES, "warning")
describe({"JT801": RUNTIME_CODES["JT801"]}, "warning")
describe({"JT802": RUNTIME_CODES["JT802"]})

# What each output file holds, in the order they are rendered.
COMPONENTS: dict[str, Callable[[RenderContext], bytes]] = {
    "cards.pdf": cards.render,
    "tokens.pdf": tokens.render,
    "board.pdf": board.render,
    "quickref.pdf": quickref.render,
    "guide.pdf": guide.render,
}


class UsageError(Exception):
    """A request the build cannot serve (unknown locale, impossible settings)."""


@dataclass
class BuildResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    locales: list[str] = field(default_factory=list)
    seconds: float = 0.0


def choose_locales(project: Path, requested: list[str] | None) -> list[str]:
    """The requested locales in the order given, or every locale the project has."""
    available = project_locales(project)
    if not requested:
        return available
    unknown = [loc for loc in requested if loc not in available]
    if unknown:
        raise UsageError(
            f"no catalog for locale(s) {', '.join(unknown)}; this project has "
            f"{', '.join(available)} (start one with 'ttgbuild i18n init LOCALE')"
        )
    return list(dict.fromkeys(requested))


def check_settings(settings: PrintSettings) -> None:
    """Refuse settings that cannot give a usable page before any work is done."""
    grid = card_grid(settings)
    if grid.columns < 1 or grid.rows < 1:
        raise UsageError("the cards with their bleed do not fit on one sheet of this paper")


def build(
    project: Path,
    out: Path,
    settings: PrintSettings,
    requested: list[str] | None = None,
    strict: bool = False,
    progress: Callable[[str], None] = lambda _message: None,
) -> BuildResult:
    """Build the kit for each locale into out/<locale>/; write only if nothing fails."""
    started = time.perf_counter()
    locales = choose_locales(project, requested)
    check_settings(settings)
    result = BuildResult(locales=locales)
    progress("checking content")
    loaded, diags = validate_project(project)
    result.diagnostics.extend(diags)
    if has_failures(diags, strict):
        return result
    rendered: dict[str, dict[str, bytes]] = {}
    for locale in locales:
        tr = load_translator(project, locale)
        ctx = RenderContext(
            loaded.content,
            tr,
            settings,
            content_dir=project / "content",
            progress=lambda message, loc=locale: progress(f"{loc}: {message}"),
        )
        files = {name: render(ctx) for name, render in COMPONENTS.items()}
        rendered[locale] = files
        result.diagnostics.extend(tr.diagnostics)
        result.diagnostics.extend(_text_problem(loaded, locale, p) for p in ctx.problems)
    result.diagnostics.sort(key=sort_key)
    if has_failures(result.diagnostics, strict):
        return result
    progress("writing")
    for locale, files in rendered.items():
        for name, data in files.items():
            result.written.append(write_atomically(out / locale / name, data))
    result.seconds = time.perf_counter() - started
    return result


def _text_problem(loaded: Loaded, locale: str, problem: PrintProblem) -> Diagnostic:
    line, column = loaded.locate(problem.origin.file, problem.origin.pointer)
    what = {"JT901": "text does not fit", "JT902": "text cannot be drawn"}.get(
        problem.code, "cannot print"
    )
    return Diagnostic(
        problem.origin.file,
        line,
        column,
        "warning",
        problem.code,
        f"{locale}: {problem.component}, {problem.box}: {what}: {problem.detail}",
        problem.origin.pointer,
    )


def write_atomically(path: Path, data: bytes) -> Path:
    """Write a file so that readers see the old or the new version, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
