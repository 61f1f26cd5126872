"""tokens.pdf: fold-over field tokens, every counter, hex bases and paper dice.

The faces of tokens, counters and bases, every word the sheets print and the
settings of their making (a base slot's clearance, when a two-sided counter
folds over) are data (data/layouts/tokens.layout.yaml), drawn by the
engine's layouts. This module is the sheet's geometry: items are packed in
rows on pages under section headings, a field token's faces are folded into
a strip, and the paper dice are nets with glue tabs (dicenet.py). Counters
with a `background` are squares on shared cut lines (render/layout/cutsheet.py);
others (the hex crouch templates) are cut one by one. A two-sided counter
printed a few times folds over; printed more often, its backs go on a back
page whose positions mirror the front, like the card backs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet, fonts, style, text
from ttgbuild.packapi.drawing import Duplex, Piece, RenderContext, finish, new_canvas
from ttgbuild.packapi.layouts import Card, Pieces
from ttgbuild.packs.jugger.model import Hero, Rules
from ttgbuild.packs.jugger.render import boxes, dicenet, dienote, icons, layouts
from ttgbuild.packs.jugger.render.labels import sheet_label

MARGIN = 13 * mm
GAP = 3 * mm
HEADING = 9 * mm
STANDEE_TAB = 8 * mm  # a field token's foot, folded under into its base
NOTE = 8 * mm  # height of the die-faces note above the dice

Paint = Callable[[Canvas, float, float], None]


@dataclass(frozen=True)
class Item:
    width: float
    height: float
    paint: Paint
    back: Paint | None = None
    piece: Piece | None = None  # what the review gallery calls this token


class Packer:
    """Rows of items on pages, with a heading per section and furniture on every page."""

    def __init__(self, ctx: RenderContext, canvas: Canvas) -> None:
        self.ctx, self.canvas = ctx, canvas
        self.page_w, self.page_h = ctx.settings.page
        self.fresh = True
        self.x = self.y = self.row_h = 0.0
        self.backs: list[tuple[Item, float, float]] = []
        self._reset()

    def _reset(self) -> None:
        self.x, self.y, self.row_h = MARGIN, self.page_h - MARGIN, 0.0

    def section(self, title: str, items: list[Item], own_page: bool = False) -> None:
        top = self.y if self.fresh else self.y - self.row_h - GAP  # below the last row
        if own_page or top - HEADING - (items[0].height if items else 0) < MARGIN:
            self.new_page()
        elif not self.fresh:
            self.y = top
            self.x, self.row_h = MARGIN, 0.0
        box = boxes.TOKENS_HEADING  # its first line's baseline 5 mm below the row's top
        corner = (MARGIN, box.bottom(self.y - 5 * mm))
        where = self.ctx.kit_where("tokens sheet", "section heading")
        self.ctx.label(self.canvas, title, box, corner, box.across(), where)
        self.y -= HEADING
        self.fresh = False
        for item in items:
            self.place(item)

    def place(self, item: Item) -> None:
        if self.x + item.width > self.page_w - MARGIN + 0.01:
            self.x = MARGIN
            self.y -= self.row_h + GAP
            self.row_h = 0.0
        if self.y - item.height < MARGIN:
            self.new_page()
        left, bottom = self.x, self.y - item.height
        if item.piece is None:
            item.paint(self.canvas, left, bottom)
        elif self.ctx.skips(item.piece):  # `watch` redrawing other pieces: only placed
            self.ctx.place_item(self.canvas, item.piece, (left, bottom, item.width, item.height))
        else:
            with self.ctx.drawing(self.canvas, item.piece, (left, bottom, item.width, item.height)):
                item.paint(self.canvas, left, bottom)
        self.fresh = False
        if item.back is not None:
            self.backs.append((item, left, bottom))
        self.x += item.width + GAP
        self.row_h = max(self.row_h, item.height)

    def room(self) -> float:
        """The height left on this page for a section started now, below its heading."""
        if self.fresh:
            return self.page_h - 2 * MARGIN - HEADING
        return self.y - self.row_h - GAP - HEADING - MARGIN

    def new_page(self) -> None:
        if not self.fresh:
            self.finish_page()
        self._reset()
        self.fresh = True

    def finish_page(self) -> None:
        """Close the page; if it held two-sided items, follow it with their backs."""
        self.ctx.furniture.on_margin_sheet(self.canvas, MARGIN)
        self.canvas.showPage()
        if not self.backs:
            return
        dx, dy = self.ctx.settings.back_offset
        for item, left, bottom in self.backs:
            if self.ctx.settings.duplex is Duplex.long:
                left = self.page_w - left - item.width
            else:
                bottom = self.page_h - bottom - item.height
            assert item.back is not None
            item.back(self.canvas, left + dx, bottom + dy)
        self.backs = []
        self.ctx.furniture.on_margin_sheet(self.canvas, MARGIN)
        self.canvas.showPage()


def render(ctx: RenderContext) -> bytes:
    tr = ctx.tr
    canvas, buffer = new_canvas(
        ctx.settings.page, sheet_label(tr, "document_title", "tokens"), "tokens", tr.locale
    )
    pieces = layouts.pieces(ctx, canvas, "tokens")
    packer = Packer(ctx, canvas)
    content = ctx.content
    kit = content.kit
    heroes = sorted(content.heroes, key=lambda h: (h.team, h.name))
    # Both teams' strips in one run, red then blue: a team's last row shares its page with
    # the other's first rows instead of leaving most of a card sheet blank.
    ctx.progress("tokens: field tokens")
    items = [_standee(pieces, hero, side) for side in ("red", "blue") for hero in heroes]
    packer.section(pieces.message("field-tokens"), items, own_page=True)
    ctx.progress("tokens: counters")
    counters = kit.counters if kit else {}
    one_sided = {name: n for name, n in counters.items() if name not in BACKS}
    packer.section(
        pieces.message("counters"), _counters(ctx, pieces, packer, one_sided), own_page=True
    )
    limit = pieces.setting("fold_over_at_most")
    two_sided = {name: n for name, n in counters.items() if name in BACKS}
    folded = {name: n for name, n in two_sided.items() if n <= limit}
    if folded:
        items = _counters(ctx, pieces, packer, folded, fold=True, first=packer.room())
        packer.section(pieces.message("fold-over"), items)
    duplex = {name: n for name, n in two_sided.items() if n > limit}
    if duplex:
        items = _counters(ctx, pieces, packer, duplex)
        packer.section(pieces.message("two-sided"), items, own_page=True)
        packer.new_page()
    bases = kit.bases if kit and heroes else {}  # a base holds a field token: none, none
    if bases:
        standee = pieces.face("standee", record=heroes[0], side="red", front=True)
        packer.section(
            pieces.message("bases"),
            [_base(pieces, side, standee) for side, n in bases.items() for _ in range(n)],
        )
    if content.rules is not None and kit is not None:
        ctx.progress("tokens: dice")
        faces = content.rules.faces
        net = replace(_die_net(pieces, faces), piece=Piece("dice", "net", content.rules.origin))
        packer.section(
            pieces.message("dice"),
            [_faces_note(ctx, packer, content.rules)] + [net for _ in range(kit.dice)],
            own_page=True,
        )
        packer.section(
            pieces.message("plain-die"),
            [_faces_note(ctx, packer, content.rules), _d6_table(ctx, pieces, faces)],
        )
    packer.finish_page()
    return finish(canvas, buffer)


def _standee(pieces: Pieces, hero: Hero, side: str) -> Item:
    """A strip folded in the middle: front face, back face (upside down) and two feet.

    The faces are the layout's `standee-<side>`; the strip around them is paper folding.
    """
    front = pieces.face(f"standee-{side}", record=hero, side=side, front=True)
    back = replace(front, scope={**front.scope, "front": False})
    width, face = pieces.size(front)
    height = 2 * (face + STANDEE_TAB)

    def paint(canvas: Canvas, x: float, y: float) -> None:
        canvas.saveState()
        canvas.setFillColor(style.CARD_TINT)
        canvas.rect(x, y, width, STANDEE_TAB, stroke=0, fill=1)
        canvas.rect(x, y + height - STANDEE_TAB, width, STANDEE_TAB, stroke=0, fill=1)
        pieces.draw(front, (x, y + STANDEE_TAB, width, face))
        canvas.saveState()  # the back face is upside down: it folds over the top
        canvas.translate(x + width, y + height - STANDEE_TAB)
        canvas.rotate(180)
        pieces.draw(back, (0, 0, width, face))
        canvas.restoreState()
        cutsheet.cut_lines(canvas)
        canvas.rect(x, y, width, height, stroke=1, fill=0)
        cutsheet.fold_lines(canvas)
        for fold in (STANDEE_TAB, STANDEE_TAB + face, height - STANDEE_TAB):
            canvas.line(x, y + fold, x + width, y + fold)
        canvas.restoreState()

    return Item(width, height, paint, piece=front.piece)


BACKS = {"chain_ready": "chain_thrown"}  # two-sided counters: the face printed behind


def _counters(
    ctx: RenderContext,
    pieces: Pieces,
    packer: Packer,
    counts: dict[str, int],
    fold: bool = False,
    first: float | None = None,
) -> list[Item]:
    """Counters in content's counts: faces with a background on shared cuts, the rest one by one.

    Counters of one face size share blocks, each as high as a page allows (the
    first as high as `first`, the room left where the section starts); shaped
    counters, cut along their own outlines, come after the blocks.
    """
    width = packer.page_w - 2 * MARGIN
    heights = [packer.page_h - 2 * MARGIN - HEADING if first is None else first]
    heights.append(packer.page_h - 2 * MARGIN)
    by_size: dict[tuple[float, float], list[cutsheet.Cell]] = {}
    shaped: list[Item] = []
    for name, count in counts.items():
        front = pieces.face(f"counter-{name}", counter=name)
        back = pieces.face(f"counter-{BACKS[name]}", counter=name) if name in BACKS else None
        if pieces.background(front) is None:
            shaped += [_token(pieces, front, back)] * count
        else:
            by_size.setdefault(pieces.size(front), []).extend([cutsheet.Cell(front, back)] * count)
    items: list[Item] = []
    for size, cells in by_size.items():
        if heights[0] < size[1] + 2 * cutsheet.ROOM:  # not a row's room left: a new page
            heights[0] = packer.page_h - 2 * MARGIN - HEADING
        for block in cutsheet.blocks(cells, size, width, heights, fold):
            items.append(_block_item(ctx, pieces, block))
            heights = heights[1:] or heights  # later blocks start where a page does
    return items + shaped


def _block_item(ctx: RenderContext, pieces: Pieces, block: cutsheet.Block) -> Item:
    """A block of counters on shared cuts, its backs on the back page unless it folds."""

    def paint(_canvas: Canvas, x: float, y: float) -> None:
        cutsheet.paint(ctx, pieces.kit.canvas, pieces, block, x, y)

    def back(_canvas: Canvas, x: float, y: float) -> None:
        cutsheet.paint_backs(pieces.kit.canvas, pieces, block, x, y, ctx.settings.duplex)

    two_sided = not block.fold and any(cell.back for cell in block.cells)
    return Item(block.width, block.height, paint, back if two_sided else None)


def _base(pieces: Pieces, side: str, standee: Card) -> Item:
    """A hex base to glue on card stock; the token's feet go through the slot.

    The slot is the field token's width and two layers of card (its feet),
    plus the layout's clearance: the face reads `token_width` and `token_thickness`.
    """
    width, _height = pieces.size(standee)
    thickness = 2 * pieces.setting("card_thickness")
    face = pieces.face(f"base-{side}", side=side, token_width=width / mm, token_thickness=thickness)
    return _token(pieces, face)


def _token(pieces: Pieces, front: Card, back: Card | None = None) -> Item:
    """A token of the layout's faces, as large as its face says."""
    width, height = pieces.size(front)

    def painter(card: Card) -> Paint:
        def paint(_canvas: Canvas, x: float, y: float) -> None:
            pieces.draw(card, (x, y, width, height))

        return paint

    return Item(width, height, painter(front), painter(back) if back else None, front.piece)


def _faces_note(ctx: RenderContext, packer: Packer, rules: Rules) -> Item:
    """A line across the page above the dice: their faces, and whether they are assumed.

    As wide as the printable area, so the dice or the table start on the next row.
    """
    width = packer.page_w - 2 * MARGIN
    block = ctx.fit(
        [ctx.spans(dienote.note(ctx.tr, rules.faces, rules.faces_assumed))],
        width,
        NOTE,
        9,
        6,
        text.SANS,
        (rules.origin, "tokens", "die faces note"),
    )

    def paint(canvas: Canvas, x: float, y: float) -> None:
        canvas.setFillColor(style.INK)
        text.draw(canvas, block, x, y + NOTE, text.SANS, icons.INLINE.draw)

    return Item(width, NOTE, paint, piece=Piece("dice", "faces note", rules.origin))


def _die_net(pieces: Pieces, faces: tuple[int, ...]) -> Item:
    """A paper die: the engine's cube net with glue tabs, its face the layout's `die_face`."""
    face = pieces.setting("die_face") * mm

    def paint(canvas: Canvas, x: float, y: float) -> None:
        dicenet.draw(canvas, x, y, face, faces)

    return Item(*dicenet.size(face), paint)


def _d6_table(ctx: RenderContext, pieces: Pieces, faces: tuple[int, ...]) -> Item:
    """Which numbers of a plain six-sided die count as how many juggs (faces read in order)."""
    tr = ctx.tr
    ordered = sorted(faces)
    groups: dict[int, list[int]] = {}
    for number, value in enumerate(ordered, start=1):
        groups.setdefault(value, []).append(number)
    width = 120 * mm
    rows = [(tr.join([tr.number(n) for n in numbers]), value) for value, numbers in groups.items()]
    height = 10 * mm + 8 * mm * len(rows)
    where = ctx.kit_where("plain-die table", "heading")
    heading, entry = boxes.DICE_HEADING, boxes.DICE_ENTRY
    blank = pieces.message("blank")
    titles = (pieces.message("die-shows"), pieces.message("juggs"))

    def paint(canvas: Canvas, x: float, y: float) -> None:
        top = y + height
        # Headings' first baseline 5 mm below the top, the "blank" entry's on its row's line.
        low = heading.bottom(top - 5 * mm)
        for column, title in enumerate(titles):
            corner = (x + column * 45 * mm, low)
            ctx.label(canvas, title, heading, corner, heading.across(), where)
        for i, (numbers, value) in enumerate(rows):
            line_y = top - 12 * mm - i * 8 * mm
            canvas.setFillColor(style.INK)
            canvas.setFont(fonts.REGULAR, 10)
            canvas.drawString(x, line_y, numbers)
            if value == 0:
                corner = (x + 45 * mm, entry.bottom(line_y))
                ctx.label(canvas, blank, entry, corner, entry.across(), where)
            for j in range(value):
                icons.jugg(canvas, x + 45 * mm + j * 6 * mm, line_y - 1 * mm, 5 * mm)

    piece = Piece("dice", "plain die table", ctx.place)
    return Item(width, height, paint, piece=piece)
