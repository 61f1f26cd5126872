"""What every renderer gets: the content, a translator, print settings, and a place to
report text that does not fit.

Generic to every game: the content is the pack's own model, which only the
pack's painters read; the pack tells the context its icons and where to
report problems in text that belongs to no one content object (`for_pack`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import PrintSettings
from ttgbuild.core.readfile import read_regular
from ttgbuild.i18n.runtime import Translator
from ttgbuild.pack import PROJECT_FILE, Pack
from ttgbuild.render import boxes, fonts, style, text
from ttgbuild.render.boxes import TextBox
from ttgbuild.render.icons import NO_ICONS, InlineIcons
from ttgbuild.render.sheet import RULER, Furniture
from ttgbuild.source.artpaths import MAX_ART_BYTES, path_problem, shown

# Where a problem of no one content object is reported when the pack names no place:
# the project file, which at least says which project (an empty name would say nothing).
UNPLACED = Origin(PROJECT_FILE)
# Far beyond any print resolution for a card's picture (6000 x 4000 pixels).
MAX_PIXELS = 24_000_000


@dataclass(frozen=True)
class Piece:
    """A printed piece a reviewer looks for: its kind (hero, token, tile…), record and origin."""

    kind: str  # e.g. "hero", "weapon", "token", "tile"
    record: str  # the record's id, or what tells this piece from others of its kind
    origin: Origin  # where its content came from, so its problems can be shown with it


@dataclass(frozen=True)
class PrintProblem:
    """Something that could not be printed as intended: text too long, glyphs, a portrait."""

    code: str  # JT901 does not fit, JT902 missing glyphs, JT903 unreadable portrait
    origin: Origin
    component: str  # e.g. "hero card 'Aoife Callinan'"
    box: str  # e.g. "talents"
    detail: str  # by how much, or which characters
    # The catalog entries (file:line) whose translations the box printed, for translators.
    entries: tuple[str, ...] = ()
    # The piece being drawn when it happened, known only when placements are recorded.
    piece: Piece | None = None
    # Where the box is declared (a layout file's file:line), when a data file placed it.
    declared: str = ""


@dataclass(frozen=True)
class Placement:
    """Where a piece was drawn: its page (from 1) and box in points, PDF coordinates."""

    piece: Piece
    page: int
    box: tuple[float, float, float, float]  # left, bottom, width, height on the page


@dataclass
class RenderContext:
    content: Any  # the game pack's content model, read by the pack's painters only
    tr: Translator
    settings: PrintSettings
    content_dir: Path | None = None  # where portraits are read from (never outside it)
    progress: Callable[[str], None] = lambda _message: None
    icons: InlineIcons = NO_ICONS  # the game's `[token]` icons, drawn in labels and spans
    place: Origin = UNPLACED  # where problems in text of no one content object are reported
    problems: list[PrintProblem] = field(default_factory=list)
    # Where each piece was drawn, kept only when asked (the review gallery crops by it).
    placements: list[Placement] | None = None
    # The kit's other files already drawn in this locale, file → PDF bytes: only a
    # component drawn `after_kit` is given them (a guide counts and searches their pages).
    kit_files: Mapping[str, bytes] = field(default_factory=dict)

    @classmethod
    def for_pack(
        cls,
        pack: Pack,
        content: Any,
        tr: Translator,
        settings: PrintSettings,
        content_dir: Path | None = None,
        progress: Callable[[str], None] = lambda _message: None,
    ) -> RenderContext:
        """A context with the pack's `[token]` icons and its place for page-wide problems.

        The engine knows no icons of its own: labels and spans drawn through the
        context print the game's, and a print note too long is reported where
        the game says.
        """
        icons = pack.icons.load() if pack.icons is not None else NO_ICONS
        place = pack.place(content) if pack.place is not None else UNPLACED
        return cls(content, tr, settings, content_dir, progress, icons, place)

    @functools.cached_property
    def furniture(self) -> Furniture:
        """The print note and ruler label of pages whose size matters, worked out once."""
        tr = self.tr
        note = tr.pgettext("page note", "Print at 100 % (actual size), never 'fit to page'.")
        # Translators: label beside a printed ruler; {length} is its length in mm.
        label = tr.fill(tr.pgettext("ruler", "= {length} mm"), {"length": round(RULER / mm)})
        self._furniture_fits(note, boxes.PAGE_NOTE, "print note")
        self._furniture_fits(label, boxes.RULER_LABEL, "ruler label")
        note_box, label_box = boxes.PAGE_NOTE, boxes.RULER_LABEL
        note_sizes = (note_box.largest, note_box.smallest)
        label_sizes = (label_box.largest, label_box.smallest)
        return Furniture(note, label, note_sizes, label_sizes)

    def _furniture_fits(self, value: str, box: TextBox, name: str) -> None:
        """Report a one-line page text too long for its box at the smallest size."""
        needs = fonts.width(value, box.font, box.smallest)
        if needs <= box.across():
            return
        detail = f"{value!r} needs {needs / mm:.1f} mm at {box.smallest:g} pt; the box has "
        detail += f"{box.across() / mm:.1f} mm"
        entry = self.tr.entry_of(value)
        where = self.kit_where("every page", name)
        self.problems.append(PrintProblem("JT901", *where, detail, (entry,) if entry else ()))

    def fitter(self, where: tuple[Origin, str, str]) -> Callable[..., text.Fitted]:
        """`fit` for drawing code that fits its own captions (diagrams), reported at `where`."""
        return functools.partial(self.fit, where=where)

    def fit(
        self,
        paragraphs: Sequence[Sequence[text.Span]],
        width: float,
        height: float,
        largest: float,
        smallest: float,
        family: text.Family,
        where: tuple[Origin, str, str],
    ) -> text.Fitted:
        """Fit a text block; if it cannot fit or has characters the font lacks, say where."""
        block = text.fit(paragraphs, width, height, largest, smallest, family)
        origin, component, box = where
        if not block.fits:
            detail = f"{_quoted(paragraphs)} {block.overflow_text()}"
            entries = self._entries(paragraphs)
            self.problems.append(PrintProblem("JT901", origin, component, box, detail, entries))
        missing = sorted(
            {
                char
                for paragraph in paragraphs
                for span in paragraph
                if not span.icon
                for char in fonts.missing_glyphs(span.text, family.font(span))
            }
        )
        if missing:
            shown = " ".join(f"U+{ord(c):04X}" for c in missing[:8])
            detail = f"the font has no glyph for {shown}"
            entries = self._entries(paragraphs)
            self.problems.append(PrintProblem("JT902", origin, component, box, detail, entries))
        return block

    def label(
        self,
        canvas: Canvas,
        value: str,
        box: TextBox,
        corner: tuple[float, float],
        width: float,
        where: tuple[Origin, str, str],
        colour: Color = style.INK,
        align: str = "left",
    ) -> text.Fitted:
        """A label fitted into its declared box (sizes, font, height), lower left at `corner`.

        The box also gives translators the label's budget, so drawing with its
        numbers keeps what they are told and what is printed one thing.
        """
        x, y = corner
        paragraph = [self.spans(value, box.bold, box.italic)]
        block = self.fit(paragraph, width, box.height, box.largest, box.smallest, box.family, where)
        canvas.setFillColor(colour)
        text.draw(canvas, block, x, y + box.height, box.family, self.icons.draw, align, width)
        return block

    def _entries(self, paragraphs: Sequence[Sequence[text.Span]]) -> tuple[str, ...]:
        """The catalog entries (file:line) a box's text was translated from, in order.

        Asked only when something went wrong, so looking every piece up is cheap:
        a whole paragraph (a content text with its [icons]) and each of its spans
        (a talent's name, keyword and cost in its heading).
        """
        pieces: list[str] = []
        for paragraph in paragraphs:
            pieces.append(_source(paragraph))
            pieces += [span.text for span in paragraph if not span.icon]
        found = dict.fromkeys(self.tr.entry_of(piece) for piece in pieces)
        return tuple(entry for entry in found if entry)

    def place_item(
        self, canvas: Canvas, piece: Piece, box: tuple[float, float, float, float]
    ) -> None:
        """Record that `piece` was drawn in `box` (canvas units) on the current page.

        Nothing is drawn and nothing is kept unless placements were asked for, so
        a normal build's PDFs and speed do not change. The box goes through the
        canvas's current transform (a back page shifted by the printer offset).
        """
        if self.placements is None:
            return
        x, y, w, h = box
        a, b, c, d, e, f = getattr(canvas, "_currentMatrix", (1, 0, 0, 1, 0, 0))
        xs = [a * px + c * py + e for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        ys = [b * px + d * py + f for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        page_box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        self.placements.append(Placement(piece, canvas.getPageNumber(), page_box))

    def skips(self, piece: Piece) -> bool:
        """Is `piece` only placed, not drawn? Never in a build; `watch` redraws changed pieces."""
        return False

    @contextlib.contextmanager
    def drawing(
        self, canvas: Canvas, piece: Piece, box: tuple[float, float, float, float]
    ) -> Iterator[None]:
        """Place `piece` (`place_item`) and tie the problems found while drawing it to it.

        Only when placements were asked for; otherwise it does nothing at all.
        """
        self.place_item(canvas, piece, box)
        start = len(self.problems)
        yield
        if self.placements is not None:
            found = self.problems[start:]
            self.problems[start:] = [dataclasses.replace(p, piece=piece) for p in found]

    def kit_where(self, component: str, box: str) -> tuple[Origin, str, str]:
        """Where to point a problem in printed text that belongs to no one content object."""
        return (self.place, component, box)

    def spans(self, value: str, bold: bool = False, italic: bool = False) -> list[text.Span]:
        return text.spans(value, bold, italic, self.icons.names)

    def portrait(self, rel: str, where: tuple[Origin, str, str]) -> ImageReader | None:
        """A hero's portrait, read only from inside the content folder; None (reported) if not.

        Validation already refused bad paths (JT113); asking again here means a
        file swapped for a link after validation is still never read.
        """
        origin, component, box = where
        if self.content_dir is None:
            return None
        root = self.content_dir.resolve()
        problem = path_problem(root, rel)
        reader = None
        if problem is None:
            reader, problem = _open_image(root / rel)
        if problem is not None:
            self.problems.append(
                PrintProblem("JT903", origin, component, box, f"portrait {shown(rel)} {problem}")
            )
        return reader


def _source(paragraph: Sequence[text.Span]) -> str:
    """A paragraph written back as the text it came from, icons as [tokens]."""
    return "".join(f"[{s.text}]" if s.icon else s.text for s in paragraph)


def _quoted(paragraphs: Sequence[Sequence[text.Span]], limit: int = 40) -> str:
    """The start of a box's text, quoted, so a report says which text did not fit."""
    words = text.squeeze(" ".join(_source(paragraph) for paragraph in paragraphs))
    return repr(words if len(words) <= limit else words[: limit - 1] + "…")


def _open_image(path: Path) -> tuple[ImageReader | None, str | None]:
    """The image, or why it cannot be a portrait: unreadable, or too many pixels to decode.

    The size comes from the header, so a small file claiming huge dimensions is
    refused before anything is decoded (Pillow's decompression-bomb warning is
    made an error for the same reason); then the image is decoded in full, so a
    truncated or corrupt file is reported rather than failing while drawing.
    """
    try:
        # Read once, bounded and only if still a regular file: the path was checked
        # before, but a file swapped for a FIFO or a device since is never opened as one.
        data = read_regular(path, MAX_ART_BYTES)
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror or exc})"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            reader = ImageReader(io.BytesIO(data))
            width, height = reader.getSize()
            if width * height > MAX_PIXELS:
                limit = f"a portrait may have at most {MAX_PIXELS}"
                return None, f"is {width} x {height} pixels; {limit}"
            reader.getRGBData()  # decode now: a truncated file fails here, not mid-drawing
    except Exception as exc:  # any unreadable image is a user's problem, not a crash
        return None, f"cannot be read as an image ({type(exc).__name__})"
    return reader, None
