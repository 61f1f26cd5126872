"""Command-line interface: options in, exit codes out; the work happens elsewhere.

Exit codes: 0 success, 1 problems found (or an illegal team), 2 usage error
or unreadable input, 3 internal error (details in a log file).

Each command imports the modules it needs when it runs: the validator, the
renderer and Babel take most of a second to load, and an up-to-date
`ttgbuild build` needs none of them.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
import traceback
from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ttgbuild.core import console
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.diagnostics import has_failures, sort_key
from ttgbuild.core.interrupts import SIGTERM_EXIT, Terminated
from ttgbuild.core.printing import Duplex, Paper, PrintSettings
from ttgbuild.core.sourcedate import InvalidSourceDate, source_date_epoch
from ttgbuild.i18n_cli import i18n_app
from ttgbuild.options import (
    EXIT_USAGE,
    Format,
    FormatOption,
    ProjectOption,
    StrictOption,
    require_project,
)

if TYPE_CHECKING:
    from ttgbuild.buildplan import BuildResult
    from ttgbuild.validate.registry import Rule

EXIT_PROBLEMS = 1
EXIT_UNREADABLE = EXIT_USAGE  # an unreadable input is a usage error (cli.md)
EXIT_INTERNAL = 3

app = typer.Typer(
    help="Build and check the Jugger TTG print-and-play kit.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
team_app = typer.Typer(help="Check a player's team file.", no_args_is_help=True)
app.add_typer(team_app, name="team")
app.add_typer(i18n_app, name="i18n")


class Listing(StrEnum):
    heroes = "heroes"
    weapons = "weapons"
    talents = "talents"


@app.command()
def validate(
    fmt: FormatOption = Format.text,
    strict: StrictOption = False,
    project: ProjectOption = Path("."),
) -> None:
    """Check all content against its schemas and the game's rules, and the translations."""
    from ttgbuild.i18n.checkcache import checked_catalogs
    from ttgbuild.validate.project import validate_project

    require_project(project, "validate")
    _, content_diags = validate_project(project)
    diags = sorted(content_diags + checked_catalogs(project), key=sort_key)
    console.diagnostics(diags, fmt.value)
    console.summary(diags, "validate")
    if has_failures(diags, strict):
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("games")
def list_games(fmt: FormatOption = Format.text, project: ProjectOption = Path(".")) -> None:
    """List the installed game packs: name, version and the files each kit holds."""
    del project  # accepted like on every command; the installed packs do not depend on it
    from ttgbuild.pack import installed

    found = installed()
    packs = [found.packs[name] for name in sorted(found.packs)]
    if fmt is Format.json:
        console.as_json(
            [
                {
                    "name": pack.name,
                    "title": pack.title,
                    "version": pack.version,
                    "code_prefix": pack.code_prefix,
                    "kit": [{"file": c.file, "holds": c.summary} for c in pack.components],
                }
                for pack in packs
            ]
        )
    else:
        rows = [
            (*(names if i == 0 else ("", "", "")), c.file, c.summary)
            for pack in packs
            for names in [(pack.name, pack.title, pack.version)]
            for i, c in enumerate(pack.components)
        ]
        console.table(rows, ("game", "title", "version", "file", "holds"))
    for name, problem in found.broken.items():
        console.err(f"games: pack {name}: {problem}")
    if found.broken:
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("rules")
def list_rules(fmt: FormatOption = Format.text, project: ProjectOption = Path(".")) -> None:
    """List every check: code, severity and what it ensures (the same for every project)."""
    del project  # accepted like on every command; the rules do not depend on it
    rules = sorted(_every_rule().values(), key=lambda r: r.code)
    if fmt is Format.json:
        console.as_json(
            [{"code": r.code, "severity": r.severity, "summary": r.summary} for r in rules]
        )
        return
    console.table([(r.code, r.severity, r.summary) for r in rules], ("code", "severity", "summary"))


def _every_rule() -> dict[str, Rule]:
    """The registry, once every module that reports codes has registered them."""
    import ttgbuild.build
    import ttgbuild.i18n.checks
    import ttgbuild.packs.jugger.teamcheck
    import ttgbuild.validate.project  # noqa: F401  (imported for their registrations)
    from ttgbuild.validate.registry import RULES

    return RULES


# Columns the text listing shows; --format json gives every field.
TEXT_COLUMNS: dict[Listing, tuple[str, ...]] = {
    Listing.heroes: ("id", "name", "cost", "team", "country", "preferred", "reflexes"),
    Listing.weapons: ("id", "name", "attack", "defence", "range", "crouch_count", "chain"),
    Listing.talents: ("id", "name", "keyword", "cost_kind", "cost_amount", "required", "trigger"),
}


@app.command("schema-docs")
def schema_docs(project: ProjectOption = Path(".")) -> None:
    """Print the content format's reference (Markdown), generated from the schemas."""
    from ttgbuild.pack import pack_for
    from ttgbuild.source import schemadoc

    console.document(schemadoc.render(pack_for(project)).rstrip("\n"))


@app.command("list")
def list_content(
    what: Annotated[Listing, typer.Argument(help="heroes, weapons or talents.")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """List the content, one row each."""
    from ttgbuild.validate.project import validate_project

    require_project(project, "list")
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
    from ttgbuild.packs.jugger.teamcheck import check_team
    from ttgbuild.core.paths import display_path
    from ttgbuild.validate.project import validate_project

    require_project(project, "team check")
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


@app.command("odds")
def odds(
    attack: Annotated[int, typer.Option("--attack", min=0, max=100, help="Attack dice rolled.")],
    defence: Annotated[int, typer.Option("--defence", min=0, max=100, help="Defence dice rolled.")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Exact odds of an attack for each defence choice, from the die faces in content."""
    from dataclasses import replace

    from ttgbuild.packs.jugger.odds import combat_odds, faces_note
    from ttgbuild.validate.project import validate_project

    require_project(project, "odds")
    loaded, diags = validate_project(project)
    rules = loaded.content.rules
    broken = [d for d in diags if d.severity == "error" and d.file == "content/rules.yaml"]
    if rules is None or broken:
        console.diagnostics(broken, "text")
        where = os.path.abspath(project / "content" / "rules.yaml")
        console.err(f"odds: {where} is missing or has errors, so the die is unknown; fix it first")
        raise typer.Exit(EXIT_UNREADABLE)
    result = replace(combat_odds(rules.faces, attack, defence), faces_assumed=rules.faces_assumed)
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


SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX\u00d7]\s*(\d+(?:\.\d+)?)\s*$")
OFFSET = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$")


def _card_size(value: str) -> tuple[float, float]:
    found = SIZE.match(value)
    if not found:
        raise typer.BadParameter(f"{value!r} is not WIDTHxHEIGHT in mm, e.g. 63x88")
    width, height = float(found.group(1)), float(found.group(2))
    if not (30 <= width <= 150 and 30 <= height <= 150):
        raise typer.BadParameter("each side must be between 30 and 150 mm")
    return width, height


def _back_offset(value: str) -> tuple[float, float]:
    found = OFFSET.match(value)
    if not found:
        raise typer.BadParameter(f"{value!r} is not X,Y in mm, e.g. 1.5,-0.5")
    x, y = float(found.group(1)), float(found.group(2))
    if abs(x) > 10 or abs(y) > 10:
        raise typer.BadParameter("an offset of more than 10 mm means the printer needs fixing")
    return x, y


@app.command("build")
def build_kit(
    locale: Annotated[
        str | None,
        typer.Option(
            "--locale",
            help="Comma-separated locales, e.g. en,es (default: all the project has); "
            "qps is the pseudo-locale (accented, longer English) for finding overflows.",
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option("--paper", help="Paper size.")] = Paper.a4,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Output folder (default: output/ in the project).", file_okay=False
        ),
    ] = None,
    strict: StrictOption = False,
    card_size: Annotated[
        str, typer.Option("--card-size", help="Card size in mm: 63x88 poker, 57x89 bridge.")
    ] = "63x88",
    bleed: Annotated[
        float, typer.Option("--bleed", min=0, max=6, help="Bleed around card grids, in mm.")
    ] = 3.0,
    duplex: Annotated[
        Duplex,
        typer.Option("--duplex", help="How your printer turns the sheet: long or short edge."),
    ] = Duplex.long,
    back_offset: Annotated[
        str,
        typer.Option(
            "--back-offset", help="Shift of printed backs, X,Y in mm (see the test page)."
        ),
    ] = "0,0",
    force: Annotated[
        bool,
        typer.Option("--force", help="Draw every locale again, even those already up to date."),
    ] = False,
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Render the printable kit per locale: rules, quick reference, cards, tokens, board, guide.

    Only locales whose inputs changed are drawn again (--force draws them all);
    several are drawn in parallel, one per core.
    """
    from ttgbuild import buildplan

    started = time.perf_counter()
    require_project(project, "build")
    try:
        source_date_epoch()
    except InvalidSourceDate as exc:
        console.err(f"build: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    settings = PrintSettings(
        paper=paper,
        card_size_mm=_card_size(card_size),
        bleed_mm=bleed,
        duplex=duplex,
        back_offset_mm=_back_offset(back_offset),
    )
    requested = [part.strip() for part in locale.split(",") if part.strip()] if locale else None
    target = out if out is not None else project / "output"
    try:
        result = None
        if not force:  # the up-to-date check needs neither validator nor renderer
            locales = buildplan.choose_locales(project, requested)
            todo = buildplan.plan(project, target, locales, settings)
            result = buildplan.replay(todo, target, strict, started)
        if result is None:
            from ttgbuild.build import build

            result = build(project, target, settings, requested, strict, console.progress, force)
    except buildplan.UsageError as exc:
        console.progress_done()
        console.err(f"build: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except Terminated:  # Typer would turn it into Ctrl-C's exit 130
        console.progress_done()
        console.err("build: terminated (SIGTERM); workers stopped, the previous kit is kept")
        raise typer.Exit(SIGTERM_EXIT) from None
    console.progress_done()
    console.diagnostics(result.diagnostics, fmt.value)
    console.summary(result.diagnostics, "build")
    if result.failed:
        console.err("build: nothing written (fix the problems above; the previous kit is kept)")
        raise typer.Exit(EXIT_PROBLEMS)
    console.err(_build_summary(result, target))


def _build_summary(result: BuildResult, target: Path) -> str:
    """The closing line: what was drawn and written, and what was already up to date."""
    where = f"{target.as_posix()}/"
    if not result.built:
        return (
            f"build: {', '.join(result.current)} up to date in {where}, nothing drawn "
            f"(--force draws again) in {result.seconds:.1f} s"
        )
    line = (
        f"build: wrote {len(result.written)} files for {', '.join(result.built)} "
        f"to {where} in {result.seconds:.1f} s"
    )
    if result.current:
        line += f"; {', '.join(result.current)} already up to date"
    return line


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
        console.progress_done()
        console.err(f"ttgbuild: internal error ({type(exc).__name__}); {_save_traceback()}")
        sys.exit(EXIT_INTERNAL)


def _save_traceback() -> str:
    """Write the current exception's traceback to a new log file; say where (or why not)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    log = Path(tempfile.gettempdir()) / f"ttgbuild-error-{stamp}-{os.getpid()}.log"
    try:
        write_atomically(log, traceback.format_exc().encode("utf-8"))
    except OSError as exc:
        return f"the details could not be saved to {log}: {exc.strerror}"
    return f"the details are in {log}"
