"""The budget of one expression evaluation: how large a value it may make, how much work it may do.

Expressions come from pack data (layouts, sheets, check files), which a
designer edits and a user may download: one line of it must not be able to
hold a build for minutes or fill the memory. The language has no loops, so an
evaluation's time follows from the size of the values it makes. The budget
therefore bounds sizes, each before the value is made wherever one operation
can make far more than it was given (`"a" * n`, `x ** n`, a width `center`
or a format pads to, a `join` or `sum` of many lists, `replace` in every
gap), and every made value after it is made (`+`, `~`, lists written out).

The bounds are a wide margin above what real projects make: the shipped
games' expressions (layouts, sheets, checks, evaluated with their content)
make values of at most 526 items or characters and integers of at most 10
bits; a project may hold 20,000 records of a kind (loader.MAX_FILES), so a
list of every record's fields, or ten such lists in one expression, still fits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from jinja2.filters import make_attrgetter
from jinja2.utils import pass_environment

# Characters of a text, or items of a list, tuple or mapping counted through their nesting:
# 50 times a list of the 20,000 records a kind may have.
MAX_SIZE = 1_000_000
# Bits of an integer: above the largest number content may hold (yamlsource.MAX_DIGITS, 1000
# decimal digits, is 3,322 bits), so an expression can still read and compare such a value to
# report it; no count, cost or odds needs more, and arithmetic on 4,096 bits is instant.
MAX_INT_BITS = 4096
# The sizes of every value one evaluation makes, added up: the bound of its time (weighing
# them costs about a second at most), ten lists of 20,000 records ten times over.
MAX_WORK = 2 * MAX_SIZE
# A format template's fields: `%-08.3f` (flags, width, precision) and `{0:>8}`'s spec.
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*((?:\d+|\*)?(?:\.(?:\d+|\*))?)")
_BRACE = re.compile(r"\{[^{}]*?:([^{}]*)\}")
_DIGITS = re.compile(r"\d+")


class BudgetError(ValueError):
    """An evaluation would make a value larger than the budget allows; the message says which."""


def _too_large(what: str) -> BudgetError:
    return BudgetError(f"{what} would make more than {MAX_SIZE} characters or items")


_TEXTS = (str, bytes)
_NESTED = (str, bytes, list, tuple, set, frozenset, dict)
_SCALARS = frozenset({int, float, bool, type(None)})  # most items: told apart without isinstance


def weight(value: Any, limit: int = MAX_SIZE) -> int:
    """The size of a value: a text's characters, a collection's items through their nesting
    (a list repeated inside another counted each time); 1 for anything else, an empty text
    or collection too (a million empty texts still take memory).

    Counting stops past `limit`, so weighing costs no more than the budget allows. A
    number too large is refused when it is made (`*`, `**`, `sum`) or is the value weighed.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        check_int(value)
    total = 0
    stack = [value]
    while stack and total <= limit:
        item = stack.pop()
        if isinstance(item, _TEXTS):
            total += len(item) or 1
        elif isinstance(item, _NESTED) and item:
            if total + len(item) > limit:
                return total + len(item)
            if isinstance(item, dict):
                total += len(item)  # the keys; the values are weighed as items
                item = item.values()
            nested = [x for x in item if type(x) not in _SCALARS and isinstance(x, _NESTED)]
            total += len(item) - len(nested)
            stack += nested
        else:
            total += 1
    return total


def check_size(value: Any, what: str = "this expression") -> int:
    """The value's weight; BudgetError when it is past MAX_SIZE."""
    size = weight(value)
    if size > MAX_SIZE:
        raise _too_large(what)
    return size


def check_int(value: int) -> None:
    if value.bit_length() > MAX_INT_BITS:
        raise BudgetError(f"makes a number of more than {MAX_INT_BITS} bits")


def product(left: Any, right: Any) -> None:
    """`left * right` with integers: its bits (the sum of theirs) bounded before it is made.
    A repeated text or list is bounded by the sandbox's MAX_REPEAT."""
    both = isinstance(left, int) and isinstance(right, int)
    if both and left.bit_length() + right.bit_length() > MAX_INT_BITS + 1:
        raise BudgetError(f"makes a number of more than {MAX_INT_BITS} bits")


def power(left: Any, right: Any) -> None:
    """`left ** right` with integers: its bits (about left's bits times right) bounded first."""
    both = isinstance(left, int) and isinstance(right, int) and right > 0
    if both and (left.bit_length() - 1) * right > MAX_INT_BITS:
        raise BudgetError(f"makes a number of more than {MAX_INT_BITS} bits")


def template(text: Any, arguments: Iterable[Any]) -> None:
    """A format template (`%` or `.format`) pads no more than the budget: the widths and
    precisions of its fields added up, with the arguments a `*` or a nested `{}` width
    takes (any integer argument then counts as a width)."""
    if not isinstance(text, str):
        return
    fields = [spec for spec in _PERCENT.findall(text)] + _BRACE.findall(text)
    numbers = [run for spec in fields for run in _DIGITS.findall(spec)]
    padding = sum(int(run) if len(run) < 20 else MAX_SIZE + 1 for run in numbers)
    if "*" in "".join(_PERCENT.findall(text)) or re.search(r"\{[^{}]*\{", text):
        padding += sum(abs(a) for a in arguments if isinstance(a, int) and not isinstance(a, bool))
    if padding > MAX_SIZE:
        raise _too_large("the widths of this format")


def modulo(left: Any, right: Any) -> None:
    """`text % values`: the template's widths bounded (a `*` takes its width from the values)."""
    if isinstance(left, str):
        template(left, right if isinstance(right, tuple) else (right,))


def join(separator: str, values: Iterable[Any], attribute: Any = None, env: Any = None) -> str:
    """`separator.join(values)` of texts of each value, stopped once past the budget."""
    if attribute is not None and env is not None:
        values = map(make_attrgetter(env, attribute), values)
    parts: list[str] = []
    total = 0
    for value in values:
        part = value if isinstance(value, str) else str(value)
        total += len(part) + len(separator)
        if total > MAX_SIZE:
            raise _too_large("join")
        parts.append(part)
    return separator.join(parts)


def bounded_sum(values: Iterable[Any], start: Any = 0) -> Any:
    """Python's sum, with lists added in place (linear, not quadratic) and the total bounded."""
    if isinstance(start, list | tuple):
        total: Any = list(start)
        for value in values:
            total += value
            if len(total) > MAX_SIZE:
                raise _too_large("sum")
        return tuple(total) if isinstance(start, tuple) else total
    total = start
    for value in values:
        total = total + value
        if isinstance(total, int):
            check_int(total)
        elif isinstance(total, list | tuple | str) and len(total) > MAX_SIZE:
            raise _too_large("sum")
    return total


def _widths(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A filter whose integer arguments (at `names`, or any position) are widths or counts."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def bounded(*args: Any, **kwargs: Any) -> Any:
            given = [*args[1:], *(kwargs[n] for n in names if n in kwargs)]
            if sum(abs(a) for a in given if isinstance(a, int)) > MAX_SIZE:
                raise _too_large(original.__name__.removeprefix("do_"))
            return original(*args, **kwargs)

        bounded.__dict__.update(original.__dict__)  # keeps Jinja2's pass_* marker
        return bounded

    return wrap


def _lines_times(text: Any, prefix: Any, lines: int) -> None:
    texts = isinstance(text, str) and isinstance(prefix, str)
    if texts and len(text) + lines * len(prefix) > MAX_SIZE:
        raise _too_large("this filter")


def bounded_filters(filters: Mapping[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Jinja2's filters with those that can make far more than they are given bounded first."""
    center, batch, slice_, format_ = (filters[n] for n in ("center", "batch", "slice", "format"))
    indent, wordwrap, replace, tojson = (
        filters[n] for n in ("indent", "wordwrap", "replace", "tojson")
    )

    def indent_(s: Any, width: Any = 4, *args: Any, **kwargs: Any) -> Any:
        prefix = " " * width if isinstance(width, int) and 0 <= width <= MAX_SIZE else width
        if isinstance(width, int) and width > MAX_SIZE:
            raise _too_large("indent")
        _lines_times(s, prefix, str(s).count("\n") + 1)
        return indent(s, width, *args, **kwargs)

    @pass_environment
    def wordwrap_(env: Any, s: Any, width: int = 79, *args: Any, **kwargs: Any) -> Any:
        wrap = kwargs.get("wrapstring", args[1] if len(args) > 1 else env.newline_sequence)
        if isinstance(width, int) and width > 0:
            _lines_times(s, wrap, len(str(s)) // width + 1)
        return wordwrap(env, s, width, *args, **kwargs)

    def replace_(eval_ctx: Any, s: Any, old: Any, new: Any, count: Any = None) -> Any:
        check_replace(str(s), old, new, count)
        return replace(eval_ctx, s, old, new, count)

    replace_.__dict__.update(replace.__dict__)

    def format__(value: Any, *args: Any, **kwargs: Any) -> Any:
        template(value, [*args, *kwargs.values()])
        return format_(value, *args, **kwargs)

    def tojson_(eval_ctx: Any, value: Any, indent: Any = None) -> Any:
        if isinstance(indent, int) and indent * weight(value) > MAX_SIZE:
            raise _too_large("tojson")
        return tojson(eval_ctx, value, indent)

    tojson_.__dict__.update(tojson.__dict__)

    @pass_environment
    def join_(env: Any, value: Iterable[Any], d: str = "", attribute: Any = None) -> str:
        return join(str(d), value, attribute, env)

    @pass_environment
    def sum_(env: Any, iterable: Iterable[Any], attribute: Any = None, start: Any = 0) -> Any:
        if attribute is not None:
            iterable = map(make_attrgetter(env, attribute), iterable)
        return bounded_sum(iterable, start)

    return {
        **filters,
        "center": _widths("width")(center),
        "batch": _widths("linecount")(batch),
        "slice": _widths("slices")(slice_),
        "indent": indent_,
        "wordwrap": wordwrap_,
        "replace": replace_,
        "format": format__,
        "tojson": tojson_,
        "join": join_,
        "sum": sum_,
    }


def check_replace(text: str, old: Any, new: Any, count: Any = None) -> None:
    """`text.replace(old, new)`: an empty `old` matches in every gap, so it is bounded first."""
    if not isinstance(old, str) or not isinstance(new, str):
        return
    found = len(text) + 1 if not old else text.count(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    if len(text) + found * max(len(new) - len(old), 0) > MAX_SIZE:
        raise _too_large("replace")


def check_method(method: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    """Bound a text's method before it is called; returns the value for `join` (made here,
    bounded), else None to call the method as it is."""
    inner = getattr(method, "__wrapped__", method)  # Jinja2 wraps str.format for the sandbox
    owner, name = getattr(inner, "__self__", None), getattr(inner, "__name__", "")
    if not isinstance(owner, str | bytes):
        return None
    given = [*args, *kwargs.values()]
    if name in ("format", "format_map"):
        values = [*given, *(v for a in given if isinstance(a, Mapping) for v in a.values())]
        template(owner, values)
    elif name == "replace" and isinstance(owner, str) and len(args) >= 2:
        check_replace(owner, args[0], args[1], args[2] if len(args) > 2 else None)
    elif name == "expandtabs":
        tab = given[0] if given and isinstance(given[0], int) else 8
        if len(owner) + owner.count("\t" if isinstance(owner, str) else b"\t") * tab > MAX_SIZE:
            raise _too_large("expandtabs")
    elif name == "join" and isinstance(owner, str) and len(args) == 1 and not kwargs:
        return (join(owner, args[0]),)
    elif sum(abs(a) for a in given if isinstance(a, int) and not isinstance(a, bool)) > MAX_SIZE:
        raise _too_large(name or "this call")
    return None
