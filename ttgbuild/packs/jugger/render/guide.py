"""guide.pdf: the kit's assembly guide: a print plan, the steps, and diagrams.

Page 1 is the print plan (every file of the kit with its pages, paper,
sides and stock) and the steps; page 2 shows how to cut, fold and join the
parts, each diagram naming the pages that hold those parts. The plan is
counted, not typed: the guide is drawn after the kit's other files
(`Component.after_kit`), reads their pages (`ctx.kit_files`) and finds
the tokens' sections by their headings' words in each locale. Which side
and stock each file wants is this game's decision, `PLAN`; its words are the
guide sheet's (data/sheets/guide.sheet.yaml).

The running text is a template rather than code strings because it is
running text with a few values in it; Jinja2's i18n extension hands each
paragraph to the translator whole, so translators see complete sentences.
A paragraph with a count is a `{% trans count=... %}...{% pluralize %}` block
handed to the translator's real `ngettext`: the count picks the form, and the
number itself is printed from a variable written the locale's way.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import style, text
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import RULER, label
from ttgbuild.packapi.kit import Kit, bleed, environment, paper_name, read_kit
from ttgbuild.packs.jugger import PACK, TEMPLATES
from ttgbuild.packs.jugger.render import dicenet, icons, layouts, theme
from ttgbuild.packs.jugger.render.labels import sheet_label
from ttgbuild.packs.jugger.render.tiling import board_size, tiling

MARGIN = 15 * mm
PAGES = 2  # the plan and steps, then the diagrams
ROW = 7 * mm  # a print plan row
# File → (sides, stock): how each file of the kit is printed (the guide sheet's words).
# "duplex" is both sides, flipped on the edge the print settings say (--duplex): the
# card backs are mirrored for it. The quick reference's two pages are plain portrait
# pages, upright back to back only when flipped on the long edge, whatever --duplex says.
# tokens.pdf is one side unless it holds pages of counter backs (`token_backs`).
PLAN: dict[str, tuple[str, str]] = {
    "rules.pdf": ("either", "paper"),
    "quickref.pdf": ("long", "heavy"),
    "cards.pdf": ("duplex", "card"),
    "tokens.pdf": ("one", "card"),
    "board.pdf": ("one", "thin-card"),
    "board-print-shop.pdf": ("one", "poster"),
    "guide.pdf": ("one", "paper"),
}
COLUMNS = ("file", "holds", "pages", "paper", "sides", "stock")
WIDTHS = (0.18, 0.28, 0.06, 0.15, 0.17, 0.16)  # shares of the table's width


def guide_blocks(ctx: RenderContext, kit: Kit) -> list[tuple[bool, str]]:
    """(is_heading, text) blocks of the assembly guide in the context's locale; what it
    says of tokens.pdf's back pages follows the drawn file (`kit`)."""
    env = environment(TEMPLATES)
    tr = ctx.tr
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=tr._, ngettext=tr.ngettext, newstyle=True
    )
    first, last = token_backs(ctx, kit)
    rendered = env.get_template("assembly.j2").render(
        ruler=tr.number(round(RULER / mm)),
        tiles=tr.number(_tiles(ctx)),
        tile_count=_tiles(ctx),
        duplex=ctx.settings.duplex,
        backs_first=tr.number(first) if first else "",
        backs_last=tr.number(last),
    )
    blocks = []
    for chunk in rendered.split("\n\n"):
        chunk = text.squeeze(chunk)  # keeps no-break spaces
        if chunk:
            heading = chunk.startswith("# ")
            blocks.append((heading, chunk[2:] if heading else chunk))
    return blocks


def _tiles(ctx: RenderContext) -> int:
    board = ctx.content.board
    return tiling(board_size(board), ctx.settings.page).count if board is not None else 0


def pages_of(kit: Kit, file: str) -> int:
    """How many pages `file` has in this kit: counted from the drawn file, the guide's own."""
    return PAGES if file == "guide.pdf" else len(kit.get(file, ()))


def plan_rows(ctx: RenderContext, kit: Kit) -> list[tuple[str, ...]]:
    """The print plan: one row per file of the kit, in the order the guide reads them."""
    tr = ctx.tr
    rows = []
    files = [part.file for part in PACK.components]
    for file in sorted(files, key=lambda f: list(PLAN).index(f) if f in PLAN else len(PLAN)):
        sides, stock = PLAN.get(file, ("one", "paper"))
        if sides == "duplex":
            sides = ctx.settings.duplex.value
        said = sheet_label(tr, "guide_sides", sides)
        first, last = token_backs(ctx, kit) if file == "tokens.pdf" else (0, 0)
        if first:  # counters with their backs: those pages on both sides, flipped as cards
            values = {"first": tr.number(first), "last": tr.number(last)}
            said = tr.fill(sheet_label(tr, "guide_sides", f"some_{ctx.settings.duplex}"), values)
        count = pages_of(kit, file)
        rows.append(
            (
                file,
                sheet_label(tr, "guide_holds", file),
                tr.number(count) if count else "\u2013",  # not drawn: no count
                _paper(ctx, kit, file),
                said,
                sheet_label(tr, "guide_stock", stock),
            )
        )
    return rows


def token_backs(ctx: RenderContext, kit: Kit) -> tuple[int, int]:
    """The pages of tokens.pdf printed on both sides: the two-sided counters with more
    copies than fold over (tokens.layout.yaml, fold_over_at_most) and their back pages;
    (0, 0) when every two-sided counter folds over."""
    return section_pages(ctx, kit, "two-sided", "bases")


def _paper(ctx: RenderContext, kit: Kit, file: str) -> str:
    """The paper column: the trimmed paper's name, and its bleed when it has one (a poster)."""
    name, around = paper_name(ctx, kit, file), bleed(kit, file)
    if not around:
        return name
    values = {"paper": name, "bleed": ctx.tr.number(round(around, 1))}
    return ctx.tr.fill(sheet_label(ctx.tr, "guide_plan", "with_bleed"), values)


def render(ctx: RenderContext) -> bytes:
    tr = ctx.tr
    canvas, buffer = new_canvas(
        ctx.settings.page, sheet_label(tr, "document_title", "guide"), "guide", tr.locale
    )
    ctx.progress("guide: assembly guide")
    kit = read_kit(ctx.kit_files)
    blocks = guide_blocks(ctx, kit)
    _plan_page(ctx, canvas, blocks, kit)
    _diagram_page(ctx, canvas, kit)
    return finish(canvas, buffer)


def _folio(ctx: RenderContext, canvas: Canvas, page: int) -> None:
    page_w, page_h = ctx.settings.page
    folio = ctx.tr.fill(sheet_label(ctx.tr, "folio", "page"), {"page": page, "pages": PAGES})
    canvas.setFillColor(style.MUTED)
    canvas.setFont(text.SANS.regular, 8)
    canvas.drawRightString(page_w - MARGIN, page_h - MARGIN + 4 * mm, folio)
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()


def _heading(ctx: RenderContext, canvas: Canvas, value: str, top: float, size: float) -> float:
    """A one-line heading with its top at `top`; returns the y below it."""
    width = ctx.settings.page[0] - 2 * MARGIN
    where = ctx.kit_where("assembly guide", "heading")
    block = ctx.fit(
        [ctx.spans(value, bold=True)], width, size * 1.4, size, size * 0.6, text.SANS, where
    )
    canvas.setFillColor(style.INK)
    text.draw(canvas, block, MARGIN, top, text.SANS, icons.INLINE.draw)
    return top - block.height - 2 * mm


def _plan_page(
    ctx: RenderContext, canvas: Canvas, blocks: list[tuple[bool, str]], kit: Kit
) -> None:
    """Page 1: the title and first paragraph, the print plan table, then the steps."""
    page_w, page_h = ctx.settings.page
    width = page_w - 2 * MARGIN
    title, intro = blocks[0][1], blocks[1][1]
    top = _heading(ctx, canvas, title, page_h - MARGIN, 16)
    where = ctx.kit_where("assembly guide", "text")
    block = ctx.fit([ctx.spans(intro)], width, 14 * mm, 10, 7, text.SANS, where)
    text.draw(canvas, block, MARGIN, top, text.SANS, icons.INLINE.draw)
    top -= block.height + 4 * mm
    top = _heading(ctx, canvas, sheet_label(ctx.tr, "guide_plan", "title"), top, 12)
    top = _table(ctx, canvas, top, width, kit)
    paragraphs: list[list[text.Span]] = []
    for heading, value in blocks[2:]:
        if paragraphs:
            paragraphs.append([])
        paragraphs.append(ctx.spans(value, bold=heading))
    height = top - 4 * mm - (MARGIN + 10 * mm)
    block = ctx.fit(paragraphs, width, height, 11, 6.5, text.SANS, where)
    canvas.setFillColor(style.INK)
    text.draw(canvas, block, MARGIN, top - 4 * mm, text.SANS, icons.INLINE.draw)
    _folio(ctx, canvas, 1)


def _table(ctx: RenderContext, canvas: Canvas, top: float, width: float, kit: Kit) -> float:
    """The print plan table below `top`; returns the y below it."""
    header = tuple(sheet_label(ctx.tr, "guide_plan", column) for column in COLUMNS)
    where = ctx.kit_where("assembly guide", "print plan")
    for number, row in enumerate([header, *plan_rows(ctx, kit)]):
        fill = style.HEADER if number == 0 else (style.CARD_TINT if number % 2 else None)
        if fill is not None:
            canvas.setFillColor(fill)
            canvas.rect(MARGIN, top - ROW, width, ROW, stroke=0, fill=1)
        x = MARGIN
        for share, cell in zip(WIDTHS, row, strict=True):
            cell_w = share * width - 2 * mm
            spans = ctx.spans(cell, bold=number == 0)
            block = ctx.fit([spans], cell_w, ROW - 1.5 * mm, 8, 5, text.CONDENSED, where)
            canvas.setFillColor(style.PAPER if number == 0 else style.INK)
            middle = top - ROW / 2 + block.height / 2
            text.draw(canvas, block, x + 1 * mm, middle, text.CONDENSED, icons.INLINE.draw)
            x += share * width
        top -= ROW
    return top


# The diagrams ------------------------------------------------------------------------

Box = tuple[float, float, float, float]


def _line(
    canvas: Canvas, points: list[tuple[float, float]], colour: Color = style.INK, cut: bool = False
) -> None:
    """A fold line, dashed; a cut line (`cut`) solid: the kit's one convention (cutsheet.py)."""
    canvas.saveState()
    if not cut:
        canvas.setDash(3, 2)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.8)
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _arrow(canvas: Canvas, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A curved arrow from start to end, its head at the end."""
    (x0, y0), (x1, y1) = start, end
    canvas.setStrokeColor(theme.EYE_RED)
    canvas.setFillColor(theme.EYE_RED)
    canvas.setLineWidth(1.2)
    lift = abs(x1 - x0) * 0.35 + 4 * mm
    path = canvas.beginPath()
    path.moveTo(x0, y0)
    path.curveTo(x0, y0 + lift, x1, y1 + lift, x1, y1 + 2 * mm)
    canvas.drawPath(path, stroke=1, fill=0)
    head = canvas.beginPath()
    head.moveTo(x1, y1)
    head.lineTo(x1 - 1.6 * mm, y1 + 2.6 * mm)
    head.lineTo(x1 + 1.6 * mm, y1 + 2.6 * mm)
    head.close()
    canvas.drawPath(head, stroke=0, fill=1)


def _cutting(canvas: Canvas, box: Box) -> None:
    """A sheet of 3 by 2 cards with their bleed, crop marks and the cut lines right across."""
    x, y, w, h = box
    # Cards 16 x 22 mm, smaller where the box is lower (Letter's cells are): the marks
    # reach 6 mm past the sheet and must stay in the box, clear of heading and caption.
    card_h = min(22 * mm, (h - 12 * mm) / 2, (w - 12 * mm) / 3 * 22 / 16)
    card_w = card_h * 16 / 22
    left, bottom = x + (w - 3 * card_w) / 2, y + (h - 2 * card_h) / 2
    canvas.setFillColor(theme.DECK_COLOURS["hero"])
    canvas.rect(
        left - 2 * mm, bottom - 2 * mm, 3 * card_w + 4 * mm, 2 * card_h + 4 * mm, stroke=0, fill=1
    )
    canvas.setFillColor(style.CARD_TINT)
    for row in range(2):
        for column in range(3):
            canvas.rect(
                left + column * card_w + 1,
                bottom + row * card_h + 1,
                card_w - 2,
                card_h * 0.7,
                stroke=0,
                fill=1,
            )
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(0.6)
    for column in range(4):
        cx = left + column * card_w
        canvas.line(cx, bottom - 6 * mm, cx, bottom - 3 * mm)
        canvas.line(cx, bottom + 2 * card_h + 3 * mm, cx, bottom + 2 * card_h + 6 * mm)
        line = [(cx, bottom - 3 * mm), (cx, bottom + 2 * card_h + 3 * mm)]
        _line(canvas, line, theme.EYE_RED, cut=True)
    for row in range(3):
        cy = bottom + row * card_h
        canvas.line(left - 6 * mm, cy, left - 3 * mm, cy)
        canvas.line(left + 3 * card_w + 3 * mm, cy, left + 3 * card_w + 6 * mm, cy)
        _line(
            canvas, [(left - 3 * mm, cy), (left + 3 * card_w + 3 * mm, cy)], theme.EYE_RED, cut=True
        )


def _folding(canvas: Canvas, box: Box) -> None:
    """A two-sided counter pair, front and back side by side, folded on the dashed line."""
    x, y, w, h = box
    side = min(h * 0.6, w * 0.3)
    left, bottom = x + w / 2 - side, y + (h - side) / 2 - 3 * mm
    for i, colour in enumerate((theme.DECK_COLOURS["stone"], theme.EYE_RED)):
        canvas.setFillColor(colour)
        canvas.setStrokeColor(style.CUT)
        canvas.setLineWidth(0.6)
        canvas.rect(left + i * side, bottom, side, side, stroke=1, fill=1)
        icons.jugg(
            canvas, left + i * side + side * 0.3, bottom + side * 0.3, side * 0.4, style.PAPER
        )
    _line(canvas, [(left + side, bottom - 2 * mm), (left + side, bottom + side + 2 * mm)])
    _arrow(canvas, (left + side * 1.5, bottom + side), (left + side * 0.5, bottom + side + 1 * mm))


def _token(canvas: Canvas, box: Box) -> None:
    """A field token's strip folded in the middle, its feet through a base's slot."""
    x, y, w, _h = box
    strip_w, face_h, foot = 12 * mm, 15 * mm, 5 * mm
    left, bottom = x + w * 0.22 - strip_w / 2, y + 3 * mm
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(0.6)
    canvas.setFillColor(style.CARD_TINT)
    canvas.rect(left, bottom, strip_w, foot, stroke=1, fill=1)
    canvas.rect(left, bottom + foot + 2 * face_h, strip_w, foot, stroke=1, fill=1)
    for i, colour in enumerate((theme.TEAM_COLOURS["red"], theme.TEAM_COLOURS["red"])):
        canvas.setFillColor(colour)
        canvas.rect(left, bottom + foot + i * face_h, strip_w, face_h, stroke=1, fill=1)
    icons.front_eye(canvas, left + 3 * mm, bottom + foot + face_h + 5 * mm, 6 * mm)
    icons.rear_eye(canvas, left + 3 * mm, bottom + foot + 4 * mm, 6 * mm)
    middle = bottom + foot + face_h
    _line(canvas, [(left - 2 * mm, middle), (left + strip_w + 2 * mm, middle)])
    # the folded token standing in its base, seen from the side
    base_x, base_y = x + w * 0.68, y + 6 * mm
    canvas.setFillColor(theme.TEAM_COLOURS["red"])
    canvas.rect(base_x - 1 * mm, base_y, 2 * mm, face_h + 8 * mm, stroke=1, fill=1)
    canvas.setFillColor(style.HEADER)
    canvas.rect(base_x - 14 * mm, base_y - 3 * mm, 28 * mm, 3 * mm, stroke=0, fill=1)
    canvas.setFillColor(theme.TEAM_COLOURS["red"])
    for direction in (-1, 1):
        canvas.rect(
            base_x + (0 if direction > 0 else -8 * mm), base_y, 8 * mm, 0.8 * mm, stroke=1, fill=1
        )
    _arrow(
        canvas,
        (left + strip_w + 4 * mm, bottom + foot + face_h * 1.5),
        (base_x - 3 * mm, base_y + face_h + 10 * mm),
    )


def _overlap(canvas: Canvas, box: Box) -> None:
    """Two board tiles: one's margin cut off along its solid line, its edge laid over the
    other's margin."""
    x, y, w, h = box
    tile_w, tile_h, overlap = w * 0.38, h * 0.72, w * 0.09
    first_x, top = x + w / 2 - tile_w + overlap / 2, y + (h - tile_h) / 2
    second_x = first_x + tile_w - overlap
    for left, drop in ((first_x, 0.0), (second_x, 1.5 * mm)):
        canvas.setFillColor(theme.PITCH)
        canvas.setStrokeColor(theme.HEX_LINE)
        canvas.setLineWidth(0.8)
        canvas.rect(left, top - drop, tile_w, tile_h, stroke=1, fill=1)
    canvas.setFillColor(style.CARD_TINT)
    canvas.rect(second_x, top, overlap, tile_h, stroke=0, fill=1)  # the glue margin below
    canvas.setFillColor(theme.PITCH)
    canvas.rect(second_x - overlap * 0.02, top, overlap * 0.02, tile_h, stroke=0, fill=1)
    _line(canvas, [(second_x + overlap, top), (second_x + overlap, top + tile_h)], cut=True)
    canvas.setStrokeColor(theme.EYE_RED)
    canvas.setLineWidth(1)
    for cy in (top + tile_h * 0.3, top + tile_h * 0.7):
        cx = second_x + overlap / 2
        canvas.line(cx - 2 * mm, cy, cx + 2 * mm, cy)
        canvas.line(cx, cy - 2 * mm, cx, cy + 2 * mm)
    _arrow(
        canvas,
        (second_x + tile_w * 0.6, top + tile_h),
        (second_x + overlap * 0.6, top + tile_h + 1 * mm),
    )


def _die(canvas: Canvas, box: Box) -> None:
    """The die net tokens.pdf prints (the engine's, dicenet.py): cut solid, fold dashed, tabs."""
    x, y, w, h = box
    net_w, net_h = dicenet.size(1.0)
    face = min(w / net_w, h / net_h) * 0.95
    dicenet.draw(canvas, x + (w - net_w * face) / 2, y + (h - net_h * face) / 2, face, DIE_FACES)


DIE_FACES = (0, 0, 1, 0, 1, 2)  # a die's faces as juggs, for the picture


# Each diagram: the caption's id, its drawing, and the file (and page span) holding its parts.
DIAGRAMS: tuple[tuple[str, Callable[[Canvas, Box], None], str], ...] = (
    ("cut", _cutting, "cards.pdf"),
    ("fold", _folding, "tokens.pdf"),
    ("token", _token, "tokens.pdf"),
    ("tiles", _overlap, "board.pdf"),
    ("die", _die, "tokens.pdf"),
)


def section_pages(ctx: RenderContext, kit: Kit, start: str, end: str | None) -> tuple[int, int]:
    """The pages of tokens.pdf from the one headed by its message `start` to the page before
    the one headed `end` (or that same page; the last page without `end`); (0, 0) where the
    heading is not found.

    The headings are the tokens layout's messages in this locale: the guide finds the
    parts where the tokens' page code put them, however many pages each takes.
    """
    messages = layouts.layout("tokens").data.get("messages", {})
    pages = kit.get("tokens.pdf", ())

    def headed(name: str) -> list[int]:
        words = " ".join(label(messages, ctx.tr, name).split())
        return [number for number, page in enumerate(pages, 1) if words in page.text]

    first = headed(start)
    if not first:
        return 0, 0
    later = [number for number in headed(end) if number >= first[0]] if end else []
    if not later:
        return first[0], len(pages)
    return first[0], max(first[0], later[0] - 1)  # the next section may share its page


def where_printed(ctx: RenderContext, kit: Kit, figure: str, file: str) -> str:
    """Which pages of the kit hold a diagram's parts, or only which file if not found."""
    tr = ctx.tr
    count, tiles = pages_of(kit, file), _tiles(ctx)
    first, last = {
        "cut": (1, count - 2) if count > 2 else (0, 0),  # the alignment test is last
        "tiles": (2, 1 + tiles) if tiles and count > tiles else (0, 0),  # after the map
        "token": section_pages(ctx, kit, "field-tokens", "counters"),
        "fold": section_pages(ctx, kit, "fold-over", "bases"),
        "die": section_pages(ctx, kit, "dice", None),
    }[figure]
    values = {"file": file, "first": tr.number(first), "last": tr.number(last)}
    if not first:
        return tr.fill(sheet_label(tr, "guide_where", "file"), values)
    if first == last:
        return tr.fill(sheet_label(tr, "guide_where", "page"), values)
    return tr.fill(sheet_label(tr, "guide_where", "pages"), values)


def _diagram_page(ctx: RenderContext, canvas: Canvas, kit: Kit) -> None:
    """Page 2: the diagrams in two columns, each with its caption and its pages."""
    page_w, page_h = ctx.settings.page
    width = page_w - 2 * MARGIN
    top = _heading(ctx, canvas, sheet_label(ctx.tr, "guide_plan", "diagrams"), page_h - MARGIN, 14)
    column_w = (width - 8 * mm) / 2
    cell_h = (top - MARGIN - 12 * mm) / 3
    drawing_h = cell_h - 26 * mm
    where = ctx.kit_where("assembly guide", "diagram caption")
    for i, (figure, painter, file) in enumerate(DIAGRAMS):
        x = MARGIN + (i % 2) * (column_w + 8 * mm)
        cell_top = top - (i // 2) * cell_h
        canvas.saveState()
        painter(canvas, (x, cell_top - drawing_h, column_w, drawing_h))
        canvas.restoreState()
        caption = [
            ctx.spans(sheet_label(ctx.tr, "guide_figure", figure)),
            ctx.spans(where_printed(ctx, kit, figure, file), italic=True),
        ]
        block = ctx.fit(caption, column_w, 22 * mm, 9, 6, text.SANS, where)
        canvas.setFillColor(style.INK)
        text.draw(canvas, block, x, cell_top - drawing_h - 2 * mm, text.SANS, icons.INLINE.draw)
    _folio(ctx, canvas, 2)
