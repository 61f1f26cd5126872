"""Pocket-Tactics' own command: `ttgbuild assault-odds`, the exact odds of any matchup.

Added to the engine's CLI through the pack's `commands` hook; it refuses a
project of another game. (Jugger TTG owns `odds`; pack command names must
not clash.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ttgbuild.packapi import console
from ttgbuild.packapi.commands import (
    EXIT_UNREADABLE,
    EXIT_USAGE,
    Format,
    FormatOption,
    ProjectOption,
    require_game,
)

GAME = "pocket-tactics"


def add_commands(app: typer.Typer) -> None:
    """Add `assault-odds` to the ttgbuild command line."""
    app.command("assault-odds")(assault_odds)


def assault_odds(
    attacker: Annotated[
        str, typer.Argument(help="A unit id, or pools written offence/defence like 2+4/1.")
    ],
    defender: Annotated[
        str, typer.Argument(help="A unit id, 'base', or pools written like 1/2+3.")
    ],
    kind: Annotated[
        str, typer.Option("--kind", help="The declared kind: melee, ballistic, arcane or tech.")
    ] = "melee",
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Exact odds of an assault: who is captured, from the resolution procedure with kickers."""
    from ttgbuild.packapi.project import validate_project
    from ttgbuild.packs.pockettactics.matchup import MatchupError, attacker_side, defender_side
    from ttgbuild.packs.pockettactics.odds import assault

    require_game(project, "assault-odds", GAME)
    loaded, diags = validate_project(project)
    errors = [d for d in diags if d.severity == "error"]
    if errors:
        console.diagnostics(errors, "text")
        console.err(
            "assault-odds: the content has errors, so the rules are unknown; fix them first"
        )
        raise typer.Exit(EXIT_UNREADABLE)
    content = loaded.content
    kinds = [k["id"] for k in content.game["attack_kinds"]]
    limit = int(content.game["assault"]["max_dice"])
    low, high = int(content.game["kicker"]["min"]), int(content.game["kicker"]["max"])
    try:
        if kind not in kinds:
            raise MatchupError(f"--kind {kind!r} is not an attack kind ({', '.join(kinds)})")
        mine = attacker_side(attacker, kind, content)
        theirs = defender_side(defender, kind, content)
        for pool in (mine.offence, mine.defence, theirs.offence, theirs.defence):
            kicker_off = pool.kicker is not None and not low <= pool.kicker <= high
            if pool.dice + (pool.kicker is not None) > limit or kicker_off:
                rule = f"at most {limit} dice with the kicker, a kicker {low}..{high}"
                raise MatchupError(f"pool {pool} is off the rules: {rule}")
    except MatchupError as exc:
        console.err(f"assault-odds: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    unmatched = content.game["assault"]["unmatched"]
    result = assault(mine, theirs, unmatched)
    if fmt is Format.json:
        console.as_json(
            {
                "attacker": {"offence": str(mine.offence), "defence": str(mine.defence)},
                "defender": {"offence": str(theirs.offence), "defence": str(theirs.defence)},
                "kind": kind,
                "unmatched": unmatched,
                "outcomes": {name: str(p) for name, p in result.outcomes()},
            }
        )
        return
    console.out(
        f"{attacker} ({mine.offence} offence / {mine.defence} defence) assaults {defender} "
        f"({theirs.offence} / {theirs.defence}) as {kind}; unmatched dice: {unmatched}"
    )
    rows = [(name.replace("_", " "), f"{float(p):7.2%}", str(p)) for name, p in result.outcomes()]
    console.table(rows, ("outcome", "chance", "exact"))
