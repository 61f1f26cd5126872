"""Pocket-Tactics' printed pieces read as the rules mean them: on every tunnel tile, in
every locale and paper, the grooves (which change movement) cross no word and no
hazard badge; mat slots are the tokens' shape and size.

Measured on the built PDFs with PyMuPDF (drawings and text positions), from one
build per paper size of all three locales, shared by the module.
"""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from tests.conftest import assert_no_crash, run_cli
from ttgbuild.packs.pockettactics.kit.art import GROOVE, HAZARD
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


def _rgb(colour) -> tuple[float, float, float]:
    return tuple(round(v, 2) for v in colour.rgb())


def _grooves(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """Each groove's stroked area: the box around its line widened by the line width to
    both sides (butt ends), so a slanted groove's box is a little larger than it."""
    out = []
    for drawing in page.get_drawings():
        colour = drawing.get("color")
        if not colour or tuple(round(v, 2) for v in colour) != _rgb(GROOVE):
            continue
        for _kind, start, end in drawing["items"]:
            along = end - start
            normal = pymupdf.Point(-along.y, along.x) * (drawing["width"] / 2 / abs(along))
            corners = [start + normal, start - normal, end + normal, end - normal]
            out.append(pymupdf.Rect(corners[0], corners[0]) | corners[1] | corners[2] | corners[3])
    return out


def _badges(page: pymupdf.Page) -> list[pymupdf.Rect]:
    return [
        pymupdf.Rect(d["rect"])
        for d in page.get_drawings()
        if d.get("fill") and tuple(round(v, 2) for v in d["fill"]) == _rgb(HAZARD)
    ]


def _words(page: pymupdf.Page) -> list[tuple[str, pymupdf.Rect]]:
    return [(w[4], pymupdf.Rect(w[:4])) for w in page.get_text("words")]


@pytest.mark.parametrize("locale", LOCALES)
def test_no_groove_crosses_a_word_or_a_hazard_badge(kit: Path, locale: str) -> None:
    with pymupdf.open(kit / locale / "tiles.pdf") as pdf:
        grooves = 0
        for number, page in enumerate(pdf, 1):
            words, badges = _words(page), _badges(page)
            for groove in _grooves(page):
                grooves += 1
                hits = [word for word, box in words if box.intersects(groove)]
                assert not hits, f"page {number}: a groove at {groove} crosses {hits}"
                assert not any(b.intersects(groove) for b in badges), (
                    f"page {number}: a groove at {groove} crosses a hazard badge"
                )
    assert grooves >= 10  # the content's tunnel tiles were found (each groove drawn once)


def test_mat_slots_are_token_squares_with_a_margin(kit: Path) -> None:
    with pymupdf.open(kit / "en" / "mats.pdf") as pdf:
        slots = [
            pymupdf.Rect(d["rect"])
            for d in pdf[0].get_drawings()
            if d.get("dashes") not in (None, "[] 0") and d.get("color")
        ]
    assert slots
    for slot in slots:
        assert slot.width == pytest.approx(slot.height, abs=0.5)
        assert 24 * MM < slot.width <= 28 * MM  # a 24 mm token and 1.5 mm each side


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
