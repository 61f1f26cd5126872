"""Pocket-Tactics' kit built as a user builds it: every file, page counts that follow the
content, the content's words on the pages, no text that does not fit.

One build (English, A4) is shared by the module's tests; the other locales are
checked to be complete catalogs the build would draw.
"""

# ruff: noqa: E501  (the expected findings are whole output lines)

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from tests.conftest import assert_no_crash, run_cli
from tests.test_pocket_tactics_checks import changed
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import Translator
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.functions import largest_army, tile_total
from ttgbuild.packs.pockettactics.kit.pages import honeycomb
from ttgbuild.packs.pockettactics.kit.reference import names
from ttgbuild.render.context import RenderContext
from ttgbuild.validate.project import validate_project

GAME = Path(__file__).resolve().parents[1] / "games" / "pocket-tactics"
FILES = ["cards.pdf", "rules.pdf", "guide.pdf", "reference.pdf", "tiles.pdf", "tokens.pdf", "mats.pdf"]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pocket-tactics-kit")
    result = run_cli(GAME, "build", "--out", str(out), "--locale", "en", "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "no problems found" in result.output  # no overflow (JT901) or missing glyph
    return out / "en"


@pytest.fixture(scope="module")
def content() -> Any:  # the generic content of a data pack
    loaded, diagnostics = validate_project(GAME)
    assert not diagnostics
    return loaded.content


def pages(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def test_the_kit_holds_every_file_the_pack_lists(kit: Path) -> None:
    assert sorted(p.name for p in kit.iterdir()) == sorted(FILES)
    assert sorted(part.file for part in PACK.components) == sorted(FILES)


def test_cards_are_one_per_unit_with_a_back_page_per_front_page(kit: Path, content) -> None:
    text = pages(kit / "cards.pdf")
    fronts = math.ceil(len(content.units) / 9)  # poker cards, 3 x 3 on A4
    assert len(text) == 2 * fronts
    for unit in content.units:
        assert unit["name"] in "".join(text)
    assert "Offence" in text[0] and "Defence" in text[0]


def test_tiles_are_every_terrain_tile_and_both_bases_each_page_with_its_backs(
    kit: Path, content
) -> None:
    ctx = RenderContext(content, Translator("en"), PrintSettings(), content_dir=GAME / "content")
    per_page = len(list(honeycomb(ctx)))
    count = tile_total(content.terrains) + content.game["players"]
    assert len(pages(kit / "tiles.pdf")) == 2 * math.ceil(count / per_page)
    text = "".join(pages(kit / "tiles.pdf"))
    assert text.count("Base") >= content.game["players"]
    assert text.count("Meadow") == next(t for t in content.terrains if t["id"] == "meadow")["tiles"]


def test_tokens_mats_reference_and_guide(kit: Path, content) -> None:
    tokens = "".join(pages(kit / "tokens.pdf"))
    for unit in content.units:
        assert tokens.count(unit["name"]) == 2  # both sides of the fold
    mats = pages(kit / "mats.pdf")
    assert len(mats) == content.game["kit"]["mats"]  # a page per player, die nets below the mat
    # each mat is named as the rules name its player (issue 38: not "Player 1")
    for title, page in zip(("First player", "Second player"), mats, strict=True):
        assert title in page and "Reserve" in page and "Captured" in page
        assert "Die nets" in page
    assert largest_army(content.units) == 5
    reference = pages(kit / "reference.pdf")
    assert len(reference) == 2
    assert "Random movement" in reference[0] and "Hazardous tiles" in reference[0]
    assert "Odds of a hit" in reference[1]
    assert "42" in reference[1]  # 1 die against 1: 15/36, printed as a whole percentage
    assert "Hit %" in reference[1] and "chance in %" in " ".join(reference[1].split())
    guide = " ".join("".join(pages(kit / "guide.pdf")).split())  # lines joined by spaces
    assert f"{content.game['players']} bases, one per player" in guide
    assert len(pages(kit / "guide.pdf")) == 1


def test_every_locale_the_project_has_is_complete() -> None:
    locales = sorted(p.name for p in (GAME / "locales").iterdir() if p.is_dir())
    assert locales == ["de", "es"]
    status = run_cli(GAME, "i18n", "status")
    assert status.exit_code == 0
    for locale in locales:
        row = next(line for line in status.stdout.splitlines() if line.startswith(locale))
        assert "100 %" in row
    check = run_cli(GAME, "i18n", "check", "--strict")
    assert check.exit_code == 0, check.output


@pytest.mark.parametrize(
    ("after", "line"),
    [
        (
            "  - {offence: {dice: -1, kicker: 9}, defence: {dice: 1}}",
            "content/game.yaml:68:34: error PT117: odds row offence/kicker is 9; a kicker is a die's face, 0..6 [/odds/0/offence/kicker]",
        ),
        (
            "  - {offence: {dice: 30}, defence: {dice: 30}}",
            "content/game.yaml:68:22: error PT117: odds row offence/dice is 30; a side rolls 0..5 dice here (assault.max_dice 5 counts the kicker) [/odds/0/offence/dice]",
        ),
    ],
    ids=["crash", "hang"],
)
def test_an_odds_row_off_the_rules_stops_the_build_located(
    tmp_path: Path, after: str, line: str
) -> None:
    """Once an internal error or a build that never ended: now a located content error."""
    game = changed(tmp_path, "game.yaml", "  - {offence: {dice: 1}, defence: {dice: 1}}", after)
    out = tmp_path / "out"
    result = run_cli(game, "build", "--out", str(out), "--locale", "en")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    assert line in result.stdout.splitlines(), result.output
    assert not out.exists()


def test_a_schema_invalid_game_is_said_first_and_nothing_is_drawn(tmp_path: Path) -> None:
    game = changed(tmp_path, "game.yaml", "players: 2", "players: two")
    out = tmp_path / "out"
    result = run_cli(game, "build", "--out", str(out), "--locale", "en")
    assert_no_crash(result)
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if ": error " in line]
    # Only the content's own error: the pack's layouts and sheets are not evaluated over it.
    assert lines == [
        "content/game.yaml:4:10: error JT050: players must be a whole number, found text 'two' [/players]"
    ]
    assert not out.exists()


def test_the_reference_tables_read_their_numbers_from_content(content) -> None:
    shown = names(content)
    game = content.game["reference"]
    assert shown["test_targets"] == list(game["test_targets"])
    assert [row["dice"] for row in shown["test_odds"]] == list(game["test_dice"])
    assert [len(row["chances"]) for row in shown["test_odds"]] == [len(game["test_targets"])] * 3
