"""The front of the quick reference: playing a point, from the team sheet to the last stone."""

from __future__ import annotations

from ttgbuild.packs.jugger.model import Rules
from ttgbuild.packs.jugger.render import diagrams
from ttgbuild.packs.jugger.render.quickref.parts import (
    Paragraph,
    bullets,
    cell,
    cost,
    diagram,
    lead,
    say,
    steps,
)
from ttgbuild.render import text
from ttgbuild.render.context import RenderContext
from ttgbuild.render.flow import Column, Prose, Section, Table


def sections(ctx: RenderContext, rules: Rules) -> list[Section]:
    """The front page's sections in reading order (they flow down the columns)."""
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
        cell(tr.pgettext("quickref table", "Format")),
        # Translators: table header: points a side must score to win.
        cell(tr.pgettext("quickref table", "Points to win")),
        cell(tr.pgettext("quickref table", "Heroes")),
        cell(tr.pgettext("quickref table", "In play")),
        # Translators: table header: the recruitment budget (most recruitment cost in total).
        cell(tr.pgettext("quickref table", "Budget")),
    ]
    rows = [
        [
            cell(_format_name(ctx, f.id), bold=True),
            cell(tr.number(f.points_to_win)),
            cell(tr.number(f.team_size)),
            cell(tr.number(f.in_play)),
            cell(tr.number(f.budget)),
        ]
        for f in rules.formats.values()
    ]
    table = Table(
        [Column(weight=1)] + [Column("center")] * 4,
        rows,
        header,
    )
    if rules.chains_min == rules.chains_max:
        # Translators: {weapons} and {chains} are numbers: weapons a team may field, and
        # chains among them (content/rules.yaml).
        chains = tr.npgettext(
            "quickref",
            "A team fields at most {weapons} weapon, exactly {chains} of them a chain.",
            "A team fields at most {weapons} weapons, exactly {chains} of them a chain.",
            rules.weapons_max,
        )
    else:
        # Translators: {weapons} is the most weapons a team may field; {chains} and
        # {chains_max} are the fewest and most chains among them (numbers, content/rules.yaml).
        chains = tr.npgettext(
            "quickref",
            "A team fields at most {weapons} weapon, {chains} to {chains_max} of them chains.",
            "A team fields at most {weapons} weapons, {chains} to {chains_max} of them chains.",
            rules.weapons_max,
        )
    notes = [
        say(
            ctx,
            # Translators: {qwiks} and {defenders} are numbers of heroes in play per team.
            tr.npgettext(
                "quickref",
                "In play: {qwiks} Qwik and {defenders} defender. Every defender carries a "
                "weapon card; the Qwik carries the Qwik card instead.",
                "In play: {qwiks} Qwik and {defenders} defenders. Every defender carries a "
                "weapon card; the Qwik carries the Qwik card instead.",
                rules.defenders_in_play,
            ),
            qwiks=rules.qwiks_in_play,
            defenders=rules.defenders_in_play,
        ),
        say(
            ctx,
            chains,
            weapons=rules.weapons_max,
            chains=rules.chains_min,
            chains_max=rules.chains_max,
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "The recruitment costs (RC) of a team's heroes add up to at most the budget. "
                "A hero joins a team only once. Long game: after a point, heroes in play may "
                "swap with reserves.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Teams and formats"), [table, bullets(notes)])


def _point(ctx: RenderContext) -> Section:
    tr = ctx.tr
    procedure = [
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Line up the heroes in play on the start zone, name the Qwik and give each "
                "defender a weapon card. Reserves wait on the reserve mat.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Hand out team synergy points (TSP) by the synergy table.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Initiative: each player rolls as many dice as the highest Will among their "
                "heroes in play who are not crouched. Most juggs wins; a tie rolls again.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "The player without initiative deploys all heroes in the start zone first, "
                "then the other player.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Play stones until a Qwik puts the jugg in the goal the opponents defend. "
                "The first stone skips stone maintenance and the initiative roll.",
            ),
        ),
        say(
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
    return Section(tr.pgettext("quickref heading", "Structure of a point"), [steps(ctx, procedure)])


def _stone(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    procedure = [
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Stone maintenance: every crouched hero takes a crouch count token off its card.",
            ),
        ),
        say(ctx, tr.pgettext("quickref", "Roll for initiative again.")),
        say(
            ctx,
            # Translators: {first} and {last} are Reflexes values (numbers), highest first.
            tr.pgettext(
                "quickref",
                "Activation phase: the activation order runs from {first} down to {last}.",
            ),
            first=rules.activation_first,
            last=rules.activation_last,
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref", "When every hero has activated, count the stone with a stone card."
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Structure of a stone"), [steps(ctx, procedure)])


def _activation(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    items = [
        say(
            ctx,
            # Translators: {first} and {last} are Reflexes values (numbers), highest first.
            tr.pgettext(
                "quickref",
                "At each value from {first} to {last}, every hero whose Reflexes equal it "
                "refills its focus to the maximum. Then the initiative player activates those "
                "heroes one by one, then the opponent.",
            ),
            first=rules.activation_first,
            last=rules.activation_last,
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Announce each activation. The hero may first turn to any facing, then makes "
                "all its moves and actions for this stone.",
            ),
        ),
        lead(
            ctx,
            tr.pgettext("quickref", "Delay:"),
            # Translators: follows the bold label "Delay:"; {cost} is a number of focus points.
            tr.pgettext(
                "quickref",
                "instead of activating, pay {cost} [focus] and place a delay token. Remove it "
                "to activate the hero later in your turn, at a lower value.",
            ),
            cost=rules.costs.get("delay", 0),
        ),
        lead(
            ctx,
            # Translators: bold lead-in; the sentence goes on "the first player to call ...".
            tr.pgettext("quickref", "Reactions:"),
            tr.pgettext(
                "quickref",
                "the first player to call \u201creaction\u201d reacts; if both call at once, "
                "higher Reflexes, then initiative. Nothing reacts to a reaction.",
            ),
        ),
    ]
    return Section(tr.pgettext("quickref heading", "Activation order"), [bullets(items)])


def _economy(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    penalty = rules.exhausted
    items = [
        lead(
            ctx,
            tr.pgettext("quickref", "[focus] Focus points (FP):"),
            tr.pgettext(
                "quickref",
                "pay for longer moves, attacks, defences, boosts, jugg actions and talents. "
                "Refilled at the hero's activation.",
            ),
        ),
        lead(
            ctx,
            tr.pgettext("quickref", "[stamina] Stamina points (SP):"),
            tr.pgettext(
                "quickref",
                "spend them wherever focus points are spent. Not refilled, except for "
                "reserves at the end of a point (Fortitude).",
            ),
        ),
        lead(
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
            [cell(tr.pgettext("quickref table", "TSP"), bold=True)]
            + [cell(tr.number(v)) for v in rules.synergy]
        ],
        [cell(tr.pgettext("quickref table", "Heroes of one team"))]
        + [cell(tr.number(n)) for n in range(1, len(rules.synergy) + 1)],
    )
    exhausted = lead(
        ctx,
        tr.pgettext("quickref", "Exhausted:"),
        # Translators: follows the bold label "Exhausted:"; {attack} and {defence} are numbers
        # of dice taken off, {hexes} a number of hexes (content/rules.yaml, exhausted).
        tr.npgettext(
            "quickref",
            "right after the action that spends a hero's last stamina point. Attack dice "
            "\u2212{attack}, defence dice \u2212{defence}, moves at most {hexes} hex, "
            "no talents. It stays at the end of a point.",
            "right after the action that spends a hero's last stamina point. Attack dice "
            "\u2212{attack}, defence dice \u2212{defence}, moves at most {hexes} hexes, "
            "no talents. It stays at the end of a point.",
            penalty.get("max_move", 0),
        ),
        attack=penalty.get("attack_penalty", 0),
        defence=penalty.get("defence_penalty", 0),
        hexes=penalty.get("max_move", 0),
    )
    return Section(
        tr.pgettext("quickref heading", "Points economy"),
        [
            bullets(items),
            synergy,
            Prose(
                [
                    say(
                        ctx,
                        tr.pgettext(
                            "quickref", "Reserves do not count; each team is counted on its own."
                        ),
                    )
                ]
            ),
            bullets([exhausted]),
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
                cell(_move_name(ctx, m.id), bold=True),
                cell(f"{tr.number(m.min)}\u2013{tr.number(m.max)}"),
                cost(ctx, m.cost),
            ]
            for m in rules.movement
        ],
        [
            # Translators: table header: the kind of move (walk, run or sprint).
            cell(tr.pgettext("quickref table", "Move")),
            cell(tr.pgettext("quickref table", "Hexes")),
            cell(tr.pgettext("quickref table", "Cost")),
        ],
    )
    items = [
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Declare the move and pay before the first step; it cannot change later.",
            ),
        ),
        say(
            ctx,
            # Translators: {hexes} is a number of hexes, the most a hero moves in one activation.
            tr.npgettext(
                "quickref",
                "Add light feet [light_feet] to the limit. Never more than {hexes} hex in "
                "one activation, light feet and quick steps aside.",
                "Add light feet [light_feet] to the limit. Never more than {hexes} hexes in "
                "one activation, light feet and quick steps aside.",
                rules.max_move_per_activation,
            ),
            hexes=rules.max_move_per_activation,
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Step only into free adjacent hexes, never through a token. The move may be "
                "split around actions.",
            ),
        ),
        say(
            ctx,
            tr.pgettext(
                "quickref",
                "Face the way you go while moving; choose a facing when you stop.",
            ),
        ),
        lead(
            ctx,
            tr.pgettext("quickref", "Out of bounds:"),
            # Translators: follows the bold label "Out of bounds:"; {stones} is a number of stones.
            tr.pgettext("quickref", "off the grid, the hero crouches (crouch count {stones})."),
            stones=rules.out_of_bounds_crouch,
        ),
        lead(
            ctx,
            # Translators: bold start of a sentence that goes on "(from talents) are not
            # movement: ...".
            tr.pgettext("quickref", "Quick steps"),
            tr.pgettext(
                "quickref",
                "(from talents) are not movement: they never trigger reactions or attacks of "
                "opportunity.",
            ),
        ),
    ]
    reach = diagram(
        ctx,
        rules,
        diagrams.movement_reach,
        labels={m.id: _move_name(ctx, m.id) for m in rules.movement},
        movement=rules.movement,
    )
    return Section(tr.pgettext("quickref heading", "Movement"), [table, bullets(items), reach])


def _costs(ctx: RenderContext, rules: Rules) -> Section:
    tr = ctx.tr
    c = rules.costs
    rows: list[tuple[str, str, Paragraph]] = [
        (
            tr.pgettext("quickref action", "Sweep the jugg"),
            tr.pgettext("quickref action", "defender; jugg in or next to its hex; per hex"),
            cost(ctx, c.get("sweep_near", 0)),
        ),
        (
            tr.pgettext("quickref action", "Sweep the jugg"),
            tr.pgettext("quickref action", "defender; jugg with a hex between; per hex"),
            cost(ctx, c.get("sweep_far", 0)),
        ),
        (
            tr.pgettext("quickref action", "Pick up"),
            tr.pgettext("quickref action", "Qwik on the jugg's hex"),
            cost(ctx, c.get("pick_up_same", 0)),
        ),
        (
            tr.pgettext("quickref action", "Pick up"),
            tr.pgettext("quickref action", "Qwik next to the jugg"),
            cost(ctx, c.get("pick_up_adjacent", 0)),
        ),
        (
            tr.pgettext("quickref action", "Throw"),
            tr.fill(
                # Translators: who may throw, and the cost's unit; {hexes} is a number of hexes.
                tr.npgettext(
                    "quickref action",
                    "carrier, also as a reaction when attacked; per {hexes} hex or part",
                    "carrier, also as a reaction when attacked; per {hexes} hexes or part",
                    rules.throw_hexes,
                ),
                {"hexes": rules.throw_hexes},
            ),
            cost(ctx, c.get("throw", 0)),
        ),
        (
            tr.pgettext("quickref action", "Score"),
            tr.pgettext("quickref action", "Qwik in the goal hex"),
            cost(ctx, c.get("score_in_goal", 0)),
        ),
        (
            tr.pgettext("quickref action", "Score"),
            tr.pgettext("quickref action", "Qwik next to the goal hex"),
            cost(ctx, c.get("score_adjacent", 0)),
        ),
        (
            tr.pgettext("quickref action", "Pin"),
            tr.pgettext("quickref action", "defender next to a crouched enemy"),
            cost(ctx, c.get("pin", 0)),
        ),
        (
            tr.pgettext("quickref action", "Delay"),
            tr.pgettext("quickref action", "instead of activating now"),
            cost(ctx, c.get("delay", 0)),
        ),
        (
            tr.pgettext("quickref action", "Basic attack"),
            tr.pgettext("quickref action", "hero + weapon attack dice"),
            cost(ctx, c.get("basic_attack", 0)),
        ),
        (
            tr.pgettext("quickref action", "Full defence"),
            tr.pgettext("quickref action", "hero + weapon defence dice"),
            cost(ctx, c.get("basic_defence", 0)),
        ),
        (
            tr.pgettext("quickref action", "Duel"),
            tr.pgettext("quickref action", "a basic attack back"),
            cost(ctx, c.get("duel", 0)),
        ),
        (
            tr.pgettext("quickref action", "Duel"),
            tr.pgettext("quickref action", "with an unready chain"),
            cost(ctx, c.get("duel_unready_chain", 0)),
        ),
        (
            tr.pgettext("quickref action", "Attack of opportunity"),
            tr.pgettext("quickref action", "basic attack as a reaction"),
            cost(ctx, c.get("attack_of_opportunity", 0)),
        ),
        (
            tr.pgettext("quickref action", "Boost"),
            tr.pgettext(
                "quickref action",
                "attacker first, then target; once each per combat; per extra die",
            ),
            cost(ctx, c.get("boost_per_die", 0)),
        ),
        (
            tr.pgettext("quickref action", "Ready the chain"),
            tr.pgettext("quickref action", "before each chain attack"),
            cost(ctx, c.get("chain_ready", 0)),
        ),
        (
            tr.pgettext("quickref action", "Keep a hold"),
            tr.pgettext(
                "quickref action", "at the start of the holder's activation, after maintenance"
            ),
            cost(ctx, c.get("hold", 0)),
        ),
    ]
    table = Table(
        [Column(weight=1), Column(weight=1.4), Column("center")],
        [[cell(action, bold=True), cell(when), price] for action, when, price in rows],
        [
            cell(tr.pgettext("quickref table", "Action")),
            # Translators: table header: who may take the action, and when.
            cell(tr.pgettext("quickref table", "Who, when")),
            cell(tr.pgettext("quickref table", "Cost")),
        ],
    )
    note = say(
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
            cell(text.capitalised(tr.content("weapon", w.id, "name", w.name)), bold=True),
            cell(tr.number(w.attack)),
            cell(tr.number(w.defence)),
            cell(tr.number(w.range)),
            cell(tr.number(w.crouch_count)),
        ]
        for w in content.weapons
    ]
    table = Table(
        [Column(weight=1)] + [Column("center")] * 4,
        rows,
        [
            cell(tr.pgettext("quickref table", "Weapon")),
            cell(tr.pgettext("quickref table", "Attack")),
            cell(tr.pgettext("quickref table", "Defence")),
            cell(tr.pgettext("quickref table", "Range")),
            # Translators: table header: stones a hero hit by this weapon stays crouched.
            cell(tr.pgettext("quickref table", "Crouch count")),
        ],
    )
    c = rules.costs
    items = [
        lead(
            ctx,
            tr.pgettext("quickref", "Chain:"),
            # Translators: follows the bold label "Chain:"; {ready} and {cost} are numbers of
            # focus points: readying a chain, and an unready chain's duel or attack of opportunity.
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
            lead(
                ctx,
                tr.pgettext("quickref", "Qwik:"),
                tr.pgettext(
                    "quickref",
                    "no weapon. Only a Qwik picks up, carries, throws or scores the jugg, "
                    "and only Qwiks wrestle.",
                ),
            )
        )
    return Section(tr.pgettext("quickref heading", "Weapons"), [table, bullets(items)])
