"""Jugger TTG's own commands: `ttgbuild team check` and `ttgbuild odds`.

The engine's CLI adds them through the pack's `commands` hook; each refuses a
project of another game, since a team file or a die only means something in
this one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from ttgbuild.packapi import console
from ttgbuild.packapi.commands import (
    EXIT_PROBLEMS,
    EXIT_UNREADABLE,
    EXIT_USAGE,
    Format,
    FormatOption,
    ProjectOption,
    require_project,
)
from ttgbuild.packs.jugger import PACK

GAME = PACK.name


def add_commands(app: typer.Typer) -> None:
    """Add `team check` and `odds` to the ttgbuild command line."""
    team_app = typer.Typer(help="Check a player's team file.", no_args_is_help=True)
    team_app.command("check")(team_check)
    app.add_typer(team_app, name="team")
    app.command("odds")(odds)


def require_game(project: Path, command: str) -> None:
    """A usage error unless `project` is a Jugger TTG project."""
    pack = require_project(project, command)
    if pack.name != GAME:
        console.err(
            f"{command}: a {GAME} command; {os.path.abspath(project)} is a {pack.name} project"
        )
        raise typer.Exit(EXIT_USAGE)


def team_check(
    team_file: Annotated[Path, typer.Argument(help="The team file (YAML).")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Check a team: size, budget, uniqueness, positions, weapons; report its synergy."""
    from ttgbuild.packapi.diagnostics import display_path
    from ttgbuild.packapi.project import COMPARE_CODES, validate_project
    from ttgbuild.packs.jugger.teamcheck import check_team

    require_game(project, "team check")
    loaded, diags = validate_project(project)
    # A departure from the book (JT031) is the kit's own rules: its teams are checked by them.
    errors = [d for d in diags if d.severity == "error" and d.code not in COMPARE_CODES]
    if errors:
        console.diagnostics(errors, "text")
        console.err(
            "team check: the content has errors, so teams cannot be checked; "
            "fix them first ('ttgbuild validate')"
        )
        raise typer.Exit(EXIT_UNREADABLE)
    shown = display_path(team_file, project)
    report = check_team(team_file, shown, loaded.content)
    if fmt is Format.json:
        console.as_json(report.as_json())
    else:
        console.diagnostics(report.diagnostics, "text")
    if not report.readable:
        console.err(f"team check: {shown} could not be read, so the team was not checked")
        raise typer.Exit(EXIT_UNREADABLE)
    if fmt is Format.text:
        verdict = "legal" if report.legal else "illegal"
        console.out(
            f"{shown}: {verdict}; cost {report.cost} of {report.budget}, "
            f"team synergy {report.synergy}"
        )
    if not report.legal:
        raise typer.Exit(EXIT_PROBLEMS)


def odds(
    attack: Annotated[int, typer.Option("--attack", min=0, max=100, help="Attack dice rolled.")],
    defence: Annotated[int, typer.Option("--defence", min=0, max=100, help="Defence dice rolled.")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Exact odds of an attack for each defence choice, from the die faces in content."""
    from dataclasses import replace

    from ttgbuild.packapi.project import COMPARE_CODES, validate_project
    from ttgbuild.packs.jugger.odds import combat_odds, faces_note

    require_game(project, "odds")
    loaded, diags = validate_project(project)
    rules = loaded.content.rules
    # A departure from the book (JT031) leaves the die known: a group may play its own rules.
    broken = [
        d
        for d in diags
        if d.severity == "error" and d.file == "content/rules.yaml" and d.code not in COMPARE_CODES
    ]
    if rules is None or broken:
        console.diagnostics(broken, "text")
        where = os.path.abspath(project / "content" / "rules.yaml")
        console.err(f"odds: {where} is missing or has errors, so the die is unknown; fix it first")
        raise typer.Exit(EXIT_UNREADABLE)
    odds = combat_odds(rules.faces, attack, defence, rules.tie_hits)
    result = replace(odds, faces_assumed=rules.faces_assumed)
    if fmt is Format.json:
        console.as_json(result.as_json())
        return
    faces = ", ".join(str(face) for face in rules.faces)
    console.out(f"{attack} attack dice against {defence} defence dice (die faces {faces})")
    console.out(faces_note(rules.faces, rules.faces_assumed))
    rows = [
        (choice.replace("_", " "), outcome.replace("_", " "), f"{float(p):7.2%}", str(p))
        for choice, outcomes in (
            ("full_defence", result.full_defence),
            ("duel", result.duel),
            ("no_defence", result.no_defence),
        )
        for outcome, p in outcomes.items()
    ]
    console.table(rows, ("choice", "outcome", "chance", "exact"))
