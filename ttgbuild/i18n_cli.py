"""`ttgbuild i18n`: the translators' workflow, from extracting strings to checking catalogs.

Options and exit codes follow the rest of the CLI: 0 success, 1 problems
found (a broken catalog, a failing check), 2 usage error. The work happens in
`ttgbuild.i18n.catalogs` and `ttgbuild.i18n.checks`; this module only shows it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ttgbuild import console
from ttgbuild.diagnostics import has_failures
from ttgbuild.options import Format, FormatOption, ProjectOption, StrictOption

if TYPE_CHECKING:  # imported when a command runs: Babel is slow to load (cli.py's docstring)
    from ttgbuild.i18n import catalogs

EXIT_PROBLEMS = 1
EXIT_USAGE = 2

i18n_app = typer.Typer(
    help="Translators' workflow: extract, update, compile and check the catalogs.",
    no_args_is_help=True,
)


@i18n_app.command()
def extract(project: ProjectOption = Path(".")) -> None:
    """Write locales/ttgbuild.pot from content and code (only if its messages changed)."""
    from ttgbuild.i18n import catalogs

    _finish(catalogs.extract(_project(project)), "extract")


@i18n_app.command()
def update(project: ProjectOption = Path(".")) -> None:
    """Merge the template into every locale's catalog; changed English becomes fuzzy."""
    from ttgbuild.i18n import catalogs

    _finish(catalogs.update(_project(project)), "update", "no catalogs yet")


@i18n_app.command("compile")
def compile_(project: ProjectOption = Path(".")) -> None:
    """Write a .mo next to every .po (fuzzy and untranslated entries left out)."""
    from ttgbuild.i18n import catalogs

    _finish(catalogs.compile_catalogs(_project(project)), "compile", "no catalogs yet")


@i18n_app.command()
def init(
    locale: Annotated[str, typer.Argument(help="The new locale, e.g. pl or pt_BR.")],
    project: ProjectOption = Path("."),
) -> None:
    """Start a catalog for a new locale (no code change needed to add one)."""
    from ttgbuild.i18n import catalogs

    try:
        outcome = catalogs.init(_project(project), locale)
    except catalogs.UnknownLocale as exc:
        console.err(f"i18n init: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    except catalogs.CatalogExists as exc:
        console.err(f"i18n init: {exc}")
        raise typer.Exit(EXIT_PROBLEMS) from None
    _finish(outcome, "init")


@i18n_app.command()
def status(fmt: FormatOption = Format.text, project: ProjectOption = Path(".")) -> None:
    """How far each locale is: translated, fuzzy, untranslated, obsolete."""
    from ttgbuild.i18n import catalogs

    rows, diags = catalogs.status(_project(project))
    if fmt is Format.json:
        console.as_json([row.as_json() for row in rows])
    elif rows:
        header = ("locale", "done", "total", "translated", "fuzzy", "untranslated", "obsolete")
        console.table([_status_row(row) for row in rows], header)
    for diag in diags:
        console.err(diag.as_text())
    if not rows and not diags:
        console.err("i18n status: no catalogs yet; start one with `ttgbuild i18n init LOCALE`")
    if diags:
        raise typer.Exit(EXIT_PROBLEMS)


@i18n_app.command()
def check(
    fmt: FormatOption = Format.text,
    strict: StrictOption = False,
    project: ProjectOption = Path("."),
) -> None:
    """Check every catalog: placeholders, icons, markup, length, numbers, glossary, progress."""
    from ttgbuild.i18n.checks import check_catalogs

    diags = check_catalogs(_project(project))
    console.diagnostics(diags, fmt.value)
    console.summary(diags, "i18n check")
    if has_failures(diags, strict):
        raise typer.Exit(EXIT_PROBLEMS)


def _status_row(row: catalogs.Stats) -> tuple[object, ...]:
    done = f"{row.percent} %"
    return (row.locale, done, row.total, row.translated, row.fuzzy, row.untranslated, row.obsolete)


def _project(project: Path) -> Path:
    """The project folder, or a usage error when it holds no content/ to translate."""
    if not (project / "content").is_dir():
        console.err(f"i18n: {project} is not a ttgbuild project (it has no content/ folder)")
        raise typer.Exit(EXIT_USAGE)
    return project


def _finish(outcome: catalogs.Outcome, what: str, if_empty: str = "") -> None:
    """Show each file's result and any problem; exit 1 if a file could not be handled."""
    for result in outcome.results:
        console.out(f"{result.file}: {result.note} ({result.state})")
    console.diagnostics(outcome.diagnostics, "text")
    if if_empty and not outcome.results and not outcome.diagnostics:
        console.err(f"i18n {what}: {if_empty}; start one with `ttgbuild i18n init LOCALE`")
    if has_failures(outcome.diagnostics, strict=False):
        raise typer.Exit(EXIT_PROBLEMS)
