"""What a built PDF shows, read back: pages, paths, text, boxes, pictures.

Two readers of the kits share it, so both see one drawing: the tests measure
the kits as printed (where a cut line runs, what colour a badge is, which words
sit in a box), and the benchmark's replay floor (bench/replay.py) takes every
path, text run and picture the kit drew, to draw them again without ttgbuild.
It lives in the bench package because the tests import that package already
(pytest's pythonpath is the checkout) and the benchmark never imports tests.

PDFium (pypdfium2, already ttgbuild's own reader for the gallery) reads every
page object, forms' objects in their places; pypdf reads what PDFium does not
expose: embedded font files, the boxes a page writes out, its content stream as
written.

Everything is in PDF points with the origin at the top left of the page and y
running down, as a reader sees the page: PDFium's bottom-up coordinates are
turned over here, so a test compares like with like whatever it measures.

Paths follow the PDF's own pieces: each subpath's straight segments are lines
("l"), its Béziers curves ("c"), and a closed axis-parallel four-sided subpath
(what `re` draws) is one rectangle ("re"). A path's `rect` is the box of its
points (control points included, line width not), as drawn on the page.

Text is read in painting order: each text object (one `Tj`) is a run; runs on
one baseline close enough together make a line, with a blank between them when
there is a word's gap. Text off the paper or hidden by a clipping path is left
out: it is never printed.
"""

from __future__ import annotations

import ctypes
import functools
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
from PIL import Image

RGB = tuple[float, float, float]
# Colours come back from PDFium in 8 bits a channel: equal within one step is the same ink.
COLOUR_STEP = 1 / 255 + 1e-6
# Pieces of text drawn one after the other read as one line when they share a baseline
# (within BASELINE ems) and stand at most LINE_GAP ems apart, words when SPACE_GAP or more.
BASELINE, LINE_GAP, SPACE_GAP = 0.25, 0.4, 0.1
NEAR = 1e-3  # points: closer than this is the same place (PDFium works in single precision)


class Point(NamedTuple):
    """A place on the page (y down)."""

    x: float
    y: float


@dataclass(frozen=True)
class Rect:
    """A box on the page: left, top, right, bottom (y down)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @staticmethod
    def around(points: list[Point] | tuple[Point, ...]) -> Rect:
        """The smallest box holding every point."""
        xs, ys = [p.x for p in points], [p.y for p in points]
        return Rect(min(xs), min(ys), max(xs), max(ys))

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def area(self) -> float:
        return max(self.width, 0) * max(self.height, 0)

    @property
    def centre(self) -> Point:
        return Point((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def is_empty(self) -> bool:
        """Nothing inside: no width or no height (a line's box is empty)."""
        return self.x0 >= self.x1 or self.y0 >= self.y1

    def contains(self, other: Rect | Point) -> bool:
        """A point on or inside the edges, or a whole box inside them."""
        if isinstance(other, Rect):
            return (
                self.x0 <= other.x0
                and self.y0 <= other.y0
                and other.x1 <= self.x1
                and other.y1 <= self.y1
            )
        return self.x0 <= other.x <= self.x1 and self.y0 <= other.y <= self.y1

    def __and__(self, other: Rect) -> Rect:
        """The overlap of two boxes (empty when they do not overlap)."""
        return Rect(
            max(self.x0, other.x0),
            max(self.y0, other.y0),
            min(self.x1, other.x1),
            min(self.y1, other.y1),
        )

    def __or__(self, other: Rect) -> Rect:
        """The smallest box holding both."""
        return Rect(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
        )

    def intersects(self, other: Rect) -> bool:
        """The boxes overlap by some area (touching edges do not count)."""
        return not (self & other).is_empty

    def grown(self, by: float) -> Rect:
        """This box with every side moved outwards by `by` (inwards when negative)."""
        return Rect(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)


Edges = list[tuple[Point, Point]]
# One piece of a path: ("l", start, end), ("c", start, control, control, end) or ("re", box).
Item = tuple


@dataclass(frozen=True)
class Drawing:
    """One painted path: its pieces, where it lies, how it is filled and stroked."""

    seqno: int  # its place in the page's painting order, shared with text runs
    items: tuple[Item, ...]
    rect: Rect
    fill: RGB | None  # None: not filled
    stroke: RGB | None  # None: not stroked
    width: float  # the stroke's width on the page, in points (kept when only filled)
    dashes: tuple[float, ...]  # () for a solid line
    fill_opacity: float
    even_odd: bool  # filled by the even-odd rule (False: nonzero winding, or not filled)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of its pieces, in order: "l", "c" and "re"."""
        return tuple(item[0] for item in self.items)

    @property
    def type(self) -> str:
        """ "f" filled, "s" stroked, "fs" both."""
        return ("f" if self.fill is not None else "") + ("s" if self.stroke is not None else "")


@dataclass(frozen=True)
class Char:
    """One character of the page's text, or a blank between two pieces of text on a line."""

    text: str
    box: Rect  # the glyph's place from the font's ascent to its descent, not its ink
    origin: Point  # where its baseline starts
    angle: float  # the baseline's direction, radians counter-clockwise
    seqno: int  # the text object drawing it; -1 for a blank between pieces
    size: float
    font: str
    bold: bool
    colour: RGB
    alpha: float  # 0 for text drawn invisible

    @property
    def blank(self) -> bool:
        return self.text.isspace() or not self.text


@dataclass(frozen=True)
class Span:
    """A piece of text printed alike: one text object's characters (`Page.runs`), or a
    line's neighbouring characters of one font, size and colour (`Page.spans`)."""

    chars: tuple[Char, ...]

    @property
    def text(self) -> str:
        return "".join(c.text for c in self.chars).strip()

    @property
    def _first(self) -> Char:
        return next((c for c in self.chars if not c.blank), self.chars[0])

    @property
    def bbox(self) -> Rect:
        """The box around its letters (its blanks too when it has no letter)."""
        letters = [c.box for c in self.chars if not c.blank] or [c.box for c in self.chars]
        return functools.reduce(Rect.__or__, letters)

    @property
    def seqno(self) -> int:
        return self._first.seqno

    @property
    def size(self) -> float:
        return self._first.size

    @property
    def font(self) -> str:
        return self._first.font

    @property
    def bold(self) -> bool:
        return self._first.bold

    @property
    def colour(self) -> RGB:
        return self._first.colour

    @property
    def alpha(self) -> float:
        return self._first.alpha

    @property
    def colour_int(self) -> int:
        """The colour as 0xRRGGBB."""
        r, g, b = (round(c * 255) for c in self.colour)
        return r << 16 | g << 8 | b


@dataclass(frozen=True)
class Picture:
    """One placing of an image: where it lies and PDFium's image object (its pixels)."""

    seqno: int
    rect: Rect  # the box of the image's corners on the page
    image: pdfium.PdfImage


class Word(NamedTuple):
    """A word or a line of text, with the box around its letters."""

    text: str
    bbox: Rect


def same_colour(colour: tuple[float, ...] | None, other: tuple[float, ...]) -> bool:
    """Two RGB colours (0 to 1) alike to PDFium's 8 bits a channel."""
    return colour is not None and all(
        abs(a - b) <= COLOUR_STEP for a, b in zip(colour, other, strict=True)
    )


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _then(inner: Matrix, outer: Matrix) -> Matrix:
    """The matrix applying `inner` first, then `outer` (PDF's a b c d e f)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _scale(matrix: Matrix) -> float:
    """How much the matrix enlarges a length (on average over directions)."""
    a, b, c, d, _e, _f = matrix
    return abs(a * d - b * c) ** 0.5


def _matrix(obj: raw.FPDF_PAGEOBJECT) -> Matrix:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _colour(getter, obj: raw.FPDF_PAGEOBJECT) -> tuple[RGB, float]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(obj, r, g, b, a)
    return (r.value / 255, g.value / 255, b.value / 255), a.value / 255


def _address(handle) -> int:
    return ctypes.cast(handle, ctypes.c_void_p).value or 0


class Page:
    """One page of a PDF, read lazily: drawings, text and pictures on first use."""

    def __init__(self, document: Document, number: int) -> None:
        self.number = number  # from 0
        self._page = document.pdfium[number]
        left, bottom, right, top = self._page.get_cropbox()
        self._origin = (left, top)
        self.rect = Rect(0, 0, right - left, top - bottom)

    @property
    def width(self) -> float:
        return self.rect.width

    @property
    def height(self) -> float:
        return self.rect.height

    def _point(self, matrix: Matrix, x: float, y: float) -> Point:
        """A point of an object's space on the page, top down."""
        a, b, c, d, e, f = matrix
        return Point(a * x + c * y + e - self._origin[0], self._origin[1] - (b * x + d * y + f))

    def _box(self, left: float, bottom: float, right: float, top: float) -> Rect:
        """A box in PDF user space (y up) on the page, top down."""
        x, y = self._origin
        return Rect(left - x, y - top, right - x, y - bottom)

    @property
    def mediabox(self) -> Rect:
        return self._box(*self._page.get_mediabox())

    @property
    def trimbox(self) -> Rect:
        """The TrimBox (the CropBox when the page has none)."""
        return self._box(*self._page.get_trimbox())

    @property
    def bleedbox(self) -> Rect:
        """The BleedBox (the CropBox when the page has none)."""
        return self._box(*self._page.get_bleedbox())

    def _objects(self) -> Iterator[tuple[raw.FPDF_PAGEOBJECT, Matrix, Matrix]]:
        """Every path, text and image object in painting order, with its matrix to the page
        and its parent's (the page's, or a form's: a form's objects come in its place)."""

        def walk(parent, count, get, outer: Matrix) -> Iterator:
            for index in range(count(parent)):
                obj = get(parent, index)
                matrix = _then(_matrix(obj), outer)
                if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_FORM:
                    yield from walk(
                        obj, raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, matrix
                    )
                else:
                    yield obj, matrix, outer

        return walk(self._page.raw, raw.FPDFPage_CountObjects, raw.FPDFPage_GetObject, IDENTITY)

    @functools.cached_property
    def _painted(
        self,
    ) -> tuple[list[Drawing], dict[int, tuple[int, float, list[Edges]]], list[Picture]]:
        """The page's drawings; each text object's painting order, scale on the page and
        clipping paths (by its handle); the images it places."""
        drawings: list[Drawing] = []
        texts: dict[int, tuple[int, float, list[Edges]]] = {}
        pictures: list[Picture] = []
        for seqno, (obj, matrix, outer) in enumerate(self._objects()):
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_PATH:
                drawing = self._drawing(obj, matrix, seqno)
                if drawing is not None:
                    drawings.append(drawing)
            elif kind == raw.FPDF_PAGEOBJ_TEXT:
                texts[_address(obj)] = (seqno, _scale(matrix), self._clips(obj, outer))
            elif kind == raw.FPDF_PAGEOBJ_IMAGE:
                # An image fills the unit square of its matrix.
                corners = [self._point(matrix, x, y) for x in (0, 1) for y in (0, 1)]
                image = pdfium.PdfObject(obj, page=self._page)
                pictures.append(Picture(seqno, Rect.around(corners), image))
        return drawings, texts, pictures

    def drawings(self) -> list[Drawing]:
        """Every filled or stroked path, in painting order (clipping paths are not painted)."""
        return self._painted[0]

    def pictures(self) -> list[Picture]:
        """Every image the page places, in painting order (each placing counts)."""
        return self._painted[2]

    def image_count(self) -> int:
        """How many pictures the page paints (each placing counts)."""
        return len(self.pictures())

    def _clips(self, obj: raw.FPDF_PAGEOBJECT, outer: Matrix) -> list[Edges]:
        """The edges of each path clipping the object (given in its parent's space) on the
        page, every outline closed; a curve is taken as the lines between its points."""
        clip = raw.FPDFPageObj_GetClipPath(obj)
        if not clip:
            return []
        x, y = ctypes.c_float(), ctypes.c_float()
        found = []
        for path in range(raw.FPDFClipPath_CountPaths(clip)):
            loops: list[list[Point]] = []
            for index in range(raw.FPDFClipPath_CountPathSegments(clip, path)):
                segment = raw.FPDFClipPath_GetPathSegment(clip, path, index)
                raw.FPDFPathSegment_GetPoint(segment, x, y)
                if raw.FPDFPathSegment_GetType(segment) == raw.FPDF_SEGMENT_MOVETO or not loops:
                    loops.append([])
                loops[-1].append(self._point(outer, x.value, y.value))
            found.append([edge for loop in loops for edge in pairwise([*loop, loop[0]])])
        return found

    def _drawing(self, obj: raw.FPDF_PAGEOBJECT, matrix: Matrix, seqno: int) -> Drawing | None:
        """A path object as drawn on the page; None when it paints nothing."""
        fill_mode, stroked = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj, fill_mode, stroked)
        if fill_mode.value == raw.FPDF_FILLMODE_NONE and not stroked.value:
            return None
        subpaths: list[list[tuple[int, Point, bool]]] = []
        x, y = ctypes.c_float(), ctypes.c_float()
        for index in range(raw.FPDFPath_CountSegments(obj)):
            segment = raw.FPDFPath_GetPathSegment(obj, index)
            raw.FPDFPathSegment_GetPoint(segment, x, y)
            kind = raw.FPDFPathSegment_GetType(segment)
            step = (
                kind,
                self._point(matrix, x.value, y.value),
                bool(raw.FPDFPathSegment_GetClose(segment)),
            )
            if kind == raw.FPDF_SEGMENT_MOVETO or not subpaths:
                subpaths.append([step])
            else:
                subpaths[-1].append(step)
        items = [item for steps in subpaths for item in _items(steps)]
        points = [point for _kind, point, _close in (s for steps in subpaths for s in steps)]
        if not points:
            return None
        fill, fill_alpha = _colour(raw.FPDFPageObj_GetFillColor, obj)
        stroke, _ = _colour(raw.FPDFPageObj_GetStrokeColor, obj)
        width = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj, width)
        dashes = (ctypes.c_float * raw.FPDFPageObj_GetDashCount(obj))()
        raw.FPDFPageObj_GetDashArray(obj, dashes, len(dashes))
        return Drawing(
            seqno=seqno,
            items=tuple(items),
            rect=Rect.around(points),
            fill=fill if fill_mode.value != raw.FPDF_FILLMODE_NONE else None,
            stroke=stroke if stroked.value else None,
            width=width.value * _scale(matrix),
            dashes=tuple(dashes),
            fill_opacity=fill_alpha,
            even_odd=fill_mode.value == raw.FPDF_FILLMODE_ALTERNATE,
        )

    @functools.cached_property
    def _runs(self) -> list[list[Char]]:
        """Each text object's characters on the paper, in painting order (PDFium's inferred
        blanks and line breaks left out: the lines are found here, in painting order)."""
        textpage = self._page.get_textpage()
        handle = textpage.raw
        texts = self._painted[1]
        box = raw.FS_RECTF()
        x, y = ctypes.c_double(), ctypes.c_double()
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        runs: dict[int, list[Char]] = {}
        for index in range(raw.FPDFText_CountChars(handle)):
            if raw.FPDFText_IsGenerated(handle, index):
                continue
            raw.FPDFText_GetLooseCharBox(handle, index, box)
            where = self._box(box.left, box.bottom, box.right, box.top)
            if not where.intersects(self.rect):
                continue  # off the paper: never printed
            obj = raw.FPDFText_GetTextObject(handle, index)
            raw.FPDFText_GetCharOrigin(handle, index, x, y)
            raw.FPDFText_GetFontInfo(handle, index, name, len(name), flags)
            raw.FPDFText_GetFillColor(handle, index, r, g, b, a)
            font = name.value.decode("utf-8", "replace")
            invisible = raw.FPDFTextObj_GetTextRenderMode(obj) == raw.FPDF_TEXTRENDERMODE_INVISIBLE
            seqno, scale, clips = texts[_address(obj)]
            if not all(_inside(where.centre, edges) for edges in clips):
                continue  # clipped away
            runs.setdefault(seqno, []).append(
                Char(
                    text=chr(raw.FPDFText_GetUnicode(handle, index)),
                    box=where,
                    origin=self._point(IDENTITY, x.value, y.value),
                    angle=raw.FPDFText_GetCharAngle(handle, index),
                    seqno=seqno,
                    size=raw.FPDFText_GetFontSize(handle, index) * scale,
                    font=font,
                    bold=raw.FPDFText_GetFontWeight(handle, index) >= 600 or "bold" in font.lower(),
                    colour=(r.value / 255, g.value / 255, b.value / 255),
                    alpha=0.0 if invisible else a.value / 255,
                )
            )
        textpage.close()
        return [runs[seqno] for seqno in sorted(runs)]

    def runs(self) -> list[Span]:
        """Each text object's characters as drawn (a `Tj` each), in painting order."""
        return [Span(tuple(chars)) for chars in self._runs]

    @functools.cached_property
    def _lines(self) -> list[list[Char]]:
        """The text objects joined into lines, in painting order: an object continues the
        line when it starts on the same baseline, near where the last one ended; a blank
        goes between them when there is a gap (words drawn one by one read as a phrase)."""
        lines: list[list[Char]] = []
        for run in self._runs:
            joint = _joint(lines[-1][-1], run[0]) if lines else None
            if joint is None:
                lines.append(list(run))
            else:
                lines[-1] += [*joint, *run]
        return lines

    def lines(self) -> list[Word]:
        """Each line of text with the box around its letters."""
        return [Word(span.text, span.bbox) for span in map(Span, map(tuple, self._lines))]

    def spans(self) -> list[Span]:
        """Each line's pieces of one font, size and colour, with the blanks between them."""
        found = []
        for line in self._lines:
            run: list[Char] = []
            for char in line:
                if run and not char.blank and not _alike(run[0], char):
                    found.append(Span(tuple(run)))
                    run = []
                if run or not char.blank:
                    run.append(char)
            if run:
                found.append(Span(tuple(run)))
        return found

    def words(self) -> list[Word]:
        """Every run of letters between blanks, with the box around it."""
        found = []
        for line in self._lines:
            word: list[Char] = []
            for char in [*line, None]:
                if char is None or char.blank:
                    if word:
                        span = Span(tuple(word))
                        found.append(Word(span.text, span.bbox))
                    word = []
                else:
                    word.append(char)
        return found

    def text(self, clip: Rect | None = None) -> str:
        """The page's text, a line of it a line; with `clip`, only the characters whose
        middle lies inside it."""
        out = []
        for line in self._lines:
            kept = "".join(c.text for c in line if clip is None or clip.contains(c.box.centre))
            if kept.strip():
                out.append(kept.strip() + "\n")
        return "".join(out)

    def render(self, dpi: float, clip: Rect | None = None) -> Image.Image:
        """The page as an RGB picture at `dpi`, or only the `clip` part of it."""
        scale = dpi / 72
        image = self._page.render(scale=scale).to_pil().convert("RGB")
        if clip is not None:
            image = image.crop(
                tuple(round(v * scale) for v in (clip.x0, clip.y0, clip.x1, clip.y1))
            )
        return image


def _items(steps: list[tuple[int, Point, bool]]) -> Iterator[Item]:
    """One subpath's pieces: its lines and curves, or the rectangle it outlines."""
    start = steps[0][1]
    corners = [point for _kind, point, _close in steps]
    kinds = [kind for kind, _point, _close in steps[1:]]
    outline = kinds == [raw.FPDF_SEGMENT_LINETO] * 4 and _same(corners[4], start)
    if outline and all(
        abs(p.x - q.x) < NEAR or abs(p.y - q.y) < NEAR for p, q in pairwise(corners)
    ):
        yield ("re", Rect.around(corners))
        return
    current = start
    index = 1
    while index < len(steps):
        kind, point, _close = steps[index]
        if kind == raw.FPDF_SEGMENT_BEZIERTO:
            controls = [s[1] for s in steps[index : index + 3]]
            yield ("c", current, *controls)
            current = controls[-1]
            index += 3
        else:
            yield ("l", current, point)
            current = point
            index += 1
    if steps[-1][2] and not _same(current, start):
        yield ("l", current, start)


def _joint(last: Char, first: Char) -> list[Char] | None:
    """What joins `first` to `last` on one line: nothing, or a blank between them; None
    when `first` starts a new line (another baseline, or too far along it)."""
    size = max(last.size, first.size)
    if abs(last.angle - first.angle) > 0.01:
        return None
    cos, sin = math.cos(last.angle), math.sin(last.angle)
    dx, dy = first.origin.x - last.origin.x, first.origin.y - last.origin.y
    along, across = dx * cos - dy * sin, dx * sin + dy * cos
    corners = ((x, y) for x in (last.box.x0, last.box.x1) for y in (last.box.y0, last.box.y1))
    end = max((x - last.origin.x) * cos - (y - last.origin.y) * sin for x, y in corners)
    gap = along - end  # from the far side of the last letter's box
    if abs(across) > BASELINE * size or not -BASELINE * size <= gap <= LINE_GAP * size:
        return None
    if gap < SPACE_GAP * size or last.blank or first.blank:
        return []
    blank = replace(last, text=" ", box=last.box | first.box, seqno=-1)
    return [blank]


def _inside(point: Point, edges: Edges) -> bool:
    """The point lies inside the outline (even-odd: a ray from it crosses an odd number of
    edges)."""
    crossings = 0
    for a, b in edges:
        if (a.y > point.y) != (b.y > point.y):
            x = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
            crossings += x > point.x
    return crossings % 2 == 1


def _same(one: Point, other: Point) -> bool:
    return abs(one.x - other.x) < NEAR and abs(one.y - other.y) < NEAR


def _alike(one: Char, other: Char) -> bool:
    return (
        one.font == other.font
        and abs(one.size - other.size) < 0.01
        and one.colour == other.colour
        and one.alpha == other.alpha
    )


class Document:
    """A PDF's pages, read with PDFium; `reader` is the same file in pypdf."""

    def __init__(self, source: Path | bytes) -> None:
        self.data = source.read_bytes() if isinstance(source, Path) else source
        self.pdfium = pdfium.PdfDocument(self.data)
        self.pages = [Page(self, number) for number in range(len(self.pdfium))]

    def __len__(self) -> int:
        return len(self.pages)

    def __getitem__(self, index: int) -> Page:
        return self.pages[index]

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages)

    @functools.cached_property
    def reader(self) -> pypdf.PdfReader:
        return pypdf.PdfReader(io.BytesIO(self.data))

    @property
    def title(self) -> str:
        return self.pdfium.get_metadata_dict().get("Title", "")


def open_pdf(source: Path | bytes) -> Document:
    """A PDF file, or one held in memory, to measure."""
    return Document(source)


class Font(NamedTuple):
    """A font a page uses: its /BaseFont, its /Subtype and how its file is embedded."""

    name: str
    subtype: str  # "TrueType", "Type0", "Type1", ...
    file: str | None  # "FontFile2" (TrueType), "FontFile3" (CFF), "FontFile", None: not embedded


def fonts(document: Document, number: int) -> set[Font]:
    """The fonts page `number` and the forms it draws use."""
    found: set[Font] = set()

    def visit(resources: pypdf.generic.DictionaryObject | None) -> None:
        if resources is None:
            return
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            described = font
            if "/DescendantFonts" in font:
                described = font["/DescendantFonts"][0].get_object()
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            file = next(
                (k[1:] for k in ("/FontFile2", "/FontFile3", "/FontFile") if k in descriptor), None
            )
            found.add(
                Font(str(font.get("/BaseFont", "")).lstrip("/"), str(font["/Subtype"])[1:], file)
            )
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    page = document.reader.pages[number]
    visit(page.get("/Resources"))
    return found


def boxes_written(document: Document, number: int) -> set[str]:
    """The boxes page `number` writes out as arrays of its own ("TrimBox", ...)."""
    page = document.reader.pages[number]
    return {
        key[1:]
        for key in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox")
        if key in page and isinstance(page.raw_get(key), pypdf.generic.ArrayObject)
    }


def content(document: Document, number: int) -> str:
    """Page `number`'s content stream as written (its operators, not what they draw)."""
    return document.reader.pages[number].get_contents().get_data().decode("latin-1")
