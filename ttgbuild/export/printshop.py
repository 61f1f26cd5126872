"""The print-shop export: each card alone, as a PDF page and as pictures, with its bleed.

For every kit file that prints decks (cards.pdf): the PDF drawn apart, one
card a page, front then back, TrimBox and BleedBox set, every copy included
(a shop prints it as it is); a PNG of each distinct front and one of each
deck's back, the card plus its bleed at the resolution asked for (recorded
in the file); and a CSV listing every front with how many copies to print.
A size drawn scaled (`ttgbuild.export.sizes`) has its PDF scaled down whole
first, so the PDF and the pictures show the same card at the size asked for.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import PurePosixPath

from ttgbuild.export import raster
from ttgbuild.export.faces import Document
from ttgbuild.export.shrink import shrink
from ttgbuild.render.layout.apart import BACK, FRONT

ORDER_COLUMNS = ("deck", "card", "name", "copies", "front", "back")
# A spreadsheet reads a cell starting with one of these as a formula (or may): such a cell
# gets a leading ' , which spreadsheet programs take as "text" and do not show.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Key = tuple[int, int, str]  # a face: its deck's position, its card's number, its side


def print_shop(
    documents: list[Document],
    dpi: int,
    say: Callable[[str], None] = lambda _message: None,
    scale: float = 1.0,
) -> Iterator[tuple[str, bytes]]:
    """Every file of the export with its path in the export's folder, one at a time.

    `scale` is the size's (`Size.scale`): the documents were drawn that much
    larger. Pictures are drawn, encoded and handed on one by one, so that memory
    stays that of one picture whatever the resolution and the number of cards.
    """
    for document in documents:
        stem = PurePosixPath(document.file).stem
        pdf = shrink(document.pdf, scale)
        yield document.file, pdf
        say(f"{document.file}: pictures at {dpi} dpi")
        pages = first_pages(document)
        folders = deck_names(document)
        names = {
            key: picture_name(f"{stem}/{folders[key[0]]}", key[1], key[2], document.faces[n].name)
            for key, n in pages.items()
        }
        by_page = {number: names[key] for key, number in pages.items()}
        for number, picture in raster.render(pdf, pages.values(), dpi):
            yield by_page[number], raster.png(picture, dpi)
        yield f"{stem}.csv", _order(document, names)


def first_pages(document: Document) -> dict[Key, int]:
    """The page of each distinct front and of each deck's back, by (position, card, side).

    A deck's cards share one back: card 0 stands for every card's.
    """
    pages: dict[Key, int] = {}
    for number, face in enumerate(document.faces):
        key = (face.position, face.card if face.side == FRONT else 0, face.side)
        pages.setdefault(key, number)
    return pages


def deck_names(document: Document) -> dict[int, str]:
    """Each deck's name in file names, by its position: its slug, numbered if already taken."""
    decks = {face.position: face.deck for face in document.faces}
    return dict(zip(decks, unique(slug(name) for name in decks.values()), strict=True))


def unique(names: Iterable[str]) -> list[str]:
    """The names in order, each repeated one numbered (-2, -3 ...) until it is new.

    Deck names may repeat or give the same slug (`crit_a`, `crit-a`): files
    named after them must not replace each other. The numbers follow the
    decks' order in their layout file, so an export names them the same each time.
    """
    taken: set[str] = set()
    out = []
    for name in names:
        candidate, count = name, 1
        while candidate in taken:
            count += 1
            candidate = f"{name}-{count}"
        taken.add(candidate)
        out.append(candidate)
    return out


def picture_name(folder: str, card: int, side: str, name: str) -> str:
    """Where a face's picture goes in its deck's folder: the fronts numbered, the back once."""
    if side == BACK:
        return f"{folder}/back.png"
    return f"{folder}/{card + 1:03d}-{slug(name)}.png"


def slug(text: str) -> str:
    """A file name's part: lower-case letters, digits and hyphens only."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


def inert(cell: object) -> object:
    """A CSV cell a spreadsheet shows as written: text that would start a formula gets a '."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def _order(document: Document, names: dict[Key, str]) -> bytes:
    """A CSV of every distinct front: its deck, name, copies and the two pictures to print."""
    copies = Counter((f.position, f.card) for f in document.faces if f.side == FRONT)
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(ORDER_COLUMNS)
    seen = set()
    for face in document.faces:
        card = (face.position, face.card)
        if face.side != FRONT or card in seen:
            continue
        seen.add(card)
        front, back = names[face.position, face.card, FRONT], names[face.position, 0, BACK]
        row = (face.deck, face.card + 1, face.name, copies[card], front, back)
        writer.writerow([inert(cell) for cell in row])
    return stream.getvalue().encode("utf-8")
