"""Challengers!'s tokens built for scissors (issue 20), measured in the kit a user builds.

Trophy tiles, fan tokens and flags are the engine's cutsheet blocks: square
faces on shared cut lines, crop marks only in line with cuts and at least
5 mm from the paper's edge, flags folding over, each trophy's secret back
behind its front however the printer turns the sheet and whatever back
offset the user measured. Counts and colours come from game.yaml.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm

from bench.pdfview import Page, Rect, open_pdf
from tests.conftest import REPO, assert_no_crash, run_cli
from tests.test_parts import TOLERANCE, assert_marks_in_line_with_cuts, close, cut_rects
from ttgbuild.core.colours import contrast_ratio
from ttgbuild.packs.challengers.kit import FAN, FLAG, TILE
from ttgbuild.render.layout.cutsheet import BLEED
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
PAPER = "#ffffff"  # the numbers' colour on the fan tokens (the layout's `paper`)


def build(out: Path, *args: str) -> Path:
    result = run_cli(GAME, "build", "--locale", "en", "--strict", "--out", str(out), *args)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    return out / "en" / "tokens.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def tokens(request: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tokens.pdf in English on each paper (strict: nothing overflows)."""
    return build(tmp_path_factory.mktemp(f"ch-parts-{request.param}"), "--paper", request.param)


@pytest.fixture(scope="module")
def game() -> Any:
    loaded, diags = validate_project(GAME)
    assert not [d for d in diags if d.severity == "error"]
    return loaded.content.game


def reading_order(rects: list[Rect]) -> list[Rect]:
    return sorted(rects, key=lambda r: (round(r.y0, 1), round(r.x0, 1)))


def words(page: Page, rect: Rect) -> str:
    return " ".join(page.text(clip=rect).split())


def assert_shared_cuts(rects: list[Rect]) -> None:
    """Every cell meets a neighbour edge to edge: one straight cut serves both."""
    for r in rects:
        assert any(
            r is not other
            and (
                ((close(r.x1, other.x0) or close(r.x0, other.x1)) and close(r.y0, other.y0))
                or ((close(r.y1, other.y0) or close(r.y0, other.y1)) and close(r.x0, other.x0))
            )
            for other in rects
        ), r


def test_trophies_and_fan_tokens_are_squares_on_shared_cuts(tokens: Path, game: Any) -> None:
    doc = open_pdf(tokens)
    trophies = cut_rects(doc[0], TILE, TILE)
    assert len(trophies) == sum(len(t.fans) for t in game.trophies)
    assert_shared_cuts(trophies)
    assert not cut_rects(doc[1], TILE, TILE)  # the backs' page: no cut lines to drift off
    fans = [r for page in doc for r in cut_rects(page, FAN, FAN)]
    assert len(fans) == sum(t.count for t in game.fan_tokens)
    assert_shared_cuts(fans)


def test_crop_marks_are_in_line_with_cuts_and_clear_of_the_paper_edge(tokens: Path) -> None:
    assert assert_marks_in_line_with_cuts(tokens) > 20


def test_flags_fold_over_on_a_dashed_line_with_the_park_on_both_sides(
    tokens: Path, game: Any
) -> None:
    doc = open_pdf(tokens)
    width, height = FLAG
    found = []
    for page in doc:
        folds = [d.rect for d in page.drawings() if d.dashes]
        for r in reading_order(cut_rects(page, 2 * width, height)):
            middle = r.x0 + width
            assert [f for f in folds if close(f.x0, middle) and close(f.x1, middle)]
            front = words(page, Rect(r.x0, r.y0, middle, r.y1))
            back = words(page, Rect(middle, r.y0, r.x1, r.y1))
            assert front == back
            found.append(front)
    assert found == [park.name for park in game.parks]


def test_fan_tokens_print_their_value_in_their_colour_legibly(tokens: Path, game: Any) -> None:
    """White numbers at 4.5:1 at least, and no token colour close to a park's (a "3" once
    looked like Orchard Park's purple): the colours of game.yaml, painted as the token."""
    parks = [park.colour for park in game.parks]
    colours = [t.colour for t in game.fan_tokens]
    for colour in colours:
        assert contrast_ratio(colour, PAPER) >= 4.5, colour
        for other in [*parks, *colours]:
            if other != colour:
                assert distance(colour, other) >= 100, (colour, other)
    doc = open_pdf(tokens)
    seen: dict[str, int] = {}
    for page in doc:
        picture = page.render(dpi=50)
        scale = 50 / 72
        for r in cut_rects(page, FAN, FAN):
            value = words(page, r)
            token = next(t for t in game.fan_tokens if str(t.value) == value)
            inside = (int((r.x0 + 2 * mm) * scale), int((r.y0 + 2 * mm) * scale))
            assert distance(hex_of(picture.getpixel(inside)), token.colour) < 12, value
            seen[value] = seen.get(value, 0) + 1
    assert seen == {str(t.value): t.count for t in game.fan_tokens}


def grow(rect: Rect, left: float, top: float, right: float, bottom: float) -> Rect:
    """`rect` with each side moved outwards by its amount (inwards when negative)."""
    return Rect(rect.x0 - left, rect.y0 - top, rect.x1 + right, rect.y1 + bottom)


def distance(one: str, other: str) -> float:
    """How far apart two #rrggbb colours are (RGB, 0 to 441)."""
    a, b = (tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in (one, other))
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def hex_of(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb[:3])


@pytest.mark.parametrize(
    ("duplex", "offset"), [("long", (0.0, 0.0)), ("short", (1.5, -2.0))], ids=["long", "short"]
)
def test_each_trophy_back_lies_behind_its_front(
    tmp_path: Path, game: Any, duplex: str, offset: tuple[float, float]
) -> None:
    """Fronts in game.yaml's order; each back where the sheet turned over puts it (columns
    mirrored long-edge, rows short-edge), moved by the back offset (x right, y up): its
    words inside, its colour filling exactly that square (and the bleed on the block's edge)."""
    pdf = build(tmp_path, "--duplex", duplex, "--back-offset", f"{offset[0]},{offset[1]}")
    doc = open_pdf(pdf)
    front, back = doc[0], doc[1]
    width, height = front.width, front.height
    dx, dy = offset[0] * mm, -offset[1] * mm  # the page's y runs down (bench/pdfview.py)
    tiles = reading_order(cut_rects(front, TILE, TILE))
    expected = [(t.round, fans) for t in game.trophies for fans in t.fans]
    assert len(tiles) == len(expected)
    fills = [d.rect for d in back.drawings() if d.type == "f"]  # the backs' colour
    for r, (rnd, fans) in zip(tiles, expected, strict=True):
        assert words(front, r) == str(rnd)
        if duplex == "long":
            behind = Rect(width - r.x1, r.y0, width - r.x0, r.y1)
        else:
            behind = Rect(r.x0, height - r.y1, r.x1, height - r.y0)
        behind = grow(behind, -dx, -dy, dx, dy)
        assert words(back, behind) in (f"{fans} fan", f"{fans} fans"), (rnd, fans)
        inner = grow(behind, *[-TOLERANCE] * 4)
        grown = grow(
            behind, *[2 * BLEED + TOLERANCE] * 4
        )  # a back on the block's edge fills 2 bleeds
        assert any(f.contains(inner) and grown.contains(f) for f in fills), (rnd, fans)
