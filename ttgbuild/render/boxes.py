"""Fixed boxes that labels print in, declared once for the renderers and for translators.

A label on a card or token has a box of a given size and a range of type
sizes; a translation that is too long shrinks to the smallest size and then
overflows (JT901). Each box names the message context (msgctxt) of every
label printed in it, so one context means one box: the extractor gives those
messages a `max-length:N` flag and a "Prints in" comment computed from the
same numbers the renderer draws with, and a label used in two boxes of
different sizes needs two contexts.

A box's budget is how many characters of average width fit its lines at its
smallest size: the mean advance of a mixed English, Spanish and German letter
sample in the box's font. It is an estimate for translators (`i18n check`,
JT824); the build measures the real text.

Here are the box itself and the boxes the engine prints in (the print note
and the ruler's label on every page, the alignment test's note on reading
it); a game pack declares its own boxes with `TextBox` and lists them, with
`FURNITURE`, for its translators.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.units import mm

from ttgbuild.core.printing import PrintSettings
from ttgbuild.render import fonts, text
from ttgbuild.render.sheet import RULER, RULER_LABEL_GAP

# Letters in the proportions running text has, in the kit's three languages.
SAMPLE = (
    "The quick brown fox jumps over the lazy dog. El veloz murciélago hindú comía feliz "
    "cardillo y kiwi. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich."
)
DEFAULT = PrintSettings()  # budgets are worked out at its card size
# A card's width inside its safe margins, at the default card size (63 x 88 mm poker cards).
CARD_INNER = DEFAULT.card_width - 2 * DEFAULT.safe


@dataclass(frozen=True)
class TextBox:
    """A box a label is fitted into: its size, its type sizes and font, and who prints there.

    A box on a card is a `share` of the card's inner width less an `inset`, so
    it follows the card size a user picks; other boxes have a fixed `width`.
    Budgets are worked out at the default card size.
    """

    name: str
    context: str  # the msgctxt of every message printed in this box
    prints: str  # where, in a translator's words
    height: float
    largest: float
    smallest: float
    family: text.Family = text.SANS
    bold: bool = False
    italic: bool = False
    width: float = 0.0
    share: float = 0.0
    inset: float = 0.0

    def across(self, inner: float = CARD_INNER) -> float:
        """The box's width, on a card whose inner width is `inner` (fixed boxes ignore it)."""
        return self.width or inner * self.share - self.inset

    def bottom(self, baseline: float) -> float:
        """The lower edge that puts the first baseline, at the largest size, at `baseline`."""
        return baseline + self.largest * text.ASCENT - self.height

    @property
    def font(self) -> str:
        return self.family.font(text.Span("", self.bold, self.italic))

    @property
    def lines(self) -> int:
        """How many lines of the smallest size the box holds (text.fit's rule, at least one)."""
        return max(1, int((self.height + 0.01) / (self.smallest * text.LEADING)))

    @property
    def budget(self) -> int:
        """Characters of average width that fit the box's lines at its smallest size."""
        return int(self.lines * self.across() / average_advance(self.font, self.smallest))

    def note(self) -> str:
        """The automatic translator comment: where it prints and how much room there is."""
        lines = "one line" if self.lines == 1 else f"up to {self.lines} lines"
        family = " condensed" if self.family == text.CONDENSED else ""
        style = " bold" if self.bold else (" italic" if self.italic else "")
        return (
            f"Prints in: {self.prints} ({self.across() / mm:.1f} mm, {lines}, "
            f"{self.smallest:g} to {self.largest:g} pt{family}{style}). "
            f"About {self.budget} characters fit."
        )


@cache
def average_advance(font: str, size: float) -> float:
    """Mean advance of one character of the letter sample, in points."""
    fonts.register()
    return fonts.width(SAMPLE, font, size) / len(SAMPLE)


# Every page's 100 % note sits beside the ruler, in the gap before the next crop mark on
# card sheets (a card's width less 8 mm) or in a margin band as long (sheet.Furniture).
PAGE_NOTE = TextBox(
    "page-note",
    "page note",
    "every page's foot, beside the 50 mm ruler: the note to print at actual size",
    width=min(DEFAULT.card_width, RULER + 12 * mm) - 8 * mm,
    height=2.2 * mm,
    largest=6,
    smallest=4,
    bold=True,
)

# The ruler's label sits between the ruler's end and the note's gap.
RULER_LABEL = TextBox(
    "ruler-label",
    "ruler",
    "every page's foot, right after the 50 mm ruler: its length",
    width=PAGE_NOTE.width + 8 * mm - RULER - RULER_LABEL_GAP,
    height=2.2 * mm,
    largest=5,
    smallest=4,
)

# The duplex alignment test's back page: how to read the offset (render/layout/decks.py),
# across a grid of three default cards less 8 mm each side.
ALIGNMENT_HOW = TextBox(
    "alignment-how",
    "alignment how",
    "the duplex alignment test's back page, under the first row of crosses: how to read "
    "the offset and what to do with only the PDFs",
    width=3 * DEFAULT.card_width - 16 * mm,
    height=30 * mm,
    largest=9,
    smallest=6,
)

FURNITURE = (PAGE_NOTE, RULER_LABEL, ALIGNMENT_HOW)
