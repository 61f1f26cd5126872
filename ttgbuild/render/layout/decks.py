"""A layout file's decks printed: card sheets with crop marks, mirrored backs, an alignment test.

Every game's cards are printed the same way: faces in a grid on the page,
each front page followed by its back page (columns mirrored for long-edge
duplex, rows for short-edge) shifted by the user's measured printer
offset, and at the end a front and back page of crosses to measure that
offset. Which faces, for which records, and how many copies, is the layout
file's `decks` (docs/formats/layouts.md). A deck without a back is one-sided:
its fronts print with no back pages. A deck's cards are the print settings'
card size (or the file's `card_size` when the user chose none), unless its
faces give their own `width` and `height` (tokens): then the grid is theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import PrintSettings, chosen_card_size
from ttgbuild.render import ink
from ttgbuild.render.boxes import ALIGNMENT_HOW, TextBox
from ttgbuild.render.context import Piece, RenderContext
from ttgbuild.render.layout.faces import (
    BAND_RANGE,
    FACE_RANGE,
    FAMILIES,
    Drawing,
    Kit,
    bind,
    engine_names,
    items,
    paint,
)
from ttgbuild.render.layout.sheetparts import SHARE
from ttgbuild.render.pdf import finish, new_canvas, page_boxes
from ttgbuild.render.sheet import EDGE_CLEAR, Grid, card_grid, crop_marks, pages
from ttgbuild.source.layoutfile import MAX_CARDS, MAX_COPIES, Layout, LayoutError

BACK_BLEED_EXTRA = 2 * mm  # backs get more bleed: duplex printers drift
SEAM = 0.3 * mm
CROSS, TICK, SCALE = 4 * mm, 0.8 * mm, 3  # alignment crosses, their scale's ticks (± mm)


@dataclass(frozen=True)
class Card:
    """One printed face: the face, the names its expressions read, where its problems go."""

    face: dict[str, Any]
    scope: dict[str, Any]
    where: tuple[Origin, str, str]
    form: str | None
    piece: Piece | None
    given: Mapping[str, Any] = field(default_factory=dict)  # its entry's own names (`Plans`)


@dataclass(frozen=True)
class Deck:
    """A deck's cards in print order, its back (None: one-sided), and the grid it prints on
    (its cards' size)."""

    name: str
    cards: list[Card]
    back: Card | None
    grid: Grid


@dataclass(frozen=True)
class PackParts:
    """What a pack lends its layout files: label boxes and pictures by name, game logic.

    `boxes` are the pack's label boxes, `drawings` the pictures it draws and
    `functions` the game logic its expressions may call; a data pack has none
    but its record kinds.
    """

    boxes: Mapping[str, TextBox] = field(default_factory=dict)
    drawings: Mapping[str, Drawing] = field(default_factory=dict)
    functions: Mapping[str, Any] = field(default_factory=dict)

    def kit(self, ctx: RenderContext, canvas: Canvas, layout: Layout) -> tuple[Kit, dict[str, Any]]:
        """What a layout file is drawn with on `canvas`, and the names its expressions see."""
        kit = Kit(layout, ctx, canvas, {**self.boxes, **file_boxes(layout)}, self.drawings)
        return kit, {"theme": layout.colours, **self.functions, **engine_names(ctx)}


@dataclass
class Plans:
    """Set by `watch`: each layout file's decks as a drawing in this process laid them out.

    Laying out a thousand heroes' cards (their order, copies and faces bound
    to their records) costs more than drawing the one card an edit changed.
    `watch` draws such a card with the others only placed (`RenderContext.skips`)
    and knows when an edit changes what laying out read (it draws the file
    whole then, and forgets its decks). Meanwhile the decks are reused, and a
    card that is drawn is bound again to the content drawn now: its entry's
    names (`Card.given`) carried over by `renew`, the file's names made anew.
    """

    kept: dict[str, list[Deck]] = field(default_factory=dict)  # by layout name
    renew: Callable[[Any], Any] = lambda value: value


PLANS: ContextVar[Plans | None] = ContextVar("deck_plans", default=None)

# Set by an export (ttgbuild.export): a layout file's decks are handed to it, with the
# painter of one card in a grid cell, to draw each card apart instead of on sheets.
Apart = Callable[[Kit, list[Deck], Callable[..., None]], None]
DECKS_APART: ContextVar[Apart | None] = ContextVar("decks_apart", default=None)


def draw_layout(ctx: RenderContext, layout: Layout, title: str, parts: PackParts) -> bytes:
    """The whole PDF of a layout file: every deck, then the alignment test if it has one
    and a deck prints backs."""
    canvas, buffer = new_canvas(ctx.settings.page, title, layout.name, ctx.tr.locale)
    kit, names = parts.kit(ctx, canvas, layout)
    settings = _file_settings(ctx.settings, layout)
    apart = DECKS_APART.get()
    if apart is not None:  # the same faces, drawn by the same painter, one card a page
        apart(kit, list(_decks(kit, names, settings)), _card)
        return finish(canvas, buffer)
    forms: set[str] = set()
    share = SHARE.get()  # a large file is drawn in parts, each its own run of sheets
    plans = PLANS.get()
    decks: Iterable[Deck] = _decks(kit, names, settings)
    if plans is not None:
        decks = plans.kept.get(layout.name) or plans.kept.setdefault(layout.name, list(decks))
        decks = [_bound_again(kit, deck, names, plans.renew) for deck in decks]
    if share is not None:
        decks = list(decks)
        share.plan([_work(d, page) for d in decks for page in pages(len(d.cards), d.grid.capacity)])
        if share.counting:
            return b""
    number = -1
    for deck in decks:
        ctx.progress(f"{layout.name}: {deck.name}")
        grid = deck.grid
        for page in pages(len(deck.cards), grid.capacity):
            number += 1
            if share is not None and not share.holds(number):
                continue
            cells = [grid.cell(i - page.start) for i in page]
            sheet = grid.holding(cells)
            for (row, column), index in zip(cells, page, strict=True):
                _card(kit, sheet, row, column, deck.cards[index], 0, forms)
            crop_marks(canvas, sheet)
            _grid_boxes(canvas, sheet)
            ctx.furniture.on_grid_sheet(canvas, grid)
            canvas.showPage()
            if deck.back is not None:
                _back_page(kit, grid, cells, deck.back, forms)
    # Duplex alignment only matters when a deck prints backs: one-sided decks need no test.
    two_sided = any("back" in spec for spec in layout.data.get("decks", []))
    if "alignment" in layout.data and two_sided and (share is None or share.last):
        _alignment_test(kit, card_grid(settings), layout.data["alignment"])
    return finish(canvas, buffer)


def _bound_again(kit: Kit, deck: Deck, names: dict[str, Any], renew: Callable[[Any], Any]) -> Deck:
    """A kept deck whose cards to be drawn (not skipped) are bound to the content drawn now;
    the others, only placed, stay as they were."""

    def again(card: Card) -> Card:
        if card.piece is not None and kit.ctx.skips(card.piece):
            return card
        given = {name: renew(value) for name, value in card.given.items()}
        return prepared(kit, card.face, {**names, **given}, given)

    renewed: dict[int, Card] = {}  # copies of a card are one Card: bound once
    for card in deck.cards:
        if id(card) not in renewed:
            renewed[id(card)] = again(card)
    cards = [renewed[id(card)] for card in deck.cards]
    back = again(deck.back) if deck.back is not None else None
    return replace(deck, cards=cards, back=back)


def _file_settings(settings: PrintSettings, layout: Layout) -> PrintSettings:
    """The print settings with the file's `card_size` when the user chose no card size."""
    if "card_size" not in layout.data or chosen_card_size(settings):
        return settings
    width, height = layout.data["card_size"]
    return replace(settings, card_size_mm=(float(width), float(height)))


def _work(deck: Deck, page: range) -> int:
    """What a sheet costs to draw, roughly: one for each card drawn in full (not a copy of a
    drawn form: a weapon's copies, every back), one for the rest of its two pages."""
    return 1 + sum(deck.cards[i].form is None for i in page)


def file_boxes(layout: Layout) -> dict[str, TextBox]:
    """The label boxes the layout file declares, as the engine's TextBox (lengths in mm)."""
    out = {}
    for name, spec in layout.data.get("textboxes", {}).items():
        out[name] = TextBox(
            name,
            "",
            "",
            height=spec["height"] * mm,
            largest=spec["largest"],
            smallest=spec["smallest"],
            family=FAMILIES[spec.get("family", "sans")],
            bold=spec.get("bold", False),
            italic=spec.get("italic", False),
            width=spec.get("width", 0) * mm,
            share=spec.get("share", 0),
            inset=spec.get("inset", 0) * mm,
        )
    return out


def _decks(kit: Kit, names: dict[str, Any], settings: PrintSettings) -> Iterator[Deck]:
    """The decks in print order, with one card per physical card."""
    layout = kit.layout
    total = 0  # cards of the file so far (MAX_CARDS)
    for spec in layout.data.get("decks", []):
        cards: list[Card] = []
        for entry in spec["cards"]:
            made = _cards(kit, entry, names)
            total += len(made)
            if total > MAX_CARDS:
                raise _too_many(kit, entry)
            cards += made
        back = prepared(kit, layout.faces[spec["back"]], names) if "back" in spec else None
        grid = _deck_grid(kit, spec, [*cards, *([back] if back else [])], settings)
        yield Deck(spec["name"], cards, back, grid)


def _deck_grid(kit: Kit, spec: dict[str, Any], cards: list[Card], settings: PrintSettings) -> Grid:
    """The grid a deck prints on: its faces' own `width` and `height` (mm) where they give
    them, else the card size. The faces that give one are all one size (JT077), and at
    least one card fits the paper (JT078)."""
    size: tuple[float, ...] | None = None
    seen: set[int] = set()  # copies of a card are one Card
    for card in cards:
        face = card.face
        if id(card) in seen or ("width" not in face and "height" not in face):
            continue  # a face that gives no size (a back) is the size of the deck's others
        seen.add(id(card))
        own = tuple(
            kit.number_at(face, key, card.scope, default, FACE_RANGE)
            for key, default in zip(("width", "height"), settings.card_size_mm, strict=True)
        )
        if size is None:
            size = own
        elif own != size:
            key = "width" if "width" in face else "height" if "height" in face else ""
            message = (
                f"deck {spec['name']!r}: this face is {own[0]:g} x {own[1]:g} mm, its other "
                f"cards {size[0]:g} x {size[1]:g} mm (a deck prints on one grid)"
            )
            raise LayoutError(kit.layout.problem("JT077", face, message, key))
    if size is not None and size != settings.card_size_mm:
        settings = replace(settings, card_size_mm=(float(size[0]), float(size[1])))
    grid = card_grid(settings)
    if grid.capacity < 1:
        width, height = settings.card_size_mm
        message = f"deck {spec['name']!r}: a {width:g} x {height:g} mm card does not fit the paper"
        raise LayoutError(kit.layout.problem("JT078", spec, message, "name"))
    return grid


def _cards(kit: Kit, entry: dict[str, Any], names: dict[str, Any]) -> list[Card]:
    """A deck entry's cards: a face per record (in its copies), or numbered 1 to count."""
    face = kit.layout.faces[entry["face"]]
    if "count" in entry:
        count = _whole(kit, entry, "count", names)
        numbered = [{"number": n} for n in range(1, count + 1)]
        return [prepared(kit, face, {**names, **given}, given) for given in numbered]
    if "each" not in entry:
        return [prepared(kit, face, names)]
    name = entry.get("as", "record")
    cards: list[Card] = []
    for record in items(kit, entry, names):
        given = {name: record, "record": record}
        scope = {**names, **given}
        copies = _whole(kit, entry, "copies", scope) if "copies" in entry else 1
        cards += [prepared(kit, face, scope, given)] * copies
        if len(cards) > MAX_CARDS:
            raise _too_many(kit, entry)
    return cards


def _too_many(kit: Kit, entry: dict[str, Any]) -> LayoutError:
    message = f"the layout's decks make more than {MAX_CARDS} cards"
    return LayoutError(kit.layout.problem("JT075", entry, message, "face"))


def _whole(kit: Kit, entry: dict[str, Any], key: str, scope: dict[str, Any]) -> int:
    """A count of cards: a whole number, none when it is 0 or less (or empty, e.g. None);
    more than MAX_COPIES is JT075."""
    value = kit.evaluate(entry, key, scope)
    if not value:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        message = f"{key}: {entry[key]!r} gives {value!r}, not a whole number"
        raise LayoutError(kit.layout.problem("JT074", entry, message, key))
    if value > MAX_COPIES:
        message = (
            f"{key}: {entry[key]!r} gives {value}; a card is printed at most {MAX_COPIES} times"
        )
        raise LayoutError(kit.layout.problem("JT075", entry, message, key))
    return max(value, 0)


def prepared(
    kit: Kit, face: dict[str, Any], scope: dict[str, Any], given: Mapping[str, Any] | None = None
) -> Card:
    """A face bound to its record, with its `let` names: where its problems go, its form
    name, its gallery piece. `given`: the names its deck entry added to the file's."""
    scope = bind(kit, face, scope)
    origin = kit.evaluate(face, "origin", scope) if "origin" in face else kit.ctx.place
    component = str(kit.evaluate(face, "component", scope)) if "component" in face else ""
    where = (origin, component, face.get("report", ""))
    form = str(kit.evaluate(face, "form", scope)) if "form" in face else None
    piece = None
    if "piece" in face:
        spec = face["piece"]
        piece = Piece(spec["kind"], kit.printed(kit.evaluate(spec, "record", scope)), origin)
    return Card(face, scope, where, form, piece, given or {})


def _card(
    kit: Kit, grid: Grid, row: int, column: int, card: Card, extra: float, forms: set[str]
) -> None:
    """One card, placed for the review gallery with the problems found drawing it."""
    if card.piece is None:
        _draw_card(kit, grid, row, column, card, extra, forms)
        return
    x, y = grid.origin(row, column)
    box = (x, y, grid.cell_width, grid.cell_height)
    if kit.ctx.skips(card.piece):  # `watch` redrawing other pieces: this one is only placed
        kit.ctx.place_item(kit.canvas, card.piece, box)
        return
    with kit.ctx.drawing(kit.canvas, card.piece, box):
        _draw_card(kit, grid, row, column, card, extra, forms)


def _draw_card(
    kit: Kit, grid: Grid, row: int, column: int, card: Card, extra: float, forms: set[str]
) -> None:
    """Background and band into the bleed, then the boxes inside the trim box."""
    canvas, face = kit.canvas, card.face
    x, y = grid.origin(row, column)
    w, h = grid.cell_width, grid.cell_height
    bx, by, bw, bh = grid.bleed_box(row, column, extra)
    if extra:  # identical backs overlap a little, so viewers show no hairline seams
        bx, by, bw, bh = bx - SEAM, by - SEAM, bw + 2 * SEAM, bh + 2 * SEAM
    canvas.setFillColor(kit.colour_at(face, "background", card.scope, "card-tint"))
    canvas.rect(bx, by, bw, bh, stroke=0, fill=1)
    band = kit.number_at(face, "band", card.scope, 0, BAND_RANGE) * mm
    if band:
        canvas.setFillColor(kit.colour_at(face, "band_colour", card.scope, "header"))
        canvas.rect(bx, y + h - band, bw, by + bh - (y + h - band), stroke=0, fill=1)
    if card.form is None or ink.saving(canvas):  # the ink saver sees what text is drawn over
        paint(kit, face, (x, y, w, h), card.scope, card.where)
        return
    if card.form not in forms:
        canvas.beginForm(card.form, lowerx=0, lowery=0, upperx=w, uppery=h)
        paint(kit, face, (0, 0, w, h), card.scope, card.where)
        canvas.endForm()
        forms.add(card.form)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(card.form)
    canvas.restoreState()


def _back_page(
    kit: Kit, grid: Grid, cells: list[tuple[int, int]], back: Card, forms: set[str]
) -> None:
    """Backs behind their fronts, shifted by the user's measured printer offset.

    Their wider bleed stops FILL_CLEAR from the paper's edge and at the front's
    bleed on the side of the ruler and note (`Grid.back_clip`), offset or not.
    """
    ctx, canvas = kit.ctx, kit.canvas
    offset = ctx.settings.back_offset
    backs = [grid.back_cell(row, column, ctx.settings.duplex) for row, column in cells]
    sheet = grid.holding(backs)
    x0, y0, x1, y1 = clip = grid.back_clip(offset)
    canvas.saveState()
    area = canvas.beginPath()
    area.rect(x0, y0, x1 - x0, y1 - y0)
    canvas.clipPath(area, stroke=0, fill=0)
    canvas.translate(*offset)
    for row, column in backs:
        _card(kit, sheet, row, column, back, BACK_BLEED_EXTRA, forms)
    canvas.restoreState()
    _grid_boxes(canvas, sheet, BACK_BLEED_EXTRA, offset, clip)
    ctx.furniture.on_grid_sheet(canvas, grid, offset)
    canvas.showPage()


def _grid_boxes(
    canvas: Canvas,
    grid: Grid,
    extra: float = 0.0,
    offset: tuple[float, float] = (0.0, 0.0),
    clip: tuple[float, float, float, float] | None = None,
) -> None:
    """The page's TrimBox (around its cards) and BleedBox (their bleed, within `clip`)."""
    dx, dy = offset
    x0, y0, x1, y1 = grid.trim_area()
    trim = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    grow = grid.bleed + extra
    bleed = (trim[0] - grow, trim[1] - grow, trim[2] + grow, trim[3] + grow)
    if clip is not None:
        bleed = (
            max(bleed[0], clip[0]),
            max(bleed[1], clip[1]),
            min(bleed[2], clip[2]),
            min(bleed[3], clip[3]),
        )
    page_boxes(canvas, grid.page, trim, bleed)


def _alignment_test(kit: Kit, grid: Grid, spec: dict[str, Any]) -> None:
    """Front and back pages of crosses near every cut crossing, to measure a printer's offset.

    The back's crosses carry a millimetre scale and sit where the front's are,
    moved by the back offset the kit is built with, so what a user reads is
    what to add to it; the back page says how to read it (`ALIGNMENT_HOW`).
    """
    ctx, canvas = kit.ctx, kit.canvas
    offset = ctx.settings.back_offset
    xs, ys = _cross_places(grid, offset)
    for side in ("front", "back"):
        dx, dy = offset if side == "back" else (0.0, 0.0)
        colour = kit.colour(spec.get("back_colour", "ink") if side == "back" else "ink")
        canvas.saveState()
        canvas.translate(dx, dy)
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(0.3)
        for cx in xs:
            for cy in ys:
                canvas.line(cx - CROSS, cy, cx + CROSS, cy)
                canvas.line(cx, cy - CROSS, cx, cy + CROSS)
                if side == "back":
                    for t in range(-SCALE, SCALE + 1):
                        canvas.line(cx + t * mm, cy - TICK, cx + t * mm, cy + TICK)
                        canvas.line(cx - TICK, cy + t * mm, cx + TICK, cy + t * mm)
        canvas.restoreState()
        page = spec[side]
        heading = kit.words(page["heading"], page, "heading", {})
        body = kit.words(page["text"], page, "text", {})
        title, box = kit.boxes[spec["heading_box"]], kit.boxes[spec["text_box"]]
        left, top = grid.left + 8 * mm, grid.top - 10 * mm
        width = min(box.across(), grid.cell_width * grid.columns - 16 * mm)
        where = ctx.kit_where("alignment test", "heading")
        ctx.label(canvas, heading, title, (left, top - title.height), width, where)
        where = ctx.kit_where("alignment test", "text")
        ctx.label(canvas, body, box, (left, top - 12 * mm - box.height), width, where)
        if side == "back":
            _how_to_read(kit, grid, spec, top - 12 * mm - box.height)
        ctx.furniture.on_grid_sheet(canvas, grid)
        page_boxes(canvas, grid.page)
        canvas.showPage()


def _cross_places(grid: Grid, offset: tuple[float, float]) -> tuple[list[float], list[float]]:
    """Where the crosses stand: the cut lines, pulled in where a cross, on the front or moved
    by the back offset, would come nearer the paper's edge than EDGE_CLEAR. Both edges pull
    in by the same amount (the offset's size), so the places stay mirror images of each other
    and every front cross keeps its partner behind it whichever way the sheet turns."""
    width, height = grid.page
    xs, ys = grid.cuts()
    reach = EDGE_CLEAR + CROSS

    def inside(value: float, shift: float, paper: float) -> float:
        return min(max(value, reach + abs(shift)), paper - reach - abs(shift))

    dx, dy = offset
    return [inside(x, dx, width) for x in xs], [inside(y, dy, height) for y in ys]


def _how_to_read(kit: Kit, grid: Grid, spec: dict[str, Any], above: float) -> None:
    """The engine's own note on the back page: the offset's sign, and what to do with only
    the PDFs. It sits in the band under the first row of crosses (or under `above`)."""
    ctx = kit.ctx
    x, y = ctx.settings.back_offset_mm
    tr = ctx.tr
    # Translators: this page speaks to whoever prints the kit, who may never run ttgbuild:
    # name no command or option. {x} and {y} are how far the backs of this sheet were
    # already moved, in mm (e.g. 0 and 0, or 1.5 and -0.5).
    note = tr.pgettext(
        "alignment how",
        "How to read it: hold the sheet against a light, this side towards you; each red tick "
        "is 1 mm. Where the black cross shows to the right of the red one, X is that many mm, "
        "to the left it is minus that many; above, Y is plus, below it is minus. To fix it, "
        "set your printer's shift for the back side to X and Y, with the same signs, if it "
        "has one; or ask whoever made these files for a copy with the backs moved X and Y mm "
        "further than on this sheet (X = {x}, Y = {y}). Or print as it is: the backs reach "
        "past the cuts, so a drift of up to 2 mm leaves no white edge.",
    )
    text = tr.fill(note, {"x": f"{x:g}", "y": f"{y:g}"})
    top = grid.top - grid.cell_height - 8 * mm if grid.rows > 1 else above - 6 * mm
    width = grid.cell_width * grid.columns - 16 * mm
    corner = (grid.left + 8 * mm, top - ALIGNMENT_HOW.height)
    ctx.label(
        canvas=kit.canvas,
        value=text,
        box=ALIGNMENT_HOW,
        corner=corner,
        width=width,
        where=ctx.kit_where("alignment test", "how to read it"),
    )
    example_top = corner[1] - EXAMPLE_GAP
    if grid.rows > 1 and example_top - 2 * EXAMPLE_HALF >= grid.top - 2 * grid.cell_height + CROSS:
        _sign_example(kit, corner[0], example_top, kit.colour(spec.get("back_colour", "ink")))


# The worked example under the note: the black cross 2 mm right of and 1 mm above the red
# one, drawn EXAMPLE_SCALE times life size, EXAMPLE_GAP under the note.
EXAMPLE = (2, 1)
EXAMPLE_SCALE = 3
EXAMPLE_GAP = 4 * mm
EXAMPLE_HALF = (CROSS + 1 * mm) * EXAMPLE_SCALE  # half the example's height


def _sign_example(kit: Kit, left: float, top: float, red: Any) -> None:
    """The sign of the offset shown, language-free: a red cross with its scale, the black
    one where it shows through, and what that reads (X = +2, Y = +1)."""
    canvas, size = kit.canvas, EXAMPLE_SCALE
    x, y = left + EXAMPLE_HALF, top - EXAMPLE_HALF
    dx, dy = EXAMPLE
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(red)
    _cross(canvas, x, y, CROSS * size, [t * mm * size for t in range(-SCALE, SCALE + 1)])
    canvas.setStrokeColor(kit.colour("ink"))
    _cross(canvas, x + dx * mm * size, y + dy * mm * size, CROSS * size, [])
    canvas.setFillColor(kit.colour("ink"))
    canvas.setFont(ALIGNMENT_HOW.font, ALIGNMENT_HOW.largest)
    reading = f"X = +{dx}, Y = +{dy}      (\u00d7 {size})"
    canvas.drawString(x + EXAMPLE_HALF + 6 * mm, y - ALIGNMENT_HOW.largest / 3, reading)
    canvas.restoreState()


def _cross(canvas: Canvas, x: float, y: float, arm: float, ticks: list[float]) -> None:
    """A cross of arms `arm` long at (x, y), ticks across its arms at `ticks` (example size)."""
    canvas.line(x - arm, y, x + arm, y)
    canvas.line(x, y - arm, x, y + arm)
    tick = TICK * EXAMPLE_SCALE
    for t in ticks:
        canvas.line(x + t, y - tick, x + t, y + tick)
        canvas.line(x - tick, y + t, x + tick, y + t)
