"""The shipped content is varied enough to exercise every rule the game has."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import REPO

from ttgbuild.validate.project import validate_project


@pytest.fixture(scope="module")
def content():
    loaded, diags = validate_project(REPO)
    assert diags == []
    return loaded.content


def test_thirty_heroes_from_many_places(content) -> None:
    assert len(content.heroes) == 30
    assert len({h.country for h in content.heroes}) >= 8
    per_team = Counter(h.team for h in content.heroes)
    assert set(per_team) == {t.id for t in content.teams}
    assert min(per_team.values()) >= 3, "every team can earn synergy"
    assert {h.reflexes for h in content.heroes} == set(range(1, 6))


def test_every_keyword_and_cost_kind_is_used(content) -> None:
    keywords = {t.keyword for t in content.talents}
    assert keywords == {
        "standard_action",
        "standard_attack",
        "standard_defence",
        "dual_action",
        "reaction",
        "passive",
    }
    assert {t.cost_kind for t in content.talents} == {"focus", "stamina", "free"}


def test_requirements_triggers_and_bonuses_are_exercised(content) -> None:
    required = {t.required for t in content.talents if t.required}
    assert {"chain", content.qwik.id} <= required and len(required) >= 4
    triggers = {t.trigger for t in content.talents if t.keyword == "reaction"}
    assert len(triggers) >= 4
    assert any(t.bonus_attack_boostable is False for t in content.talents)
    assert {t.bonus_dice.pool for t in content.talents if t.bonus_dice} == {"attack", "defence"}
    assert any(t.params for t in content.talents)


def test_preferences_cover_every_weapon_and_the_qwik(content) -> None:
    preferred = {h.preferred for h in content.heroes}
    assert preferred == {w.id for w in content.weapons} | {content.qwik.id}


def test_some_heroes_cannot_pair_freely(content) -> None:
    """Costs vary: every hero fits some short team, but the dearest cannot join the dearest."""
    short = content.rules.formats["short"]
    costs = sorted((h.cost for h in content.heroes), reverse=True)
    assert sum(costs[: short.team_size]) > short.budget
    assert sum(sorted(costs)[: short.team_size]) <= short.budget
    assert len(set(costs)) >= 8
