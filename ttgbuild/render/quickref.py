"""quickref.pdf: a two-page quick reference a player keeps at the table instead of the rulebook.

The front covers a point from the team sheet to the last stone (formats,
structure of a point and a stone, activation order, the points economy,
movement, every action's cost, weapons); the back covers combat (sequence
and results, flank and back attacks, attacks of opportunity, line of sight,
crouching and pinning, wrestling), talents, the icon legend and the odds.

Every number is read from the content at render time and reaches translated
text only through `{placeholders}`, so changing rules.yaml or weapons.yaml
changes the sheet in every locale. Sections flow into three columns per
page at the largest type size that fits (see flow.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.model import Origin, Rules
from ttgbuild.odds import combat_odds
from ttgbuild.render import diagrams, fonts, icons, style, text
from ttgbuild.render.cards import keyword_label
from ttgbuild.render.context import PrintProblem, RenderContext
from ttgbuild.render.flow import (
    Cell,
    Column,
    Figure,
    Picture,
    Prose,
    Section,
    Table,
    columns,
    flow,
)
from ttgbuild.render.pdf import finish, new_canvas

SIDE = 10 * mm  # left and right margins
TOP = 9 * mm
TITLE = 9 * mm  # the title band
FOOT = 14 * mm  # room for the 100 % note and ruler (kept clear of the unprintable edge)
COLUMNS = 3
LARGEST, SMALLEST = 9.0, 5.5  # body type sizes the fitting may choose between
DIAGRAM = 45 * mm  # height of a diagram box (the column gives its width, about 60 mm)
ODDS_DICE = 10  # the odds tables show pools up to this many dice (a layout limit, not a rule)

NUMBER_ICON = re.compile(r"(\d)\s+(\[[a-z_]+\])")

Span = text.Span
Paragraph = list[Span]


def render(ctx: RenderContext) -> bytes:
    """Both pages of the sheet: front (playing a point) and back (combat and talents)."""
    tr = ctx.tr
    rules = ctx.content.rules
    if rules is None:  # the build validates first: rules.yaml is loaded when rendering starts
        raise ValueError("the quick reference needs content/rules.yaml")
    canvas, buffer = new_canvas(
        ctx.settings.page, tr._("Jugger TTG quick reference"), "quickref", tr.locale
    )
    pages = [
        (tr.pgettext("quickref", "Front: playing a point"), "front", front(ctx, rules)),
        (tr.pgettext("quickref", "Back: combat and talents"), "back", back(ctx, rules)),
    ]
    for subtitle, side, sections in pages:
        ctx.progress(f"quickref: {side}")
        _page(ctx, canvas, rules, subtitle, side, sections)
    return finish(canvas, buffer)


def _page(
    ctx: RenderContext,
    canvas: Canvas,
    rules: Rules,
    subtitle: str,
    side: str,
    sections: list[Section],
) -> None:
    """One page: title band, the sections flowed into columns, the print furniture.

    Problems point at rules.yaml: nearly everything on the sheet is read from it.
    """
    page_w, page_h = ctx.settings.page
    top = page_h - TOP
    width = page_w - 2 * SIDE

    def where(box: str) -> tuple[Origin, str, str]:
        return (rules.origin, "quick reference", f"{side} page, {box}")

    title = ctx.fit(
        [[Span(ctx.tr._("Jugger TTG quick reference"), bold=True)]],
        width * 0.58,
        TITLE,
        14,
        9,
        text.SANS,
        where("title"),
    )
    canvas.setFillColor(style.HEADER)
    text.draw(canvas, title, SIDE, top - 1 * mm, text.SANS, icons.inline)
    sub = ctx.fit(
        [[Span(subtitle, bold=True)]], width * 0.4, TITLE, 10, 6, text.CONDENSED, where("title")
    )
    sub_width = max((line[-1].x + line[-1].width for line in sub.lines if line), default=0.0)
    text.draw(canvas, sub, page_w - SIDE - sub_width, top - 2 * mm, text.CONDENSED, icons.inline)
    canvas.setStrokeColor(style.HEADER)
    canvas.setLineWidth(1.2)
    canvas.line(SIDE, top - TITLE + 1 * mm, page_w - SIDE, top - TITLE + 1 * mm)
    area = (SIDE, FOOT, width, top - TITLE - 1 * mm - FOOT)
    flowed = flow(sections, columns(area, COLUMNS), LARGEST, SMALLEST)
    flowed.paint(canvas)
    origin, component, box = where("columns")
    if not flowed.fits:
        ctx.problems.append(PrintProblem("JT901", origin, component, box, flowed.overflow_text()))
    # Characters the fonts lack are reported like on any other component (JT902);
    # an unbounded box makes ctx.fit check glyphs only, the flow above did the fitting.
    every = [[Span(s.title, bold=True)] for s in sections] + [
        list(p) for s in sections for p in _paragraphs(s)
    ]
    inf = float("inf")
    ctx.fit(every, inf, inf, flowed.size, flowed.size, text.CONDENSED, where("columns"))
    ctx.furniture.on_margin_sheet(canvas, FOOT)
    canvas.showPage()


def _paragraphs(section: Section) -> list[Paragraph]:
    """All text of a section, for the glyph check."""
    out: list[Paragraph] = []
    for block in section.blocks:
        if isinstance(block, Prose):
            out += [list(p) for p in block.paragraphs]
        elif isinstance(block, Table):
            for row in [block.header, *block.rows]:
                out += [list(cell) for cell in row if not isinstance(cell, Picture)]
    return out


# --- small builders ---------------------------------------------------------------


def _say(ctx: RenderContext, message: str, **values: int | str) -> Paragraph:
    """A translated sentence with its placeholders filled and its [icons] drawn.

    A number and the point icon after it ("2 [focus]") are glued into one word so
    a line never ends between a cost and its unit.
    """
    return ctx.spans(NUMBER_ICON.sub(r"\1\2", ctx.tr.fill(message, values)))


def _lead(ctx: RenderContext, lead: str, message: str, **values: int | str) -> Paragraph:
    """A sentence after a bold lead-in ("Flank attack: ...")."""
    return [*ctx.spans(lead, bold=True), Span(" "), *_say(ctx, message, **values)]


def _cost(ctx: RenderContext, amount: int) -> Paragraph:
    """A cost in points: the number and the focus icon, or the no-cost icon."""
    if amount == 0:
        return [Span("free", icon=True)]
    return [Span(ctx.tr.number(amount), bold=True), Span(" "), Span("focus", icon=True)]


def _cell(value: str, bold: bool = False) -> Paragraph:
    return [Span(value, bold=bold)]


def _capitalised(value: str) -> str:
    """A name at the start of a table row starts with a capital ("sword & shield")."""
    return value[:1].upper() + value[1:]


def _steps(ctx: RenderContext, paragraphs: list[Paragraph]) -> Prose:
    """A numbered procedure: the numbers are step positions, not game numbers."""
    return Prose(paragraphs, [ctx.tr.number(i) + "." for i in range(1, len(paragraphs) + 1)])


def _bullets(paragraphs: list[Paragraph]) -> Prose:
    return Prose(paragraphs, ["•"] * len(paragraphs))


def _diagram(
    ctx: RenderContext, rules: Rules, draw: Callable[..., None], **arguments: object
) -> Figure:
    """A rules diagram (diagrams.py) in a figure box; its captions' overflow is reported."""
    where = (rules.origin, "quick reference", "diagram captions")

    def fit(
        paragraphs: Sequence[Sequence[Span]],
        width: float,
        height: float,
        largest: float,
        smallest: float,
        family: text.Family,
    ) -> text.Fitted:
        return ctx.fit(paragraphs, width, height, largest, smallest, family, where)

    def paint(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        draw(canvas, x, y, w, h, fit=fit, **arguments)

    return Figure(DIAGRAM, paint)


def _arc_labels(ctx: RenderContext) -> dict[str, str]:
    tr = ctx.tr
    return {
        "front": tr.pgettext("diagram", "Front arc"),
        "rear": tr.pgettext("diagram", "Rear arc"),
    }


# --- front: playing a point ----------------------------------------------------------


def front(ctx: RenderContext, rules: Rules) -> list[Section]:
    return [
        _formats(ctx, rules),
        _point(ctx),
        _stone(ctx, rules),
        _activation(ctx, rules),
        _economy(ctx, rules),
        _movement(ctx, rules),
        _costs(ctx, rules),
        _weapons(ctx, rules),
    ]


def _format_name(ctx: RenderContext, ident: str) -> str:
    tr = ctx.tr
    names = {
        "short": tr.pgettext("quickref", "Short game"),
        "long": tr.pgettext("quickref", "Long game"),
    }
    return names.get(ident, ident)


def _formats(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    header = [
        _cell(tr.pgettext("quickref table", "Format")),
        # Translators: table header: points a side must score to win.
        _cell(tr.pgettext("quickref table", "Points to win")),
        _cell(tr.pgettext("quickref table", "Heroes")),
        _cell(tr.pgettext("quickref table", "In play")),
        # Translators: table header: the recruitment budget (most recruitment cost in total).
        _cell(tr.pgettext("quickref table", "Budget")),
    ]
    rows = [
        [
            _cell(_format_name(ctx, f.id), bold=True),
            _cell(tr.number(f.points_to_win)),
            _cell(tr.number(f.team_size)),
            _cell(tr.number(f.in_play)),
            _cell(tr.number(f.budget)),
        ]
        for f in rules.formats.values()
    ]
    table = Table(
        [Column(weight=1)] + [Column("center")] * 4,
        rows,
        header,
    )
    if rules.chains_min == rules.chains_max:
        chains = tr.pgettext(
            "quickref", "A team fields at most {weapons} weapons, exactly {chains} of them a chain."
        )
    else:
        chains = tr.pgettext(
            "quickref",
            "A team fields at most {weapons} weapons, {chains} to {chains_max} of them chains.",
        )
    notes = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "In play: {qwiks} Qwik and {defenders} defenders. Every defender carries a "
                "weapon card; the Qwik carries the Qwik card instead.",
            ),
            qwiks=rules.qwiks_in_play,
            defenders=rules.defenders_in_play,
        ),
        _say(
            ctx,
            chains,
            weapons=rules.weapons_max,
            chains=rules.chains_min,
            chains_max=rules.chains_max,
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The recruitment costs (RC) of a team's heroes add up to at most the budget. "
                "A hero joins a team only once. Long game: after a point, heroes in play may "
                "swap with reserves.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Teams and formats"), [table, _bullets(notes)])


def _point(ctx: RenderContext) -> Section:
    tr = ctx.tr
    steps = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Line up the heroes in play on the start zone, name the Qwik and give each "
                "defender a weapon card. Reserves wait on the reserve mat.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Hand out team synergy points (TSP) by the synergy table.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Initiative: each player rolls as many dice as the highest Will among their "
                "heroes in play. Most juggs wins; a tie rolls again.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The player without initiative deploys all heroes in the start zone first, "
                "then the other player.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Play stones until a Qwik puts the jugg in the goal the opponents defend. "
                "The first stone skips stone maintenance and the initiative roll.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The scorer takes a point card; a side with its points to win has won. "
                "Crouch templates, crouch counts and status tokens go, except exhausted. "
                "Everyone returns to the start zone; reserves recover stamina equal to "
                "their Fortitude.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Structure of a point"), [_steps(ctx, steps)])


def _stone(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    steps = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Stone maintenance: every crouched hero takes a crouch count token off its card.",
            ),
        ),
        _say(ctx, tr.pgettext("quickref", "Roll for initiative again.")),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Activation phase: the activation order runs from {first} down to {last}.",
            ),
            first=rules.activation_first,
            last=rules.activation_last,
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref", "When every hero has activated, count the stone with a stone card."
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Structure of a stone"), [_steps(ctx, steps)])


def _activation(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "At each value from {first} to {last}, every hero whose Reflexes equal it "
                "refills its focus to the maximum. Then the initiative player activates those "
                "heroes one by one, then the opponent.",
            ),
            first=rules.activation_first,
            last=rules.activation_last,
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Announce each activation. The hero may first turn to any facing, then makes "
                "all its moves and actions for this stone.",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Delay:"),
            tr.pgettext(
                "quickref",
                "instead of activating, pay {cost} [focus] and place a delay token. Remove it "
                "to activate the hero later in your turn, at a lower value.",
            ),
            cost=rules.costs.get("delay", 0),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Reactions:"),
            tr.pgettext(
                "quickref",
                "the first player to call \u201creaction\u201d reacts; if both call at once, "
                "higher Reflexes, then initiative. Nothing reacts to a reaction.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Activation order"), [_bullets(items)])


def _economy(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    penalty = rules.exhausted
    items = [
        _lead(
            ctx,
            tr.pgettext("quickref", "[focus] Focus points (FP):"),
            tr.pgettext(
                "quickref",
                "pay for longer moves, attacks, defences, boosts, jugg actions and talents. "
                "Refilled at the hero's activation.",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "[stamina] Stamina points (SP):"),
            tr.pgettext(
                "quickref",
                "spend them wherever focus points are spent. Not refilled, except for "
                "reserves at the end of a point (Fortitude).",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Team synergy points (TSP):"),
            tr.pgettext(
                "quickref",
                "spend them like focus or stamina points. Dealt anew at every point:",
            ),
        ),
    ]
    synergy = Table(
        [Column()] + [Column("center", weight=1)] * len(rules.synergy),
        [
            [_cell(tr.pgettext("quickref table", "TSP"), bold=True)]
            + [_cell(tr.number(v)) for v in rules.synergy]
        ],
        [_cell(tr.pgettext("quickref table", "Heroes of one team"))]
        + [_cell(tr.number(n)) for n in range(1, len(rules.synergy) + 1)],
    )
    exhausted = _lead(
        ctx,
        tr.pgettext("quickref", "Exhausted:"),
        tr.pgettext(
            "quickref",
            "right after the action that spends a hero's last stamina point. Attack "
            "\u2212{attack} and defence \u2212{defence} dice, moves at most {hexes} hexes, "
            "no talents. It stays at the end of a point.",
        ),
        attack=penalty.get("attack_penalty", 0),
        defence=penalty.get("defence_penalty", 0),
        hexes=penalty.get("max_move", 0),
    )
    return Section(
        tr.pgettext("quickref heading", "Points economy"),
        [
            _bullets(items),
            synergy,
            Prose(
                [
                    _say(
                        ctx,
                        tr.pgettext(
                            "quickref", "Reserves do not count; each team is counted on its own."
                        ),
                    )
                ]
            ),
            _bullets([exhausted]),
        ],
    )


def _move_name(ctx: RenderContext, ident: str) -> str:
    tr = ctx.tr
    names = {
        "walk": tr.pgettext("movement", "Walk"),
        "run": tr.pgettext("movement", "Run"),
        "sprint": tr.pgettext("movement", "Sprint"),
    }
    return names.get(ident, ident)


def _movement(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    table = Table(
        [Column(weight=1), Column("center"), Column("center")],
        [
            [
                _cell(_move_name(ctx, m.id), bold=True),
                _cell(f"{tr.number(m.min)}\u2013{tr.number(m.max)}"),
                _cost(ctx, m.cost),
            ]
            for m in rules.movement
        ],
        [
            _cell(tr.pgettext("quickref table", "Move")),
            _cell(tr.pgettext("quickref table", "Hexes")),
            _cell(tr.pgettext("quickref table", "Cost")),
        ],
    )
    items = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Declare the move and pay before the first step; it cannot change later.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Add light feet [light_feet] to the limit. Never more than {hexes} hexes in "
                "one activation, light feet and quick steps aside.",
            ),
            hexes=rules.max_move_per_activation,
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Step only into free adjacent hexes, never through a token. The move may be "
                "split around actions.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Face the way you go while moving; choose a facing when you stop.",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Out of bounds:"),
            tr.pgettext("quickref", "off the grid, the hero crouches (crouch count {stones})."),
            stones=rules.out_of_bounds_crouch,
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Quick steps"),
            tr.pgettext(
                "quickref",
                "(from talents) are not movement: they never trigger reactions or attacks of "
                "opportunity.",
            ),
        ),
    ]
    diagram = _diagram(
        ctx,
        rules,
        diagrams.movement_reach,
        labels={m.id: _move_name(ctx, m.id) for m in rules.movement},
        movement=rules.movement,
    )
    return Section(tr.pgettext("quickref heading", "Movement"), [table, _bullets(items), diagram])


def _costs(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    c = rules.costs
    rows: list[tuple[str, str, Paragraph]] = [
        (
            tr.pgettext("quickref action", "Sweep the jugg"),
            tr.pgettext("quickref action", "defender; jugg in or next to its hex; per hex"),
            _cost(ctx, c.get("sweep_near", 0)),
        ),
        (
            tr.pgettext("quickref action", "Sweep the jugg"),
            tr.pgettext("quickref action", "defender; jugg with a hex between; per hex"),
            _cost(ctx, c.get("sweep_far", 0)),
        ),
        (
            tr.pgettext("quickref action", "Pick up"),
            tr.pgettext("quickref action", "Qwik on the jugg's hex"),
            _cost(ctx, c.get("pick_up_same", 0)),
        ),
        (
            tr.pgettext("quickref action", "Pick up"),
            tr.pgettext("quickref action", "Qwik next to the jugg"),
            _cost(ctx, c.get("pick_up_adjacent", 0)),
        ),
        (
            tr.pgettext("quickref action", "Throw"),
            tr.fill(
                tr.pgettext(
                    "quickref action",
                    "carrier, also as a reaction when attacked; per {hexes} hexes or part",
                ),
                {"hexes": rules.throw_hexes},
            ),
            _cost(ctx, c.get("throw", 0)),
        ),
        (
            tr.pgettext("quickref action", "Score"),
            tr.pgettext("quickref action", "Qwik in the goal hex"),
            _cost(ctx, c.get("score_in_goal", 0)),
        ),
        (
            tr.pgettext("quickref action", "Score"),
            tr.pgettext("quickref action", "Qwik next to the goal hex"),
            _cost(ctx, c.get("score_adjacent", 0)),
        ),
        (
            tr.pgettext("quickref action", "Pin"),
            tr.pgettext("quickref action", "defender next to a crouched enemy"),
            _cost(ctx, c.get("pin", 0)),
        ),
        (
            tr.pgettext("quickref action", "Delay"),
            tr.pgettext("quickref action", "instead of activating now"),
            _cost(ctx, c.get("delay", 0)),
        ),
        (
            tr.pgettext("quickref action", "Basic attack"),
            tr.pgettext("quickref action", "hero + weapon attack dice"),
            _cost(ctx, c.get("basic_attack", 0)),
        ),
        (
            tr.pgettext("quickref action", "Full defence"),
            tr.pgettext("quickref action", "hero + weapon defence dice"),
            _cost(ctx, c.get("basic_defence", 0)),
        ),
        (
            tr.pgettext("quickref action", "Duel"),
            tr.pgettext("quickref action", "a basic attack back"),
            _cost(ctx, c.get("duel", 0)),
        ),
        (
            tr.pgettext("quickref action", "Duel"),
            tr.pgettext("quickref action", "with an unready chain"),
            _cost(ctx, c.get("duel_unready_chain", 0)),
        ),
        (
            tr.pgettext("quickref action", "Attack of opportunity"),
            tr.pgettext("quickref action", "basic attack as a reaction"),
            _cost(ctx, c.get("attack_of_opportunity", 0)),
        ),
        (
            tr.pgettext("quickref action", "Boost"),
            tr.pgettext("quickref action", "once per combat; per extra die"),
            _cost(ctx, c.get("boost_per_die", 0)),
        ),
        (
            tr.pgettext("quickref action", "Ready the chain"),
            tr.pgettext("quickref action", "before each chain attack"),
            _cost(ctx, c.get("chain_ready", 0)),
        ),
        (
            tr.pgettext("quickref action", "Keep a hold"),
            tr.pgettext("quickref action", "at the start of the holder's activation"),
            _cost(ctx, c.get("hold", 0)),
        ),
    ]
    table = Table(
        [Column(weight=1), Column(weight=1.4), Column("center")],
        [[_cell(action, bold=True), _cell(when), cost] for action, when, cost in rows],
        [
            _cell(tr.pgettext("quickref table", "Action")),
            _cell(tr.pgettext("quickref table", "Who, when")),
            _cell(tr.pgettext("quickref table", "Cost")),
        ],
    )
    note = _say(
        ctx,
        tr.pgettext(
            "quickref",
            "Costs are in focus points [focus]; stamina and team synergy points pay as well.",
        ),
    )
    return Section(tr.pgettext("quickref heading", "Action costs"), [table, Prose([note])])


def _weapons(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    content = ctx.content
    rows = [
        [
            _cell(_capitalised(tr.content("weapon", w.id, "name", w.name)), bold=True),
            _cell(tr.number(w.attack)),
            _cell(tr.number(w.defence)),
            _cell(tr.number(w.range)),
            _cell(tr.number(w.crouch_count)),
        ]
        for w in content.weapons
    ]
    table = Table(
        [Column(weight=1)] + [Column("center")] * 4,
        rows,
        [
            _cell(tr.pgettext("quickref table", "Weapon")),
            _cell(tr.pgettext("card label", "Attack")),
            _cell(tr.pgettext("card label", "Defence")),
            _cell(tr.pgettext("card label", "Range")),
            # Translators: table header: stones a hero hit by this weapon stays crouched.
            _cell(tr.pgettext("quickref table", "Crouch count")),
        ],
    )
    c = rules.costs
    items = [
        _lead(
            ctx,
            tr.pgettext("quickref", "Chain:"),
            tr.pgettext(
                "quickref",
                "never sweeps the jugg or pins. It attacks only when ready ({ready} [focus]) "
                "and must be readied again after each attack; unready, it may still duel or "
                "make an attack of opportunity for {cost} [focus].",
            ),
            ready=c.get("chain_ready", 0),
            cost=c.get("duel_unready_chain", 0),
        ),
    ]
    if content.qwik is not None:
        items.append(
            _lead(
                ctx,
                tr.pgettext("quickref", "Qwik:"),
                tr.pgettext(
                    "quickref",
                    "no weapon. Only a Qwik picks up, carries, throws or scores the jugg, "
                    "and only Qwiks wrestle.",
                ),
            )
        )
    return Section(tr.pgettext("quickref heading", "Weapons"), [table, _bullets(items)])


# --- back: combat and talents ----------------------------------------------------------


def back(ctx: RenderContext, rules: Rules) -> list[Section]:
    return [
        _combat(ctx, rules),
        _arcs(ctx, rules),
        _opportunity(ctx, rules),
        _sight(ctx, rules),
        _crouching(ctx, rules),
        _wrestling(ctx, rules),
        _talents(ctx, rules),
        _legend(ctx, rules),
        _odds(ctx, rules),
    ]


def _combat(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    c = rules.costs
    steps = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The attacker declares and pays: a basic attack ({cost} [focus], hero + weapon "
                "attack dice) or a standard attack talent. The target must be in line of sight "
                "and weapon range; a chain must be ready.",
            ),
            cost=c.get("basic_attack", 0),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The target chooses and pays: full defence ({defence} [focus], hero + weapon "
                "defence dice), a duel ({duel} [focus], a basic attack back at an attacker in "
                "its sight and range) or no defence. Talents may replace the basic forms.",
            ),
            defence=c.get("basic_defence", 0),
            duel=c.get("duel", 0),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Each side may boost once: {cost} [focus] per extra die.",
            ),
            cost=c.get("boost_per_die", 0),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The attacker rolls; with no jugg showing the attack misses. Then the target "
                "rolls.",
            ),
        ),
    ]
    results = Table(
        [Column(weight=1), Column(weight=2)],
        [
            [
                _cell(tr.pgettext("quickref action", "Full defence"), bold=True),
                _cell(tr.pgettext("quickref", "target hit if the attacker rolls more juggs")),
            ],
            [
                _cell(tr.pgettext("quickref action", "Duel"), bold=True),
                _cell(
                    tr.pgettext(
                        "quickref",
                        "fewer juggs is hit; equal juggs are doubles: both are hit",
                    )
                ),
            ],
            [
                _cell(tr.pgettext("quickref", "No defence"), bold=True),
                _cell(
                    tr.pgettext(
                        "quickref",
                        "also when it cannot pay: only the weapon's defence dice; target hit if "
                        "the attacker rolls at least as many juggs",
                    )
                ),
            ],
        ],
        [
            _cell(tr.pgettext("quickref table", "Target chose")),
            _cell(tr.pgettext("quickref table", "Result")),
        ],
    )
    after = _say(
        ctx,
        tr.pgettext(
            "quickref",
            "Each step ends with a chance to react. A hit hero crouches for the crouch count "
            "of the weapon that hit it. Bonus attacks from talents cost nothing more, cannot "
            "be boosted and take the talent's keyword.",
        ),
    )
    return Section(
        tr.pgettext("quickref heading", "Combat"), [_steps(ctx, steps), results, Prose([after])]
    )


def _arcs(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The front arc holds every hex wholly ahead of the token's front edge (green "
                "eye); the rest is the rear arc (red eye).",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Flank attack:"),
            tr.pgettext(
                "quickref",
                "the attacker began its activation in the target's front arc and strikes "
                "from the rear arc. The target loses its weapon's or shield's defence dice.",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Back attack:"),
            tr.pgettext(
                "quickref",
                "began and strikes in the rear arc. No defence, no boost, no reaction.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "A hero may turn at the start of its activation, after each of its actions, "
                "after a combat against it and at the end of its activation.",
            ),
        ),
    ]
    flank_labels = {
        **_arc_labels(ctx),
        "flank": tr.pgettext("diagram", "Flank attack"),
        "back": tr.pgettext("diagram", "Back attack"),
    }
    return Section(
        tr.pgettext("quickref heading", "Facing, flank and back attacks"),
        [
            _diagram(ctx, rules, diagrams.front_rear_arc, labels=_arc_labels(ctx)),
            _bullets(items),
            _diagram(ctx, rules, diagrams.flank_and_back, labels=flank_labels),
        ],
    )


def _opportunity(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    c = rules.costs
    body = _say(
        ctx,
        tr.pgettext(
            "quickref",
            "A hero moving through an enemy's weapon range lets that enemy react with a basic "
            "attack ({cost} [focus]; unready chain {chain} [focus]). The mover's facing is set "
            "first; the mover may answer with basic full defence or a basic duel only. Nobody "
            "reacts during it.",
        ),
        cost=c.get("attack_of_opportunity", 0),
        chain=c.get("duel_unready_chain", 0),
    )
    return Section(tr.pgettext("quickref heading", "Attacks of opportunity"), [Prose([body])])


def _sight(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    body = _say(
        ctx,
        tr.pgettext(
            "quickref",
            "A target is in line of sight (LoS) when it is in the front arc and a straight line "
            "runs from a corner of your hex to two corners of its hex without touching a hex "
            "with another token. Adjacent in the front arc: always in sight. Crouched heroes "
            "never block.",
        ),
    )
    return Section(
        tr.pgettext("quickref heading", "Line of sight"),
        [
            Prose([body]),
            _diagram(
                ctx,
                rules,
                diagrams.line_of_sight,
                labels={
                    # Translators: title of a diagram panel: a line of sight that a token blocks.
                    "blocked": tr.pgettext("diagram", "Blocked"),
                    # Translators: title of a diagram panel: the blocking token crouches, so the
                    # line of sight is clear.
                    "clear": tr.pgettext("diagram", "Clear: crouched"),
                },
            ),
        ],
    )


def _crouching(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Hit by a weapon: crouch for its crouch count (weapon table). Out of bounds: "
                "{stones} stones. Template under the token, count tokens on the card.",
            ),
            stones=rules.out_of_bounds_crouch,
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "A crouched hero takes no actions and uses no talents, still refills focus, "
                "drops the jugg on a free adjacent hex and can be pinned.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "With its last count token gone and no pin, it stands up, picks a facing and "
                "activates as usual, at once if its player's turn is on.",
            ),
        ),
        _lead(
            ctx,
            tr.pgettext("quickref", "Pin:"),
            tr.pgettext(
                "quickref",
                "an active defender next to a crouched enemy pays {cost} [focus]; a single "
                "pinner at a time. The pinned hero stays crouched past its count. Keeping the "
                "pin is free while adjacent.",
            ),
            cost=rules.costs.get("pin", 0),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The pin ends when the pinner moves away, is hit, defends with its weapon "
                "(not sword & shield) or lets go. Qwiks and chains never pin.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Crouching and pinning"), [_bullets(items)])


def _wrestling(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Qwik against Qwik, a standard attack; the target answers with full defence "
                "or a duel.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "The winning attacker steals the jugg, holds the other Qwik (held token: it "
                "cannot move, quick step or score) or pushes it to a neighbouring hex. A target "
                "who wins a duel may push the attacker; a tied duel changes nothing.",
            ),
        ),
        _say(
            ctx,
            tr.pgettext(
                "quickref",
                "Keeping a hold costs {cost} [focus] at the start of the holder's activation. "
                "Break free by winning a wrestle in your own activation; the holder may let go at "
                "any time.",
            ),
            cost=rules.costs.get("hold", 0),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Wrestling"), [_bullets(items)])


def _talents(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    keywords = [
        ("standard_action", tr.pgettext("quickref", "part of the hero's activation")),
        ("standard_attack", tr.pgettext("quickref", "an attack made in the activation")),
        ("standard_defence", tr.pgettext("quickref", "answers an attack")),
        ("dual_action", tr.pgettext("quickref", "a counter-attack answering a standard attack")),
        ("reaction", tr.pgettext("quickref", "right after its trigger, before anything else")),
        ("passive", tr.pgettext("quickref", "always on")),
    ]
    rows = [[_cell(keyword_label(ctx, k), bold=True), _cell(v)] for k, v in keywords]
    rows.append(
        [
            _cell(tr.pgettext("quickref", "Required"), bold=True),
            _cell(tr.pgettext("quickref", "only with that weapon or position")),
        ]
    )
    table = Table([Column(), Column(weight=1)], rows)
    costs = _say(
        ctx,
        tr.pgettext(
            "quickref",
            "Cost: [focus] focus, [stamina] stamina, [free] none. Pay all on declaring and "
            "finish the effect before anything else. Crouched or exhausted heroes use no "
            "talents.",
        ),
    )
    triggers = [_say(ctx, tr.content("trigger", t.id, "name", t.name)) for t in rules.triggers]
    return Section(
        tr.pgettext("quickref heading", "Talents"),
        [
            table,
            Prose([costs]),
            Prose([[Span(tr.pgettext("quickref", "React when:"), bold=True)]]),
            _bullets(triggers),
        ],
    )


def _legend(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    reflexes = tr.number(rules.activation_first)

    def badge(canvas: Canvas, x: float, y: float, side: float) -> None:
        icons.reflexes_badge(
            canvas, x + side / 2, y + side / 2, side * 0.45, reflexes, fonts.BOLD, style.HEADER
        )

    entries = [
        (icons.focus, tr.pgettext("quickref", "focus points (FP)")),
        (icons.stamina, tr.pgettext("quickref", "stamina points (SP)")),
        (icons.free, tr.pgettext("quickref", "no cost")),
        (icons.light_foot, tr.pgettext("quickref", "light feet: extra hexes")),
        (icons.front_eye, tr.pgettext("quickref", "token front: front arc")),
        (icons.rear_eye, tr.pgettext("quickref", "token back: rear arc")),
        (icons.shield, tr.pgettext("quickref", "recruitment cost (RC)")),
        (badge, tr.pgettext("quickref", "Reflexes: activation order")),
        (icons.jugg, tr.pgettext("quickref", "jugg: the ball, and the symbol counted on dice")),
    ]
    rows = []
    for i in range(0, len(entries), 2):
        row: list[Cell] = []
        for draw, label in entries[i : i + 2]:
            row += [Picture(draw), _cell(label)]
        while len(row) < 4:
            row.append(_cell(""))
        rows.append(row)
    table = Table([Column(), Column(weight=1), Column(), Column(weight=1)], rows)
    return Section(tr.pgettext("quickref heading", "Icons"), [table])


def _odds_bounds(ctx: RenderContext, rules: Rules) -> tuple[int, int]:
    """The largest attack and defence pools a hero can roll: hero + best weapon, capped by the
    dice a player owns (talent bonus dice aside: they are rare and would widen the table).

    ODDS_DICE bounds the table whatever the content says: more columns could not be read
    in a column of the sheet (and would only be reported as overflow).
    """
    weapons = ctx.content.weapons
    attack = rules.attributes.get("attack", (0, 0))[1] + max((w.attack for w in weapons), default=0)
    defence = rules.attributes.get("defence", (0, 0))[1] + max(
        (w.defence for w in weapons), default=0
    )
    cap = min(rules.dice_per_player, ODDS_DICE)
    return max(min(attack, cap), 1), max(min(defence, cap), 0)


def _percent(ctx: RenderContext, p: Fraction) -> str:
    """A probability as a whole percentage; never "0" or "100" for what can still happen."""
    tr = ctx.tr
    value = round(p * 100)
    if value == 0 and p > 0:
        return "<" + tr.number(1)
    if value == 100 and p < 1:
        return ">" + tr.number(99)
    return tr.number(value)


def _odds_table(
    ctx: RenderContext,
    attacks: range,
    defences: range,
    chance: Callable[[int, int], Fraction],
) -> Table:
    """Attack dice down, the defender's dice across, a percentage in each cell."""
    tr = ctx.tr
    header: list[Cell] = [_cell(tr.pgettext("quickref table", "Dice"))]
    header += [_cell(tr.number(d)) for d in defences]
    rows: list[list[Cell]] = []
    for a in attacks:
        row: list[Cell] = [_cell(tr.number(a), bold=True)]
        row += [_cell(_percent(ctx, chance(a, d))) for d in defences]
        rows.append(row)
    return Table([Column("center")] + [Column("center", weight=1)] * len(defences), rows, header)


def _odds(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    most_attack, most_defence = _odds_bounds(ctx, rules)
    attacks = range(1, most_attack + 1)

    def full(a: int, d: int) -> Fraction:
        return combat_odds(rules.faces, a, d).full_defence["defender_hit"]

    def duel(a: int, d: int) -> Fraction:
        outcome = combat_odds(rules.faces, a, d).duel
        return outcome["attacker_hit"] + outcome["both_hit"]

    faces = ", ".join(tr.number(f) for f in rules.faces)
    intro = _say(
        ctx,
        tr.pgettext(
            "quickref",
            "Chance in % by the attacker's dice (rows) and the target's dice (columns). "
            "Juggs on the die's faces: {faces}.",
        ),
        faces=faces,
    )
    full_title = tr.pgettext("quickref", "Full defence: the target is hit")
    duel_title = tr.pgettext("quickref", "Duel: the attacker is hit (doubles included)")
    return Section(
        tr.pgettext("quickref heading", "Odds"),
        [
            Prose([intro]),
            Prose([[Span(full_title, bold=True)]]),
            _odds_table(ctx, attacks, range(0, most_defence + 1), full),
            Prose([[Span(duel_title, bold=True)]]),
            _odds_table(ctx, attacks, attacks, duel),
        ],
    )
