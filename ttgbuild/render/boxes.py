"""The fixed boxes labels print in, declared once for the renderers and for translators.

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
HEX_ACROSS = 26 * mm  # a board hex, flat to flat: a field token's base fits inside
_DEFAULT = PrintSettings()
# A card's width inside its safe margins, at the default card size (63 x 88 mm poker cards).
CARD_INNER = _DEFAULT.card_width - 2 * _DEFAULT.safe


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


_LABEL = {"height": 2.6 * mm, "largest": 5.5, "smallest": 3.5, "family": text.CONDENSED}
HERO_STAT = TextBox(
    "hero-stat-label",
    "hero card stat",
    "hero card, the label above each of the eight stat numbers",
    share=1 / 4,
    inset=1.6 * mm,
    **_LABEL,
)
WEAPON_STAT = TextBox(
    "weapon-stat-label",
    "weapon card stat",
    "weapon card, the label above each of its three stat numbers",
    share=1 / 3,
    inset=1.6 * mm,
    **_LABEL,
)
COST_SHIELD = TextBox(
    "cost-shield",
    "cost shield",
    "hero card, under the recruitment cost in the yellow shield (an abbreviation)",
    width=6.6 * mm,
    height=2.2 * mm,
    largest=4.5,
    smallest=3.5,
    family=text.CONDENSED,
    bold=True,
)
SHIELD = 11 * mm  # the cost shield's size on a hero card
PREFERRED = TextBox(
    "hero-preferred",
    "hero card preferred",
    "hero card, the line under the team in the coloured band, beside the cost shield "
    "(narrower when the hero has a portrait)",
    share=1,
    inset=SHIELD + 1 * mm,
    height=3.2 * mm,
    largest=6.5,
    smallest=4.5,
    italic=True,
)
CARD_KIND = TextBox(
    "card-kind",
    "card kind",
    "weapon and Qwik cards, the line under the big name that says what kind of card it is",
    share=1,
    height=3.2 * mm,
    largest=7,
    smallest=5,
)
CROUCH_COUNT = TextBox(
    "weapon-crouch-count",
    "weapon card crouch count",
    "weapon card, the centred line under the stats",
    share=1,
    height=4 * mm,
    largest=8,
    smallest=5,
)
WEAPON_NOTE = TextBox(
    "weapon-note",
    "weapon card note",
    "chain card, the italic note at the bottom",
    share=1,
    height=4 * mm,
    largest=7,
    smallest=4.5,
    italic=True,
)
QWIK_TEXT = TextBox(
    "qwik-text",
    "qwik card",
    "Qwik card, the centred rules text under the jugg picture",
    share=1,
    height=26 * mm,
    largest=8.5,
    smallest=5,
)
COUNT_CARD = TextBox(
    "count-card-label",
    "count card",
    "stone and point cards, the word in the coloured band above the big number",
    share=1,
    height=8 * mm,
    largest=16,
    smallest=8,
    bold=True,
)
BACK_TITLE = TextBox(
    "card-back-title",
    "card back title",
    "every card back, the game's name at the top",
    share=1,
    inset=4 * mm,
    height=8 * mm,
    largest=16,
    smallest=8,
    bold=True,
)
BACK_DECK = TextBox(
    "card-back-deck",
    "card back",
    "card backs, the deck's name at the bottom",
    share=1,
    inset=4 * mm,
    height=6 * mm,
    largest=12,
    smallest=6,
)
DISC = 16 * mm  # a counter's diameter (the initiative counter is larger)
COUNTER = TextBox(
    "counter-label",
    "counter",
    "round counters, the word across the disc",
    width=DISC * 0.8,
    height=DISC * 0.55,
    largest=8,
    smallest=4,
    family=text.CONDENSED,
    bold=True,
)
HEX_WIDTH = 2 * HEX_ACROSS / 3**0.5  # corner to corner
CROUCH_TEMPLATE = TextBox(
    "crouch-template",
    "crouch template",
    "the hex-shaped crouch template, the word across its middle",
    width=HEX_WIDTH * 0.7,
    height=HEX_ACROSS * 0.4,
    largest=9,
    smallest=5,
    family=text.CONDENSED,
    bold=True,
)
TOKENS_HEADING = TextBox(
    "tokens-heading",
    "tokens",
    "tokens sheet, a section heading across the page (A4 width)",
    width=184 * mm,
    height=5 * mm,
    largest=12,
    smallest=8,
    bold=True,
)
DICE_HEADING = TextBox(
    "dice-table-heading",
    "dice table",
    "tokens sheet, a column heading of the plain-die table",
    width=43 * mm,
    height=4 * mm,
    largest=9,
    smallest=6,
    bold=True,
)
DICE_ENTRY = TextBox(
    "dice-table-entry",
    "dice table entry",
    "tokens sheet, a word in the juggs column of the plain-die table",
    width=43 * mm,
    height=4.2 * mm,
    largest=10,
    smallest=6,
)
GOAL_RADIUS = HEX_ACROSS * 0.36  # a goal circle on the board
GOAL = TextBox(
    "board-goal",
    "board goal",
    "board, the word on each goal circle",
    width=GOAL_RADIUS * 1.8,
    height=3.4 * mm,
    largest=8,
    smallest=4,
    bold=True,
)
MAT_ZONE = TextBox(
    "mat-zone",
    "mat",
    "player mats, the heading above a zone's first card slot",
    share=1,
    height=5 * mm,
    largest=12,
    smallest=8,
    bold=True,
)
MAT_SLOT = TextBox(
    "mat-slot",
    "mat slot",
    "player mats, the word in the middle of a card slot",
    share=1,
    height=4 * mm,
    largest=9,
    smallest=5,
)

# Every page's 100 % note sits beside the ruler, in the gap before the next crop mark on
# card sheets (a card's width less 8 mm) or in a margin band as long (sheet.Furniture).
PAGE_NOTE = TextBox(
    "page-note",
    "page note",
    "every page's foot, beside the 50 mm ruler: the note to print at actual size",
    width=min(_DEFAULT.card_width, RULER + 12 * mm) - 8 * mm,
    height=2.2 * mm,
    largest=6,
    smallest=4,
    bold=True,
)

# Board tile pages: the heading at the top left and the gluing hint at the top right share
# the band above the tile; side by side they fit the narrowest tile page (portrait A4 inside
# the board's 13 mm margins), so on any page they cannot run into each other.
TILE_PAGE_TEXT = 184 * mm
TILE_HEADING = TextBox(
    "board-tile-heading",
    "board tile heading",
    "board tile pages, the heading above the tile at the top left",
    width=70 * mm,
    height=4 * mm,
    largest=9,
    smallest=7,
    bold=True,
)
TILE_HINT = TextBox(
    "board-tile-hint",
    "board tile hint",
    "board tile pages, the gluing hint above the tile at the top right",
    width=TILE_PAGE_TEXT - TILE_HEADING.width - 4 * mm,
    height=5 * mm,
    largest=7,
    smallest=5,
)
MAP_TITLE = TextBox(
    "board-map-title",
    "board map title",
    "board assembly map, the title at the top of the page",
    width=TILE_PAGE_TEXT,
    height=7 * mm,
    largest=14,
    smallest=9,
    bold=True,
)
MAP_TEXT = TextBox(
    "board-map-text",
    "board map",
    "board assembly map, the instructions under the title",
    width=TILE_PAGE_TEXT,
    height=12 * mm,
    largest=9,
    smallest=6,
)
# The duplex alignment page writes across the card grid, 8 mm in from each side: three
# default cards wide (narrower grids draw narrower and the build measures).
ALIGNMENT_WIDTH = 3 * _DEFAULT.card_width - 16 * mm
ALIGNMENT_HEADING = TextBox(
    "alignment-heading",
    "alignment test heading",
    "duplex alignment test page, the heading at the top",
    width=ALIGNMENT_WIDTH,
    height=8 * mm,
    largest=16,
    smallest=10,
    bold=True,
)
ALIGNMENT_TEXT = TextBox(
    "alignment-text",
    "alignment test",
    "duplex alignment test page, the instructions under the heading",
    width=ALIGNMENT_WIDTH,
    height=40 * mm,
    largest=10,
    smallest=6,
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

BOXES = (
    PAGE_NOTE,
    RULER_LABEL,
    HERO_STAT,
    WEAPON_STAT,
    COST_SHIELD,
    PREFERRED,
    CARD_KIND,
    CROUCH_COUNT,
    WEAPON_NOTE,
    QWIK_TEXT,
    COUNT_CARD,
    BACK_TITLE,
    BACK_DECK,
    COUNTER,
    CROUCH_TEMPLATE,
    TOKENS_HEADING,
    DICE_HEADING,
    DICE_ENTRY,
    GOAL,
    MAT_ZONE,
    MAT_SLOT,
    TILE_HEADING,
    TILE_HINT,
    MAP_TITLE,
    MAP_TEXT,
    ALIGNMENT_HEADING,
    ALIGNMENT_TEXT,
)
BY_CONTEXT = {box.context: box for box in BOXES}
