"""The content format's reference, generated from the JSON Schemas.

The schemas are the one definition of each file's shape; this renders their
descriptions as Markdown (docs/content-format.md) so the documentation cannot
drift from what the validator enforces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ttgbuild.source.schema import FORMATS, SchemaSet, schemas_at

if TYPE_CHECKING:
    from ttgbuild.pack import Pack


VARIANTS_WHERE = "content/variants.yaml (optional, in a project of any game with a book)"


def render(pack: Pack) -> str:
    """Markdown for every schema of a pack: one table of fields per object.

    The schemas come in the order a designer meets them (`pack.schema_order`),
    each with the files it checks.
    """
    lines = [
        "# Content format",
        "",
        "Generated from `schemas/*.schema.json` by `ttgbuild schema-docs`; do not edit by hand.",
        "Fields marked *translatable* are text players read; the number is the character",
        "budget a translation must fit.",
    ]
    # Every game's projects may also declare variants of its book (an engine format).
    order = [(schemas_at(pack.schemas), name, where) for name, where in pack.schema_order]
    order.append((schemas_at(FORMATS), "variants.schema.json", VARIANTS_WHERE))
    for schemas, name, where in order:
        schema = schemas.texts[name]
        lines += ["", f"## {schema['title']} — {where}", "", schema["description"]]
        for path, node, doc in schemas.walk_objects(name.removesuffix(".schema.json")):
            if "properties" not in node:
                continue
            lines += [
                "",
                f"### `{path or '/'}`",
                "",
                "| field | required | type | meaning |",
                "| --- | --- | --- | --- |",
            ]
            required = set(node.get("required", []))
            for field, sub in node["properties"].items():
                resolved, where = schemas.resolve(sub, doc)
                lines.append(
                    f"| `{field}` | {'yes' if field in required else 'no'} | "
                    f"{_type(schemas, resolved, where)} | {_meaning(resolved)} |"
                )
    return "\n".join(lines) + "\n"


def _type(schemas: SchemaSet, node: dict[str, Any], doc: dict[str, Any]) -> str:
    if "enum" in node:
        return " \\| ".join(f"`{v}`" for v in node["enum"])
    kind = node.get("type", "")
    if kind == "array" and isinstance(node.get("items"), dict):
        items, _ = schemas.resolve(node["items"], doc)
        return f"list of {_type(schemas, items, doc) or 'objects'}"
    if kind == "array" and "prefixItems" in node:
        return f"list of {len(node['prefixItems'])}"
    if "minimum" in node and "maximum" in node:
        return f"{kind} {node['minimum']}..{node['maximum']}"
    return " or ".join(kind) if isinstance(kind, list) else str(kind)


def _meaning(resolved: dict[str, Any]) -> str:
    text = resolved.get("description", "")
    if resolved.get("x-translatable"):
        text += f" *Translatable, {resolved.get('x-max-chars')} characters.*"
    return text.replace("|", "\\|").replace("\n", " ")
