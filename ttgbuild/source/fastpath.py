"""A yes/no schema check compiled once per content kind: the fast path for valid files.

jsonschema's validator spends most of its time on bookkeeping that only
matters when it reports errors (paths, reference lookups, error objects).
With thousands of hero files that bookkeeping is most of `validate`'s time,
although nearly every file is valid. So each schema is compiled once into
plain Python closures for the keywords the shipped schemas use.

The compiled check is conservative: when it says a document is valid,
jsonschema finds no error in it. Whatever it is unsure about (a float where
an integer is expected, say) counts as "not known valid", and jsonschema then
runs exactly as before, so every diagnostic keeps its wording. A schema using
a keyword compiled here does not know yields no check at all (jsonschema
alone); a test keeps the shipped schemas compilable.
"""

from __future__ import annotations

import numbers
import operator
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from ttgbuild.core.diagnostics import pointer_parts

Check = Callable[[Any], bool]

# Keywords that never make a document invalid. "format" is only an annotation
# here: the validators are built without a format checker.
ANNOTATIONS = frozenset(
    {"$schema", "$comment", "$defs", "title", "description", "default", "examples", "format"}
)
# Python types accepted for a JSON type without doubt. jsonschema also takes
# subclasses and integral floats as integers; those fall back to it.
_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "object": (dict,),
    "array": (list,),
    "null": (type(None),),
}
_SCALARS = (str, int, float, bool, type(None))


@cache
def ecma_pattern(source: str) -> re.Pattern[str]:
    """A schema's `pattern` as Python regex that means what ECMA-262 (JSON Schema's dialect) means.

    In Python `$` also matches just before a final newline, so "kirra\\n" (a YAML
    block scalar, `id: |`) passed "^[a-z]+$". In ECMA-262 `$` is only the very
    end: here it becomes `\\Z`. That is the one difference the shipped patterns
    meet; they use no `.`, `\\d`, `\\w`, `\\s` or `\\b`, whose meanings also
    differ (a test keeps it so).
    """
    parts: list[str] = []
    in_class = escaped = False
    for char in source:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            char = r"\Z"
        parts.append(char)
    return re.compile("".join(parts))


class Unsupported(Exception):
    """The schema uses something this compiler does not check."""


def compile_schema(schema: dict[str, Any], documents: Mapping[str, dict[str, Any]]) -> Check | None:
    """A check of documents against `schema`, or None if only jsonschema can judge them.

    `documents` holds every schema a `$ref` may name, by file name.
    """
    try:
        return _Compiler(documents).node(schema, schema)
    except Unsupported:
        return None


def _always(_value: Any) -> bool:
    return True


def _never(_value: Any) -> bool:
    return False


def _is_number(value: Any) -> bool:
    """jsonschema's idea of a number: any numbers.Number but a bool."""
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]

    def every(value: Any) -> bool:
        # A loop, not all(generator): this runs for every value of thousands of files.
        for check in checks:  # noqa: SIM110
            if not check(value):
                return False
        return True

    return every


class _Compiler:
    def __init__(self, documents: Mapping[str, dict[str, Any]]) -> None:
        self.documents = documents
        self.refs: dict[tuple[int, str], Check] = {}

    def node(self, node: Any, doc: dict[str, Any]) -> Check:
        """The check of one schema node; `doc` is the schema document it lives in."""
        if node is True:
            return _always
        if node is False:
            return _never
        if not isinstance(node, dict):
            raise Unsupported(f"schema node {node!r}")
        checks: list[Check] = []
        handled = set(ANNOTATIONS)
        if "$id" in node:
            if node is not doc:
                raise Unsupported("$id below the root")
            handled.add("$id")
        if "$ref" in node:
            checks.append(self.ref(node["$ref"], doc))
            handled.add("$ref")
        if "type" in node:
            checks.append(_type(node["type"]))
            handled.add("type")
        for keyword in ("enum", "const"):
            if keyword in node:
                members = node[keyword] if keyword == "enum" else [node[keyword]]
                checks.append(_enum(members))
                handled.add(keyword)
        checks += _scalar_limits(node, handled)
        checks += self.array(node, doc, handled)
        checks += self.object(node, doc, handled)
        if "oneOf" in node:
            checks.append(self.one_of(node["oneOf"], doc))
            handled.add("oneOf")
        unknown = [k for k in node if k not in handled and not k.startswith("x-")]
        if unknown:
            raise Unsupported(f"keywords {unknown}")
        return _all(checks)

    def ref(self, ref: str, doc: dict[str, Any]) -> Check:
        """A `$ref` to the same schema (#/...) or to another shipped one (file.json#/...)."""
        target_file, _, pointer = ref.partition("#")
        if (target_file and target_file not in self.documents) or "%" in pointer:
            raise Unsupported(f"$ref {ref}")
        target_doc = self.documents[target_file] if target_file else doc
        key = (id(target_doc), pointer)
        if key not in self.refs:
            compiled: list[Check] = []
            # Registered before compiling so that a schema referring to itself terminates.
            self.refs[key] = lambda value: compiled[0](value)
            target: Any = target_doc
            for part in pointer_parts(pointer):
                if not isinstance(target, dict) or part not in target:
                    raise Unsupported(f"$ref {ref}")
                target = target[part]
            compiled.append(self.node(target, target_doc))
            # Later references call the check itself, one call less per value; only
            # those made while compiling it (a schema referring to itself) go through the lambda.
            self.refs[key] = compiled[0]
        return self.refs[key]

    def one_of(self, branches: list[Any], doc: dict[str, Any]) -> Check:
        """`oneOf` whose branches declare types no value has two of (a number or a text, say).

        Then at most one branch can hold for any value, so "one branch passes" is
        "exactly one holds" even where a branch's check is only conservative.
        Branches whose types may overlap are left to jsonschema.
        """
        kinds = [self.types(branch, doc) for branch in branches]
        seen: set[str] = set()
        for declared in kinds:
            if declared is None or declared & seen:
                raise Unsupported("oneOf with branches of overlapping types")
            seen |= declared
        checks = [self.node(branch, doc) for branch in branches]

        def any_branch(value: Any) -> bool:
            for check in checks:  # noqa: SIM110 (a loop: no generator per value)
                if check(value):
                    return True
            return False

        return any_branch

    def types(self, node: Any, doc: dict[str, Any]) -> frozenset[str] | None:
        """The JSON types a node admits (integer counted as number), through `$ref`s; None: any."""
        if not isinstance(node, dict):
            return None
        if "type" in node:
            names = [node["type"]] if isinstance(node["type"], str) else node["type"]
            return frozenset("number" if name == "integer" else name for name in names)
        if "$ref" in node:
            target_file, _, pointer = node["$ref"].partition("#")
            target: Any = self.documents.get(target_file) if target_file else doc
            for part in pointer_parts(pointer):
                target = target.get(part) if isinstance(target, dict) else None
            return self.types(target, self.documents.get(target_file, doc))
        return None

    def array(self, node: dict[str, Any], doc: dict[str, Any], handled: set[str]) -> list[Check]:
        checks: list[Check] = []
        prefix = [self.node(s, doc) for s in node.get("prefixItems", [])]
        handled.add("prefixItems")
        if prefix:

            def prefix_items(value: Any) -> bool:
                if not isinstance(value, list):
                    return True
                return all(check(item) for check, item in zip(prefix, value, strict=False))

            checks.append(prefix_items)
        if "items" in node:
            handled.add("items")
            start = len(prefix)
            if node["items"] is False:
                checks.append(lambda v: not isinstance(v, list) or len(v) <= start)
            else:
                checks.append(_items(self.node(node["items"], doc), start))
        if node.get("uniqueItems") is True:
            checks.append(_unique)
        handled.add("uniqueItems")
        for keyword, holds in (("minItems", operator.ge), ("maxItems", operator.le)):
            if keyword in node:
                handled.add(keyword)
                checks.append(_sized(list, holds, node[keyword]))
        return checks

    def object(self, node: dict[str, Any], doc: dict[str, Any], handled: set[str]) -> list[Check]:
        checks: list[Check] = []
        properties = {name: self.node(s, doc) for name, s in node.get("properties", {}).items()}
        extra = node.get("additionalProperties", True)
        extra_check = None if extra is False else self.node(extra, doc)
        required = tuple(node.get("required", ()))
        handled.update(("properties", "additionalProperties", "required"))
        if properties or extra is not True or required:

            def fields(value: Any) -> bool:
                if not isinstance(value, dict):
                    return True
                for name in required:
                    if name not in value:
                        return False
                for name, item in value.items():
                    check = properties.get(name, extra_check)
                    if check is None or not check(item):
                        return False
                return True

            checks.append(fields)
        if "propertyNames" in node:
            handled.add("propertyNames")
            names = self.node(node["propertyNames"], doc)
            checks.append(lambda v: not isinstance(v, dict) or all(names(k) for k in v))
        if "dependentRequired" in node:
            handled.add("dependentRequired")
            needs = {name: tuple(others) for name, others in node["dependentRequired"].items()}
            checks.append(
                lambda v: (
                    not isinstance(v, dict)
                    or all(
                        other in v
                        for name, others in needs.items()
                        if name in v
                        for other in others
                    )
                )
            )
        for keyword, holds in (("minProperties", operator.ge), ("maxProperties", operator.le)):
            if keyword in node:
                handled.add(keyword)
                checks.append(_sized(dict, holds, node[keyword]))
        return checks


def _type(wanted: str | list[str]) -> Check:
    names = [wanted] if isinstance(wanted, str) else wanted
    if any(name not in _TYPES for name in names):
        raise Unsupported(f"type {wanted}")
    # Exact types: True is a bool, never an int, just as jsonschema sees it.
    allowed = frozenset(t for name in names for t in _TYPES[name])
    return lambda value: type(value) in allowed


def _enum(members: list[Any]) -> Check:
    """Membership by type and value (jsonschema never counts True as 1)."""
    if not all(isinstance(m, _SCALARS) for m in members):
        raise Unsupported("enum or const of lists or mappings")
    return lambda value: any(type(value) is type(m) and value == m for m in members)


def _scalar_limits(node: dict[str, Any], handled: set[str]) -> list[Check]:
    checks: list[Check] = []
    if "pattern" in node:
        handled.add("pattern")
        pattern = ecma_pattern(node["pattern"])
        checks.append(lambda v: not isinstance(v, str) or pattern.search(v) is not None)
    for keyword, holds in (("minLength", operator.ge), ("maxLength", operator.le)):
        if keyword in node:
            handled.add(keyword)
            checks.append(_sized(str, holds, node[keyword]))
    bounds = (
        ("minimum", operator.ge),
        ("maximum", operator.le),
        ("exclusiveMinimum", operator.gt),
        ("exclusiveMaximum", operator.lt),
    )
    for keyword, holds in bounds:
        if keyword in node:
            handled.add(keyword)
            checks.append(_bound(holds, node[keyword]))
    return checks


def _bound(holds: Callable[[Any, Any], bool], bound: Any) -> Check:
    """A numeric limit that, like jsonschema's, applies only to numbers (never to a bool)."""

    def check(value: Any) -> bool:
        if type(value) is int or type(value) is float:  # the usual case, without an ABC check
            return bool(holds(value, bound))
        return not _is_number(value) or bool(holds(value, bound))

    return check


def _items(each: Check, start: int) -> Check:
    """`items`: every list item after the first `start` (the prefixItems) passes `each`."""

    def check(value: Any) -> bool:
        if not isinstance(value, list):
            return True
        for item in value[start:]:  # noqa: SIM110 (a loop: no generator per value)
            if not each(item):
                return False
        return True

    return check


def _sized(kind: type, holds: Callable[[int, int], bool], limit: int) -> Check:
    """A length limit that, like jsonschema's, applies only to values of one kind."""
    return lambda value: not isinstance(value, kind) or holds(len(value), limit)


def _unique(value: Any) -> bool:
    """True only for lists of texts without repeats; anything else is left to jsonschema."""
    if not isinstance(value, list):
        return True
    return all(type(item) is str for item in value) and len(set(value)) == len(value)
