"""Expressions in pack data: the one small language of layouts, reference sheets and rule checks.

A game declared as data still needs to say "this box shows the hero's cost",
"this rule holds when strength ≤ cap[level]" or "this sentence takes the
team's budget". Rather than invent a language, pack files use Jinja2's
expression syntax (`record.cost`, `caps[level]`, `heroes | length`,
`a if b else c`), evaluated by Jinja2's immutable sandbox: data can read
values and call the functions it is given, never change anything or reach
Python's internals. Undefined names are errors, never silently empty, so a
typo in a layout or rule is reported, located, instead of printing nothing.

Compiled expressions are cached by their text: a layout evaluates the same
few expressions for every card.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined, UndefinedError, meta
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

# Ready for every expression: what designers reach for in counts, sums and bounds.
BUILTINS: Mapping[str, Callable[..., Any]] = {
    "min": min,
    "max": max,
    "abs": abs,
    "sum": sum,
    "len": len,
    "sorted": sorted,
    "floor": math.floor,
    "ceil": math.ceil,
}
MAX_REPEAT = 100_000  # likewise `"a" * 10**12`
MAX_POWER = 64  # `2 ** 10**9` would hang the build; no game needs more than this


class ExpressionError(ValueError):
    """An expression that cannot be read or evaluated; the message says why, in words."""


class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with `**` bounded, so a hostile value cannot hang a build."""

    intercepted_binops = frozenset({"**", "*"})

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        if operator_ == "*":
            sizes = [len(v) for v in (left, right) if isinstance(v, str | list | tuple)]
            times = [v for v in (left, right) if isinstance(v, int)]
            if sizes and times and sizes[0] * abs(times[0]) > MAX_REPEAT:
                raise ExpressionError(f"repeating a value makes more than {MAX_REPEAT} items")
            return operator.mul(left, right)
        if operator_ == "**":
            if isinstance(right, int | float) and abs(right) > MAX_POWER:
                raise ExpressionError(f"the power {right} is too large (at most {MAX_POWER})")
            return operator.pow(left, right)
        return super().call_binop(context, operator_, left, right)


@cache
def _environment() -> _Sandbox:
    env = _Sandbox(undefined=StrictUndefined)
    env.globals.update(BUILTINS)
    return env


@dataclass(frozen=True)
class Expression:
    """A compiled expression and the names it reads (to check them before evaluating)."""

    source: str
    names: frozenset[str]
    _run: Callable[..., Any] = field(repr=False, compare=False)

    def evaluate(self, names: Mapping[str, Any]) -> Any:
        """The expression's value with these names bound; ExpressionError if it fails."""
        try:
            value = self._run(**names)
            if isinstance(value, Undefined):  # a strict Undefined raises only when used
                value._fail_with_undefined_error()
            return value
        except ExpressionError:
            raise
        except UndefinedError as exc:
            raise ExpressionError(f"{self.source!r}: {_undefined(exc)}") from None
        except SecurityError as exc:
            raise ExpressionError(f"{self.source!r} is not allowed: {exc}") from None
        except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
            raise ExpressionError(f"{self.source!r} cannot be evaluated: {exc}") from None
        except RecursionError:
            raise ExpressionError(f"{self.source!r} nests too deeply") from None


def _undefined(exc: UndefinedError) -> str:
    """Jinja2 says "'x' is undefined"; a designer reads "x is not defined here"."""
    text = str(exc)
    return text.replace(" is undefined", " is not defined here")


@cache
def compile_expression(source: str) -> Expression:
    """Compile an expression once; ExpressionError (with the reason) if it is not one."""
    if not isinstance(source, str) or not source.strip():
        raise ExpressionError("an expression must be non-empty text")
    env = _environment()
    try:
        run = env.compile_expression(source, undefined_to_none=False)
        names = meta.find_undeclared_variables(env.parse("{{ (" + source + ") }}"))
    except TemplateSyntaxError as exc:
        raise ExpressionError(f"{source!r} is not a valid expression: {exc.message}") from None
    except RecursionError:
        raise ExpressionError(f"{source!r} nests too deeply") from None
    return Expression(source, frozenset(names) - set(BUILTINS), run)


def evaluate(source: str, names: Mapping[str, Any]) -> Any:
    """Compile (cached) and evaluate in one step."""
    return compile_expression(source).evaluate(names)


def unknown_names(source: str, known: set[str] | frozenset[str]) -> list[str]:
    """The names an expression reads that are not among `known` (sorted), for located reports."""
    return sorted(compile_expression(source).names - set(known))
