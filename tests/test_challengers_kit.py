"""Challengers!'s kit, built once as a user builds it (English, A4), and read back.

Page counts are worked out from the content, so adding a card or a park
changes what the test expects, not the test. The other locales and Letter
are built by hand and in CI's full builds; here they are only required to
be there and complete.
"""

from __future__ import annotations

import math
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from conftest import REPO, assert_no_crash, run_cli

from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
FILES = {
    "cards.pdf",
    "reference.pdf",
    "rules.pdf",
    "setup.pdf",
    "guide.pdf",
    "diagrams.pdf",
    "parks.pdf",
    "tokens.pdf",
}
PER_SHEET = 9  # 63 x 88 mm cards on A4: 3 by 3


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("challengers") / "kit"
    result = run_cli(
        GAME, "build", "--locale", "en", "--paper", "a4", "--strict", "--out", str(out)
    )
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    return out / "en", result.stdout + result.stderr


@pytest.fixture(scope="module")
def content() -> Any:
    loaded, diags = validate_project(GAME)
    assert not [d for d in diags if d.severity == "error"]
    return loaded.content


def pages(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(path)
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def body(text: str) -> str:
    """A page's text without the print note and ruler label at its foot."""
    return text.split("= 50 mm")[0]


def test_the_kit_has_every_file_and_no_problem(kit: tuple[Path, str]) -> None:
    folder, output = kit
    assert {p.name for p in folder.iterdir()} == FILES
    assert "no problems found" in output
    assert "JT901" not in output and "JT902" not in output


def test_cards_print_every_copy_by_level_with_its_back(kit: tuple[Path, str], content: Any) -> None:
    texts = pages(kit[0] / "cards.pdf")
    levels = [level.letter for level in content.game.levels]
    by_level = Counter()
    for card in content.cards:
        by_level[card.level] += card.copies
    trays = sum(1 for level in content.game.levels if level.tray)
    sheets = sum(math.ceil(by_level[letter] / PER_SHEET) for letter in levels)
    sheets += math.ceil(trays / PER_SHEET) + 1  # the tray labels, the alignment test
    assert len(texts) == 2 * sheets
    fronts = "".join(texts[0::2])
    for card in content.cards:  # every design, as often as its copies
        assert fronts.count(card.name) >= card.copies, card.name
    assert "Level A: draw in Planning" in texts[1] and "Uncommon" in fronts


def test_trophy_backs_hold_the_fans_of_game_yaml(kit: tuple[Path, str], content: Any) -> None:
    texts = pages(kit[0] / "tokens.pdf")
    trophies = [fans for t in content.game.trophies for fans in t.fans]
    columns = (210 - 24) // 24  # tiles across an A4 page inside its margins
    assert len(texts) == 2 * math.ceil(len(trophies) / (columns * 4)) + 1
    printed = Counter(re.findall(r"(\d+) fans?\b", texts[1]))
    assert printed == Counter(str(f) for f in trophies)
    fronts = Counter(w for w in body(texts[0]).split() if w.isdigit())
    assert fronts == Counter(str(t.round) for t in content.game.trophies for _ in t.fans)
    tokens = Counter(w for w in body(texts[2]).split() if w.isdigit())
    assert tokens == Counter({str(t.value): t.count for t in content.game.fan_tokens})


def test_a_park_mat_per_park_and_six_diagrams_a_page(kit: tuple[Path, str], content: Any) -> None:
    parks = pages(kit[0] / "parks.pdf")
    assert len(parks) == len(content.game.parks)
    for text, park in zip(parks, content.game.parks, strict=True):
        assert park.name in text
    diagrams = pages(kit[0] / "diagrams.pdf")
    assert len(diagrams) == math.ceil(len(content.diagrams) / 6)
    for s in content.sets:
        if s.kind in ("starter", "robot"):
            assert any(s.name in text for text in diagrams), s.name


def test_each_sheet_is_one_page(kit: tuple[Path, str]) -> None:
    for name in ("reference.pdf", "setup.pdf", "guide.pdf"):
        assert len(pages(kit[0] / name)) == 1, name


def test_every_locale_is_complete() -> None:
    locales = {p.parent.parent.name for p in (GAME / "locales").glob("*/LC_MESSAGES/ttgbuild.po")}
    assert locales == {"es", "de"}
    result = run_cli(GAME, "i18n", "status")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    for locale in locales:  # locale, done, %, total, translated, fuzzy, untranslated, obsolete
        total, translated, fuzzy, untranslated = rows[locale][3:7]
        assert translated == total and fuzzy == untranslated == "0", rows[locale]


def test_a_broken_park_colour_is_located_not_a_crash(tmp_path: Path) -> None:
    """The kit's own drawing code reads the parks' colours: a bad one never gets that far."""
    root = tmp_path / "challengers"
    shutil.copytree(GAME, root, ignore=shutil.ignore_patterns("output"))
    path = root / "content" / "game.yaml"
    path.write_text(path.read_text("utf-8").replace('"#478424"', '"green"', 1), "utf-8")
    result = run_cli(root, "build", "--locale", "en", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "content/game.yaml:23:" in result.stdout and not (tmp_path / "out").exists()


def tiles(page: Any, left: float, top: float, bottom: float) -> list[tuple[int, int, str]]:
    """(row, column, digit) of each digit printed inside the tile grid."""
    from ttgbuild.packs.challengers.kit import TILE

    textpage = page.get_textpage()
    found = []
    for i in range(textpage.count_chars()):
        char = textpage.get_text_range(i, 1)
        x0, y0, x1, y1 = textpage.get_charbox(i)
        x, y = (x0 + x1) / 2, (y0 + y1) / 2
        if char.isdigit() and left < x and bottom < y < top:
            found.append((int((top - y) // TILE), int((x - left) // TILE), char))
    return found


def test_each_trophy_back_is_behind_its_front(kit: tuple[Path, str], content: Any) -> None:
    """Long-edge duplex: the back page mirrors the columns, so tile by tile the fans sit
    behind the trophy they belong to (the default back offset is 0, 0). The tiles are a
    cutsheet block under the page heading, centred across the page."""
    from ttgbuild.packs.challengers.kit import HEADING, MARGIN, TILE
    from ttgbuild.render.layout.cutsheet import ROOM

    pdf = pdfium.PdfDocument(kit[0] / "tokens.pdf")
    width, height = pdf[0].get_size()
    count = sum(len(t.fans) for t in content.game.trophies)
    columns = int((width - 2 * MARGIN) // TILE)
    rows = math.ceil(count / columns)
    left, top = (width - columns * TILE) / 2, height - MARGIN - HEADING - ROOM
    bottom = top - rows * TILE
    fronts, backs = tiles(pdf[0], left, top, bottom), tiles(pdf[1], left, top, bottom)
    pdf.close()
    expected = [(t.round, fans) for t in content.game.trophies for fans in t.fans]
    assert len(fronts) == len(backs) == count
    front_at = {(row, column): digit for row, column, digit in fronts}
    back_at = {(row, column): digit for row, column, digit in backs}
    for i, (rnd, fans) in enumerate(expected):
        row, column = divmod(i, columns)
        assert front_at[(row, column)] == str(rnd)
        assert back_at[(row, columns - 1 - column)] == str(fans)


@pytest.mark.parametrize("command", [("i18n", "update", "--check"), ("i18n", "check", "--strict")])
def test_the_catalogs_are_up_to_date_and_clean(command: tuple[str, ...]) -> None:
    """A layout or sheet edit that moves a message must come with extract and update."""
    result = run_cli(GAME, *command)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
