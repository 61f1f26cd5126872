"""Jugger's kit as a print-and-play maker looks at it, measured on the built PDFs.

The kit's one convention for lines is cut solid, fold dashed: a dashed line on the
board or the player mats (neither is folded) reads as a fold, so none is drawn there.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from conftest import REPO, run_cli


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Jugger's English kit on A4: the locale folder."""
    out = tmp_path_factory.mktemp("jugger-look")
    result = run_cli(REPO, "build", "--out", str(out), "--locale", "en")
    assert result.exit_code == 0, result.output
    return out / "en"


def dashed(path: Path) -> list[tuple[int, str]]:
    """Each page (from 1) of the file with a dashed stroke, and the dash pattern."""
    found = []
    for page in pymupdf.open(path):
        for drawing in page.get_drawings():
            pattern = drawing.get("dashes")
            if drawing["type"] in ("s", "fs") and pattern and not pattern.startswith("[]"):
                found.append((page.number + 1, pattern))
    return found


@pytest.mark.parametrize("name", ["board.pdf", "board-print-shop.pdf"])
def test_board_and_mats_draw_no_dashed_line(kit: Path, name: str) -> None:
    assert dashed(kit / name) == []


def test_the_mats_draw_their_zone_names_over_the_slots(kit: Path) -> None:
    """Each slot's panel is painted before the text on it, so no panel hides a zone's name."""
    document = pymupdf.open(kit / "board.pdf")
    for page in list(document)[-2:]:
        fills = [d for d in page.get_drawings() if d["type"] in ("f", "fs")]
        spans = [s for s in page.get_texttrace() if "".join(chr(c[0]) for c in s["chars"])]
        words = "".join(chr(c[0]) for s in spans for c in s["chars"])
        assert "Inplay" in words.replace(" ", "") and "Reserve" in words
        for span in spans:
            box = pymupdf.Rect(span["bbox"])
            under = [d for d in fills if d["rect"].contains(box)]
            assert all(d["seqno"] < span["seqno"] for d in under), (page.number + 1, box)
