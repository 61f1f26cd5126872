"""Reference sheets use all their columns: once the type size is chosen, whole sections
are spread so that the fullest column is as short as their order allows
(render/flow.py, `balance` and `partition`).

The partition is tested on numbers; the sheets on built PDFs (word positions,
bench/pdfview.py), one build per game and paper size for all three locales,
shared by the module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.pdfview import Page, open_pdf
from tests.conftest import assert_no_crash, run_cli
from ttgbuild.render import fonts, text
from ttgbuild.render.flow import Prose, Section, columns, flow, partition

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("en", "es", "de")
MM = 72 / 25.4
# Each game's sheets flowed into two columns by render/datakit.py or the pack itself.
SHEETS = {
    "challengers": ("setup.pdf", "reference.pdf", "guide.pdf"),
    "dungeon-bowl": ("block.pdf", "match.pdf", "rosters.pdf", "injury.pdf", "guide.pdf"),
    "pocket-tactics": ("reference.pdf", "guide.pdf"),
}


def test_two_columns_split_where_the_fuller_one_is_shortest() -> None:
    # 30 | 50, 40 | 40 or 60 | 20: the second is the lowest fullest column.
    assert partition([[30, 10, 20, 20]] * 2, [100, 100], 0) == [2, 4]
    assert partition([[10, 10, 10, 10]] * 2, [100, 100], 1) == [2, 4]


def test_sections_keep_their_order_and_one_large_section_stands_alone() -> None:
    assert partition([[5, 80, 5, 5]] * 2, [100, 100], 0) == [2, 4]  # 85 | 10
    assert partition([[50, 50, 50]] * 3, [100, 100, 100], 0) == [1, 2, 3]


def test_ties_go_to_the_earlier_column() -> None:
    # 10 | 10 + 10 and 10 + 10 | 10 are equally tall: the first column takes two.
    assert partition([[10, 10, 10]] * 2, [100, 100], 0) == [2, 3]
    # one section: it goes in the first column, the others stay empty
    assert partition([[40]] * 3, [100, 100, 100], 0) == [1, 1, 1]


def test_columns_of_different_height_are_filled_as_shares_of_their_room() -> None:
    # The second column is half as tall: 30 in it is 60 %, 30 + 30 in the first 60 % too.
    assert partition([[30, 30, 30]] * 2, [100, 50], 0) == [2, 3]


def test_a_page_that_fits_in_one_column_uses_both_at_the_same_size() -> None:
    fonts.register()
    sections = [
        Section(f"Section {n}", [Prose([[text.Span("A few words of rules text. " * 6)]])])
        for n in range(4)
    ]
    area = columns((0, 0, 400, 600), 2)
    flowed = flow(sections, area, 10.0, 6.0, lambda *_: None)
    assert flowed.fits and flowed.size == 10.0  # balancing never makes the type smaller
    lefts = sorted({x for _laid, x, _top in flowed.placed})
    assert lefts == [area[0][0], area[1][0]]
    assert [x for _laid, x, _top in flowed.placed] == [area[0][0]] * 2 + [area[1][0]] * 2


@pytest.fixture(scope="module", params=["a4", "letter"])
def kits(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"balanced-{request.param}")
    for game in SHEETS:
        args = ["build", "--out", str(out / game), "--locale", ",".join(LOCALES), "--paper"]
        result = run_cli(ROOT / "games" / game, *args, request.param, "--strict")
        assert_no_crash(result)
        assert result.exit_code == 0, result.output
    return out


def _used(page: Page) -> tuple[float, float]:
    """How far down the page's area (below the title band, above the foot) the text
    of the left and of the right column reaches, as shares of the area."""
    width, height = page.width, page.height
    top, bottom = 23 * MM, height - 14 * MM
    words = [word.bbox for word in page.words()]
    words = [r for r in words if top < r.y0 < bottom]
    left = max((r.y1 for r in words if r.x1 < width / 2), default=top)
    right = max((r.y1 for r in words if r.x0 > width / 2), default=top)
    return (left - top) / (bottom - top), (right - top) / (bottom - top)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game", "sheet"), [(g, s) for g, files in SHEETS.items() for s in files])
def test_no_column_is_empty_while_another_runs_past_60_percent(
    kits: Path, locale: str, game: str, sheet: str
) -> None:
    for number, page in enumerate(open_pdf(kits / game / locale / sheet), 1):
        left, right = _used(page)
        where = f"{game} {locale} {sheet} page {number}: columns {left:.0%} and {right:.0%}"
        assert min(left, right) > 0.02 or max(left, right) <= 0.6, where
