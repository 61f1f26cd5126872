"""The Stormhold example's board as printed: its tiles join, its map lists them, its poster
is the board's size with bleed. Measured in the PDFs, not trusted from the code.

Built once as a user types it (en and es on A4, es on Letter, --strict) from a copy of
`examples/stormhold/`. Each tile draws the whole board clipped to its window, so every
cell's square is a path object on the page: the top-left corner of the A1 cell is the
board's grid origin on that page. An alignment mark is a 5 mm circle. Two tiles join
when the marks they share sit at the same place relative to the grid on both pages.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from conftest import REPO, assert_no_crash, run_cli
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

EXAMPLE = REPO / "examples" / "stormhold"
CELL = 24 * mm  # content/game.yaml's cell_mm
BOARD = 11 * CELL + 2 * 10 * mm  # eleven cells and the 10 mm frame each side
BLEED = 3 * mm
MARK = 5 * mm  # an alignment mark's circle
TOLERANCE = 0.2 * mm
TILE = re.compile(r"\b([A-Z])(\d{1,2})\b")  # a tile's name; coordinates are a letter or a number
Point = tuple[float, float]


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("stormhold") / "stormhold"
    shutil.copytree(EXAMPLE, root)
    out = root.parent / "out"
    for paper, args in (("a4", ()), ("letter", ("--paper", "letter", "--locale", "es"))):
        result = run_cli(root, "build", "--strict", "--force", "--out", str(out / paper), *args)
        assert_no_crash(result)
        assert result.exit_code == 0, result.stdout + result.stderr
    return {
        "en-a4": out / "a4" / "en",
        "es-a4": out / "a4" / "es",
        "es-letter": out / "letter" / "es",
    }


def _squares(page: pypdfium2.PdfPage, side: float) -> list[tuple[float, float, float, float]]:
    """The bounds of every path object about `side` wide and high."""
    found = []
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
        left, bottom, right, top = obj.get_bounds()
        if abs(right - left - side) < 1 * mm and abs(top - bottom - side) < 1 * mm:
            found.append((left, bottom, right, top))
    return found


def _tiles(path: Path) -> dict[tuple[int, int], list[Point]]:
    """Each tile page's (row, column) → its marks' centres, from the grid's origin (x right,
    y down, points)."""
    tiles = {}
    document = pypdfium2.PdfDocument(path)
    try:
        for page in list(document)[1:]:  # the assembly map first
            names = TILE.findall(page.get_textpage().get_text_range())
            assert len(names) == 1, names
            letter, number = names[0]
            cells = _squares(page, CELL)
            assert len(cells) >= 121  # every cell of the board, drawn clipped to the window
            origin = (min(c[0] for c in cells), max(c[3] for c in cells))
            marks = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in _squares(page, MARK)]
            key = (ord(letter) - ord("A"), int(number) - 1)
            tiles[key] = [(x - origin[0], origin[1] - y) for x, y in marks]
    finally:
        document.close()
    return tiles


def _shared(ours: list[Point], theirs: list[Point]) -> list[Point]:
    return [
        p
        for p in ours
        if any(abs(p[0] - q[0]) < TOLERANCE and abs(p[1] - q[1]) < TOLERANCE for q in theirs)
    ]


@pytest.mark.parametrize("kit", ["en-a4", "es-letter"])
def test_neighbouring_tiles_share_marks_at_the_same_board_point(
    kits: dict[str, Path], kit: str
) -> None:
    tiles = _tiles(kits[kit] / "board.pdf")
    rows = 1 + max(row for row, _ in tiles)
    columns = 1 + max(column for _, column in tiles)
    assert len(tiles) == rows * columns > 1
    for (row, column), marks in tiles.items():
        neighbours = [(row, column + 1), (row + 1, column)]
        for other in (n for n in neighbours if n in tiles):
            shared = _shared(marks, tiles[other])
            assert len(shared) >= 2, (kit, (row, column), other, marks, tiles[other])
        # Every mark a tile prints is one a neighbour prints too: none is lost at the edge.
        around = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
        theirs = [p for n in around if n in tiles for p in tiles[n]]
        assert len(_shared(marks, theirs)) == len(marks), (kit, (row, column))


@pytest.mark.parametrize("kit", ["en-a4", "es-a4", "es-letter"])
def test_the_assembly_map_names_every_tile(kits: dict[str, Path], kit: str) -> None:
    path = kits[kit] / "board.pdf"
    tiles = _tiles(path)
    document = pypdfium2.PdfDocument(path)
    try:
        words = document[0].get_textpage().get_text_range()
    finally:
        document.close()
    named = {(ord(a) - ord("A"), int(n) - 1) for a, n in TILE.findall(words)}
    assert named == set(tiles)


@pytest.mark.parametrize("kit, paper", [("en-a4", A4), ("es-letter", LETTER)])
def test_tiles_are_printed_on_the_kits_paper(kits: dict[str, Path], kit: str, paper: Point) -> None:
    document = pypdfium2.PdfDocument(kits[kit] / "board.pdf")
    try:
        for page in document:
            assert sorted(page.get_size()) == pytest.approx(sorted(paper), abs=0.5)
    finally:
        document.close()


@pytest.mark.parametrize("kit", ["en-a4", "es-letter"])
def test_the_poster_is_the_board_with_its_bleed(kits: dict[str, Path], kit: str) -> None:
    document = pypdfium2.PdfDocument(kits[kit] / "board-print-shop.pdf")
    try:
        assert len(document) == 1
        page = document[0]
        assert page.get_size() == pytest.approx((BOARD + 2 * BLEED,) * 2, abs=0.1 * mm)
        left, bottom, right, top = page.get_trimbox()
        assert (left, bottom) == pytest.approx((BLEED, BLEED), abs=0.1 * mm)
        assert (right - left, top - bottom) == pytest.approx((BOARD, BOARD), abs=0.1 * mm)
    finally:
        document.close()


def test_the_tokens_are_one_sided_and_37(kits: dict[str, Path]) -> None:
    document = pypdfium2.PdfDocument(kits["en-a4"] / "tokens.pdf")
    try:
        words = " ".join(page.get_textpage().get_text_range() for page in document).split()
    finally:
        document.close()
    counts = {name: words.count(name) for name in ("Keeper", "Warden", "Raider")}
    assert counts == {"Keeper": 1, "Warden": 12, "Raider": 24}


def test_the_spanish_kit_prints_its_board_words(kits: dict[str, Path]) -> None:
    document = pypdfium2.PdfDocument(kits["es-a4"] / "board.pdf")
    try:
        words = " ".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    assert "Hogar" in words and "Refugio" in words and "Hoja A1" in words
