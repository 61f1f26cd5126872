"""The Tabletop Simulator export: deck sheets, a back per deck, and a saved object.

Tabletop Simulator cuts a deck sheet into a grid of at most 10 x 7 cards and
reads sheets of at most 4096 pixels a side. Each deck's distinct fronts are
laid out on as few sheets as it takes, trimmed (no bleed: the table shows the
cut card), at one resolution for the whole deck: 200 dpi, or less when a full
sheet would pass 4096 pixels. Copies of a card share its slot (their CardIDs
repeat).

The hidden card: Tabletop Simulator shows the last slot of a sheet as the face
of a card nobody may see (in another player's hand) unless "back is hidden"
is set. The saved object sets `BackIsHidden`, so a hidden card shows the
deck's back, and the last slot of every sheet holds that back and never a
card: unticking the option in the game still hides nothing behind a face.

The saved object (`saved-object.json`) holds one `DeckCustom` per deck (a deck of one
card is saved as that `Card`):
`CustomDeck` maps a key per sheet (1, 2, ... across the export) to its
`FaceURL` and `BackURL` (the pictures' file names, or `--base-url` + name),
`NumWidth`, `NumHeight`, `BackIsHidden` and `UniqueBack`; each card is a
`Card` in `ContainedObjects` with `CardID` = key x 100 + its slot, listed in
`DeckIDs` in the deck's order.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from PIL import Image

from ttgbuild.core.printing import PrintSettings
from ttgbuild.export import raster
from ttgbuild.export.faces import Document
from ttgbuild.export.printshop import deck_names, first_pages, unique
from ttgbuild.render.layout.apart import BACK, FRONT

COLUMNS, ROWS = 10, 7  # the largest grid Tabletop Simulator cuts a sheet into
MAX_SIDE = 4096  # pixels, the largest sheet it reads
DPI = 200  # sharp on a table; lowered when a sheet would be too large
PER_SHEET = COLUMNS * ROWS - 1  # the last slot is the hidden card's
SAVED_OBJECT = "saved-object.json"
DECK_GAP = 3.0  # table units between decks laid side by side


@dataclass(frozen=True)
class Sheet:
    """One picture of a deck's fronts: the cards it holds (distinct numbers) and its grid."""

    cards: list[int]
    columns: int
    rows: int


def sheets_of(count: int, card: tuple[float, float]) -> list[Sheet]:
    """`count` distinct cards of `card` size (mm) on sheets of at most 10 x 7, the last
    slot of each left free; each sheet's grid is the one that allows the finest pictures
    (a deck of 30 on 8 x 4 rather than 10 x 4), then the fewest empty slots, then the widest."""
    out = []
    for start in range(0, count, PER_SHEET):
        cards = list(range(start, min(start + PER_SHEET, count)))
        slots = len(cards) + 1
        grids = [(c, math.ceil(slots / c)) for c in range(1, COLUMNS + 1)]
        columns, rows = max(
            ((c, r) for c, r in grids if r <= ROWS),
            key=lambda grid: (_fitting_dpi(card, *grid), -grid[0] * grid[1], grid[0]),
        )
        out.append(Sheet(cards, columns, rows))
    return out


def _fitting_dpi(card: tuple[float, float], columns: int, rows: int) -> int:
    """The finest whole dpi, up to DPI, at which the grid stays within MAX_SIDE pixels."""
    width, height = card
    fits = min(
        MAX_SIDE * raster.MM_PER_INCH / (columns * width),
        MAX_SIDE * raster.MM_PER_INCH / (rows * height),
    )
    return min(DPI, math.floor(fits))


def resolution(settings: PrintSettings, sheets: list[Sheet]) -> int:
    """The dpi at which every sheet of a deck stays within MAX_SIDE pixels."""
    return min(_fitting_dpi(settings.card_size_mm, s.columns, s.rows) for s in sheets)


def tts(
    documents: list[Document],
    settings: PrintSettings,
    base_url: str = "",
    say: Callable[[str], None] = lambda _message: None,
) -> Iterator[tuple[str, bytes]]:
    """Every file of the export (pictures, then the saved object) with its name, one at a time.

    A sheet is filled card by card as each is drawn, and handed on before the
    next is begun: memory holds one sheet, not the export.
    """
    objects: list[dict[str, Any]] = []
    key = 0
    named = [(document, deck_names(document)) for document in documents]
    decks = [(document, position) for document, names in named for position in names]
    bases = unique(
        f"{PurePosixPath(document.file).stem}-{name}"
        for document, names in named
        for name in names.values()
    )
    for (document, position), base in zip(decks, bases, strict=True):
        faces = [face for face in document.faces if face.position == position]
        say(f"{document.file}: deck {faces[0].deck}")
        first = {
            (card, side): number
            for (at, card, side), number in first_pages(document).items()
            if at == position
        }
        sheets = sheets_of(sum(side == FRONT for _card, side in first), settings.card_size_mm)
        dpi = resolution(settings, sheets)
        ((_number, picture),) = raster.render(document.pdf, [first[0, BACK]], dpi)
        back = _trim(picture, settings, dpi)
        back_name = f"{base}-back.png"
        yield back_name, raster.png(back, dpi)
        custom: dict[str, dict[str, Any]] = {}
        slots: dict[int, int] = {}  # distinct card → its CardID
        for index, sheet in enumerate(sheets, 1):
            key += 1
            name = f"{base}-{index}.png"
            pages = [first[card, FRONT] for card in sheet.cards]
            yield name, raster.png(_sheet(sheet, document.pdf, pages, back, settings, dpi), dpi)
            custom[str(key)] = {
                "FaceURL": base_url + name,
                "BackURL": base_url + back_name,
                "NumWidth": sheet.columns,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,  # a rectangular card
            }
            slots |= {card: key * 100 + slot for slot, card in enumerate(sheet.cards)}
        fronts = [face for face in faces if face.side == FRONT]
        objects.append(
            deck_object(faces[0].deck, custom, [(slots[f.card], f.title) for f in fronts])
        )
    saved = {"SaveName": "", "ObjectStates": _placed(objects)}
    yield SAVED_OBJECT, (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode()


def _trim(image: Image.Image, settings: PrintSettings, dpi: float) -> Image.Image:
    """The card without its bleed, in whole pixels that fit the sheet's grid."""
    width, height = settings.card_size_mm
    left = top = raster.pixels(settings.bleed_mm, dpi)
    size = (
        math.floor(width / raster.MM_PER_INCH * dpi),
        math.floor(height / raster.MM_PER_INCH * dpi),
    )
    return image.crop((left, top, left + size[0], top + size[1]))


def _sheet(
    sheet: Sheet,
    pdf: bytes,
    pages: list[int],
    back: Image.Image,
    settings: PrintSettings,
    dpi: int,
) -> Image.Image:
    """The fronts on `pages` row by row from the top left; the back in the last, hidden, slot."""
    width, height = back.size
    picture = Image.new("RGB", (sheet.columns * width, sheet.rows * height), "white")
    slots = {number: slot for slot, number in enumerate(pages)}
    last = sheet.columns * sheet.rows - 1
    for slot, image in (
        *((slots[n], _trim(front, settings, dpi)) for n, front in raster.render(pdf, pages, dpi)),
        (last, back),
    ):
        row, column = divmod(slot, sheet.columns)
        picture.paste(image, (column * width, row * height))
    return picture


def deck_object(
    name: str, custom: dict[str, dict[str, Any]], cards: list[tuple[int, str]]
) -> dict[str, Any]:
    """One deck as Tabletop Simulator saves it: its sheets, then every card in order.

    A deck of one card is saved as that card: the table has no deck of one.
    """
    contained = [
        {
            "Name": "Card",
            "Nickname": nickname,
            "CardID": card_id,
            "CustomDeck": {str(card_id // 100): custom[str(card_id // 100)]},
            "Transform": _transform(0),
        }
        for card_id, nickname in cards
    ]
    if len(contained) == 1:
        return contained[0]
    return {
        "Name": "DeckCustom",
        "Nickname": name,
        "CustomDeck": custom,
        "DeckIDs": [card_id for card_id, _nickname in cards],
        "ContainedObjects": contained,
    }


def _placed(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decks side by side, face down, as a user would lay them on the table."""
    return [{**deck, "Transform": _transform(i * DECK_GAP)} for i, deck in enumerate(objects)]


def _transform(x: float) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }
