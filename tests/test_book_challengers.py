"""Challengers!'s rulebook as data (ttgbuild/packs/challengers/data/book.yaml).

Every value the book states is walked: changed in a copy of the game, the
change is reported at the content line with the book line (JT031), and a
declared variant for it silences it. The shipped game plays the book's values
(all six additional sets included) but one, declared: reshuffled discards go under
the draw pile, not at the front of the tray (book L192); any variant it declares
must be a departure the content really makes.
The comparison runs in-process (the function `validate` calls); a few real
CLI runs and builds check the command a user types and the printed kit.
"""

from __future__ import annotations

from pathlib import Path

import bookwalk as bw
import pytest
import yaml
from conftest import REPO, assert_no_crash

from bench.pdfview import open_pdf
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.render.context import RenderContext
from ttgbuild.source.bookfile import BookValue
from ttgbuild.source.datapack import pack_of
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
BOOK = REPO / "ttgbuild" / "packs" / "challengers" / "data" / "book.yaml"
SOURCE = "003_c6cf751e74c62084.txt"
VALUES = bw.book_values(BOOK)
SHIPPED: dict[str, list[str]] = {  # variant id: the book values it changes
    "discards-under-draw-pile": ["reshuffled_discards"],
}
HEADING = bw.headings("Challengers!")  # the list's heading as each locale's catalog prints it


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the shipped game to change."""
    return bw.project_copy(GAME, tmp_path / "challengers")


def reference_text(root: Path, locale: str) -> str:
    """reference.pdf as `build` draws it for the locale (the pack's own kit file), read back."""
    loaded, _ = validate_project(root)
    part = next(c for c in pack_of(root).components if c.file == "reference.pdf")
    ctx = RenderContext(
        loaded.content, load_translator(root, locale), PrintSettings(), content_dir=root / "content"
    )
    return " ".join(
        " ".join(page.text() for page in open_pdf(part.render(ctx, **part.options))).split()
    )


def departing(root: Path, value: BookValue) -> tuple[str, int]:
    """bookwalk's mutate, but a level letter (upper case, which the helper's string
    candidates leave out) becomes another letter its schema accepts."""
    if not (isinstance(value.value, str) and value.value.isupper()):
        return bw.mutate(root, value)
    path = root / "content" / value.file
    text = path.read_text(encoding="utf-8")
    before = f"{{letter: {value.value},"
    assert text.count(before) == 1, before
    path.write_text(text.replace(before, "{letter: Q,"), encoding="utf-8")
    return f"content/{value.file}", text[: text.index(before)].count("\n") + 1


def shipped_changes() -> set[str]:
    return {value for changes in SHIPPED.values() for value in changes}


def test_the_shipped_game_plays_the_book_or_declares_why() -> None:
    """Passing case: no JT03x on the shipped game, whose variants are declared."""
    assert bw.book_diagnostics(bw.compare(GAME)) == []
    assert len({value.id for value in VALUES}) == len(VALUES) >= 50
    assert all(value.source == SOURCE for value in VALUES)


def test_the_book_names_the_values_the_issue_asks_for() -> None:
    """Lead, finalists, draw, redraws, caps, rarity, set sizes, counts, keywords, ladder."""
    at = {value.at for value in VALUES}
    for pointer in (
        "instant_win_margin",
        "finalists",
        "draw",
        "redraws",
        "levels/0/cap",
        "levels/1/cap",
        "levels/2/cap",
        "rarity",
        "set_sizes/base",
        "set_sizes/additional",
        "set_sizes/starter",
        "set_sizes/robot",
        "fan_token_total",
        "park_total",
        "keywords/0/id",
        "keywords/4/id",
        "difficulty/0",
        "difficulty/4",
        "draw_in_turn",
        "sets_of_kind/additional",
    ):
        assert f"game.yaml#/{pointer}" in at, pointer


@pytest.mark.parametrize("variant", sorted(SHIPPED))
def test_each_shipped_variant_is_a_real_departure(game: Path, variant: str) -> None:
    """Without its variant, the content departs from the book at each value it changes."""
    path = game / "content" / "variants.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert {v["id"]: v["changes"] for v in data["variants"]} == SHIPPED
    data["variants"] = [v for v in data["variants"] if v["id"] != variant]
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    found = bw.book_diagnostics(bw.compare(game))
    assert {d.code for d in found} == {"JT031"}
    assert {d.message.split(":")[0] for d in found} == set(SHIPPED[variant])


@pytest.mark.timeout(180)
def test_every_book_value_departs_at_its_line_and_a_variant_declares_it(game: Path) -> None:
    """The walk: each value changed in turn is JT031 at the content line naming the book
    line, and its declared variant silences it: after each step only the new change is
    reported, so every earlier variant still holds (one copy, so the walk stays fast)."""
    walked = 0
    for value in VALUES:
        if value.id in shipped_changes():
            continue  # already departing: test_each_shipped_variant_is_a_real_departure
        file, line = departing(game, value)
        found = bw.book_diagnostics(bw.compare(game))
        assert [(d.code, d.file, d.line) for d in found] == [("JT031", file, line)], (
            value.id,
            [d.as_text() for d in found],
        )
        assert found[0].message.startswith(value.id) and value.where in found[0].message
        bw.declare_variant(game, value.id)
        walked += 1
    assert bw.book_diagnostics(bw.compare(game)) == []
    assert walked == len(VALUES) - len(shipped_changes())


def test_validate_names_a_departure_and_accepts_it_declared(game: Path) -> None:
    """The CLI as a user runs it: a changed lead is an error at its line; declared, it is not."""
    bw.edit_content(game, "game.yaml", "instant_win_margin: 11", "instant_win_margin: 12")
    error = (
        "content/game.yaml:8:21: error JT031: instant_win_margin: content says 12, the book says "
        f"11 ({SOURCE} line 324, fan lead that wins at once with two players or solo)"
    )
    bw.assert_validate_fails_then_passes(game, [error], "instant_win_margin")


def test_an_unused_variant_and_an_unknown_value_are_reported(game: Path) -> None:
    # finalists: the content still has the book's two; finalist: not a value of this book.
    bw.assert_unused_and_unknown_reported(game, "finalists", "finalist")


def test_a_declared_variant_is_printed_and_none_prints_no_list(game: Path) -> None:
    bw.edit_content(game, "game.yaml", "finalists: 2", "finalists: 3")
    summary = "The best {finalists} players play the final instead of {book_finalists}."
    bw.declare_variant(game, "finalists", summary)
    for locale, heading in HEADING.items():
        text = reference_text(game, locale)
        assert heading in text, locale
        # Declared only here, the summary has no translation: es and de print the English.
        assert "The best 3 players play the final instead of 2." in text, locale
    (game / "content" / "variants.yaml").unlink()  # no variants (validate would object)
    assert HEADING["en"] not in reference_text(game, "en")


def test_the_shipped_variant_is_printed_in_every_locale() -> None:
    """Where reshuffled discards go departs from the book (L192, the front of the tray):
    the reference card lists it, translated, under the variants heading in each locale."""
    summaries = {
        "en": "they go under the draw pile, not at the front of the tray",
        "es": "se colocan debajo del montón y no delante",
        "de": "kommen sie unter den Nachziehstapel, nicht nach vorn",
    }
    for locale, words in summaries.items():
        text = reference_text(GAME, locale)
        assert HEADING[locale] in text and words in text, locale


def test_the_redraw_count_prints_in_words_for_one_and_as_a_number_otherwise(
    game: Path,
) -> None:
    """redraws: 1 (the book's) prints "once" / "una vez" / "einmal", never "1 vez"; any
    other count prints the number from game.yaml in the plural sentence."""
    once = {
        "en": "Redraw: once in each",
        "es": "Volver a robar: una vez por",
        "de": "Neu ziehen: einmal in",
    }
    for locale, words in once.items():
        text = reference_text(GAME, locale)
        assert words in text and "1 vez" not in text, locale
    bw.edit_content(game, "game.yaml", "redraws: 1", "redraws: 2")
    bw.declare_variant(game, "redraws")
    twice = {"en": "you have 2 redraws", "es": "hasta 2 veces", "de": "bis zu 2-mal"}
    for locale, words in twice.items():
        text = reference_text(game, locale)
        assert words in text and once[locale] not in text, locale


def test_the_park_gap_is_printed_from_game_yaml(game: Path) -> None:
    """Setup's gap between parks is game.yaml's park_gap_cards, in every locale's words."""
    bw.edit_content(game, "game.yaml", "park_gap_cards: 3", "park_gap_cards: 2")
    bw.declare_variant(game, "park_gap_cards")
    loaded, _ = validate_project(game)
    part = next(c for c in pack_of(game).components if c.file == "setup.pdf")
    for locale, words in {
        "en": "a gap of 2 cards",
        "es": "separados por el ancho de 2 cartas",
    }.items():
        ctx = RenderContext(
            loaded.content,
            load_translator(game, locale),
            PrintSettings(),
            content_dir=game / "content",
        )
        pages = open_pdf(part.render(ctx, **part.options))
        assert words in " ".join(" ".join(page.text() for page in pages).split()), locale


@pytest.mark.parametrize(
    ("old", "new", "finding"),
    [
        ("park_total: 4", "park_total: 5",
         "content/game.yaml:23:3: error CH109: parks lists 4 parks; the box holds 5 (park_total)"),
        ("diagram_total: 9", "diagram_total: 8",
         "content/game.yaml:74:16: error CH112: content/diagrams/ holds 9 diagrams, not 8"),
    ],
)  # fmt: skip
def test_the_component_counts_hold_their_lists(
    game: Path, old: str, new: str, finding: str
) -> None:
    """park_total and diagram_total (the book's counts) must be what the lists hold; the
    shipped game passes (test_challengers_checks), each broken count is located."""
    bw.edit_content(game, "game.yaml", old, new)
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert finding in result.output


@pytest.mark.parametrize(
    ("file", "old", "new", "finding"),
    [
        ("cards/tram-driver.yaml", "copies: 4", "copies: four",
         "content/cards/tram-driver.yaml:6:9: error JT050"),
        ("sets/starter-key.yaml", "kind: starter", "kind: 7",
         "content/sets/starter-key.yaml:3:7: error JT053"),
    ],
)  # fmt: skip
def test_a_record_failing_its_schema_makes_no_wrong_sum(
    game: Path, file: str, old: str, new: str, finding: str
) -> None:
    """Cascade honesty: a card or set left out by its schema error is the only error; the
    set totals (CH103), tray counts (CH126), role counts (CH113), set counts (CH104) and
    symbols (CH105) are not reported with a sum or list that lacks it."""
    bw.edit_content(game, file, old, new)
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if " error " in line]
    assert len(errors) == 1 and errors[0].startswith(finding), result.output
