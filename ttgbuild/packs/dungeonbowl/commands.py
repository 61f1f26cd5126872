"""Dungeon Bowl's own command: `ttgbuild dungeon-bowl odds`, the exact odds of every table.

It prints each dice table's rows with their exact chance under every total
its modifiers can add (a niggled player's injury roll, a long pass), and
the modified rolls no row catches, at their row. It refuses a project of
another game: the tables only mean something in this one.
"""

from __future__ import annotations

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
    require_game,
)

GAME = "dungeon-bowl"


def add_commands(app: typer.Typer) -> None:
    """Add `dungeon-bowl odds` to the ttgbuild command line."""
    sub = typer.Typer(help="Dungeon Bowl's game logic.", no_args_is_help=True)
    sub.command("odds")(odds)
    app.add_typer(sub, name="dungeon-bowl")


def odds(
    table: Annotated[
        str | None, typer.Option("--table", help="Only this table (its id, e.g. injury).")
    ] = None,
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Exact chance of every row of the dice tables, under every modifier total."""
    from ttgbuild.packapi.project import validate_project
    from ttgbuild.packs.dungeonbowl.tables import modifier_totals, odds_rows, reach_problems

    require_game(project, "dungeon-bowl odds", GAME)
    loaded, diags = validate_project(project)
    # Unreadable tables stop it; a table the rule checks fault is what it is asked to show.
    unreadable = [
        d
        for d in diags
        if d.severity == "error"
        and d.file.startswith("content/tables/")
        and d.code.startswith("JT")
    ]
    if unreadable:
        console.diagnostics(unreadable, "text")
        console.err("dungeon-bowl odds: the tables cannot be read; fix them first")
        raise typer.Exit(EXIT_UNREADABLE)
    chosen = [t for t in loaded.content.tables if table is None or t["id"] == table]
    if not chosen:
        known = ", ".join(t["id"] for t in loaded.content.tables)
        console.err(f"dungeon-bowl odds: no table {table!r} (tables: {known})")
        raise typer.Exit(EXIT_USAGE)
    report = []
    for t in chosen:
        totals = modifier_totals(t.get("modifiers", ()))
        rows = [
            {
                "result": entry["row"]["result"],
                "low": entry["row"]["low"],
                "high": entry["row"]["high"],
                "chances": {str(m): str(p) for m, p in zip(totals, entry["chances"], strict=True)},
            }
            for entry in odds_rows(t)
        ]
        problems = [f"row {i + 1}: {text}" for i, text in reach_problems(t)]
        report.append({"table": t["id"], "dice": t["dice"], "rows": rows, "problems": problems})
    if fmt is Format.json:
        console.as_json(report)
    else:
        from fractions import Fraction  # here: the help imports this module, not Fraction's 3 ms

        for entry in report:
            console.out(f"{entry['table']} ({entry['dice']})")
            for row in entry["rows"]:
                span = _span(row["low"], row["high"])
                cells = "  ".join(
                    f"{_signed(m)}: {float(Fraction(p)):6.2%}" for m, p in row["chances"].items()
                )
                console.out(f"  {span:>6} {row['result']:<16} {cells}")
            for text in entry["problems"]:
                console.out(f"  problem: {text}")
    if any(entry["problems"] for entry in report):
        raise typer.Exit(EXIT_PROBLEMS)


def _span(low: int | None, high: int | None) -> str:
    if low is None:
        return f"≤{high}"
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def _signed(m: str) -> str:
    return m if m.startswith("-") else f"+{m}"
