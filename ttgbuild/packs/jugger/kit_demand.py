"""Kit sufficiency: the kit holds enough for the largest demand legal play can make.

The boxed game's counts are not evidence: its 70 stamina counters are short of
two legal long teams. So each count is checked against a worst case worked out
from content: the heroes, the formats and the rules. Both sides are counted
with the same worst case, because the opponent may field the same heroes
(ES 168). A shortfall is an error at the kit.yaml field: the printed kit would
leave players without pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ttgbuild.packs.jugger.model import HERO_NUMBERS, Content, Hero
from ttgbuild.packs.jugger.rules import at
from ttgbuild.validate.registry import Checks, Finding
from ttgbuild.validate.runner import Context

checks = Checks()

SIDES = 2


def most_demanding_team(
    heroes: list[Hero], team_size: int, budget: int, value: Callable[[Hero], int]
) -> int | None:
    """The largest total `value` of `team_size` distinct heroes costing at most `budget` together.

    A knapsack over costs with an exact team size. Among heroes of one cost a team
    can only profit from the `team_size` of highest value, so the rest are set aside
    first and the table stays small however many heroes there are. None when no
    legal team exists.
    """
    by_cost: dict[int, list[int]] = {}
    for hero in heroes:
        if hero.cost <= budget:
            by_cost.setdefault(hero.cost, []).append(value(hero))
    unreached = -1
    # best[k][c]: the largest value of k heroes costing exactly c
    best = [[unreached] * (budget + 1) for _ in range(team_size + 1)]
    best[0][0] = 0
    for cost, values in by_cost.items():
        for gain in sorted(values, reverse=True)[:team_size]:
            for k in range(team_size - 1, -1, -1):
                row, above = best[k], best[k + 1]
                for spent in range(budget - cost, -1, -1):
                    if row[spent] != unreached and row[spent] + gain > above[spent + cost]:
                        above[spent + cost] = row[spent] + gain
    top = max(best[team_size])
    return None if top == unreached else top


def legal_heroes(content: Content) -> list[Hero]:
    """Heroes whose numbers all lie in their ranges: a hero out of range is in no legal
    team, and JT104 already reports it."""
    bounds = [(name, *content.rules.attributes[name]) for name in HERO_NUMBERS]
    return [
        hero
        for hero in content.heroes
        if all(low <= getattr(hero, name) <= high for name, low, high in bounds)
    ]


def points_demand(content: Content, heroes: list[Hero], attribute: str) -> tuple[int, str] | None:
    """Counters of `attribute` (focus or stamina) one side can need, and the format needing them.

    Every hero of a team keeps its points on its card, reserves included, so the
    whole team counts.
    """
    demands = []
    for fmt in content.rules.formats.values():
        need = most_demanding_team(
            heroes, fmt.team_size, fmt.budget, lambda h: getattr(h, attribute)
        )
        if need is not None:
            demands.append((need, fmt.id))
    return max(demands) if demands else None


@checks.rule(
    "JT603",
    "error",
    "focus and stamina counters cover two of the most demanding legal teams",
    needs=("kit", "rules", "heroes"),
)
def kit_point_counters(ctx: Context) -> Iterator[Finding]:
    kit = ctx.content.kit
    heroes = legal_heroes(ctx.content)
    for attribute in ("focus", "stamina"):
        demand = points_demand(ctx.content, heroes, attribute)
        if demand is None:
            continue
        one_side, fmt = demand
        have = kit.counters[attribute]
        if have < SIDES * one_side:
            yield at(
                kit.origin,
                f"{have} {attribute} counters; two legal {fmt} teams can need "
                f"{SIDES * one_side} ({one_side} each, the most a team within the "
                "budget can have)",
                "counters",
                attribute,
            )


@checks.rule("JT604", "error", "the kit holds every player's dice", needs=("kit", "rules"))
def kit_dice(ctx: Context) -> Iterator[Finding]:
    kit, need = ctx.content.kit, SIDES * ctx.content.rules.dice_per_player
    if kit.dice < need:
        yield at(
            kit.origin,
            f"{kit.dice} dice; two players own {ctx.content.rules.dice_per_player} each",
            "dice",
        )


@checks.rule(
    "JT605",
    "error",
    "each colour has a base for every hero of the largest team",
    needs=("kit", "rules"),
)
def kit_bases(ctx: Context) -> Iterator[Finding]:
    kit = ctx.content.kit
    need = ctx.content.rules.largest_team()
    for colour, have in kit.bases.items():
        if have < need:
            yield at(
                kit.origin,
                f"{have} {colour} bases; a {colour} team can hold {need} heroes",
                "bases",
                colour,
            )


@checks.rule(
    "JT606",
    "error",
    "team synergy tokens cover both sides' largest synergy",
    needs=("kit", "rules"),
)
def kit_synergy_tokens(ctx: Context) -> Iterator[Finding]:
    """The worst case is every in-play hero from one club, on both sides (a hero may be fielded
    by both players). Synergy is dealt afresh each point, so it never piles up."""
    rules, kit = ctx.content.rules, ctx.content.kit
    one_side = max(rules.synergy_for(f.in_play) for f in rules.formats.values())
    have = kit.counters["team_synergy"]
    if have < SIDES * one_side:
        yield at(
            kit.origin,
            f"{have} team synergy tokens; each side can earn {one_side}",
            "counters",
            "team_synergy",
        )


@checks.rule(
    "JT607", "error", "pinned tokens cover every pin both sides can hold", needs=("kit", "rules")
)
def kit_pinned_tokens(ctx: Context) -> Iterator[Finding]:
    """One token marks one pin. A hero pins at most one crouched hero at a time (ES 840), and
    only a defender without the chain pins (Qwiks and chains cannot). A side fields at least
    chains_min chains, so at most defenders - chains_min of its heroes pin at once; several may
    pin the same crouched hero, so the opponent's crouched heroes set no lower bound."""
    rules, kit = ctx.content.rules, ctx.content.kit
    one_side = rules.defenders_in_play - rules.chains_min
    have = kit.counters["pinned"]
    if have < SIDES * one_side:
        yield at(
            kit.origin,
            f"{have} pinned tokens; each side can hold {one_side} pins at once "
            "(its defenders without the chain)",
            "counters",
            "pinned",
        )


@checks.rule(
    "JT608",
    "error",
    "exhausted tokens cover every hero of both teams",
    needs=("kit", "rules"),
)
def kit_exhausted_tokens(ctx: Context) -> Iterator[Finding]:
    """Nothing in either book ends exhaustion: the token stays at the end of a point (ES 309)
    and recovering stamina is not said to remove it. In a long game exhausted heroes go to the
    reserve and fresh ones come in, so in time every hero of both teams can be exhausted."""
    rules, kit = ctx.content.rules, ctx.content.kit
    one_side = rules.largest_team()
    have = kit.counters["exhausted"]
    if have < SIDES * one_side:
        yield at(
            kit.origin,
            f"{have} exhausted tokens; every hero of two {one_side}-hero teams can be exhausted",
            "counters",
            "exhausted",
        )


@checks.rule(
    "JT609",
    "error",
    "crouch templates cover every hero in play on both sides",
    needs=("kit", "rules"),
)
def kit_crouch_templates(ctx: Context) -> Iterator[Finding]:
    """Any hero in play can be hit or leave the field, and nothing stops all of them crouching
    at once."""
    kit, need = ctx.content.kit, SIDES * ctx.content.rules.most_in_play()
    have = kit.counters["crouch_template"]
    if have < need:
        yield at(
            kit.origin,
            f"{have} crouch templates; all {need} heroes in play can crouch at once",
            "counters",
            "crouch_template",
        )


@checks.rule(
    "JT610",
    "error",
    "crouch count tokens cover every hero in play crouching for the longest count",
    needs=("kit", "rules", "weapons"),
)
def kit_crouch_counts(ctx: Context) -> Iterator[Finding]:
    """One token per stone still to crouch, stacked on the card. The longest count is the
    chain's or leaving the field, whichever is longer; a talent that strikes every enemy in range
    lets the chain crouch several heroes, so every hero in play may carry the longest count."""
    rules, kit = ctx.content.rules, ctx.content.kit
    longest = max([w.crouch_count for w in ctx.content.weapons] + [rules.out_of_bounds_crouch])
    in_play = SIDES * rules.most_in_play()
    need = in_play * longest
    have = kit.counters["crouch_count"]
    if have < need:
        yield at(
            kit.origin,
            f"{have} crouch count tokens; {in_play} heroes in play "
            f"crouching for {longest} stones need {need}",
            "counters",
            "crouch_count",
        )


@checks.rule(
    "JT611",
    "error",
    "delay tokens cover every hero in play on both sides",
    needs=("kit", "rules"),
)
def kit_delay_tokens(ctx: Context) -> Iterator[Finding]:
    """Every hero whose reflexes are above the last activation value may delay, and a delayed
    hero keeps its token until it activates later in the stone: all of them may wait at once."""
    kit, need = ctx.content.kit, SIDES * ctx.content.rules.most_in_play()
    have = kit.counters["delay"]
    if have < need:
        yield at(
            kit.origin,
            f"{have} delay tokens; all {need} heroes in play can delay in one stone",
            "counters",
            "delay",
        )
