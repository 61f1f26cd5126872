"""The reference of the engine's data formats (pack.yaml, layouts, sheets, checks).

A game made of data is written in the formats of `ttgbuild/source/formats/`;
their JSON Schemas are the one definition of each file's shape, and
`ttgbuild docs` renders them as Markdown so the documentation cannot drift
from what `validate` enforces. Unlike content schemas, the formats lean on
`$defs`, `oneOf` and mappings of names (`additionalProperties`), so each
definition gets its own section and a field's type links to it.
"""

from __future__ import annotations

import json
from typing import Any

from ttgbuild.source.schema import FORMATS

FIRST = "pack"  # the file a designer writes first; the others follow by name


def names() -> list[str]:
    """Every format the engine reads, pack.yaml's first."""
    found = sorted(p.name.removesuffix(".schema.json") for p in FORMATS.glob("*.schema.json"))
    return sorted(found, key=lambda name: name != FIRST)


def render(chosen: list[str]) -> str:
    """Markdown for the chosen formats: a table of fields per object, a section per definition."""
    lines = [
        "# Data formats",
        "",
        "Generated from `ttgbuild/source/formats/*.schema.json` by `ttgbuild docs`; "
        "do not edit by hand.",
    ]
    for name in chosen:
        schema = json.loads((FORMATS / f"{name}.schema.json").read_text(encoding="utf-8"))
        lines += ["", f"## {schema.get('title', name)} (`{name}`)", ""]
        lines += [schema.get("description", "")]
        lines += _object(name, "", schema)
        for key, node in schema.get("$defs", {}).items():
            lines += ["", f"### {name}: `{key}`", ""]
            if node.get("description"):
                lines += [_cell(node["description"]), ""]
            lines += [f"Type: {_type(name, node)}."]
            lines += _object(name, key, node)
    return "\n".join(lines) + "\n"


def _object(name: str, path: str, node: dict[str, Any]) -> list[str]:
    """A field table for an object node, then one for each inline object below it."""
    lines: list[str] = []
    properties = node.get("properties", {})
    if properties:
        required = set(node.get("required", []))
        lines += ["", f"#### `{path or '/'}`", ""]
        lines += ["| field | required | type | meaning |", "| --- | --- | --- | --- |"]
        for field, sub in properties.items():
            sub = sub if isinstance(sub, dict) else {}  # `true`: any value, described elsewhere
            needed = "yes" if field in required else "no"
            lines.append(
                f"| `{field}` | {needed} | {_type(name, sub)} | "
                f"{_cell(sub.get('description', ''))} |"
            )
    for field, sub in properties.items():
        for inner, below in _inline_objects(f"{path}/{field}", sub):
            lines += _object(name, inner, below)
    for choice in node.get("oneOf", []) + node.get("anyOf", []):
        if isinstance(choice, dict) and "properties" in choice:
            lines += _object(name, f"{path} (one form)", choice)
    return lines


def _inline_objects(path: str, node: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Objects written in place (not `$ref`s) under a field: its items' or its values'."""
    if not isinstance(node, dict):
        return []
    if "properties" in node:
        return [(path, node)]
    if isinstance(node.get("items"), dict):
        return _inline_objects(f"{path}/*", node["items"])
    if isinstance(node.get("additionalProperties"), dict):
        return _inline_objects(f"{path}/<name>", node["additionalProperties"])
    return []


def _type(name: str, node: dict[str, Any]) -> str:
    """A node's type in words; a `$ref` to a definition links to its section."""
    if not isinstance(node, dict):
        return "any"
    if "$ref" in node:
        target = node["$ref"].rsplit("/", 1)[-1]
        return f"[`{target}`](#{name}-{target})"
    if "const" in node:
        return f"`{node['const']}`"
    if "enum" in node:
        return " \\| ".join(f"`{value}`" for value in node["enum"])
    kind = node.get("type", "")
    for either in ("oneOf", "anyOf"):
        if either in node and not kind:  # with a type, the choices only say what is required
            return " or ".join(_type(name, choice) for choice in node[either])
    if kind == "array" and isinstance(node.get("items"), dict):
        return f"list of {_type(name, node['items'])}"
    if kind == "array" and "prefixItems" in node:
        return f"list of {len(node['prefixItems'])}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return f"mapping of names to {_type(name, node['additionalProperties'])}"
    if "minimum" in node and "maximum" in node:
        return f"{kind} {node['minimum']}..{node['maximum']}"
    if isinstance(kind, list):
        return " or ".join(kind)
    return str(kind) or "any"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
