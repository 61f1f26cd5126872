"""`ttgbuild preview`: build the kit, picture every piece, write the gallery.

The kit is built with the normal incremental build into `OUT/kit/`, recording
where each piece was drawn (`RenderContext.drawing`) and the problems found
drawing it. That record is kept beside the kit (`OUT/.gallery.json`) under
each PDF's hash, so a later run whose build draws nothing still knows every
placement; a PDF the record does not match is drawn again. Content errors
give a gallery page that lists them instead of pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pypdfium2

from ttgbuild.build import Drawn, build
from ttgbuild.buildplan import BuildResult
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.fingerprint import bytes_digest, file_digest
from ttgbuild.core.paths import display_path
from ttgbuild.core.printing import PrintSettings
from ttgbuild.preview import beneath, page, raster, record, sourceview
from ttgbuild.preview.page import Note, Row, Shot

Progress = Callable[[str], None]


@dataclass
class Gallery:
    """What was written: the index page, how many pictures and problems it shows."""

    index: Path
    items: int = 0
    problems: int = 0
    failed: bool = False  # content or catalog errors: the page lists them, no pictures
    diagnostics: list[Diagnostic] = field(default_factory=list)


def write_gallery(
    project: Path,
    out: Path,
    locales: Sequence[str] | None = None,
    *,
    settings: PrintSettings | None = None,
    progress: Progress | None = None,
) -> Gallery:
    """Build the kit into `out/kit/` and write `out/index.html` showing all of it.

    Raises `buildplan.UsageError` for what `build` refuses (an unknown locale)
    and `record.ForeignFolder` for an `out` that holds files the gallery did not
    write (then nothing in it is touched).
    """
    settings = settings if settings is not None else PrintSettings()
    say = progress if progress is not None else (lambda _message: None)
    requested = list(locales) if locales else None
    record.claim(out)
    state, damaged = record.load(out, display_path(out / record.STATE, project))
    kit = out / record.KIT
    on_drawn = _recorder(state)
    result = build(project, kit, settings, requested, progress=say, on_drawn=on_drawn)
    index = out / "index.html"
    if result.failed:
        notes = [_note(d) for d in result.diagnostics]
        views = sourceview.write_views(project, out, _linked(notes))
        write_atomically(index, page.error_page(notes, views))
        return Gallery(index, 0, len(notes), True, damaged + result.diagnostics)
    shown = result.built + result.current
    unknown = [locale for locale in shown if not _recorded(state, kit, locale)]
    if unknown:  # a kit built before (or by another tool): draw it again to learn placements
        say(f"placing pieces for {', '.join(unknown)}")
        build(project, kit, settings, unknown, progress=say, force=True, on_drawn=on_drawn)
    say("pictures")
    rows, general = _gallery(kit, out, state, shown, result)
    notes = _all_notes(rows, general)
    views = sourceview.write_views(project, out, _linked(notes))
    write_atomically(index, page.gallery_page(shown, rows, general, views))
    _prune(out, state, rows, views)
    record.save(out, state)
    items = sum(len(row.shots) for row in rows)
    return Gallery(index, items, len(notes), False, damaged + result.diagnostics)


def _recorder(state: dict) -> Callable[[Drawn, list[Diagnostic]], None]:
    """Keep each drawn file's placements and located problems under its PDF's hash."""

    def remember(drawn: Drawn, diagnostics: list[Diagnostic]) -> None:
        problems = []
        for problem, diagnostic in zip(drawn.problems, diagnostics, strict=True):
            piece = [problem.piece.kind, problem.piece.record] if problem.piece else None
            entries = [*problem.entries, *([problem.declared] if problem.declared else [])]
            problems.append({"diagnostic": asdict(diagnostic), "piece": piece, "entries": entries})
        placements = [[p.piece.kind, p.piece.record, p.page, *p.box] for p in drawn.placements]
        files = state["drawn"].setdefault(drawn.locale, {})
        files[drawn.component] = {
            "sha": bytes_digest(drawn.data),
            "placements": placements,
            "problems": problems,
        }

    return remember


def _recorded(state: dict, kit: Path, locale: str) -> bool:
    """Does the record describe every PDF of this locale as it is on disk?"""
    files = state["drawn"].get(locale, {})
    pdfs = sorted((kit / locale).glob("*.pdf"))
    return bool(pdfs) and all(
        pdf.name in files and files[pdf.name]["sha"] == file_digest(pdf) for pdf in pdfs
    )


def _gallery(
    kit: Path, out: Path, state: dict, locales: list[str], result: BuildResult
) -> tuple[list[Row], dict[str, list[Note]]]:
    """The rows of pictures (a piece per row, a locale per column) and the other problems."""
    rows: dict[tuple[str, str], Row] = {}
    placed_problems: set[Diagnostic] = set()
    files: list[tuple[str, Path, dict, dict[tuple[str, str], raster.Crop]]] = []
    for locale in locales:
        for pdf in sorted((kit / locale).glob("*.pdf")):
            entry = state["drawn"].get(locale, {}).get(pdf.name)
            if entry is not None:
                files.append((locale, pdf, entry, _shots(pdf, entry)))
    # Every file's pictures at once: the pages to rasterise are spread over the cores.
    sources = [
        raster.Source(pdf, entry["sha"], tuple(crops.values())) for _, pdf, entry, crops in files
    ]
    found = raster.pictures(sources, out, state["images"])
    for (locale, _pdf, entry, crops), pictures in zip(files, found, strict=True):
        notes = _piece_notes(entry, placed_problems)
        for (kind, ident), crop in crops.items():
            row = rows.setdefault((kind, ident), Row(kind, ident))
            row.shots[locale] = Shot(pictures[crop], notes.get((kind, ident), []))
    general: dict[str, list[Note]] = {}
    for diagnostic in result.diagnostics:
        if diagnostic in placed_problems:
            continue
        owner = next((loc for loc in locales if _belongs(diagnostic, loc)), "")
        general.setdefault(owner, []).append(_note(diagnostic))
    return list(rows.values()), general


def _shots(pdf: Path, entry: dict) -> dict[tuple[str, str], raster.Crop]:
    """Each piece's crop, the first of its kind and record; whole pages where none was placed."""
    wanted: dict[tuple[str, str], raster.Crop] = {}
    placed_pages: set[int] = set()
    document = pypdfium2.PdfDocument(pdf)
    count = len(document)
    document.close()
    for kind, ident, number, *box in entry["placements"]:
        if number <= count:  # the record matches the PDF's hash; a page it lacks is not drawn
            placed_pages.add(number)
            wanted.setdefault((kind, ident), raster.Crop(number, tuple(box)))
    for number in range(1, count + 1):
        if number not in placed_pages:
            wanted[(Path(pdf.name).stem, f"page {number}")] = raster.Crop(number, None)
    return wanted


def _piece_notes(entry: dict, placed: set[Diagnostic]) -> dict[tuple[str, str], list[Note]]:
    """The problems found drawing each piece, linked to the content, catalog and layout box."""
    notes: dict[tuple[str, str], list[Note]] = {}
    for problem in entry["problems"]:
        if problem["piece"] is None:
            continue
        diagnostic = Diagnostic(**problem["diagnostic"])
        placed.add(diagnostic)
        note = _note(diagnostic, problem["entries"])
        key = (problem["piece"][0], problem["piece"][1])
        if note not in notes.setdefault(key, []):
            notes[key].append(note)
    return notes


def _belongs(diagnostic: Diagnostic, locale: str) -> bool:
    """Is this a problem of one locale: its catalog, or a text printed in it?"""
    catalog = f"locales/{locale}/"
    return diagnostic.file.startswith(catalog) or diagnostic.message.startswith(f"{locale}: ")


def _note(diagnostic: Diagnostic, entries: Sequence[str] = ()) -> Note:
    """A diagnostic as the gallery shows it: code, message, and its places as links."""
    links = [(diagnostic.file, diagnostic.line)] if diagnostic.file else []
    for entry in entries:
        match = sourceview.REFERENCE.match(entry)
        if match:
            links.append((match["file"], int(match["line"])))
    return Note(diagnostic.code, diagnostic.severity, diagnostic.message, tuple(links))


def _all_notes(rows: list[Row], general: dict[str, list[Note]]) -> list[Note]:
    notes = [note for row in rows for shot in row.shots.values() for note in shot.notes]
    return notes + [note for group in general.values() for note in group]


def _linked(notes: list[Note]) -> set[str]:
    return {file for note in notes for file, _line in note.links}


def _prune(out: Path, state: dict, rows: list[Row], views: set[str]) -> None:
    """Forget pictures and file views this gallery no longer shows, so it does not grow.

    Only in the gallery's own folders, never through a link (`beneath`), and
    only the names the gallery gives: `img/<hash>.jpg` and `source/**.html`.
    """
    pictures = {shot.image for row in rows for shot in row.shots.values()}
    state["images"] = {key: name for key, name in state["images"].items() if name in pictures}

    def old_picture(name: str) -> bool:
        path = f"{raster.FOLDER}/{name}"
        return bool(record.PICTURE_NAME.fullmatch(path)) and path not in pictures

    kept = {f"{rel}.html" for rel in views}
    beneath.remove_files(out, raster.FOLDER, old_picture)
    beneath.remove_files(out, sourceview.FOLDER, lambda v: v.endswith(".html") and v not in kept)
