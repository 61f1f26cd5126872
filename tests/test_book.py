"""The book as data and the kit's variants (JT030-JT034), on Tidewrack's house book.

Each code has a failing fixture, located at its exact line, and a passing one;
a content file that fails to load or its schema is not compared (no JT031 on
top of its own error); `rules --variants` lists the variants; the summaries
are extracted for translators and printed on the reference sheet; and every
value of Tidewrack's book, changed in a copy, is named by JT031 and cleared
by a variant (tests/bookwalk.py, the helper each game's book test uses).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import bookwalk as bw
import pytest
from conftest import REPO, assert_no_crash, run_cli

from bench.pdfview import open_pdf
from ttgbuild.validate.book import same

TIDEWRACK = REPO / "examples" / "tidewrack"
BOOK = TIDEWRACK / "pack" / "book.yaml"
HEADING = "This kit changes the published rules of Tidewrack:"
BIGGER = """variants:
  - id: bigger-shores
    changes: [budget]
    reason: Longer games.
    summary: Each shore may cost up to {budget} instead of {book_budget}.
"""


@pytest.fixture
def tw(tmp_path: Path) -> Path:
    """A copy of Tidewrack, its pack and book included, to break."""
    return bw.project_copy(TIDEWRACK, tmp_path / "tw")


def _write(root: Path, rel: str, text: str) -> None:
    (root / rel).write_text(text, encoding="utf-8")


def _replace(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _found(root: Path) -> list[tuple[str, str, int, int]]:
    return [(d.code, d.file, d.line, d.column) for d in bw.book_diagnostics(bw.compare(root))]


def test_the_shipped_book_and_content_agree(tw: Path) -> None:
    assert _found(tw) == []
    result = bw.run_validate(tw, "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output


def test_a_broken_book_is_located_in_book_yaml(tw: Path) -> None:
    _replace(tw, "pack/book.yaml", "  - id: budget\n", "  - id: players\n")  # line 17
    _replace(tw, "pack/book.yaml", "    topic: the tide table\n", "")
    _replace(tw, "pack/book.yaml", "at: game.yaml#/die", "at: ../game.yaml#/die")
    found = _found(tw)
    assert ("JT030", "pack/book.yaml", 27, 5) in found  # the tide table's entry lacks topic
    assert ("JT030", "pack/book.yaml", 23, 9) not in found  # (schema problems come first)
    result = bw.run_validate(tw)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "pack/book.yaml:27:5: error JT030: missing required field 'topic'" in result.output
    _replace(tw, "pack/book.yaml", "    lines: [10, 13]\n", "    lines: [10, 13]\n    topic: t\n")
    found = _found(tw)
    assert ("JT030", "pack/book.yaml", 17, 9) in found  # id used twice
    assert ("JT030", "pack/book.yaml", 23, 9) in found  # at leaves content/
    assert not [f for f in found if f[0] == "JT031"]  # a broken book compares nothing
    _write(tw, "content/variants.yaml", BIGGER)
    assert {code for code, *_ in _found(tw)} == {"JT030"}  # nor judges the variants


def test_content_that_departs_is_named_at_its_line(tw: Path) -> None:
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 13")
    _replace(tw, "content/game.yaml", "name: Flood tide, surge: 1}", "name: Flood tide, surge: 3}")
    assert _found(tw) == [
        ("JT031", "content/game.yaml", 4, 9),
        ("JT031", "content/game.yaml", 8, 47),
    ]
    result = bw.run_validate(tw)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert (
        "content/game.yaml:4:9: error JT031: budget: content says 13, the book says 12 "
        "(tidewrack-rules.txt line 5, the most a player's critters may cost together); "
        "declare a variant in content/variants.yaml if this kit means it [/budget]"
    ) in result.output
    surge = "tide_table/1/surge: content says 3, the book says 1 (tidewrack-rules.txt lines 10-13"
    assert surge in result.output


def test_a_missing_value_is_named_at_its_parent(tw: Path) -> None:
    _replace(tw, "pack/book.yaml", "at: game.yaml#/shell_tokens", "at: game.yaml#/tokens")
    assert _found(tw) == [("JT031", "content/game.yaml", 3, 1)]  # the file's mapping
    _replace(tw, "pack/book.yaml", "at: game.yaml#/tokens", "at: rules.yaml#/tokens")
    assert _found(tw) == [("JT031", "content/rules.yaml", 0, 0)]


def test_a_file_that_fails_to_load_or_its_schema_is_not_compared(tw: Path) -> None:
    _replace(tw, "content/game.yaml", "budget: 12", "budget: twelve")
    result = bw.run_validate(tw)
    assert result.exit_code == 1
    assert "JT050" in result.output and "JT031" not in result.output
    _replace(tw, "content/game.yaml", "budget: twelve", "budget: [12")
    result = bw.run_validate(tw)
    assert result.exit_code == 1
    assert "JT002" in result.output and "JT031" not in result.output
    _write(tw, "content/variants.yaml", BIGGER)
    assert "JT033" not in bw.run_validate(tw).output  # its value was not compared: not unused


def test_a_variant_clears_the_departure_and_an_unused_one_is_named(tw: Path) -> None:
    _write(tw, "content/variants.yaml", BIGGER)
    assert _found(tw) == [("JT033", "content/variants.yaml", 2, 9)]
    result = bw.run_validate(tw)
    assert result.exit_code == 1
    assert "variant 'bigger-shores' is unused" in result.output
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 14")
    assert _found(tw) == []
    result = bw.run_validate(tw)
    assert result.exit_code == 0, result.output
    assert "JT011" not in result.output  # every game may hold variants.yaml
    assert "JT821" in result.output  # (its summary is a message the catalogs lack yet)


def test_a_variants_file_off_its_form_is_located(tw: Path) -> None:
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 14")
    _write(
        tw,
        "content/variants.yaml",
        BIGGER
        + """  - id: bigger-shores
    changes: [budgt, budget]
    reason: Twice.
    summary: Again.
  - id: more-players
    changes: [budget]
    reason: x
    summary: y
""",
    )
    found = _found(tw)
    assert ("JT032", "content/variants.yaml", 6, 9) in found  # id used twice
    assert ("JT032", "content/variants.yaml", 7, 22) in found  # budget changed twice
    assert ("JT032", "content/variants.yaml", 11, 15) in found  # and thrice
    result = bw.run_validate(tw)
    assert (
        "content/variants.yaml:7:15: error JT032: unknown book value 'budgt'; "
        "did you mean 'budget'?"
    ) in result.output
    _write(tw, "content/variants.yaml", "variants:\n  - id: Bad\n    changes: []\n")
    found = _found(tw)
    assert ("JT032", "content/variants.yaml", 2, 9) in found  # schema: the id's form
    assert all(code == "JT032" or code == "JT031" for code, *_ in found)


def test_variants_in_a_game_without_a_book(tw: Path) -> None:
    _replace(tw, "pack/pack.yaml", "book: book.yaml\n", "")
    assert _found(tw) == []  # no book, no variants: nothing to compare
    _write(tw, "content/variants.yaml", BIGGER)
    assert _found(tw) == [("JT032", "content/variants.yaml", 2, 3)]
    assert "this game declares no book" in bw.run_validate(tw).output


def test_a_summary_prints_from_data(tw: Path) -> None:
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 14")
    _write(tw, "content/variants.yaml", BIGGER.replace("{budget} instead", "14 instead"))
    assert _found(tw) == [("JT034", "content/variants.yaml", 5, 14)]
    _write(tw, "content/variants.yaml", BIGGER.replace("{book_budget}", "{book_players}"))
    result = bw.run_validate(tw)
    assert "content/variants.yaml:5:14: error JT034: bigger-shores: placeholder " in result.output
    _write(tw, "content/variants.yaml", BIGGER.replace("Each shore", "Each shore " + "x" * 300))
    assert "at most 300" in bw.run_validate(tw).output
    _write(tw, "content/variants.yaml", BIGGER)
    assert _found(tw) == []


def test_rules_lists_the_variants(tw: Path) -> None:
    result = run_cli(tw, "rules", "--variants")
    assert result.exit_code == 0 and "declares no variants" in result.stdout
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 14")
    _write(tw, "content/variants.yaml", BIGGER)
    result = run_cli(tw, "rules", "--variants")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "bigger-shores",
        "  changes budget (the most a player's critters may cost together): content says 14, "
        "the book says 12 (tidewrack-rules.txt line 5)",
        "  reason: Longer games.",
        "  summary: Each shore may cost up to {budget} instead of {book_budget}.",
    ]
    result = run_cli(tw, "rules", "--variants", "--format", "json")
    listed = json.loads(result.stdout)
    assert listed[0]["id"] == "bigger-shores"
    assert listed[0]["changes"][0] == {
        "value": "budget",
        "topic": "the most a player's critters may cost together",
        "content": "14",
        "book": "12",
        "book_line": "tidewrack-rules.txt line 5",
    }
    _write(tw, "content/variants.yaml", BIGGER.replace("[budget]", "[budgt]"))
    result = run_cli(tw, "rules", "--variants")
    assert_no_crash(result)
    assert result.exit_code == 1 and "JT032" in result.stderr


def test_summaries_are_extracted_for_translators(tw: Path) -> None:
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 14")
    _write(tw, "content/variants.yaml", BIGGER)
    result = run_cli(tw, "i18n", "extract")
    assert result.exit_code == 0, result.output
    template = (tw / "locales" / "ttgbuild.pot").read_text(encoding="utf-8")
    entry = template[template.index("#. Variant 'bigger-shores'") :].split("\n\n")[0]
    comment = " ".join(line[3:] for line in entry.splitlines() if line.startswith("#. "))
    assert comment.startswith("Variant 'bigger-shores': a line of the kit's list of changes")
    assert "{budget} = this kit's value (the most a player's critters" in comment
    assert "{book_budget} = the book's" in comment
    assert "#: content/variants.yaml:5" in entry
    assert 'msgctxt "variant"' in entry
    assert "max-length:300" in entry


@pytest.mark.timeout(120)
def test_the_reference_sheet_prints_the_variants_in_every_locale(tw: Path) -> None:
    def printed(locale: str) -> str:
        path = tw / "output" / locale / "reference.pdf"
        return " ".join(" ".join(page.text().split()) for page in open_pdf(path))

    result = run_cli(tw, "build", "--locale", "en,es")
    assert result.exit_code == 0, result.output
    assert HEADING not in printed("en")
    assert "Este kit cambia" not in printed("es")
    _replace(tw, "content/game.yaml", "budget: 12", "budget: 14")
    _write(tw, "content/variants.yaml", BIGGER)
    result = run_cli(tw, "build", "--locale", "en,es")
    assert result.exit_code == 0, result.output
    summary = "Each shore may cost up to 14 instead of 12."
    assert f"{HEADING} • {summary}" in printed("en")
    # No translation of this summary: Spanish prints it in English, under its own heading.
    assert f"Este kit cambia las reglas publicadas de Tidewrack: • {summary}" in printed("es")


def test_every_value_of_the_book_is_compared(tmp_path: Path) -> None:
    values = bw.book_values(BOOK)
    assert [v.id for v in values] == ["players", "budget", "tide_die", "tide_table", "shell_tokens"]
    for value in values:
        root = bw.project_copy(TIDEWRACK, tmp_path / value.id)
        file, line = bw.mutate(root, value)
        found = bw.book_diagnostics(bw.compare(root))
        assert [(d.code, d.file, d.line) for d in found] == [("JT031", file, line)], value.id
        assert value.where in found[0].message
        bw.declare_variant(root, value.id)
        assert bw.book_diagnostics(bw.compare(root)) == [], value.id


def test_one_walked_value_through_the_cli(tw: Path) -> None:
    value = next(v for v in bw.book_values(BOOK) if v.id == "tide_table")
    file, line = bw.mutate(tw, value)
    result = bw.run_validate(tw)
    assert result.exit_code == 1
    assert f"{file}:{line}:" in result.output and "JT031" in result.output
    bw.declare_variant(tw, value.id)
    result = bw.run_validate(tw)
    assert "JT031" not in result.output and "JT03" not in result.output


@pytest.mark.parametrize(
    ("content", "book", "unordered", "equal"),
    [
        (3, 3.0, False, True),
        (True, 1, False, False),
        ("3", 3, False, False),
        ([1, 2], [2, 1], False, False),
        ([1, 2], [2, 1], True, True),
        ([{"a": [1, 2]}, 3], [3, {"a": [2, 1]}], True, True),
        ([1, 1, 2], [1, 2, 2], True, False),
        ({"a": 1}, {"a": 1, "b": 2}, False, False),
    ],
)
def test_values_compare_as_the_book_means(
    content: object, book: object, unordered: bool, equal: bool
) -> None:
    assert same(content, book, unordered) is equal


@pytest.mark.timeout(60)
def test_a_hostile_variants_file_is_refused_located(tw: Path) -> None:
    variants = tw / "content" / "variants.yaml"
    os.mkfifo(variants)  # read, it would block forever
    result = bw.run_validate(tw)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "content/variants.yaml:0:0: error JT032: " in result.output
    assert run_cli(tw, "rules", "--variants").exit_code == 1
    assert run_cli(tw, "i18n", "extract").exit_code == 0
    variants.unlink()
    _write(tw, "content/variants.yaml", "a: &x [1]\nb: *x\n")
    result = bw.run_validate(tw)
    assert_no_crash(result)
    assert "content/variants.yaml:2:4: error JT032: YAML aliases" in result.output
    _write(tw, "content/variants.yaml", "- just a list\n")
    assert _found(tw) == [("JT032", "content/variants.yaml", 1, 1)]


def test_a_pack_naming_a_missing_book_is_refused_at_pack_yaml(tw: Path) -> None:
    (tw / "pack" / "book.yaml").unlink()
    result = bw.run_validate(tw)
    assert_no_crash(result)
    assert result.exit_code == 2
    assert "pack/pack.yaml:" in result.output and "JT091: book.yaml is not a file here" in (
        result.output
    )
