"""Challengers!'s own command: `ttgbuild schedule`, the tournament schedules proven or built.

`ttgbuild schedule` reads the project's tournament diagrams and shows, for each
player count, who meets whom at which park in every round, after proving that
every park in use holds exactly two seats and every seat is at one park
(the same proof as check CH111; a broken band is reported at its file:line,
exit 1). `--generate` prints the schedules the generator builds instead, as
the `parks:` lists of each seat's diagram bands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ttgbuild.packapi import console
from ttgbuild.packapi.commands import EXIT_PROBLEMS, EXIT_UNREADABLE, ProjectOption, require_game
from ttgbuild.packapi.diagnostics import Diagnostic

GAME = "challengers"


def add_commands(app: typer.Typer) -> None:
    """Add `schedule` to the ttgbuild command line."""
    app.command("schedule")(schedule)


def schedule(
    players: Annotated[
        int | None,
        typer.Option("--players", min=1, max=8, help="Only this player count (default: all)."),
    ] = None,
    generate: Annotated[
        bool,
        typer.Option("--generate", help="Print the generator's schedules as diagram parks lists."),
    ] = False,
    project: ProjectOption = Path("."),
) -> None:
    """Prove the tournament diagrams' schedules (or print generated ones), player count by count."""
    from ttgbuild.packapi.project import validate_project

    require_game(project, "schedule", GAME)
    loaded, diags = validate_project(project)
    content = loaded.content
    broken = [d for d in diags if d.severity == "error" and not d.code.startswith("CH111")]
    if content.game is None or broken:
        console.diagnostics(broken, "text")
        console.err("schedule: the content has errors other than the schedule's; fix them first")
        raise typer.Exit(EXIT_UNREADABLE)
    counts = (
        [players]
        if players
        else list(range(content.game.players.min, content.game.players.max + 1))
    )
    if generate:
        _print_generated(content, counts)
        return
    _print_proof(content, counts, [d for d in diags if d.code == "CH111"])


def _parks(content: Any, players: int) -> list[str]:
    game = content.game
    return [park.id for park in game.parks][: game.parks_by_players[players - 1]]


def _print_generated(content: Any, counts: list[int]) -> None:
    from ttgbuild.packs.challengers.schedule import generate, seat_name

    rounds = content.game.rounds
    for players in counts:
        table = generate(players, rounds, _parks(content, players))
        console.out(f"{players} players")
        for seat, parks in table.items():
            console.out(f"  {seat_name(seat)}: " + ", ".join(parks))


def _print_proof(content: Any, counts: list[int], problems: list[Diagnostic]) -> None:
    from ttgbuild.packs.challengers.schedule import seat_name, seats_in_play

    if problems:
        console.diagnostics(problems, "text")
        console.err(f"schedule: {len(problems)} problem(s); the schedules are not proven")
        raise typer.Exit(EXIT_PROBLEMS)
    diagrams = {d.seat: d for d in content.diagrams}
    for players in counts:
        seats = seats_in_play(players)
        parks = _parks(content, players)
        rows = []
        for band_index in range(content.game.rounds):
            at: dict[str, list[str]] = {park: [] for park in parks}
            for seat in seats:
                at[diagrams[seat].bands[band_index].parks[players - 1]].append(seat_name(seat))
            rows.append((str(band_index + 1), *(" v ".join(at[park]) for park in parks)))
        console.out(f"{players} players: {len(seats)} seats at {len(parks)} parks, proven")
        console.table(rows, ("round", *parks))
