"""Command-line interface: options in, exit codes out; the work happens elsewhere.

Exit codes: 0 success, 1 problems found (or an illegal team), 2 usage error
or unreadable input, 3 internal error (details in a log file).

Each command imports the modules it needs when it runs: the validator, the
renderer and Babel take most of a second to load, and an up-to-date
`ttgbuild build` needs none of them.
"""

# Annotations are evaluated at import (no `from __future__ import annotations`): Typer
# would otherwise compile each option's annotation string again whenever it builds a command.

import atexit
import os
import sys
import time
import weakref
from collections.abc import Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup
from typer.models import CommandInfo, TyperInfo

from ttgbuild.core import console
from ttgbuild.core.diagnostics import LocatedError, has_failures, sort_key
from ttgbuild.core.interrupts import SIGTERM_EXIT, Terminated, sigterm_raises
from ttgbuild.core.printing import BLEED_RANGE, Duplex, Paper, back_offset_of, card_size_of
from ttgbuild.core.sourcedate import InvalidSourceDate, source_date_epoch
from ttgbuild.options import (
    EXIT_INTERNAL,
    EXIT_PROBLEMS,
    EXIT_UNREADABLE,
    EXIT_USAGE,
    Format,
    FormatOption,
    InkOption,
    ProjectOption,
    StrictOption,
    finite,
    kit_folder,
    print_settings,
    project_pack,
    require_project,
)
from ttgbuild.pack import PackError, Ref, announced, installed

if TYPE_CHECKING:
    from ttgbuild.buildplan import BuildResult
    from ttgbuild.pack import Pack


class EngineThenGames(TyperGroup):
    """The engine's commands, then the installed games' own, each built on first need.

    Typer would build every command's options before running one: the engine's
    are built when named (an up-to-date `ttgbuild build` builds only its own).
    A game's commands are added only when a name is not the engine's or the
    help lists every command: `ttgbuild validate` imports no game it does not
    build, so each installed game adds nothing to the others' commands.
    """

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Any:  # a command of Typer's click
        self._build(name for name in (cmd_name,) if name in ENGINE)
        found = super().get_command(ctx, cmd_name)
        if found is None:  # a game's command, or a typo: Typer suggests among all commands
            add_pack_commands(self)
            self._build(ENGINE)
            found = super().get_command(ctx, cmd_name)
        return found

    def list_commands(self, ctx: typer.Context) -> list[str]:
        add_pack_commands(self)
        return [*ENGINE, *(name for name in super().list_commands(ctx) if name not in ENGINE)]

    def _build(self, names: Iterable[str]) -> None:
        """The engine's commands of these names, built unless they are already."""
        for name in names:
            if name not in self.commands:
                self.add_command(_built(name, ENGINE[name]), name)


def _built(name: str, info: CommandInfo | TyperInfo | Ref) -> Any:
    """The click command (or group) Typer builds from one engine command or sub-app."""
    if isinstance(info, Ref):  # a sub-app's Typer, as app.add_typer(sub, name=name) holds it
        info = TyperInfo(info.load(), name=name)
    if isinstance(info, TyperInfo):
        return typer.main.get_group_from_info(
            info,
            pretty_exceptions_short=app.pretty_exceptions_short,
            rich_markup_mode=app.rich_markup_mode,
            suggest_commands=app.suggest_commands,
        )
    return typer.main.get_command_from_info(
        info,
        pretty_exceptions_short=app.pretty_exceptions_short,
        rich_markup_mode=app.rich_markup_mode,
    )


app = typer.Typer(
    cls=EngineThenGames,
    help="Build and check print-and-play kits of tabletop games (see `ttgbuild games`).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # click's plain help: rich's formatting costs a tenth of a second
    context_settings={"help_option_names": ["-h", "--help"]},  # every command inherits it
)


def _show_version(wanted: bool) -> None:
    """`--version`: ttgbuild's, Python's and each installed game pack's version, then exit."""
    if not wanted:
        return
    import platform

    import ttgbuild

    found = installed()
    console.out(f"ttgbuild {ttgbuild.__version__}")
    console.out(f"Python {platform.python_version()} ({platform.python_implementation()})")
    for name in sorted(found.packs):
        pack = found.packs[name]
        console.out(f"game pack {name} {pack.version} ({pack.title})")
    for name, problem in sorted(found.broken.items()):
        console.out(f"game pack {name}: cannot be loaded ({problem})")
    raise typer.Exit(0)


@app.callback()
def _engine_group(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Show the versions of ttgbuild, Python and the installed game packs.",
        ),
    ] = False,
) -> None:
    # Typer makes a group of an app with a callback; this one's commands are all built on
    # first need (EngineThenGames, ENGINE below), so Typer sees none. It does nothing
    # itself: `--version` is answered (and the process ends) by its callback.
    del version


@app.command()
def validate(
    fmt: FormatOption = Format.text,
    strict: StrictOption = False,
    project: ProjectOption = Path("."),
) -> None:
    """Check all content against its schemas and the game's rules, and the translations."""
    from ttgbuild.core import collector

    with collector.paused():  # modules: objects that live as long as the process
        from ttgbuild.i18n.checkcache import checked_catalogs
        from ttgbuild.validate.project import validate_project

    require_project(project, "validate")
    _, content_diags = validate_project(project)  # pauses the collector itself
    with collector.paused():  # the catalogs read and checked make no reference cycles
        diags = sorted(content_diags + checked_catalogs(project), key=sort_key)
    console.diagnostics(diags, fmt.value)
    console.summary(diags, "validate")
    if has_failures(diags, strict):
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("games")
def list_games(
    ctx: typer.Context, fmt: FormatOption = Format.text, project: ProjectOption = Path(".")
) -> None:
    """List the installed game packs: name, version and the files each kit holds."""
    del project  # accepted like on every command; the installed packs do not depend on it
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
        rows: list[tuple[str, ...]] = []
        for pack in packs:
            files = [(c.file, c.summary) for c in pack.components] or [("-", "-")]
            rows.append((pack.name, pack.title, pack.version, *files[0]))
            rows += [("", "", "", *file) for file in files[1:]]
        console.table(rows, ("game", "title", "version", "file", "holds"))
    add_pack_commands(ctx.find_root().command)  # to know whether their commands could be added
    problems = {**found.broken, **COMMAND_PROBLEMS}
    for name, problem in problems.items():
        console.err(f"games: pack {name}: {problem}")
    if problems:
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("new")
def new_project(
    folder: Annotated[Path, typer.Argument(help="The project folder to write: missing or empty.")],
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="An installed game pack (see `ttgbuild games`).",
            autocompletion=lambda incomplete: [
                name for name in sorted(installed().packs) if name.startswith(incomplete)
            ],
        ),
    ] = None,
    data: Annotated[
        bool,
        typer.Option("--data", help="Tidewrack, a small game made of data only, to make yours."),
    ] = False,
) -> None:
    """Start a project: a ready copy of an installed game's, or a game made of data."""
    from ttgbuild.newproject import NewProjectError, data_starter, game_starter, write_project

    if (game is None) == (not data):
        console.err("new: give either --game NAME (see `ttgbuild games`) or --data")
        raise typer.Exit(EXIT_USAGE)
    try:
        starter = data_starter() if data else game_starter(installed().packs, str(game))
        with sigterm_raises():  # the half-written project is removed, as on Ctrl-C
            written = write_project(folder, starter)
    except NewProjectError as exc:
        console.err(f"new: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    except Terminated:  # Typer would turn it into Ctrl-C's exit 130
        console.err("new: terminated (SIGTERM); nothing was written")
        raise typer.Exit(SIGTERM_EXIT) from None
    import shlex

    shown = shlex.quote(str(folder))
    console.out(f"new: wrote {starter.title} into {shown} ({written} files)")
    console.out(f"next: ttgbuild validate --project {shown} && ttgbuild build --project {shown}")


@app.command("rules")
def list_rules(
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
    variants: Annotated[
        bool,
        typer.Option(
            "--variants",
            help="List the project's declared variants (content/variants.yaml) instead: "
            "the book values each changes, its reason and summary.",
        ),
    ] = False,
) -> None:
    """List every check of the engine and the project's game: code, severity, source, summary."""
    from ttgbuild.codes import every_code

    pack = project_pack(project, "rules")
    if variants:
        _list_variants(project, pack, fmt)
        return
    rules = sorted(every_code(pack).rules.values(), key=lambda r: r.code)
    if fmt is Format.json:
        console.as_json(
            [
                {"code": r.code, "severity": r.severity, "summary": r.summary, "source": r.owner}
                for r in rules
            ]
        )
        return
    console.table(
        [(r.code, r.severity, r.owner, r.summary) for r in rules],
        ("code", "severity", "source", "summary"),
    )


def _list_variants(project: Path, pack: "Pack", fmt: Format) -> None:
    """`rules --variants`: each variant, the values it changes (content against the book,
    with the book's line), its reason and summary; exit 1 if the book or file has errors."""
    from ttgbuild.validate.book import variant_reports

    reports, problems = variant_reports(project, pack)
    if fmt is Format.json:
        console.as_json([report.as_json() for report in reports])
    elif not reports and not problems:
        console.out("rules: this project declares no variants; its kit plays the book")
    for report in reports if fmt is Format.text else ():
        console.out(report.variant.id)
        for change in report.changes:
            console.out(
                f"  changes {change.id} ({change.topic}): content says {change.content}, "
                f"the book says {change.book} ({change.where})"
            )
        console.out(f"  reason: {' '.join(report.variant.reason.split())}")
        console.out(f"  summary: {' '.join(report.variant.summary.split())}")
    if problems:
        for diag in problems:
            console.err(diag.as_text())
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("schema-docs")
def schema_docs(project: ProjectOption = Path(".")) -> None:
    """Print the content format's reference (Markdown), generated from the schemas."""
    from ttgbuild.source import schemadoc

    console.document(schemadoc.render(project_pack(project, "schema-docs")).rstrip("\n"))


@app.command("docs")
def format_docs(
    formats: Annotated[
        list[str] | None,
        typer.Argument(
            help="Formats to document (pack, layout, sheet, checks, book, variants); all if none."
        ),
    ] = None,
    project: ProjectOption = Path("."),
) -> None:
    """Print the reference of the data formats a game is written in (Markdown)."""
    from ttgbuild.source import formatdoc

    del project  # accepted like on every command; the formats are the engine's

    known = formatdoc.names()
    unknown = [name for name in formats or [] if name not in known]
    if unknown:
        console.err(f"docs: no format {unknown[0]!r}; the formats are {', '.join(known)}")
        raise typer.Exit(EXIT_USAGE)
    console.document(formatdoc.render(formats or known).rstrip("\n"))


@app.command("list")
def list_content(
    what: Annotated[str, typer.Argument(help="What to list: the game's kinds, e.g. heroes.")],
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """List the content, one row each."""
    from ttgbuild.validate.project import validate_project

    pack = require_project(project, "list")
    listing = next((kind for kind in pack.listings if kind.name == what), None)
    if listing is None:
        kinds = ", ".join(kind.name for kind in pack.listings)
        console.err(f"list: {pack.name} has no {what!r} to list; it lists {kinds}")
        raise typer.Exit(EXIT_UNREADABLE)
    loaded, diags = validate_project(project)
    items = list(getattr(loaded.content, listing.name))
    if listing.sort_by_id:
        items.sort(key=lambda item: item.id)
    rows = [_row(item) for item in items]
    if fmt is Format.json:
        console.as_json(rows)
    else:
        columns = listing.columns
        console.table([[_cell(row.get(c)) for c in columns] for row in rows], columns)
    errors = [d for d in diags if d.severity == "error"]
    if errors:
        console.err(
            f"list: {len(errors)} content error(s) left some items out; "
            "run 'ttgbuild validate' for details"
        )
        raise typer.Exit(EXIT_PROBLEMS)


def _row(item: object) -> dict[str, object]:
    """Every field of a content object but its origin, as JSON-ready values."""
    from ttgbuild.source.records import Record

    if isinstance(item, Record):  # a data pack's record
        return item.plain()
    row = asdict(item)  # type: ignore[call-overload]
    row.pop("origin", None)
    return row


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def _measured(
    option: str, read: Callable[[str], tuple[float, float]], value: str | None
) -> tuple[float, float] | None:
    """An option's text read as ttgbuild.toml's [print] is read (None: not given)."""
    if value is None:
        return None
    try:
        return read(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint=f"'{option}'") from None


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
    paper: Annotated[
        Paper | None, typer.Option("--paper", help="Paper size. Default: a4.", show_default=False)
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Output folder (default: output/ in the project).", file_okay=False
        ),
    ] = None,
    strict: StrictOption = False,
    card_size: Annotated[
        str | None,
        typer.Option(
            "--card-size",
            help="Card size in mm: 63x88 poker (the default), 57x89 bridge.",
            show_default=False,
        ),
    ] = None,
    bleed: Annotated[
        float | None,
        typer.Option(
            "--bleed",
            min=BLEED_RANGE[0],
            max=BLEED_RANGE[1],
            callback=finite,
            help="Bleed around card grids, in mm. Default: 3.",
            show_default=False,
        ),
    ] = None,
    duplex: Annotated[
        Duplex | None,
        typer.Option(
            "--duplex",
            help="How your printer turns the sheet: long or short edge. Default: long.",
            show_default=False,
        ),
    ] = None,
    back_offset: Annotated[
        str | None,
        typer.Option(
            "--back-offset",
            help="Shift of printed backs, X,Y in mm (see the test page). Default: 0,0.",
            show_default=False,
        ),
    ] = None,
    ink: InkOption = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Draw every locale again, even those already up to date."),
    ] = False,
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Render the printable kit per locale: the files of the game's kit (see `ttgbuild games`).

    Only locales whose inputs changed are drawn again (--force draws them all);
    several are drawn in parallel, one per core. A print setting not given here
    is the one in ttgbuild.toml's [print] table, else its default.
    """
    from ttgbuild import buildplan

    started = time.perf_counter()
    requested, target = _kit_request("build", project, locale, out, project / "output")
    settings = print_settings(
        project,
        "build",
        paper=paper,
        card_size_mm=_measured("--card-size", card_size_of, card_size),
        bleed_mm=bleed,
        duplex=duplex,
        back_offset_mm=_measured("--back-offset", back_offset_of, back_offset),
        ink=ink,
    )
    target = kit_folder(target, settings.ink)
    try:
        result = None
        if not force:  # the up-to-date check needs neither validator nor renderer
            locales = buildplan.choose_locales(project, requested)
            todo = buildplan.plan(project, target, locales, settings)
            result = buildplan.replay(todo, target, strict, started)
        if result is None:
            from ttgbuild.core import collector

            with collector.paused():  # its modules: objects that live as long as the process
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


def _build_summary(result: "BuildResult", target: Path) -> str:
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


# The review gallery's options, the same for `preview` and `watch`.
GALLERY = Path("output", "preview")  # in the project, unless --out says otherwise
GalleryLocales = Annotated[
    str | None,
    typer.Option("--locale", help="Comma-separated locales (default: all the project has)."),
]
GalleryOut = Annotated[
    Path | None,
    typer.Option(
        "--out", help="Gallery folder (default: output/preview/ in the project).", file_okay=False
    ),
]


def _kit_request(
    command: str, project: Path, locale: str | None, out: Path | None, default: Path
) -> tuple[list[str] | None, Path]:
    """What build, preview and watch start with: a project, a usable SOURCE_DATE_EPOCH,
    the locales asked for (None: all) and the output folder."""
    require_project(project, command)
    try:
        source_date_epoch()
    except InvalidSourceDate as exc:
        console.err(f"{command}: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    requested = [part.strip() for part in locale.split(",") if part.strip()] if locale else None
    return requested, out if out is not None else default


@app.command("preview")
def preview(
    locale: GalleryLocales = None,
    out: GalleryOut = None,
    project: ProjectOption = Path("."),
) -> None:
    """Write a review gallery: every card, token, tile and page of every locale as a picture.

    OUT/index.html opens from the file system; each picture shows its problems,
    linked to the content line and the catalog entry. Content errors give a page
    listing them (exit 1). The kit is drawn with ttgbuild.toml's [print] settings.
    """
    from ttgbuild import buildplan
    from ttgbuild.preview.gallery import write_gallery

    requested, target = _kit_request("preview", project, locale, out, project / GALLERY)
    settings = print_settings(project, "preview")  # ttgbuild.toml's [print], else the defaults
    try:
        gallery = write_gallery(
            project, target, requested, settings=settings, progress=console.progress
        )
    except buildplan.UsageError as exc:
        console.progress_done()
        console.err(f"preview: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except Terminated:
        console.progress_done()
        console.err("preview: terminated (SIGTERM)")
        raise typer.Exit(SIGTERM_EXIT) from None
    console.progress_done()
    console.diagnostics(gallery.diagnostics, "text")
    console.summary(gallery.diagnostics, "preview")
    index = gallery.index.as_posix()
    if gallery.failed:
        console.err(f"preview: the project has errors; {index} lists them")
        raise typer.Exit(EXIT_PROBLEMS)
    console.err(f"preview: {gallery.items} pictures, {gallery.problems} problems in {index}")


@app.command("watch")
def watch(
    locale: GalleryLocales = None,
    out: GalleryOut = None,
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1 (0: any free one)."),
    ] = 8000,
    project: ProjectOption = Path("."),
) -> None:
    """Serve the review gallery and rewrite it on every save; the open page refreshes itself.

    Watches content/, locales/, ttgbuild.toml and the game's data files; a content
    error shows on the page until it is fixed. Ctrl-C stops (exit 130).
    """
    from ttgbuild import buildplan
    from ttgbuild.preview.watch import PortError, PreviewFailed
    from ttgbuild.preview.watch import watch as watch_gallery

    requested, target = _kit_request("watch", project, locale, out, project / GALLERY)
    try:
        watch_gallery(project, target, requested, port)
    except PortError as exc:
        console.err(f"watch: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except PreviewFailed as exc:  # preview has said why
        raise typer.Exit(exc.code) from None
    except buildplan.UsageError as exc:  # an --out folder of files the gallery did not write
        console.err(f"watch: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    except Terminated:
        console.progress_done()
        console.err("watch: terminated (SIGTERM)")
        raise typer.Exit(SIGTERM_EXIT) from None
    except KeyboardInterrupt:  # the way a watch ends: said, and the exit of Ctrl-C
        console.progress_done()
        console.err("watch: stopped")
        raise typer.Exit(130) from None


# The engine's commands and sub-apps registered above, by name, in the help's order: built
# one at a time by EngineThenGames (Typer would build all of them for every command).
ENGINE: dict[str, CommandInfo | TyperInfo | Ref] = {
    **{
        info.name or typer.main.get_command_name(info.callback.__name__): info
        for info in app.registered_commands
        if info.callback is not None
    },
    **{info.name: info for info in app.registered_groups if info.name},
    # Sub-apps of their own modules, imported when named or listed: `ttgbuild build` loads none.
    "i18n": Ref("ttgbuild.i18n_cli:i18n_app"),
    "sheet": Ref("ttgbuild.spreadsheet.commands:sheet_app"),
    "export": Ref("ttgbuild.export.commands:export_app"),
}
app.registered_commands = [info for info in app.registered_commands if info.callback is None]
app.registered_groups = [info for info in app.registered_groups if not info.name]

# Packs whose commands could not be added, and why (`ttgbuild games` reports them).
COMMAND_PROBLEMS: dict[str, str] = {}
_ADDED: weakref.WeakSet[TyperGroup] = weakref.WeakSet()  # groups holding the games' commands


def add_pack_commands(target: TyperGroup) -> None:
    """Each installed game's own commands (Jugger's `team check` and `odds`), after the engine's.

    A pack adds its commands to a Typer app of its own first, so one that fails,
    or names a command the engine or another pack already has, changes nothing:
    it is reported by `ttgbuild games` and every other command still works.
    Done once per group: the packs are imported the first time it is asked, their
    data files not read (the help stays fast); a pack that cannot be used says so
    (JT012) when one of its commands runs, as every command does.
    """
    if target in _ADDED:
        return
    _ADDED.add(target)
    for name, pack in announced().items():  # their data files unread: not needed here
        if pack.commands is None:
            continue
        own = typer.Typer()
        try:
            pack.commands(own)
            commands = typer.main.get_group(own).commands
        except Exception as exc:  # a third party's bug must not stop every command
            COMMAND_PROBLEMS[name] = f"its commands cannot be added: {type(exc).__name__}"
            continue
        clash = sorted(commands.keys() & (target.commands.keys() | ENGINE.keys()))
        if clash:
            COMMAND_PROBLEMS[name] = (
                f"its command {clash[0]!r} is taken; none of its commands was added"
            )
            continue
        for command_name, command in commands.items():
            target.add_command(command, command_name)


def entry() -> None:
    """The `ttgbuild` command and `python -m ttgbuild`: `main()`, then leave at once."""
    try:
        main()
    except SystemExit as exc:
        _exit_now(exc)
        raise


def _exit_now(leaving: SystemExit) -> None:
    """Leave at once with `leaving`'s exit code, once the output and exit handlers are done.

    Python's own shutdown frees every module and object one by one: for a
    `validate` of 0.4 s, about 0.06 s more. Nothing needs it: files are written
    and closed (`write_atomically`), worker pools are shut, and the exit
    handlers (atexit, weakref.finalize) still run. A code that is not a number,
    output that cannot be flushed (a closed pipe) or a thread still running
    takes Python's own way out, with its usual message, status and wait.
    """
    code = leaving.code
    if code is not None and not isinstance(code, int):
        return
    threads = sys.modules.get("threading")
    if threads is not None and threads.active_count() > 1:  # Python waits for them: so do we
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # ValueError: a stream already closed
        return
    atexit._run_exitfuncs()
    os._exit(code or 0)


def main() -> None:
    """Run the app; turn any unexpected failure into one line and a log file."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        console.err("ttgbuild: interrupted")
        sys.exit(130)
    except PackError as exc:  # a game pack found broken while in use: say which, exit 2
        console.progress_done()
        console.diagnostics(exc.diagnostics, "text")
        sys.exit(EXIT_UNREADABLE)
    except LocatedError as exc:  # a pack's data file found broken while in use: say where
        console.progress_done()
        console.diagnostics([exc.diagnostic], "text")
        sys.exit(EXIT_PROBLEMS)
    except Exception as exc:
        console.progress_done()
        console.err(f"ttgbuild: internal error ({type(exc).__name__}); {_save_traceback()}")
        sys.exit(EXIT_INTERNAL)


def _save_traceback() -> str:
    """Write the current exception's traceback to a new log file; say where (or why not)."""
    import tempfile  # here: random and hashlib with it, which the help needs none of
    import traceback

    from ttgbuild.core.atomic import write_atomically

    stamp = time.strftime("%Y%m%d-%H%M%S")
    log = Path(tempfile.gettempdir()) / f"ttgbuild-error-{stamp}-{os.getpid()}.log"
    try:
        write_atomically(log, traceback.format_exc().encode("utf-8"))
    except OSError as exc:
        return f"the details could not be saved to {log}: {exc.strerror}"
    return f"the details are in {log}"
