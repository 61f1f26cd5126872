"""The build: check everything, draw what changed, then write it all atomically.

Content or catalog errors mean nothing is written. The catalogs are checked
while the first files are drawn (their drawings are thrown away if the check
fails), so a core is not left idle for that half second. Locales whose files are up
to date (see `buildplan`) are not drawn again, nor are the files of the others
whose own inputs did not change (the content files their last drawing read,
recorded by `render.reads`); the others are drawn in memory,
in parallel worker processes when there are several (a large deck file in
parts, each its own run of sheets: `split`), and only when every one has
succeeded are all files and the manifest replaced as one change (`journal`),
so a failed, killed or interrupted build leaves each locale's kit wholly old
or wholly new. Writing takes a lock on the output folder: two
builds into one folder take turns, and the last one's files and manifest win
whole.
"""

from __future__ import annotations

import errno
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ttgbuild.buildplan import (
    MANIFEST,
    BuildResult,
    Inputs,
    LocaleRecord,
    Manifest,
    PartRecord,
    Plan,
    UsageError,
    choose_locales,
    clear_leftovers,
    plan,
    writing_into,
)
from ttgbuild.core import collector, journal, parallel
from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, LocatedError, has_failures, sort_key
from ttgbuild.core.fingerprint import bytes_digest
from ttgbuild.core.paths import display_path
from ttgbuild.core.printing import PrintSettings
from ttgbuild.core.readfile import read_regular
from ttgbuild.i18n.checkcache import checked_catalogs
from ttgbuild.i18n.paths import catalog_path
from ttgbuild.i18n.runtime import RUNTIME_CODES, Translator, load_translator
from ttgbuild.pack import Component, Pack
from ttgbuild.render import ink, printplan, reads
from ttgbuild.render.context import Placement, PrintProblem, RenderContext
from ttgbuild.render.glyphs import check_translations
from ttgbuild.render.hyphenate import hyphenating
from ttgbuild.render.layout.sheetparts import Share, sharing
from ttgbuild.render.merge import merge
from ttgbuild.render.merge import prepare as merge_ready
from ttgbuild.render.sheet import card_grid
from ttgbuild.render.templating import compile_templates
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.layoutfile import pack_layouts
from ttgbuild.source.loader import Loaded
from ttgbuild.source.sheetfile import pack_sheets
from ttgbuild.validate.project import validate_project

# What a drawn file may report (JT902 is the translator's code: labels are checked there too).
PRINT_CODES = code_table(
    Code(
        "JT901", "warning", "text fits its box on every printed component (warning; --strict fails)"
    ),
    RUNTIME_CODES["JT902"],
    Code(
        "JT903",
        "warning",
        "a picture named in content can be read as an image (warning; --strict fails)",
    ),
)

# A deck file of at least this many sheets (a page of card fronts and its page of backs,
# some 40 ms each for heroes) is drawn in parts and put back together: below it the
# parts' fixed costs (each lays out every card, embeds its fonts; the merge) would
# outweigh the gain. The shipped kits' deck files have a dozen sheets or fewer.
SPLIT_SHEETS = 40
# Parts per core: queued after the whole files, short parts fill whichever core frees
# first, so the build does not end with one core drawing a long part alone. A part
# draws PART_SHEETS sheets or more: each embeds its own fonts and lays every card out.
PARTS_PER_CORE = 2
PART_SHEETS = 10

# Errors that mean no room is left (EDQUOT: the user's quota), reported as a full disk.
DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Job:
    """One file of one locale to draw, with all a worker needs (it pickles: workers may spawn).

    A job is one file rather than one locale so that both cores stay busy to
    the end: three locales would leave one core idle for the last third.
    """

    project: Path
    locale: str
    part: Component  # the file it draws (e.g. "cards.pdf") and the pack's function drawing it
    pack: Pack  # for its icons and the place of page-wide problems
    content: Any  # the pack's content model
    settings: PrintSettings
    translator: Translator  # read once per locale by the parent, copied fresh for each file
    placements: bool = False  # record where each piece is drawn (the review gallery asks)
    # The locale's files drawn before this one (file → PDF), for an `after_kit` part.
    kit_files: dict[str, bytes] = field(default_factory=dict)
    share: Share | None = None  # which sheets of a deck file drawn in parts; None: all
    read_pages: bool = False  # read the drawn file's pages too, for its locale's guide

    def context(
        self, tr: Translator, progress: Progress, kind: type[RenderContext] = RenderContext
    ) -> RenderContext:
        """The render context this file is drawn with (`kind`: `watch`'s tracing one), its
        translator `tr` fresh for it, its progress said with its locale."""
        ctx = kind.for_pack(
            self.pack,
            self.content,
            tr,
            self.settings,
            content_dir=self.project / "content",
            progress=lambda message: progress(f"{self.locale}: {message}"),
        )
        ctx.kit_files = self.kit_files
        return ctx


@dataclass(frozen=True)
class Drawn:
    """One drawn file in memory, with what its translator and renderer reported."""

    locale: str
    component: str
    data: bytes
    translator_diagnostics: list[Diagnostic]
    problems: list[PrintProblem]
    placements: list[Placement]
    errors: list[Diagnostic] = field(default_factory=list)  # why the file could not be drawn
    pages: tuple[printplan.Page, ...] = ()  # read back when the job asked (`Job.read_pages`)
    reads: frozenset[str] = frozenset()  # the content files its drawing read (`render.reads`)


# Told of each drawn file with its problems as diagnostics (one per problem, in order).
OnDrawn = Callable[[Drawn, list[Diagnostic]], None]


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
    progress: Progress = lambda _message: None,
    force: bool = False,
    on_drawn: OnDrawn | None = None,
) -> BuildResult:
    """Build the kit for each locale into out/<locale>/; write only if nothing fails.

    With `force` every locale is drawn even if the cache says its files are current.
    With `on_drawn` each file is drawn recording where its pieces are, and handed
    over with its problems located (the review gallery crops and annotates by them).
    """
    started = time.perf_counter()
    pack = pack_of(project)
    locales = choose_locales(project, requested)
    todo = plan(project, out, locales, settings, force)
    check_settings(settings)
    result = BuildResult(current=list(todo.current))
    progress("checking content")
    loaded, content_diagnostics = validate_project(project)
    # A pack's own limits, said before anything is drawn; not over content already in error
    # (a data pack's layouts evaluated over broken records would only add noise to the list).
    if pack.before_build is not None and not has_failures(content_diagnostics, strict=False):
        content_diagnostics += pack.before_build(project, loaded.content)
    result.diagnostics.extend(content_diagnostics)
    for record in todo.current.values():
        result.diagnostics.extend(record.diagnostics)
    catalog_diagnostics: list[Diagnostic] = []
    checked = False  # the catalogs were checked (catalogs_fail ran)

    def catalogs_fail() -> bool:
        """Every catalog check of `i18n check`: a broken placeholder or format never
        reaches paper. Run while the first files are drawn (they are thrown away if
        it fails: the check takes as long as drawing a file or two)."""
        nonlocal checked
        checked = True
        catalog_diagnostics.extend(checked_catalogs(project, list(todo.stale)))
        result.diagnostics.extend(catalog_diagnostics)
        return has_failures(content_diagnostics + catalog_diagnostics, strict)

    def check_catalogs() -> None:
        if catalogs_fail():
            raise _ChecksFailed

    if has_failures(content_diagnostics, strict):
        catalogs_fail()  # every problem at once: the catalogs' too
        return _stop(result)
    if todo.current:
        progress(f"{', '.join(todo.current)} up to date; drawing {', '.join(todo.stale)}")
    with collector.paused():  # catalogs, fonts, templates: all kept, the collector finds none
        jobs = make_jobs(
            project, pack, list(todo.stale), loaded.content, settings, on_drawn is not None
        )
        read_pack_data(pack, project)
        inputs = Inputs.of(project, todo, loaded.content)
        reads.record_classes(loaded.content)  # worked out here, before the workers fork
    kept = Kept(out, todo, inputs, enabled=not force)
    for job in jobs:
        if not job.part.after_kit:
            kept.look(job.locale, job.part.file, {})
    drawing = [job for job in jobs if not kept.holds(job.locale, job.part.file)]
    for job in drawing:  # a guide drawn again reads the files kept as they are
        if job.part.after_kit:
            job.kit_files.update(kept.data_of(job.locale))
    if kept.files:
        progress(f"{len(kept.files)} files unchanged; drawing {len(drawing)}")
    kits: dict[str, dict[str, bytes]] = {locale: {} for locale in todo.stale}
    reported: dict[str, list[Diagnostic]] = {locale: [] for locale in todo.stale}
    said: dict[tuple[str, str], list[Diagnostic]] = {}  # (locale, file) -> what its drawing said
    read: dict[tuple[str, str], frozenset[str]] = {}
    errors: list[Diagnostic] = []
    try:
        all_drawn = draw_jobs(drawing, progress, meanwhile=check_catalogs, unchanged=kept.guide)
    except _ChecksFailed:  # the drawings so far are discarded, nothing is written
        return _stop(result)
    except Exception:
        # A drawing in this process (a deck's sheets counted) broke on a catalog not yet checked.
        if checked or not catalogs_fail():
            raise
        return _stop(result)
    for drawn in all_drawn:
        errors += drawn.errors
        kits[drawn.locale][drawn.component] = drawn.data
        problems = [_text_problem(loaded, drawn.locale, p) for p in drawn.problems]
        said[drawn.locale, drawn.component] = drawn.translator_diagnostics + problems
        read[drawn.locale, drawn.component] = drawn.reads
        if on_drawn is not None and not drawn.errors:
            on_drawn(drawn, problems)
    for job in jobs:  # in the pack's order, drawn or kept
        where = (job.locale, job.part.file)
        reported[job.locale] += said[where] if where in said else kept.said(*where)
    summaries = {job.locale: job.translator.untranslated() for job in jobs}
    for locale, diagnostics in reported.items():
        summary = summaries.get(locale)
        reported[locale] = list(dict.fromkeys(diagnostics))  # one per string, not per file
        reported[locale] += [summary] if summary else []
        result.diagnostics.extend(reported[locale])
        # Recorded with the locale, so an up-to-date build shows its catalog's warnings again.
        catalog = _catalog_part(project, locale, catalog_diagnostics)
        reported[locale] = once_per_entry(catalog + reported[locale])
    result.diagnostics = once_per_entry(result.diagnostics)
    result.diagnostics.extend(dict.fromkeys(errors))  # the same in every locale: said once
    result.diagnostics.sort(key=sort_key)
    if has_failures(result.diagnostics, strict):
        return _stop(result)
    progress("writing")
    files = [part.file for part in pack.components]
    parts = {locale: kept.parts_of(locale) for locale in todo.stale}
    given = {(job.locale, job.part.file): job.kit_files for job in drawing if job.part.after_kit}
    for (locale, name), diagnostics in said.items():
        key = inputs.key(locale, name, read[locale, name], _digests(given.get((locale, name))))
        parts[locale][name] = PartRecord(key, tuple(sorted(read[locale, name])), diagnostics)
    written = {locale: kept.records_of(locale) for locale in todo.stale}
    result.written = write_kit(
        out, todo, files, kits, reported, content_diagnostics, written, parts
    )
    result.built = list(kits)
    result.seconds = time.perf_counter() - started
    return result


def _catalog_part(project: Path, locale: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The catalog check's diagnostics about one locale's catalog."""
    shown = display_path(catalog_path(project, locale), project)
    return [diagnostic for diagnostic in diagnostics if diagnostic.file == shown]


# What the catalog check says of an entry that a build also reports as printed in English.
SAID_BY_JT801 = frozenset({"JT819", "JT820"})


def once_per_entry(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Each catalog entry a build prints in English reported once: its JT801 ("English is
    printed instead") stands for the catalog check's JT820 (untranslated) or JT819 (fuzzy)
    at the same line, so a new locale gives one warning per message, not two.

    Entries the build never printed keep their JT820 or JT819; `i18n check` and
    `validate` report those codes as before.
    """
    printed = {(d.file, d.line) for d in diagnostics if d.code == "JT801" and d.line}
    return [
        d for d in diagnostics if d.code not in SAID_BY_JT801 or (d.file, d.line) not in printed
    ]


class _ChecksFailed(Exception):
    """The catalog checks failed while the first files were drawn: stop, write nothing."""


def _stop(result: BuildResult) -> BuildResult:
    result.diagnostics.sort(key=sort_key)
    result.failed = True
    return result


def make_jobs(
    project: Path,
    pack: Pack,
    locales: list[str],
    content: Any,
    settings: PrintSettings,
    placements: bool = False,
) -> list[Job]:
    """Every file of every locale to draw, each catalog read once.

    The pack lists its files slowest first: workers that take the big jobs
    first finish together, instead of one waiting while the other draws the
    last quick one.
    """
    translators = {locale: load_translator(project, locale) for locale in locales}
    for tr in translators.values():
        check_translations(tr)  # JT902 at the catalog line: the fonts are the render layer's
    return [
        Job(project, locale, part, pack, content, settings, translators[locale], placements)
        for part in pack.components
        for locale in locales
    ]


def read_pack_data(pack: Pack, project: Path) -> None:
    """Import the pack's drawing code, read its layout and sheet files and compile its
    templates here, once.

    Workers fork from this process (on Linux) and find all of it ready;
    otherwise each worker would import the same modules and read and
    schema-check the same files again, a few tenths of a second each.
    `validate` may not have done it: it remembers the pack's own files'
    problems. (Where workers spawn instead, macOS and Windows, they import
    and read afresh all the same: this costs the parent a little time there.)
    """
    for part in pack.components:
        part.render.load()
    pack_layouts(pack, project)
    pack_sheets(pack, project)
    if pack.templates is not None:
        compile_templates(pack.templates, pack.newstyle_templates)


def draw_jobs(
    jobs: list[Job],
    progress: Progress,
    meanwhile: Callable[[], None] = lambda: None,
    unchanged: Callable[[Job], bool] = lambda _job: False,
    **run: Any,
) -> list[Drawn]:
    """Every job drawn (in parallel, `run` as `parallel.run_all` takes it), in two rounds:
    files drawn `after_kit` (a guide's print plan) second, handed their locale's others
    (in the pack's order, with those a job already holds: files kept from the last build),
    unless `unchanged` says, seeing them, that the file on disk is what it would draw.

    The guide's print plan reads every page of those files: each worker reads
    the file it drew instead, on every core, and the guide is handed the pages.
    `meanwhile` runs in this process while the first round is drawn (`run_all`).
    """
    later = [job for job in jobs if job.part.after_kit]
    guided = {job.locale for job in later}
    first = [
        replace(job, read_pages=job.locale in guided) for job in jobs if not job.part.after_kit
    ]
    drawn = draw_batch(first, progress, meanwhile=meanwhile, **run)
    for job in later:
        job.kit_files.update((d.component, d.data) for d in drawn if d.locale == job.locale)
        ordered = [
            (p.file, job.kit_files[p.file]) for p in job.pack.components if p.file in job.kit_files
        ]
        job.kit_files.clear()
        job.kit_files.update(ordered)
    later = [job for job in later if not unchanged(job)]
    with printplan.pages_read({d.data: d.pages for d in drawn if d.pages}):
        return drawn + draw_batch(later, progress, **run)


def draw_batch(jobs: list[Job], progress: Progress, **run: Any) -> list[Drawn]:
    """Every job drawn in parallel, results in the jobs' order; a large deck file in parts.

    The parts of a split file are queued after the whole files (which keep the
    pack's order, slowest first): while one core draws a long whole file (whose
    length the build cannot know beforehand), the others take part after part,
    and the last job to finish is a short one.
    """
    cores = run.get("processes") or parallel.cores()
    sheets: dict[str, int] = {}  # deck file -> its sheets: the same in every locale
    groups = [split(job, cores, sheets) for job in jobs]
    if any(len(group) > 1 for group in groups):  # merging needs pikepdf: imported meanwhile
        before = run.get("meanwhile", lambda: None)
        run = {**run, "meanwhile": lambda: (before(), merge_ready())}
    order = sorted(range(len(groups)), key=lambda index: len(groups[index]) > 1)  # stable
    done = iter(parallel.run_all(draw, [job for i in order for job in groups[i]], progress, **run))
    drawn = {i: [next(done) for _ in groups[i]] for i in order}
    return [joined(drawn[i]) for i in range(len(groups))]


def split(job: Job, cores: int, sheets: dict[str, int]) -> list[Job]:
    """The jobs that draw `job`'s file: PARTS_PER_CORE per core (at most one per
    PART_SHEETS sheets) for a deck file of SPLIT_SHEETS sheets or more (counted here,
    once per file), else the job itself.

    A gallery's placements are per page of one drawing: a file drawn for it stays whole.
    """
    if not job.part.deck or job.placements or cores < 2:
        return [job]
    if job.part.file not in sheets:
        count = Share(0, 0)  # lays the decks out and counts their sheets, drawing nothing
        draw(replace(job, share=count, read_pages=False), lambda _message: None)
        sheets[job.part.file] = count.sheets
    if sheets[job.part.file] < SPLIT_SHEETS:
        return [job]
    parts = min(PARTS_PER_CORE * cores, sheets[job.part.file] // PART_SHEETS)
    return [replace(job, share=Share(part, parts)) for part in range(parts)]


def joined(parts: list[Drawn]) -> Drawn:
    """One file's drawing from its parts' (in order): pages merged, reports put together."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    errors = [error for part in parts for error in part.errors]
    return Drawn(
        first.locale,
        first.component,
        b"" if errors else merge([part.data for part in parts]),
        [diagnostic for part in parts for diagnostic in part.translator_diagnostics],
        [problem for part in parts for problem in part.problems],
        [],
        errors,
        () if errors else tuple(page for part in parts for page in part.pages),
        frozenset().union(*(part.reads for part in parts)),
    )


def draw(job: Job, progress: Progress) -> Drawn:
    """Draw one file of one locale in memory (in a worker process, or in this one).

    The content files it reads are noted (`render.reads`), from the making of
    its context (a pack's place for page-wide problems) to its last page: the
    next build draws it again only if one of them changed.
    """
    with reads.recording(job.content) as read:
        return _draw(job, progress, read)


def _draw(job: Job, progress: Progress, read: set[str]) -> Drawn:
    tr = job.translator.fresh()
    ctx = job.context(tr, progress)
    if job.placements:
        ctx.placements = []
    try:
        # Every canvas of this file follows the ink setting; a deck file drawn in parts
        # draws only its share of the sheets; a word too wide for its line breaks by the
        # locale's hyphenation dictionary.
        with ink.using(job.settings.ink), sharing(job.share), hyphenating(job.locale):
            data = job.part.render(ctx, **job.part.options)
    except LocatedError as exc:  # data that fails on this content: a located error, no file
        return Drawn(job.locale, job.part.file, b"", tr.diagnostics, [], [], [exc.diagnostic])
    placed = ctx.placements or []
    pages = printplan.read_pages(data, job.part.words_read) if job.read_pages else ()
    done = frozenset(read)
    return Drawn(
        job.locale, job.part.file, data, tr.diagnostics, ctx.problems, placed, [], pages, done
    )


def _digests(files: dict[str, bytes] | None) -> dict[str, str]:
    """A guide's other files by their bytes' hash (part of its inputs); none for other files."""
    return {name: bytes_digest(data) for name, data in (files or {}).items()}


class Kept:
    """The files of stale locales that the last build drew from the same inputs: kept as
    they are on disk (their bytes checked against the manifest), not drawn again.

    A file is kept when the manifest recorded what its drawing read and its
    fingerprint (`Inputs.key`) over those reads is unchanged; a guide also when
    the other files it is handed are those it was handed then (`guide`).
    """

    def __init__(self, out: Path, todo: Plan, inputs: Inputs, enabled: bool = True) -> None:
        self.out, self.todo, self.inputs, self.enabled = out, todo, inputs, enabled
        self.files: dict[tuple[str, str], bytes] = {}  # (locale, file) -> its bytes on disk

    def look(self, locale: str, name: str, kit: dict[str, str]) -> bool:
        """Keep this file if its inputs are those of its last drawing and it is still there."""
        record = self.todo.previous.get(locale)
        if not self.enabled or record is None or name not in record.parts:
            return False
        part = record.parts[name]
        if name not in record.files or part.key != self.inputs.key(locale, name, part.reads, kit):
            return False
        size, sha = record.files[name]
        try:
            data = read_regular(self.out / locale / name, size)
        except OSError:  # gone, replaced by a folder or a link, grown: drawn again
            return False
        if len(data) != size or bytes_digest(data) != sha:
            return False
        self.files[locale, name] = data
        return True

    def guide(self, job: Job) -> bool:
        """A guide whose inputs, the other files it is handed included, are unchanged."""
        return self.look(job.locale, job.part.file, _digests(job.kit_files))

    def holds(self, locale: str, name: str) -> bool:
        return (locale, name) in self.files

    def data_of(self, locale: str) -> dict[str, bytes]:
        return {name: data for (loc, name), data in self.files.items() if loc == locale}

    def said(self, locale: str, name: str) -> list[Diagnostic]:
        """What the kept file's drawing reported (none for a file neither kept nor drawn)."""
        if (locale, name) not in self.files:
            return []
        return self.todo.previous[locale].parts[name].diagnostics

    def parts_of(self, locale: str) -> dict[str, PartRecord]:
        record = self.todo.previous.get(locale)
        kept = [name for loc, name in self.files if loc == locale]
        return {name: record.parts[name] for name in kept} if record else {}

    def records_of(self, locale: str) -> dict[str, tuple[int, str]]:
        record = self.todo.previous.get(locale)
        kept = [name for loc, name in self.files if loc == locale]
        return {name: record.files[name] for name in kept} if record else {}


def write_kit(
    out: Path,
    todo: Plan,
    files: list[str],
    kits: dict[str, dict[str, bytes]],
    diagnostics: dict[str, list[Diagnostic]],
    content_diagnostics: list[Diagnostic],
    kept: dict[str, dict[str, tuple[int, str]]] | None = None,
    parts: dict[str, dict[str, PartRecord]] | None = None,
) -> list[Path]:
    """Replace every drawn file and the manifest as one change (`journal`); one writer at a time.

    Killed at any moment, the build leaves each locale wholly old or wholly new,
    with a manifest that describes it, once the next build has finished the
    journal. A file that cannot be written (a full disk) replaces nothing: the
    build stops with a usage error and the previous kit is kept. `kept` gives,
    per locale, the files left as they are (size, sha256), `parts` each file's
    inputs: both recorded in the manifest with the drawn files.
    """
    written = []
    with writing_into(out):
        clear_leftovers(out, {locale: files for locale in todo.locales})
        manifest = Manifest.load(out)  # read under the lock: keep what other builds recorded
        staged: dict[Path, bytes] = {}
        for locale, kit in kits.items():
            for name, data in kit.items():
                staged[out / locale / name] = data
                written.append(out / locale / name)
            record = {**(kept or {}).get(locale, {})}
            record.update((name, (len(data), bytes_digest(data))) for name, data in kit.items())
            ordered = {name: record[name] for name in files if name in record}
            manifest.locales[locale] = LocaleRecord(
                todo.keys[locale], ordered, diagnostics[locale], (parts or {}).get(locale, {})
            )
        manifest.content_key = todo.content_key
        manifest.content_diagnostics = content_diagnostics
        staged[out / MANIFEST] = manifest.encode()
        try:
            journal.replace_together(out, staged)
        except journal.NotStaged as exc:
            full = exc.errno in DISK_FULL
            raise UsageError(
                f"{'disk full' if full else 'cannot write'}: {exc.filename}: {exc.strerror}; "
                "nothing replaced, the previous kit is kept"
            ) from None
    return written


def _text_problem(loaded: Loaded, locale: str, problem: PrintProblem) -> Diagnostic:
    line, column = loaded.locate(problem.origin.file, problem.origin.pointer)
    what = {"JT901": "text does not fit", "JT902": "text cannot be drawn"}.get(
        problem.code, "cannot print"
    )
    # The .po entries the box printed: a translator shortens one of those, not the content.
    entries = problem.entries
    plural = "s" if len(entries) > 1 else ""
    at = f"; translation{plural} at {', '.join(entries)}" if entries else ""
    at += f"; box declared at {problem.declared}" if problem.declared else ""
    return PRINT_CODES[problem.code].at(
        problem.origin.file,
        line,
        column,
        f"{locale}: {problem.component}, {problem.box}: {what}: {problem.detail}{at}",
        problem.origin.pointer,
    )
