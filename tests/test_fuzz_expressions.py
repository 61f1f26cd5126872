"""Issue 34: random expressions (operators, filters, methods, big literals, nesting) end in a
value or an ExpressionError, under a memory limit (in a process of their own, so that running
out of memory is seen, not caught by the evaluation); through `validate`, exit 0, 1 or 2."""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttgbuild.source.expressions import ExpressionError, evaluate

ATOMS = st.sampled_from(
    [
        "1",
        "0",
        "-1",
        "64",
        "10**9",
        "2**64",
        "1e308",
        "'a'",
        "''",
        "'%0999d'",
        "'{:>99}'",
        "'\\t'",
        "'{0}{0}{0}'",
        "('{0}' * 999)",
        "('x' * 99999)",
        "{97: 'y' * 99999}",
        "[1, 2]",
        "[]",
        "['x'] * 9",
        "range(100)",
        "{'a': 1}",
        "none",
        "true",
    ]
)
BINARY = st.sampled_from(["+", "-", "*", "**", "/", "//", "%", "~", "==", "<", "in", "and", "or"])
FILTERS = st.sampled_from(
    [
        "center(10**6)",
        "join",
        "join(',')",
        "sum",
        "sum(start=[])",
        "list",
        "length",
        "indent(999)",
        "replace('', 'xx')",
        "batch(999)",
        "slice(9)",
        "format(1)",
        "tojson",
        "map('string')",
        "sort",
        "unique",
        "string",
        "first",
        "wordwrap(1)",
        "int",
        "abs",
    ]
)
METHODS = st.sampled_from(
    [
        ".ljust(999999)",
        ".format(1, 2)",
        ".join(['a'] * 9)",
        ".replace('', 'yy')",
        ".upper()",
        ".expandtabs(999)",
        ".split()",
        ".translate(''.maketrans({'a': 'b' * 40000}))",
        ".translate({120: 'y' * 99999})",
        ".translate(['z' * 999] * 99)",
        ".maketrans('ab', 'cd')",
        ".format_map({'a': 'x' * 99999})",
        ".format('x' * 99999)",
        ".zfill(999999)",
        ".center(999999)",
        ".rjust(10**9)",
        ".splitlines()",
        ".partition('a')",
        ".encode()",
        ".count('')",
        ".to_bytes(999999)",
        ".copy()",
        ".items()",
        ".keys()",
        ".index(1)",
    ]
)
CALLS = st.sampled_from(["sum", "sorted", "len", "max", "min", "abs", "range"])


def _expressions() -> st.SearchStrategy[str]:
    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, BINARY, inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(inner, FILTERS).map(lambda t: f"({t[0]} | {t[1]})"),
            st.tuples(inner, METHODS).map(lambda t: f"({t[0]}){t[1]}"),
            st.tuples(CALLS, inner).map(lambda t: f"{t[0]}({t[1]})"),
            st.lists(inner, max_size=3).map(lambda xs: f"[{', '.join(xs)}]"),
        )

    return st.recursive(ATOMS, grow, max_leaves=12)


def fuzz_here(examples: int) -> None:
    """Evaluate random expressions in this process: each ends in a value or an
    ExpressionError, and none runs out of memory (which the evaluation would report as an
    ExpressionError too: here it means a value the budget should have stopped was made)."""

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(_expressions())
    def one(source: str) -> None:
        try:
            evaluate(source, {})
        except ExpressionError as exc:
            if isinstance(exc.__context__, MemoryError):
                raise AssertionError(f"{source!r} ran out of memory past the budget") from None

    one()


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.timeout(300)
def test_every_random_expression_ends_in_a_value_or_an_expression_error_in_bounded_memory(
    tmp_path: Path,
) -> None:
    script = "import sys; sys.path.insert(0, sys.argv[1]); import {0}; {0}.fuzz_here(300)"
    result = subprocess.run(
        [sys.executable, "-c", script.format(Path(__file__).stem), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        timeout=280,
        preexec_fn=_limited,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-6000:]


@pytest.mark.timeout(180)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(_expressions())
def test_validate_of_a_layout_holding_a_random_expression_exits_0_1_or_2(
    tmp_path_factory: pytest.TempPathFactory, source: str
) -> None:
    game = tmp_path_factory.mktemp("fuzz") / "tidewrack"
    shutil.copytree(REPO / "examples" / "tidewrack", game)
    layout = game / "pack/layouts/critter.layout.yaml"
    text = layout.read_text("utf-8")
    quoted = source.replace("\\", "\\\\").replace('"', '\\"')
    layout.write_text(text.replace("text: number(record.cost)", f'text: "{quoted}"'), "utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "ttgbuild", "validate", "--project", str(game)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limited,
    )
    assert result.returncode in (0, 1, 2), result.stdout + result.stderr
    assert "internal error" not in result.stderr, result.stderr
