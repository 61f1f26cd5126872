"""Challengers!'s kit as a print-and-play maker checks it (issue 20's page-by-page review).

Measured in the PDFs a user builds (English, A4 and Letter): card backs
carry nothing a duplex drift would make lopsided, a dashed line always
means "fold" (mats and tray labels mark their areas without one), the tray
labels' back page spends no ink, and every bench seat of a park mat holds a
whole card.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from bench.pdfview import Document, Page, Rect, open_pdf, same_colour
from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.packs.challengers.kit import FLAG, TILE
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
CARD = (63 * mm, 88 * mm)  # the build's default card size
DISC = 32 * mm  # the disc in the middle of every card back (cards.layout.yaml)
CLEAR = 8 * mm  # what a back keeps clear of its cut: 2 mm drift leaves 6 to 10 mm
MARGIN = 12 * mm  # the kit's page margin
RULER_BAND = 14 * mm  # the print note and ruler sit within this of the paper's edge, clear of cards


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"ch-print-{request.param}")
    result = run_cli(
        GAME, "build", "--locale", "en", "--paper", request.param, "--strict", "--out", str(out)
    )
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    return out / "en"


def back_pages(doc: Document) -> list[Page]:
    """Every page of cards.pdf that prints backs: each second page, the alignment test aside."""
    pages = [doc[i] for i in range(1, len(doc), 2)]
    return [p for p in pages if "alignment test" not in p.text()]


def in_margin(rect: Rect, page: Page) -> bool:
    """Drawn in the paper's margin band: the ruler and the print note."""
    w, h = page.width, page.height
    band = RULER_BAND
    return rect.x1 <= band or rect.y0 >= h - band or rect.x0 >= w - band or rect.y1 <= band


def test_card_backs_keep_everything_clear_of_the_cut(kit: Path) -> None:
    """Nothing within 8 mm of a back's trim, and no outline at all: a back printed 2 mm
    off its front still looks centred (the old white frame 3 mm inside the cut did not)."""
    doc = open_pdf(kit / "cards.pdf")
    checked = 0
    for page in back_pages(doc):
        drawings = page.drawings()
        discs = [
            d.rect
            for d in drawings
            if abs(d.rect.width - DISC) < 1 and abs(d.rect.height - DISC) < 1
        ]
        cards = [
            Rect(
                d.x0 + d.width / 2 - CARD[0] / 2,
                d.y0 + d.height / 2 - CARD[1] / 2,
                d.x0 + d.width / 2 + CARD[0] / 2,
                d.y0 + d.height / 2 + CARD[1] / 2,
            )
            for d in discs
        ]
        marks = [d.rect for d in drawings if d.rect.width < CARD[0]]
        marks += [line.bbox for line in page.lines()]
        for card in cards:
            safe = card.grown(-CLEAR)
            inside = [r for r in marks if card.contains(r.centre)]
            assert inside, f"page {page.number + 1}: nothing found on the back at {card}"
            for rect in inside:
                assert safe.contains(rect), (
                    f"page {page.number + 1}: {rect} within {CLEAR / mm} mm of the cut"
                )
            checked += 1
        strokes = [d for d in drawings if d.stroke is not None and not in_margin(d.rect, page)]
        assert not strokes, f"page {page.number + 1}: outlines on card backs {strokes[:2]}"
    assert checked == 327  # every back of the kit's 327 cards was measured


@pytest.mark.parametrize("name", ["cards.pdf", "parks.pdf"])
def test_no_dashed_line_where_nothing_folds(kit: Path, name: str) -> None:
    """The kit's convention: cut along solid lines, fold along dashed ones. Cards, tray
    labels and park mats do not fold, so none of their lines is dashed (tokens.pdf's
    flags keep theirs: tests/test_challengers_parts.py)."""
    for page in open_pdf(kit / name):
        found = [d.rect for d in page.drawings() if d.dashes]
        assert not found, f"{name} page {page.number + 1}: dashed lines at {found[:3]}"


def test_tray_labels_back_page_spends_no_ink(kit: Path) -> None:
    """The labels lie face up on the table: the page behind them is blank but for the ruler."""
    doc = open_pdf(kit / "cards.pdf")
    fronts = [p.number for p in doc if "Draw pile" in p.text()]
    assert len(fronts) == 1
    back = doc[fronts[0] + 1]
    inked = [
        d.rect
        for d in back.drawings()
        if not in_margin(d.rect, back) and (inks(d.fill) or inks(d.stroke))
    ]
    assert not inked, inked


def inks(colour: tuple[float, ...] | None) -> bool:
    """A colour that puts ink on white paper."""
    return colour is not None and min(colour) < 0.99


ZONE = (0xEF / 255, 0xE9 / 255, 0xDC / 255)  # pieces.layout.yaml's `zone`: a mat's areas
STRIP = 10 * mm  # what a seat keeps in view under the next: the card's strength and symbol


def test_every_bench_seat_holds_a_whole_card(kit: Path) -> None:
    """Each park page: both players' revealed-cards slots and bench seats are card-sized
    areas; the seats overlap, each leaving at least a 10 mm strip (strength, set symbol,
    the seat's number) in view, and all of them stay inside the page's margins."""
    loaded, diags = validate_project(GAME)
    assert not [d for d in diags if d.severity == "error"]
    seats = loaded.content.game.bench_seats
    doc = open_pdf(kit / "parks.pdf")
    assert len(doc) == len(loaded.content.game.parks)
    for page in doc:
        areas = [d.rect for d in page.drawings() if same_colour(d.fill, ZONE)]
        whole = [
            r for r in areas if r.width >= CARD[0] - 1.5 * mm and r.height >= CARD[1] - 1.5 * mm
        ]
        assert len(whole) == len(areas) == 2 * (seats + 1), (page.number + 1, areas)
        for half in (whole[: len(whole) // 2], whole[len(whole) // 2 :]):
            rows: dict[int, list[Rect]] = {}
            for r in half:
                rows.setdefault(round(r.y0), []).append(r)
            bench = max(rows.values(), key=len)
            assert len(bench) == seats
            lefts = sorted(r.x0 for r in bench)
            assert min(b - a for a, b in itertools.pairwise(lefts)) >= STRIP
        edge = MARGIN - 2 * mm  # the mat's frame runs 1.5 mm outside the margin
        inner = Rect(edge, edge, page.width - edge, page.height - edge)
        assert all(inner.contains(r) for r in whole)


def test_level_letters_sit_in_a_tag_of_their_colour(kit: Path) -> None:
    """A bare sans-serif "I" at a card's corner read as a stray bar: every level letter is
    printed white in a filled tag at least 5 mm tall, inside the card's 3 mm safe margin."""
    doc = open_pdf(kit / "cards.pdf")
    letters = 0
    for page in doc:
        spans = [
            s for s in page.spans() if s.text in ("A", "B", "C", "I", "R", "SOLO") and s.size < 12
        ]
        tags = [d.rect for d in page.drawings() if d.fill and d.rect.height < 8 * mm]
        for span in spans:
            under = [t for t in tags if t.contains(span.bbox.centre)]
            assert under and under[-1].height >= 5 * mm, (page.number + 1, span.text)
            assert span.colour_int == 0xFFFFFF, (page.number + 1, span.text)
            letters += 1
    assert letters >= 327  # one per card front: the kit's 327 cards


def test_park_band_places_hold_a_trophy_tile_and_a_flag(kit: Path) -> None:
    """The trophy stack and flag places on a park's band are at least as big as the pieces
    tokens.pdf makes (they were 28 x 22 mm for a 24 mm tile and a 32 x 26 mm flag)."""
    for page in open_pdf(kit / "parks.pdf"):
        places = sorted(
            (
                d.rect
                for d in page.drawings()
                if d.fill is not None and min(d.fill) > 0.99 and d.rect.width > 15 * mm
            ),
            key=lambda r: r.x0,
        )
        assert len(places) == 2, (page.number + 1, places)
        trophies, flag = places
        assert trophies.width >= TILE and trophies.height >= TILE, trophies
        assert flag.width >= FLAG[0] and flag.height >= FLAG[1], flag


def test_the_alignment_page_explains_its_enlarged_example(kit: Path) -> None:
    """Issue 38: the worked example under the note reads "X = +2, Y = +1 (\u00d7 3)"; the back
    page's text says it is an example drawn larger than life and how it reads, on every
    paper the example is drawn on (A4 and Letter)."""
    doc = open_pdf(kit / "cards.pdf")
    back = doc[len(doc) - 1]
    text = " ".join(back.text().split())
    assert "Duplex alignment test: back" in text
    times = "\u00d7"  # the multiplication sign the example and the text print
    assert f"({times} 3)" in text  # the engine's example is on this page
    assert "worked example, drawn larger than life" in text
    assert f"the number after {times} says how many times" in text
    assert "so both X and Y are plus" in text
