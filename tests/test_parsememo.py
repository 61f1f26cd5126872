"""Jinja2's parse of pack expressions remembered between runs (ttgbuild.source.parsememo)."""

from __future__ import annotations

import pytest
from jinja2 import nodes
from jinja2.parser import Parser

from ttgbuild.source import expressions, parsememo


def parsed(source: str) -> nodes.Expr:
    return Parser(expressions._environment(), source, state="variable").parse_expression()


def test_saved_trees_are_read_back_and_evaluate_alike() -> None:
    first = parsememo.ParseMemo()
    first.add("caps[level] >= 2", parsed("caps[level] >= 2"))
    first.save()
    again = parsememo.ParseMemo()
    tree = again.get("caps[level] >= 2")
    assert isinstance(tree, nodes.Compare)
    assert tree == parsed("caps[level] >= 2")
    run = expressions._closure(tree)
    assert run(expressions._Frame({"caps": [1, 2, 3], "level": 1})) is True


def test_trees_under_another_key_are_not_used() -> None:
    first = parsememo.ParseMemo()
    first.add("a + 1", parsed("a + 1"))
    first.key = "another python, jinja2 or expressions.py"
    first.save()
    assert parsememo.ParseMemo().get("a + 1") is None


@pytest.mark.parametrize("stored", [b"", b"not a pickle", b"\x80\x04N."])
def test_a_broken_file_is_not_used(stored: bytes) -> None:
    memo = parsememo.ParseMemo()
    memo.path.parent.mkdir(parents=True, exist_ok=True)
    memo.path.write_bytes(stored)
    assert parsememo.ParseMemo().trees == {}


def test_an_expression_that_fails_is_not_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    memo = parsememo.ParseMemo()
    monkeypatch.setattr(parsememo, "memo", lambda: memo)
    with pytest.raises(expressions.ExpressionError, match="not a valid expression"):
        expressions.compile_expression.__wrapped__("a +")
    assert memo.get("a +") is None
    expressions.compile_expression.__wrapped__("a + 2")
    assert memo.get("a + 2") == parsed("a + 2")
