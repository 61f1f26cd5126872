"""Every deck of a project's kit drawn apart, one card a page, checked as a build checks.

The project is read and checked first (content, the pack's own limits, the
locale's catalog), as `ttgbuild build` does, so an export never prints what
a build would refuse. Then each file of the kit is drawn with its decks
handed to `ttgbuild.render.layout.apart`: whichever of a game's files print
decks of cards (Jugger's cards.pdf, a data pack's layout decks) give one PDF
each, one card a page, front then back. A size other than the one layouts
are designed at (every preset is close to it, `sizes`) is refused when
text that fits at the design size no longer fits, naming the first boxes
that overflow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ttgbuild.build import Job, _text_problem, draw, make_jobs
from ttgbuild.buildplan import UsageError, choose_locales
from ttgbuild.core.diagnostics import Diagnostic, has_failures, sort_key
from ttgbuild.core.printing import PrintSettings
from ttgbuild.export.sizes import DESIGN
from ttgbuild.i18n.checkcache import checked_catalogs
from ttgbuild.render.context import PrintProblem
from ttgbuild.render.layout.apart import Face, apart
from ttgbuild.source.datapack import pack_of
from ttgbuild.validate.project import validate_project

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Document:
    """One kit file's decks drawn apart: its PDF and what each page shows."""

    file: str  # the kit file the decks belong to, e.g. "cards.pdf"
    pdf: bytes
    faces: list[Face]


@dataclass
class Pages:
    """What an export draws: its documents, or why it stopped (located diagnostics)."""

    documents: list[Document] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: bool = False


def draw_apart(
    project: Path, locale: str, settings: PrintSettings, say: Progress = lambda _message: None
) -> Pages:
    """The project's decks drawn apart in `locale` at `settings`' card size and bleed.

    Raises UsageError for a locale the project has no catalog for, a kit that
    prints no deck, and a size whose text overflows where the design's fits.
    """
    pack = pack_of(project)
    choose_locales(project, [locale])
    say("checking content")
    loaded, diagnostics = validate_project(project)
    if pack.before_build is not None:
        diagnostics += pack.before_build(project, loaded.content)
    diagnostics += checked_catalogs(project, [locale])
    result = Pages(diagnostics=sorted(diagnostics, key=sort_key))
    if has_failures(diagnostics, False):
        result.failed = True
        return result
    jobs = make_jobs(project, pack, [locale], loaded.content, settings)
    documents, problems, errors = _documents(jobs, say)
    if errors:
        result.diagnostics = sorted(result.diagnostics + errors, key=sort_key)
        result.failed = True
        return result
    if not documents:
        raise UsageError(f"the kit of {pack.title} prints no deck of cards: nothing to export")
    if settings.card_size_mm != DESIGN:
        say("comparing with the design size")
        files = {document.file for document in documents}
        again = [replace(job, settings=replace(settings, card_size_mm=DESIGN)) for job in jobs]
        _, designed, _ = _documents([job for job in again if job.part.file in files], say)
        refuse_unfit(settings, problems, designed)
    located = [_text_problem(loaded, locale, problem) for problem in problems]
    result.documents = documents
    result.diagnostics = sorted(result.diagnostics + list(dict.fromkeys(located)), key=sort_key)
    return result


def _documents(
    jobs: list[Job], say: Progress
) -> tuple[list[Document], list[PrintProblem], list[Diagnostic]]:
    """Each of the jobs' kit files that prints decks, drawn apart in this process.

    Files that print no deck are drawn to find that out and set aside: a
    game's renderers are its own, and a whole kit takes about a second.
    """
    documents: list[Document] = []
    problems: list[PrintProblem] = []
    errors: list[Diagnostic] = []
    for job in jobs:
        with apart() as pages:
            drawn = draw(job, say)
        errors += drawn.errors  # data that fails on this content stops a build too
        if pages.faces:
            problems += drawn.problems
            documents.append(Document(job.part.file, drawn.data, pages.faces))
    return documents, problems, errors


def _key(problem: PrintProblem) -> tuple[str, ...]:
    origin = problem.origin
    return (problem.code, origin.file, str(origin.pointer), problem.component, problem.box)


def refuse_unfit(
    settings: PrintSettings, problems: list[PrintProblem], designed: list[PrintProblem]
) -> None:
    """A UsageError naming the boxes whose text fits at the design size but not at this one."""
    before = {_key(problem) for problem in designed}
    new = list(dict.fromkeys(_key(p) for p in problems if _key(p) not in before))
    if not new:
        return
    width, height = settings.card_size_mm
    shown = "; ".join(f"{component}, {box}" for _c, _f, _p, component, box in new[:3])
    more = f" and {len(new) - 3} more" if len(new) > 3 else ""
    design = f"{DESIGN[0]:g} x {DESIGN[1]:g} mm"
    raise UsageError(
        f"the cards' design does not fit {width:g} x {height:g} mm: text that fits at "
        f"{design} overflows in {len(new)} box(es): {shown}{more}; choose a larger size"
    )
