"""Pocket-Tactics' rulebook as data (ttgbuild/packs/pockettactics/data/book.yaml).

Every value the book states is walked: changed in a copy of the game, the
change is reported at the content line with the book line (JT031), and a
variant declared for it silences it. The shipped game plays the book exactly
(no variants.yaml), so its reference prints no list of changes; a variant a
test declares is printed in en, es and de. The sentences the reference used
to state in fixed words (who answers whom, the re-rolls) and the limits the
checks used to hold (types, affinities, kickers) now follow game.yaml: each is
edited and seen to follow. The comparison runs in-process (the function
`validate` calls); a few CLI runs check the command a user types.
"""

# ruff: noqa: E501  (the expected findings are whole output lines)

from __future__ import annotations

from pathlib import Path

import pytest

from bench.pdfview import open_pdf
from tests import bookwalk as bw
from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.pockettactics.kit import reference
from ttgbuild.render.context import RenderContext
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "pocket-tactics"
BOOK = REPO / "ttgbuild" / "packs" / "pockettactics" / "data" / "book.yaml"
SOURCE = "004_0852b7464f2a978c.txt"
VALUES = bw.book_values(BOOK)
HEADING = bw.headings("Pocket-Tactics")  # the list's heading as each locale's catalog prints it


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return bw.project_copy(GAME, tmp_path / "pocket-tactics")


def reference_text(root: Path, locale: str) -> str:
    """reference.pdf as `build` draws it for the locale, read back: both pages' text.
    A departure from the book (JT031) is what some tests make on purpose: it is drawn."""
    loaded, diagnostics = validate_project(root)
    assert not [d for d in diagnostics if d.severity == "error" and d.code != "JT031"]
    ctx = RenderContext(
        loaded.content, load_translator(root, locale), PrintSettings(), content_dir=root / "content"
    )
    return "".join(page.text() for page in open_pdf(reference.render(ctx)))


def flat(text: str) -> str:
    """Text with its line breaks as spaces, so a sentence wrapped on the page reads whole."""
    return " ".join(text.split())


def test_the_book_names_the_values_the_issue_asks_for() -> None:
    ids = {value.id for value in VALUES}
    assert {"opening_deployment", "standard_budget", "base_defence_dice"} <= ids
    assert {"counters_melee", "counters_arcane", "counters_tech"} <= ids
    assert {"melee_assault_kinds", "ranged_assault_kinds", "attack_kinds"} <= ids
    for tile in ("cave", "ice", "maze", "swamp", "water"):
        assert {f"{tile}_hazard_{part}" for part in ("trigger", "fail", "effect")} <= ids
    assert all(value.source == SOURCE for value in VALUES)


def test_the_shipped_game_plays_the_book() -> None:
    assert bw.book_diagnostics(bw.compare(GAME)) == []
    assert not (GAME / "content" / "variants.yaml").exists()


@pytest.mark.parametrize("value", VALUES, ids=[value.id for value in VALUES])
def test_each_book_value_changed_is_named_then_declared(game: Path, value) -> None:
    file, line = bw.mutate(game, value)
    found = bw.book_diagnostics(bw.compare(game))
    assert [(d.code, d.file, d.line) for d in found] == [("JT031", file, line)], found
    said = value.where  # e.g. "004_….txt line 90"
    assert found[0].message.startswith(f"{value.id}") and said in found[0].message
    bw.declare_variant(game, value.id)
    assert bw.book_diagnostics(bw.compare(game)) == []


def test_validate_names_a_departure_and_accepts_it_declared(game: Path) -> None:
    bw.edit_content(game, "terrains/ice.yaml", "fail: {from: 1, to: 2}", "fail: {from: 1, to: 3}")
    error = (
        "content/terrains/ice.yaml:6:55: error JT031: ice_hazard_fail/to: content says 3, the book says 2 "
        f"({SOURCE} line 106, the faces that fail an ice tile's hazard test); "
        "declare a variant in content/variants.yaml if this kit means it [/hazard/fail/to]"
    )
    bw.assert_validate_fails_then_passes(game, [error], "ice_hazard_fail")


def test_an_unused_variant_and_an_unknown_value_are_reported(game: Path) -> None:
    # base_defence_dice: the content still says 3; ice_timing: not a value of this book.
    bw.assert_unused_and_unknown_reported(game, "base_defence_dice", "ice_timing")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "error JT033" in result.output and "error JT032" in result.output


def test_the_shipped_reference_prints_no_list_of_changes() -> None:
    for locale, heading in HEADING.items():
        assert heading not in flat(reference_text(GAME, locale)), locale


def test_a_declared_variant_is_printed_in_every_locale(game: Path) -> None:
    bw.edit_content(game, "game.yaml", "  defence_dice: 3", "  defence_dice: 4")
    summary = "Bases defend with {base_defence_dice} dice instead of {book_base_defence_dice}."
    bw.declare_variant(game, "base_defence_dice", summary)
    for locale, heading in HEADING.items():
        text = flat(reference_text(game, locale))
        assert heading in text, locale
        # Declared only here, the summary has no translation: es and de print the English.
        assert "Bases defend with 4 dice instead of 3." in text, locale


# What the reference prints from game.yaml: (en before the edits, the edits, en after them,
# (another locale, what it prints after them)).
PRINTED_FROM_GAME_YAML = {
    "counter-table": (
        [
            "Melee Melee Ballistic Ballistic Arcane Arcane · Tech · Magitech",
            "Tech Tech · Arcane · Magitech",
            "declares its power as one of: Arcane · Tech.",
        ],
        [
            ("  ballistic: [ballistic]", "  ballistic: [ballistic, tech]"),
            ("magitech_declares: [arcane, tech]", "magitech_declares: [tech]"),
        ],
        ["Ballistic Ballistic · Tech", "declares its power as one of: Tech."],
        ("es", "Balística Balística · Tecnológica"),
    ),
    "rerolls": (
        ["A unit on its affinity terrain gains 1 re-roll."],
        [("  affinity: 1 ", "  affinity: 2 "), ("  assist: 1 ", "  assist: 3 ")],
        [
            "A unit on its affinity terrain gains 2 re-rolls.",
            "Each ally next to a tile in the assault gives its side 3 re-rolls.",
        ],
        ("de", "erhält 2 Wiederholungswürfe."),
    ),
}


@pytest.mark.parametrize("case", list(PRINTED_FROM_GAME_YAML))
def test_the_counter_table_and_the_rerolls_are_printed_from_game_yaml(
    game: Path, case: str
) -> None:
    before, edits, after, (locale, other) = PRINTED_FROM_GAME_YAML[case]
    text = flat(reference_text(game, "en"))
    for sentence in before:
        assert sentence in text
    for old, new in edits:
        bw.edit_content(game, "game.yaml", old, new)
    text = flat(reference_text(game, "en"))
    for sentence in after:
        assert sentence in text
    assert other in flat(reference_text(game, locale))


def test_the_kinds_each_assault_declares_are_printed_from_game_yaml(game: Path) -> None:
    text = flat(reference_text(game, "en"))
    assert "moves onto the enemy's tile and declares one of: Melee · Arcane · Tech." in text
    assert "targets an adjacent enemy and declares one of: Ballistic · Arcane · Tech." in text
    bw.edit_content(
        game, "game.yaml", "  ranged: [ballistic, arcane, tech]", "  ranged: [ballistic]"
    )
    text = flat(reference_text(game, "en"))
    assert "targets an adjacent enemy and declares one of: Ballistic. Abilities" in text
    assert {d.message.split(":")[0] for d in bw.book_diagnostics(bw.compare(game))} == {
        "ranged_assault_kinds"
    }


def test_the_limits_the_book_states_are_read_by_the_checks(game: Path) -> None:
    bw.edit_content(game, "game.yaml", "max_types: 3 ", "max_types: 2 ")
    bw.edit_content(game, "game.yaml", "min_affinities: 1 ", "min_affinities: 2 ")
    bw.edit_content(game, "game.yaml", "kicker: {min: 0, max: 6}", "kicker: {min: 0, max: 5}")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    for line in (
        "content/units/thorn-warden.yaml:5:8: error PT101: Thorn Warden has 3 types; a unit has at most 2 [/types]",
        "content/units/thorn-warden.yaml:6:11: error PT102: Thorn Warden has 1 affinity terrains; a unit has at least 2 [/affinity]",
        "content/units/thorn-warden.yaml:9:30: error PT106: melee/defence/kicker of Thorn Warden is 6; a kicker is a die's face, 0..5 [/melee/defence/kicker]",
    ):
        assert line in result.output
    # Each departs from the book too, at game.yaml.
    assert {d.message.split(":")[0] for d in bw.book_diagnostics(bw.compare(game))} == {
        "max_types",
        "min_affinities",
        "kicker_range/max",
    }
