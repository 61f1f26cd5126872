"""Text that fits its box: word wrapping, inline icons and a font-size search.

Card text is laid out here rather than with ReportLab's `Paragraph`, so
content strings are never parsed as markup (a `<` or `&` in a name prints as
itself) and inline icon tokens such as `[focus]` can be drawn as vector
icons. Every box has a largest and a smallest size; when even the smallest
does not fit, the caller gets the overflow to report.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple
from xml.sax.saxutils import escape as _xml_escape

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render import fonts
from ttgbuild.render.hyphenate import HYPHEN, SOFT_HYPHEN, breaks, language, visible

ICON_TOKEN = re.compile(r"\[([a-z_]+)\]")
# Spaces that never break a line (no-break, narrow no-break, figure space): they belong
# to the word around them, so "50\u00a0mm" or "Attention\u202f!" stays on one line.
NO_BREAK_SPACES = "\u00a0\u202f\u2007"
BREAKS = re.compile(rf"([^\S{NO_BREAK_SPACES}]+)")
ICON_WIDTH = 1.05  # an inline icon's advance, in ems
STEP = 0.25  # font-size search step, points
LEADING = 1.18  # line spacing, in ems
ASCENT = 0.8  # how far below a block's top its first baseline sits, in ems
# Points a word may pass its line's end and still count as fitting (as `Fitted.fits` says):
# a table column as wide as its longest word must not break that word over a rounding error.
SLACK = 0.01

IconDrawer = Callable[[Canvas, str, float, float, float], None]


def squeeze(text: str) -> str:
    """Runs of breaking white space as one space, ends trimmed; no-break spaces are kept."""
    return " ".join(part for part in BREAKS.split(text) if part and not BREAKS.fullmatch(part))


def capitalised(value: str) -> str:
    """A name that starts a title or a table row starts with a capital ("sword & shield" →
    "Sword & shield"); the rest is left as written."""
    return value[:1].upper() + value[1:]


def escape(text: str) -> str:
    """Text made safe for ReportLab markup (`Paragraph`): `&`, `<` and `>` print literally."""
    return _xml_escape(text)


@dataclass(frozen=True)
class Span:
    """A run of text in one style; `icon` spans draw a named icon instead of text."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: bool = False


def spans(
    text: str, bold: bool = False, italic: bool = False, icons: frozenset[str] = frozenset()
) -> list[Span]:
    """Split text into word spans and icon spans; tokens not in `icons` stay literal text."""
    out: list[Span] = []
    pos = 0
    for match in ICON_TOKEN.finditer(text):
        if match.group(1) not in icons:
            continue
        if match.start() > pos:
            out.append(Span(text[pos : match.start()], bold, italic))
        out.append(Span(match.group(1), bold, italic, icon=True))
        pos = match.end()
    if pos < len(text):
        out.append(Span(text[pos:], bold, italic))
    return out


@dataclass(frozen=True)
class Family:
    regular: str
    bold: str
    italic: str

    def font(self, span: Span) -> str:
        if span.bold:
            return self.bold
        return self.italic if span.italic else self.regular


SANS = Family(fonts.REGULAR, fonts.BOLD, fonts.ITALIC)
CONDENSED = Family(fonts.CONDENSED, fonts.CONDENSED_BOLD, fonts.CONDENSED_ITALIC)


class Piece(NamedTuple):
    """One placed word or icon: where it starts on its line and how wide it is.

    A named tuple rather than a frozen dataclass: layouts make tens of
    thousands of these, and a tuple is several times cheaper to create.
    """

    x: float
    width: float
    span: Span


GAP = 0.45  # an empty paragraph is a gap this many lines tall


@dataclass(frozen=True)
class Fitted:
    """A laid-out block: the chosen size, its lines, and by how much it overflows (points)."""

    size: float
    leading: float
    lines: tuple[tuple[Piece, ...], ...]
    overflow_height: float
    overflow_width: float

    @property
    def height(self) -> float:
        return sum(self.leading if line else self.leading * GAP for line in self.lines)

    @property
    def fits(self) -> bool:
        return self.overflow_height <= 0.01 and self.overflow_width <= 0.01

    def overflow_text(self) -> str:
        """How much too big, in words a user can act on."""
        parts = []
        if self.overflow_height > 0.01:
            parts.append(f"{self.overflow_height / mm:.1f} mm too tall")
        if self.overflow_width > 0.01:
            parts.append(f"a word is {self.overflow_width / mm:.1f} mm too wide")
        return " and ".join(parts) + f" at the smallest size, {self.size:g} pt"


Word = tuple[Span, ...]


@lru_cache(maxsize=4096)
def _words(paragraph: tuple[Span, ...]) -> tuple[tuple[Word, Word | None], ...]:
    """Group spans into words (a word may mix styles and icons): each as printed on one
    line (soft hyphens left out), and as written when it has a soft hyphen (else None).

    Lines break at breaking white space; a no-break space is part of its word. A
    word breaks inside only when it does not fit (`_broken`).
    """
    words: list[list[Span]] = [[]]
    for span in paragraph:
        if span.icon:
            words[-1].append(span)
            continue
        for chunk in BREAKS.split(span.text):
            if not chunk:
                continue
            if BREAKS.fullmatch(chunk):
                if words[-1]:
                    words.append([])
                continue
            words[-1].append(Span(chunk, span.bold, span.italic))
    out = []
    for word in filter(None, words):
        if any(SOFT_HYPHEN in span.text for span in word if not span.icon):
            shown = tuple(s if s.icon else Span(visible(s.text), s.bold, s.italic) for s in word)
            out.append((tuple(s for s in shown if s.icon or s.text), tuple(word)))
        else:
            out.append((tuple(word), None))
    return tuple(out)


def _span_width(span: Span, family: Family, size: float) -> float:
    if span.icon:
        return ICON_WIDTH * size
    return fonts.width(span.text, family.font(span), size)


def layout(
    paragraphs: Sequence[Sequence[Span]],
    width: float,
    size: float,
    family: Family,
    leading: float = LEADING,
) -> Fitted:
    """Greedy line breaking at one size; reports overflow against `width` only.

    A word that does not fit breaks inside (render/hyphenate.py) in the language
    of the file being drawn; at `width` 0 (a table asking for its longest word) none does.
    """
    return _layout(_key(paragraphs), width, size, family, leading, language())


def _key(paragraphs: Sequence[Sequence[Span]]) -> tuple[tuple[Span, ...], ...]:
    return tuple(tuple(paragraph) for paragraph in paragraphs)


# A kit sets the same texts in the same boxes many times (every hero card's
# stat labels, both teams' tokens, each size a fit tries), and a layout is an
# immutable value of its arguments, so layouts and fits are remembered.
@lru_cache(maxsize=8192)
def _layout(
    paragraphs: tuple[tuple[Span, ...], ...],
    width: float,
    size: float,
    family: Family,
    leading: float,
    locale: str = "",
) -> Fitted:
    # The hottest loop of a kit (thousands of layouts): `_span_width` and `Family.font`
    # written out, and each piece made as a plain tuple; the same sums in the same order.
    lines: list[tuple[Piece, ...]] = []
    too_wide = 0.0
    space = fonts.width(" ", family.regular, size)
    icon_width = ICON_WIDTH * size
    regular, bold, italic = family.regular, family.bold, family.italic
    measure = fonts.width
    make = tuple.__new__
    for paragraph in paragraphs:
        line: list[Piece] = []
        x = 0.0
        for word, written in _words(paragraph):
            widths = [
                icon_width
                if s.icon
                else measure(s.text, bold if s.bold else italic if s.italic else regular, size)
                for s in word
            ]
            total = sum(widths)
            start = x + space if line else 0.0
            if start + total > width + SLACK and width > 0 and (total > width + SLACK or written):
                parts = _broken(written or word, width - start, width, size, family, locale)
                if parts is not None:
                    for number, part in enumerate(parts):
                        if number:  # each part after the first starts a line
                            lines.append(tuple(line))
                            line, start = [], 0.0
                        for span, w in part:
                            line.append(make(Piece, (start, w, span)))
                            start += w
                        too_wide = max(too_wide, start - width)
                    x = start
                    continue
            too_wide = max(too_wide, total - width)
            if line and start + total > width:
                lines.append(tuple(line))
                line, start = [], 0.0
            for span, w in zip(word, widths, strict=True):
                line.append(make(Piece, (start, w, span)))
                start += w
            x = start
        lines.append(tuple(line))
    return Fitted(size, size * leading, tuple(lines), 0.0, max(too_wide, 0.0))


Part = list[tuple[Span, float]]  # a piece of a broken word on one line: its spans and widths


def _broken(
    word: Word, room: float, width: float, size: float, family: Family, locale: str
) -> list[Part] | None:
    """A word (as written, soft hyphens in it) broken over lines: the part that goes on
    the current line (`room` left on it; empty when nothing fits there), then one
    part per line after it; None when it has no point to break at.

    Each line takes the longest part that fits, preferring the writer's own points
    (soft hyphens, hyphens) to the dictionary's. A part no point makes narrow
    enough is left whole, and overflows as an unbroken word would.
    """
    points = [
        ((index, point.at), point)
        for index, span in enumerate(word)
        if not span.icon
        for point in breaks(span.text, locale)
    ]
    if not points:
        return None
    shown = tuple(s if s.icon else Span(visible(s.text), s.bold, s.italic) for s in word)
    parts: list[Part] = []
    start, fresh = (0, 0), room >= width
    while True:
        rest = _measured(_cut(shown, start, (len(shown), 0), False), family, size)
        if sum(w for _, w in rest) <= room + SLACK:
            return [*parts, rest]
        later = [
            (end, point, part)
            for end, point in points
            if end > start
            for part in [_measured(_cut(shown, start, end, point.hyphen), family, size)]
            if sum(w for _, w in part) <= room + SLACK
        ]
        chosen = [item for item in later if item[1].own] or later
        if chosen:
            end, _, part = chosen[-1]
            parts.append(part)
            start, room, fresh = end, width, True
        elif not fresh:
            parts.append([])  # nothing fits beside what the line holds: go on on the next
            room, fresh = width, True
        else:  # nothing fits even a whole line: the shortest part overflows it
            after = [(end, point) for end, point in points if end > start]
            if not after:
                return [*parts, rest]
            end, point = after[0]
            parts.append(_measured(_cut(shown, start, end, point.hyphen), family, size))
            start = end


def _cut(word: Word, start: tuple[int, int], end: tuple[int, int], hyphen: bool) -> list[Span]:
    """The spans of `word` from `start` to `end` ((span, character) positions), with a
    hyphen at the end where the word breaks with one."""
    out: list[Span] = []
    for index in range(start[0], min(end[0], len(word) - 1) + 1):
        span = word[index]
        low = start[1] if index == start[0] else 0
        high = end[1] if index == end[0] else len(span.text)
        if span.icon:
            if low == 0 and index < end[0]:
                out.append(span)
        elif span.text[low:high]:
            out.append(Span(span.text[low:high], span.bold, span.italic))
    if hyphen and out and not out[-1].icon:
        last = out[-1]
        out[-1] = Span(last.text + HYPHEN, last.bold, last.italic)
    return out


def _measured(spans: list[Span], family: Family, size: float) -> Part:
    return [(span, _span_width(span, family, size)) for span in spans]


def fit(
    paragraphs: Sequence[Sequence[Span]],
    width: float,
    height: float,
    largest: float,
    smallest: float,
    family: Family = SANS,
    leading: float = LEADING,
) -> Fitted:
    """The largest size (in STEP steps) at which the block fits the box, or the smallest."""
    return _fit(_key(paragraphs), width, height, largest, smallest, family, leading, language())


@lru_cache(maxsize=4096)
def _fit(
    paragraphs: tuple[tuple[Span, ...], ...],
    width: float,
    height: float,
    largest: float,
    smallest: float,
    family: Family,
    leading: float,
    locale: str = "",
) -> Fitted:
    size = largest
    while True:
        block = _layout(paragraphs, width, size, family, leading, locale)
        over = block.height - height
        if (over <= 0.01 and block.overflow_width <= 0.01) or size - STEP < smallest - 1e-9:
            return Fitted(size, block.leading, block.lines, max(over, 0.0), block.overflow_width)
        size -= STEP


def draw(
    canvas: Canvas,
    block: Fitted,
    x: float,
    top: float,
    family: Family,
    icon: IconDrawer,
    align: str = "left",
    box_width: float = 0.0,
) -> None:
    """Draw a fitted block with its first line's ascent at `top` (y grows upwards)."""
    baseline = top - block.size * ASCENT
    current_font = ""
    for line in block.lines:
        shift = 0.0
        if line and align == "center":
            shift = (box_width - (line[-1].x + line[-1].width)) / 2
        for piece in line:
            if piece.span.icon:
                canvas.saveState()  # icons set their own colours
                icon(canvas, piece.span.text, x + shift + piece.x, baseline, block.size)
                canvas.restoreState()
                current_font = ""  # restoreState may have brought back another font
        for font, start, run in _runs(line, family, block.size):
            if font != current_font:
                canvas.setFont(font, block.size)
                current_font = font
            canvas.drawString(x + shift + start, baseline, run)
        baseline -= block.leading if line else block.leading * GAP


def _runs(line: Sequence[Piece], family: Family, size: float) -> list[tuple[str, float, str]]:
    """A line's text as (font, x, text) runs: neighbouring words in one font drawn as one string.

    The layout places each word; words whose gap is exactly a space in their
    font (or nothing, for style changes inside a word) land where a single
    string would put them, so joining them changes no position. It halves the
    drawing operators and lets PDF readers copy the text with its spaces.
    """
    runs: list[tuple[str, float, str]] = []
    end = 0.0
    for piece in line:
        if piece.span.icon:
            end = -1.0  # never join across an icon
            continue
        font = family.font(piece.span)
        if runs and runs[-1][0] == font and end >= 0:
            gap = piece.x - end
            joiner = "" if abs(gap) < 1e-6 else " "
            if joiner == "" or abs(gap - fonts.width(" ", font, size)) < 1e-6:
                last_font, start, text = runs[-1]
                runs[-1] = (last_font, start, text + joiner + piece.span.text)
                end = piece.x + piece.width
                continue
        runs.append((font, piece.x, piece.span.text))
        end = piece.x + piece.width
    return runs
