"""Team check: each team rule with a team that breaks it; the shipped examples pass."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml
from conftest import REPO


def example(name: str) -> dict[str, Any]:
    return yaml.safe_load((REPO / "examples" / f"{name}-team.yaml").read_text(encoding="utf-8"))


def check(project, run, team: Any, *args: str):
    project.write("team.yaml", team)
    return run("team", "check", str(project.path("team.yaml")), *args)


@pytest.mark.parametrize("name, cost, budget", [("short", 28, 30), ("long", 48, 50)])
def test_examples_are_legal(project, run, name: str, cost: int, budget: int) -> None:
    result = check(project, run, example(name), "--format", "json")
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout) == {
        "legal": True,
        "cost": cost,
        "budget": budget,
        "synergy": 3,
        "diagnostics": [],
    }


def test_text_report(project, run) -> None:
    result = check(project, run, example("short"))
    assert result.exit_code == 0
    assert result.stdout.strip().endswith("legal; cost 28 of 30, team synergy 3")


def _short(change) -> dict[str, Any]:
    team = example("short")
    change(team)
    return team


BREAKS = {
    "JT701": lambda t: t.__setitem__("format", "long"),
    "JT702": lambda t: t["heroes"][2].__setitem__("hero", "pieter-hoogkamp"),
    "JT703": lambda t: t["heroes"][0].__setitem__("hero", "nobody-here"),
    "JT704": lambda t: t["heroes"][1].__setitem__("weapon", "trident"),
    "JT705": lambda t: t["heroes"][0].update(position="defender", weapon="staff"),
    "JT706": lambda t: t["heroes"][0].__setitem__("weapon", "staff"),
    "JT707": lambda t: t["heroes"][1].pop("weapon"),
    "JT708": lambda t: t["heroes"][1].__setitem__("weapon", "chain"),
    "JT709": lambda t: t["heroes"][4].__setitem__("weapon", "staff"),
    "JT710": lambda t: t["heroes"][1].__setitem__("hero", "sigrid-hallvik"),
}


@pytest.mark.parametrize("code", sorted(BREAKS))
def test_team_rule_broken(project, run, code: str) -> None:
    result = check(project, run, _short(BREAKS[code]), "--format", "json")
    assert result.exit_code == 1, result.stdout
    report = json.loads(result.stdout)
    assert report["legal"] is False
    assert code in {d["code"] for d in report["diagnostics"]}
    assert all(d["file"] == "team.yaml" and d["line"] >= 1 for d in report["diagnostics"])


def test_messages_are_exact(project, run) -> None:
    result = check(project, run, _short(BREAKS["JT710"]))
    assert result.exit_code == 1
    assert (
        "team.yaml:4:1: error JT710: team costs 37, over the short-game budget of 30 "
        "[/heroes]" in result.stdout
    )
    assert "illegal; cost 37 of 30, team synergy 2" in result.stdout


def test_synergy_counts_in_play_only(project, run) -> None:
    team = example("long")
    # Reserves of the same team as the in-play core add no synergy.
    team["heroes"][5]["hero"] = "ruben-tamatea"
    result = check(project, run, team, "--format", "json")
    report = json.loads(result.stdout)
    assert report["synergy"] == 3
    assert "JT702" in {d["code"] for d in report["diagnostics"]}


@pytest.mark.parametrize("text", ["format: [", "", "- a\n- b\n"])
def test_unreadable_team_file(project, run, text: str) -> None:
    project.write_text("team.yaml", text)
    result = run("team", "check", str(project.path("team.yaml")))
    assert result.exit_code == 2
    assert result.stdout.startswith("team.yaml:")


def test_missing_team_file(project, run) -> None:
    result = run("team", "check", str(project.path("absent.yaml")))
    assert result.exit_code == 2
    assert "absent.yaml:0:0: error JT001: cannot read file" in result.stdout


def test_schema_errors_make_team_illegal(project, run) -> None:
    result = check(project, run, {"format": "medium", "colour": "green", "heroes": []})
    assert result.exit_code == 1
    assert "format must be one of short, long, found text 'medium'" in result.stdout
    assert "colour must be one of red, blue, found text 'green'" in result.stdout


def test_broken_content_blocks_team_check(project, run) -> None:
    project.edit("content/rules.yaml", lambda d: d.pop("formats"))
    project.write("team.yaml", example("short"))
    result = run("team", "check", str(project.path("team.yaml")))
    assert result.exit_code == 2
    assert "JT051" in result.stdout


def test_budget_comes_from_rules_data(project, run) -> None:
    """One source of truth: lowering the budget in content/rules.yaml changes the verdict."""
    project.replace("content/rules.yaml", "budget: 30", "budget: 27")
    result = check(project, run, example("short"))
    assert result.exit_code == 1
    assert "team costs 28, over the short-game budget of 27" in result.stdout
