"""The back of the quick reference: combat, facing, crouching, wrestling, talents, icons, odds."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packs.jugger.model import Rules
from ttgbuild.packs.jugger.odds import combat_odds
from ttgbuild.packs.jugger.render import diagrams, dienote, icons
from ttgbuild.packs.jugger.render.labels import keyword_label
from ttgbuild.packs.jugger.render.quickref.parts import (
    Span,
    bullets,
    cell,
    diagram,
    lead,
    say,
    steps,
)
from ttgbuild.render import fonts, style
from ttgbuild.render.context import RenderContext
from ttgbuild.render.flow import Cell, Column, Picture, Prose, Section, Table

ODDS_DICE = 10  # the odds tables show pools up to this many dice (a layout limit, not a rule)


def _arc_labels(ctx: RenderContext) -> dict[str, str]:
    tr = ctx.tr
    return {
        "front": tr.pgettext("diagram", "Front arc"),
        "rear": tr.pgettext("diagram", "Rear arc"),
    }


def sections(ctx: RenderContext, rules: Rules) -> list[Section]:
    """The back page's sections in reading order (they flow down the columns)."""
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
    boost = c.get("boost_per_die", 0)
    procedure = [
        [
            *say(
                ctx,
                # Translators: {cost} is a number of focus points, the basic attack's cost
                # in content/rules.yaml.
                tr.pgettext(
                    "quickref",
                    "The attacker declares and pays: a basic attack ({cost} [focus], hero + "
                    "weapon attack dice) or a standard attack talent. The target must be in line "
                    "of sight and weapon range; a chain must be ready.",
                ),
                cost=c.get("basic_attack", 0),
            ),
            Span(" "),
            *say(
                ctx,
                # Translators: {cost} is a number of focus points, the cost of one boost die.
                tr.pgettext(
                    "quickref",
                    "Before the target answers, the attacker may boost once: {cost} [focus] per "
                    "extra die, as many as it can pay.",
                ),
                cost=boost,
            ),
        ],
        [
            *say(
                ctx,
                # Translators: {defence} and {duel} are numbers of focus points, the costs of a
                # basic full defence and of a duel in content/rules.yaml.
                tr.pgettext(
                    "quickref",
                    "The target chooses and pays: full defence ({defence} [focus], hero + weapon "
                    "defence dice), a duel ({duel} [focus], a basic attack back at an attacker in "
                    "its sight and range) or no defence. Talents may replace the basic forms.",
                ),
                defence=c.get("basic_defence", 0),
                duel=c.get("duel", 0),
            ),
            Span(" "),
            *say(
                ctx,
                # Translators: {cost} is a number of focus points, the cost of one boost die.
                tr.pgettext(
                    "quickref",
                    "Then the target may boost once: {cost} [focus] per extra die.",
                ),
                cost=boost,
            ),
        ],
        say(
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
                cell(tr.pgettext("quickref action", "Full defence"), bold=True),
                cell(tr.pgettext("quickref", "target hit if the attacker rolls more juggs")),
            ],
            [
                cell(tr.pgettext("quickref action", "Duel"), bold=True),
                cell(
                    tr.pgettext(
                        "quickref",
                        "fewer juggs is hit; equal juggs are doubles: both are hit",
                    )
                ),
            ],
            [
                cell(tr.pgettext("quickref", "No defence"), bold=True),
                cell(
                    tr.pgettext(
                        "quickref",
                        "also when it cannot pay: only the weapon's defence dice, none against a "
                        "flank or back attack; target hit if the attacker rolls at least as many "
                        "juggs",
                    )
                ),
            ],
        ],
        [
            # Translators: table header: how the attacked hero chose to answer the attack.
            cell(tr.pgettext("quickref table", "Target chose")),
            cell(tr.pgettext("quickref table", "Result")),
        ],
    )
    after = say(
        ctx,
        tr.pgettext(
            "quickref",
            "Each step ends with a chance to react. A hit hero crouches for the crouch count "
            "of the weapon that hit it. Bonus attacks from talents cost nothing more, cannot "
            "be boosted and take the talent's keyword.",
        ),
    )
    return Section(
        tr.pgettext("quickref heading", "Combat"), [steps(ctx, procedure), results, Prose([after])]
    )


def _arcs(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "The front arc holds every hex wholly ahead of the token's front edge (green "
                "eye); the rest is the rear arc (red eye).",
            ),
        ),
        lead(
            ctx,
            tr.pgettext("quickref", "Flank attack:"),
            tr.pgettext(
                "quickref",
                "the attacker began its activation in the target's front arc and strikes "
                "from the rear arc. The target loses its weapon's or shield's defence dice but "
                "otherwise defends as usual (no talent that needs the weapon). It may turn "
                "afterwards only if it defended.",
            ),
        ),
        lead(
            ctx,
            tr.pgettext("quickref", "Back attack:"),
            tr.pgettext(
                "quickref",
                "began and strikes in the rear arc. No defence and no weapon dice, no boost, "
                "no reaction. The target may turn afterwards only if the attack failed.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "A hero may turn at the start of its activation, after each of its actions, "
                "after a combat against it (flank and back attacks as above) and at the end of "
                "its activation.",
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
            diagram(ctx, rules, diagrams.front_rear_arc, labels=_arc_labels(ctx)),
            bullets(items),
            diagram(ctx, rules, diagrams.flank_and_back, labels=flank_labels),
        ],
    )


def _opportunity(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    c = rules.costs
    body = say(
        ctx,
        # Translators: {cost} and {chain} are numbers of focus points: an attack of
        # opportunity's cost, and an unready chain's (content/rules.yaml).
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
    body = say(
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
            diagram(
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
        say(
            ctx,
            # Translators: {stones} is a number of stones, the out-of-bounds crouch count.
            tr.npgettext(
                "quickref",
                "Hit by a weapon: crouch for its crouch count (weapon table). Out of bounds: "
                "{stones} stone. Template under the token, count tokens on the card.",
                "Hit by a weapon: crouch for its crouch count (weapon table). Out of bounds: "
                "{stones} stones. Template under the token, count tokens on the card.",
                rules.out_of_bounds_crouch,
            ),
            stones=rules.out_of_bounds_crouch,
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "A crouched hero takes no actions and uses no talents, still refills focus, "
                "drops the jugg on a free adjacent hex and can be pinned.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "With its last count token gone and no pin, it stands up, picks a facing and "
                "activates as usual, at once if its player's turn is on.",
            ),
        ),
        lead(
            ctx,
            tr.pgettext("quickref", "Pin:"),
            # Translators: {cost} is a number of focus points, the cost of a pin.
            tr.pgettext(
                "quickref",
                "an active defender next to a crouched enemy pays {cost} [focus]. A hero pins "
                "only one crouched hero at a time. The pinned hero stays crouched past its "
                "count. Keeping the pin is free while adjacent.",
            ),
            cost=rules.costs.get("pin", 0),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "The pin ends when the pinner moves away, is hit, defends with its weapon "
                "(not sword & shield) or lets go. Qwiks and chains never pin.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "After a pin ends, any active hero may pin the crouched hero again, if it does "
                "so before the turn of the player who controls the crouched hero.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Crouching and pinning"), [bullets(items)])


def _wrestling(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Qwik against Qwik, a standard attack; the target answers with full defence "
                "or a duel.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "The winning attacker steals the jugg, holds the other Qwik (held token: it "
                "cannot move, quick step or score) or pushes it into the adjacent hex straight "
                "away from the attacker. A target who wins a duel may push the attacker away "
                "the same way; a tied duel changes nothing.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "While the hold lasts, neither Qwik may boost its defence against a defender's "
                "attack.",
            ),
        ),
        say(
            ctx,
            # Translators: {cost} is a number of focus points, the cost of keeping a hold.
            tr.pgettext(
                "quickref",
                "Keeping a hold costs {cost} [focus] at the start of the holder's activation, "
                "after its maintenance. Break free by winning a wrestle in your own activation; "
                "the holder may let go only during its own activation.",
            ),
            cost=rules.costs.get("hold", 0),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Wrestling"), [bullets(items)])


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
    rows = [[cell(keyword_label(ctx, k), bold=True), cell(v)] for k, v in keywords]
    rows.append(
        [
            cell(tr.pgettext("quickref", "Required"), bold=True),
            cell(tr.pgettext("quickref", "only with that weapon or position")),
        ]
    )
    table = Table([Column(), Column(weight=1)], rows)
    costs = say(
        ctx,
        tr.pgettext(
            "quickref",
            "Cost: [focus] focus, [stamina] stamina, [free] none. Pay all on declaring and "
            "finish the effect before anything else. Crouched or exhausted heroes use no "
            "talents.",
        ),
    )
    triggers = [say(ctx, tr.content("trigger", t.id, "name", t.name)) for t in rules.triggers]
    return Section(
        tr.pgettext("quickref heading", "Talents"),
        [
            table,
            Prose([costs]),
            # Translators: printed above the list of reaction triggers; each is read after it.
            Prose([[Span(tr.pgettext("quickref", "React when:"), bold=True)]]),
            bullets(triggers),
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
            row += [Picture(draw), cell(label)]
        while len(row) < 4:
            row.append(cell(""))
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
    # Translators: corner of an odds table: rows are the attacker's dice, columns the
    # target's dice.
    header: list[Cell] = [cell(tr.pgettext("quickref table", "Dice"))]
    header += [cell(tr.number(d)) for d in defences]
    rows: list[list[Cell]] = []
    for a in attacks:
        row: list[Cell] = [cell(tr.number(a), bold=True)]
        row += [cell(_percent(ctx, chance(a, d))) for d in defences]
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

    intro = say(
        ctx,
        tr.pgettext(
            "quickref",
            "Chance in % by the attacker's dice (rows) and the target's dice (columns).",
        ),
    )
    full_title = tr.pgettext("quickref", "Full defence: the target is hit")
    duel_title = tr.pgettext("quickref", "Duel: the attacker is hit (doubles included)")
    return Section(
        tr.pgettext("quickref heading", "Odds"),
        [
            Prose(
                [
                    intro,
                    say(
                        ctx,
                        dienote.message(ctx.tr, rules.faces_assumed),
                        faces=dienote.faces_list(ctx.tr, rules.faces),
                    ),
                ]
            ),
            Prose([[Span(full_title, bold=True)]]),
            _odds_table(ctx, attacks, range(0, most_defence + 1), full),
            Prose([[Span(duel_title, bold=True)]]),
            _odds_table(ctx, attacks, attacks, duel),
        ],
    )
