"""Contrast of every printed text and icon, measured on each game's built kit.

test_contrast.py reads colour pairs from layout files; much of Dungeon Bowl,
Pocket Tactics and Challengers is drawn in Python, so here what is printed is
measured instead (tests/printed_contrast.py): each text span against the
rendered ground under it (4.5:1, large text 3:1), each small filled shape
against the fill under it (3:1). One locale, A4, each kit built once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tests.conftest import REPO, assert_no_crash, run_cli
from tests.printed_contrast import kit_failures, pdf_failures

LOCALE = "en"
GAMES = {
    "jugger": REPO,
    "tidewrack": REPO / "examples" / "tidewrack",
    "dungeon-bowl": REPO / "games" / "dungeon-bowl",
    "pocket-tactics": REPO / "games" / "pocket-tactics",
    "challengers": REPO / "games" / "challengers",
}


def _build(project: Path, out: Path) -> Path:
    result = run_cli(
        project, "build", "--locale", LOCALE, "--paper", "a4", "--force", "--out", str(out)
    )
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    return out / LOCALE


@pytest.mark.parametrize("game", list(GAMES))
def test_every_printed_text_and_icon_stands_out(game: str, tmp_path: Path) -> None:
    failures = kit_failures(_build(GAMES[game], tmp_path / game))
    assert not failures, f"{len(failures)} below contrast:\n" + "\n".join(map(str, failures[:60]))


def _page(path: Path, text: str, icon: str) -> Path:
    """One page: a word in `text` colour on paper, a 6 mm disc in `icon` colour on a dark band."""
    canvas = Canvas(str(path))
    canvas.setFillColor(HexColor(text))
    canvas.setFont("Helvetica", 10)
    canvas.drawString(30 * mm, 250 * mm, "Measured")
    canvas.setFillColor(HexColor("#283044"))
    canvas.rect(20 * mm, 200 * mm, 60 * mm, 20 * mm, fill=1, stroke=0)
    canvas.setFillColor(HexColor(icon))
    canvas.circle(50 * mm, 210 * mm, 3 * mm, fill=1, stroke=0)
    canvas.save()
    return path


def test_the_measure_finds_faint_text_and_icons_and_passes_clear_ones(tmp_path: Path) -> None:
    faint = pdf_failures(_page(tmp_path / "faint.pdf", "#b9bfc9", "#4a4f5c"))
    assert [(f.what.split()[0], f.ink, f.ground) for f in faint] == [
        ("text", "#b9bfc9", "#ffffff"),
        ("icon", "#4a4f5c", "#283044"),
    ]
    assert faint[0].ratio == pytest.approx(1.85, abs=0.01)
    assert pdf_failures(_page(tmp_path / "clear.pdf", "#1d1f24", "#e9b949")) == []
