"""rules.pdf: the complete rules of play, from a translated Jinja2 template.

The prose lives in templates/rules.j2, one `{% trans %}` block per paragraph,
so translators see whole paragraphs and no rules text sits in code. Every
number in it is a `{placeholder}` filled here from content/ after
translation (`rulebook_values`), written the locale's way: changing a budget,
a cost or a table in content/ changes the book in every locale. The
template's block syntax (headings, bullets, steps, tables, diagrams) is
described at its top; this module turns those blocks into laid-out items
that the engine's book (render/booksheet.py: page geometry, headings,
furniture) flows into two columns, page after page, at one fixed, readable
type size, as it does a data pack's sheet in book mode.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import booksheet, text
from ttgbuild.packapi.booksheet import BODY, Pages, Setting
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import Column, Figure, Item, Labels, Lines, Solid, Table
from ttgbuild.packapi.kit import environment
from ttgbuild.packs.jugger import TEMPLATES
from ttgbuild.packs.jugger.model import Content, Hero, Rules, Weapon
from ttgbuild.packs.jugger.render import changes, diagrams, dienote, icons
from ttgbuild.packs.jugger.render.labels import sheet_label

TABLE = 8.5  # the book's tables: a little smaller than its body (booksheet.BODY)
SETTING = Setting(icons.INLINE.draw)  # the engine's book setting with the game's icons
DIAGRAM = 44 * mm
FIELD_DIAGRAM = 44 * mm
BOLD = re.compile(r"<b>(.*?)</b>")

Values = dict[str, int | str]


# --- the template ---------------------------------------------------------------------------


def rendered_template(ctx: RenderContext, values: Values) -> str:
    """rules.j2 in the context's locale, placeholders still unfilled.

    Old-style gettext: a block without Jinja variables reaches the catalog
    exactly as written. A plural block names its count (`{% trans n %}`);
    Jinja then applies `% {n: ...}` to the chosen form, so its percent signs
    are doubled first and come out single.
    """
    tr = ctx.tr
    env = environment(TEMPLATES)

    def plural(singular: str, plural_: str, n: int) -> str:
        return tr.ngettext(singular, plural_, n).replace("%", "%%")

    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=tr._, ngettext=plural, newstyle=False
    )
    counts = {key: value for key, value in values.items() if isinstance(value, int)}
    rules = ctx.content.rules
    faces_assumed = rules.faces_assumed if rules is not None else True
    ties = rules.tie_hits if rules is not None else None  # who is hit on equal juggs
    return env.get_template("rules.j2").render(**counts, faces_assumed=faces_assumed, ties=ties)


@dataclass(frozen=True)
class Block:
    """One block of the template: its kind and its (filled) text lines."""

    kind: str  # "h1", "h2", "p", "bullets", "steps", "table", "diagram"
    lines: list[str]
    name: str = ""  # a table's or diagram's name
    rows: list[list[str]] = field(default_factory=list)  # "|" lines, split into cells


def blocks(source: str, fill: Callable[[str], str]) -> list[Block]:
    """The template's output cut into blocks, each text filled and its spaces squeezed."""

    def clean(value: str) -> str:
        return fill(text.squeeze(value))  # keeps no-break spaces

    out = []
    for chunk in source.split("\n\n"):
        lines = [line for line in chunk.strip("\n").split("\n") if line.strip()]
        if not lines:
            continue
        first = lines[0]
        if first.startswith("@"):
            kind, _, name = first[1:].partition(" ")
            rows = [
                [clean(cell) for cell in line.strip().strip("|").split("|")] for line in lines[1:]
            ]
            out.append(Block(kind, [], name.strip(), rows))
        elif first.startswith("## "):
            out.append(Block("h2", [clean(first[3:])]))
        elif first.startswith("# "):
            out.append(Block("h1", [clean(first[2:])]))
        elif first.startswith("- "):
            out.append(Block("bullets", [clean(line[2:]) for line in lines]))
        elif first.startswith("+ "):
            out.append(Block("steps", [clean(line[2:]) for line in lines]))
        else:
            out.append(Block("p", [clean(" ".join(lines))]))
    return out


def with_variants(parsed: list[Block], listed: tuple[str, list[str]] | None) -> list[Block]:
    """The kit's declared changes to the published rules (render/changes.py), a heading and
    its summaries, before the first chapter, where a player reads them before any rule.
    Nothing is added when the kit plays the book as published (`listed` None)."""
    if listed is None:
        return parsed
    title, summaries = listed
    first = next((i for i, block in enumerate(parsed) if block.kind == "h1"), len(parsed))
    added = [Block("h2", [title]), Block("bullets", summaries)]
    return [*parsed[:first], *added, *parsed[first:]]


# --- the numbers ---------------------------------------------------------------------------


def rulebook_values(ctx: RenderContext) -> Values:
    """Every value the template names, from content/ (numbers stay ints: fill formats them)."""
    content = ctx.content
    rules = content.rules
    values: Values = {}
    if rules is not None:
        values.update(_rules_values(ctx, rules))
    if content.board is not None:
        values.update(columns=content.board.columns, rows=content.board.rows)
    kit = content.kit
    if kit is not None:
        counters = kit.counters
        values.update(
            stone_cards=kit.stone_cards,
            point_cards=kit.point_cards,
            weapon_cards=sum(kit.weapon_cards.values()),
            bases=sum(kit.bases.values()),
            dice=kit.dice,
            focus_counters=counters.get("focus", 0),
            stamina_counters=counters.get("stamina", 0),
            synergy_counters=counters.get("team_synergy", 0),
            delay_counters=counters.get("delay", 0),
            crouch_templates=counters.get("crouch_template", 0),
            crouch_counts=counters.get("crouch_count", 0),
            chain_tokens=counters.get("chain_ready", 0),
            exhausted_counters=counters.get("exhausted", 0),
            pinned_counters=counters.get("pinned", 0),
            held_counters=counters.get("held", 0),
        )
    if rules is not None:
        values.update(_example_values(ctx, content, rules))
    return values


def _rules_values(ctx: RenderContext, rules: Rules) -> Values:
    tr = ctx.tr
    values: Values = {f"cost_{key}": amount for key, amount in rules.costs.items()}
    draft = rules.draft
    values.update(
        dice_per_player=rules.dice_per_player,
        faces=dienote.faces_list(tr, rules.faces),
        qwiks=rules.qwiks_in_play,
        defenders=rules.defenders_in_play,
        weapons_max=rules.weapons_max,
        chains_min=rules.chains_min,
        chains_max=rules.chains_max,
        activation_first=rules.activation_first,
        activation_last=rules.activation_last,
        max_move=rules.max_move_per_activation,
        attack_penalty=rules.exhausted.get("attack_penalty", 0),
        defence_penalty=rules.exhausted.get("defence_penalty", 0),
        exhausted_move=rules.exhausted.get("max_move", 0),
        out_of_bounds_crouch=rules.out_of_bounds_crouch,
        crouch_counts_per_stone=rules.crouch_counts_per_stone,
        sweep_far_distance=rules.sweep_far_distance,
        push_hexes=rules.push_hexes,
        pins_per_hero=rules.pins_per_hero,
        throw_hexes=rules.throw_hexes,
        draft_deal=draft.get("deal", 0),
        draft_draw=draft.get("draw", 0),
        draft_dice=draft.get("first_player_dice", 0),
        recruit_min=draft.get("recruit_min", 0),
        recruit_max=draft.get("recruit_max", 0),
        hand_max=draft.get("hand_max", 0),
    )
    return values


def _pick(heroes: Sequence[Hero], score: Callable[[Hero], int]) -> Hero | None:
    """The hero with the highest score, ties broken by id, so the example is stable."""
    return min(heroes, key=lambda h: (-score(h), h.id), default=None)


def example_weapons(weapons: Sequence[Weapon]) -> tuple[Weapon, Weapon] | None:
    """The worked example's weapons: the attacker's the strongest non-chain attack (longest
    range on a tie), the defender's the best defence; ties broken by id."""
    swords = [w for w in weapons if not w.chain]
    if not swords:
        return None
    attack = min(swords, key=lambda w: (-w.attack, -w.range, w.id))
    defence = min(weapons, key=lambda w: (-w.defence, w.id))
    return attack, defence


def _example_values(ctx: RenderContext, content: Content, rules: Rules) -> Values:
    """The worked example of combat: real heroes and weapons, the rules' costs and die."""
    tr = ctx.tr
    chosen = example_weapons(content.weapons)
    attacker = _pick(content.heroes, lambda h: h.attack)
    defender = _pick([h for h in content.heroes if h is not attacker], lambda h: h.defence)
    if chosen is None or attacker is None or defender is None:
        return {}
    sword, shield = chosen
    attack_dice = attacker.attack + sword.attack
    boost = rules.costs.get("boost_per_die", 0)
    defence_dice = defender.defence + shield.defence
    best_face = max(rules.faces, default=0)
    defence_juggs = min(best_face, defence_dice * best_face)
    attack_juggs = min(defence_juggs + 1, (attack_dice + 1) * best_face)
    return {
        "attacker": attacker.name,
        "target": defender.name,
        "attacker_attack": attacker.attack,
        "target_defence": defender.defence,
        "attacker_weapon": tr.content("weapon", sword.id, "name", sword.name),
        "target_weapon": tr.content("weapon", shield.id, "name", shield.name),
        "attacker_weapon_attack": sword.attack,
        "target_weapon_defence": shield.defence,
        "attack_dice": attack_dice,
        "attack_total": attack_dice + 1,
        "example_boost_cost": boost,
        "defence_dice": defence_dice,
        "attack_juggs": attack_juggs,
        "defence_juggs": defence_juggs,
        "example_crouch": sword.crouch_count,
    }


# --- laying out ----------------------------------------------------------------------------


def spans(value: str, bold: bool = False) -> list[text.Span]:
    """A paragraph's spans: <b>...</b> lead-ins bold, [icon] tokens drawn."""
    out: list[text.Span] = []
    pos = 0
    for match in BOLD.finditer(value):
        out += text.spans(value[pos : match.start()], bold, icons=icons.INLINE.names)
        out += text.spans(match.group(1), True, icons=icons.INLINE.names)
        pos = match.end()
    out += text.spans(value[pos:], bold, icons=icons.INLINE.names)
    return out


@dataclass
class Book:
    """What is being laid out for one locale: the context, its names and values."""

    ctx: RenderContext
    names: dict[str, str]  # ids (move types, formats, diagram keys) -> translated labels
    width: float  # column width
    texts: list[list[text.Span]] = field(default_factory=list)  # every printed text, for glyphs

    def lines(self, value: str, marker: str = "", indent: float = 0.0) -> Lines:
        paragraph = spans(value)
        self.texts.append(paragraph)
        return booksheet.lines(paragraph, self.width, SETTING, marker, indent)

    def heading(self, value: str, level: int) -> Solid:
        self.texts.append([text.Span(value, bold=True)])
        return booksheet.heading(value, level, self.width, SETTING)


def _items(book: Book, parsed: Sequence[Block]) -> list[Item]:
    """Every block as paginate items, in reading order."""
    tr = book.ctx.tr
    items: list[Item] = []
    for block in parsed:
        if block.kind in ("h1", "h2"):
            items.append(book.heading(block.lines[0], 1 if block.kind == "h1" else 2))
        elif block.kind == "p":
            items.append(book.lines(block.lines[0]))
        elif block.kind in ("bullets", "steps"):
            count = len(block.lines)
            markers = (
                ["•"] * count
                if block.kind == "bullets"
                else [tr.number(i) + "." for i in range(1, count + 1)]
            )
            indent = booksheet.marker_indent(markers, SETTING)
            items += [
                book.lines(line, marker, indent)
                for line, marker in zip(block.lines, markers, strict=True)
            ]
        elif block.kind == "table":
            laid = _table(book, block).layout(book.width, TABLE, text.CONDENSED, icons.INLINE.draw)
            items.append(booksheet.solid(laid, SETTING))
        elif block.kind == "diagram":
            figure = _diagram(book, block.name)
            if figure is not None:
                laid = figure.layout(book.width, BODY, text.SANS, icons.INLINE.draw)
                items.append(booksheet.solid(laid, SETTING))
    return items  # "names" blocks only label tables and diagrams


def _cells(book: Book, row: Sequence[str], bold_first: bool = False) -> list[list[text.Span]]:
    cells = [spans(cell, bold=bold_first and i == 0) for i, cell in enumerate(row)]
    book.texts.extend(cells)
    return cells


def _table(book: Book, block: Block) -> Table:
    """A table named in the template: its header (and rows) from there, or rows from content."""
    content = book.ctx.content
    tr = book.ctx.tr
    rules = content.rules
    header = _cells(book, block.rows[0]) if block.rows else []
    rows: list[list[str]] = [list(r) for r in block.rows[1:]]

    def label(ident: str) -> str:
        return book.names.get(ident, ident)

    n = tr.number
    if block.name == "weapons":
        rows = [
            [
                text.capitalised(tr.content("weapon", w.id, "name", w.name)),
                n(w.attack),
                n(w.defence),
                n(w.range),
                n(w.crouch_count),
            ]
            for w in content.weapons
        ]
    elif block.name == "formats" and rules is not None:
        rows = [
            [label(f.id), n(f.points_to_win), n(f.team_size), n(f.in_play), n(f.budget)]
            for f in rules.formats.values()
        ]
    elif block.name == "synergy" and rules is not None:
        rows = [[n(i), n(points)] for i, points in enumerate(rules.synergy, start=1)]
    elif block.name == "movement" and rules is not None:
        rows = [[label(m.id), f"{n(m.min)}\u2013{n(m.max)}", n(m.cost)] for m in rules.movement]
    widths = len(header) or (len(rows[0]) if rows else 1)
    first = Column(weight=1)
    rest = [Column("center")] * (widths - 1)
    if block.name == "costs":
        first, rest = Column(), [Column(weight=1), Column("center")]
    if block.name == "synergy":
        first = Column("center", weight=1)
        rest = [Column("center", weight=1)] * (widths - 1)
    body = [_cells(book, row, bold_first=block.name != "synergy") for row in rows]
    return Table([first, *rest], body, header)


def _diagram(book: Book, name: str) -> Figure | None:
    """A rules diagram by its template name, drawn by diagrams.py with translated captions."""
    ctx = book.ctx
    rules = ctx.content.rules
    values = book.names
    origin = rules.origin if rules else Origin("content/rules.yaml")
    fit = ctx.fitter((origin, "rulebook", "diagrams"))

    def figure(draw: Callable[..., None], height: float = DIAGRAM, **extra: object) -> Figure:
        def paint(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
            draw(canvas, x, y, w, h, labels=values, fit=fit, **extra)

        return Figure(height, paint)

    if name == "arcs":
        return figure(diagrams.front_rear_arc)
    if name == "sight":
        return figure(diagrams.line_of_sight, DIAGRAM * 0.8)
    if name == "flank":
        return figure(diagrams.flank_and_back)
    if name == "reach" and rules is not None:
        return figure(diagrams.movement_reach, movement=rules.movement)
    if name == "example":
        chosen = example_weapons(ctx.content.weapons)
        if chosen is None:
            return None
        return figure(diagrams.combat_example, DIAGRAM * 0.8, reach=chosen[0].range)
    if name == "corners" and ctx.content.board is not None:
        return figure(diagrams.field_corners, FIELD_DIAGRAM, board=ctx.content.board)
    return None


# --- pages -----------------------------------------------------------------------------------


def render(ctx: RenderContext) -> bytes:
    tr = ctx.tr
    rules = ctx.content.rules
    if rules is None:  # the build validates first: rules.yaml is loaded when rendering starts
        raise ValueError("the rulebook needs content/rules.yaml")
    title = sheet_label(tr, "document_title", "rules")
    canvas, buffer = new_canvas(ctx.settings.page, title, "rules", tr.locale)
    ctx.progress("rules: laying out")
    values = rulebook_values(ctx)
    printed = changes.kit_variants(ctx)
    listed = (changes.heading(tr, printed), [v["summary"] for v in printed]) if printed else None
    parsed = with_variants(
        blocks(rendered_template(ctx, values), lambda s: tr.fill(s, values)), listed
    )
    # A label translated as blank leaves a row of one cell: the diagrams print its id instead.
    names = Labels(
        {
            row[0]: row[1]
            for block in parsed
            if block.kind == "names"
            for row in block.rows
            if len(row) == 2
        }
    )
    book = Book(ctx, names, booksheet.column_width(ctx.settings.page, SETTING.count))
    items = _items(book, parsed)

    def folio(number: int, total: int) -> str:
        return tr.fill(sheet_label(tr, "folio", "page"), {"page": number, "pages": total})

    where = (rules.origin, "rulebook", "columns")
    booksheet.print_pages(ctx, canvas, items, book.texts, Pages(title, folio, where, SETTING))
    return finish(canvas, buffer)
