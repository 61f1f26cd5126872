"""The files of a data pack's kit: a reference sheet, or a deck of cards from a layout.

A game made of data (ttgbuild.source.datapack) has no renderers of its own:
each file of its kit names a sheet or a layout, and the build calls these
functions with the component's options. Expressions in the sheet or layout
see the content's record kinds by name (`critters`, `game`).

`check` runs before a build, like a pack's own limits: it lays every file
out in English to no file, so an expression that fails with this content
(a field a record lacks) stops the build located in the sheet or layout
file, never as an internal error while drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.origin import Origin
from ttgbuild.core.paths import display_path
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import Translator
from ttgbuild.pack import Pack
from ttgbuild.render import boardtiles, style, text
from ttgbuild.render.booksheet import render_book
from ttgbuild.render.context import RenderContext
from ttgbuild.render.flow import Section
from ttgbuild.render.layout.decks import PackParts, draw_layout
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.render.printplan import PlanRow, plan
from ttgbuild.render.prose import SheetLayout, flow_page
from ttgbuild.render.variants import printed_variants
from ttgbuild.source.datafile import shown_from
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.layoutfile import SUFFIX as LAYOUT_SUFFIX
from ttgbuild.source.layoutfile import Layout, LayoutError, pack_layouts
from ttgbuild.source.records import DataContent, kinds
from ttgbuild.source.sheetfile import SUFFIX, TYPE_SIZE, SheetError, Sheets, load_sheets

MARGIN = 12 * mm  # left, right and top
TITLE = 10 * mm  # the title band
FOOT = 14 * mm  # room for the 100 % note and the ruler
TITLE_SHARE = 0.62  # of the band's width, the sheet's own title's beside the game's name
COLUMNS = 2
PAGES = 1  # a sheet file's pages, its own row of a print plan
KIT_FILES = "kit_files"  # the label table of what each kit file holds, for the print plan


def sheet(
    ctx: RenderContext, sheet: str, title: str, theme: Mapping[str, str], file: str = ""
) -> bytes:
    """One page: the sheet's own title (the game's name beside it), its sections flowed
    into columns, the furniture; a sheet in
    book mode (`book:`) is a book of as many pages as it needs (render/booksheet.py).

    `sheet` is the sheet file's path, `title` the game's name (alone in the
    band of a sheet without a `title:` of its own), `file` the kit file it
    makes (its own row of the print plan), `theme` the pack's colours
    (`ink`, if it has one, colours the title band).
    """
    path = Path(sheet)
    tr = ctx.tr
    root = _project(ctx)
    pack = pack_of(root)
    found = load_sheets(path.parent.resolve(), shown_from(pack, path.parent, root))
    if _name(path) in found.by_name and found.by_name[_name(path)].book is not None:
        # A book takes as many pages as it needs: its own row of the plan is not known yet.
        names = {**_names(pack, ctx.content), "print_plan": plan(ctx, pack.components, file, 0)}
        return render_book(ctx, pack, _name(path), names=names)
    rows = plan(ctx, pack.components, file, PAGES)
    layout = _sheet_layout(path, pack, root, tr, ctx.content, ctx.icons.names, rows)
    pdf_title = layout.title(_name(path)) or title
    canvas, buffer = new_canvas(ctx.settings.page, pdf_title, _name(path), tr.locale)
    origin = Origin(display_path(path.resolve(), shown_from(pack, path.parent, root)))
    ink = HexColor(theme["ink"]) if "ink" in theme else style.HEADER
    sheet_page(ctx, canvas, layout, _name(path), title, origin, ink)
    return finish(canvas, buffer)


def sheet_page(
    ctx: RenderContext,
    canvas: Canvas,
    layout: SheetLayout,
    name: str,
    game: str,
    origin: Origin,
    ink: Color,
) -> None:
    """One page of the sheet file `name` as every game's sheet prints (`titled_page`): its
    own `title:` in the band with `game` (the game's name) beside it, or the game's name
    alone; its sections at its `type_size`. A pack drawing its sheets itself (for their
    figures) calls this with its layout, so what the sheet file says of its page is
    decided here only."""
    sheet = layout.sheets.by_name[name]
    own = layout.title(name)
    sections = layout.sections(name)
    beside = game if own else ""
    titled_page(ctx, canvas, own or game, sections, origin, ink, sheet.type_size, beside)


def titled_page(
    ctx: RenderContext,
    canvas: Canvas,
    title: str,
    sections: list[Section],
    origin: Origin,
    ink: Color,
    sizes: tuple[float, float] = TYPE_SIZE,
    game: str = "",
) -> None:
    """One reference page: `title` in a band ruled in `ink`, `game` (the game's name,
    when `title` is the sheet's own) smaller at its right, the sections flowed into two
    columns at the largest type size of `sizes` that fits, the furniture; problems at
    `origin`.

    A pack whose sheets need figures lays its sections out itself and draws each
    page with this, so every game's reference page looks alike; one whose pages
    would leave a column half empty at the usual largest size allows a larger one.
    """
    page_w, page_h = ctx.settings.page
    top = page_h - MARGIN
    width = page_w - 2 * MARGIN
    where = (origin, "reference sheet", "title")
    room = width * TITLE_SHARE if game else width
    heading = ctx.fit([[text.Span(title, bold=True)]], room, TITLE, 16, 9, text.SANS, where)
    canvas.setFillColor(ink)
    text.draw(canvas, heading, MARGIN, top - 1 * mm, text.SANS, ctx.icons.draw)
    if game:
        _game_name(ctx, canvas, game, heading, (page_w - MARGIN, top - 1 * mm), where)
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(1.2)
    canvas.line(MARGIN, top - TITLE + 1 * mm, page_w - MARGIN, top - TITLE + 1 * mm)
    area = (MARGIN, FOOT, width, top - TITLE - 1 * mm - FOOT)
    canvas.setFillColor(style.INK)
    columns = (origin, "reference sheet", "columns")
    flow_page(ctx, canvas, sections, area, COLUMNS, sizes, columns, FOOT)


def _game_name(
    ctx: RenderContext,
    canvas: Canvas,
    game: str,
    heading: text.Fitted,
    corner: tuple[float, float],
    where: tuple[Origin, str, str],
) -> None:
    """The game's name, smaller than the sheet's title, right-aligned at `corner` (the
    band's top right) on the title's first baseline, so a sheet torn from its kit still
    says which game it is for."""
    right, top = corner
    room = (right - MARGIN) * (1 - TITLE_SHARE) - 2 * mm
    name = ctx.fit([[text.Span(game)]], room, TITLE, 10, 6, text.CONDENSED, where)
    used = max((line[-1].x + line[-1].width for line in name.lines if line), default=0.0)
    shift = (heading.size - name.size) * text.ASCENT  # the two first baselines level
    canvas.setFillColor(style.MUTED)
    text.draw(canvas, name, right - used, top - shift, text.CONDENSED, ctx.icons.draw)


def deck(ctx: RenderContext, layout: str, title: str, theme: Mapping[str, str]) -> bytes:
    """Every deck of a layout file, each page followed by its backs, and its alignment test.

    `layout` is the layout file's path; the file declares its own colours, so
    the pack's `theme` is not needed here (it colours the sheets).
    """
    del theme
    pack = pack_of(_project(ctx))
    found = _layout_file(Path(layout), pack, _project(ctx))
    if found is None:  # the build validates first: a broken layout file never gets here
        raise ValueError(f"{layout} is not a valid layout file")
    drawings = pack.drawings.load() if pack.drawings else {}
    return draw_layout(
        ctx, found, title, PackParts(drawings=drawings, functions=_names(pack, ctx.content))
    )


def check(project: Path, content: DataContent) -> list[Diagnostic]:
    """Every kit file laid out in English to no file: what fails with this content, located.

    A sheet is laid out without drawing; a deck is drawn in memory, as a
    layout's boxes are evaluated while drawing. Files with problems of their
    own are left to `validate`, which reports them.
    """
    problems: list[Diagnostic] = []
    tr = Translator("en")
    ctx = RenderContext(content, tr, PrintSettings(), content_dir=project / "content")
    pack = pack_of(project)
    for part in pack.components:
        try:
            if "board" in part.options:  # its sizes and colours evaluated with the content
                problems += boardtiles.check(ctx, pack, project, Path(part.options["board"]))
                continue
            if "layout" in part.options:
                if _layout_file(Path(part.options["layout"]), pack, project) is not None:
                    deck(ctx, **part.options)
                continue
            if "sheet" not in part.options:  # a kit file the pack's own Python draws
                continue
            path = Path(part.options["sheet"])
            rows = plan(ctx, pack.components, part.file, PAGES)
            layout = _sheet_layout(path, pack, project, tr, content, frozenset(), rows)
            found = layout.sheets.by_name.get(_name(path))
            if found is not None:
                layout.sections(_name(path))
                layout.title(_name(path))
            if found is not None and found.book is not None:
                for key in ("title", "folio", "variants"):
                    layout.book_message(_name(path), key)
            problems += _kit_file_labels(layout.sheets, pack)
        except (LayoutError, SheetError) as exc:
            problems.append(exc.diagnostic)
    return list(dict.fromkeys(problems))  # a label table is checked once per sheet file


def _kit_file_labels(sheets: Sheets, pack: Pack) -> list[Diagnostic]:
    """The label table `kit_files` (what each file holds, in the print plan) names exactly
    the kit's files: an unknown file at its key, a missing one at the table (JT081)."""
    if KIT_FILES not in sheets.labels:
        return []
    sheet, entries = sheets.labels[KIT_FILES]
    files = [part.file for part in pack.components]
    problems = [
        sheet.problem("JT081", entries, f"{name} is no file of the kit ({', '.join(files)})", name)
        for name in entries
        if name not in files
    ]
    missing = [name for name in files if name not in entries]
    if missing:
        message = f"label table {KIT_FILES} lacks the kit's {', '.join(missing)}"
        problems.append(sheet.problem("JT081", sheet.labels, message, KIT_FILES))
    return problems


def _layout_file(path: Path, pack: Pack, root: Path) -> Layout | None:
    """A checked layout file (read once per process), or None if it has problems.

    Checked with the pack's drawings and label boxes, as `validate` checks it.
    """
    layouts, _problems = pack_layouts(pack, root)
    return layouts.get(path.name.removesuffix(LAYOUT_SUFFIX))


def _names(pack: Pack, content: Any) -> dict[str, Any]:
    """What expressions see: the pack's functions (an installed data pack's logic), the kinds."""
    functions = pack.functions.load() if pack.functions else {}
    return {**functions, **kinds(content)}


def _sheet_layout(
    path: Path,
    pack: Pack,
    root: Path,
    tr: Translator,
    content: Any,
    icons: frozenset[str],
    rows: list[PlanRow],
) -> SheetLayout:
    """A sheet's layout; its expressions also see `print_plan`, the kit's rows (PlanRow),
    and `variants`, the kit's declared changes to its game's book as printed (a list of
    mappings: id, summary, book_title; empty when the kit plays the book), and `game_title`,
    the pack's title."""
    sheets: Sheets = load_sheets(path.parent.resolve(), shown_from(pack, path.parent, root))
    variants = printed_variants(root, pack, tr)
    names = {
        **_names(pack, content),
        "print_plan": rows,
        "variants": variants,
        "game_title": pack.title,
    }
    return SheetLayout(sheets, tr, icons, names, {}, {})


def _project(ctx: RenderContext) -> Path:
    """The project's folder, which names the sheet files in diagnostics."""
    if ctx.content_dir is None:
        raise ValueError("a data pack's files are drawn for a project (ctx.content_dir)")
    return ctx.content_dir.parent


def _name(path: Path) -> str:
    return path.name.removesuffix(SUFFIX)
