"""Jugger TTG's book as data (ttgbuild/packs/jugger/data/book.yaml).

Every value the Spanish rules of play state (the German where the Spanish is
silent) is compared with the repository root's content: the shipped kit plays
it or declares a variant; each value, changed in a copy, is named by JT031 at
the content line and the book line, and a variant for it silences that. The
kit prints its variants (rules.pdf, quickref.pdf) in every locale, and who is
hit on equal juggs, whether the chain is compulsory, the far sweep's distance,
the wrestling push, the pin limit and the crouch counts shed per stone are
printed from data, so editing the data changes the sentence.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from bench.pdfview import open_pdf
from tests import bookwalk as bw
from tests.conftest import assert_no_crash, run_cli
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import quickref, rulebook
from ttgbuild.render.context import RenderContext
from ttgbuild.source.bookfile import BookValue
from ttgbuild.source.loader import load_content
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import Document, load_document
from ttgbuild.validate.book import book_problems

REPO = Path(__file__).resolve().parents[1]
BOOK = REPO / "ttgbuild" / "packs" / "jugger" / "data" / "book.yaml"
VALUES = bw.book_values(BOOK)
BY_ID = {value.id: value for value in VALUES}
SHIPPED = yaml.safe_load((REPO / "content" / "variants.yaml").read_text(encoding="utf-8"))
VARIED = {name for variant in SHIPPED["variants"] for name in variant["changes"]}
HEADING = bw.headings("Jugger TTG")
# A shipped variant's summary as each locale prints it (the catalogs' translation, filled).
STAMINA = {
    "en": "The kit prints 72 stamina counters instead of the box's 70,",
    "es": "El kit imprime 72 fichas de puntos de aguante en lugar de las 70 de la caja,",
    "de": "Das Kit enthält 72 Ausdauerpunkt-Marker statt der 70 aus der Spielschachtel,",
}
GOALS = {
    "en": "Both goals stand a little in from the ends of the field,",
    "es": "Las dos porterías están algo hacia dentro de los extremos del campo,",
    "de": "Beide Male stehen etwas vor den Enden des Spielfelds,",
}
EXTRA = "This kit lets a pin cost what the card says."  # a test's variant: no catalog knows it


def drawn(
    root: Path, locale: str, names: tuple[str, ...] = ("rules", "quickref")
) -> dict[str, str]:
    """rules.pdf and quickref.pdf of the project drawn in this process, as the build draws
    them, each as flat text."""
    loaded = load_content(root, PACK)
    out = {}
    for name, module in (("rules", rulebook), ("quickref", quickref)):
        if name not in names:
            continue
        tr = load_translator(root, locale)
        ctx = RenderContext.for_pack(
            PACK, loaded.content, tr, PrintSettings(), content_dir=root / "content"
        )
        data = module.render(ctx)
        assert not ctx.problems, (name, locale, ctx.problems)
        out[name] = bw.flat(" ".join(page.text() for page in open_pdf(data)))
    return out


@dataclass
class BookFiles:
    """The content files the book points into, loaded and schema-checked as validate loads
    them: all `book_problems` reads of a project's loaded content."""

    documents: dict[str, Document] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def compare_few(project: Path) -> list[Diagnostic]:
    """The book comparison validate runs (`book_problems`), given only the few content files
    the book names (the heroes and talents are not read): a walk of every value stays fast."""
    loaded = BookFiles()
    schemas = schemas_at(PACK.schemas)
    for file in sorted({value.file for value in VALUES}):
        doc, problems = load_document(project / "content" / file, f"content/{file}")
        loaded.diagnostics += problems
        if doc is not None:
            loaded.documents[f"content/{file}"] = doc
            loaded.diagnostics += schemas.check_document(doc, PACK.files[file])
    return bw.book_diagnostics(book_problems(project, PACK, loaded))


def project(dest: Path) -> Path:
    """A copy of the repository root's project: its settings, content and catalogs."""
    dest.mkdir(parents=True)
    shutil.copy(REPO / "ttgbuild.toml", dest / "ttgbuild.toml")
    for folder in ("content", "locales"):
        shutil.copytree(REPO / folder, dest / folder, ignore=shutil.ignore_patterns("*.mo"))
    return dest


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the game, each change undone after its test (files restored)."""
    return project(tmp_path_factory.mktemp("book") / "jugger")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return project(tmp_path / "jugger")


# (1) The shipped game.


def test_the_shipped_game_plays_its_book_or_declares_each_change() -> None:
    assert bw.book_diagnostics(bw.compare(REPO)) == []


def test_the_book_holds_the_values_the_issue_names() -> None:
    """Tables 1-3, the points economy, team size and budgets, dice, field, kit counts."""
    weapons = yaml.safe_load((REPO / "content/weapons.yaml").read_text("utf-8"))["weapons"]
    held = {value.at for value in VALUES}
    for index, _ in enumerate(weapons):  # table 1: every row, every column
        for key in ("attack", "defence", "range", "crouch_count"):
            assert f"weapons.yaml#/weapons/{index}/{key}" in held, (index, key)
    for index in range(3):  # table 3: walk, run, sprint
        for key in ("min", "max", "cost"):
            assert f"rules.yaml#/movement/types/{index}/{key}" in held, (index, key)
    assert BY_ID["synergy"].value == [0, 1, 2, 3, 4]  # table 2
    assert (BY_ID["board_columns"].value, BY_ID["board_rows"].value) == (20, 11)
    assert (BY_ID["short_team_size"].value, BY_ID["long_team_size"].value) == (5, 8)
    assert (BY_ID["short_budget"].value, BY_ID["long_budget"].value) == (30, 50)
    assert (BY_ID["short_points_to_win"].value, BY_ID["long_points_to_win"].value) == (1, 3)
    assert (BY_ID["kit_dice"].value, BY_ID["dice_per_player"].value) == (16, 8)
    assert (BY_ID["kit_stone_cards"].value, BY_ID["kit_point_cards"].value) == (10, 10)
    assert BY_ID["out_of_bounds_crouch"].value == 3 and BY_ID["cost_pin"].value == 1
    for kind in ("full_defence", "duel", "no_defence"):
        assert f"rules.yaml#/tie_hits/{kind}" in held
    # The run's shortest distance is the only value the Spanish book leaves to the German.
    assert [v.id for v in VALUES if v.source != "000_52f3d63a66dbd7a7.txt"] == ["run_min"]


def test_every_book_line_is_a_line_of_the_book_saying_something() -> None:
    seeds = Path("/work/shared/seeds")
    if not seeds.is_dir():
        pytest.skip("the source books are not on this machine")
    for value in VALUES:
        lines = (seeds / value.source).read_text(encoding="utf-8").splitlines()
        for line in range(value.lines[0], value.lines[-1] + 1):
            assert line <= len(lines), value.id
        assert lines[value.lines[0] - 1].strip(), (value.id, value.lines[0])


# (2) Every value walked: changed → JT031 at the content line, naming the book line;
#     declared → clean.


@pytest.mark.timeout(120)
def test_every_book_value_changed_is_named_at_its_line_and_a_variant_silences_it(
    walked: Path,
) -> None:
    walked_ids = []
    for value in VALUES:
        if value.id in VARIED:
            continue
        with bw.restoring(walked, f"content/{value.file}", "content/variants.yaml"):
            place = bw.mutate(walked, value)
            bw.assert_named_then_silenced(walked, value, place, compare_few)
        walked_ids.append(value.id)
    assert len(walked_ids) == len(VALUES) - len(VARIED) >= 80


def test_the_fast_comparison_is_the_one_validate_runs(game: Path) -> None:
    """The walk's comparison and the full one (every content file loaded) agree."""
    assert compare_few(game) == bw.book_diagnostics(bw.compare(game)) == []
    (game / "content" / "variants.yaml").unlink()
    assert compare_few(game) == bw.book_diagnostics(bw.compare(game)) != []


@pytest.mark.parametrize("variant", [v["id"] for v in SHIPPED["variants"]])
def test_without_its_shipped_variant_each_choice_is_a_located_departure(
    game: Path, variant: str
) -> None:
    bw.assert_dropped_variant_located(game, variant, BY_ID, located)


def located(game: Path, value: BookValue) -> int:
    doc, _ = load_document(game / "content" / value.file, f"content/{value.file}")
    assert doc is not None
    return doc.locate(value.pointer)[0]


# (3) The real command.


def test_validate_names_a_changed_book_value_and_a_variant_makes_it_pass(game: Path) -> None:
    file, line = bw.mutate(game, BY_ID["cost_pin"])
    said = [f"{file}:{line}:", "JT031", "cost_pin", "line 839"]
    bw.assert_validate_fails_then_passes(game, said, "cost_pin", EXTRA, ("JT031", "JT033"))


# (4) The variants printed.


@pytest.mark.timeout(180)
def test_the_rules_and_the_quick_reference_print_the_variants_in_every_locale(
    game: Path,
) -> None:
    bw.mutate(game, BY_ID["cost_pin"])
    bw.declare_variant(game, "cost_pin", EXTRA)
    for locale in bw.LOCALES:
        for name, text in drawn(game, locale).items():
            assert bw.flat(HEADING[locale]) in text, (locale, name)
            assert bw.flat(STAMINA[locale]) in text, (locale, name)
            assert bw.flat(GOALS[locale]) in text, (locale, name)
            # A variant no catalog knows prints its English summary (the fallback).
            assert bw.flat(EXTRA) in text, (locale, name)


def test_a_kit_that_declares_no_variant_prints_no_list_of_changes(game: Path) -> None:
    (game / "content" / "variants.yaml").unlink()
    for locale in ("en", "de"):
        for name, text in drawn(game, locale).items():
            assert bw.flat(HEADING[locale]) not in text, (locale, name)
            assert bw.flat(STAMINA[locale]) not in text, (locale, name)


# (5) Variants that are wrong.


def test_an_unused_variant_and_an_unknown_value_are_located(game: Path) -> None:
    extra = (
        "  - id: plays-the-book\n"
        "    changes: [cost_pin]\n"
        "    reason: The kit charges what the book does.\n"
        "    summary: A pin costs {cost_pin}.\n"
        "  - id: no-such-value\n"
        "    changes: [cost_pinn]\n"
        "    reason: A typo.\n"
        "    summary: Pins differ.\n"
    )
    bw.assert_wrong_variants_located(game, extra, "cost_pin")


# Fixed prose written from data (spec section 7): who is hit on equal juggs is
# content (rules.yaml tie_hits), read by the odds, the rules and the quick reference.

TIES_BOOK = {
    "rules": "No defence: the target is hit if the attacker rolled at least as many juggs.",
    "quickref": "target hit if the attacker rolls at least as many juggs",
}
TIES_OTHER = {
    "rules": "No defence: the target is hit if the attacker rolled more juggs.",
    "quickref": "none against a flank or back attack; target hit if the attacker rolls more juggs",
}


@pytest.mark.timeout(120)
def test_who_is_hit_on_equal_juggs_is_printed_and_counted_from_data(game: Path) -> None:
    before = drawn(game, "en")
    for name, sentence in TIES_BOOK.items():
        assert bw.flat(sentence) in before[name], name
    odds = run_cli(game, "odds", "--attack", "1", "--defence", "1", "--format", "json")
    assert odds.exit_code == 0, odds.output
    hit = json.loads(odds.stdout)["no_defence"]["defender_hit"]

    bw.edit(game, "content/rules.yaml", "  no_defence: true", "  no_defence: false")
    bw.edit(game, "content/rules.yaml", "  duel: true", "  duel: false")
    after = drawn(game, "en")
    for name, sentence in TIES_OTHER.items():
        assert bw.flat(sentence) in after[name], name
        assert bw.flat(TIES_BOOK[name]) not in after[name], name
    assert bw.flat("on equal juggs neither is.") in after["rules"]
    assert bw.flat("Duel: the attacker is hit (doubles included)") not in after["quickref"]
    odds = run_cli(game, "odds", "--attack", "1", "--defence", "1", "--format", "json")
    assert odds.exit_code == 0, odds.output
    parsed = json.loads(odds.stdout)
    assert parsed["no_defence"]["defender_hit"] < hit and parsed["duel"]["both_hit"] == 0
    # The book says otherwise: the change is a departure to declare.
    found = bw.by_id(bw.book_diagnostics(bw.compare(game)))
    assert sorted(found) == ["tie_hits_duel", "tie_hits_no_defence"]


def test_the_compulsory_chain_sentence_follows_the_chains_minimum(game: Path) -> None:
    sentence = bw.flat("This kit reads the rulebook as saying a team must field a chain.")
    assert sentence in drawn(game, "en", ("rules",))["rules"]
    bw.edit(game, "content/rules.yaml", "  chains_min: 1", "  chains_min: 0")
    assert sentence not in drawn(game, "en", ("rules",))["rules"]


# The far sweep's distance and the wrestling push are content (rules.yaml distances, ES 490,
# 781, 783): a kit that changes them, and declares it, prints its own numbers.

DISTANCES_BOOK = {
    "en": (
        "defender 2 hexes from the jugg; per hex",
        "move the target 1 hex straight away",
        "it may push the attacker 1 hex away.",
    ),
    "es": (
        "defensor a 2 casillas del jugg; por casilla",
        "mueve al objetivo 1 casilla en línea",
        "puede empujar al atacante 1 casilla.",
    ),
    "de": (
        "Pompfer 2 Felder vom Jugg entfernt; pro Feld",
        "Bewege das Ziel 1 Feld geradeaus",
        "darf es den Angreifer 1 Feld wegstoßen.",
    ),
}
DISTANCES_OTHER = {
    "en": (
        "defender 3 hexes from the jugg; per hex",
        "move the target 2 hexes straight away",
        "it may push the attacker 2 hexes away.",
    ),
    "es": (
        "defensor a 3 casillas del jugg; por casilla",
        "mueve al objetivo 2 casillas en línea",
        "puede empujar al atacante 2 casillas.",
    ),
    "de": (
        "Pompfer 3 Felder vom Jugg entfernt; pro Feld",
        "Bewege das Ziel 2 Felder geradeaus",
        "darf es den Angreifer 2 Felder wegstoßen.",
    ),
}


@pytest.mark.timeout(180)
def test_the_sweep_and_push_distances_are_printed_from_data(game: Path) -> None:
    for locale, sentences in DISTANCES_BOOK.items():
        rules = drawn(game, locale, ("rules",))["rules"]
        for sentence in sentences:
            assert bw.flat(sentence) in rules, (locale, sentence)
    bw.edit(game, "content/rules.yaml", "  sweep_far: 2", "  sweep_far: 3")
    bw.edit(game, "content/rules.yaml", "  push: 1", "  push: 2")
    found = bw.by_id(bw.book_diagnostics(bw.compare(game)))
    assert sorted(found) == ["push_hexes", "sweep_far_distance"]
    bw.declare_variant(game, "sweep_far_distance")
    bw.declare_variant(game, "push_hexes")
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    for locale, sentences in DISTANCES_OTHER.items():
        printed = drawn(game, locale)
        for sentence, old in zip(sentences, DISTANCES_BOOK[locale], strict=True):
            assert bw.flat(sentence) in printed["rules"], (locale, sentence)
            assert bw.flat(old) not in printed["rules"], (locale, old)
    quick = drawn(game, "en", ("quickref",))["quickref"]
    assert bw.flat("jugg 3 hexes away; per hex") in quick
    assert bw.flat("pushes it 2 hexes straight away from the attacker") in quick


@pytest.mark.timeout(180)
def test_the_crouch_counts_shed_per_stone_are_printed_from_data(game: Path) -> None:
    """One crouch count token per stone maintenance (ES 319) is rules.yaml
    crouch_counts_per_stone: rules.pdf and quickref.pdf print it, in every locale."""
    one = {
        "en": "every crouched hero takes 1 crouch count token off its card.",
        "es": "cada héroe agachado quita de su carta 1 ficha de conteo de agachado.",
        "de": "Jeder abgeschlagene Held nimmt 1 Strafzeitmarker von seiner Karte.",
    }
    two = {
        "en": "every crouched hero takes 2 crouch count tokens off its card.",
        "es": "cada héroe agachado quita de su carta 2 fichas de conteo de agachado.",
        "de": "Jeder abgeschlagene Held nimmt 2 Strafzeitmarker von seiner Karte.",
    }
    for locale, sentence in one.items():
        for name, text in drawn(game, locale).items():
            assert bw.flat(sentence) in text, (locale, name)
    bw.edit(game, "content/rules.yaml", "crouch_counts_per_stone: 1", "crouch_counts_per_stone: 2")
    assert sorted(bw.by_id(bw.book_diagnostics(bw.compare(game)))) == ["crouch_counts_per_stone"]
    bw.declare_variant(game, "crouch_counts_per_stone")
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    for locale, sentence in two.items():
        for name, text in drawn(game, locale).items():
            assert bw.flat(sentence) in text, (locale, name)
            assert bw.flat(one[locale]) not in text, (locale, name)


@pytest.mark.timeout(180)
def test_the_pin_limit_is_printed_and_checked_from_data(game: Path) -> None:
    """One pin per hero at a time (ES 840) is rules.yaml pins_per_hero: the rules and the
    quick reference print it, and the pinned-token check (JT607) counts with it."""
    before = drawn(game, "en")
    assert bw.flat("A hero pins at most 1 enemy at a time;") in before["rules"]
    assert bw.flat("A hero pins at most 1 crouched hero at a time.") in before["quickref"]
    bw.edit(game, "content/rules.yaml", "pins_per_hero: 1", "pins_per_hero: 2")
    assert sorted(bw.by_id(bw.book_diagnostics(bw.compare(game)))) == ["pins_per_hero"]
    bw.declare_variant(game, "pins_per_hero")
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "content/kit.yaml:23:" in result.output and "JT607" in result.output
    assert "JT031" not in result.output
    after = drawn(game, "en")
    assert bw.flat("A hero pins at most 2 enemies at a time;") in after["rules"]
    assert bw.flat("A hero pins at most 2 crouched heroes at a time.") in after["quickref"]
    es = drawn(game, "es", ("rules",))["rules"]
    assert bw.flat("Un héroe pinea como mucho a 2 enemigos a la vez;") in es


def test_the_walk_put_back_every_file_it_changed(walked: Path) -> None:
    for path in sorted((REPO / "content").rglob("*.yaml")):
        name = path.relative_to(REPO)
        assert (walked / name).read_bytes() == path.read_bytes(), name
    assert bw.book_diagnostics(bw.compare(walked)) == []


# Cascade honesty: a broken file explains itself, and nothing downstream adds a wrong sum.


def test_a_rules_file_that_fails_its_schema_is_not_compared_with_the_book(game: Path) -> None:
    bw.edit(game, "content/rules.yaml", "  pin: 1", '  pin: "one"')
    bw.edit(game, "content/rules.yaml", "budget: 30,", "budget: 31,")  # a departure too
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "content/rules.yaml" in result.output and "JT050" in result.output
    assert "JT031" not in result.output  # the broken file's values are not compared


def test_a_hero_that_fails_its_schema_stops_the_team_check_before_any_sum(game: Path) -> None:
    team = game / "team.yaml"
    shutil.copy(REPO / "examples" / "short-team.yaml", team)
    bw.edit(game, "content/heroes/noor-elzinga.yaml", "cost: 5", 'cost: "lots"')
    result = run_cli(game, "team", "check", str(team))
    assert_no_crash(result)
    assert result.exit_code == 2
    assert "noor-elzinga.yaml" in result.output and "JT050" in result.output
    assert " of 30" not in result.output  # no team cost added up without the hero's


def test_a_departure_from_the_book_is_the_kits_rule_for_teams_and_odds(game: Path) -> None:
    """An undeclared departure fails validate (JT031), but the kit's own commands use the
    kit's numbers: the team check weighs the budget content says, odds its tie rule."""
    team = game / "team.yaml"
    shutil.copy(REPO / "examples" / "short-team.yaml", team)
    bw.edit(
        game,
        "content/rules.yaml",
        "  short: {points_to_win: 1, team_size: 5, budget: 30",
        "  short: {points_to_win: 1, team_size: 5, budget: 27",
    )
    result = run_cli(game, "team", "check", str(team))
    assert_no_crash(result)
    assert result.exit_code == 1 and "27" in result.output, result.output
    odds = run_cli(game, "odds", "--attack", "1", "--defence", "1")
    assert_no_crash(odds)
    assert odds.exit_code == 0, odds.output
