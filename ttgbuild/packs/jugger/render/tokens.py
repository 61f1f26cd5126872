"""tokens.pdf: fold-over field tokens, every counter, fold-up bases and paper dice.

Items are packed in rows on pages under section headings. Two-sided counters
get a back page whose positions mirror the front for long-edge duplex (rows
for short-edge), like the card backs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import Duplex
from ttgbuild.geometry.hexgrid import HexLayout
from ttgbuild.packs.jugger.model import Hero, Rules
from ttgbuild.packs.jugger.render import boxes, dienote, icons, theme
from ttgbuild.render import fonts, shapes, style, text
from ttgbuild.render.context import Piece, RenderContext
from ttgbuild.render.pdf import finish, new_canvas

MARGIN = 13 * mm
GAP = 3 * mm
HEADING = 9 * mm
STANDEE_W, STANDEE_FACE, STANDEE_TAB = 22 * mm, 28 * mm, 8 * mm
DISC = boxes.DISC
DIE_FACE = 15 * mm
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
        if own_page or self.y - HEADING - (items[0].height if items else 0) < MARGIN:
            self.new_page()
        elif not self.fresh:
            self.y -= self.row_h + GAP
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
        else:
            with self.ctx.drawing(self.canvas, item.piece, (left, bottom, item.width, item.height)):
                item.paint(self.canvas, left, bottom)
        self.fresh = False
        if item.back is not None:
            self.backs.append((item, left, bottom))
        self.x += item.width + GAP
        self.row_h = max(self.row_h, item.height)

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
    canvas, buffer = new_canvas(ctx.settings.page, tr._("Jugger TTG tokens"), "tokens", tr.locale)
    packer = Packer(ctx, canvas)
    content = ctx.content
    kit = content.kit
    heroes = sorted(content.heroes, key=lambda h: (h.team, h.name))
    for side in ("red", "blue"):
        ctx.progress(f"tokens: {side} field tokens")
        title = (
            tr.pgettext("tokens", "Field tokens, red team")
            if side == "red"
            else tr.pgettext("tokens", "Field tokens, blue team")
        )
        packer.section(title, [_standee(ctx, hero, side) for hero in heroes], own_page=True)
    ctx.progress("tokens: counters")
    counters = kit.counters if kit else {}
    one_sided = [(name, n) for name, n in counters.items() if name not in TWO_SIDED]
    items = [item for name, n in one_sided for item in [_counter(ctx, name)] * n]
    packer.section(tr.pgettext("tokens", "Counters"), items, own_page=True)
    two_sided = [
        _counter(ctx, name) for name, n in counters.items() if name in TWO_SIDED for _ in range(n)
    ]
    if two_sided:
        packer.section(
            tr.pgettext("tokens", "Two-sided counters (print both sides)"), two_sided, own_page=True
        )
        packer.new_page()
    bases = kit.bases if kit else {}
    packer.section(
        tr.pgettext("tokens", "Fold-up bases"),
        [_base(ctx, side) for side, n in bases.items() for _ in range(n)],
    )
    if content.rules is not None and kit is not None:
        ctx.progress("tokens: dice")
        faces = content.rules.faces
        net = replace(_die_net(faces), piece=Piece("dice", "net", content.rules.origin))
        packer.section(
            tr.pgettext("tokens", "Paper dice"),
            [_faces_note(ctx, packer, content.rules)] + [net for _ in range(kit.dice)],
            own_page=True,
        )
        packer.section(
            tr.pgettext("tokens", "No paper dice? Use a plain die"),
            [_faces_note(ctx, packer, content.rules), _d6_table(ctx, faces)],
        )
    packer.finish_page()
    return finish(canvas, buffer)


def _standee(ctx: RenderContext, hero: Hero, side: str) -> Item:
    """A strip folded in the middle: front face, back face (upside down) and two feet."""
    colour = theme.TEAM_COLOURS[side]
    where = (hero.origin.at("name"), f"field token {hero.name!r}", "label")
    height = 2 * (STANDEE_FACE + STANDEE_TAB)

    def face(canvas: Canvas, x: float, y: float, front: bool) -> None:
        canvas.setFillColor(colour)
        canvas.rect(x, y, STANDEE_W, STANDEE_FACE, stroke=0, fill=1)
        marker = 8 * mm
        mx = x + (STANDEE_W - marker) / 2
        (icons.front_eye if front else icons.rear_eye)(
            canvas, mx, y + STANDEE_FACE - marker - 1.5 * mm, marker
        )
        block = ctx.fit(
            [ctx.spans(hero.name, bold=True)],
            STANDEE_W - 2 * mm,
            6 * mm,
            7,
            4,
            text.CONDENSED,
            where,
        )
        canvas.setFillColor(style.PAPER)
        text.draw(
            canvas,
            block,
            x + 1 * mm,
            y + 13.5 * mm,
            text.CONDENSED,
            icons.INLINE.draw,
            "center",
            STANDEE_W - 2 * mm,
        )
        icons.reflexes_badge(
            canvas,
            x + 5 * mm,
            y + 4.5 * mm,
            3.2 * mm,
            ctx.tr.number(hero.reflexes),
            fonts.BOLD,
            colour,
        )
        for i in range(hero.light_feet):
            icons.light_foot(canvas, x + 10 * mm + i * 3.8 * mm, y + 2.6 * mm, 3.6 * mm)

    def paint(canvas: Canvas, x: float, y: float) -> None:
        canvas.saveState()
        canvas.setFillColor(style.CARD_TINT)
        canvas.rect(x, y, STANDEE_W, STANDEE_TAB, stroke=0, fill=1)
        canvas.rect(x, y + height - STANDEE_TAB, STANDEE_W, STANDEE_TAB, stroke=0, fill=1)
        face(canvas, x, y + STANDEE_TAB, True)
        canvas.saveState()  # the back face is upside down: it folds over the top
        canvas.translate(x + STANDEE_W, y + height - STANDEE_TAB)
        canvas.rotate(180)
        face(canvas, 0, 0, False)
        canvas.restoreState()
        canvas.setStrokeColor(style.CUT)
        canvas.setLineWidth(0.3)
        canvas.rect(x, y, STANDEE_W, height, stroke=1, fill=0)
        canvas.setDash(1.5, 1.5)
        for fold in (STANDEE_TAB, STANDEE_TAB + STANDEE_FACE, height - STANDEE_TAB):
            canvas.line(x, y + fold, x + STANDEE_W, y + fold)
        canvas.restoreState()

    return Item(STANDEE_W, height, paint, piece=Piece("token", f"{hero.id}-{side}", hero.origin))


TWO_SIDED = {"chain_ready"}


def counter_labels(ctx: RenderContext) -> dict[str, str]:
    """Every counter's printed name (both faces for two-sided ones)."""
    tr = ctx.tr
    return {
        "focus": "",
        "stamina": "",
        "jugg": "",
        "team_synergy": tr.pgettext("counter", "TSP"),
        "delay": tr.pgettext("counter", "Delay"),
        "crouch_template": tr.pgettext("crouch template", "Crouched"),
        "crouch_count": tr.pgettext("counter", "Crouch count"),
        "chain_ready": tr.pgettext("counter", "Chain ready"),
        "chain_thrown": tr.pgettext("counter", "Chain thrown"),
        "exhausted": tr.pgettext("counter", "Exhausted"),
        "pinned": tr.pgettext("counter", "Pinned"),
        "held": tr.pgettext("counter", "Held"),
        "initiative": tr.pgettext("counter", "Initiative"),
    }


def _counter(ctx: RenderContext, name: str) -> Item:
    labels = counter_labels(ctx)
    colour = theme.COUNTER_COLOURS.get(name, style.HEADER)
    where = ctx.kit_where(f"counter {name!r}", "label")
    piece = Piece("counter", name, ctx.place)
    if name == "crouch_template":
        return replace(_hex_template(ctx, labels[name], colour, where), piece=piece)
    diameter = DISC * (1.3 if name == "initiative" else 1)

    def disc(label: str, fill: Color) -> Paint:
        def paint(canvas: Canvas, x: float, y: float) -> None:
            r = diameter / 2
            canvas.setFillColor(fill)
            canvas.setStrokeColor(style.CUT)
            canvas.setLineWidth(0.3)
            canvas.circle(x + r, y + r, r, stroke=1, fill=1)
            if name in icons.ICONS and not label:
                icons.ICONS[name](canvas, x + r * 0.35, y + r * 0.35, r * 1.3)
                return
            box, scale = boxes.COUNTER, diameter / boxes.DISC  # the initiative disc is larger
            width = box.across() * scale
            block = ctx.fit(
                [ctx.spans(label, box.bold)],
                width,
                box.height * scale,
                box.largest,
                box.smallest,
                box.family,
                where,
            )
            canvas.setFillColor(style.INK if fill == theme.GOLD else style.PAPER)
            text.draw(
                canvas,
                block,
                x + (diameter - width) / 2,
                y + r + block.height / 2,
                box.family,
                icons.INLINE.draw,
                "center",
                width,
            )

        return paint

    back = disc(labels["chain_thrown"], theme.EYE_RED) if name in TWO_SIDED else None
    return Item(diameter, diameter, disc(labels.get(name, name), colour), back, piece)


def _hex_template(
    ctx: RenderContext, label: str, colour: Color, where: tuple[Origin, str, str]
) -> Item:
    """A crouch template the size of a board hex, to slide under a crouched hero's token."""
    layout = HexLayout(theme.HEX_ACROSS / 3**0.5)
    width, height = layout.size(1, 1)

    def paint(canvas: Canvas, x: float, y: float) -> None:
        corners = [(x + px, y + height - py) for px, py in layout.corners(0, 0)]
        shapes.polygon(canvas, corners, colour, style.CUT, 0.3)
        box = boxes.CROUCH_TEMPLATE
        block = ctx.fit(
            [ctx.spans(label, box.bold)],
            box.across(),
            box.height,
            box.largest,
            box.smallest,
            box.family,
            where,
        )
        canvas.setFillColor(style.INK)
        text.draw(
            canvas,
            block,
            x + (width - box.across()) / 2,
            y + height / 2 + block.height / 2,
            box.family,
            icons.INLINE.draw,
            "center",
            box.across(),
        )

    return Item(width, height, paint)


def _base(ctx: RenderContext, side: str) -> Item:
    """A hex base to glue on card stock; the token's feet go through the slot."""
    layout = HexLayout(theme.HEX_ACROSS * 0.9 / 3**0.5)
    width, height = layout.size(1, 1)
    colour = theme.TEAM_COLOURS.get(side, style.HEADER)

    def paint(canvas: Canvas, x: float, y: float) -> None:
        corners = [(x + px, y + height - py) for px, py in layout.corners(0, 0)]
        shapes.polygon(canvas, corners, colour, style.CUT, 0.3)
        canvas.setFillColor(style.PAPER)
        canvas.rect(
            x + (width - STANDEE_W) / 2,
            y + height / 2 - 0.6 * mm,
            STANDEE_W,
            1.2 * mm,
            stroke=1,
            fill=1,
        )

    return Item(width, height, paint, piece=Piece("base", side, ctx.place))


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


def _die_net(faces: tuple[int, ...]) -> Item:
    """A cube net in a cross: four faces in a column, one either side of the second."""
    cells = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)]
    width, height = 3 * DIE_FACE, 4 * DIE_FACE

    def paint(canvas: Canvas, x: float, y: float) -> None:
        canvas.setStrokeColor(style.CUT)
        canvas.setLineWidth(0.3)
        for (cx, cy), value in zip(cells, faces, strict=False):
            fx, fy = x + cx * DIE_FACE, y + height - (cy + 1) * DIE_FACE
            canvas.setFillColor(style.PAPER)
            canvas.rect(fx, fy, DIE_FACE, DIE_FACE, stroke=1, fill=1)
            _jugg_pips(canvas, fx, fy, value)

    return Item(width, height, paint)


def _jugg_pips(canvas: Canvas, x: float, y: float, count: int) -> None:
    """`count` jugg icons centred on a die face; a blank face stays blank."""
    if count <= 0:
        return
    size = DIE_FACE * (0.55 if count == 1 else 0.38)
    spacing = size * 1.1
    start = x + (DIE_FACE - spacing * (count - 1) - size) / 2
    for i in range(count):
        icons.jugg(canvas, start + i * spacing, y + (DIE_FACE - size) / 2, size)


def _d6_table(ctx: RenderContext, faces: tuple[int, ...]) -> Item:
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
    titles = (tr.pgettext("dice table", "Die shows"), tr.pgettext("dice table", "Juggs"))

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
                blank = tr.pgettext("dice table entry", "blank")
                ctx.label(canvas, blank, entry, corner, entry.across(), where)
            for j in range(value):
                icons.jugg(canvas, x + 45 * mm + j * 6 * mm, line_y - 1 * mm, 5 * mm)

    piece = Piece("dice", "plain die table", ctx.place)
    return Item(width, height, paint, piece=piece)
