"""Command-line options every command shares, so `ttgbuild` and `ttgbuild i18n` read alike.

They live here rather than in cli.py because the i18n sub-app needs them and
nothing may import cli.py (it is the entry point, which imports the rest).
"""

from __future__ import annotations

import math
import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from ttgbuild.core import console

# The exit codes live in core (watch, below the CLI, exits with them); commands take them from here.
from ttgbuild.core.exits import EXIT_INTERNAL as EXIT_INTERNAL
from ttgbuild.core.exits import EXIT_PROBLEMS as EXIT_PROBLEMS
from ttgbuild.core.exits import EXIT_UNREADABLE as EXIT_UNREADABLE
from ttgbuild.core.exits import EXIT_USAGE as EXIT_USAGE
from ttgbuild.core.printing import Ink, PrintSettings
from ttgbuild.pack import Pack, PackError
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.printfile import PrintFileError, project_printing


class Format(StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[
    Format, typer.Option("--format", help="text for people, json for scripts.")
]
ProjectOption = Annotated[
    Path,
    typer.Option(
        "--project", help="Project folder holding content/ and locales/.", file_okay=False
    ),
]
StrictOption = Annotated[bool, typer.Option("--strict", help="Treat warnings as failures.")]
InkOption = Annotated[
    Ink | None,
    typer.Option(
        "--ink",
        help="full colour, or saver: the same kit without large fills "
        "(written beside the full kit, in OUT/ink-saver/). Default: full.",
        show_default=False,
    ),
]
INK_SAVER_FOLDER = "ink-saver"


def finite(value: float | None) -> float | None:
    """A number option's value, refused (a usage error) unless it is a finite number.

    Click's range check lets `nan` through (no comparison with nan is true), and a
    nan bleed would reach the renderer as an internal error: every float option
    takes this as its callback.
    """
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number of millimetres")
    return value


def kit_folder(out: Path, ink: Ink) -> Path:
    """Where a kit is written: the ink saver's in OUT/ink-saver/, so both kits coexist,
    each with its own build cache (a switch between them redraws nothing)."""
    return out / INK_SAVER_FOLDER if ink is Ink.saver else out


def require_project(project: Path, command: str) -> Pack:
    """The project's game pack; a usage error unless `project` holds a content/ folder
    and names an installed game (or one game is installed).

    Run outside a project, a command would otherwise report a missing file
    somewhere relative ("content/rules.yaml") without saying relative to what.
    """
    if not (project / "content").is_dir():
        console.err(
            f"{command}: no content/ folder in {os.path.abspath(project)} "
            "(run in a project or pass --project DIR)"
        )
        raise typer.Exit(EXIT_USAGE)
    return project_pack(project, command)


def require_game(project: Path, command: str, game: str) -> Pack:
    """`require_project`, and a usage error unless the project is of `game`: a pack's own
    command (a team file, a die) only means something in its own game."""
    pack = require_project(project, command)
    if pack.name != game:
        where = os.path.abspath(project)
        console.err(f"{command}: a {game} command; {where} is a {pack.name} project")
        raise typer.Exit(EXIT_USAGE)
    return pack


def project_pack(project: Path, command: str) -> Pack:
    """The game pack `project` names (or the one installed); a usage error (JT012) if none.

    Commands that read no content (`rules`, `schema-docs`) ask only this.
    """
    try:
        return pack_of(project)
    except PackError as exc:
        console.diagnostics(exc.diagnostics, "text")
        console.err(f"{command}: the project's game cannot be used; nothing was done")
        raise typer.Exit(EXIT_USAGE) from None


def print_settings(project: Path, command: str, **given: Any) -> PrintSettings:
    """The print settings a command prints with: each given on the command line (not None),
    else as the project's ttgbuild.toml sets it in [print], else PrintSettings' default.

    `given` holds PrintSettings' fields, so an option left out (None) is told
    from one given its default value, which overrides the file. A [print] the
    command cannot use is a usage error (exit 2) showing every located problem.
    """
    try:
        fixed = project_printing(project)
    except (PrintFileError, PackError) as exc:
        console.diagnostics(exc.diagnostics, "text")
        console.err(f"{command}: ttgbuild.toml's [print] cannot be used; nothing was done")
        raise typer.Exit(EXIT_USAGE) from None
    chosen = {field: value for field, value in given.items() if value is not None}
    return PrintSettings(**{**fixed, **chosen})
