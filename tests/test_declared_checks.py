"""Rule checks declared as data: each kind fails on a broken fixture (located); a good one passes.

`tests/fixtures/declared/game.checks.yaml` declares one check of every kind
over a tiny dice game; `good/` passes them all, `bad/` breaks each at a known
line. A malformed checks file (bad YAML, off its format, a bad expression, an
unknown kind, an expression failing on the content) is reported located, by
`ttgbuild validate` too, never as a traceback.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import REPO, assert_no_crash, run_cli

from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.origin import Origin
from ttgbuild.source.records import Record
from ttgbuild.source.yamlsource import Document, load_document
from ttgbuild.validate.declared import load_checks
from ttgbuild.validate.registry import Registry
from ttgbuild.validate.runner import Context, run_checks

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "declared"
CHECKS = FIXTURES / "game.checks.yaml"


def _content(folder: Path) -> tuple[SimpleNamespace, dict[str, Document]]:
    docs: dict[str, Document] = {}
    for path in sorted(folder.rglob("*.yaml")):
        shown = path.relative_to(folder).as_posix()
        doc, problems = load_document(path, shown)
        assert doc is not None, problems
        docs[shown] = doc
    cards = tuple(Record(d.data, Origin(n)) for n, d in docs.items() if n.startswith("cards/"))
    return SimpleNamespace(
        cards=cards, game=Record(docs["game.yaml"].data, Origin("game.yaml"))
    ), docs


def run(folder: Path, checks: Path = CHECKS) -> list[Diagnostic]:
    """Every diagnostic of the checks file's checks on a fixture's content."""
    declared, problems = load_checks(checks, checks.name, None, 0, 0)
    assert not problems, problems
    registry = Registry("tiny", "TG")
    for check in declared:
        registry.add(check.code, check.needs, check)
    content, docs = _content(folder)

    def locate(file: str, pointer: str, key: bool = False) -> tuple[int, int]:
        return docs[file].locate(pointer, key) if file in docs else (0, 0)

    ctx = Context(content, {}, {}, folder, lambda f, p: locate(f, p))
    return run_checks(registry, ctx, locate)


@pytest.fixture(scope="module")
def bad() -> list[Diagnostic]:
    return run(FIXTURES / "bad")


def found(diags: list[Diagnostic], code: str) -> list[tuple[str, int, str]]:
    return sorted((d.file, d.line, d.message) for d in diags if d.code == code)


def test_the_good_fixture_passes_every_kind() -> None:
    assert run(FIXTURES / "good") == []


# Every problem of the bad fixture, as (file, line, message), by its check's code and kind.
BROKEN = {
    # file-name
    "TG101": [
        (
            "cards/bee.yaml",
            1,
            "id 'bea' differs from the file name 'bee.yaml'; rename one to match",
        )
    ],
    # unique: names the first place
    "TG102": [("cards/bee.yaml", 2, "card name 'Ant' is already used in cards/ant.yaml:2")],
    # bounds: read the content
    "TG104": [("cards/ant.yaml", 4, "strength 3 must be 2 or less")],
    # aggregate: per group
    "TG106": [("cards/bee.yaml", 6, "big cards cost 12 with their copies; the budget is 6")],
    # cardinality: too many (too few: below)
    "TG107": [("cards/bee.yaml", 11, "'bea' is a second chain (first: 'ant')")],
    # dice-table: a gap, an overlap, closed rows
    "TG108": [
        ("game.yaml", 8, "no row holds 2D6 results 9"),
        ("game.yaml", 9, "row 4-8 overlaps row 2-4"),
        ("game.yaml", 10, "row 10+ is open-ended; this table's rows have both ends"),
    ],
    # dice-table: open ends required
    "TG109": [
        ("game.yaml", 12, "row 1-3 must be open-ended (≤2): modifiers can take a roll past 2"),
        ("game.yaml", 12, "row 10-12 must be open-ended (12+): modifiers can take a roll past 12"),
    ],
    # derived
    "TG111": [
        ("cards/ant.yaml", 5, "cost is 3 but should be 4"),
        ("cards/bee.yaml", 5, "cost is 6 but should be 5"),
    ],
    # sufficient
    "TG112": [("game.yaml", 5, "2 tokens; the cards need 7")],
    # placeholders
    "TG113": [("cards/ant.yaml", 9, "placeholder {poison} has no value; define it in params")],
    # no-digits
    "TG114": [
        (
            "cards/bee.yaml",
            9,
            "text states the number '2'; put it in params and write {name} instead",
        )
    ],
    # icons
    "TG115": [("cards/bee.yaml", 9, "unknown icon [wing]; known icons: [bolt], [shield]")],
    # expect
    "TG116": [("cards/bee.yaml", 2, "name Ant does not start like its id bea")],
}


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_each_kind_reports_what_the_bad_fixture_breaks_located(
    bad: list[Diagnostic], code: str
) -> None:
    assert found(bad, code) == BROKEN[code]


def test_references_suggest_the_nearest_id(bad: list[Diagnostic]) -> None:
    [diag] = [d for d in bad if d.code == "TG103"]
    assert (diag.file, diag.line, diag.pointer) == ("cards/ant.yaml", 8, "/likes/0")
    assert diag.message == "card 'be' does not exist; did you mean 'bea'?"


def test_length_and_its_severity(bad: list[Diagnostic]) -> None:
    [diag] = [d for d in bad if d.code == "TG105"]
    assert (diag.file, diag.line, diag.severity) == ("cards/ant.yaml", 7, "warning")
    assert diag.message == "tags has 0 items; at least 1"


def test_cardinality_too_few(tmp_path: Path) -> None:
    folder = tmp_path / "none"
    shutil.copytree(FIXTURES / "good", folder)
    bee = folder / "cards" / "bee.yaml"
    bee.write_text(bee.read_text().replace("chain: true", "chain: false"))
    assert found(run(folder), "TG107") == [("cards/ant.yaml", 1, "no card is the chain")]


@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        ('{"2-6": a, "8-12": b}', "no row holds 2D6 results 7"),
        ('{"2-7": a, "7-12": b}', "row 7-12 overlaps row 2-7"),
        ('{"2-12": a, "13-14": b}', "row 13-14 holds no result of 2D6 (2..12)"),
        ('{"2-12": a, "9-3": b}', "row 9-3 runs backwards"),
        ('{"2-12": a, "x": b}', "'x' is not a result or a range (write 5, 2-4, ≤1 or 12+)"),
    ],
)
def test_dice_table_problems(tmp_path: Path, rows: str, problem: str) -> None:
    folder = tmp_path / "game"
    shutil.copytree(FIXTURES / "good", folder)
    game = folder / "game.yaml"
    text = game.read_text()
    start, end = text.index("hits:"), text.index("push:")
    game.write_text(text[:start] + f"hits: {rows}\n" + text[end:])
    assert [m for _, _, m in found(run(folder), "TG108")] == [problem]


def test_monotone(bad: list[Diagnostic]) -> None:
    [diag] = [d for d in bad if d.code == "TG110"]
    assert (diag.file, diag.line, diag.pointer) == ("game.yaml", 15, "/ladder/2")
    assert diag.message == "ladder stops rising at position 3: 2, 1"


# --- malformed check files ----------------------------------------------------------------


def _problems(tmp_path: Path, text: str) -> list[Diagnostic]:
    path = tmp_path / "x.checks.yaml"
    path.write_text(text, encoding="utf-8")
    checks, problems = load_checks(path, "x.checks.yaml", None, 1, len(text))
    assert not (checks and problems)
    return problems


ONE = "checks:\n  - code: TG101\n    severity: error\n    summary: s\n"


@pytest.mark.parametrize(
    ("text", "code", "line", "words"),
    [
        ("checks: [\n", "JT002", 2, ""),
        (ONE + "    kind: nonsense\n    each: content.cards\n", "JT053", 5, "nonsense"),
        (
            ONE + "    kind: bounds\n    each: content.cards\n    max: 1 +\n",
            "JT060",
            7,
            "not a valid",
        ),
        (ONE + "    kind: expect\n    each: content.cards\n    that: x.__class__\n", "", 0, ""),
        (ONE + "    kind: bounds\n    each: content.cards\n", "JT061", 2, "needs min or max"),
        (ONE + "    kind: expect\n    each: a\n    that: b\n    need: c\n", "JT061", 8, "need"),
        (ONE + "    kind: expect\n    each: a\n    that: b\n    message: 'x {y'\n", "JT060", 8, ""),
        (ONE, "JT061", 2, "needs a kind, or parts"),
    ],
)
def test_a_malformed_checks_file_is_located(
    tmp_path: Path, text: str, code: str, line: int, words: str
) -> None:
    problems = _problems(tmp_path, text)
    if not code:  # refused only when it runs (the sandbox): compiled fine
        assert problems == []
        return
    assert problems, text
    assert (problems[0].code, problems[0].line, problems[0].file) == (code, line, "x.checks.yaml")
    assert words in problems[0].message


def test_an_expression_failing_on_the_content_is_located_in_the_checks_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "x.checks.yaml"
    path.write_text(
        ONE + "    kind: bounds\n    each: content.cards\n    field: cost\n    max: budgte\n"
    )
    [diag] = run(FIXTURES / "good", path)
    assert (diag.code, diag.file, diag.line, diag.pointer) == (
        "JT062",
        "x.checks.yaml",
        8,
        "/checks/0/max",
    )
    assert "'budgte' is not defined here" in diag.message and "TG101" in diag.message


def test_the_sandbox_refuses_internals_when_a_check_runs(tmp_path: Path) -> None:
    path = tmp_path / "x.checks.yaml"
    path.write_text(ONE + "    kind: expect\n    each: content.cards\n    that: cost.__class__\n")
    diags = run(FIXTURES / "good", path)
    assert {d.code for d in diags} == {"JT062"}


# --- through the command line: a data pack's checks file ------------------------------------

EXAMPLE = REPO / "examples" / "tidewrack"


# The example's own checks file is its author's to change: these tests write their own.
EXAMPLE_CHECKS = """\
checks:
  - code: TW101
    severity: error
    summary: a critter's id is its file's name
    kind: file-name
    each: content.critters
  - code: TW102
    severity: error
    summary: a critter lives in a pool that exists
    kind: references
    each: content.critters
    field: pool
    known: content.pools | map(attribute="id")
    message: "pool '{value}' is not in content/pools/{suggestion}"
  - code: TW105
    severity: error
    summary: the tide table holds every roll of the die exactly once
    kind: dice-table
    each: content.game
    field: tide
    dice: die
    low: row["from"]
    high: row.to
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "tidewrack"
    shutil.copytree(EXAMPLE, root)
    _checks_file(root).write_text(EXAMPLE_CHECKS, encoding="utf-8")
    return root


def _checks_file(game: Path) -> Path:
    return game / "pack" / "checks" / "tidewrack.checks.yaml"


def test_the_example_game_passes_its_declared_checks(game: Path) -> None:
    result = run_cli(game, "validate", "--format", "json")
    assert_no_crash(result)
    assert '"TW' not in result.output and "JT06" not in result.output


def test_the_example_game_breaks_its_declared_checks(game: Path) -> None:
    critter = game / "content" / "critters" / "kelp-darter.yaml"
    critter.write_text(critter.read_text().replace("pool: kelp-bed", "pool: kelp-bad"))
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert (
        "content/critters/kelp-darter.yaml:3:7: error TW102: pool 'kelp-bad' is not in "
        "content/pools/; did you mean 'kelp-bed'?" in result.output
    )


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("checks: [\n", "JT002"),
        ("checks:\n  - code: TW101\n    severity: fatal\n    summary: s\n", "JT053"),
        (
            "checks:\n  - {code: TW101, severity: error, summary: s,\n"
            "     kind: expect, each: '(', that: a}\n",
            "JT060",
        ),
        (
            "checks:\n  - {code: TW101, severity: error, summary: s, kind: shout, each: a}\n",
            "JT053",
        ),
    ],
)
def test_a_broken_checks_file_fails_validate_located(game: Path, text: str, code: str) -> None:
    _checks_file(game).write_text(text, encoding="utf-8")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "pack/checks/tidewrack.checks.yaml:" in result.output
    assert f" {code}: " in result.output


@pytest.mark.timeout(60)
@pytest.mark.parametrize("need", ["poolz", "add"])  # a typo; a method of the content, no part
def test_a_check_needing_an_unknown_record_kind_is_located_not_a_crash(
    game: Path, need: str
) -> None:
    checks = _checks_file(game)
    text = checks.read_text().replace(
        "    kind: file-name\n", f"    kind: file-name\n    needs: [{need}]\n", 1
    )
    checks.write_text(text)
    line = 1 + text.split("\n").index(f"    needs: [{need}]")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert f"pack/checks/tidewrack.checks.yaml:{line}:" in result.output
    assert " JT061: " in result.output and f"'{need}'" in result.output


@pytest.mark.timeout(120)
def test_a_declared_code_clashing_with_another_is_the_packs_fault(game: Path) -> None:
    text = _checks_file(game).read_text()
    _checks_file(game).write_text(text.replace("code: TW102", "code: TW101"))
    result = subprocess.run(
        [sys.executable, "-m", "ttgbuild", "validate"],
        cwd=game,
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "code TW101 added twice" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_declared_checks_are_listed_by_rules(game: Path) -> None:
    result = run_cli(game, "rules")
    assert result.exit_code == 0
    assert (
        "TW105  error     tidewrack  the tide table holds every roll of the die exactly once"
        in (result.output)
    )
    assert "JT060  error     engine     every expression and message in a checks file is valid" in (
        result.output
    )


# The pack's game logic, offered to its expressions (Pack.functions).
FUNCTIONS = {"doubled": lambda number: 2 * number}


def test_expressions_call_the_packs_functions(tmp_path: Path) -> None:
    from ttgbuild.pack import Ref

    path = tmp_path / "x.checks.yaml"
    path.write_text(
        ONE + "    kind: expect\n    each: content.cards\n    that: doubled(cost) < 8\n"
        "    field: cost\n    message: '{id} costs {doubled(cost)} doubled'\n"
    )
    declared, problems = load_checks(path, path.name, Ref("test_declared_checks:FUNCTIONS"), 0, 0)
    assert not problems
    registry = Registry("tiny", "TG")
    registry.add(declared[0].code, (), declared[0])
    content, docs = _content(FIXTURES / "good")
    ctx = Context(content, {}, {}, None, None)
    diags = run_checks(registry, ctx, lambda f, p, k: docs[f].locate(p, k))
    assert [(d.file, d.line, d.message) for d in diags] == [
        ("cards/bee.yaml", 5, "bee costs 10 doubled")
    ]


@pytest.mark.parametrize(
    "clause",
    [
        "kind: placeholders\n    each: content.cards\n    field: text\n    params: 3\n",
        "kind: icons\n    each: content.cards\n    field: text\n    icons: cost\n",
        "kind: unique\n    each: content.cards\n    by: params\n",
        "kind: references\n    each: content.cards\n    field: likes\n    known: 7\n",
        "kind: aggregate\n    each: content.cards\n    group: params\n    max: 1\n",
        "kind: bounds\n    each: content.cards\n    field: name\n    max: 3\n",
        "kind: length\n    each: content.cards\n    field: cost\n    max: 3\n",
        "kind: monotone\n    each: content.cards\n    field: name\n",
        "kind: dice-table\n    each: content.game\n    field: hits\n    dice: '\"2X6\"'\n",
        "kind: dice-table\n    each: content.game\n    field: push\n    dice: '\"2D6\"'\n",
        "kind: expect\n    each: content.game.budget\n    that: true\n",
        "kind: derived\n    each: content.cards\n    field: nope\n    equals: 1\n",
    ],
)
def test_a_clause_that_does_not_fit_the_content_is_located_not_a_crash(
    tmp_path: Path, clause: str
) -> None:
    path = tmp_path / "x.checks.yaml"
    path.write_text(ONE + "    " + clause)
    diags = run(FIXTURES / "good", path)
    assert diags and {d.code for d in diags} == {"JT062"}, diags
    assert all(d.file == "x.checks.yaml" and d.line > 4 for d in diags)
