"""Each card of a layout file's decks on a page of its own, with a bleed all round.

The kit prints cards on sheets (decks.py). A print shop wants each card
alone: a page the size of the card plus its bleed on every side, the card's
TrimBox and BleedBox set, its front followed by its back; a virtual table
wants the same faces as pictures. Inside `apart()`, `draw_layout` hands its
decks here instead of laying them out on sheets, so every face comes from
the painter and the pack's parts the kit's own file uses: whichever renderer
of a game calls `draw_layout` (a pack's cards, a data pack's decks) gives its
cards this way without knowing it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

from ttgbuild.render.layout.decks import DECKS_APART, Card, Deck
from ttgbuild.render.layout.faces import Kit
from ttgbuild.render.pdf import page_boxes
from ttgbuild.render.sheet import Grid

FRONT, BACK = "front", "back"


@dataclass(frozen=True)
class Face:
    """One page of a document drawn apart: which deck, which distinct card, which side.

    Decks are told apart by `position`, never by name: two decks of a file may
    share a name, and each keeps its own cards.
    """

    deck: str  # the deck's name in its layout file
    position: int  # the deck's place among the document's decks, from 0
    card: int  # the deck's distinct cards counted from 0; a card's copies share its number
    side: str  # FRONT or BACK
    name: str  # what tells it apart: the record it shows, or the deck and its number
    title: str  # what a player calls it: the record's printed name, else `name`


@dataclass
class Apart:
    """The pages drawn apart so far, in order: every card's front, then its back."""

    faces: list[Face] = field(default_factory=list)
    decks: int = 0  # how many decks have been drawn, to number the next

    def __call__(self, kit: Kit, decks: list[Deck], painter: Callable[..., None]) -> None:
        """Every card of `decks` (copies too), front then back (if its deck has backs), on
        `kit`'s canvas.

        The page is the card grown by the bleed on all four sides; its TrimBox is
        the card and its BleedBox the page, as print shops' preflight reads them.
        """
        canvas, bleed = kit.canvas, kit.ctx.settings.bleed
        forms: set[str] = set()
        size = None
        for deck in decks:
            width, height = deck.grid.cell_width, deck.grid.cell_height
            page = (width + 2 * bleed, height + 2 * bleed)
            grid = Grid(page, 1, 1, width, height, bleed)
            if (width, height) != size:  # a deck of tokens is its tokens' size
                size = (width, height)
                canvas.setPageSize(page)
                trim = (bleed, bleed, bleed + width, bleed + height)
                page_boxes(canvas, page, trim, (0, 0, *page))
            position = self.decks
            self.decks += 1
            numbers: dict[int, int] = {}  # copies are one Card object repeated
            sides = ((FRONT, None), (BACK, deck.back)) if deck.back else ((FRONT, None),)
            for card in deck.cards:
                number = numbers.setdefault(id(card), len(numbers))
                name = _name(deck, card, number)
                for side, back in sides:
                    painter(kit, grid, 0, 0, back or card, 0.0, forms)
                    canvas.showPage()
                    self.faces.append(
                        Face(deck.name, position, number, side, name, _title(card, name))
                    )


def _name(deck: Deck, card: Card, number: int) -> str:
    return card.piece.record if card.piece is not None else f"{deck.name} {number + 1}"


def _title(card: Card, name: str) -> str:
    """The record's `name` field where it has one (what its card prints), else `name`.

    As written in the content: a name the pack translates when it prints it is
    shown untranslated.
    """
    record = card.scope.get("record")  # a data pack's Record, or a pack's own model object
    title = record.get("name") if isinstance(record, Mapping) else getattr(record, "name", None)
    return title if isinstance(title, str) and title else name


@contextmanager
def apart() -> Iterator[Apart]:
    """While inside, `draw_layout` draws each card apart and records its pages here."""
    pages = Apart()
    token = DECKS_APART.set(pages)
    try:
        yield pages
    finally:
        DECKS_APART.reset(token)
