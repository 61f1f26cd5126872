"""Issue 34: expressions, copies and repeats that would hang a build or fill the memory end
quickly in a located error (exit 1), `validate` included; a float option that is no number
is a usage error (exit 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import assert_no_crash, run_cli

from ttgbuild.source.exprbudget import METHODS
from ttgbuild.source.expressions import ExpressionError, evaluate
from ttgbuild.source.records import Records

LAYOUT = "pack/layouts/critter.layout.yaml"

# Each one made a gigabyte, ran for minutes or never ended before the budget.
ATTACKS = [
    "'a' | center(10**9)",
    "'%0999999999d' | format(1)",
    "'%0999999999d' % 1",
    "'%*d' % (10**9, 1)",
    "'{:>999999999}'.format(1)",
    "'{:{}}'.format(1, 10**9)",
    "'x'.ljust(10**9)",
    "(('a' * 100000) * 10) | join",
    "(['a' * 90000] * 90000) | join",
    "','.join(['ab' * 50000] * 50000)",
    "((2**64)**64)**64",
    "(((2**64)**64)**64)**64",
    "10**600 * 10**600 * 10**600 * 10**600 * 10**600 * 10**600",
    "sum([[1] * 90000] * 90000, [])",
    "([[1] * 90000] * 90000) | sum(start=[])",
    "'ab' | replace('', 'x' * 90000) | replace('', 'y' * 90000)",
    "('a\\n' * 50000) | indent(100000)",
    "('\\t' * 100000).expandtabs(100000)",
    "[1] | batch(10**9, 0) | list",
    "[1] | slice(10**9) | list",
    "[1, 2] | map('center', 10**9) | list",
    "'%.999999999f' % 1.5",
    "('a' * 100000).translate(''.maketrans({'a': 'b'.ljust(40000)})) | length",
    "('a' * 100000).translate({97: 'b' * 40000})",
    "('{0}' * 30000).format('a' * 100000)",
    "('{a}' * 30000).format_map({'a': 'a' * 100000})",
    "('%(a)s' * 20000) % {'a': 'a' * 100000}",
    "('{}' * 3000).format([10**1000] * 1000)",
    "'x'.zfill(10**9)",
    "(1).to_bytes(10**9)",
]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("source", ATTACKS)
def test_an_expression_past_the_budget_is_an_error_not_a_hang(source: str) -> None:
    with pytest.raises(ExpressionError, match=r"too large|more than"):
        evaluate(source, {})


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("('a' * 100000) | length", 100000),
        ("2 ** 64 * 2 ** 64", 2**128),
        ("sum([[1, 2], [3]], []) | length", 3),
        ("[1, 2, 3] | join(', ')", "1, 2, 3"),
        ("'%05.1f' % 2.25", "002.2"),
        ("'{:>4}'.format(7)", "   7"),
        ("range(1000) | sum", 499500),
        ("'abc'.translate(''.maketrans('ab', 'xy'))", "xyc"),
        ("'abc'.translate({97: 'aa', 98: none})", "aac"),
        ("'{a}-{a}'.format_map({'a': 1})", "1-1"),
        ("'%(a)s/%(a)s' % {'a': 'x'}", "x/x"),
        ("'7'.zfill(3)", "007"),
        ("'a b'.split() | length", 2),
        ("[3, 1].index(1)", 1),
        ("pools.by_id('x')", None),  # a method the project gives its own values
    ],
)
def test_values_games_make_are_within_the_budget(source: str, value: object) -> None:
    assert evaluate(source, {"pools": Records(())}) == value


@pytest.mark.parametrize(
    "source", ["{'a': 1}.keys().isdisjoint([1])", "dict.get({'a': 1}, 'a')", "'a'.mro()"]
)
def test_a_method_of_a_builtin_value_not_known_to_be_bounded_is_refused(source: str) -> None:
    with pytest.raises(ExpressionError, match=r"not allowed|no attribute"):
        evaluate(source, {})


def test_every_method_the_sandbox_lets_expressions_reach_is_bounded_first_or_refused() -> None:
    """A method of a built-in value that the sandbox lets an expression read is either on the
    allow-list (bounded before it runs) or refused when called: never called unbounded. (Jinja2
    lets `set.intersection_update` through, which changes the set: refused here.)"""
    values = ["a", b"a", 1, 1.5, [1], (1,), {"a": 1}, {1}, frozenset({1}), range(1)]
    reached = 0
    for value in values:
        for name in dir(value):
            try:
                found = evaluate(f"value.{name}", {"value": value})
            except ExpressionError:
                continue
            if not callable(found) or f"{type(value).__name__}.{name}" in METHODS:
                reached += callable(found)
                continue
            with pytest.raises(ExpressionError, match="not allowed"):
                evaluate(f"value.{name}(value)", {"value": value})
    assert reached > 100


@pytest.fixture
def game(tidewrack: Path) -> Path:
    return tidewrack


def _change(game: Path, old: str, new: str) -> int:
    """Replace a text of the layout; the line (1-based) it was on."""
    path = game / LAYOUT
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")
    return text[: text.index(old)].count("\n") + 1


def _located(output: str, code: str, line: int) -> None:
    rows = [r for r in output.splitlines() if f" {code}: " in r]
    assert rows, output
    assert re.match(rf"pack/layouts/critter\.layout\.yaml:{line}:\d+: error {code}: ", rows[0]), (
        rows
    )


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "text",
    [
        "'a' | center(10**9)",
        "((2**64)**64)**64 ~ ''",
        "(['a' * 90000] * 90000) | join",
        "('a' * 100000).translate(''.maketrans({'a': 'b'.ljust(20000)})) | length",
    ],
)
def test_validate_and_build_stop_at_a_layout_expression_past_the_budget(
    game: Path, text: str
) -> None:
    line = _change(game, "text: number(record.cost)", f'text: "{text}"')
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    _located(result.stdout, "JT074", line)
    result = run_cli(game, "build", "--locale", "en", "--out", str(game / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    _located(result.stdout, "JT074", line)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("copies", ["10 ** 12", "2 ** 40", "1001"])
def test_copies_past_the_bound_are_located_not_a_memory_error(game: Path, copies: str) -> None:
    line = _change(game, "copies: record.copies", f'copies: "{copies}"')
    for command in ("validate", "build"):
        result = run_cli(
            game, command, *(["--out", str(game / "out")] if command == "build" else [])
        )
        assert_no_crash(result)
        assert result.exit_code == 1, result.output
        _located(result.stdout, "JT075", line)


@pytest.mark.timeout(120)
def test_repeats_nested_within_the_format_stop_located(game: Path) -> None:
    nested = (
        "box: {kind: repeat, each: 'range(1000)', as: a, box: {kind: repeat, "
        "each: 'range(1000)', as: b, box: {kind: stat, textbox: stat-label, value: b}}}"
    )
    line = _change(game, "box: {kind: stat, textbox: stat-label}", nested)
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    assert "JT075" in result.stdout, result.stdout
    rows = [r for r in result.stdout.splitlines() if " JT075: " in r]
    assert rows[0].startswith(f"pack/layouts/critter.layout.yaml:{line}:"), rows


@pytest.mark.timeout(120)
def test_an_each_of_more_items_than_a_face_can_draw_is_located(game: Path) -> None:
    line = _change(game, "items:\n", "each: 'range(5000)'\n        as: it\n        items_:\n")
    _change(game, "        items_:\n", "        unused_items:\n")
    text = (game / LAYOUT).read_text("utf-8")
    block = text[text.index("unused_items:") :].split("\n      #", 1)[0]
    (game / LAYOUT).write_text(text.replace(block, "", 1), "utf-8")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    _located(result.stdout, "JT075", line)


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "-1", "1e400", "1e308"])
def test_bleed_that_is_no_finite_number_in_range_is_a_usage_error(game: Path, value: str) -> None:
    result = run_cli(game, "build", "--bleed", value, "--out", str(game / "out"))
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    assert "--bleed" in result.output
    assert not (game / "out").exists()


def test_the_largest_number_content_may_hold_is_still_read_by_expressions() -> None:
    """A check's message reads a content value of MAX_DIGITS digits to report it: the integer
    budget stays above what content may hold, so the value's own check speaks, not the budget."""
    from ttgbuild.source.exprbudget import MAX_INT_BITS
    from ttgbuild.source.yamlsource import MAX_DIGITS

    assert (10**MAX_DIGITS).bit_length() <= MAX_INT_BITS
