"""Property-based tests: random documents and random text never crash the loader or validator."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttgbuild.source.yamlsource import load_document
from ttgbuild.validate.project import validate_project

SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.text(max_size=12), children, max_size=6),
    ),
    max_leaves=25,
)
hero_fields = st.sampled_from(
    [
        "id",
        "name",
        "team",
        "country",
        "preferred",
        "cost",
        "will",
        "reflexes",
        "talents",
        "attack",
        "bogus",
    ]
)


@SETTINGS
@given(raw=st.binary(max_size=400))
def test_loader_survives_any_bytes(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "random.yaml"
    path.write_bytes(raw)
    doc, diags = load_document(path, "random.yaml")
    assert (doc is None) == bool(diags)
    for diag in diags:
        assert diag.file == "random.yaml" and diag.line >= 1 and diag.code.startswith("JT")


@SETTINGS
@given(text=st.text(max_size=300))
def test_loader_survives_any_text(tmp_path: Path, text: str) -> None:
    path = tmp_path / "random.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    doc, diags = load_document(path, "random.yaml")
    if doc is not None:
        json.dumps(doc.data, default=str)  # plain data only
    assert all(d.severity == "error" for d in diags)


@SETTINGS
@given(changes=st.dictionaries(hero_fields, documents, min_size=1, max_size=4))
def test_validator_survives_random_hero_fields(project, changes: dict) -> None:
    rel = "content/heroes/kirra-maddock.yaml"
    original = project.path(rel).read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(original)
        data.update(changes)
        project.path(rel).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        _, diags = validate_project(project.root)
        for diag in diags:
            assert diag.line >= 0 and diag.message and diag.code.startswith("JT")
    finally:
        project.path(rel).write_text(original, encoding="utf-8")


@SETTINGS
@given(doc=documents)
def test_validator_survives_random_rules_file(project, doc) -> None:
    rel = "content/rules.yaml"
    original = project.path(rel).read_text(encoding="utf-8")
    try:
        project.path(rel).write_text(
            yaml.safe_dump({"dice": doc, "synergy": doc}), encoding="utf-8"
        )
        _, diags = validate_project(project.root)
        assert any(d.file == rel and d.severity == "error" for d in diags)
    finally:
        project.path(rel).write_text(original, encoding="utf-8")


@SETTINGS
@given(costs=st.lists(st.integers(min_value=1, max_value=20), min_size=5, max_size=12))
def test_affordability_matches_brute_force(costs: list[int]) -> None:
    """JT108's shortcut equals trying every team of five that includes the hero."""
    from dataclasses import replace
    from itertools import combinations

    from conftest import REPO

    from ttgbuild.core.origin import Origin
    from ttgbuild.packs.jugger.rules import hero_affordable
    from ttgbuild.validate.runner import Context

    loaded, _ = validate_project(REPO)
    template = loaded.content.heroes[0]
    heroes = [
        replace(template, id=f"h{i}", cost=c, origin=Origin(f"h{i}.yaml"))
        for i, c in enumerate(costs)
    ]
    loaded.content.heroes = heroes
    flagged = {f.file for f in hero_affordable(Context(loaded.content))}
    budget = loaded.content.rules.formats["short"].budget
    for i, hero in enumerate(heroes):
        others = [h.cost for j, h in enumerate(heroes) if j != i]
        fits = any(hero.cost + sum(c) <= budget for c in combinations(others, 4))
        assert (f"h{i}.yaml" in flagged) == (not fits), (hero.cost, costs)
