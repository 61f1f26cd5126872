"""`ttgbuild export print-shop|tts`: a game's cards for a print shop or a virtual table.

Exit codes as the rest of the CLI (cli.md): 0 written, 1 the project has
problems (nothing written), 2 a request that cannot be served (no project,
an unknown locale or size, a size the cards' design does not fit, a folder
that cannot be written). Progress goes to stderr; the previous export in
the folder stays whole until the new one is complete.
"""

# Annotations are evaluated at import (no `from __future__ import annotations`): Typer
# would otherwise compile each option's annotation string again whenever it builds a command.

import time
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, NoReturn

import typer

from ttgbuild.core import console
from ttgbuild.core.diagnostics import Diagnostic, LocatedError
from ttgbuild.core.printing import PrintSettings
from ttgbuild.core.sourcedate import InvalidSourceDate
from ttgbuild.export.sizes import DESIGN, SIZES, Size
from ttgbuild.options import (
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Format,
    FormatOption,
    ProjectOption,
    print_settings,
    require_project,
)

if TYPE_CHECKING:  # imported when a command runs: the renderer takes a while to load
    from ttgbuild.export.faces import Document

export_app = typer.Typer(
    help="Export the game's cards: single cards for a print shop, decks for Tabletop Simulator.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

# The presets as choices Typer checks: a size it does not know is a usage error (exit 2).
SizeName = StrEnum("SizeName", {name: name for name in SIZES})
SIZE_HELP = (
    f"Card size, near the {DESIGN[0]:g} x {DESIGN[1]:g} mm the layouts are designed at "
    "(a size whose text overflows is refused): "
    + ", ".join(size.described() for size in SIZES.values())
    + ". Not given: the card-size and bleed of ttgbuild.toml's [print], else poker."
)


class Request(NamedTuple):
    """What the user asked for: which project, in which locale, into which folder."""

    project: Path
    locale: str
    out: Path  # the export folder; OUT/LOCALE is replaced
    fmt: Format  # of the diagnostics


LocaleOption = Annotated[
    str, typer.Option("--locale", help="The locale of the cards (one the project has).")
]


def _out(default: str) -> Any:  # a Typer option
    return typer.Option(
        "--out", help=f"Export folder (default: output/{default}/ in the project).", file_okay=False
    )


@export_app.command("print-shop")
def print_shop(
    size: Annotated[
        SizeName | None, typer.Option("--size", help=SIZE_HELP, show_default=False)
    ] = None,
    dpi: Annotated[
        int, typer.Option("--dpi", min=72, max=1200, help="Resolution of the pictures.")
    ] = 300,
    locale: LocaleOption = "en",
    out: Annotated[Path | None, _out("print-shop")] = None,
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Each card alone with its bleed: a PNG per face and a PDF, one card a page (TrimBox set).

    Writes OUT/LOCALE/: cards.pdf (every card, front then back), cards/DECK/*.png
    (each distinct front, and the deck's back) and cards.csv (copies to print).
    """
    from ttgbuild.export.printshop import print_shop as files_of

    chosen = SIZES[size.value] if size is not None else _project_cards(project, "export print-shop")
    _export(
        "export print-shop",
        Request(project, locale, out or project / "output" / "print-shop", fmt),
        chosen.settings(),
        lambda documents: files_of(documents, dpi, console.progress, chosen.scale),
    )


@export_app.command("tts")
def tts(
    base_url: Annotated[
        str,
        typer.Option(
            "--base-url",
            help="Where you will host the pictures, e.g. https://example.org/decks/ "
            "(default: bare file names, to replace in the JSON).",
        ),
    ] = "",
    locale: LocaleOption = "en",
    out: Annotated[Path | None, _out("tts")] = None,
    fmt: FormatOption = Format.text,
    project: ProjectOption = Path("."),
) -> None:
    """Tabletop Simulator decks: sheets of up to 10 x 7 cards, a back each, a saved object.

    Writes OUT/LOCALE/: a sheet per deck (more for big decks), its back, and
    saved-object.json for Tabletop Simulator's Saved Objects folder.
    """
    from ttgbuild.export.tts import tts as files_of

    if base_url and not base_url.endswith("/"):
        base_url += "/"
    settings = _project_cards(project, "export tts").settings()
    _export(
        "export tts",
        Request(project, locale, out or project / "output" / "tts", fmt),
        settings,
        lambda documents: files_of(documents, settings, base_url, console.progress),
    )


def _project_cards(project: Path, command: str) -> Size:
    """The cards as ttgbuild.toml's [print] sizes them (card-size and bleed; else poker).

    Only those two: paper, duplex, back offset and ink are about sheets printed
    at home, and an export's cards are single, for a shop or a screen.
    """
    settings = print_settings(project, command)
    width, height = settings.card_size_mm
    return Size("[print]", width, height, settings.bleed_mm, "the project's cards")


def _export(
    command: str,
    request: Request,
    settings: PrintSettings,
    files_of: "Callable[[list[Document]], Iterator[tuple[str, bytes]]]",
) -> None:
    """Check and draw the project's decks, turn them into files, replace OUT/LOCALE whole."""
    from ttgbuild.buildplan import UsageError
    from ttgbuild.export.faces import draw_apart
    from ttgbuild.export.output import NotOurs, replace_folder

    started = time.perf_counter()
    project, locale, out, fmt = request
    require_project(project, command)
    target = out / locale
    try:
        drawn = draw_apart(project, locale, settings, console.progress)
    except (UsageError, InvalidSourceDate) as exc:
        _stop(command, fmt, EXIT_USAGE, reason=str(exc))
    except LocatedError as exc:  # a game's data that fails on this content, located
        _stop(command, fmt, EXIT_PROBLEMS, [exc.diagnostic])
    if drawn.failed:
        _stop(command, fmt, EXIT_PROBLEMS, drawn.diagnostics)
    console.progress("writing")
    try:  # the files are made as they are written: one picture in memory at a time
        written = replace_folder(target, files_of(drawn.documents))
    except NotOurs as exc:
        _stop(command, fmt, EXIT_USAGE, reason=str(exc))
    except OSError as exc:
        reason = f"cannot write {exc.filename or target}: {exc.strerror}"
        _stop(command, fmt, EXIT_USAGE, reason=reason)
    console.progress_done()
    console.diagnostics(drawn.diagnostics, fmt.value)
    cards = sum(len(d.faces) // 2 for d in drawn.documents)
    seconds = time.perf_counter() - started
    console.err(
        f"{command}: {cards} cards, {written} files written to {target.as_posix()}/ "
        f"in {seconds:.1f} s"
    )


def _stop(
    command: str,
    fmt: Format,
    code: int,
    diagnostics: list[Diagnostic] | None = None,
    reason: str = "",
) -> NoReturn:
    """Say why nothing was written (the problems, or the reason), and exit with `code`."""
    console.progress_done()
    if diagnostics:
        console.diagnostics(diagnostics, fmt.value)
        console.summary(diagnostics, command)
    why = f"{reason}; " if reason else ""
    console.err(f"{command}: {why}nothing written (the previous export is kept)")
    raise typer.Exit(code)
