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
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined, UndefinedError, nodes
from jinja2.environment import TemplateExpression
from jinja2.parser import Parser
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


# `record.cost`, `rules.budget`: most expressions a card evaluates are a name and its
# attributes. They are looked up directly, as Jinja2 would (attribute, else item), at a
# tenth of a sandboxed template's cost; no part may start with "_", so nothing internal.
_PATH = re.compile(r"\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\s*")


# Words a path could start with that Jinja2 reads as something else (literals, builtins).
_NOT_NAMES = frozenset({"true", "false", "none", "True", "False", "None", *BUILTINS})


def _path(source: str, parts: list[str]) -> Callable[..., Any]:
    """A function looking a dotted path up in the names it is given."""
    first, rest = parts[0], parts[1:]

    def run(**names: Any) -> Any:
        if first not in names:
            raise ExpressionError(f"{source!r}: {first!r} is not defined here")
        value = names[first]
        for part in rest:
            try:
                value = getattr(value, part)
            except AttributeError:
                try:
                    value = value[part]
                except (TypeError, LookupError):
                    kind = type(value).__name__
                    raise ExpressionError(
                        f"{source!r}: '{kind} object' has no attribute {part!r}"
                    ) from None
        return value

    return run


@dataclass(frozen=True)
class Expression:
    """A checked expression: parsed when read (syntax errors then), compiled when first run.

    Reading a pack's data parses every expression to report syntax errors and
    unknown names, located; only those actually evaluated pay Jinja2's compiling
    (three times the parse), so `validate` stays quick.
    """

    source: str
    names: frozenset[str]  # the names it reads, to check them before evaluating
    _body: Any = field(default=None, repr=False, compare=False)  # the parsed template, or None
    _path_run: Callable[..., Any] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def _run(self) -> Callable[..., Any]:
        if self._path_run is not None:
            return self._path_run
        template = _environment().from_string(self._body)
        return TemplateExpression(template, undefined_to_none=False)

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
    match = _PATH.fullmatch(source)
    if match and match.group(1).split(".")[0] not in _NOT_NAMES:
        parts = match.group(1).split(".")
        return Expression(source, frozenset(parts[:1]), _path_run=_path(source, parts))
    env = _environment()
    try:  # as Environment.compile_expression does, keeping the tree to compile later
        parser = Parser(env, source, state="variable")
        expression = parser.parse_expression()
        if not parser.stream.eos:
            raise TemplateSyntaxError("chunk after expression", parser.stream.current.lineno)
    except TemplateSyntaxError as exc:
        raise ExpressionError(f"{source!r} is not a valid expression: {exc.message}") from None
    except RecursionError:
        raise ExpressionError(f"{source!r} nests too deeply") from None
    expression.set_environment(env)
    body = nodes.Template([nodes.Assign(nodes.Name("result", "store"), expression, lineno=1)])
    body.set_environment(env)
    # An expression binds no names of its own: every name it loads comes from outside.
    loaded = {name.name for name in expression.find_all(nodes.Name) if name.ctx == "load"}
    names = frozenset(loaded) - set(BUILTINS)
    return Expression(source, names, body)


def evaluate(source: str, names: Mapping[str, Any]) -> Any:
    """Compile (cached) and evaluate in one step."""
    return compile_expression(source).evaluate(names)


def unknown_names(source: str, known: set[str] | frozenset[str]) -> list[str]:
    """The names an expression reads that are not among `known` (sorted), for located reports."""
    return sorted(compile_expression(source).names - set(known))
