"""`ttgbuild i18n`: the translators' workflow, from extracting strings to checking catalogs.

Options and exit codes follow the rest of the CLI: 0 success, 1 problems
found (a broken catalog, a failing check), 2 usage error. The work happens in
`ttgbuild.i18n.catalogs` and `ttgbuild.i18n.checks`; this module only shows it.
"""

# Annotations are evaluated at import (no `from __future__ import annotations`): Typer
# would otherwise compile each option's annotation string again whenever it builds a command.

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ttgbuild.core import console
from ttgbuild.core.diagnostics import has_failures
from ttgbuild.options import (
    EXIT_USAGE,
    Format,
    FormatOption,
    ProjectOption,
    StrictOption,
    require_project,
)

if TYPE_CHECKING:  # imported when a command runs: Babel is slow to load (cli.py's docstring)
    from ttgbuild.i18n import catalogs

EXIT_PROBLEMS = 1

LocaleOption = Annotated[
    str | None,
    typer.Option("--locale", help="Comma-separated locales, e.g. es,de (default: every catalog)."),
]


class GlossaryFormat(StrEnum):
    tbx = "tbx"
    csv = "csv"


i18n_app = typer.Typer(
    help="Translators' workflow: extract, update, compile and check the catalogs.",
    no_args_is_help=True,
    rich_markup_mode=None,  # plain help, as the main app's
)


@i18n_app.command()
def extract(project: ProjectOption = Path(".")) -> None:
    """Write locales/ttgbuild.pot from content and code (only if its messages changed)."""
    from ttgbuild.i18n import catalogs

    _finish(catalogs.extract(_project(project)), "extract")


@i18n_app.command()
def update(
    check_only: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Write nothing; exit 1 if `extract` or `update` would change the template "
            "or a catalog (a CI gate).",
        ),
    ] = False,
    project: ProjectOption = Path("."),
) -> None:
    """Merge the template into every locale's catalog; changed English becomes fuzzy."""
    from ttgbuild.i18n import catalogs

    if not check_only:
        _finish(catalogs.update(_project(project)), "update", "no catalogs yet")
        return
    diags = catalogs.stale_files(_project(project))
    console.diagnostics(diags, "text")
    if diags:
        console.err(
            f"i18n update --check: {len(diags)} file(s) out of date or unreadable; nothing written"
        )
        raise typer.Exit(EXIT_PROBLEMS)
    console.err("i18n update --check: the template and every catalog are up to date")


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
def status(
    fmt: FormatOption = Format.text,
    locale: LocaleOption = None,
    project: ProjectOption = Path("."),
) -> None:
    """How far each locale is: translated, fuzzy, untranslated, obsolete."""
    from ttgbuild.i18n import catalogs

    project = _project(project)
    rows, diags = catalogs.status(project, _locales(project, locale, "status"))
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
    locale: LocaleOption = None,
    project: ProjectOption = Path("."),
) -> None:
    """Check every catalog: placeholders, formats, icons, markup, length, glossary, progress."""
    from ttgbuild.i18n.checks import check_catalogs

    project = _project(project)
    diags = check_catalogs(project, _locales(project, locale, "check"))
    console.diagnostics(diags, fmt.value)
    console.summary(diags, "i18n check")
    if has_failures(diags, strict):
        raise typer.Exit(EXIT_PROBLEMS)


@i18n_app.command()
def glossary(
    fmt: Annotated[
        GlossaryFormat,
        typer.Option("--format", help="tbx (TBX-Basic, every language) or csv (Weblate, one)."),
    ] = GlossaryFormat.tbx,
    locale: Annotated[
        str | None,
        typer.Option("--locale", help="The target language of a CSV (needed if several)."),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="File to write (default: standard output).")
    ] = None,
    project: ProjectOption = Path("."),
) -> None:
    """Export locales/glossary.tsv for Weblate, Poedit or a CAT tool (TBX or CSV)."""
    from ttgbuild.core.atomic import write_atomically
    from ttgbuild.i18n.glossary import load_glossary
    from ttgbuild.i18n.glossary_export import languages, to_csv, to_tbx

    pack = require_project(project, "i18n")
    table, diags = load_glossary(project)
    if diags:
        console.diagnostics(diags, "text")
        raise typer.Exit(EXIT_PROBLEMS)
    targets = languages(table)[1:]
    if not targets:
        console.err("i18n glossary: locales/glossary.tsv has no terms to export")
        raise typer.Exit(EXIT_PROBLEMS)
    if fmt is GlossaryFormat.tbx:
        data = to_tbx(table, pack.title)
    else:
        if locale is None and len(targets) > 1:
            console.err(f"i18n glossary: say which language with --locale ({', '.join(targets)})")
            raise typer.Exit(EXIT_USAGE)
        chosen = locale or targets[0]
        if chosen not in targets:
            console.err(f"i18n glossary: no {chosen!r} column; it has {', '.join(targets)}")
            raise typer.Exit(EXIT_USAGE)
        data = to_csv(table, chosen)
    if out is None:
        console.document(data.decode("utf-8").rstrip("\n"))
        return
    try:
        write_atomically(out, data)
    except OSError as exc:
        console.err(f"i18n glossary: cannot write {out}: {exc.strerror}")
        raise typer.Exit(EXIT_PROBLEMS) from None
    console.err(f"i18n glossary: wrote {out}")


def _locales(project: Path, requested: str | None, command: str) -> list[str] | None:
    """The locales a `--locale` list names (None: all); a usage error for one without a catalog."""
    from ttgbuild.i18n.catalogs import catalog_locales

    if requested is None:
        return None
    wanted = [part.strip() for part in requested.split(",") if part.strip()]
    known = catalog_locales(project)
    unknown = [locale for locale in wanted if locale not in known]
    if unknown or not wanted:
        has = ", ".join(known) or "none"
        console.err(
            f"i18n {command}: no catalog for {', '.join(unknown) or repr(requested)}; "
            f"this project has {has}"
        )
        raise typer.Exit(EXIT_USAGE)
    return wanted


def _status_row(row: "catalogs.Stats") -> tuple[object, ...]:
    done = f"{row.percent} %"
    return (row.locale, done, row.total, row.translated, row.fuzzy, row.untranslated, row.obsolete)


def _project(project: Path) -> Path:
    """The project folder, or a usage error when it holds no content/ to translate."""
    require_project(project, "i18n")
    return project


def _finish(outcome: "catalogs.Outcome", what: str, if_empty: str = "") -> None:
    """Show each file's result and any problem; exit 1 if a file could not be handled."""
    for result in outcome.results:
        console.out(f"{result.file}: {result.note} ({result.state})")
    console.diagnostics(outcome.diagnostics, "text")
    if if_empty and not outcome.results and not outcome.diagnostics:
        console.err(f"i18n {what}: {if_empty}; start one with `ttgbuild i18n init LOCALE`")
    if has_failures(outcome.diagnostics, strict=False):
        raise typer.Exit(EXIT_PROBLEMS)
