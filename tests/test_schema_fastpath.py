"""The compiled schema check: fast on valid files, and never passes what jsonschema rejects."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from conftest import REPO
from hypothesis import given, settings
from hypothesis import strategies as st

from ttgbuild.packs.jugger import PACK
from ttgbuild.source.fastpath import compile_schema
from ttgbuild.source.schema import FORMATS, schemas_at

JUGGER = schemas_at(PACK.schemas)
ENGINE = schemas_at(FORMATS)  # the formats of pack data files: layouts, sheets, checks

CONTENT = REPO / "content"


def _shipped() -> list[tuple[str, Any]]:
    """(kind, data) of every shipped content file."""
    found = [
        (kind, yaml.safe_load((CONTENT / name).read_text(encoding="utf-8")))
        for name, kind in PACK.files.items()
    ]
    for folder, kind in PACK.folders.items():
        found += [
            (kind, yaml.safe_load(p.read_text(encoding="utf-8")))
            for p in sorted((CONTENT / folder).glob("*.yaml"))
        ]
    return found


SHIPPED = _shipped()
# Every layout, sheet and checks file shipped (Jugger's and the data-only example's).
DATA_FILES = [
    (kind, yaml.safe_load(path.read_text(encoding="utf-8")))
    for kind in ("layout", "sheet", "checks")
    for path in sorted(REPO.glob(f"**/*.{kind}.yaml"))
    if ".venv" not in path.parts
]


@pytest.mark.parametrize("name", sorted(JUGGER.texts))
def test_every_shipped_schema_compiles(name: str) -> None:
    # A keyword the compiler does not know would silently send every file to jsonschema.
    assert compile_schema(JUGGER.texts[name], JUGGER.texts) is not None


def test_shipped_content_takes_the_fast_path() -> None:
    for kind, data in SHIPPED:
        assert JUGGER.known_valid(kind)(data), kind


def test_shipped_data_files_take_the_fast_path() -> None:
    assert {kind for kind, _ in DATA_FILES} == {"layout", "sheet", "checks"}
    for kind, data in DATA_FILES:
        assert ENGINE.known_valid(kind)(data), kind


# Values a designer's typo or a hostile file can produce, including the ones
# jsonschema and Python disagree on (True == 1, 3.0 == 3, text that looks numeric).
values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-3, max_value=1200),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from(["", "x", "AU", "au", "long-sword", "qwik", "a" * 60, "1", "reaction"]),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(["id", "name", "min", "max", "X", "bogus"]), children),
    ),
    max_leaves=8,
)


def _containers(data: Any) -> list[Any]:
    """Every mapping and list inside `data`, `data` first."""
    found, stack = [], [data]
    while stack:
        node = stack.pop()
        if isinstance(node, (dict, list)):
            found.append(node)
            stack.extend(node.values() if isinstance(node, dict) else node)
    return found


def _near(value: Any) -> list[Any]:
    """Values one typo away from `value`: where schema limits and type quirks bite."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -value, value * 1000, float(value), bool(value), str(value)]
    if isinstance(value, str):
        return [value.upper(), value + "-", value + "x" * 40, "", value.replace("-", "_"), None]
    if isinstance(value, list):
        return [value[:-1], [*value, *value[-1:]], [*value, value], value[::-1], {}]
    if isinstance(value, dict):
        return [dict(list(value.items())[:-1]), {**value, "extra": 1}, list(value.values())]
    return [0, "x"]


@st.composite
def mutated(draw: st.DrawFn, shipped: list[tuple[str, Any]] = SHIPPED) -> tuple[str, Any]:
    """A shipped document with one or two values nudged, replaced, deleted or added."""
    kind, data = draw(st.sampled_from(shipped))
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 2))):
        target = draw(st.sampled_from(_containers(data)))
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            continue
        key = draw(st.sampled_from(keys))
        action = draw(st.sampled_from(["nudge", "nudge", "nudge", "replace", "delete", "add"]))
        if action == "nudge":
            target[key] = draw(st.sampled_from(_near(target[key])))
        elif action == "replace":
            target[key] = draw(values)
        elif action == "delete":
            del target[key]
        elif isinstance(target, dict):
            target[draw(st.sampled_from(["bogus", "Name", "min"]))] = draw(values)
        else:
            target.append(draw(values))
    return kind, data


@settings(max_examples=400, deadline=None)
@given(case=mutated())
def test_fast_path_never_passes_an_invalid_document(case: tuple[str, Any]) -> None:
    kind, data = case
    if JUGGER.known_valid(kind)(data):
        assert list(JUGGER.validator(kind).iter_errors(data)) == []


@settings(max_examples=300, deadline=None)
@given(case=mutated(DATA_FILES))
def test_fast_path_never_passes_an_invalid_data_file(case: tuple[str, Any]) -> None:
    kind, data = case
    if ENGINE.known_valid(kind)(data):
        assert list(ENGINE.validator(kind).iter_errors(data)) == []


DEFS = {"shared.json": {"$defs": {"id": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 5}}}}


@pytest.mark.parametrize(
    ("schema", "passing", "failing"),
    [
        ({"type": "integer"}, 3, True),
        ({"type": "integer"}, 3, 3.0),
        ({"type": ["string", "null"]}, None, 1),
        ({"enum": ["a", 1]}, 1, True),
        ({"const": False}, False, 0),
        ({"pattern": "^[a-z]+$"}, "abc", "aBc"),
        ({"minLength": 2, "maxLength": 3}, "abc", "abcd"),
        ({"minimum": 1, "maximum": 3}, 3, 4),
        ({"exclusiveMinimum": 1}, 2, 1),
        ({"minItems": 1, "maxItems": 2}, [1], []),
        ({"uniqueItems": True}, ["a", "b"], ["a", "a"]),
        ({"prefixItems": [{"type": "integer"}], "items": False}, [1], [1, 2]),
        ({"items": {"type": "string"}}, ["a"], ["a", 2]),
        ({"required": ["a"]}, {"a": 1}, {"b": 1}),
        ({"properties": {"a": {"type": "string"}}}, {"a": "x"}, {"a": 1}),
        ({"properties": {"a": True}, "additionalProperties": False}, {"a": 1}, {"b": 1}),
        ({"additionalProperties": {"type": "integer"}}, {"b": 1}, {"b": "x"}),
        ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"ab": 1}, {"Ab": 1}),
        ({"minProperties": 1, "maxProperties": 1}, {"a": 1}, {}),
        ({"$ref": "shared.json#/$defs/id"}, "abc", "abcdef"),
        ({"$ref": "shared.json#/$defs/id", "maxLength": 2}, "ab", "abc"),
        ({"$defs": {"n": {"type": "integer"}}, "items": {"$ref": "#/$defs/n"}}, [1], ["1"]),
        ({"oneOf": [{"type": "integer"}, {"$ref": "shared.json#/$defs/id"}]}, "abc", "ABC"),
        ({"oneOf": [{"type": "number", "minimum": 0}, {"type": "string"}]}, 1, -1),
        ({"dependentRequired": {"a": ["b"]}}, {"a": 1, "b": 2}, {"a": 1}),
    ],
)
def test_each_keyword_passes_and_fails(schema: dict, passing: Any, failing: Any) -> None:
    check = compile_schema(schema, DEFS)
    assert check is not None
    assert check(passing) is True
    assert check(failing) is False


def test_a_schema_referring_to_itself_compiles() -> None:
    tree = {"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": False}
    check = compile_schema(tree, {})
    assert check is not None
    assert check({"child": {"child": {}}})
    assert not check({"child": {"child": {"other": 1}}})


@pytest.mark.parametrize(
    "schema",
    [
        {"anyOf": [{"type": "string"}]},
        {"oneOf": [{"type": "integer"}, {"type": "number"}]},
        {"oneOf": [{"minimum": 1}, {"type": "string"}]},
        {"properties": {"a": {"not": {"type": "string"}}}},
        {"$ref": "elsewhere.json#/x"},
        {"$ref": "#/$defs/missing"},
        {"type": "decimal"},
        {"enum": [[1, 2]]},
        {"items": {"$id": "https://example.org/inner"}},
    ],
)
def test_what_it_cannot_judge_is_left_to_jsonschema(schema: dict) -> None:
    assert compile_schema(schema, DEFS) is None
