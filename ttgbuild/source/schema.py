"""Pass 1: check every document against its JSON Schema and word the errors for designers.

The schemas ship inside the package (ttgbuild/schemas) so validation works
from any folder. jsonschema's own messages say "'x' is not of type 'integer'"
without naming the field; here each error names the field, the value found
and what was expected, and points at the exact key or value.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer
from ttgbuild.source.fastpath import Check, compile_schema, ecma_pattern
from ttgbuild.source.yamlsource import Document

if TYPE_CHECKING:  # jsonschema is imported when a document fails the fast path, not before
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SCHEMA_CODES = code_table(
    Code("JT050", "error", "every value has the type its schema gives"),
    Code("JT051", "error", "every required field is present"),
    Code("JT052", "error", "no unknown fields"),
    Code(
        "JT053",
        "error",
        "values are among the allowed choices, forms, characters, sizes and lengths",
    ),
)

_REQUIRED = re.compile(r"'(.+)' is a required property")
# What each schema pattern means, in words a designer understands.
_PATTERN_HINTS = {
    "^[a-z0-9]+(-[a-z0-9]+)*$": "lower-case letters and digits, words joined by hyphens",
    "^[A-Z]{2}$": "a two-letter ISO country code in capitals, quoted",
    "^[a-z][a-z0-9_]*$": "lower-case letters, digits and underscores, starting with a letter",
}

_INVISIBLE = "no control characters and no invisible ones (zero-width, bidi controls, BOM)"

# Control characters have no Unicode name; the common ones are named for designers.
_CONTROL_NAMES = {"\n": "a line break", "\r": "a carriage return", "\t": "a tab"}

_TYPE_NAMES = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "object": "a mapping",
    "array": "a list",
    "null": "empty",
}


@cache
def schema_texts() -> dict[str, dict[str, Any]]:
    """Every shipped schema by file name (e.g. 'hero.schema.json')."""
    folder = resources.files("ttgbuild.packs.jugger") / "schemas"
    return {
        entry.name: json.loads(entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".schema.json")
    }


@cache
def _character_patterns() -> dict[str, str]:
    """Patterns that judge each character on its own (defs line and prose), with what they want.

    A value they refuse is reported by its first refused character, named,
    since the character itself is often invisible.
    """
    defs = schema_texts()["defs.schema.json"]["$defs"]
    return {
        defs["line"]["pattern"]: f"one line of visible text: no line breaks, {_INVISIBLE}",
        defs["prose"]["pattern"]: f"visible text: line breaks and tabs are fine, {_INVISIBLE}",
    }


@cache
def _registry() -> Registry:
    from referencing import Registry, Resource

    resources_ = [
        (schema["$id"], Resource.from_contents(schema)) for schema in schema_texts().values()
    ]
    return Registry().with_resources(resources_)


@cache
def validator(kind: str) -> Draft202012Validator:
    """The validator for one content kind, e.g. 'hero' → hero.schema.json."""
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    def pattern(_validator: Any, source: str, instance: Any, _schema: Any) -> Iterator[Any]:
        if isinstance(instance, str) and not ecma_pattern(source).search(instance):
            yield ValidationError(f"{instance!r} does not match {source!r}")

    # JSON Schema counts 3.0 as an integer; in YAML it is a decimal number, and every game
    # number is a count that reaches range() and printing, so only true integers pass.
    # jsonschema runs patterns with Python's re, whose `$` also matches before a final
    # newline; ecma_pattern gives them their JSON Schema (ECMA-262) meaning.
    strict = validators.extend(
        Draft202012Validator,
        validators={"pattern": pattern},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
            "integer",
            lambda _checker, value: isinstance(value, int) and not isinstance(value, bool),
        ),
    )
    return strict(schema_texts()[f"{kind}.schema.json"], registry=_registry())


@cache
def known_valid(kind: str) -> Check | None:
    """The compiled fast-path check for one content kind (None: jsonschema alone)."""
    return compile_schema(schema_texts()[f"{kind}.schema.json"], schema_texts())


def resolve(node: dict[str, Any], doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Follow a $ref (local, or to another shipped schema) to the node it names.

    Returns the node, merged with the referring node's own keywords (such as
    its description), and the schema document it lives in, against which the
    node's own local references resolve.
    """
    ref = node.get("$ref")
    if not ref:
        return node, doc
    target_file, _, pointer = ref.partition("#")
    target_doc = schema_texts()[target_file] if target_file else doc
    target: Any = target_doc
    for part in pointer.strip("/").split("/") if pointer else []:
        target = target[part]
    merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return merged, target_doc


def walk_objects(kind: str) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Every node of a kind's schema with its document path ('*' for any list item).

    Yields (path, node, document) with references resolved, depth first.
    """
    schema = schema_texts()[f"{kind}.schema.json"]
    stack: list[tuple[str, dict[str, Any], dict[str, Any]]] = [("", schema, schema)]
    while stack:
        path, node, doc = stack.pop()
        node, doc = resolve(node, doc)
        yield path, node, doc
        if isinstance(node.get("items"), dict):
            stack.append((f"{path}/*", node["items"], doc))
        for name, sub in reversed(list(node.get("properties", {}).items())):
            stack.append((f"{path}/{name}", sub, doc))


def translatable_fields(kind: str) -> list[tuple[str, int]]:
    """Document paths of the translatable text fields of a kind, with their character budgets.

    Paths use '*' for any list item, e.g. ('/teams/*/name', 28). The extractor
    and the translation checks both read this, so the schema stays the one
    place that says what is translated.
    """
    return list(_translatable_fields(kind))


@cache
def _translatable_fields(kind: str) -> tuple[tuple[str, int], ...]:
    # The extractor asks once per content file; the schema walk is done once per kind.
    return tuple(
        (path, int(node.get("x-max-chars", 0)))
        for path, node, _ in walk_objects(kind)
        if node.get("x-translatable")
    )


def check_document(doc: Document, kind: str) -> list[Diagnostic]:
    """Every schema error of one document, located and worded for a designer.

    Valid documents, nearly all of them, pass the compiled check and never
    reach jsonschema, whose error bookkeeping costs far more.
    """
    fast = known_valid(kind)
    if fast is not None and fast(doc.data):
        return []
    return [
        diag for error in _errors(validator(kind), doc.data) for diag in _diagnostics(doc, error)
    ]


def _errors(val: Draft202012Validator, data: Any) -> Iterator[ValidationError]:
    from jsonschema.exceptions import best_match

    for error in val.iter_errors(data):
        if error.context:
            yield best_match(error.context)
        else:
            yield error


def _diagnostics(doc: Document, error: ValidationError) -> list[Diagnostic]:
    path = list(error.absolute_path)
    found = []
    for code, message, key_path in _explain(error, path):
        pointer = json_pointer(key_path)
        line, column = doc.locate(pointer, key=key_path != path)
        found.append(SCHEMA_CODES[code].at(doc.display, line, column, message, pointer))
    return found


def _field(path: list[str | int]) -> str:
    if not path:
        return "the file"
    if isinstance(path[-1], int):
        parent = _short(str(path[-2])) if len(path) > 1 else "list"
        return f"item {path[-1] + 1} of {parent}"
    return _short(str(path[-1]))


def _short(key: str) -> str:
    """A key from the data as a message names it: a hostile 100,000-character key is cut."""
    return key if len(key) <= 40 else key[:37] + "..."


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"text {shown!r}"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**12 else "a huge number"
    if isinstance(value, float):
        return repr(value)  # 3.0 stays visibly a decimal number; inf and nan read as such
    return f"a {type(value).__name__} ({value})"


def _explain(error: ValidationError, path: list[Any]) -> list[tuple[str, str, list[Any]]]:
    """Codes, messages and the paths to point at (the key itself for unknown fields)."""
    field = _field(path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    value = error.instance
    kind = error.validator
    if kind == "type":
        wanted = error.validator_value
        names = [wanted] if isinstance(wanted, str) else list(wanted)
        expected = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        hint = ""
        if isinstance(value, bool) and "string" in names:
            hint = " (unquoted yes/no/on/off read as true/false in YAML: quote it)"
        return [("JT050", f"{field} must be {expected}, found {_describe(value)}{hint}", path)]
    if kind == "required":
        missing = _REQUIRED.match(error.message)
        name = missing.group(1) if missing else error.message
        return [("JT051", f"missing required field '{name}' in {field}", path)]
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = sorted(schema.get("properties", {}))
        return [_unknown_field(name, allowed, field, path) for name in value if name not in allowed]
    if "propertyNames" in error.relative_schema_path and isinstance(value, str):
        form = _PATTERN_HINTS.get(error.validator_value, "")
        message = f"key '{_short(value)}' in {field} is not allowed" + (
            f": use {form}" if form else ""
        )
        return [("JT053", message, [*path, value])]
    if kind == "enum":
        choices = ", ".join(str(c) for c in error.validator_value)
        return [("JT053", f"{field} must be one of {choices}, found {_describe(value)}", path)]
    if kind == "pattern" and error.validator_value in _character_patterns():
        return [("JT053", _refused_character(field, value, error.validator_value), path)]
    if kind == "pattern":
        form = _PATTERN_HINTS.get(error.validator_value, f"the form {error.validator_value}")
        return [("JT053", f"{field} {_describe(value)} is not allowed: use {form}", path)]
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = error.validator_value
        relation = "at least" if "inimum" in kind else "at most"
        return [("JT053", f"{field} must be {relation} {bound}, found {_describe(value)}", path)]
    if kind in ("minItems", "maxItems"):
        relation = "at least" if kind == "minItems" else "at most"
        count = len(value) if isinstance(value, list) else 0
        return [
            ("JT053", f"{field} needs {relation} {error.validator_value} items, has {count}", path)
        ]
    if kind in ("minLength", "maxLength"):
        relation = "at least" if kind == "minLength" else "at most"
        size = len(value) if isinstance(value, str) else 0
        return [
            (
                "JT053",
                f"{field} must be {relation} {error.validator_value} characters long, has {size}",
                path,
            )
        ]
    if kind in ("minProperties", "maxProperties"):
        relation = "at least" if kind == "minProperties" else "at most"
        return [("JT053", f"{field} needs {relation} {error.validator_value} entries", path)]
    if kind == "uniqueItems":
        return [("JT053", f"{field} lists the same item more than once", path)]
    if kind == "items" and error.validator_value is False and isinstance(value, list):
        wanted = len(schema.get("prefixItems", []))
        return [("JT053", f"{field} has {len(value)} items; it takes {wanted}", path)]
    return [("JT053", f"{field}: {error.message}", path)]


def _refused_character(field: str, value: str, source: str) -> str:
    """Which character of `value` the line or prose pattern refuses, where, and what it is."""
    allowed = ecma_pattern(source)
    index, char = next((i, c) for i, c in enumerate(value) if not allowed.search(c))
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "a control character")
    return (
        f"{field} {_describe(value)} holds U+{ord(char):04X} ({name}) at character {index + 1};"
        f" use {_character_patterns()[source]}"
    )


def _unknown_field(
    name: str, allowed: list[str], field: str, path: list[Any]
) -> tuple[str, str, list[Any]]:
    close = difflib.get_close_matches(name, allowed, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    if allowed and not close:
        hint = f"; known fields: {', '.join(allowed)}"
    return "JT052", f"unknown field '{_short(name)}' in {field}{hint}", [*path, name]
