"""Command-line interface: options in, exit codes out; the work happens elsewhere.

Exit codes: 0 success, 1 problems found (or an illegal team), 2 usage error
or unreadable input, 3 internal error (details in a log file).
"""

from __future__ import annotations

import sys
import tempfile
import traceback
from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from ttgbuild import console, schemadoc
from ttgbuild.diagnostics import has_failures
from ttgbuild.loader import display_path
from ttgbuild.teamcheck import check_team
from ttgbuild.validate.project import validate_project
from ttgbuild.validate.registry import RULES

EXIT_PROBLEMS = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3

app = typer.Typer(
    help="Build and check the Jugger TTG print-and-play kit.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
team_app = typer.Typer(help="Check a player's team file.", no_args_is_help=True)
app.add_typer(team_app, name="team")


class Format(StrEnum):
    text = "text"
    json = "json"


class Listing(StrEnum):
    heroes = "heroes"
    weapons = "weapons"
    talents = "talents"


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


@app.command()
def validate(
    fmt: FormatOption = Format.text,
    strict: StrictOption = False,
    project: ProjectOption = Path("."),
) -> None:
    """Check all content against its schemas and the game's rules."""
    _, diags = validate_project(project)
    console.diagnostics(diags, fmt.value)
    console.summary(diags, "validate")
    if has_failures(diags, strict):
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("rules")
def list_rules(fmt: FormatOption = Format.text, project: ProjectOption = Path(".")) -> None:
    """List every check: code, severity and what it ensures (the same for every project)."""
    del project  # accepted like on every command; the rules do not depend on it
    rules = sorted(RULES.values(), key=lambda r: r.code)
    if fmt is Format.json:
        console.as_json(
            [{"code": r.code, "severity": r.severity, "summary": r.summary} for r in rules]
        )
        return
    console.table([(r.code, r.severity, r.summary) for r in rules], ("code", "severity", "summary"))


# Columns the text listing shows; --format json gives every field.
TEXT_COLUMNS: dict[Listing, tuple[str, ...]] = {
    Listing.heroes: ("id", "name", "cost", "team", "country", "preferred", "reflexes"),
    Listing.weapons: ("id", "name", "attack", "defence", "range", "crouch_count", "chain"),
    Listing.talents: ("id", "name", "keyword", "cost_kind", "cost_amount", "required", "trigger"),
}


@app.command("schema-docs")
def schema_docs(project: ProjectOption = Path(".")) -> None:
    """Print the content format's reference (Markdown), generated from the schemas."""
    del project  # accepted like on every command; the schemas ship with ttgbuild
    console.out(schemadoc.render().rstrip("\n"))


@app.command("list")
def list_content(
    what: Annotated[Listing, typer.Argument(help="heroes, weapons or talents.")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """List the content, one row each."""
    loaded, diags = validate_project(project)
    items = list(getattr(loaded.content, what.value))
    if what is not Listing.weapons:  # weapons keep the order of table 1
        items.sort(key=lambda item: item.id)
    rows = [_row(item) for item in items]
    if fmt is Format.json:
        console.as_json(rows)
    else:
        columns = TEXT_COLUMNS[what]
        console.table([[_cell(row[c]) for c in columns] for row in rows], columns)
    errors = [d for d in diags if d.severity == "error"]
    if errors:
        console.err(
            f"list: {len(errors)} content error(s) left some items out; "
            "run 'ttgbuild validate' for details"
        )
        raise typer.Exit(EXIT_PROBLEMS)


def _row(item: object) -> dict[str, object]:
    """Every field of a content object but its origin, as JSON-ready values."""
    row = asdict(item)  # type: ignore[call-overload]
    row.pop("origin", None)
    return row


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


@team_app.command("check")
def team_check(
    team_file: Annotated[Path, typer.Argument(help="The team file (YAML).")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Check a team: size, budget, uniqueness, positions, weapons; report its synergy."""
    loaded, diags = validate_project(project)
    errors = [d for d in diags if d.severity == "error"]
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
        verdict = "legal" if report.legal else "illegal"
        console.out(
            f"{shown}: {verdict}; cost {report.cost} of {report.budget}, "
            f"team synergy {report.synergy}"
        )
    if not report.readable:
        raise typer.Exit(EXIT_UNREADABLE)
    if not report.legal:
        raise typer.Exit(EXIT_PROBLEMS)


def main() -> None:
    """Entry point: run the app; turn any unexpected failure into one line and a log file."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        console.err("ttgbuild: interrupted")
        sys.exit(130)
    except Exception as exc:
        handle, name = tempfile.mkstemp(prefix="ttgbuild-error-", suffix=".log")
        with open(handle, "w", encoding="utf-8") as log:
            log.write(traceback.format_exc())
        console.err(f"ttgbuild: internal error ({type(exc).__name__}); the details are in {name}")
        sys.exit(EXIT_INTERNAL)
