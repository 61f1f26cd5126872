"""Pocket-Tactics' printed pieces read as the rules mean them: on every tunnel tile, in
every locale and paper, the grooves (which change movement) cross no word and no
hazard badge; mat slots are the tokens' shape and size.

Measured on the built PDFs (drawings and text positions: bench/pdfview.py), from one
build per paper size of all three locales, shared by the module.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from bench.pdfview import Page, Point, Rect, open_pdf, same_colour
from tests.conftest import assert_no_crash, run_cli
from ttgbuild.packs.pockettactics.kit.art import GROOVE, HAZARD, SLOT
from ttgbuild.packs.pockettactics.kit.reference import worked_example
from ttgbuild.render import fonts, text

GAME = Path(__file__).resolve().parents[1] / "games" / "pocket-tactics"
LOCALES = ("en", "es", "de")
MM = 72 / 25.4


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"pocket-tactics-{request.param}")
    args = ["build", "--out", str(out), "--locale", ",".join(LOCALES), "--paper"]
    result = run_cli(GAME, *args, request.param, "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "no problems found" in result.output  # no overflow (JT901)
    return out


def _grooves(page: Page) -> list[Rect]:
    """Each groove's stroked area: the box around its line widened by the line width to
    both sides (butt ends), so a slanted groove's box is a little larger than it."""
    out = []
    for drawing in page.drawings():
        if not same_colour(drawing.stroke, GROOVE.rgb()):
            continue
        for _kind, start, end in drawing.items:
            dx, dy = end.x - start.x, end.y - start.y
            scale = drawing.width / 2 / (dx * dx + dy * dy) ** 0.5
            nx, ny = -dy * scale, dx * scale  # half the width, across the line
            corners = [Point(p.x + s * nx, p.y + s * ny) for p in (start, end) for s in (1, -1)]
            out.append(Rect.around(corners))
    return out


def _badges(page: Page) -> list[Rect]:
    return [d.rect for d in page.drawings() if same_colour(d.fill, HAZARD.rgb())]


@pytest.mark.parametrize("locale", LOCALES)
def test_no_groove_crosses_a_word_or_a_hazard_badge(kit: Path, locale: str) -> None:
    grooves = 0
    for number, page in enumerate(open_pdf(kit / locale / "tiles.pdf"), 1):
        words, badges = page.words(), _badges(page)
        for groove in _grooves(page):
            grooves += 1
            hits = [word for word, box in words if box.intersects(groove)]
            assert not hits, f"page {number}: a groove at {groove} crosses {hits}"
            assert not any(b.intersects(groove) for b in badges), (
                f"page {number}: a groove at {groove} crosses a hazard badge"
            )
    assert grooves >= 10  # the content's tunnel tiles were found (each groove drawn once)


def test_mat_slots_are_tinted_token_squares_and_no_dashed_line_but_the_die_nets(
    kit: Path,
) -> None:
    """Slots are filled, not outlined: in the kit a dashed line is a fold, a solid one a
    cut, and a mat is neither. Every dashed line of a mat page is a die net's fold,
    below the mat."""
    for page in open_pdf(kit / "en" / "mats.pdf"):
        drawings = page.drawings()
        slots = [d.rect for d in drawings if same_colour(d.fill, SLOT.rgb())]
        assert len(slots) == 10  # reserve and captured: the largest army, twice
        for slot in slots:
            assert slot.width == pytest.approx(slot.height, abs=0.5)
            assert 24 * MM < slot.width <= 28 * MM  # a 24 mm token and 1.5 mm each side
        mat_bottom = max(slot.y1 for slot in slots)
        dashed = [d for d in drawings if d.dashes]
        assert dashed  # the die nets' folds
        assert all(d.rect.y0 > mat_bottom for d in dashed)


def test_worked_example_words_go_through_the_fitter_which_sees_a_long_one() -> None:
    """The example's captions and marks are fitted by the context's fitter (which reports
    JT901), not shrunk quietly: a caption too long for its place comes back not fitting."""
    fonts.register()
    fitted: list[tuple[str, text.Fitted]] = []

    def fit(paragraphs, *args, **kwargs) -> text.Fitted:
        block = text.fit(paragraphs, *args, **kwargs)
        fitted.append(("".join(span.text for span in paragraphs[0]), block))
        return block

    rolled = {
        "strike": {"offence": [6], "defence": [1]},
        "counter": {"offence": [6, 4], "defence": [6, 3]},
    }
    labels = {"attacker": "Attacker", "defender": "Defender", "hit": "hit", "tie": "tie"}
    long = {**labels, "captured": "both captured " * 12}
    canvas = Canvas(io.BytesIO())
    worked_example(canvas, 0, 0, 80 * MM, 30 * MM, labels, rolled, fit)
    assert fitted and all(block.fits for _words, block in fitted)
    fitted.clear()
    worked_example(canvas, 0, 0, 80 * MM, 30 * MM, long, rolled, fit)
    assert [words for words, block in fitted if not block.fits] == [long["captured"]]


def test_every_hex_fits_one_duplex_sheet_on_a4_and_keeps_clear_of_the_paper_edge(
    kit: Path,
) -> None:
    """Six columns of hexes fit A4 as they fit Letter: the kit's 41 hexes are one
    sheet (fronts and backs) on A4, not a second sheet 85 % empty; no hex comes
    within 5 mm of the paper's edge, which home printers cannot print."""
    pdf = open_pdf(kit / "en" / "tiles.pdf")
    width, height = pdf[0].width, pdf[0].height
    if round(width / MM) == 210:  # A4
        assert len(pdf) == 2
    for page in pdf:
        hexes = [d.rect for d in page.drawings() if d.rect.height > 30 * MM]
        assert hexes
        left = min(r.x0 for r in hexes)
        right = max(r.x1 for r in hexes)
        assert left >= 5 * MM and width - right >= 5 * MM
        assert min(r.y0 for r in hexes) >= 5 * MM and height - max(r.y1 for r in hexes) >= 5 * MM


def test_card_backs_have_no_line_a_duplex_drift_would_show(kit: Path) -> None:
    """A back page draws no stroked line inside its grid (a frame near the cut shows a
    1-2 mm drift as an uneven border); its ground runs into the bleed."""
    pdf = open_pdf(kit / "en" / "cards.pdf")
    for number in range(1, len(pdf), 2):  # each front page is followed by its backs
        drawings = pdf[number].drawings()
        ground = max((d for d in drawings if d.fill), key=lambda d: d.rect.area)
        inside = [
            d.rect
            for d in drawings
            if d.stroke and d.rect.intersects(ground.rect) and d.width > 0.5
        ]
        assert not inside, f"page {number + 1}: lines {inside[:3]} on the backs"


@pytest.mark.parametrize("locale", LOCALES)
def test_reference_pages_fill_both_columns(kit: Path, locale: str) -> None:
    """Whole sections flow into two columns at the largest type size that fits: each
    column's text reaches at least 60 % of the way down (at the engine's usual 10 pt
    one column of each page stopped near 30 %)."""
    for number, page in enumerate(open_pdf(kit / locale / "reference.pdf"), 1):
        _assert_columns_used(page, f"reference.pdf page {number}", 0.6)


def _assert_columns_used(page: Page, where: str, least: float) -> None:
    width, height = page.width, page.height
    top, bottom = 23 * MM, height - 14 * MM  # below the title band, above the foot
    words = [word.bbox for word in page.words()]
    for name, column in (
        ("left", lambda r: r.x1 < width / 2),
        ("right", lambda r: r.x0 > width / 2),
    ):
        lowest = max((r.y1 for r in words if column(r) and top < r.y0 < bottom), default=top)
        used = (lowest - top) / (bottom - top)
        assert used >= least, f"{where}: the {name} column's text stops {used:.0%} of the way down"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_guide_uses_both_columns(kit: Path, locale: str) -> None:
    """The guide's sections and its cutting and folding diagrams fill both columns
    (its second column was empty); the print plan's table, wide in German, holds
    the type size down, so half a column is the floor here."""
    pdf = open_pdf(kit / locale / "guide.pdf")
    assert len(pdf) == 1
    _assert_columns_used(pdf[0], "guide.pdf", 0.5)
