"""Expressions in pack data: the one small language of layouts, reference sheets and rule checks.

A game declared as data still needs to say "this box shows the hero's cost",
"this rule holds when strength ≤ cap[level]" or "this sentence takes the
team's budget". Rather than invent a language, pack files use Jinja2's
expression syntax (`record.cost`, `caps[level]`, `heroes | length`,
`a if b else c`), with the rules of Jinja2's immutable sandbox: data can read
values and call the functions it is given, never change anything or reach
Python's internals. Undefined names are errors, never silently empty, so a
typo in a layout or rule is reported, located, instead of printing nothing.

Jinja2 parses an expression; it is then run by walking its tree, each node a
small function that does what Jinja2's compiled code would do (the
sandbox's getattr, getitem, call and operators; filters and tests by name).
Compiling it to Python instead costs a millisecond per expression, paid again
in every process: more than a whole `validate` evaluates. Expressions are
cached by their text: a layout evaluates the same few for every card.
"""

from __future__ import annotations

import math
import operator
import re
from collections import ChainMap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, TemplateSyntaxError, Undefined, nodes
from jinja2.exceptions import UndefinedError
from jinja2.parser import Parser
from jinja2.runtime import Context, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from ttgbuild.source import exprbudget, parsememo
from ttgbuild.source.exprbudget import BudgetError

# Ready for every expression: what designers reach for in counts, sums and bounds.
BUILTINS: Mapping[str, Callable[..., Any]] = {
    "min": min,
    "max": max,
    "abs": abs,
    "sum": exprbudget.bounded_sum,  # Python's, with lists added in place and the total bounded
    "len": len,
    "sorted": sorted,
    "floor": math.floor,
    "ceil": math.ceil,
}
MAX_REPEAT = 100_000  # items `"a" * n` or `[x] * n` may make, whatever their nesting
MAX_POWER = 64  # `2 ** 10**9` would hang the build; no game needs more than this


class ExpressionError(ValueError):
    """An expression that cannot be read or evaluated; the message says why, in words."""


class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with `*`, `**`, `%` and calls bounded (exprbudget), so a
    hostile value can neither hang a build nor fill the memory."""

    intercepted_binops = frozenset({"**", "*", "%"})

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        if operator_ == "*":
            sizes = [
                exprbudget.weight(v, MAX_REPEAT)
                for v in (left, right)
                if isinstance(v, str | list | tuple)
            ]
            times = [v for v in (left, right) if isinstance(v, int)]
            if sizes and times and sizes[0] * abs(times[0]) > MAX_REPEAT:
                raise ExpressionError(f"repeating a value makes more than {MAX_REPEAT} items")
            exprbudget.product(left, right)
            return operator.mul(left, right)
        if operator_ == "**":
            if isinstance(right, int | float) and abs(right) > MAX_POWER:
                raise ExpressionError(f"the power {right} is too large (at most {MAX_POWER})")
            exprbudget.power(left, right)
            return operator.pow(left, right)
        if operator_ == "%":
            exprbudget.modulo(left, right)
            return operator.mod(left, right)
        return super().call_binop(context, operator_, left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """A call through the sandbox, a text's method bounded first (`center`, `join`...)."""
        made = exprbudget.check_method(__obj, args, kwargs)
        if made is not None:
            return made[0]
        return super().call(__context, __obj, *args, **kwargs)


@cache
def _environment() -> _Sandbox:
    env = _Sandbox(undefined=StrictUndefined)
    env.filters = exprbudget.bounded_filters(env.filters)
    # Jinja2's other globals (lipsum, cycler, joiner, namespace) serve templates, and
    # lipsum(10**5) alone runs for seconds: data gets range, dict and the builtins.
    env.globals = {"range": env.globals["range"], "dict": dict, **BUILTINS}
    return env


class _Frame:
    """One evaluation's names, and the Jinja2 context a call or filter may need (made then)."""

    __slots__ = ("_context", "names", "work")

    def __init__(self, names: Mapping[str, Any]) -> None:
        self.names = names
        self._context: Context | None = None
        self.work = 0  # the sizes of the values made so far (exprbudget.MAX_WORK)

    @property
    def context(self) -> Context:
        if self._context is None:
            env = _environment()
            # The names over the builtins, layered, not copied: a context is made for each
            # call and test, and copying every name into it cost more than the call.
            self._context = env.context_class(env, ChainMap(self.names, env.globals), None, {})
        return self._context


Run = Callable[[_Frame], Any]
Arguments = Callable[[_Frame], tuple[list[Any], dict[str, Any]]]
# Jinja2's comparison and arithmetic operators; `*`, `**` and `%` go through the sandbox's bounds.
_COMPARE: Mapping[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "gt": operator.gt,
    "gteq": operator.ge,
    "lt": operator.lt,
    "lteq": operator.le,
    "in": lambda left, right: left in right,
    "notin": lambda left, right: left not in right,
}
_ARITHMETIC: Mapping[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "/": operator.truediv,
    "//": operator.floordiv,
}


# Nodes that make a value rather than read one: each value made is weighed (exprbudget).
_MAKERS = (
    nodes.Tuple,
    nodes.List,
    nodes.Dict,
    nodes.BinExpr,
    nodes.Concat,
    nodes.Call,
    nodes.Filter,
)


def _closure(node: nodes.Node) -> Run:
    """The function that evaluates `node` in a frame, as Jinja2's compiled code would;
    a value the node makes is weighed against the evaluation's budget."""
    run = _unweighed(node)
    return _weighed(run) if isinstance(node, _MAKERS) else run


def _weighed(run: Run) -> Run:
    """`run`, its value weighed: too large, or past the evaluation's total, is a BudgetError."""

    def weighed(f: _Frame) -> Any:
        value = run(f)
        f.work += exprbudget.check_size(value)
        if f.work > exprbudget.MAX_WORK:
            raise BudgetError(f"makes more than {exprbudget.MAX_WORK} items in all")
        return value

    return weighed


def _unweighed(node: nodes.Node) -> Run:
    env = _environment()
    if isinstance(node, nodes.Const):
        value = node.value
        return lambda _f: value
    if isinstance(node, nodes.Name):
        return _name(node.name)
    if isinstance(node, nodes.Getattr):
        of, attribute = _closure(node.node), node.attr
        return lambda f: env.getattr(of(f), attribute)
    if isinstance(node, nodes.Getitem):
        of, key = _closure(node.node), _closure(node.arg)
        if isinstance(node.arg, nodes.Slice):
            return lambda f: of(f)[key(f)]
        return lambda f: env.getitem(of(f), key(f))
    if isinstance(node, nodes.Slice):
        parts = [_closure(p) if p is not None else None for p in (node.start, node.stop, node.step)]
        return lambda f: slice(*(p(f) if p is not None else None for p in parts))
    if isinstance(node, nodes.Tuple | nodes.List):
        items, kind = [_closure(item) for item in node.items], type(node)
        if kind is nodes.Tuple:
            return lambda f: tuple(item(f) for item in items)
        return lambda f: [item(f) for item in items]
    if isinstance(node, nodes.Dict):
        pairs = [(_closure(pair.key), _closure(pair.value)) for pair in node.items]
        return lambda f: {key(f): value(f) for key, value in pairs}
    if isinstance(node, nodes.Compare):
        return _compare(node)
    if isinstance(node, nodes.And | nodes.Or):
        left, right = _closure(node.left), _closure(node.right)
        if isinstance(node, nodes.And):
            return lambda f: left(f) and right(f)
        return lambda f: left(f) or right(f)
    if isinstance(node, nodes.BinExpr):
        return _binary(node.operator, _closure(node.left), _closure(node.right))
    if isinstance(node, nodes.Not):
        inner = _closure(node.node)
        return lambda f: not inner(f)
    if isinstance(node, nodes.Neg | nodes.Pos):
        inner, negate = _closure(node.node), isinstance(node, nodes.Neg)
        return lambda f: -inner(f) if negate else +inner(f)
    if isinstance(node, nodes.Concat):
        parts = [_closure(part) for part in node.nodes]
        return lambda f: str_join(part(f) for part in parts)
    if isinstance(node, nodes.CondExpr):
        return _conditional(node)
    if isinstance(node, nodes.Call):
        return _call(node)
    if isinstance(node, nodes.Filter | nodes.Test):
        return _filter_or_test(node)
    raise ExpressionError(f"{type(node).__name__} is not part of the expression language")


def _name(name: str) -> Run:
    """A name: the values given, else a builtin; else Jinja2's strict undefined value."""
    env = _environment()

    def run(f: _Frame) -> Any:
        if name in f.names:
            return f.names[name]
        if name in env.globals:
            return env.globals[name]
        return env.undefined(name=name)

    return run


def _compare(node: nodes.Compare) -> Run:
    """`a < b <= c` as Python chains it: each operand read once, stopping at the first false."""
    first = _closure(node.expr)
    steps = [(_COMPARE[op.op], _closure(op.expr)) for op in node.ops]

    def run(f: _Frame) -> Any:
        left, result = first(f), True
        for compare, right_of in steps:
            right = right_of(f)
            result = compare(left, right)
            if not result:
                return result
            left = right
        return result

    return run


def _binary(symbol: str, left: Run, right: Run) -> Run:
    env = _environment()
    if symbol in env.intercepted_binops:
        return lambda f: env.call_binop(None, symbol, left(f), right(f))
    apply = _ARITHMETIC[symbol]
    return lambda f: apply(left(f), right(f))


def _conditional(node: nodes.CondExpr) -> Run:
    test, then = _closure(node.test), _closure(node.expr1)
    otherwise = _closure(node.expr2) if node.expr2 is not None else None

    def run(f: _Frame) -> Any:
        if test(f):
            return then(f)
        if otherwise is None:  # as Jinja2: a lenient undefined, an error only where it is used
            return Undefined("the inline if-expression is false and has no else part")
        return otherwise(f)

    return run


def _call(node: nodes.Call) -> Run:
    """A call through the sandbox, which refuses anything that could change data."""
    env = _environment()
    function, arguments = _closure(node.node), _arguments(node)

    def run(f: _Frame) -> Any:
        called = function(f)
        args, kwargs = arguments(f)
        return env.call(f.context, called, *args, **kwargs)

    return run


def _arguments(node: nodes.Call | nodes.Filter | nodes.Test) -> Arguments:
    """A call's positional and keyword arguments, `*args` and `**kwargs` included."""
    positional = [_closure(arg) for arg in node.args]
    keywords = [(keyword.key, _closure(keyword.value)) for keyword in node.kwargs]
    star = _closure(node.dyn_args) if node.dyn_args is not None else None
    stars = _closure(node.dyn_kwargs) if node.dyn_kwargs is not None else None

    def run(f: _Frame) -> tuple[list[Any], dict[str, Any]]:
        args = [arg(f) for arg in positional] + (list(star(f)) if star is not None else [])
        kwargs = {key: value(f) for key, value in keywords}
        if stars is not None:
            kwargs.update(stars(f))
        return args, kwargs

    return run


def _filter_or_test(node: nodes.Filter | nodes.Test) -> Run:
    env = _environment()
    value, arguments, name = _closure(node.node), _arguments(node), node.name
    call = env.call_filter if isinstance(node, nodes.Filter) else env.call_test

    def run(f: _Frame) -> Any:
        args, kwargs = arguments(f)
        return call(name, value(f), args, kwargs, context=f.context)

    return run


# `record.cost`, `rules.budget`: most expressions a card evaluates are a name and its
# attributes. They are looked up step by step through the sandbox's getattr, without
# the parser: a third of the tree's cost.
_PATH = re.compile(r"\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\s*")


# Words a path could start with that Jinja2 reads as something else (literals, builtins).
_NOT_NAMES = frozenset({"true", "false", "none", "True", "False", "None", *BUILTINS})


def _path(source: str, parts: list[str]) -> Callable[[Mapping[str, Any]], Any]:
    """A function looking a dotted path up in the names it is given, as the sandbox does.

    Each step is the sandbox's getattr (attribute, else item): an attribute it
    refuses (a method that changes data, a frame, a class) is refused here too,
    not just names starting with "_".
    """
    env = _environment()
    first, rest = parts[0], parts[1:]

    def run(names: Mapping[str, Any]) -> Any:
        if first not in names:
            raise ExpressionError(f"{source!r}: {first!r} is not defined here")
        value = names[first]
        for part in rest:
            found = env.getattr(value, part)
            if isinstance(found, Undefined):
                kind = type(value).__name__
                raise ExpressionError(
                    f"{source!r}: '{kind} object' has no attribute {part!r} it may read"
                )
            value = found
        return value

    return run


def _tree(root: Run) -> Callable[[Mapping[str, Any]], Any]:
    return lambda names: root(_Frame(names))


@dataclass(frozen=True)
class Expression:
    """A checked expression: read once (syntax errors, unknown filters then), run many times."""

    source: str
    names: frozenset[str]  # the names it reads, to check them before evaluating
    _run: Callable[[Mapping[str, Any]], Any]

    def evaluate(self, names: Mapping[str, Any]) -> Any:
        """The expression's value with these names bound; ExpressionError if it fails."""
        try:
            value = self._run(names)
            if isinstance(value, Undefined):  # a strict Undefined raises only when used
                value._fail_with_undefined_error()
            return value
        except ExpressionError:
            raise
        except BudgetError as exc:
            raise ExpressionError(f"{self.source!r} is too large to evaluate: {exc}") from None
        except UndefinedError as exc:
            raise ExpressionError(f"{self.source!r}: {_undefined(exc)}") from None
        except SecurityError as exc:
            raise ExpressionError(f"{self.source!r} is not allowed: {exc}") from None
        except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
            raise ExpressionError(f"{self.source!r} cannot be evaluated: {exc}") from None
        except TemplateError as exc:  # a filter given the wrong kind of value, say
            raise ExpressionError(f"{self.source!r} cannot be evaluated: {exc}") from None
        except RecursionError:
            raise ExpressionError(f"{self.source!r} nests too deeply") from None
        except MemoryError:
            raise ExpressionError(f"{self.source!r} makes a value too large to hold") from None


def _undefined(exc: UndefinedError) -> str:
    """Jinja2 says "'x' is undefined"; a designer reads "x is not defined here"."""
    text = str(exc)
    return text.replace(" is undefined", " is not defined here")


@cache
def compile_expression(source: str) -> Expression:
    """Read an expression once; ExpressionError (with the reason) if it is not one."""
    if not isinstance(source, str) or not source.strip():
        raise ExpressionError("an expression must be non-empty text")
    match = _PATH.fullmatch(source)
    if match and match.group(1).split(".")[0] not in _NOT_NAMES:
        parts = match.group(1).split(".")
        return Expression(source, frozenset(parts[:1]), _path(source, parts))
    env = _environment()
    try:
        expression = _parse(env, source)
        run = _closure(expression)
    except TemplateSyntaxError as exc:
        raise ExpressionError(f"{source!r} is not a valid expression: {exc.message}") from None
    except RecursionError:
        raise ExpressionError(f"{source!r} nests too deeply") from None
    for node in _nodes(expression, nodes.Filter | nodes.Test):
        known = env.filters if isinstance(node, nodes.Filter) else env.tests
        if node.name not in known:
            kind = "filter" if isinstance(node, nodes.Filter) else "test"
            raise ExpressionError(f"{source!r}: there is no {kind} named {node.name!r}")
    # An expression binds no names of its own: every name it loads comes from outside.
    loaded = {name.name for name in _nodes(expression, nodes.Name) if name.ctx == "load"}
    return Expression(source, frozenset(loaded) - set(BUILTINS), _tree(run))


def _parse(env: _Sandbox, source: str) -> nodes.Expr:
    """Jinja2's tree of an expression: remembered from an earlier run, else parsed (and kept)."""
    known = parsememo.memo()
    tree = known.get(source)
    if isinstance(tree, nodes.Expr):
        return tree
    parser = Parser(env, source, state="variable")
    tree = parser.parse_expression()
    if not parser.stream.eos:
        raise TemplateSyntaxError("chunk after expression", parser.stream.current.lineno)
    known.add(source, tree)
    return tree


def _nodes(root: nodes.Node, kind: Any) -> list[Any]:
    """Every node of a kind in the tree, the root included (Jinja2's find_all skips it)."""
    return [root, *root.find_all(kind)] if isinstance(root, kind) else list(root.find_all(kind))


def evaluate(source: str, names: Mapping[str, Any]) -> Any:
    """Compile (cached) and evaluate in one step."""
    return compile_expression(source).evaluate(names)


def unknown_names(source: str, known: set[str] | frozenset[str]) -> list[str]:
    """The names an expression reads that are not among `known` (sorted), for located reports."""
    return sorted(compile_expression(source).names - set(known))
