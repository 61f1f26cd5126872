"""The printable kit as a user builds it: files, pages, text, fonts, marks, backs, fitting."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from bench.pdfview import Document, Page, fonts, open_pdf, same_colour
from tests.conftest import declare_departures
from ttgbuild.core.printing import Duplex, PrintSettings
from ttgbuild.packs.jugger.render import theme
from ttgbuild.packs.jugger.render.tiling import board_size, tiling
from ttgbuild.render import style
from ttgbuild.render.sheet import MARK_LENGTH, card_grid, mark_lines

FILES = (
    "cards.pdf",
    "tokens.pdf",
    "board.pdf",
    "board-print-shop.pdf",
    "quickref.pdf",
    "rules.pdf",
    "guide.pdf",
)
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
TOLERANCE = 0.1 * mm


@pytest.fixture
def built(project, run):
    """Build the project's kit (English, A4) once for a test; returns the output folder."""

    def make(*args: str) -> Path:
        out = project.path("output")
        result = run("build", "--out", str(out), *args)
        assert result.exit_code == 0, result.output
        return out / "en"

    return make


def page_sizes(doc: Document) -> set[tuple[float, float]]:
    return {(round(p.width, 2), round(p.height, 2)) for p in doc}


def test_build_writes_every_file_and_says_so(built, project):
    out = built()
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES)
    for name in FILES:
        assert len(open_pdf(out / name)) > 0


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_pages_have_the_chosen_paper_size(built, paper, size):
    out = built("--paper", paper)
    for name in ("cards.pdf", "tokens.pdf", "quickref.pdf", "rules.pdf", "guide.pdf"):
        assert page_sizes(open_pdf(out / name)) == {size}, name
    landscape = (size[1], size[0])
    assert page_sizes(open_pdf(out / "board.pdf")) <= {size, landscape}  # tiles, map, mats
    (poster,) = open_pdf(out / "board-print-shop.pdf")  # the full-size board: test_parts.py
    assert poster.width > 1000


def expected_card_pages(project, per_page: int = 9) -> int:
    kit = project.read("content/kit.yaml")
    heroes = len(list(project.path("content/heroes").glob("*.yaml")))
    decks = [heroes, sum(kit["weapon_cards"].values()), kit["stone_cards"], kit["point_cards"]]
    fronts = sum(math.ceil(n / per_page) for n in decks)
    return 2 * fronts + 2  # each front has its back; plus the duplex test's two sides


def test_card_page_count_follows_the_content(built, project):
    assert len(open_pdf(built() / "cards.pdf")) == expected_card_pages(project)
    project.edit("content/kit.yaml", lambda kit: kit.update(stone_cards=19))
    declare_departures(project.root)  # more stone cards than the box's, on purpose
    assert len(open_pdf(built() / "cards.pdf")) == expected_card_pages(project)
    assert expected_card_pages(project) == 32 + 2


def test_every_hero_name_is_printed_on_cards_and_tokens(built, project):
    out = built()
    names = [
        project.read(f"content/heroes/{p.name}")["name"]
        for p in project.path("content/heroes").glob("*.yaml")
    ]
    for name in ("cards.pdf", "tokens.pdf"):
        text = " ".join(" ".join(page.text().split()) for page in open_pdf(out / name))
        missing = [n for n in names if n not in text]
        assert not missing, (name, missing)


def test_all_fonts_are_embedded_truetype_fira(built):
    out = built()
    for name in FILES:
        doc = open_pdf(out / name)
        used = {font for number in range(len(doc)) for font in fonts(doc, number)}
        assert used, name
        for basefont, kind, embedded in used:
            assert embedded == "FontFile2" and kind == "TrueType", (name, basefont, embedded, kind)
            assert "Fira" in basefont, (name, basefont)


def segments(page: Page) -> list[tuple[float, float, float, float]]:
    """Every straight line drawn on a page, in PDF points with y measured from the bottom."""
    height = page.height
    lines = []
    for drawing in page.drawings():
        for item in drawing.items:
            if item[0] == "l":
                a, b = item[1], item[2]
                lines.append((a.x, height - a.y, b.x, height - b.y))
    return lines


def test_crop_marks_sit_on_every_cut_line_outside_the_bleed(built):
    page = open_pdf(built() / "cards.pdf")[0]
    grid = card_grid(PrintSettings())
    xs, ys = grid.cuts()
    # Each mark is drawn twice: a white halo, then the black line (sheet.crop_marks).
    found = [s for s in segments(page) if abs(math.dist(s[:2], s[2:]) - MARK_LENGTH) < TOLERANCE]
    marks = {tuple(round(v, 1) for v in s) for s in found}
    expected = mark_lines(grid)  # A4's side marks are pulled in to 5 mm from the paper's edge
    for e in expected:
        assert any(close(s, e) or close(s, (*e[2:], *e[:2])) for s in marks), e
        assert e[0] == e[2] in xs or e[1] == e[3] in ys
    assert len(marks) == len(expected) == 2 * (len(xs) + len(ys))


def filled_rects(page: Page, colour) -> list[tuple[float, float, float, float]]:
    """Rectangles filled with one colour, as (x, y, width, height) with y from the bottom."""
    want = (colour.red, colour.green, colour.blue)
    out = []
    for drawing in page.drawings():
        if same_colour(drawing.fill, want) and drawing.kinds[0] == "re":
            r = drawing.rect
            out.append((r.x0, page.height - r.y1, r.width, r.height))
    return out


def close(a, b) -> bool:
    return all(abs(p - q) < TOLERANCE for p, q in zip(a, b, strict=True))


def test_cards_sit_where_the_imposition_says(built):
    page = open_pdf(built() / "cards.pdf")[0]
    grid = card_grid(PrintSettings())
    rects = filled_rects(page, style.CARD_TINT)
    for index in range(grid.capacity):
        expected = grid.bleed_box(*grid.cell(index))
        assert any(close(r, expected) for r in rects), (index, expected)


@pytest.mark.parametrize("duplex", [Duplex.long, Duplex.short])
def test_back_cells_mirror_their_fronts(built, project, duplex):
    # 10 stone cards: the second stone page holds one card, in the top-left cell.
    doc = open_pdf(built("--duplex", duplex.value) / "cards.pdf")
    grid = card_grid(PrintSettings())
    colour = theme.DECK_COLOURS["stone"]
    stone_pages = [
        i for i, p in enumerate(doc) if "Stone" in p.text() and filled_rects(p, style.CARD_TINT)
    ]
    front = stone_pages[-1]
    assert len(filled_rects(doc[front], style.CARD_TINT)) == 1
    backs = filled_rects(doc[front + 1], colour)
    row, column = grid.back_cell(0, 0, duplex)
    assert (row, column) == ((0, 2) if duplex is Duplex.long else (2, 0))
    x, y = grid.origin(row, column)
    assert len(backs) == 1
    bx, by, bw, bh = backs[0]
    assert bx <= x + TOLERANCE and bx + bw >= x + grid.cell_width - TOLERANCE
    assert by <= y + TOLERANCE and by + bh >= y + grid.cell_height - TOLERANCE


def test_back_offset_moves_the_backs(built):
    plain = open_pdf(built() / "cards.pdf")
    shifted = open_pdf(built("--back-offset", "1.5,-2") / "cards.pdf")
    colour = theme.DECK_COLOURS["hero"]
    a = sorted(filled_rects(plain[1], colour))
    b = sorted(filled_rects(shifted[1], colour))
    assert len(a) == len(b) == 9
    for ra, rb in zip(a, b, strict=True):
        assert abs(rb[0] - ra[0] - 1.5 * mm) < TOLERANCE
        assert abs(rb[1] - ra[1] + 2 * mm) < TOLERANCE


def test_two_builds_are_byte_identical(project, run, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    for name in ("one", "two"):
        assert run("build", "--out", str(project.path(name))).exit_code == 0
    for file in FILES:
        one = project.path(f"one/en/{file}").read_bytes()
        two = project.path(f"two/en/{file}").read_bytes()
        assert one == two, file


def test_overflow_is_reported_with_its_place_and_strict_fails(project, run):
    out = project.path("output")
    result = run("build", "--out", str(out), "--card-size", "40x50")
    assert result.exit_code == 0, result.output
    line = next(x for x in result.stdout.splitlines() if "aoife-callinan" in x)
    assert line.startswith("content/heroes/aoife-callinan.yaml:16:")
    assert "warning JT901: en: hero card 'Aoife Callinan', talents: text does not fit:" in line
    assert "mm too tall at the smallest size" in line
    assert "; box declared at ttgbuild/packs/jugger/data/layouts/cards.layout.yaml:" in line
    before = (out / "en" / "cards.pdf").read_bytes()
    strict = run(
        "build", "--out", str(out), "--card-size", "40x50", "--strict", "--paper", "letter"
    )
    assert strict.exit_code == 1
    assert "nothing written" in strict.stderr
    assert (out / "en" / "cards.pdf").read_bytes() == before  # the previous kit is kept


def test_markup_characters_print_literally(project, built):
    project.replace(
        "content/talents/hip-throw.yaml", 'name: "Hip Throw"', 'name: "Hip & <b>Throw</b>"'
    )
    project.edit("content/teams.yaml", lambda d: d["teams"][2].update(name="Goats & <Kids> &amp;"))
    text = "".join(page.text() for page in open_pdf(built() / "cards.pdf"))
    assert "Hip & <b>Throw</b>" in text
    assert "Goats & <Kids> &amp;" in text


def test_content_errors_mean_nothing_is_written(project, run):
    out = project.path("output")
    project.replace("content/heroes/aoife-callinan.yaml", "reflexes: 4", "reflexes: 9")
    result = run("build", "--out", str(out))
    assert result.exit_code == 1
    assert "content/heroes/aoife-callinan.yaml:" in result.stdout
    assert not out.exists()


def test_progress_stays_quiet_when_not_on_a_terminal(project, run):
    result = run("build", "--out", str(project.path("output")))
    assert "\r" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith(f"build: wrote {len(FILES)} files for en to ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--locale", "xx"), "no catalog for locale(s) xx"),
        (("--card-size", "huge"), "is not WIDTHxHEIGHT"),
        (("--back-offset", "3"), "is not X,Y in mm"),
        (("--paper", "a3"), "a3"),
    ],
)
def test_bad_build_options_are_usage_errors(run, args, message):
    result = run("build", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_board_tiles_cover_the_board_with_overlap(built):
    settings = PrintSettings()
    from ttgbuild.packs.jugger.model import Board

    tiles = tiling(board_size(Board(20, 11, (9, 5), {}, {}, (), None)), settings.page)  # type: ignore[arg-type]
    doc = open_pdf(built() / "board.pdf")
    labels = [p.text() for p in doc]
    for row in range(tiles.rows):
        for column in range(tiles.columns):
            name = f"{chr(65 + row)}{column + 1}"
            assert any(f"Board tile {name}" in text for text in labels), name
    assert "Board assembly map" in labels[0]


def test_characters_the_font_lacks_are_reported_not_boxed(project, run):
    project.replace("content/talents/hip-throw.yaml", 'name: "Hip Throw"', 'name: "Hip 投げ"')
    result = run("build", "--out", str(project.path("output")))
    assert result.exit_code == 0
    assert (
        "content/heroes/ines-carbonell.yaml:16:10: warning JT902: en: hero card "
        "'Inés Carbonell', talents: text cannot be drawn: the font has no glyph for "
        "U+3052 U+6295; box declared at ttgbuild/packs/jugger/data/layouts/cards.layout.yaml:"
    ) in result.stdout
    strict = run("build", "--out", str(project.path("strict")), "--strict")
    assert strict.exit_code == 1
    assert not project.path("strict").exists()


def test_greek_and_cyrillic_print_with_the_embedded_fonts(project, built):
    project.replace("content/talents/hip-throw.yaml", 'name: "Hip Throw"', 'name: "Ωμέγα Бросок"')
    text = "".join(page.text() for page in open_pdf(built() / "cards.pdf"))
    assert "Ωμέγα Бросок" in text


def test_portraits_print_from_inside_content_and_bad_ones_are_reported(project, run):
    from PIL import Image

    Image.new("RGB", (40, 40), (200, 30, 30)).save(project.path("content/portraits.png"))
    project.write_text("content/broken.png", b"not an image")
    project.replace(
        "content/heroes/aoife-callinan.yaml", "cost: 12", "cost: 12\nportrait: portraits.png"
    )
    project.replace(
        "content/heroes/ines-carbonell.yaml", "cost: 11", "cost: 11\nportrait: broken.png"
    )
    result = run("build", "--out", str(project.path("output")))
    assert result.exit_code == 0, result.output
    assert (
        "content/heroes/ines-carbonell.yaml:8:11: warning JT903: en: hero card "
        "'Inés Carbonell', portrait: cannot print: portrait 'broken.png' cannot be read as "
        "an image"
    ) in result.stdout
    doc = open_pdf(project.path("output/en/cards.pdf"))
    assert sum(page.image_count() for page in doc) == 1
