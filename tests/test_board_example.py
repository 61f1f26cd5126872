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
from collections import Counter
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from conftest import REPO, example_kits
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
    return example_kits(EXAMPLE, tmp_path_factory.mktemp("stormhold"))


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


MARGIN = 13 * mm  # boardtiles' margin: home printers cannot print the outer 4-7 mm
OVERLAP = 12 * mm  # the board two neighbouring tiles both print
HINT = "Cut along the solid line, lay it over the next tile so the marks meet, glue."


def _lines(page: pypdfium2.PdfPage) -> tuple[list[float], list[float]]:
    """The x of every vertical line in the page's left half and the y of every horizontal line
    in its top half, longer than 30 mm: the cut lines (a mark's cross is 8 mm, the ruler is at
    the foot)."""
    width, height = page.get_size()
    across, down = [], []
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
        left, bottom, right, top = obj.get_bounds()
        if right - left < 1 and top - bottom > 30 * mm and right < width / 2:
            down.append((left + right) / 2)
        elif top - bottom < 1 and right - left > 30 * mm and bottom > height / 2:
            across.append((bottom + top) / 2)
    return down, across


def _printed_to(page: pypdfium2.PdfPage, at: Point) -> Point:
    """How far right (along y = at[1]) and down (along x = at[0]) the board prints from a point
    inside it: the last ink before white paper, in page points."""
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    height = page.get_size()[1]
    px, py = round(at[0] * scale), round((height - at[1]) * scale)
    right = px
    while right + 1 < image.width and image.getpixel((right + 1, py)) < 245:
        right += 1
    down = py
    while down + 1 < image.height and image.getpixel((px, down + 1)) < 245:
        down += 1
    return (right + 1) / scale, height - (down + 1) / scale


def _page_marks(page: pypdfium2.PdfPage) -> list[Point]:
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in _squares(page, MARK)]


@pytest.mark.parametrize("kit", ["en-a4", "es-letter"])
def test_a_cut_line_laid_on_its_neighbour_falls_in_the_overlap(
    kits: dict[str, Path], kit: str
) -> None:
    # Lay a tile on its neighbour so their shared marks meet (a shift measured from the two
    # pages): its cut line must fall on board the neighbour prints, within the overlap, so
    # cutting along it and gluing leaves neither a white gap nor a lost row of board.
    document = pypdfium2.PdfDocument(kits[kit] / "board.pdf")
    try:
        pages = {}
        for page in list(document)[1:]:
            letter, number = TILE.findall(page.get_textpage().get_text_range())[0]
            pages[ord(letter) - ord("A"), int(number) - 1] = page
        checked = 0
        for (row, column), page in pages.items():
            down, across = _lines(page)
            for other, axis, cuts in (((row, column - 1), 0, down), ((row - 1, column), 1, across)):
                if other not in pages:
                    assert not [c for c in cuts if c < page.get_size()[axis] / 2]
                    continue
                (cut,) = cuts  # one solid line on the side that lies over the neighbour
                ours, theirs = _page_marks(page), _page_marks(pages[other])
                # The shift that brings two of our marks onto two of theirs: along the axis,
                # towards the neighbour's far side, where it prints the strip we share.
                towards = 1 if axis == 0 else -1  # right on its page, or down
                shifts = Counter(
                    (round(t[0] - o[0], 1), round(t[1] - o[1], 1)) for o in ours for t in theirs
                )
                (shift, count), *_ = [
                    (s, n)
                    for s, n in shifts.most_common()
                    if abs(s[1 - axis]) < TOLERANCE and s[axis] * towards > 0
                ]
                assert count == 2, (kit, (row, column), other, shifts)
                on_theirs = cut + shift[axis]
                inside = next(  # a shared mark: on the board the neighbour prints
                    t
                    for t in theirs
                    if any(abs(o[axis] + shift[axis] - t[axis]) < TOLERANCE for o in ours)
                )
                printed = _printed_to(pages[other], inside)[axis]
                strip = printed - on_theirs if axis == 0 else on_theirs - printed
                assert 1 * mm < strip <= OVERLAP + 0.5 * mm, (kit, (row, column), other, strip)
                checked += 1
        assert checked >= 2
    finally:
        document.close()


def test_tile_headings_print_inside_the_printable_area_above_the_board(
    kits: dict[str, Path],
) -> None:
    document = pypdfium2.PdfDocument(kits["en-a4"] / "board.pdf")
    try:
        for page in list(document)[1:]:
            width, height = page.get_size()
            textpage = page.get_textpage()
            words = textpage.get_text_range()
            letter, number = TILE.findall(words)[0]
            _down, across = _lines(page)
            if letter == "A":  # the board's top: its frame, the largest path
                tops = []
                for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
                    left, bottom, right, top = obj.get_bounds()
                    if right - left > 100 * mm and top - bottom > 100 * mm:
                        tops.append(top)
                board_top = min(tops)
            else:  # the cut line along the top of the window
                (board_top,) = across
            flat = words.replace("\r\n", " ").replace("\n", " ")
            assert f"Tile {letter}{number}" in flat and HINT.split()[0] in flat
            start = words.index("Tile")
            end = words.index("glue.") + len("glue.")
            boxes = [textpage.get_charbox(i) for i in range(start, end) if not words[i].isspace()]
            assert len(boxes) > len(HINT) // 2
            for left, bottom, right, top in boxes:
                assert top <= height - MARGIN + 0.2 * mm, (letter, number, top)
                assert bottom >= board_top, (letter, number, bottom, board_top)
                assert MARGIN - 0.2 * mm <= left and right <= width - MARGIN + 0.2 * mm
    finally:
        document.close()
