"""Decks told apart in exports: by their place, never by a name that may repeat.

Two decks of a layout file may share a name or give the same file name
(`crit_a`, `crit-a`), and two kit files' stems and deck names may join into
the same name (`cards` + `x-y`, `cards-x` + `y`): every deck keeps its own
cards and its own back, and no file replaces another. Most tests run the
exports on small made-up documents (each page a plain colour, so a picture
shows which page it came from); one runs the commands on tidewrack with its
layout given two more decks.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.core.printing import PrintSettings
from ttgbuild.export.faces import Document
from ttgbuild.export.printshop import inert, print_shop
from ttgbuild.export.tts import tts
from ttgbuild.render.layout.apart import BACK, FRONT, Face

SETTINGS = PrintSettings()
DPI = 20  # small pictures: what is measured is which page they show


def _document(file: str, decks: list[tuple[str, int]]) -> Document:
    """A document drawn apart: each deck's cards, front then back; page n is grey n."""
    faces = [
        Face(deck, position, card, side, f"{deck} {card + 1}", f"{deck.title()} {card + 1}")
        for position, (deck, count) in enumerate(decks)
        for card in range(count)
        for side in (FRONT, BACK)
    ]
    document = Document(file, b"", faces)
    backs = _first_backs(document)
    buffer = io.BytesIO()
    side = SETTINGS.card_width + 2 * SETTINGS.bleed, SETTINGS.card_height + 2 * SETTINGS.bleed
    canvas = Canvas(buffer, pagesize=side)
    for number, face in enumerate(faces):
        # A deck's backs are alike: the grey of its first back page.
        grey = _grey(backs[face.position] if face.side == BACK else number)
        canvas.setFillColorRGB(grey / 255, grey / 255, grey / 255)
        canvas.rect(0, 0, *side, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return Document(file, buffer.getvalue(), faces)


def _first_backs(document: Document) -> dict[int, int]:
    """The page of each deck's first back, by the deck's position."""
    pages: dict[int, int] = {}
    for number, face in enumerate(document.faces):
        if face.side == BACK:
            pages.setdefault(face.position, number)
    return pages


def _grey(number: int) -> int:
    return 5 * number


def _shade(data: bytes) -> int:
    """The grey a picture shows, read at its centre."""
    with Image.open(io.BytesIO(data)) as image:
        return image.getpixel((image.width // 2, image.height // 2))[0]


def _written(files: list[tuple[str, bytes]]) -> dict[str, bytes]:
    names = [name for name, _data in files]
    assert len(names) == len(set(names)), Counter(names).most_common(3)  # none replaced
    return dict(files)


def test_decks_whose_names_give_the_same_file_name_keep_their_own_pictures() -> None:
    document = _document("cards.pdf", [("crit_a", 2), ("crit-a", 3)])
    files = _written(list(print_shop([document], DPI)))
    rows = list(csv.DictReader(io.StringIO(files["cards.csv"].decode())))
    assert [(row["deck"], row["card"]) for row in rows] == [
        ("crit_a", "1"),
        ("crit_a", "2"),
        ("crit-a", "1"),
        ("crit-a", "2"),
        ("crit-a", "3"),
    ]
    backs = {row["deck"]: row["back"] for row in rows}
    assert backs == {"crit_a": "cards/crit-a/back.png", "crit-a": "cards/crit-a-2/back.png"}
    # Each row's pictures show its own deck's pages: front n of deck d, d's back.
    fronts = [(n, face) for n, face in enumerate(document.faces) if face.side == FRONT]
    backs = _first_backs(document)
    for row, (page, face) in zip(rows, fronts, strict=True):
        assert _shade(files[row["front"]]) == _grey(page)
        assert _shade(files[row["back"]]) == _grey(backs[face.position])


def test_two_decks_of_one_name_are_two_decks() -> None:
    document = _document("cards.pdf", [("relics", 2), ("relics", 4)])
    files = _written(list(print_shop([document], DPI)))
    rows = list(csv.DictReader(io.StringIO(files["cards.csv"].decode())))
    assert len(rows) == 6 and {row["back"] for row in rows} == {
        "cards/relics/back.png",
        "cards/relics-2/back.png",
    }
    saved = json.loads(_written(list(tts([document], SETTINGS)))["saved-object.json"])
    assert [len(deck["DeckIDs"]) for deck in saved["ObjectStates"]] == [2, 4]


def test_tts_names_joined_from_stem_and_deck_never_collide() -> None:
    documents = [_document("cards.pdf", [("x-y", 3)]), _document("cards-x.pdf", [("y", 12)])]
    files = _written(list(tts(documents, SETTINGS)))
    saved = json.loads(files["saved-object.json"])
    small, big = saved["ObjectStates"]
    assert [len(small["DeckIDs"]), len(big["DeckIDs"])] == [3, 12]
    for deck in (small, big):
        (sheet,) = deck["CustomDeck"].values()
        # The grid holds the deck's own cards and the hidden slot, no more rows than that.
        slots = sheet["NumWidth"] * sheet["NumHeight"]
        assert slots > len(deck["DeckIDs"]) >= slots - sheet["NumWidth"]
        with Image.open(io.BytesIO(files[sheet["FaceURL"]])) as picture:
            width = picture.width // sheet["NumWidth"]
            height = picture.height // sheet["NumHeight"]
            first = picture.getpixel((width // 2, height // 2))[0]
        assert first == _grey(0)  # the sheet's first slot is its own deck's first front
        assert _shade(files[sheet["BackURL"]]) == _grey(1)


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("kelp-darter", "kelp-darter"),
        (3, 3),
    ],
)
def test_cells_that_would_start_a_formula_are_made_text(cell: object, shown: object) -> None:
    assert inert(cell) == shown


@pytest.fixture(scope="module")
def three_decks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Tidewrack with two more decks of critters: one named as the first, one `critters_`."""
    root = tmp_path_factory.mktemp("decks")
    project = Path(shutil.copytree(REPO / "examples" / "tidewrack", root / "tidewrack"))
    layout = project / "pack" / "layouts" / "critter.layout.yaml"
    more = (
        "  - name: critters\n    back: back\n    cards:\n"
        + "      - {face: critter, each: content.critters, copies: '1'}\n"
        + "  - name: critters_\n    back: back\n    cards:\n"
        + "      - {face: critter, each: content.critters, copies: '2'}\n"
    )
    text = layout.read_text(encoding="utf-8")
    # After the layout's own deck, before the next top-level key (the alignment test).
    start = text.index("\ndecks:\n") + len("\ndecks:\n")
    after = re.search(r"^[a-z_]+:", text[start:], re.MULTILINE)
    end = start + after.start() if after else len(text)
    layout.write_text(text[:end].rstrip("\n") + "\n" + more + text[end:], encoding="utf-8")
    out = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TTGBUILD_CACHE_DIR", str(root / "cache"))
        for command, options in (("print-shop", ["--dpi", "72"]), ("tts", [])):
            result = run_cli(project, "export", command, "--out", str(root / command), *options)
            assert_no_crash(result)
            assert result.exit_code == 0, result.stdout + result.stderr
            out[command] = root / command / "en"
    return out


def test_every_deck_of_a_layout_reaches_the_print_shop_with_its_own_back(
    three_decks: dict[str, Path],
) -> None:
    folder = three_decks["print-shop"]
    with (folder / "cards.csv").open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert Counter(row["deck"] for row in rows) == {"critters": 12, "critters_": 6}
    backs = Counter(row["back"] for row in rows)
    assert backs == {
        "cards/critters/back.png": 6,
        "cards/critters-2/back.png": 6,
        "cards/critters-3/back.png": 6,
    }
    assert all(
        (folder / row["front"]).is_file() and (folder / row["back"]).is_file() for row in rows
    )
    copies = [int(row["copies"]) for row in rows]
    assert copies[6:] == [1] * 6 + [2] * 6


def test_every_deck_of_a_layout_reaches_the_table_under_printed_names(
    three_decks: dict[str, Path],
) -> None:
    saved = json.loads((three_decks["tts"] / "saved-object.json").read_text(encoding="utf-8"))
    decks = saved["ObjectStates"]
    assert [deck["Nickname"] for deck in decks] == ["critters", "critters", "critters_"]
    assert [len(deck["DeckIDs"]) for deck in decks][1:] == [6, 12]
    names = {card["Nickname"] for deck in decks for card in deck["ContainedObjects"]}
    assert "Barnacle Brute" in names and "barnacle-brute" not in names
    urls = [sheet["FaceURL"] for deck in decks for sheet in deck["CustomDeck"].values()]
    assert urls == ["cards-critters-1.png", "cards-critters-2-1.png", "cards-critters-3-1.png"]
