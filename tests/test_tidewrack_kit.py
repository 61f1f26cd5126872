"""The tidewrack example's kit as printed: what a look at every page found wrong, measured.

Built once (en and es on A4, es on Letter, --strict) from a copy of
`examples/tidewrack/`; each test reads the PDFs back with pypdfium2. The
defects were: backs framed 3 mm inside the cut (duplex drift shows), back
labels 2 mm off centre, no alignment test though the guide sends the user to
it, pool depths used by the rules but printed nowhere, fronts half empty, and
two Spanish words for one token.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from conftest import REPO, example_kits
from reportlab.lib.units import mm

from bench.pdfview import open_pdf
from ttgbuild.core.printing import PrintSettings

EXAMPLE = REPO / "examples" / "tidewrack"
Box = tuple[float, float, float, float]  # left, bottom, right, top in pt


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """en/es on A4 and es on Letter, built as a user types it."""
    return example_kits(EXAMPLE, tmp_path_factory.mktemp("tidewrack"))


def _pages_text(path: Path) -> list[str]:
    return [page.text() for page in open_pdf(path)]


def _text_runs(page: pypdfium2.PdfPage) -> Iterator[Box]:
    textpage = page.get_textpage()
    for i in range(textpage.count_rects()):
        yield textpage.get_rect(i)


def _back_faces(path: Path) -> Iterator[list[tuple[int, Box]]]:
    """Each card back drawn, as its objects' (type, bounds) in the card's own space.

    A back is one form drawn at each card's trim corner (the layout's `form`), so
    its objects' bounds are mm from the card's bottom-left trim corner."""
    document = pypdfium2.PdfDocument(path)
    try:
        for page in document:
            if "Tidewrack" not in page.get_textpage().get_text_range():
                continue  # a page of fronts or the alignment test
            faces: list[list[tuple[int, Box]]] = []
            for obj in page.get_objects(max_depth=2):
                if obj.level == 0 and obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
                    faces.append([])
                elif obj.level == 1 and faces:
                    faces[-1].append((obj.type, obj.get_bounds()))
            yield from faces
    finally:
        document.close()


@pytest.mark.parametrize("kit", ["en-a4", "es-letter"])
def test_backs_keep_everything_round_their_middle_away_from_the_cut(
    kits: dict[str, Path], kit: str
) -> None:
    """A mark near the cut (the old frame, 3 mm in) shows a 1-2 mm duplex drift as
    uneven borders: nothing of a back comes within 5 mm of its trim, and its
    words sit on the card's middle line (they were 2 mm to the left)."""
    width, height = (size * mm for size in PrintSettings().card_size_mm)
    faces = list(_back_faces(kits[kit] / "cards.pdf"))
    assert len(faces) >= 13
    for objects in faces:
        assert objects
        for kind, (left, bottom, right, top) in objects:
            gap = min(left, bottom, width - right, height - top)
            assert gap >= 5 * mm, f"{kit} back: a mark {gap / mm:.1f} mm from the cut"
            if kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
                off = (left + right) / 2 - width / 2
                assert abs(off) < 0.5 * mm, f"{kit} back: text {off / mm:+.1f} mm off centre"


@pytest.mark.parametrize(
    ("kit", "heading"), [("en-a4", "Duplex alignment test"), ("es-letter", "Prueba de alineación")]
)
def test_cards_end_with_the_alignment_test_the_guide_sends_the_user_to(
    kits: dict[str, Path], kit: str, heading: str
) -> None:
    pages = _pages_text(kits[kit] / "cards.pdf")
    assert heading in pages[-2] and heading in pages[-1]
    guide = _pages_text(kits[kit] / "guide.pdf")[0]
    assert re.search(rf"cards\.pdf\s+\S.*?\s{len(pages)}\s", guide, re.S), (
        "print plan counts every page"
    )


@pytest.mark.parametrize(
    ("kit", "label"), [("en-a4", "Pool depth"), ("es-letter", "Profundidad de la charca")]
)
def test_every_front_shows_its_pools_depth(kits: dict[str, Path], kit: str, label: str) -> None:
    """The surge compares grip with the pool's depth: each critter card prints it."""
    critters = [
        yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in (EXAMPLE / "content/critters").glob("*.yaml")
    ]
    text = "\n".join(_pages_text(kits[kit] / "cards.pdf"))
    assert text.count(label) == sum(c["copies"] for c in critters)


@pytest.mark.parametrize("kit", ["en-a4", "es-letter"])
def test_reference_prints_every_pools_depth_and_fills_both_columns(
    kits: dict[str, Path], kit: str
) -> None:
    pools = [
        yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in (EXAMPLE / "content/pools").glob("*.yaml")
    ]
    path = kits[kit] / "reference.pdf"
    text = _pages_text(path)[0]
    for pool in pools:
        assert re.search(rf"\b{pool['depth']}\s+{pool['grip_cap']}\b", text), pool["id"]
    document = pypdfium2.PdfDocument(path)
    try:
        page = document[0]
        middle = page.get_size()[0] / 2
        right = [run for run in _text_runs(page) if run[0] > middle]
    finally:
        document.close()
    assert len(right) > 10, "the right column holds a section"


def test_spanish_names_the_shell_token_one_way(kits: dict[str, Path]) -> None:
    for name in ("guide.pdf", "reference.pdf"):
        text = " ".join(_pages_text(kits["es-a4"] / name)).replace("\r\n", " ")
        assert "caparazón" not in text
        assert re.search(r"fichas\s+de\s+concha", text), name
