"""The budget of one expression evaluation: how large a value it may make, how much work it may do.

Expressions come from pack data (layouts, sheets, check files), which a
designer edits and a user may download: one line of it must not be able to
hold a build for minutes or fill the memory. The language has no loops, so an
evaluation's time follows from the size of the values it makes. The budget
therefore bounds sizes, each before the value is made wherever one operation
can make far more than it was given (`"a" * n`, `x ** n`, a width `center`
or a format pads to or repeats an argument in, a `join` or `sum` of many
lists, `replace` in every gap, `translate` to long texts), and every made value
after it is made (`+`, `~`, lists written out). The methods of built-in values
an expression may call are an allow-list (METHODS), each with its check: any
other is refused, so a method no one thought of cannot make an unbounded value.

The bounds are a wide margin above what real projects make: the shipped
games' expressions (layouts, sheets, checks, evaluated with their content)
make values of at most 526 items or characters and integers of at most 10
bits; a project may hold 20,000 records of a kind (loader.MAX_FILES), so a
list of every record's fields, or ten such lists in one expression, still fits.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from jinja2.filters import make_attrgetter
from jinja2.sandbox import SecurityError
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
    """A format template (`%` or `.format`) makes no more than the budget: the widths and
    precisions of its fields added up, with the arguments a `*` or a nested `{}` width
    takes (any integer argument then counts as a width); and each field may show the
    longest argument (`'{0}{0}{0}…'` shows one argument as often as it is named)."""
    if not isinstance(text, str):
        return
    arguments = list(arguments)
    fields = [spec for spec in _PERCENT.findall(text)] + _BRACE.findall(text)
    numbers = [run for spec in fields for run in _DIGITS.findall(spec)]
    padding = sum(int(run) if len(run) < 20 else MAX_SIZE + 1 for run in numbers)
    if "*" in "".join(_PERCENT.findall(text)) or re.search(r"\{[^{}]*\{", text):
        padding += sum(abs(a) for a in arguments if isinstance(a, int) and not isinstance(a, bool))
    if padding > MAX_SIZE:
        raise _too_large("the widths of this format")
    shown = max((_shown(a) for a in arguments), default=0)
    if len(text) + padding + (text.count("%") + text.count("{")) * shown > MAX_SIZE:
        raise _too_large("this format")


def _shown(value: Any) -> int:
    """More than the characters `value` takes shown in a format (a collection shows each
    text it holds quoted and escaped, each number in digits), counting stopped past MAX_SIZE."""
    if isinstance(value, str):
        return len(value)
    total = 0
    stack = [value]
    while stack and total <= MAX_SIZE:
        item = stack.pop()
        if isinstance(item, str | bytes):
            total += 10 * len(item) + 4  # '\U0001f600' escaped: ten characters for one
        elif isinstance(item, int):
            total += item.bit_length() // 3 + 3
        elif isinstance(item, _NESTED):
            total += 2 * len(item) + 2
            stack += [*item.items()] if isinstance(item, dict) else item
        else:
            total += 32  # a float, None, or a value the project gives, shown by its own str
    return total


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


def check_replace(text: str | bytes, old: Any, new: Any, count: Any = None) -> None:
    """`text.replace(old, new)`: an empty `old` matches in every gap, so it is bounded first."""
    kind = str if isinstance(text, str) else bytes
    if not isinstance(old, kind) or not isinstance(new, kind):
        return  # the method itself refuses other arguments
    found = len(text) + 1 if not old else text.count(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    if len(text) + found * max(len(new) - len(old), 0) > MAX_SIZE:
        raise _too_large("replace")


# The methods of built-in values an expression may call, by the name of the type that defines
# them: the method's check, run before it (it raises BudgetError past the budget). Any other
# method of a built-in value is refused (SecurityError) rather than trusted: one unbounded
# method (`translate` with a table of long texts) is a gigabyte from one line of a layout.
MethodCheck = Callable[[Any, tuple[Any, ...], Mapping[str, Any]], "tuple[Any] | None"]


def _made_from_its_inputs(_owner: Any, _args: tuple[Any, ...], _kwargs: Mapping[str, Any]) -> None:
    """A method whose value is a number, a truth, or no more than a few times the sizes of the
    value and arguments it is given (`upper`, `split`, `copy`): it is weighed once made."""


def _first(args: tuple[Any, ...], kwargs: Mapping[str, Any], name: str, default: Any) -> Any:
    return args[0] if args else kwargs.get(name, default)


def _width(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """`center`, `ljust`, `rjust`, `zfill`: padded to a width, bounded before it is made."""
    width = _first(args, kwargs, "width", 0)
    if isinstance(width, int) and width > MAX_SIZE:
        raise _too_large("this width")


def _expandtabs(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Each tab becomes up to `tabsize` spaces."""
    tab = _first(args, kwargs, "tabsize", 8)
    tabs = owner.count("\t" if isinstance(owner, str) else b"\t")
    if isinstance(tab, int) and len(owner) + tabs * tab > MAX_SIZE:
        raise _too_large("expandtabs")


def _replace(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    if len(args) >= 2:
        check_replace(owner, args[0], args[1], args[2] if len(args) > 2 else kwargs.get("count"))


def _join(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> tuple[Any] | None:
    """`separator.join(values)`, made here a part at a time, stopped once past the budget."""
    if kwargs or len(args) != 1:
        return None  # a wrong call: the method itself says what is wrong
    if isinstance(owner, str):
        return (join(owner, args[0]),)
    parts = list(args[0])
    if sum(len(p) + len(owner) if isinstance(p, bytes) else 1 for p in parts) > MAX_SIZE:
        raise _too_large("join")
    return (owner.join(parts),)


def _format(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """`format` and `format_map`: the template's widths and each field's argument bounded."""
    given = [*args, *kwargs.values()]
    template(owner, [*given, *(v for a in given if isinstance(a, Mapping) for v in a.values())])


def _translate(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """`text.translate(table)`: each character may become the table's longest text."""
    if not isinstance(owner, str) or not args:
        return  # bytes map each byte to one byte (or none)
    table = args[0]
    if isinstance(table, str):
        longest = 1
    elif isinstance(table, Mapping | list | tuple):
        values = table.values() if isinstance(table, Mapping) else table
        longest = max((len(v) if isinstance(v, str) else 1 for v in values), default=1)
    else:
        raise BudgetError("translate takes a table that is a mapping, a list or a text")
    if len(owner) * max(longest, 1) > MAX_SIZE:
        raise _too_large("translate")


def _to_bytes(owner: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    length = _first(args, kwargs, "length", 1)
    if isinstance(length, int) and length > MAX_SIZE:
        raise _too_large("to_bytes")


# Methods whose value is a number, a truth, or a few times the value and arguments at most.
_TEXT_SIZED = (
    *("capitalize", "casefold", "count", "decode", "encode", "endswith", "find", "fromhex"),
    *("hex", "index", "isalnum", "isalpha", "isascii", "isdecimal", "isdigit", "isidentifier"),
    *("islower", "isnumeric", "isprintable", "isspace", "istitle", "isupper", "lower", "lstrip"),
    *("maketrans", "partition", "removeprefix", "removesuffix", "rfind", "rindex", "rpartition"),
    *("rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "swapcase", "title"),
    "upper",
)
_SETS = ("copy", "difference", "intersection", "isdisjoint", "issubset", "issuperset")
_SIZED: Mapping[type, tuple[str, ...]] = {
    str: _TEXT_SIZED,
    bytes: _TEXT_SIZED,
    int: ("as_integer_ratio", "bit_count", "bit_length", "conjugate", "from_bytes", "is_integer"),
    float: ("as_integer_ratio", "conjugate", "fromhex", "hex", "is_integer"),
    list: ("copy", "count", "index"),
    tuple: ("count", "index"),
    dict: ("copy", "fromkeys", "get", "items", "keys", "values"),
    range: ("count", "index"),
    set: (*_SETS, "symmetric_difference", "union"),
    frozenset: (*_SETS, "symmetric_difference", "union"),
}


def _methods(
    check: MethodCheck, *names: str, kinds: Iterable[type] = (str, bytes)
) -> dict[str, MethodCheck]:
    """`check` for each named method of the kinds (those of them that have it)."""
    return {f"{k.__name__}.{n}": check for k in kinds for n in names if hasattr(k, n)}


METHODS: Mapping[str, MethodCheck] = {
    **{
        name: check
        for kind, names in _SIZED.items()
        for name, check in _methods(_made_from_its_inputs, *names, kinds=[kind]).items()
    },
    **_methods(_width, "center", "ljust", "rjust", "zfill"),
    **_methods(_expandtabs, "expandtabs"),
    **_methods(_replace, "replace"),
    **_methods(_join, "join"),
    **_methods(_translate, "translate"),
    "str.format": _format,
    "str.format_map": _format,
    "int.to_bytes": _to_bytes,
}
_KINDS = (str, bytes, bool, int, float, list, tuple, dict, set, frozenset, range)
# A method read off a type rather than a value (`dict.get`): it would take the value as its
# first argument, which no expression needs.
_DESCRIPTORS = (
    types.MethodDescriptorType,
    types.ClassMethodDescriptorType,
    types.WrapperDescriptorType,
    types.MethodWrapperType,
)


def _builtin_method(method: Any) -> str | None:
    """The name (`str.center`) of the built-in method `method` is, or overrides (a text
    subclass's `center`); None for a function the project gives (or a method it adds)."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    if isinstance(owner, types.ModuleType):
        return None  # min, len, floor: functions the project hands to expressions
    if isinstance(method, types.BuiltinMethodType):  # made in C: its type says which
        return getattr(method, "__qualname__", name)
    if isinstance(method, _DESCRIPTORS):
        return getattr(method, "__qualname__", name)  # `dict.get` read off the type
    base = next((k for k in type(owner).__mro__ if k in _KINDS), None)
    if base is None or not hasattr(base, name):
        return None
    return f"{'int' if base is bool else base.__name__}.{name}"


def check_method(method: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    """Bound a built-in value's method before it is called; returns a 1-tuple of the value
    when it was made here (bounded as it was made: `join`), else None to call the method.

    Only the methods of METHODS are called, each checked first; any other method of a
    built-in value (one a newer Python adds included) is a SecurityError, named.
    """
    inner = getattr(method, "__wrapped__", method)  # Jinja2 wraps str.format for the sandbox
    name = _builtin_method(inner)
    if name is None:
        return None
    if isinstance(inner, _DESCRIPTORS):
        raise SecurityError(f"{name} is called on a value (value.{name.split('.')[-1]}(...))")
    check = METHODS.get(name)
    if check is None:
        raise SecurityError(f"the method {name} is not one expressions may call")
    return check(getattr(inner, "__self__", None), args, kwargs)
