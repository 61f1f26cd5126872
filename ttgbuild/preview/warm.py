"""The gallery kept warm: one process that redraws only the pieces an edit changed.

`watch` keeps the content, catalogs, layouts and fonts loaded, and for every
file of every locale the gallery shows it keeps what each piece read
(`depends`), where it was placed and its picture. After a save:

1. The saved files are read again (only those), the content rebuilt from the
   documents kept, and compared with what was drawn: the fields and catalog
   entries that changed.
2. A piece that read one of them is drawn again, alone on its sheet (`pieces`),
   and its picture cut; a file that read one outside its pieces (a deck's list,
   a rulebook's worked example) is drawn again whole, its pages pictured again
   only where their pictures changed.
3. The page is rewritten and the pictures that changed are listed, so the open
   page swaps them in place.

What cannot be told apart that way is drawn again whole, and said: records
added, removed or renamed (every piece after them moves), a layout or other
data file of the game, ttgbuild.toml. The quick pieces are shown first; the
whole files (a rulebook, a guide) and the full checks of `validate` follow,
and a content or catalog error shows the error page as `preview` does.

What it shows is what a fresh `ttgbuild preview` shows: a piece's picture is
cut at the same box of the same page drawn by the same painter, whether its
neighbours were drawn or not (tests/test_watch_incremental.py).
"""

from __future__ import annotations

import dataclasses
import functools
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pypdfium2

from ttgbuild.build import Job, _text_problem, read_pack_data
from ttgbuild.buildplan import choose_locales
from ttgbuild.core import collector, parallel
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.diagnostics import Diagnostic, has_failures, sort_key
from ttgbuild.core.origin import Origin
from ttgbuild.core.paths import display_path
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.checkcache import checked_catalogs
from ttgbuild.i18n.paths import catalog_path
from ttgbuild.i18n.runtime import Translator, load_translator
from ttgbuild.pack import PROJECT_FILE
from ttgbuild.preview import beneath, depends, gallery, page, raster, record, sourceview
from ttgbuild.preview.depends import Read, Structural
from ttgbuild.preview.page import Note, Row, Shot
from ttgbuild.preview.pieces import Key, Traced, TracedJob, draw_traced
from ttgbuild.render import printplan
from ttgbuild.render.context import Placement
from ttgbuild.render.glyphs import check_translations
from ttgbuild.render.layout.decks import Plans
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.loader import Loaded
from ttgbuild.source.printfile import project_printing
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import load_document
from ttgbuild.validate.project import validate_project

Say = Callable[[str], None]
Picture = tuple[str, str, str, str]  # kind, record, locale, picture: one swapped in the page
# Part of a file to draw: the pieces to draw (None: all), the sheets of a deck file (None: all).
Part = tuple[frozenset[Key] | None, frozenset[int] | None]
Todo = dict[tuple[str, str], Part | None]  # (locale, file) -> its part, None: the whole file
# A file drawn again whole within this many seconds is "quick": shown with the pieces,
# before the checks. A slower one (a rulebook of a large game) is drawn after them.
QUICK = 0.15


@dataclass
class Update:
    """What a refresh changed: the pictures to swap, or a whole new page (`reload`)."""

    pictures: list[Picture] = field(default_factory=list)
    reload: bool = False


@dataclass
class Drawn:
    """One file of one locale as the gallery shows it, and what its pieces read."""

    job: Job
    traced: Traced
    pictures: dict[Key, str] = field(default_factory=dict)  # rows: a piece or a whole page

    @functools.cached_property
    def firsts(self) -> dict[Key, Placement]:
        """Each piece's first placement (the one pictured), found once: a drawing merged into
        this one (`_merge`) places every piece where it was."""
        return _first_placements(self.traced.placements)


class Rebuild(Exception):
    """Something the engine does not follow changed: draw everything again, and say why.

    With `reread`, a file outside the content and catalogs changed (a layout, a
    schema, ttgbuild.toml): what this process keeps of such files is read again.
    """

    def __init__(self, why: str, reread: bool = False) -> None:
        super().__init__(why)
        self.reread = reread


class WarmGallery:
    """The gallery of one project, kept in memory between saves (see the module's doc)."""

    def __init__(
        self,
        project: Path,
        out: Path,
        locales: list[str] | None,
        say: Say = lambda _message: None,
        shown: Callable[[Update], None] = lambda _update: None,
        busy: Callable[[], bool] = lambda: False,
    ) -> None:
        self.project = project
        self.out = out
        self.requested = locales
        self.settings = PrintSettings()
        self.say = say
        self.shown = shown  # told of the quick pictures, written before the checks run
        self.busy = busy  # are more saves waiting? Then the slow files and checks wait too
        self.owed: Todo = {}  # whole files a refresh left for the next one (`busy`)
        self.viewed: dict[str, tuple[int, int] | None] = {}  # file views written: their stamps
        self.drawn: dict[tuple[str, str], Drawn] = {}
        self.translators: dict[str, Translator] = {}
        self.loaded: Loaded | None = None
        self.diagnostics: list[Diagnostic] = []
        self.failed = False  # the page shows errors, not pictures
        self.plans: dict[tuple[str, str], Plans] = {}  # deck files' decks, kept laid out

    # -- whole gallery -------------------------------------------------------------------

    def start(self) -> Update:
        """Read and draw everything, write the page.

        Raises UsageError (an unknown locale, a folder of other files), PackError
        and PrintFileError (a game or [print] that cannot be used).
        """
        record.claim(self.out)
        self.pack = pack_of(self.project)
        self.locales = choose_locales(self.project, self.requested)
        return self._everything()

    def _everything(self) -> Update:
        """Check, draw every file of every locale (on every core), picture, publish."""
        self.drawn.clear()
        self.plans.clear()
        self.owed = {}
        self.pack = pack_of(self.project)
        self.settings = PrintSettings(**project_printing(self.project))  # ttgbuild.toml's [print]
        loaded, diagnostics = validate_project(self.project)
        if self._checks_fail(loaded, diagnostics):
            return self._error_page()
        self.translators = {loc: self._translator(loc) for loc in self.locales}
        with collector.paused():
            read_pack_data(self.pack, self.project)
        jobs = self._jobs(self.locales)
        first = [job for job in jobs if not job.part.after_kit]
        later = [job for job in jobs if job.part.after_kit]
        guided = {job.locale for job in later}
        self._draw_all([dataclasses.replace(j, read_pages=j.locale in guided) for j in first])
        self._draw_later(later)
        update = self._publish(reload=True)
        self._lay_out_decks()
        return update

    def _lay_out_decks(self) -> None:
        """Lay out every deck file's decks once, drawing nothing, so that the first edit
        finds them laid out (`decks.Plans`) as every later one does."""
        for name, drawn in self.drawn.items():
            if drawn.job.part.deck:
                plans = self.plans.setdefault(name, Plans(renew=self._renew))
                job = dataclasses.replace(drawn.job, read_pages=False)
                nothing = TracedJob(job, frozenset(), frozenset(), plans)
                draw_traced(nothing, lambda _message: None)

    def _jobs(self, locales: list[str]) -> list[Job]:
        """Every file of these locales to draw, as `build.make_jobs` makes them, with the
        translators kept: a catalog is read once, then only when it is saved (`_catalog`)."""
        assert self.loaded is not None
        content, settings = self.loaded.content, self.settings
        return [
            Job(self.project, loc, part, self.pack, content, settings, self.translators[loc], True)
            for part in self.pack.components
            for loc in locales
        ]

    def _draw_all(self, jobs: list[Job], parts: Todo | None = None) -> None:
        """Draw these files, each whole (or in part), on every core; keep the results."""
        parts = parts or {}
        whole = [job for job in jobs if (job.locale, job.part.file) not in parts]
        some = [job for job in jobs if (job.locale, job.part.file) in parts]
        # Pieces are drawn here, while the workers draw whole files: a piece takes
        # milliseconds, less than starting a worker, and its file's decks stay laid out.
        drawn: list[Traced] = []

        def pieces() -> None:
            for job in some:
                name = (job.locale, job.part.file)
                plans = self.plans.setdefault(name, Plans(renew=self._renew))
                traced = TracedJob(job, *parts[name], plans=plans)
                drawn.append(draw_traced(traced, lambda _message: None))

        results = parallel.run_all(
            draw_traced, [TracedJob(job) for job in whole], lambda _m: None, meanwhile=pieces
        )
        for job, result in zip(whole, results, strict=True):
            self.plans.pop((job.locale, job.part.file), None)  # laid out anew: kept decks stale
            self._keep(job, result)
        for job, result in zip(some, drawn, strict=True):
            self._merge(job, result, parts[(job.locale, job.part.file)])

    def _renew(self, value: Any) -> Any:
        """A record of the content some earlier drawing read, as the content is now (by its
        place in its file); any other value as it is."""
        origin = getattr(value, "origin", None)
        if not isinstance(origin, Origin):
            return value
        assert self.loaded is not None
        return depends.records(self.loaded.content).get((origin.file, origin.pointer), value)

    def _draw_later(self, later: list[Job]) -> None:
        """The files drawn after the others (a guide), handed their locale's other files."""
        if not later:
            return
        pages = {}
        jobs = []
        for job in later:
            files = {
                d.traced.component: d.traced.data
                for (locale, _file), d in self.drawn.items()
                if locale == job.locale and not d.job.part.after_kit
            }
            pages.update(
                {d.traced.data: d.traced.pages for d in self.drawn.values() if d.traced.pages}
            )
            jobs.append(dataclasses.replace(job, kit_files=files))
        with printplan.pages_read(pages):
            self._draw_all(jobs)

    # -- one save --------------------------------------------------------------------------

    def refresh(self, saved: Iterable[Path]) -> Update:
        """Bring the gallery up to date with the saved files; what the page should change."""
        saved = {Path(path) for path in saved}
        try:
            return self._incremental(saved)
        except Rebuild as why:
            self.say(f"watch: {why}; drawing everything again")
            if why.reread:
                _forget_read_files()
            return self._everything()

    def _incremental(self, saved: set[Path]) -> Update:
        kinds = self._classify(saved)
        if self.failed or self.loaded is None:
            raise Rebuild("the last check found errors")
        changed: set[Read] = set()
        every: set[str] = set()  # locales whose every piece may have changed (plural rule)
        if kinds["content"]:
            changed |= self._content(kinds["content"])
        for locale in kinds["catalog"]:
            entries = self._catalog(locale)
            if entries is None:
                every.add(locale)
            else:
                changed |= {(locale, *entry) for entry in entries}
        quick, slow = self._plan(changed, every)
        first = self._redraw(quick)
        if first.reload:
            raise Rebuild("the rows of the gallery changed")
        if first.pictures:  # the quick pieces first: the open pages swap them now; the page
            self.shown(Update(first.pictures))  # itself is written at the refresh's end
        if self.busy():  # more saves wait: they come first, the slow files and checks after
            self.owed.update(slow)
            return Update()
        late = self._redraw(slow)
        drawn = self.loaded
        loaded, diagnostics = validate_project(self.project)
        if self._checks_fail(loaded, diagnostics):
            return self._error_page()
        if loaded.content != drawn.content:  # never expected: the checks read the same files
            raise Rebuild("the content read again differs from the content drawn")
        # Equal, but the one drawn is the one whose records are known (`depends.records`).
        self.loaded = dataclasses.replace(loaded, content=drawn.content)
        return self._publish(reload=late.reload, pictures=late.pictures)

    def _classify(self, saved: set[Path]) -> dict[str, set]:
        """Saved content files and catalogs; Rebuild for anything else (said why)."""
        content = (self.project / "content").resolve()
        kinds: dict[str, set] = {"content": set(), "catalog": set()}
        for path in saved:
            resolved = path.resolve() if path.exists() else path
            if resolved.is_relative_to(content):
                kinds["content"].add(resolved)
                continue
            locale = next(
                (
                    loc
                    for loc in self.locales
                    if catalog_path(self.project, loc).resolve() == resolved
                ),
                None,
            )
            if locale is not None:
                kinds["catalog"].add(locale)
                continue
            shown = display_path(path, self.project)
            if path.name == PROJECT_FILE:
                raise Rebuild(f"{shown} changed", reread=True)
            raise Rebuild(f"{shown} is not a content file or catalog", reread=True)
        return kinds

    def _content(self, paths: set[Path]) -> set[Read]:
        """Read the saved files again; the fields that changed (Rebuild: records came or went)."""
        assert self.loaded is not None
        documents = dict(self.loaded.documents)
        schemas = schemas_at(self.pack.schemas)
        for path in paths:
            shown = display_path(path, self.project)
            kind = self._kind(shown)
            if shown not in documents or kind is None or not path.is_file():
                raise Rebuild(f"{shown} is new, gone or not a record file")
            doc, problems = load_document(path, shown)
            if doc is None or problems or schemas.check_document(doc, kind):
                raise Rebuild(f"{shown} has errors")
            documents[shown] = doc
        valid: dict[str, list] = {}
        for shown, doc in documents.items():
            kind = self._kind(shown)
            if kind is not None:
                valid.setdefault(kind, []).append(doc)
        content = self.pack.new_content()
        self.pack.build_content(content, valid)
        try:
            changed = depends.changed_fields(self.loaded.content, content)
        except Structural:
            raise Rebuild("records were added, removed or renamed") from None
        self.loaded = dataclasses.replace(self.loaded, content=content, documents=documents)
        return changed

    def _kind(self, shown: str) -> str | None:
        """The record kind of a content file (as shown: content/...), as the pack says."""
        parts = shown.split("/")
        if parts[0] != "content":
            return None
        if len(parts) == 2:
            return self.pack.files.get(parts[1])
        if len(parts) == 3 and parts[2].endswith(".yaml"):
            return self.pack.folders.get(parts[1])
        return None

    def _translator(self, locale: str) -> Translator:
        """The locale's catalog read, its translations checked against the fonts (JT902)."""
        translator = load_translator(self.project, locale)
        check_translations(translator)
        return translator

    def _catalog(self, locale: str) -> set[Read] | None:
        """The saved catalog's changed entries (None: every text of the locale may change)."""
        new = self._translator(locale)
        changed = depends.changed_entries(self.translators[locale], new)
        self.translators[locale] = new
        return changed

    def _plan(self, changed: set[Read], every: set[str]) -> tuple[Todo, Todo]:
        """Which files to draw again, whole (None) or in part (`_part`); quick ones first."""
        quick: Todo = {}
        slow: Todo = {}
        for (locale, file), drawn in self.drawn.items():
            mine = {read[1:] for read in changed if read[0] == locale} | {
                read for read in changed if read[0] == "field"
            }
            if locale in every or drawn.traced.file_reads & mine:
                (quick if drawn.traced.seconds <= QUICK else slow)[(locale, file)] = None
                continue
            pieces = {key for key, reads in drawn.traced.reads.items() if reads & mine}
            if pieces:
                quick[(locale, file)] = _part(drawn, pieces)
        for name in self.owed:  # left by a refresh that more saves interrupted
            quick.pop(name, None)
            slow[name] = None
        self.owed = {}
        redrawn = {locale for (locale, _f), pieces in {**quick, **slow}.items() if pieces is None}
        for (locale, file), drawn in self.drawn.items():  # a guide counts the others' pages
            if drawn.job.part.after_kit and locale in redrawn and (locale, file) not in quick:
                slow[(locale, file)] = None
        return quick, slow

    def _redraw(self, todo: Todo) -> Update:
        """Draw these files (or pieces of them) again; the pictures that changed."""
        if not todo:
            return Update()
        before = {name: dict(d.pictures) for name, d in self.drawn.items()}
        made = self._jobs(sorted({locale for locale, _file in todo}))
        jobs = {(job.locale, job.part.file): job for job in made}
        first, later, only = [], [], {}
        for (locale, file), part in todo.items():
            drawn = self.drawn[(locale, file)]
            # A part drawn moves no page: the pages the guide counts stay as they were read.
            reads = bool(drawn.traced.pages) and part is None
            job = dataclasses.replace(jobs[(locale, file)], read_pages=reads)
            (later if job.part.after_kit else first).append(job)
            if part is not None:
                only[(locale, file)] = part
        self._draw_all(first, only)
        self._draw_later(later)
        update = Update()
        for name in todo:
            for key, picture in self.drawn[name].pictures.items():
                if before[name].get(key) != picture:
                    update.pictures.append((*key, name[0], picture))
            if before[name].keys() != self.drawn[name].pictures.keys():
                update.reload = True
        return update

    # -- keeping what was drawn ------------------------------------------------------------

    def _keep(self, job: Job, result: Traced) -> None:
        """Keep a file drawn whole, its pictures made again only if its PDF changed."""
        if result.errors:
            raise Rebuild(f"{job.part.file} could not be drawn ({result.errors[0].message})")
        name = (job.locale, job.part.file)
        drawn = Drawn(job, result)
        old = self.drawn.get(name)
        same = old is not None and old.traced.data == result.data
        drawn.pictures = dict(old.pictures) if same else self._picture_file(result)
        self.drawn[name] = drawn

    def _merge(self, job: Job, result: Traced, part: Part) -> None:
        """Merge a file drawn in part into the one kept: the pictures of the pieces drawn,
        cut again where their first placement (the one pictured) was.

        A deck file drawn in sheets numbers its pages from 1: a page is matched to the
        whole file's by its sheet and the piece's box."""
        if result.errors:
            raise Rebuild(f"{job.part.file} could not be drawn ({result.errors[0].message})")
        only, sheets = part
        old = self.drawn[(job.locale, job.part.file)]
        firsts = old.firsts
        was, now = old.traced.sheet_of_page, result.sheet_of_page
        redrawn: dict[Key, Placement] = {}
        for placement in result.placements:
            key = _key(placement.piece)
            first = firsts.get(key)
            if first is None:
                raise Rebuild(f"a piece of {job.part.file} is new")
            if key in redrawn or (only is not None and key not in only):
                continue
            if now.get(placement.page, placement.page) != was.get(first.page, first.page):
                continue
            if placement.box == first.box:
                redrawn[key] = placement
        wanted = set(only) if only is not None else set(firsts)
        if sheets is not None:
            wanted = {key for key in wanted if was.get(firsts[key].page) in sheets}
        if wanted - redrawn.keys():
            raise Rebuild(f"a piece of {job.part.file} moved")
        old.pictures.update(_cut(result.data, redrawn, self.out))
        old.traced.reads.update(result.reads)
        problems = [
            p for p in old.traced.problems if p.piece is None or _key(p.piece) not in redrawn
        ]
        problems += [p for p in result.problems if p.piece is not None and _key(p.piece) in redrawn]
        old.traced.problems = problems
        old.job = job

    def _picture_file(self, result: Traced) -> dict[Key, str]:
        """Every row's picture of a whole file: its pieces' boxes, and pages with none."""
        firsts = _first_placements(result.placements)
        pictures = _cut(result.data, firsts, self.out)
        placed = {p.page for p in result.placements}
        document = pypdfium2.PdfDocument(result.data)
        count = len(document)
        document.close()
        stem = Path(result.component).stem
        whole = {(stem, f"page {n}"): n for n in range(1, count + 1) if n not in placed}
        pictures.update(_cut_pages(result.data, whole, self.out))
        return pictures

    # -- the page ----------------------------------------------------------------------------

    def _checks_fail(self, loaded: Loaded, diagnostics: list[Diagnostic]) -> bool:
        """Content and catalog checks as `build` runs them; errors make the error page."""
        catalogs = checked_catalogs(self.project, self.locales)
        self.diagnostics = sorted(dict.fromkeys(diagnostics + catalogs), key=sort_key)
        self.failed = has_failures(self.diagnostics, strict=False)
        if not self.failed:
            self.loaded = loaded
        return self.failed

    def _error_page(self) -> Update:
        notes = [gallery._note(d) for d in self.diagnostics]
        views = sourceview.write_views(self.project, self.out, gallery._linked(notes))
        write_atomically(self.out / "index.html", page.error_page(notes, views))
        self.drawn.clear()  # fixed, the gallery is drawn again whole
        return Update(reload=True)

    def _publish(self, reload: bool, pictures: list[Picture] | None = None) -> Update:
        """Write the page as `preview` does, forget pictures no longer shown."""
        assert self.loaded is not None
        rows: dict[Key, Row] = {}
        placed: set[Diagnostic] = set()
        reported: dict[str, list[Diagnostic]] = {}
        for locale in self.locales:
            for (loc, _file), drawn in sorted(self.drawn.items()):
                if loc != locale:
                    continue
                notes = self._notes(drawn, placed, reported)
                for key, image in drawn.pictures.items():
                    row = rows.setdefault(key, Row(*key))
                    row.shots[locale] = Shot(image, notes.get(key, []))
        general: dict[str, list[Note]] = {}
        printed = [d for drawn in self.drawn.values() for d in drawn.traced.translator_diagnostics]
        printed += [d for found in reported.values() for d in found]
        for diagnostic in self.diagnostics + list(dict.fromkeys(printed)):
            if diagnostic in placed:
                continue
            owner = next((loc for loc in self.locales if gallery._belongs(diagnostic, loc)), "")
            note = gallery._note(diagnostic)
            if note not in general.setdefault(owner, []):
                general[owner].append(note)
        listed = list(rows.values())
        notes = gallery._all_notes(listed, general)
        views = self._views(gallery._linked(notes))
        write_atomically(
            self.out / "index.html", page.gallery_page(self.locales, listed, general, views)
        )
        self._prune(listed)
        return Update(pictures or [], reload)

    def _views(self, linked: set[str]) -> set[str]:
        """The views of the project files the notes link to, written again only for files
        saved since (by size and time): a page is written after every save."""
        stamps = {rel: _stamp(self.project / rel) for rel in linked}
        stale = {
            rel for rel in linked if self.viewed.get(rel) != stamps[rel] or stamps[rel] is None
        }
        written = sourceview.write_views(self.project, self.out, stale)
        self.viewed = {rel: stamps[rel] for rel in linked if rel in written or rel not in stale}
        return set(self.viewed)

    def _notes(
        self, drawn: Drawn, placed: set[Diagnostic], reported: dict[str, list[Diagnostic]]
    ) -> dict[Key, list[Note]]:
        """The problems of each piece of a file as notes; the others kept for the page's top."""
        assert self.loaded is not None
        locale = drawn.job.locale
        notes: dict[Key, list[Note]] = {}
        for problem in drawn.traced.problems:
            diagnostic = _text_problem(self.loaded, locale, problem)
            if problem.piece is None:
                reported.setdefault(locale, []).append(diagnostic)
                continue
            placed.add(diagnostic)
            entries = [*problem.entries, *([problem.declared] if problem.declared else [])]
            note = gallery._note(diagnostic, entries)
            key = _key(problem.piece)
            if note not in notes.setdefault(key, []):
                notes[key].append(note)
        return notes

    def _prune(self, rows: list[Row]) -> None:
        """Remove pictures of `img/` the page no longer shows, as `preview` does."""
        shown = {shot.image for row in rows for shot in row.shots.values()}

        def old(name: str) -> bool:
            path = f"{raster.FOLDER}/{name}"
            return bool(record.PICTURE_NAME.fullmatch(path)) and path not in shown

        beneath.remove_files(self.out, raster.FOLDER, old)


def _key(piece: Any) -> Key:
    return (piece.kind, piece.record)


def _first_placements(placements: list[Placement]) -> dict[Key, Placement]:
    """Each piece's first placement: the one the gallery pictures."""
    firsts: dict[Key, Placement] = {}
    for placement in placements:
        firsts.setdefault(_key(placement.piece), placement)
    return firsts


def _part(drawn: Drawn, pieces: set[Key]) -> Part:
    """What to draw of a file so that these pieces' pictures are as a whole drawing's: the
    pieces alone, every other piece only placed. A picture holds only the pixels inside its
    piece (`raster.pixels`), so a neighbour left undrawn never shows in it.

    A deck file lays out every card and draws only the sheets holding the pieces.
    """
    firsts = drawn.firsts
    only = frozenset(key for key in pieces if key in firsts)
    if not drawn.job.part.deck:
        return only, None
    return only, frozenset(drawn.traced.sheet_of_page[firsts[key].page] for key in only)


def _cut(data: bytes, placements: dict[Key, Placement], out: Path) -> dict[Key, str]:
    """Each piece's picture, cut at its box from its page rendered as `preview` renders it."""
    crops = {key: raster.Crop(p.page, tuple(p.box)) for key, p in placements.items()}
    return _render(data, crops, out)


def _cut_pages(data: bytes, pages: dict[Key, int], out: Path) -> dict[Key, str]:
    return _render(data, {key: raster.Crop(number, None) for key, number in pages.items()}, out)


def _render(data: bytes, crops: dict[Key, raster.Crop], out: Path) -> dict[Key, str]:
    """Every crop's picture, rendered as `raster.pictures` renders it (`raster.render`)."""
    if not crops:
        return {}
    found: dict[Key, str] = {}
    document = pypdfium2.PdfDocument(data)
    try:
        by_page: dict[int, list[Key]] = {}
        for key, crop in crops.items():
            by_page.setdefault(crop.page, []).append(key)
        for number, keys in sorted(by_page.items()):
            sheet = document[number - 1]
            for key in keys:
                picture = raster.encode(raster.render(sheet, crops[key].box))
                found[key] = raster.save(picture, out)
            sheet.close()
    finally:
        document.close()
    return found


def _forget_read_files() -> None:
    """Forget what this process cached of the files it read (`functools.cache`): layouts,
    sheets, schemas, the game's pack; the next drawing reads them again from disk."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("ttgbuild."):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


def _stamp(path: Path) -> tuple[int, int] | None:
    """A file's size and time of change: a view of it is written again when they change."""
    try:
        found = path.stat()
    except (OSError, ValueError):
        return None
    return found.st_size, found.st_mtime_ns
