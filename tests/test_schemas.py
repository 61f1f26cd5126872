"""The schemas are valid 2020-12 schemas and document every field they define."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ttgbuild.packs.jugger import PACK
from ttgbuild.source.schema import schemas_at

JUGGER = schemas_at(PACK.schemas)

SCHEMAS = sorted(JUGGER.texts)


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid(name: str) -> None:
    schema = JUGGER.texts[name]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("/" + name)


def _objects(node: Any, path: str = ""):
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from _objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{path}/{i}")


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_is_described_and_closed(name: str) -> None:
    for path, obj in _objects(JUGGER.texts[name]):
        assert obj.get("additionalProperties") is False, f"{name}{path} is open"
        for prop, sub in obj["properties"].items():
            assert sub.get("description"), f"{name}{path}/{prop} has no description"


def test_translatable_fields_come_from_the_schemas() -> None:
    assert JUGGER.translatable_fields("talent") == [("/name", 24), ("/text", 170)]
    assert JUGGER.translatable_fields("teams") == [("/teams/*/name", 28)]
    assert ("/weapons/*/name", 22) in JUGGER.translatable_fields("weapons")
    assert JUGGER.translatable_fields("rules") == [("/reaction_triggers/*/name", 60)]
    assert JUGGER.translatable_fields("hero") == []  # hero names are proper names


def test_shipped_schemas_folder_is_the_package_copy() -> None:
    from conftest import REPO

    top = {p.name for p in (REPO / "schemas").glob("*.schema.json")}
    assert top == set(SCHEMAS)


def test_readme_documents_every_content_schema() -> None:
    from conftest import REPO

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for name in SCHEMAS:
        if name not in ("defs.schema.json", "team-file.schema.json"):
            assert f"schemas/{name}" in readme, name


def test_schema_messages_name_each_problem(project, run) -> None:
    project.write_text("content/talents/x.yaml", "id: x\nfoo: 1\nbar: 2\n")
    project.replace("content/board.yaml", "red: [1, 5]", "red: [1, 5, 1]")
    project.replace("content/kit.yaml", "  chain: 4", "  Chain: 4")
    out = run("validate").stdout.splitlines()
    for expected in [
        "content/talents/x.yaml:1:1: error JT051: missing required field 'cost' in the file",
        "content/talents/x.yaml:1:1: error JT051: missing required field 'text' in the file",
        "content/talents/x.yaml:2:1: error JT052: unknown field 'foo' in the file; known fields: "
        "bonus_attack, bonus_dice, cost, id, keyword, name, params, required, text, trigger [/foo]",
        "content/talents/x.yaml:3:1: error JT052: unknown field 'bar' in the file; known fields: "
        "bonus_attack, bonus_dice, cost, id, keyword, name, params, required, text, trigger [/bar]",
        "content/board.yaml:7:8: error JT053: red has 3 items; it takes 2 [/goals/red]",
        "content/kit.yaml:10:3: error JT053: key 'Chain' in weapon_cards is not allowed: use "
        "lower-case letters and digits, words joined by hyphens [/weapon_cards/Chain]",
    ]:
        assert expected in out


def test_content_format_doc_is_generated_from_the_schemas(run) -> None:
    from conftest import REPO

    result = run("schema-docs")
    assert result.exit_code == 0
    committed = (REPO / "docs" / "content-format.md").read_text(encoding="utf-8")
    assert result.stdout == committed, "run: ttgbuild schema-docs > docs/content-format.md"
    assert "| `reflexes` | yes | integer |" in committed
