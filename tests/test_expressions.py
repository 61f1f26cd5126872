"""The expressions of pack data: strict names, located syntax errors, a sandbox that cannot hang.

Layouts, sheets and declared checks all evaluate `ttgbuild.source.expressions`;
these tests hold its promises: an unknown name is an error (never an empty
value), a syntax error names the expression, `**` and `*` cannot make a
build hang or eat memory, and Python's internals cannot be reached.
"""

from __future__ import annotations

import pytest
from jinja2 import StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ttgbuild.source.expressions import (
    BUILTINS,
    MAX_POWER,
    MAX_REPEAT,
    ExpressionError,
    compile_expression,
    evaluate,
    unknown_names,
)


def test_values_are_read_and_combined() -> None:
    names = {"record": {"cost": 3}, "caps": {"small": 2}, "level": "small"}
    assert evaluate("record.cost + caps[level]", names) == 5
    assert evaluate("[1, 2, 3] | sum", {}) == 6
    assert evaluate("max(a, b)", {"a": 2, "b": 7}) == 7
    assert evaluate("'D' ~ 6", {}) == "D6"


def test_the_names_an_expression_reads() -> None:
    assert compile_expression("a.b + c[d] if e else max(f, 1)").names == {"a", "c", "d", "e", "f"}
    assert unknown_names("cost <= budget", {"cost"}) == ["budget"]


def test_an_unknown_name_is_an_error_not_an_empty_value() -> None:
    with pytest.raises(ExpressionError, match="budgte' is not defined here"):
        evaluate("budgte + 1", {"budget": 3})
    with pytest.raises(ExpressionError, match="not defined here"):
        evaluate("missing", {})


def test_a_missing_field_is_an_error() -> None:
    with pytest.raises(ExpressionError):
        evaluate("record.nope + 1", {"record": {"cost": 3}})


@pytest.mark.parametrize("source", ["1 +", "a b", "(", "a |", "", "   "])
def test_a_syntax_error_names_the_expression(source: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_expression(source)
    assert "expression" in str(caught.value)


def test_a_wrong_type_is_an_error_in_words() -> None:
    with pytest.raises(ExpressionError, match="cannot be evaluated"):
        evaluate("a + 1", {"a": "text"})


@pytest.mark.timeout(10)
def test_a_huge_power_is_refused_at_once() -> None:
    assert evaluate(f"2 ** {MAX_POWER}", {}) == 2**MAX_POWER
    with pytest.raises(ExpressionError, match="too large"):
        evaluate("2 ** 1000000000", {})
    with pytest.raises(ExpressionError, match="too large"):
        evaluate("2 ** (10 ** 9)", {})


@pytest.mark.timeout(10)
def test_a_huge_repetition_is_refused_at_once() -> None:
    assert evaluate("'ab' * 3", {}) == "ababab"
    with pytest.raises(ExpressionError, match=str(MAX_REPEAT)):
        evaluate("'a' * 1000000000000", {})
    with pytest.raises(ExpressionError, match=str(MAX_REPEAT)):
        evaluate("[0] * 1000000000", {})


@pytest.mark.parametrize(
    "source",
    [
        "x.__class__",
        "x.__class__.__mro__",
        "x.__init__.__globals__",
        "x._private",
        "().__class__.__bases__[0].__subclasses__()",
    ],
)
def test_python_internals_cannot_be_reached(source: str) -> None:
    class Thing:
        _private = 1

    with pytest.raises(ExpressionError):
        value = evaluate(source, {"x": Thing()})
        # Jinja2's sandbox may answer an unsafe attribute with an undefined value
        # instead of raising; using it must fail all the same.
        str(value)


def test_data_cannot_be_changed() -> None:
    items = [1, 2]
    with pytest.raises(ExpressionError):
        evaluate("items.append(3)", {"items": items})
    assert items == [1, 2]
    table = {"a": 1}
    with pytest.raises(ExpressionError):
        evaluate("table.update({'b': 2})", {"table": table})
    assert table == {"a": 1}


def test_compiled_once_by_text() -> None:
    assert compile_expression("a + 1") is compile_expression("a + 1")


def test_an_unknown_filter_or_test_is_an_error_when_read() -> None:
    with pytest.raises(ExpressionError, match="no filter named 'lenght'"):
        compile_expression("heroes | lenght")
    with pytest.raises(ExpressionError, match="no test named 'nothing'"):
        compile_expression("(x is nothing) or y")


JINJA_CASES = [
    ("a < b <= c", {"a": 1, "b": 2, "c": 2}),
    ("a < b < c", {"a": 1, "b": 3, "c": 2}),
    ("a in b and not c", {"a": 1, "b": [1, 2], "c": False}),
    ("a not in b or c", {"a": 1, "b": [1, 2], "c": 0}),
    ("-a + +b - c * 2 / 4 // 1 % 3", {"a": 1, "b": 5, "c": 7}),
    ("2 ** 10", {}),
    ("'x' ~ a ~ none", {"a": 3}),
    ("items[1:] + items[:1] + items[::2]", {"items": [1, 2, 3]}),
    ("(a, b) if a else [b, a]", {"a": 0, "b": 1}),
    ("{'k': a, b: 2}", {"a": 1, "b": "j"}),
    ("table.k + table['j']", {"table": {"k": 1, "j": 2}}),
    ("f(1, *more, z=3, **extra)", {"f": lambda *a, **k: (a, k), "more": [2], "extra": {"y": 4}}),
    (
        "d.items() | selectattr(0, 'in', keys) | map(attribute=1) | sum",
        {"d": {"a": 1, "b": 2}, "keys": ["b"]},
    ),
    (
        "rows | map(attribute='n') | select('odd') | list | length",
        {"rows": [{"n": 1}, {"n": 2}, {"n": 3}]},
    ),
    ("(x is none, x is not defined, y is divisibleby 3)", {"x": None, "y": 9}),
    (
        "max(a, b) + min([a, b]) + abs(-a) + len(s) + floor(1.5) + ceil(1.5)",
        {"a": 1, "b": 2, "s": "ab"},
    ),
    ("sorted(items) | join(', ')", {"items": [3, 1, 2]}),
    ("range(3) | list", {}),
    ("true and false or none is none", {}),
]


@pytest.mark.parametrize(("source", "names"), JINJA_CASES)
def test_the_value_is_jinja2s_own(source: str, names: dict[str, object]) -> None:
    """Each kind of node gives what Jinja2's compiled sandboxed expression gives."""
    jinja = ImmutableSandboxedEnvironment(undefined=StrictUndefined)
    jinja.globals.update(BUILTINS)
    expected = jinja.compile_expression(source, undefined_to_none=False)(**names)
    assert evaluate(source, names) == expected


@pytest.mark.parametrize(
    "source",
    [
        "items.append",  # a method that changes data, read as a plain dotted name
        "gen.gi_frame.f_globals",  # a frame, and from it the module's globals
        "kind.mro",  # a class's internals
    ],
)
def test_a_dotted_name_goes_through_the_sandbox_too(source: str) -> None:
    """Regression: the shortcut for `a.b.c` once read any attribute not starting with "_"."""

    def generator():  # a live generator exposes its frame as gi_frame
        yield 1

    names = {"items": [1], "gen": generator(), "kind": int}
    with pytest.raises(ExpressionError, match="may read"):
        evaluate(source, names)
    assert names["items"] == [1]


def test_an_if_without_else_is_jinja2s_lenient_undefined() -> None:
    assert evaluate("'x' ~ (y if flag)", {"y": 1, "flag": False}) == "x"
    with pytest.raises(ExpressionError):
        evaluate("y if flag", {"y": 1, "flag": False})


def test_only_the_globals_data_needs() -> None:
    assert evaluate("range(3) | list", {}) == [0, 1, 2]
    for name in ("lipsum", "cycler", "joiner", "namespace"):
        with pytest.raises(ExpressionError, match="not defined here"):
            evaluate(f"{name}()", {})
