"""Pass 1: check every document against its JSON Schema and word the errors for designers.

The schemas ship inside each game pack (`Pack.schemas`), so validation works
from any folder; a `SchemaSet` holds one folder's. jsonschema's own messages
say "'x' is not of type 'integer'" without naming the field; here each error
names the field, the value found and what was expected, and points at the
exact key or value.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterator
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core import fingerprint
from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer
from ttgbuild.source import loadmemo
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
def schemas_at(folder: Path) -> SchemaSet:
    """The schema set of one folder, made once: its validators are compiled once per kind."""
    return SchemaSet(folder)


# The engine's own schemas of pack data files: pack.yaml, layouts, sheets, checks.
FORMATS = Path(__file__).resolve().parent / "formats"
# The code that gives a document's schema verdict (`SchemaSet.stamp`), from the package.
CHECKERS = ("source/schema.py", "source/fastpath.py", "core/diagnostics.py")


def check_format(doc: Document, kind: str) -> list[Diagnostic]:
    """A pack data file against the engine's schema of its format (`FORMATS/<kind>.schema.json`)."""
    return schemas_at(FORMATS).check_document(doc, kind)


class SchemaSet:
    """The JSON Schemas of one folder (a game pack's): `<kind>.schema.json` each.

    A folder may hold `defs.schema.json`, whose `$defs` `line` and `prose`
    are the patterns that judge each character on its own; a value they
    refuse is reported by its first refused character, named.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._validators: dict[str, Draft202012Validator] = {}
        self._fast: dict[str, Check | None] = {}
        self._fields: dict[str, tuple[tuple[str, int], ...]] = {}

    @cached_property
    def _files(self) -> dict[str, bytes]:
        """Every schema file of the folder by name, as bytes: read once, for `texts` and
        `stamp` alike, so a verdict is remembered under the schemas that gave it."""
        return {
            entry.name: entry.read_bytes()
            for entry in sorted(self.folder.iterdir())
            if entry.name.endswith(".schema.json")
        }

    @cached_property
    def texts(self) -> dict[str, dict[str, Any]]:
        """Every schema of the folder by file name (e.g. 'hero.schema.json')."""
        return {name: json.loads(data.decode("utf-8")) for name, data in self._files.items()}

    @cached_property
    def stamp(self) -> str:
        """What a document's verdict depends on besides its text: these schemas, the code
        that checks them (CHECKERS) and jsonschema's version."""
        package = Path(__file__).parent.parent
        digests = {name: fingerprint.bytes_digest(data) for name, data in self._files.items()}
        return fingerprint.combine(
            {
                "schemas": digests,
                "code": [fingerprint.file_digest(package / name) for name in CHECKERS],
                "libraries": fingerprint.library_versions(("jsonschema", "referencing")),
            }
        )

    @cached_property
    def character_patterns(self) -> dict[str, str]:
        """Patterns that judge each character on its own (defs line and prose), and their wants."""
        defs = self.texts.get("defs.schema.json", {}).get("$defs", {})
        wanted = {
            "line": f"one line of visible text: no line breaks, {_INVISIBLE}",
            "prose": f"visible text: line breaks and tabs are fine, {_INVISIBLE}",
        }
        return {defs[name]["pattern"]: what for name, what in wanted.items() if name in defs}

    @cached_property
    def _registry(self) -> Registry:
        from referencing import Registry, Resource

        resources = [
            (schema["$id"], Resource.from_contents(schema)) for schema in self.texts.values()
        ]
        return Registry().with_resources(resources)

    def validator(self, kind: str) -> Draft202012Validator:
        """The validator for one content kind, e.g. 'hero' → hero.schema.json."""
        if kind not in self._validators:
            self._validators[kind] = _strict_validator(
                self.texts[f"{kind}.schema.json"], self._registry
            )
        return self._validators[kind]

    def known_valid(self, kind: str) -> Check | None:
        """The compiled fast-path check for one content kind (None: jsonschema alone)."""
        if kind not in self._fast:
            self._fast[kind] = compile_schema(self.texts[f"{kind}.schema.json"], self.texts)
        return self._fast[kind]

    def resolve(
        self, node: dict[str, Any], doc: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Follow a $ref (local, or to another schema of the set) to the node it names.

        Returns the node, merged with the referring node's own keywords (such as
        its description), and the schema document it lives in, against which the
        node's own local references resolve.
        """
        ref = node.get("$ref")
        if not ref:
            return node, doc
        target_file, _, pointer = ref.partition("#")
        target_doc = self.texts[target_file] if target_file else doc
        target: Any = target_doc
        for part in pointer.strip("/").split("/") if pointer else []:
            target = target[part]
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return merged, target_doc

    def walk_objects(self, kind: str) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
        """Every node of a kind's schema with its document path ('*' for any list item).

        Yields (path, node, document) with references resolved, depth first.
        """
        schema = self.texts[f"{kind}.schema.json"]
        stack: list[tuple[str, dict[str, Any], dict[str, Any]]] = [("", schema, schema)]
        while stack:
            path, node, doc = stack.pop()
            node, doc = self.resolve(node, doc)
            yield path, node, doc
            if isinstance(node.get("items"), dict):
                stack.append((f"{path}/*", node["items"], doc))
            for name, sub in reversed(list(node.get("properties", {}).items())):
                stack.append((f"{path}/{name}", sub, doc))

    def translatable_fields(self, kind: str) -> list[tuple[str, int]]:
        """Document paths of the translatable text fields of a kind, with their character budgets.

        Paths use '*' for any list item, e.g. ('/teams/*/name', 28). The extractor
        and the translation checks both read this, so the schema stays the one
        place that says what is translated.
        """
        if kind not in self._fields:  # the extractor asks once per content file
            self._fields[kind] = tuple(
                (path, int(node.get("x-max-chars", 0)))
                for path, node, _ in self.walk_objects(kind)
                if node.get("x-translatable")
            )
        return list(self._fields[kind])

    def check_document(self, doc: Document, kind: str) -> list[Diagnostic]:
        """Every schema error of one document, located and worded for a designer.

        Valid documents, nearly all of them, pass the compiled check and never
        reach jsonschema, whose error bookkeeping costs far more.
        """
        entry = doc.remembered
        verdict = self.stamp + kind if entry is not None else ""
        if loadmemo.known_valid(entry, verdict):
            return []
        fast = self.known_valid(kind)
        if fast is not None and fast(doc.data):
            errors = []
        else:
            errors = [
                diag
                for error in _errors(self.validator(kind), doc.data)
                for diag in _diagnostics(doc, error, self.character_patterns)
            ]
        if entry is not None and not errors:
            loadmemo.memo().note_valid(entry, verdict)
        return errors


def _strict_validator(schema: dict[str, Any], registry: Registry) -> Draft202012Validator:
    """A Draft 2020-12 validator that reads integers and patterns as the schemas mean them."""
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
    return strict(schema, registry=registry)


def _errors(val: Draft202012Validator, data: Any) -> Iterator[ValidationError]:
    from jsonschema.exceptions import best_match

    for error in val.iter_errors(data):
        if error.context:
            yield best_match(error.context)
        else:
            yield error


def _diagnostics(
    doc: Document, error: ValidationError, characters: dict[str, str]
) -> list[Diagnostic]:
    path = list(error.absolute_path)
    found = []
    for code, message, key_path in _explain(error, path, characters):
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


def _explain(
    error: ValidationError, path: list[Any], characters: dict[str, str]
) -> list[tuple[str, str, list[Any]]]:
    """Codes, messages and the paths to point at (the key itself for unknown fields).

    `characters` are the set's character patterns, with what each wants.
    """
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
    if kind == "pattern" and error.validator_value in characters:
        wants = characters[error.validator_value]
        return [("JT053", _refused_character(field, value, error.validator_value, wants), path)]
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


def _refused_character(field: str, value: str, source: str, wants: str) -> str:
    """Which character of `value` the line or prose pattern refuses, where, and what it is."""
    allowed = ecma_pattern(source)
    index, char = next((i, c) for i, c in enumerate(value) if not allowed.search(c))
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "a control character")
    return (
        f"{field} {_describe(value)} holds U+{ord(char):04X} ({name}) at character {index + 1};"
        f" use {wants}"
    )


def _unknown_field(
    name: str, allowed: list[str], field: str, path: list[Any]
) -> tuple[str, str, list[Any]]:
    close = difflib.get_close_matches(name, allowed, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    if allowed and not close:
        hint = f"; known fields: {', '.join(allowed)}"
    return "JT052", f"unknown field '{_short(name)}' in {field}{hint}", [*path, name]
