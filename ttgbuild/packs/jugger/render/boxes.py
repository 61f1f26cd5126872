"""Jugger TTG's fixed label boxes: where each card, token and board label prints.

Each box names the msgctxt of the labels printed in it, so the renderers draw
with the same numbers the extractor tells translators (see the engine's
render/boxes.py for how a box's budget is worked out).
"""

from __future__ import annotations

from reportlab.lib.units import mm

from ttgbuild.packapi import text
from ttgbuild.packapi.drawing import DEFAULT, FURNITURE, TextBox

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
HEX_ACROSS = 26 * mm  # a board hex, flat to flat: a field token's base fits inside
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
ALIGNMENT_WIDTH = 3 * DEFAULT.card_width - 16 * mm
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
BOXES = (
    *FURNITURE,
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
