"""Generated projects for the validation benchmark: the shipped project plus N extra heroes.

Each generated hero is a variation of a shipped one (its numbers and talents,
which are known to pass every rule) under a new id, name, team and country,
so the files are varied, valid and reference the shipped talents and teams.
The text is written the way a designer writes a hero file (comment, quoted
strings, flow list), so parsing costs what a real file costs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.kit_demand import points_demand
from ttgbuild.packs.jugger.model import HERO_NUMBERS
from ttgbuild.source.loader import load_content


def make_project(repo: Path, target: Path, count: int) -> list[Path]:
    """Copy the project at `repo` to `target` and add `count` generated heroes.

    Returns the generated hero files (the floor validates exactly these).
    """
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(repo / "content", target / "content")
    shutil.copytree(repo / "locales", target / "locales", ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(repo / "ttgbuild.toml", target / "ttgbuild.toml")  # names the game
    heroes = [_read(p) for p in sorted((repo / "content" / "heroes").glob("*.yaml"))]
    teams = yaml.safe_load((repo / "content" / "teams.yaml").read_text(encoding="utf-8"))["teams"]
    written = []
    for i in range(count):
        base = heroes[i % len(heroes)]
        team = teams[(i // len(heroes)) % len(teams)]
        hero_id = f"gen-{i:05d}-{base['id']}"
        path = target / "content" / "heroes" / f"{hero_id}.yaml"
        path.write_text(_hero_text(base, hero_id, i, team), encoding="utf-8")
        written.append(path)
    _size_kit(target)
    return written


def _size_kit(target: Path) -> None:
    """Give the project's kit the focus and stamina counters its heroes can need (JT603).

    More heroes allow stronger legal teams, so a designer adding them raises these
    counts; the generator does the same and the project stays valid.
    """
    content = load_content(target, PACK).content
    path = target / "content" / "kit.yaml"
    kit = yaml.safe_load(path.read_text(encoding="utf-8"))
    for attribute in ("focus", "stamina"):
        one_side = points_demand(content, attribute).points
        # Both sides may field the strongest team (JT603 in data/checks/kit.checks.yaml).
        kit["counters"][attribute] = max(kit["counters"][attribute], 2 * one_side)
    path.write_text(yaml.safe_dump(kit, sort_keys=False), encoding="utf-8")


def _read(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _hero_text(base: dict, hero_id: str, index: int, team: dict) -> str:
    lines = [
        f"# Generated for the benchmark from {base['id']}.",
        f"id: {hero_id}",
        f'name: "{base["name"]} {index:05d}"',
        f"team: {team['id']}",
        f'country: "{team["country"]}"',
        f"preferred: {base['preferred']}",
        *(f"{name}: {base[name]}" for name in HERO_NUMBERS),
        f"talents: [{', '.join(base['talents'])}]",
    ]
    return "\n".join(lines) + "\n"
