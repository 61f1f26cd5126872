"""Books: rules text flowed into columns page after page at one fixed, readable size.

A reference sheet (render/prose.py, flow.py) squeezes its sections onto one
page; a rulebook is read at the table, so its type size is fixed and it takes
as many pages as it needs (render/paginate.py breaks paragraphs between lines).
This module holds what every book shares: the page geometry, the headings and
paragraphs as paginate items, the furniture (title band on page 1, running
head with the page number, the 100 % ruler), and the printing of laid-out
pages. Jugger's rules.pdf (its template) and a sheet file in book mode (`book:`
at its top, docs/formats/sheets.md) both print through it, so every game's
rulebook looks alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.pack import Pack
from ttgbuild.render import fonts, style, text
from ttgbuild.render.context import PrintProblem, RenderContext
from ttgbuild.render.flow import Box, Figure, Laid, Prose, Section, Table, columns
from ttgbuild.render.paginate import Item, Lines, Solid, paginate
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.render.prose import BULLET, FigureMaker, PictureDrawer, SheetLayout
from ttgbuild.render.variants import printed_variants
from ttgbuild.source.sheetfile import (
    BOOK_BODY,
    BOOK_COLUMNS,
    SHEET_CODES,
    SUFFIX,
    Sheet,
    SheetError,
    pack_sheets,
)

SIDE = 15 * mm  # left and right margins
TOP = 12 * mm
HEAD = 8 * mm  # running head on every page
TITLE = 14 * mm  # the book's title band, first page only
FOOT = 16 * mm  # the 100 % note and ruler
GUTTER = 7 * mm
BODY = BOOK_BODY  # body type size, points: fixed, the book grows pages instead
TABLE_RATIO = 8.5 / 9.0  # tables are set a little smaller than the body
LEADING = 1.24
HEAD_SIZE = 7.5  # the running head's type
BAND_SMALLEST = 10.0  # a title band shrinks to this size, then wraps
BAND_LINES = 3  # the lines of 10 pt the band holds (TITLE high)
BAND_LEADING = 1.15
ELLIPSIS = "\u2026"
COLUMNS = BOOK_COLUMNS


@dataclass(frozen=True)
class Setting:
    """How a book is set: the icons its text draws, body size, columns, the text's family."""

    icon: text.IconDrawer
    body: float = BODY
    count: int = COLUMNS
    family: text.Family = text.SANS

    @property
    def table(self) -> float:
        return self.body * TABLE_RATIO


def page_columns(page: tuple[float, float], count: int) -> Callable[[int], Sequence[Box]]:
    """The columns of page 0, 1, 2 ...: page 1 leaves room for the title band."""
    page_w, page_h = page
    area: Box = (SIDE, FOOT, page_w - 2 * SIDE, page_h - TOP - HEAD - FOOT)
    first: Box = (area[0], area[1], area[2], area[3] - TITLE)
    return lambda number: columns(first if number == 0 else area, count, GUTTER)


def column_width(page: tuple[float, float], count: int) -> float:
    return page_columns(page, count)(0)[0][2]


def lines(
    paragraph: Sequence[text.Span],
    width: float,
    setting: Setting,
    marker: str = "",
    indent: float = 0.0,
) -> Lines:
    """A paragraph of running text, which may break between its lines."""
    block = text.layout([paragraph], width - indent, setting.body, setting.family, LEADING)
    return Lines(block, setting.family, indent, marker, setting.body * 0.45)


def marker_indent(markers: Sequence[str], setting: Setting) -> float:
    """The hanging indent of bullets or step numbers: the widest marker and a half em."""
    widest = max(fonts.width(m, setting.family.bold, setting.body) for m in markers)
    return widest + 0.5 * setting.body


def heading(value: str, level: int, width: float, setting: Setting) -> Solid:
    """A chapter (level 1: a band) or a subheading (level 2: coloured text); it always
    keeps with the start of what follows it."""
    body = setting.body
    size = body * (1.3 if level == 1 else 1.08)
    paragraph = [text.Span(value, bold=True)]
    pad = size * 0.35 if level == 1 else 0.0
    block = text.layout([paragraph], width - 2 * pad, size, setting.family, 1.15)
    band = block.height + 2 * pad
    icon = setting.icon

    def paint(canvas: Canvas, x: float, top: float) -> None:
        if level == 1:
            canvas.setFillColor(style.HEADER)
            canvas.rect(x, top - band, width, band, stroke=0, fill=1)
        colour = style.PAPER if level == 1 else style.HEADER
        canvas.setFillColor(colour)
        text.draw(canvas, block, x + pad, top - pad, setting.family, icon)

    space = body * (1.4 if level == 1 else 0.9)
    return Solid(Laid(band, block.overflow_width, paint), space, keep_with_next=True)


def solid(laid: Laid, setting: Setting) -> Solid:
    """A table or figure: never split, a little space above it."""
    return Solid(laid, setting.body * 0.6)


def furniture(
    ctx: RenderContext,
    canvas: Canvas,
    title: str,
    folio: str,
    number: int,
    ink: Color = style.HEADER,
) -> None:
    """Running head with the page number (`folio`, already translated and filled), the
    title on later pages; the title band in `ink` on the first page; the print notes."""
    page_w, page_h = ctx.settings.page
    top = page_h - TOP
    canvas.setFillColor(style.MUTED)
    canvas.setFont(text.SANS.regular, HEAD_SIZE)
    canvas.drawRightString(page_w - SIDE, top - 3 * mm, folio)
    if number > 1:
        canvas.drawString(SIDE, top - 3 * mm, running_head(title, folio, page_w)[0])
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(0.5)
    canvas.line(SIDE, top - 4.5 * mm, page_w - SIDE, top - 4.5 * mm)
    if number == 1:
        canvas.setFillColor(ink)
        size, band, _cut = band_lines(title, page_w - 2 * SIDE)
        canvas.setFont(text.SANS.bold, size)
        for index, line in enumerate(band):
            canvas.drawString(SIDE, top - HEAD - size * 0.9 - index * size * BAND_LEADING, line)
    ctx.furniture.on_margin_sheet(canvas, FOOT - 4 * mm)


def band_lines(title: str, width: float) -> tuple[float, list[str], bool]:
    """The title band's size and lines, and whether the title was cut: one line from 20 pt
    down to 10 pt; a longer title wraps at 10 pt onto the lines the band holds, the last
    ending with an ellipsis when the rest does not fit."""
    bold = text.SANS.bold
    size = 20.0
    while fonts.width(title, bold, size) > width and size > BAND_SMALLEST:
        size -= 0.5
    if fonts.width(title, bold, size) <= width:
        return size, [title], False
    band: list[str] = []
    for word in title.split():
        joined = f"{band[-1]} {word}" if band else word
        if band and fonts.width(joined, bold, size) <= width:
            band[-1] = joined
        else:
            band.append(word)
    more = len(band) > BAND_LINES
    kept = band[:BAND_LINES]
    cut = more or any(fonts.width(line, bold, size) > width for line in kept)
    kept[-1] = ellipsised(kept[-1], bold, size, width, force=more)
    return size, [ellipsised(line, bold, size, width) for line in kept], cut


def running_head(title: str, folio: str, page_w: float) -> tuple[str, bool]:
    """The title as the running head prints it left of the page number, and whether it
    had to be cut (with an ellipsis) to leave the number clear."""
    regular = text.SANS.regular
    room = page_w - 2 * SIDE - fonts.width(folio, regular, HEAD_SIZE) - 3 * mm
    if fonts.width(title, regular, HEAD_SIZE) <= room:
        return title, False
    return ellipsised(title, regular, HEAD_SIZE, room), True


def ellipsised(value: str, font: str, size: float, width: float, force: bool = False) -> str:
    """`value` as it fits in `width` (and ends with an ellipsis when cut or `force`d)."""
    if not force and fonts.width(value, font, size) <= width:
        return value
    while value and fonts.width(value.rstrip() + ELLIPSIS, font, size) > width:
        value = value[:-1]
    return value.rstrip() + ELLIPSIS


@dataclass(frozen=True)
class Pages:
    """What prints a book's laid-out items: its title, its folio, where problems go."""

    title: str
    folio: Callable[[int, int], str]  # (page, pages) → the running head's page number
    where: tuple[Origin, str, str]
    setting: Setting
    ink: Color = style.HEADER
    declared: str = ""  # the sheet file's file:line of the book (JT901 points there)
    title_at: str = ""  # ... and of its title


def print_pages(
    ctx: RenderContext,
    canvas: Canvas,
    items: Sequence[Item],
    texts: Sequence[Sequence[text.Span]],
    pages: Pages,
) -> int:
    """The items flowed into the columns page after page, each page with its furniture;
    an item taller or wider than a column and a title cut short are reported (JT901), and
    every text's glyphs (JT902), at `pages.where`. Returns the number of pages."""
    setting = pages.setting
    paged = paginate(items, page_columns(ctx.settings.page, setting.count), setting.icon)
    origin, component, box = pages.where
    if paged.overflow_height > 0.01 or paged.overflow_width > 0.01:
        over = {"taller": paged.overflow_height, "wider": paged.overflow_width}
        parts = [f"{v / mm:.1f} mm {k} than a column" for k, v in over.items() if v > 0.01]
        detail = f"a table or figure is {' and '.join(parts)} of the book"
        problem = PrintProblem("JT901", origin, component, box, detail, declared=pages.declared)
        ctx.problems.append(problem)
    inf = float("inf")
    body = setting.body
    ctx.fit(texts, inf, inf, body, body, setting.family, pages.where)  # glyph check (JT902)
    total = len(paged.pages)
    page_w = ctx.settings.page[0]
    folios = (pages.folio(n, total) for n in range(2, total + 1))
    heads = (running_head(pages.title, folio, page_w)[1] for folio in folios)
    if band_lines(pages.title, page_w - 2 * SIDE)[2] or any(heads):
        detail = "the book's title is too long for its band or running head: cut with an ellipsis"
        at = origin.at("title")
        problem = PrintProblem("JT901", at, component, "title", detail, declared=pages.title_at)
        ctx.problems.append(problem)
    for number, paints in enumerate(paged.pages, start=1):
        ctx.progress(f"{pages.where[1]}: page {number}")
        furniture(ctx, canvas, pages.title, pages.folio(number, total), number, pages.ink)
        for paint in paints:
            paint(canvas)
        canvas.showPage()
    return total


# --- a sheet file in book mode ---------------------------------------------------------------


def table_items(
    table: Table, width: float, setting: Setting, room: float, above: float = 0.0
) -> list[Item]:
    """A table whole when it fits a column under the `above` points of headings it keeps
    with; a longer one row by row, so it breaks between rows (its header keeps with the
    first row and is drawn again atop each column the table continues in; a row is never
    split). Measured whole against a column with its headings, a table never leaves them
    alone at a column's foot."""
    laid = table.layout(width, setting.table, text.CONDENSED, setting.icon)
    if laid.height + (above + setting.body * 0.6 if above else 0.0) <= room:
        return [solid(laid, setting)]
    rows = table.row_layouts(width, setting.table, text.CONDENSED, setting.icon)
    first = Solid(rows[0], setting.body * 0.6, keep_with_next=bool(table.header))
    header = rows[0] if table.header else None
    return [first, *(Solid(row, header=header) for row in rows[1:])]


def section_items(
    sections: Sequence[Section], width: float, setting: Setting, room: float = math.inf
) -> tuple[list[Item], list[list[text.Span]], list[str]]:
    """Sections as paginate items (headings, paragraphs by line, tables whole or by row
    when taller than a column's `room`, figures whole), every text they print for the
    glyph check, and where (file:line) each section holding a block too big for a column
    is declared, for JT901."""
    items: list[Item] = []
    texts: list[list[text.Span]] = []
    too_big: list[str] = []
    icon = setting.icon
    for section, prints in zip(sections, printing(sections), strict=True):
        if not prints:
            continue
        items.append(heading(section.title, section.level, width, setting))
        texts.append([text.Span(section.title, bold=True)])
        for block in section.blocks:
            if isinstance(block, Prose):
                markers = list(block.markers) or [""] * len(block.paragraphs)
                indent = marker_indent(markers, setting) if block.markers else 0.0
                for paragraph, marker in zip(block.paragraphs, markers, strict=True):
                    items.append(lines(paragraph, width, setting, marker, indent))
                    texts.append(list(paragraph))
            elif isinstance(block, Table):
                made = table_items(block, width, setting, room, _chain_height(items))
                items += made
                for row in [block.header, *block.rows]:
                    texts += [list(cell) for cell in row if isinstance(cell, Sequence)]
                if any(_too_big(item, room) for item in made):
                    too_big.append(section.where)
            elif isinstance(block, Figure):
                figure = solid(block.layout(width, setting.body, setting.family, icon), setting)
                items.append(figure)
                if _too_big(figure, room):
                    too_big.append(section.where)
    return items, texts, too_big


def _too_big(item: Item, room: float) -> bool:
    """Whether a table's row or a figure is wider or taller than a column (JT901)."""
    return isinstance(item, Solid) and (item.laid.overflow_width > 0.01 or item.height > room)


def printing(sections: Sequence[Section]) -> list[bool]:
    """Which sections print their heading: those printing a block, and those heading
    deeper sections that do (a chapter over its subsections). A section whose blocks were all
    left out (`when:`) prints nothing, not a heading alone taking a column."""
    prints = []
    for index, section in enumerate(sections):
        found = _has_print(section)
        for deeper in sections[index + 1 :]:
            if found or deeper.level <= section.level:
                break
            found = _has_print(deeper)
        prints.append(found)
    return prints


def _has_print(section: Section) -> bool:
    """Whether a section prints a block: prose whose paragraphs were not all left out,
    a table or a figure."""
    return any(b.paragraphs if isinstance(b, Prose) else True for b in section.blocks)


def _chain_height(items: Sequence[Item]) -> float:
    """The height of the headings ending `items` (with the space between them): what a
    block after them must fit under in a column."""
    start = len(items)
    while start and isinstance(items[start - 1], Solid) and items[start - 1].keep_with_next:
        start -= 1
    chain = items[start:]
    return sum(item.height for item in chain) + sum(item.space_before for item in chain[1:])


def variant_section(
    layout: SheetLayout, name: str, variants: Sequence[Mapping[str, str]]
) -> list[Section]:
    """The kit's declared changes to the published rules, a subheading (the book's
    `variants` message, `{title}` the published game's title) and a bullet each; none
    when the kit plays the book as published."""
    if not variants:
        return []
    title = layout.book_message(name, "variants", {"title": variants[0]["book_title"]})
    bullets = [text.spans(v["summary"], icons=layout.icons) for v in variants]
    return [Section(title, [Prose(bullets, [BULLET] * len(bullets))], level=2)]


def render_book(
    ctx: RenderContext,
    pack: Pack,
    name: str,
    figures: Mapping[str, FigureMaker] | None = None,
    names: Mapping[str, Any] | None = None,
    pictures: Mapping[str, PictureDrawer] | None = None,
) -> bytes:
    """The PDF of the pack's sheet file `name` in book mode: its title band, the kit's
    declared variants, then its sections flowed over as many pages as they need.

    A pack with diagrams calls this from its own kit file's renderer with its
    `figures` (and the `names` its expressions read); a data pack's `sheet:`
    kit file in book mode comes here through render/datakit.py. Expressions
    also see `variants` (as on every sheet) and `game_title` (the pack's
    title). A figure taller than a column (JT085), a figure the pack does not
    draw or an expression that fails is a SheetError located in the sheet file.
    """
    if ctx.content_dir is None:
        raise ValueError("a book is drawn for a project (ctx.content_dir)")
    project = ctx.content_dir.parent
    sheets = pack_sheets(pack, project)
    sheet = sheets.by_name.get(name)
    if sheet is None or sheet.book is None:
        books = ", ".join(sorted(n for n, s in sheets.by_name.items() if s.book)) or "none"
        message = f"no sheet file {name}{SUFFIX} in book mode to print (books: {books})"
        raise SheetError(SHEET_CODES["JT081"].at(f"{name}{SUFFIX}", 0, 0, message))
    tr = ctx.tr
    setting = Setting(ctx.icons.draw, sheet.body_size, sheet.columns)
    page = ctx.settings.page
    room = min(box[3] for n in (0, 1) for box in page_columns(page, setting.count)(n))
    variants = printed_variants(project, pack, tr)
    scope = {**(names or {}), "variants": variants, "game_title": pack.title}
    layout = SheetLayout(
        sheets, tr, ctx.icons.names, scope, figures or {}, pictures or {}, figure_room=room
    )
    sections = variant_section(layout, name, variants) + layout.sections(name)
    title = layout.book_message(name, "title")
    width = column_width(page, setting.count)
    items, texts, too_big = section_items(sections, width, setting, room)
    texts.append([text.Span(title, bold=True)])
    canvas, buffer = new_canvas(page, title, name, tr.locale)
    ink = HexColor(pack_ink(pack)) if pack_ink(pack) else style.HEADER

    def folio(number: int, total: int) -> str:
        return layout.book_message(name, "folio", {"page": number, "pages": total})

    where = (Origin(sheet.doc.display, "/book"), f"book {name}", "columns")
    book = sheet.data["book"]
    declared = next(iter(too_big), sheet.line_of(book))  # the first section too big
    at = Pages(title, folio, where, setting, ink, declared, _title_at(sheet, book))
    print_pages(ctx, canvas, items, texts, at)
    return finish(canvas, buffer)


def _title_at(sheet: Sheet, book: Mapping[str, Any]) -> str:
    """`file:line` of the book's title message (its mapping's, or the book's)."""
    title = book.get("title")
    return sheet.line_of(title) if isinstance(title, Mapping) else sheet.line_of(book)


def pack_ink(pack: Pack) -> str:
    """The pack's theme ink (a data pack's `theme: {ink: ...}` its kit files carry), else ""."""
    for part in pack.components:
        theme = part.options.get("theme")
        if isinstance(theme, Mapping) and "ink" in theme:
            return str(theme["ink"])
    return ""
