"""cards.pdf: hero, weapon and Qwik, stone and point cards, each deck with its shared back.

Each front page is followed by its back page (columns mirrored for long-edge
duplex, rows for short-edge), and the file ends with a duplex alignment test.
Every number printed comes from the content; every word from the translator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.i18n.runtime import Translator
from ttgbuild.packs.jugger.model import Hero, Talent, Weapon
from ttgbuild.packs.jugger.render import boxes, icons, labels, theme
from ttgbuild.render import fonts, style, text
from ttgbuild.render.context import Piece, RenderContext
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.render.sheet import Grid, card_grid, crop_marks, pages

Box = tuple[float, float, float, float]
Where = tuple[Origin, str, str]
BACK_BLEED_EXTRA = 2 * mm  # backs get more bleed: duplex printers drift
SEAM = 0.3 * mm


@dataclass(frozen=True)
class Face:
    """One card design: what is drawn inside the trim box, plus the parts that bleed.

    The background and the header band reach into the bleed, which depends on
    where the card sits in the grid, so the card draws them; `paint` draws the
    rest inside the trim box (x, y, w, h). Designs printed many times are
    drawn once as a form XObject named `form` and reused.
    """

    paint: Callable[[Canvas, Box], None]
    background: Color = style.CARD_TINT
    band: float = 0.0
    band_colour: Color = style.HEADER
    form: str | None = None
    piece: Piece | None = None  # what the review gallery calls this card


@dataclass(frozen=True)
class Deck:
    kind: str
    faces: list[Face]
    back: Face


def render(ctx: RenderContext) -> bytes:
    """The whole cards.pdf."""
    tr = ctx.tr
    grid = card_grid(ctx.settings)
    canvas, buffer = new_canvas(ctx.settings.page, tr._("Jugger TTG cards"), "cards", tr.locale)
    forms: set[str] = set()
    for deck in decks(ctx):
        ctx.progress(f"cards: {deck.kind}")
        for page in pages(len(deck.faces), grid.capacity):
            cells = [grid.cell(i - page.start) for i in page]
            for (row, column), index in zip(cells, page, strict=True):
                _card(ctx, canvas, grid, row, column, deck.faces[index], 0, forms)
            _sheet_marks(ctx, canvas, grid)
            canvas.showPage()
            _back_page(ctx, canvas, grid, cells, deck.back, forms)
    _alignment_test(ctx, canvas, grid)
    return finish(canvas, buffer)


def _card(
    ctx: RenderContext,
    canvas: Canvas,
    grid: Grid,
    row: int,
    column: int,
    face: Face,
    extra: float,
    forms: set[str],
) -> None:
    """One card, placed for the review gallery with the problems found drawing it."""
    if face.piece is None:
        _draw_card(canvas, grid, row, column, face, extra, forms)
        return
    x, y = grid.origin(row, column)
    with ctx.drawing(canvas, face.piece, (x, y, grid.cell_width, grid.cell_height)):
        _draw_card(canvas, grid, row, column, face, extra, forms)


def _draw_card(
    canvas: Canvas, grid: Grid, row: int, column: int, face: Face, extra: float, forms: set[str]
) -> None:
    """Background and band into the bleed, then the design inside the trim box."""
    x, y = grid.origin(row, column)
    w, h = grid.cell_width, grid.cell_height
    bx, by, bw, bh = grid.bleed_box(row, column, extra)
    if extra:  # identical backs overlap a little, so viewers show no hairline seams
        bx, by, bw, bh = bx - SEAM, by - SEAM, bw + 2 * SEAM, bh + 2 * SEAM
    canvas.setFillColor(face.background)
    canvas.rect(bx, by, bw, bh, stroke=0, fill=1)
    if face.band:
        canvas.setFillColor(face.band_colour)
        canvas.rect(bx, y + h - face.band, bw, by + bh - (y + h - face.band), stroke=0, fill=1)
    if face.form is None:
        face.paint(canvas, (x, y, w, h))
        return
    if face.form not in forms:
        canvas.beginForm(face.form, lowerx=0, lowery=0, upperx=w, uppery=h)
        face.paint(canvas, (0, 0, w, h))
        canvas.endForm()
        forms.add(face.form)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(face.form)
    canvas.restoreState()


def _sheet_marks(ctx: RenderContext, canvas: Canvas, grid: Grid) -> None:
    crop_marks(canvas, grid)
    ctx.furniture.on_grid_sheet(canvas, grid)


def _back_page(
    ctx: RenderContext,
    canvas: Canvas,
    grid: Grid,
    cells: list[tuple[int, int]],
    back: Face,
    forms: set[str],
) -> None:
    """Backs behind their fronts, shifted by the user's measured printer offset."""
    dx, dy = ctx.settings.back_offset
    canvas.saveState()
    canvas.translate(dx, dy)
    for row, column in cells:
        back_row, back_column = grid.back_cell(row, column, ctx.settings.duplex)
        _card(ctx, canvas, grid, back_row, back_column, back, BACK_BLEED_EXTRA, forms)
    canvas.restoreState()
    ctx.furniture.on_grid_sheet(canvas, grid)
    canvas.showPage()


def decks(ctx: RenderContext) -> list[Deck]:
    """The four decks in print order, with one face per physical card."""
    content = ctx.content
    kit = content.kit
    teams = {team.id: team for team in content.teams}
    talents = {talent.id: talent for talent in content.talents}
    heroes = sorted(content.heroes, key=lambda h: (h.team, h.name))
    hero_faces = [_hero_face(ctx, hero, teams, talents) for hero in heroes]
    weapon_faces: list[Face] = []
    counts = kit.weapon_cards if kit else {}
    for weapon in content.weapons:
        weapon_faces += [_weapon_face(ctx, weapon)] * counts.get(weapon.id, 0)
    if content.qwik is not None:
        weapon_faces += [_qwik_face(ctx)] * counts.get(content.qwik.id, 0)
    stones = kit.stone_cards if kit else 0
    points = kit.point_cards if kit else 0
    tr = ctx.tr
    return [
        Deck("hero", hero_faces, _back(ctx, tr.pgettext("card back", "Heroes"), "hero")),
        Deck("weapon", weapon_faces, _back(ctx, tr.pgettext("card back", "Weapons"), "weapon")),
        Deck(
            "stone",
            [_count_face(ctx, "stone", n) for n in range(1, stones + 1)],
            _back(ctx, tr.pgettext("card back", "Stones"), "stone"),
        ),
        Deck(
            "point",
            [_count_face(ctx, "point", n) for n in range(1, points + 1)],
            _back(ctx, tr.pgettext("card back", "Points"), "point"),
        ),
    ]


def _band_bottom(trim: Box, face_band: float) -> float:
    return trim[1] + trim[3] - face_band


def _line(
    ctx: RenderContext,
    canvas: Canvas,
    value: str,
    box: Box,
    largest: float,
    smallest: float,
    where: Where,
    bold: bool = False,
    family: text.Family = text.SANS,
    colour: Color = style.INK,
    align: str = "left",
    italic: bool = False,
) -> None:
    """One fitted line of text whose box top is at box's upper edge."""
    x, y, w, h = box
    block = ctx.fit([ctx.spans(value, bold, italic)], w, h, largest, smallest, family, where)
    canvas.setFillColor(colour)
    text.draw(canvas, block, x, y + h, family, icons.INLINE.draw, align, w)


def _stat(
    ctx: RenderContext,
    canvas: Canvas,
    box: Box,
    label: tuple[str, boxes.TextBox, float],
    value: str,
    icon: str | None,
    where: Where,
) -> None:
    """A labelled number in a rounded box; an icon beside the number when it has one.

    `label` is the label's text, its declared box and the card's inner width.
    """
    x, y, w, h = box
    canvas.setFillColor(style.PAPER)
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(0.4)
    canvas.roundRect(x + 0.4 * mm, y, w - 0.8 * mm, h, 1.2 * mm, stroke=1, fill=1)
    words, label_box, inner = label
    width = label_box.across(inner)
    corner = (x + (w - width) / 2, y + h - 0.8 * mm - label_box.height)
    ctx.label(canvas, words, label_box, corner, width, where, style.MUTED, "center")
    size = 11.0
    canvas.setFont(fonts.BOLD, size)
    canvas.setFillColor(style.INK)
    number_w = fonts.width(value, fonts.BOLD, size)
    icon_w = 3.2 * mm if icon else 0
    left = x + (w - number_w - icon_w) / 2
    canvas.drawString(left, y + 1.5 * mm, value)
    if icon:
        icons.ICONS[icon](canvas, left + number_w + 0.5 * mm, y + 1.6 * mm, 2.7 * mm)


def _hero_face(ctx: RenderContext, hero: Hero, teams: dict, talents: dict[str, Talent]) -> Face:
    tr = ctx.tr
    component = f"hero card {hero.name!r}"
    band = 17 * mm

    def where(box: str, origin: Origin | None = None) -> Where:
        return (origin or hero.origin, component, box)

    team = teams.get(hero.team)
    team_name = tr.content("team", team.id, "name", team.name) if team else hero.team
    team_line = f"{team_name} · {tr.country(hero.country)}"
    preferred = _preferred_name(ctx, hero.preferred)

    def paint(canvas: Canvas, trim: Box) -> None:
        x, y, w, h = trim
        safe = ctx.settings.safe
        inner_w = w - 2 * safe
        lower = _band_bottom(trim, band)
        shield = boxes.SHIELD
        name_w = boxes.PREFERRED.across(inner_w)
        image = (
            ctx.portrait(hero.portrait, where("portrait", hero.origin.at("portrait")))
            if hero.portrait
            else None
        )
        if image is not None:
            side = band - 2 * mm
            name_w -= side + 1 * mm
            canvas.drawImage(
                image,
                x + w - safe - shield - side - 1 * mm,
                lower + 1 * mm,
                side,
                side,
                preserveAspectRatio=True,
                anchor="c",
                mask="auto",
            )
        _line(
            ctx,
            canvas,
            hero.name,
            (x + safe, y + h - safe - 5 * mm, name_w, 5 * mm),
            11,
            6,
            where("name", hero.origin.at("name")),
            bold=True,
            colour=style.PAPER,
        )
        _line(
            ctx,
            canvas,
            team_line,
            (x + safe, lower + 4.6 * mm, name_w, 3.4 * mm),
            7,
            4.5,
            where("team and country"),
            colour=style.PAPER,
        )
        # Translators: hero card; {weapon} is a name, already translated: a weapon such as
        # 'long sword' or 'chain', or the Qwik position's name 'Qwik' (a hero may prefer either).
        label = tr.fill(
            tr.pgettext("hero card preferred", "Preferred: {weapon}"), {"weapon": preferred}
        )
        preferred_at = where("preferred", hero.origin.at("preferred"))
        corner = (x + safe, lower + 1.2 * mm)
        ctx.label(canvas, label, boxes.PREFERRED, corner, name_w, preferred_at, style.PAPER)
        sx, sy = x + w - safe - shield, y + h - safe - shield
        icons.shield(canvas, sx, sy, shield)
        canvas.setFillColor(style.INK)
        canvas.setFont(fonts.BOLD, 13)
        canvas.drawCentredString(sx + shield / 2, sy + shield * 0.38, tr.number(hero.cost))
        cost = boxes.COST_SHIELD  # its first line's baseline a fifth up the shield
        cost_w = cost.across()
        corner = (sx + (shield - cost_w) / 2, cost.bottom(sy + shield * 0.2))
        rc = tr.pgettext("cost shield", "RC")
        ctx.label(canvas, rc, cost, corner, cost_w, where("cost", hero.origin.at("cost")))
        _hero_stats(ctx, canvas, hero, (x + safe, lower - 23.5 * mm, inner_w, 22.5 * mm), where)
        talent_top = lower - 24.5 * mm
        paragraphs = _talent_paragraphs(ctx, hero, talents)
        box_h = talent_top - (y + safe)
        block = ctx.fit(
            paragraphs,
            inner_w,
            box_h,
            7.0,
            4.6,
            text.CONDENSED,
            where("talents", hero.origin.at("talents")),
        )
        canvas.setFillColor(style.INK)
        text.draw(canvas, block, x + safe, talent_top, text.CONDENSED, icons.INLINE.draw)

    piece = Piece("hero", hero.id, hero.origin)
    return Face(paint, band=band, band_colour=theme.DECK_COLOURS["hero"], piece=piece)


def _hero_stats(
    ctx: RenderContext, canvas: Canvas, hero: Hero, box: Box, where: Callable[..., Where]
) -> None:
    """Two rows of four stats: attributes, then combat scores and points."""
    tr = ctx.tr
    x, y, w, h = box
    rows = [
        [
            ("will", tr.pgettext("hero card stat", "Will"), hero.will, None),
            ("reflexes", tr.pgettext("hero card stat", "Reflexes"), hero.reflexes, None),
            ("fortitude", tr.pgettext("hero card stat", "Fortitude"), hero.fortitude, None),
            (
                "light feet",
                tr.pgettext("hero card stat", "Light feet"),
                hero.light_feet,
                "light_feet",
            ),
        ],
        [
            ("attack", tr.pgettext("hero card stat", "Attack"), hero.attack, None),
            ("defence", tr.pgettext("hero card stat", "Defence"), hero.defence, None),
            ("focus", tr.pgettext("hero card stat", "Focus"), hero.focus, "focus"),
            ("stamina", tr.pgettext("hero card stat", "Stamina"), hero.stamina, "stamina"),
        ],
    ]
    cell_w, cell_h = w * boxes.HERO_STAT.share, (h - 1 * mm) / 2
    for r, row in enumerate(rows):
        for c, (box_name, text_, value, icon) in enumerate(row):
            cell = (x + c * cell_w, y + h - (r + 1) * cell_h - r * 1 * mm, cell_w, cell_h)
            label = (text_, boxes.HERO_STAT, w)
            field = hero.origin.at(box_name.replace(" ", "_"))
            _stat(ctx, canvas, cell, label, tr.number(value), icon, where(box_name, field))


def _preferred_name(ctx: RenderContext, ident: str) -> str:
    content = ctx.content
    if content.qwik is not None and ident == content.qwik.id:
        return ctx.tr.content("qwik", ident, "name", content.qwik.name)
    for weapon in content.weapons:
        if weapon.id == ident:
            return ctx.tr.content("weapon", weapon.id, "name", weapon.name)
    return ident


def _talent_paragraphs(
    ctx: RenderContext, hero: Hero, talents: dict[str, Talent]
) -> list[list[text.Span]]:
    """Per talent: a heading (name, keyword, cost, requirement) then its text.

    A reaction's text itself says what it answers, so its trigger is not repeated.
    """
    tr = ctx.tr
    out: list[list[text.Span]] = []
    for ident in hero.talents:
        talent = talents.get(ident)
        if talent is None:
            continue
        if out:
            out.append([])
        name = tr.content("talent", talent.id, "name", talent.name)
        head = [
            text.Span(name, bold=True),
            text.Span(" · "),
            text.Span(labels.keyword_label(ctx, talent.keyword), italic=True),
            text.Span(" · "),
        ]
        if talent.cost_kind == "free" or not talent.cost_amount:
            head += [text.Span(tr.pgettext("talent cost", "free"))]
        else:
            head += [
                text.Span(tr.number(talent.cost_amount) + " ", bold=True),
                text.Span(talent.cost_kind, icon=True),
            ]
        if talent.required:
            need = tr.fill(
                # Translators: after a talent's name; {what} is a name, already translated: a weapon
                # such as 'staff', or the Qwik position's name 'Qwik'.
                tr.pgettext("talent", "requires {what}"),
                {"what": _preferred_name(ctx, talent.required)},
            )
            head += [text.Span(" · "), text.Span(need, italic=True)]
        out.append(head)
        out.append(ctx.spans(talent_text(tr, talent)))
    return out


def talent_text(tr: Translator, talent: Talent) -> str:
    """A talent's rules text as its card prints it: translated, numbers filled in, right form."""
    return tr.content(
        "talent",
        talent.id,
        "text",
        talent.text,
        talent.placeholders(),
        talent.text_plural,
        talent.text_count,
    )


def _weapon_face(ctx: RenderContext, weapon: Weapon) -> Face:
    tr = ctx.tr
    name = text.capitalised(tr.content("weapon", weapon.id, "name", weapon.name))
    where = (weapon.origin, f"weapon card {weapon.name!r}", "name")
    band = 15 * mm

    def paint(canvas: Canvas, trim: Box) -> None:
        x, y, w, _h = trim
        safe = ctx.settings.safe
        inner_w = w - 2 * safe
        lower = _band_bottom(trim, band)
        _title(ctx, canvas, trim, lower, name, tr.pgettext("card kind", "Weapon"), where)
        _weapon_art(canvas, weapon, (x + safe, lower - 32 * mm, inner_w, 30 * mm))
        stats = [
            (tr.pgettext("weapon card stat", "Attack"), weapon.attack),
            (tr.pgettext("weapon card stat", "Defence"), weapon.defence),
            (tr.pgettext("weapon card stat", "Range"), weapon.range),
        ]
        cell_w = inner_w * boxes.WEAPON_STAT.share
        for i, (label, value) in enumerate(stats):
            _stat(
                ctx,
                canvas,
                (x + safe + i * cell_w, y + safe + 13 * mm, cell_w, 12 * mm),
                (label, boxes.WEAPON_STAT, inner_w),
                tr.number(value),
                None,
                where,
            )
        count = tr.fill(
            # Translators: weapon card; {stones} is a number of stones, the weapon's crouch count.
            tr.npgettext(
                "weapon card crouch count",
                "Crouch count: {stones} stone",
                "Crouch count: {stones} stones",
                weapon.crouch_count,
            ),
            {"stones": weapon.crouch_count},
        )
        count_w = boxes.CROUCH_COUNT.across(inner_w)
        corner = (x + safe, y + safe + 7 * mm)
        ctx.label(canvas, count, boxes.CROUCH_COUNT, corner, count_w, where, align="center")
        if weapon.chain:
            note = tr.pgettext("weapon card note", "Can be thrown, then must be readied again.")
            note_w = boxes.WEAPON_NOTE.across(inner_w)
            corner = (x + safe, y + safe + 2 * mm)
            ctx.label(canvas, note, boxes.WEAPON_NOTE, corner, note_w, where, align="center")

    colour = theme.DECK_COLOURS["weapon"]
    piece = Piece("weapon", weapon.id, weapon.origin)
    return Face(paint, band=band, band_colour=colour, form=f"weapon-{weapon.id}", piece=piece)


def _title(
    ctx: RenderContext, canvas: Canvas, trim: Box, lower: float, name: str, kind: str, where: Where
) -> None:
    """A weapon or position card's band: the big name and, under it, what kind of card it is."""
    x, y, w, h = trim
    safe = ctx.settings.safe
    inner_w = w - 2 * safe
    box = (x + safe, y + h - safe - 7 * mm, inner_w, 7 * mm)
    _line(ctx, canvas, name, box, 15, 7, where, bold=True, colour=style.PAPER)
    corner = (x + safe, lower + 1.5 * mm)
    ctx.label(
        canvas,
        kind,
        boxes.CARD_KIND,
        corner,
        boxes.CARD_KIND.across(inner_w),
        where,
        style.PAPER,
    )


def _weapon_art(canvas: Canvas, weapon: Weapon, box: Box) -> None:
    """A simple vector sketch of the weapon: its reach grows with its range."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    length = h * min(0.45 + 0.18 * weapon.range, 1.0)  # a long reach still fits the box
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(35)
    canvas.setStrokeColor(style.INK)
    canvas.setFillColor(style.MUTED)
    if weapon.chain:
        canvas.setFillColor(style.INK)
        canvas.circle(0, length / 2 - 3 * mm, 3.2 * mm, stroke=0, fill=1)
        for i in range(7):
            canvas.circle(0, -length / 2 + i * 3 * mm, 1.1 * mm, stroke=1, fill=0)
    else:
        canvas.setLineWidth(2.2)
        canvas.line(0, -length / 2, 0, length / 2)
        canvas.setFillColor(theme.ORANGE)
        canvas.roundRect(
            -1.6 * mm,
            length / 2 - length * 0.45,
            3.2 * mm,
            length * 0.45,
            1.4 * mm,
            stroke=0,
            fill=1,
        )
        if weapon.defence >= 2:
            canvas.roundRect(
                -1.6 * mm, -length / 2, 3.2 * mm, length * 0.3, 1.4 * mm, stroke=0, fill=1
            )
        if weapon.defence >= 3:
            canvas.setFillColor(theme.DECK_COLOURS["hero"])
            canvas.circle(-7 * mm, -2 * mm, 7 * mm, stroke=0, fill=1)
    canvas.restoreState()


def _qwik_face(ctx: RenderContext) -> Face:
    tr = ctx.tr
    qwik = ctx.content.qwik
    assert qwik is not None
    name = tr.content("qwik", qwik.id, "name", qwik.name)
    where = (qwik.origin, "Qwik card", "text")
    band = 15 * mm

    def paint(canvas: Canvas, trim: Box) -> None:
        x, y, w, _h = trim
        safe = ctx.settings.safe
        inner_w = w - 2 * safe
        lower = _band_bottom(trim, band)
        _title(ctx, canvas, trim, lower, name, tr.pgettext("card kind", "Position"), where)
        icons.jugg(canvas, x + w / 2 - 11 * mm, lower - 30 * mm, 22 * mm)
        body = tr.pgettext(
            "qwik card",
            "The Qwik carries no weapon. Only a Qwik may pick up, carry, throw and score the jugg.",
        )
        box = boxes.QWIK_TEXT
        ctx.label(
            canvas, body, box, (x + safe, y + safe), box.across(inner_w), where, align="center"
        )

    piece = Piece("qwik", qwik.id, qwik.origin)
    return Face(paint, band=band, band_colour=theme.DECK_COLOURS["hero"], form="qwik", piece=piece)


def _count_face(ctx: RenderContext, kind: str, number: int) -> Face:
    """Stone n / point n: a big numeral with the deck's name."""
    tr = ctx.tr
    label = (
        tr.pgettext("count card", "Stone")
        if kind == "stone"
        else tr.pgettext("count card", "Point")
    )
    where = ctx.kit_where(f"{kind} card", "label")

    def paint(canvas: Canvas, trim: Box) -> None:
        x, y, w, h = trim
        safe = ctx.settings.safe
        box = boxes.COUNT_CARD
        corner = (x + safe, y + h - safe - box.height)
        ctx.label(
            canvas, label, box, corner, box.across(w - 2 * safe), where, style.PAPER, "center"
        )
        canvas.setFillColor(theme.DECK_COLOURS[kind])
        canvas.setFont(fonts.BOLD, 64)
        canvas.drawCentredString(x + w / 2, y + h * 0.32, tr.number(number))
        icons.jugg(canvas, x + w / 2 - 4 * mm, y + safe + 2 * mm, 8 * mm, theme.DECK_COLOURS[kind])

    piece = Piece(kind, str(number), ctx.place)
    return Face(paint, band=15 * mm, band_colour=theme.DECK_COLOURS[kind], piece=piece)


def _back(ctx: RenderContext, deck_name: str, kind: str) -> Face:
    """A deck's shared back: the game's name, the deck's name and a jugg emblem."""
    tr = ctx.tr
    title = tr.pgettext("card back title", "Jugger TTG")
    where = ctx.kit_where(f"{kind} card back", "title")

    def paint(canvas: Canvas, trim: Box) -> None:
        x, y, w, h = trim
        safe = ctx.settings.safe
        canvas.setStrokeColor(theme.BACK_ACCENT)
        canvas.setLineWidth(1.2)
        canvas.roundRect(x + safe, y + safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
        icons.jugg(canvas, x + w / 2 - 12 * mm, y + h / 2 - 8 * mm, 24 * mm, theme.BACK_ACCENT)
        inner = w - 2 * safe
        box = boxes.BACK_TITLE
        corner = (x + safe + 2 * mm, y + h - safe - 14 * mm)
        ctx.label(canvas, title, box, corner, box.across(inner), where, style.PAPER, "center")
        box = boxes.BACK_DECK
        corner = (x + safe + 2 * mm, y + safe + 8 * mm)
        colour = theme.BACK_ACCENT
        ctx.label(canvas, deck_name, box, corner, box.across(inner), where, colour, "center")

    piece = Piece("back", kind, ctx.place)
    return Face(paint, background=theme.DECK_COLOURS[kind], form=f"back-{kind}", piece=piece)


def _alignment_test(ctx: RenderContext, canvas: Canvas, grid: Grid) -> None:
    """Front and back pages with crosses at every cut crossing, to measure a printer's offset."""
    tr = ctx.tr
    xs, ys = grid.cuts()
    for side in ("front", "back"):
        dx, dy = ctx.settings.back_offset if side == "back" else (0.0, 0.0)
        colour = theme.EYE_RED if side == "back" else style.INK
        canvas.saveState()
        canvas.translate(dx, dy)
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(0.3)
        for cx in xs:
            for cy in ys:
                canvas.line(cx - 4 * mm, cy, cx + 4 * mm, cy)
                canvas.line(cx, cy - 4 * mm, cx, cy + 4 * mm)
                if side == "back":
                    for t in range(-3, 4):
                        canvas.line(cx + t * mm, cy - 0.8 * mm, cx + t * mm, cy + 0.8 * mm)
                        canvas.line(cx - 0.8 * mm, cy + t * mm, cx + 0.8 * mm, cy + t * mm)
        canvas.restoreState()
        if side == "front":
            heading = tr.pgettext("alignment test heading", "Duplex alignment test: front")
            body = tr.pgettext(
                "alignment test",
                "Print this sheet on both sides with the same settings as the cards. "
                "Hold it against a light: where the red crosses of the back sit away "
                "from the black crosses, read the distance on the red scale (one tick "
                "per millimetre) and enter it as the back offset.",
            )
        else:
            heading = tr.pgettext("alignment test heading", "Duplex alignment test: back")
            body = tr.pgettext(
                "alignment test",
                "Red crosses: the back. If they line up with the black crosses of the "
                "front, your printer needs no back offset.",
            )
        title, box = boxes.ALIGNMENT_HEADING, boxes.ALIGNMENT_TEXT
        left, top = grid.left + 8 * mm, grid.top - 10 * mm
        width = min(box.across(), grid.cell_width * grid.columns - 16 * mm)
        where = ctx.kit_where("alignment test", "heading")
        ctx.label(canvas, heading, title, (left, top - title.height), width, where)
        where = ctx.kit_where("alignment test", "text")
        ctx.label(canvas, body, box, (left, top - 12 * mm - box.height), width, where)
        ctx.furniture.on_grid_sheet(canvas, grid)
        canvas.showPage()
