"""The print-shop export: each card alone, as a PDF page and as pictures, with its bleed.

For every kit file that prints decks (cards.pdf): the PDF drawn apart, one
card a page, front then back, TrimBox and BleedBox set, every copy included
(a shop prints it as it is); a PNG of each distinct front and one of each
deck's back, the card plus its bleed at the resolution asked for (recorded
in the file); and a CSV listing every front with how many copies to print.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable
from pathlib import PurePosixPath

from ttgbuild.export import raster
from ttgbuild.export.faces import Document
from ttgbuild.render.layout.apart import BACK, FRONT

ORDER_COLUMNS = ("deck", "card", "name", "copies", "front", "back")


def print_shop(
    documents: list[Document], dpi: int, say: Callable[[str], None] = lambda _message: None
) -> dict[str, bytes]:
    """Every file of the export, by its path in the export's folder."""
    files: dict[str, bytes] = {}
    for document in documents:
        stem = PurePosixPath(document.file).stem
        files[document.file] = document.pdf
        say(f"{document.file}: pictures at {dpi} dpi")
        pages = first_pages(document)
        pictures = raster.render(document.pdf, pages.values(), dpi)
        names: dict[tuple[str, int, str], str] = {}
        for (deck, card, side), number in pages.items():
            name = picture_name(stem, deck, card, side, document.faces[number].name)
            files[name] = raster.png(pictures[number], dpi)
            names[deck, card, side] = name
        files[f"{stem}.csv"] = _order(document, names)
    return files


def first_pages(document: Document) -> dict[tuple[str, int, str], int]:
    """The page of each distinct front and of each deck's back, by (deck, card, side).

    A deck's cards share one back: card 0 stands for every card's.
    """
    pages: dict[tuple[str, int, str], int] = {}
    for number, face in enumerate(document.faces):
        key = (face.deck, face.card if face.side == FRONT else 0, face.side)
        pages.setdefault(key, number)
    return pages


def picture_name(stem: str, deck: str, card: int, side: str, name: str) -> str:
    """Where a face's picture goes: by deck, the fronts numbered, the back once."""
    folder = f"{stem}/{slug(deck)}"
    if side == BACK:
        return f"{folder}/back.png"
    return f"{folder}/{card + 1:03d}-{slug(name)}.png"


def slug(text: str) -> str:
    """A file name's part: lower-case letters, digits and hyphens only."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


def _order(document: Document, names: dict[tuple[str, int, str], str]) -> bytes:
    """A CSV of every distinct front: its deck, name, copies and the two pictures to print."""
    copies = Counter((f.deck, f.card) for f in document.faces if f.side == FRONT)
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(ORDER_COLUMNS)
    seen = set()
    for face in document.faces:
        if face.side != FRONT or (face.deck, face.card) in seen:
            continue
        seen.add((face.deck, face.card))
        front, back = names[face.deck, face.card, FRONT], names[face.deck, 0, BACK]
        writer.writerow(
            (face.deck, face.card + 1, face.name, copies[face.deck, face.card], front, back)
        )
    return stream.getvalue().encode("utf-8")
