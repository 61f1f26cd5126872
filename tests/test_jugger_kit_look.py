"""Jugger's kit as a print-and-play maker looks at it, measured on the built PDFs.

The kit's one convention for lines is cut solid, fold dashed: a dashed line on the
board or the player mats (neither is folded) reads as a fold, so none is drawn there.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import REPO, run_cli
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bench.pdfview import Page, Point, Rect, open_pdf, same_colour
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.model import Weapon
from ttgbuild.packs.jugger.render import cards, theme
from ttgbuild.source.loader import load_content


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Jugger's English kit on A4 and on Letter: each locale folder, by paper."""
    built = {}
    for paper in ("a4", "letter"):
        out = tmp_path_factory.mktemp(f"jugger-look-{paper}")
        result = run_cli(REPO, "build", "--out", str(out), "--locale", "en", "--paper", paper)
        assert result.exit_code == 0, result.output
        built[paper] = out / "en"
    return built


@pytest.fixture(scope="module")
def kit(kits: dict[str, Path]) -> Path:
    """The A4 kit."""
    return kits["a4"]


def dashed(path: Path) -> list[tuple[int, tuple[float, ...]]]:
    """Each page (from 1) of the file with a dashed stroke, and the dash pattern."""
    found = []
    for page in open_pdf(path):
        for drawing in page.drawings():
            if drawing.stroke is not None and drawing.dashes:
                found.append((page.number + 1, drawing.dashes))
    return found


@pytest.mark.parametrize("name", ["board.pdf", "board-print-shop.pdf"])
def test_board_and_mats_draw_no_dashed_line(kit: Path, name: str) -> None:
    assert dashed(kit / name) == []


def test_the_mats_draw_their_zone_names_over_the_slots(kit: Path) -> None:
    """Each slot's panel is painted before the text on it, so no panel hides a zone's name."""
    document = open_pdf(kit / "board.pdf")
    for page in list(document)[-2:]:
        fills = [d for d in page.drawings() if d.fill is not None]
        spans = [s for s in page.runs() if s.text]
        words = "".join(s.text for s in spans)
        assert "Inplay" in words.replace(" ", "") and "Reserve" in words
        for span in spans:
            under = [d for d in fills if d.rect.contains(span.bbox)]
            assert all(d.seqno < span.seqno for d in under), (page.number + 1, span.bbox)


def lines_through_text(page: Page) -> list[tuple[str, Rect]]:
    """Each text span of the page that a stroked straight line runs through."""
    spans = [(span.text, span.bbox.grown(-0.5)) for span in page.spans() if span.text]
    crossed = []
    for drawing in page.drawings():
        if drawing.stroke is None:
            continue
        for item in drawing.items:
            if item[0] != "l":
                continue
            a, b = item[1], item[2]
            points = [
                Point(a.x + (b.x - a.x) * step / 40, a.y + (b.y - a.y) * step / 40)
                for step in range(41)
            ]
            crossed += [(t, r) for t, r in spans if any(r.contains(p) for p in points)]
    return crossed


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_line_of_the_guides_diagrams_runs_through_text(kits: dict[str, Path], paper) -> None:
    """The cutting diagram's marks stayed 56 mm tall on Letter's lower cells and crossed the
    page heading and the caption; every diagram now keeps to its box."""
    for page in open_pdf(kits[paper] / "guide.pdf"):
        assert lines_through_text(page) == [], (paper, page.number + 1)


def orange_fills(weapon: Weapon) -> int:
    """How many orange shapes (pads) the card's sketch of the weapon paints."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(60 * mm, 40 * mm))
    cards.weapon_art(canvas, (0, 0, 60 * mm, 40 * mm), weapon)
    canvas.showPage()
    canvas.save()
    page = open_pdf(out.getvalue())[0]
    return sum(1 for drawing in page.drawings() if same_colour(drawing.fill, theme.ORANGE.rgb()))


def test_the_weapon_sketch_pads_the_ends_content_says_are_padded() -> None:
    """The Q-tip's card said "padded at both ends" over a one-pad sketch: the sketch drew a
    second pad for defence 2. The pads are now the content's `padded_ends`."""
    weapons = {w.id: w for w in load_content(REPO, PACK).content.weapons}
    assert weapons["q-tip"].padded_ends == weapons["staff"].padded_ends == 2
    assert weapons["long-sword"].padded_ends == 1
    for weapon in weapons.values():
        if not weapon.chain:
            assert orange_fills(weapon) == weapon.padded_ends, weapon.id
    one_end = replace(weapons["q-tip"], padded_ends=1)
    assert orange_fills(one_end) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_both_teams_field_tokens_share_pages(kits: dict[str, Path], paper: str) -> None:
    """60 strips, 21 a page: 3 pages. Each team on pages of its own took 4, the second and
    fourth holding 9 strips each on a card sheet otherwise blank."""
    document = open_pdf(kits[paper] / "tokens.pdf")
    texts = [page.text() for page in document]
    counters = next(n for n, text in enumerate(texts, 1) if text.startswith("Counters"))
    assert counters == 4, paper
    heroes = load_content(REPO, PACK).content.heroes
    strips = sum(text.count(hero.name) for text in texts[:3] for hero in heroes)
    assert strips >= 2 * len(heroes)  # every hero's strip in each colour is there
