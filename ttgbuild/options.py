"""Command-line options every command shares, so `ttgbuild` and `ttgbuild i18n` read alike.

They live here rather than in cli.py because the i18n sub-app needs them and
nothing may import cli.py (it is the entry point, which imports the rest).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer


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
