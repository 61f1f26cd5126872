"""Pass 2: the game's rules, checked on schema-valid content.

Each check is a small function declared in `checks` with a stable code (the
pack's `register` step adds them to a registry; importing adds them nowhere). Checks read
every limit from content/rules.yaml (never a number written here), and each
yields findings at the exact field they are about.
"""

from __future__ import annotations

import difflib
import re
import string
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator

from ttgbuild.core.origin import Origin
from ttgbuild.geometry.hexgrid import distance, neighbours
from ttgbuild.packs.jugger.model import HERO_NUMBERS, Content, Talent
from ttgbuild.validate.registry import Checks, Finding
from ttgbuild.validate.runner import Context

ICON_TOKENS = frozenset({"focus", "stamina", "free"})
_ICON = re.compile(r"\[([^\[\]]*)\]")
_DIGIT = re.compile(r"\d")


checks = Checks()


def at(origin: Origin, message: str, *parts: str | int, key: bool = False) -> Finding:
    """A finding at a field below `origin`."""
    where = origin.at(*parts)
    return Finding(where.file, where.pointer, message, key)


def _stem(origin: Origin) -> str:
    return origin.file.rsplit("/", 1)[-1].removesuffix(".yaml")


# --- identity and references ---------------------------------------------------------


@checks.rule("JT101", "error", "a hero's or talent's id equals its file name")
def id_matches_file(ctx: Context) -> Iterator[Finding]:
    for obj in [*ctx.content.heroes, *ctx.content.talents]:
        if obj.id != _stem(obj.origin):
            yield at(
                obj.origin,
                f"id '{obj.id}' differs from the file name "
                f"'{_stem(obj.origin)}.yaml'; rename one to match",
                "id",
            )


def _collections(content: Content) -> Iterator[tuple[str, list]]:
    yield "hero", content.heroes
    yield "talent", content.talents
    yield "weapon or position", [*content.weapons, *([content.qwik] if content.qwik else [])]
    yield "team", content.teams


@checks.rule("JT102", "error", "ids are unique within each kind of content")
def unique_ids(ctx: Context) -> Iterator[Finding]:
    for kind, objects in _collections(ctx.content):
        seen: dict[str, Origin] = {}
        for obj in objects:
            # Ids are lower-case ASCII (defs id), so two that look the same are equal.
            if obj.id in seen:
                where = ctx.place(seen[obj.id].at("id"))
                yield at(obj.origin, f"{kind} id '{obj.id}' is already used in {where}", "id")
            else:
                seen[obj.id] = obj.origin
    if ctx.content.rules:
        for what, ids, origin_part in (
            ("reaction trigger", [t.id for t in ctx.content.rules.triggers], "reaction_triggers"),
            ("move type", [m.id for m in ctx.content.rules.movement], "movement"),
        ):
            for name, count in Counter(ids).items():
                if count > 1:
                    yield at(
                        ctx.content.rules.origin,
                        f"{what} id '{name}' appears {count} times",
                        origin_part,
                    )


def looks(text: str) -> str:
    """A name as a reader sees it printed: names that look the same have the same key.

    NFKC folds what prints alike (a decomposed accent, a no-break or other
    space, full-width letters, ligatures); format characters (Unicode Cf:
    zero-width, bidi controls, BOM), which print as nothing, are dropped;
    runs of white space count as one space; case is ignored. The schema
    refuses invisible characters in names already (defs line); dropping them
    here keeps the key right for any text it is asked about.
    """
    nfkc = unicodedata.normalize("NFKC", text)
    visible = "".join(c for c in nfkc if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFKC", " ".join(visible.split()).casefold())


@checks.rule(
    "JT103", "error", "names are unique within each kind of content, however they are encoded"
)
def unique_names(ctx: Context) -> Iterator[Finding]:
    for kind, objects in _collections(ctx.content):
        seen: dict[str, tuple[str, Origin]] = {}
        for obj in objects:
            key = looks(obj.name)
            if key not in seen:
                seen[key] = (obj.name, obj.origin)
                continue
            first, origin = seen[key]
            where = ctx.place(origin.at("name"))
            if obj.name.casefold().strip() == first.casefold().strip():
                message = f"{kind} name '{obj.name}' is already used in {where}"
            else:
                message = (
                    f"{kind} name '{obj.name}' looks the same as '{first}' in {where}: they differ"
                    " only in case, spacing, how accents are encoded or invisible characters"
                )
            yield at(obj.origin, message, "name")


def _known(ctx: Context, kind: str, valid_ids: Iterable[str]) -> set[str]:
    return set(valid_ids) | ctx.file_ids.get(kind, set())


def _suggest(name: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, sorted(choices), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


@checks.rule("JT109", "error", "a hero's team exists in teams.yaml", needs=("teams",))
def hero_team_known(ctx: Context) -> Iterator[Finding]:
    teams = {t.id for t in ctx.content.teams}
    for hero in ctx.content.heroes:
        if hero.team not in teams:
            yield at(
                hero.origin,
                f"team '{hero.team}' is not in content/teams.yaml{_suggest(hero.team, teams)}",
                "team",
            )


@checks.rule("JT110", "error", "a hero's talents exist in content/talents/")
def hero_talents_known(ctx: Context) -> Iterator[Finding]:
    talents = _known(ctx, "talent", (t.id for t in ctx.content.talents))
    for hero in ctx.content.heroes:
        for i, talent in enumerate(hero.talents):
            if talent not in talents:
                yield at(
                    hero.origin,
                    f"talent '{talent}' does not exist in content/talents/"
                    f"{_suggest(talent, talents)}",
                    "talents",
                    i,
                )


def _gear(content: Content) -> set[str]:
    return {w.id for w in content.weapons} | ({content.qwik.id} if content.qwik else set())


def _unknown_gear(ctx: Context, objects: list, field_name: str) -> Iterator[Finding]:
    gear = _gear(ctx.content)
    for obj in objects:
        value = getattr(obj, field_name)
        if value is not None and value not in gear:
            yield at(
                obj.origin,
                f"{field_name} '{value}' is neither a weapon nor the Qwik position"
                f"{_suggest(value, gear)}",
                field_name,
            )


@checks.rule("JT111", "error", "a hero's preferred weapon or position exists", needs=("weapons",))
def hero_preference_known(ctx: Context) -> Iterator[Finding]:
    yield from _unknown_gear(ctx, ctx.content.heroes, "preferred")


@checks.rule(
    "JT207",
    "error",
    "a talent's 'required' names a weapon or the Qwik position",
    needs=("weapons",),
)
def talent_requirement_known(ctx: Context) -> Iterator[Finding]:
    yield from _unknown_gear(ctx, ctx.content.talents, "required")


@checks.rule("JT112", "warning", "every talent is printed on at least one hero", needs=("heroes",))
def talent_used(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        if talent.id not in ctx.references.get("talent", set()):
            yield at(talent.origin, f"talent '{talent.id}' is on no hero's card", "id")


# --- hero numbers ----------------------------------------------------------------------


@checks.rule(
    "JT104", "error", "every hero number lies in the range rules.yaml gives", needs=("rules",)
)
def hero_ranges(ctx: Context) -> Iterator[Finding]:
    ranges = ctx.content.rules.attributes
    for hero in ctx.content.heroes:
        for name in HERO_NUMBERS:
            low, high = ranges[name]
            value = getattr(hero, name)
            if not low <= value <= high:
                shown = value if abs(value) < 10**9 else "(a huge number)"
                yield at(hero.origin, f"{name} {shown} is outside {low}..{high}", name)


def _bonus_by_talent(ctx: Context, pool: str) -> dict[str, int]:
    """Extra dice each talent adds to `pool` (talents adding none are left out)."""
    return {
        t.id: t.bonus_dice.dice
        for t in ctx.content.talents
        if t.bonus_dice is not None and t.bonus_dice.pool == pool
    }


@checks.rule(
    "JT105",
    "error",
    "attack + best weapon attack + talent bonus fits a player's dice (a project choice)",
    needs=("rules", "weapons"),
)
def attack_pool_fits(ctx: Context) -> Iterator[Finding]:
    yield from _pool_fits(ctx, "attack")


@checks.rule(
    "JT106",
    "error",
    "defence + best weapon defence + talent bonus fits a player's dice (a project choice)",
    needs=("rules", "weapons"),
)
def defence_pool_fits(ctx: Context) -> Iterator[Finding]:
    yield from _pool_fits(ctx, "defence")


def _pool_fits(ctx: Context, pool: str) -> Iterator[Finding]:
    if not ctx.content.rules.choices.pools_fit_owned_dice:
        return
    dice = ctx.content.rules.dice_per_player
    weapon = max(ctx.content.weapons, key=lambda w: getattr(w, pool))
    bonuses = _bonus_by_talent(ctx, pool)
    for hero in ctx.content.heroes:
        base = getattr(hero, pool)
        bonus = max((bonuses.get(t, 0) for t in hero.talents), default=0)
        total = base + getattr(weapon, pool) + bonus
        if total > dice:
            yield at(
                hero.origin,
                f"{pool} pool {base} + {getattr(weapon, pool)} ({weapon.name}) "
                f"+ {bonus} (talent) = {total} dice; a player owns {dice}",
                pool,
            )


@checks.rule(
    "JT107",
    "error",
    "will (initiative dice) fits a player's dice (a project choice)",
    needs=("rules",),
)
def will_fits(ctx: Context) -> Iterator[Finding]:
    if not ctx.content.rules.choices.pools_fit_owned_dice:
        return
    dice = ctx.content.rules.dice_per_player
    for hero in ctx.content.heroes:
        if hero.will > dice:
            yield at(
                hero.origin,
                f"will {hero.will} needs more dice than the {dice} a player owns",
                "will",
            )


@checks.rule("JT108", "warning", "a hero fits at least one legal short-game team", needs=("rules",))
def hero_affordable(ctx: Context) -> Iterator[Finding]:
    short = ctx.content.rules.formats["short"]
    heroes = ctx.content.heroes
    if len(heroes) < short.team_size:
        return
    others_needed = short.team_size - 1
    costs = sorted(h.cost for h in heroes)
    first_k = sum(costs[: short.team_size])
    for hero in heroes:
        # The cheapest others are the team_size cheapest less this hero if it is
        # among them, else less the dearest of them: one formula, O(n log n) in all.
        cheapest = first_k - min(hero.cost, costs[others_needed])
        if hero.cost + cheapest > short.budget:
            yield at(
                hero.origin,
                f"cost {hero.cost} + the {others_needed} cheapest other "
                f"heroes ({cheapest}) = {hero.cost + cheapest} exceeds the "
                f"short-game budget of {short.budget}",
                "cost",
            )


# --- talents ----------------------------------------------------------------------------


@checks.rule("JT201", "error", "a reaction names the event that triggers it")
def reaction_has_trigger(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        if talent.keyword == "reaction" and talent.trigger is None:
            yield at(
                talent.origin,
                "a reaction must name its trigger: add 'trigger:' with an "
                "id from rules.yaml reaction_triggers",
                "keyword",
            )


@checks.rule("JT202", "error", "only reactions have a trigger")
def trigger_only_on_reactions(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        if talent.keyword != "reaction" and talent.trigger is not None:
            yield at(
                talent.origin,
                f"a {talent.keyword} talent has no trigger; remove 'trigger' or make it a reaction",
                "trigger",
            )


@checks.rule("JT203", "error", "a reaction's trigger exists in rules.yaml", needs=("rules",))
def trigger_known(ctx: Context) -> Iterator[Finding]:
    triggers = {t.id for t in ctx.content.rules.triggers}
    for talent in ctx.content.talents:
        if talent.trigger is not None and talent.trigger not in triggers:
            yield at(
                talent.origin,
                f"trigger '{talent.trigger}' is not in rules.yaml "
                f"reaction_triggers{_suggest(talent.trigger, triggers)}",
                "trigger",
            )


@checks.rule(
    "JT204", "error", "passive talents cost nothing (a project choice rules.yaml can switch off)"
)
def passive_is_free(ctx: Context) -> Iterator[Finding]:
    """Runs on the project's default when rules.yaml did not load: its own errors say why."""
    if ctx.content.rules and not ctx.content.rules.choices.passive_talents_free:
        return
    for talent in ctx.content.talents:
        if talent.keyword == "passive" and talent.cost_kind != "free":
            yield at(
                talent.origin,
                f"a passive talent is always on and costs nothing; cost kind is {talent.cost_kind}",
                "cost",
                "kind",
            )


@checks.rule("JT205", "error", "a talent's cost amount agrees with its kind")
def cost_amount_consistent(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        if talent.cost_kind == "free" and talent.cost_amount != 0:
            yield at(
                talent.origin,
                f"a free talent has amount {talent.cost_amount}; use 0 or leave it out",
                "cost",
                "amount",
            )
        elif talent.cost_kind != "free" and talent.cost_amount < 1:
            yield at(
                talent.origin,
                f"a {talent.cost_kind} cost needs an amount of 1 or more",
                "cost",
                "amount" if talent.cost_amount else "kind",
            )


@checks.rule("JT206", "error", "bonus attacks cannot be boosted")
def bonus_attack_not_boostable(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        if talent.bonus_attack_boostable:
            yield at(
                talent.origin,
                "a bonus attack cannot be boosted; set boostable: false",
                "bonus_attack",
                "boostable",
            )


@checks.rule("JT208", "error", "every {placeholder} in a talent's text has a value")
def placeholders_defined(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        values = talent.placeholders()
        for where, text in _text_forms(talent):
            names, problem = placeholder_names(text)
            if problem:
                yield at(talent.origin, f"text has a malformed placeholder: {problem}", *where)
                continue
            for name in sorted(names - set(values)):
                yield at(
                    talent.origin,
                    f"placeholder {{{name}}} has no value; "
                    f"define it in params{_suggest(name, values)}",
                    *where,
                )


@checks.rule("JT209", "warning", "every talent param is used by its text")
def params_used(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        names = {name for _, text in _text_forms(talent) for name in placeholder_names(text)[0]}
        for name in sorted(set(talent.params) - names):
            yield at(
                talent.origin, f"param '{name}' is not used in the text", "params", name, key=True
            )


@checks.rule(
    "JT210", "error", "texts state no numbers: numbers come from data through placeholders"
)
def no_digits_in_text(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        for where, value in [(("name",), talent.name), *_text_forms(talent)]:
            match = _DIGIT.search(_strip_placeholders(value))
            if match:
                yield at(
                    talent.origin,
                    f"{where[0]} states the number '{match.group()}'; put "
                    "it in params and write {name} instead",
                    *where,
                )
    if ctx.content.rules:
        for i, trigger in enumerate(ctx.content.rules.triggers):
            if _DIGIT.search(trigger.name):
                yield at(
                    ctx.content.rules.origin,
                    "trigger name states a number",
                    "reaction_triggers",
                    i,
                    "name",
                )


@checks.rule("JT211", "error", "inline icon tokens in a talent's text are known icons")
def icons_known(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        for where, text in _text_forms(talent):
            for token in _ICON.findall(text):
                if token not in ICON_TOKENS:
                    yield at(
                        talent.origin,
                        f"unknown icon [{token}]; known icons: "
                        f"{', '.join(f'[{i}]' for i in sorted(ICON_TOKENS))}",
                        *where,
                    )


@checks.rule("JT213", "error", "a talent text's plural 'count' names one of its numbers")
def plural_count_known(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        count = talent.text_count
        values = talent.placeholders()
        if count is not None and count not in values:
            yield at(
                talent.origin,
                f"count '{count}' is not a number of this talent; name one of its "
                f"params, cost or bonus_dice{_suggest(count, values)}",
                "text",
                "count",
            )


def _text_forms(talent: Talent) -> list[tuple[tuple[str, ...], str]]:
    """Each English form of a talent's text with where it sits (text, or text/one and /other)."""
    if talent.text_plural is None:
        return [(("text",), talent.text)]
    return [(("text", "one"), talent.text), (("text", "other"), talent.text_plural)]


@checks.rule("JT212", "error", "bonus dice add at least one die")
def bonus_dice_positive(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        if talent.bonus_dice is not None and talent.bonus_dice.dice < 1:
            yield at(
                talent.origin,
                f"bonus dice must be 1 or more, found {talent.bonus_dice.dice}",
                "bonus_dice",
                "dice",
            )


def placeholder_names(text: str) -> tuple[set[str], str | None]:
    """The {names} in a text; a problem string when braces are unbalanced or fields are odd."""
    names: set[str] = set()
    try:
        for _, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or spec or conversion:
                return names, f"{{{name}}} is not a plain {{name}}"
            names.add(name)
    except ValueError as exc:
        return names, str(exc)
    return names, None


def _strip_placeholders(text: str) -> str:
    return re.sub(r"\{[^{}]*\}", "", text)


# --- weapons ----------------------------------------------------------------------------


@checks.rule("JT301", "error", "weapon crouch counts are positive", needs=("weapons",))
def crouch_positive(ctx: Context) -> Iterator[Finding]:
    for weapon in ctx.content.weapons:
        if weapon.crouch_count < 1:
            yield at(
                weapon.origin,
                f"crouch count {weapon.crouch_count} must be 1 or more",
                "crouch_count",
            )


@checks.rule("JT302", "error", "exactly one weapon kind is the chain", needs=("weapons",))
def one_chain(ctx: Context) -> Iterator[Finding]:
    chains = [w for w in ctx.content.weapons if w.chain]
    if not chains:
        first = ctx.content.weapons[0]
        yield at(
            Origin(first.origin.file),
            "no weapon is marked 'chain: true'; exactly one weapon kind is the chain",
            "weapons",
        )
    for extra in chains[1:]:
        yield at(
            extra.origin,
            f"'{extra.id}' is a second chain; exactly one weapon kind is "
            f"the chain (first: '{chains[0].id}')",
            "chain",
        )


@checks.rule(
    "JT303", "error", "weapon dice are not negative and range is at least 1", needs=("weapons",)
)
def weapon_numbers(ctx: Context) -> Iterator[Finding]:
    for weapon in ctx.content.weapons:
        for name, low in (("attack", 0), ("defence", 0), ("range", 1)):
            value = getattr(weapon, name)
            if value < low:
                yield at(weapon.origin, f"{name} {value} must be {low} or more", name)


# --- rules data ---------------------------------------------------------------------------


@checks.rule(
    "JT401",
    "error",
    "move types form increasing bands (gapless by project choice) with rising costs",
    needs=("rules",),
)
def movement_bands(ctx: Context) -> Iterator[Finding]:
    """Without the band-minimums choice a move may be shorter than its band: limits still rise."""
    rules = ctx.content.rules
    minimums = rules.choices.move_band_minimums
    expected_min = 1
    previous_cost = -1
    for i, move in enumerate(rules.movement):
        if minimums and move.min != expected_min:
            yield at(
                rules.origin,
                f"move '{move.id}' starts at {move.min}; the previous band "
                f"ends at {expected_min - 1}",
                "movement",
                "types",
                i,
                "min",
            )
        if not minimums and move.max < expected_min:
            yield at(
                rules.origin,
                f"move '{move.id}' limit {move.max} does not exceed the shorter "
                f"move's limit {expected_min - 1}",
                "movement",
                "types",
                i,
                "max",
            )
        if move.max < move.min:
            yield at(
                rules.origin,
                f"move '{move.id}' limit {move.max} is below its start {move.min}",
                "movement",
                "types",
                i,
                "max",
            )
        if move.cost < previous_cost:
            yield at(
                rules.origin,
                f"move '{move.id}' costs less than a shorter move",
                "movement",
                "types",
                i,
                "cost",
            )
        expected_min, previous_cost = move.max + 1, move.cost
    if rules.movement and rules.max_move_per_activation != rules.movement[-1].max:
        yield at(
            rules.origin,
            f"max_per_activation {rules.max_move_per_activation} differs from "
            f"the longest move's limit {rules.movement[-1].max}",
            "movement",
            "max_per_activation",
        )


@checks.rule(
    "JT402",
    "error",
    "formats: heroes in play equal the positions, teams hold them",
    needs=("rules",),
)
def formats_consistent(ctx: Context) -> Iterator[Finding]:
    rules = ctx.content.rules
    positions = rules.qwiks_in_play + rules.defenders_in_play
    for name, fmt in rules.formats.items():
        if fmt.in_play != positions:
            yield at(
                rules.origin,
                f"{name} game puts {fmt.in_play} heroes in play but positions "
                f"add up to {positions}",
                "formats",
                name,
                "in_play",
            )
        if fmt.team_size < fmt.in_play:
            yield at(
                rules.origin,
                f"{name} team of {fmt.team_size} cannot field {fmt.in_play} heroes",
                "formats",
                name,
                "team_size",
            )


@checks.rule(
    "JT403",
    "error",
    "the synergy table: a lone hero earns none, one row per hero in play, never decreasing",
    needs=("rules",),
)
def synergy_table(ctx: Context) -> Iterator[Finding]:
    """Rows past the heroes a side can field could never be read: a longer table is an error too."""
    rules = ctx.content.rules
    in_play = rules.most_in_play()
    if len(rules.synergy) != in_play:
        yield at(
            rules.origin,
            f"synergy has {len(rules.synergy)} rows; a side fields up to "
            f"{in_play} heroes of one team, one row each",
            "synergy",
        )
    if rules.synergy[0] != 0:
        yield at(
            rules.origin,
            f"synergy for a lone hero is {rules.synergy[0]}; one hero has no teammate "
            "to work with and earns 0",
            "synergy",
            0,
        )
    for i in range(1, len(rules.synergy)):
        if rules.synergy[i] < rules.synergy[i - 1]:
            yield at(rules.origin, f"synergy for {i + 1} heroes is less than for {i}", "synergy", i)


@checks.rule(
    "JT408",
    "error",
    "an exhausted hero's move limit is at most the walk limit",
    needs=("rules",),
)
def exhausted_move_is_a_walk(ctx: Context) -> Iterator[Finding]:
    """Exhausted heroes may only walk (ES 387); the first move type is the walk."""
    rules = ctx.content.rules
    walk = rules.movement[0]
    limit = rules.exhausted["max_move"]
    if limit > walk.max:
        yield at(
            rules.origin,
            f"exhausted heroes may move {limit} hexes, more than a {walk.id} ({walk.max})",
            "exhausted",
            "max_move",
        )


# Costs the books state as the sum of others: (cost, its parts).
DERIVED_COSTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("duel", ("basic_attack",)),
    ("attack_of_opportunity", ("basic_attack",)),
    ("duel_unready_chain", ("chain_ready", "duel")),
    ("duel_unready_chain", ("chain_ready", "attack_of_opportunity")),
)


@checks.rule(
    "JT409",
    "error",
    "costs the books build from others equal the sum of their parts",
    needs=("rules",),
)
def derived_costs(ctx: Context) -> Iterator[Finding]:
    """A duel and an attack of opportunity are basic attacks; with an unready chain, readying is
    added. The sums stay written in rules.yaml and are checked rather than computed, because
    cards and the quick reference print them as numbers of their own: one changed part then
    fails here instead of printing a stale total.
    """
    costs = ctx.content.rules.costs
    for name, parts in DERIVED_COSTS:
        total = sum(costs[p] for p in parts)
        if costs[name] != total:
            yield at(
                ctx.content.rules.origin,
                f"{name} costs {costs[name]} but {' + '.join(parts)} = {total}",
                "costs",
                name,
            )


@checks.rule(
    "JT404",
    "error",
    "attribute ranges are ordered; reflexes fit the activation order",
    needs=("rules",),
)
def attribute_ranges(ctx: Context) -> Iterator[Finding]:
    rules = ctx.content.rules
    for name, (low, high) in rules.attributes.items():
        if low > high:
            yield at(rules.origin, f"{name} range {low}..{high} is empty", "attributes", name)
    low, high = rules.attributes["reflexes"]
    if low < rules.activation_last or high > rules.activation_first:
        yield at(
            rules.origin,
            f"reflexes {low}..{high} reach beyond the activation order "
            f"{rules.activation_first}..{rules.activation_last}",
            "attributes",
            "reflexes",
        )


@checks.rule(
    "JT405", "error", "weapon limits allow every defender one weapon and a chain", needs=("rules",)
)
def weapon_limits(ctx: Context) -> Iterator[Finding]:
    rules = ctx.content.rules
    if rules.chains_min > rules.chains_max:
        yield at(
            rules.origin,
            f"chains_min {rules.chains_min} exceeds chains_max {rules.chains_max}",
            "weapons_on_field",
            "chains_min",
        )
    if rules.defenders_in_play > rules.weapons_max:
        yield at(
            rules.origin,
            f"{rules.defenders_in_play} defenders need a weapon each but a "
            f"team may field {rules.weapons_max}",
            "weapons_on_field",
            "max",
        )


@checks.rule("JT406", "error", "the die has at least one jugg face", needs=("rules",))
def die_can_hit(ctx: Context) -> Iterator[Finding]:
    rules = ctx.content.rules
    if not any(rules.faces):
        yield at(rules.origin, "every face is blank: no attack could ever hit", "dice", "faces")


@checks.rule("JT407", "error", "the activation order counts down", needs=("rules",))
def activation_counts_down(ctx: Context) -> Iterator[Finding]:
    rules = ctx.content.rules
    if rules.activation_first < rules.activation_last:
        yield at(
            rules.origin,
            f"activation order starts at {rules.activation_first}, below "
            f"its end {rules.activation_last}",
            "activation_order",
            "first",
        )


# --- board ----------------------------------------------------------------------------------


def _board_places(board) -> Iterator[tuple[tuple[int, int], tuple[str | int, ...]]]:
    yield board.centre, ("centre",)
    for side, hex_ in board.goals.items():
        yield hex_, ("goals", side)
    for side, area in board.start_zones.items():
        yield (area.columns[0], area.rows[0]), ("start_zones", side)
        yield (area.columns[1], area.rows[1]), ("start_zones", side)
    for i, line in enumerate(board.corner_lines):
        for j, hex_ in enumerate(line):
            yield hex_, ("corner_lines", i, j)


@checks.rule(
    "JT501",
    "error",
    "centre, goals, start zones and corner lines lie on the board",
    needs=("board",),
)
def board_places_on_board(ctx: Context) -> Iterator[Finding]:
    board = ctx.content.board
    for hex_, parts in _board_places(board):
        if not board.contains(hex_):
            yield at(
                board.origin,
                f"hex [{hex_[0]}, {hex_[1]}] is off the {board.columns} x {board.rows} board",
                *parts,
            )
    for side, area in board.start_zones.items():
        if area.columns[0] > area.columns[1] or area.rows[0] > area.rows[1]:
            yield at(board.origin, f"{side} start zone ranges run backwards", "start_zones", side)


@checks.rule(
    "JT502",
    "error",
    "goals, start zones and corner lines mirror each other across the centre's column",
    needs=("board",),
)
def board_symmetric(ctx: Context) -> Iterator[Finding]:
    board = ctx.content.board
    if board.mirror(board.goals["red"]) != board.goals["blue"]:
        yield at(
            board.origin,
            f"blue goal {list(board.goals['blue'])} is not the mirror of red "
            f"goal {list(board.goals['red'])}",
            "goals",
            "blue",
        )
    red, blue = board.start_zones["red"], board.start_zones["blue"]
    mirrored = (board.mirror((red.columns[1], 0))[0], board.mirror((red.columns[0], 0))[0])
    if blue.columns != mirrored or blue.rows != red.rows:
        yield at(
            board.origin,
            "blue start zone is not the mirror of red's (expected columns "
            f"{list(mirrored)}, rows {list(red.rows)})",
            "start_zones",
            "blue",
        )
    cells = {hex_ for line in board.corner_lines for hex_ in line}
    flips = (board.mirror, lambda h: (h[0], board.rows - 1 - h[1]))
    for i, line in enumerate(board.corner_lines):
        for j, hex_ in enumerate(line):
            if any(flip(hex_) not in cells for flip in flips):
                yield at(
                    board.origin,
                    f"corner hex [{hex_[0]}, {hex_[1]}] has no mirror image in the other corners",
                    "corner_lines",
                    i,
                    j,
                )


@checks.rule(
    "JT503", "error", "the centre sits on the middle row in a middle column", needs=("board",)
)
def centre_in_middle(ctx: Context) -> Iterator[Finding]:
    board = ctx.content.board
    middle_columns = {(board.columns - 1) // 2, board.columns // 2}
    if board.centre[0] not in middle_columns or board.centre[1] != (board.rows - 1) // 2:
        yield at(
            board.origin,
            f"centre {list(board.centre)} is not in the middle of the board "
            f"(column {' or '.join(map(str, sorted(middle_columns)))}, row "
            f"{(board.rows - 1) // 2})",
            "centre",
        )


@checks.rule(
    "JT504", "error", "each team's goal and start zone lie in its own half", needs=("board",)
)
def own_half(ctx: Context) -> Iterator[Finding]:
    board = ctx.content.board
    half = board.columns / 2
    for side, own in (("red", lambda c: c < half), ("blue", lambda c: c >= half)):
        if not own(board.goals[side][0]):
            yield at(board.origin, f"{side} goal is in the other team's half", "goals", side)
        area = board.start_zones[side]
        if not (own(area.columns[0]) and own(area.columns[1])):
            yield at(
                board.origin,
                f"{side} start zone reaches into the other team's half",
                "start_zones",
                side,
            )


@checks.rule(
    "JT505",
    "error",
    "the centre is as many hex steps from each goal and from each start zone, and both goals "
    "have as many neighbouring hexes on the field",
    needs=("board",),
)
def board_fair(ctx: Context) -> Iterator[Finding]:
    """Measured with the hex grid's own distance (cube coordinates), because on offset columns
    counting columns is wrong: a hex of an odd column sits half a row lower. A start zone's
    distance is that of its nearest and of its farthest hex. A goal on the field's edge has
    fewer neighbours than one inside it, and a Qwik may score from a neighbouring hex, so
    the two goals must offer the same number of them.
    """
    board = ctx.content.board
    steps = {side: distance(board.centre, hex_) for side, hex_ in board.goals.items()}
    if steps["red"] != steps["blue"]:
        yield at(
            board.origin,
            f"the centre is {steps['red']} hex steps from the red goal and "
            f"{steps['blue']} from the blue goal",
            "goals",
            "blue",
        )
    around = {
        side: sum(board.contains(next_to) for next_to in neighbours(hex_))
        for side, hex_ in board.goals.items()
    }
    if around["red"] != around["blue"]:
        yield at(
            board.origin,
            f"the red goal has {around['red']} neighbouring hexes on the field and the blue "
            f"goal {around['blue']}: a Qwik can score from more sides of one of them",
            "goals",
            "blue",
        )
    spans = {}
    for side, area in board.start_zones.items():
        far = [distance(board.centre, hex_) for hex_ in area.hexes()]
        spans[side] = (min(far), max(far)) if far else (0, 0)
    if spans["red"] != spans["blue"]:
        yield at(
            board.origin,
            "the centre is {}..{} hex steps from the red start zone and {}..{} from the "
            "blue one".format(*spans["red"], *spans["blue"]),
            "start_zones",
            "blue",
        )


# --- kit manifest -----------------------------------------------------------------------------


@checks.rule(
    "JT601",
    "error",
    "the kit's weapon cards name weapons or the Qwik position",
    needs=("kit", "weapons"),
)
def kit_cards_known(ctx: Context) -> Iterator[Finding]:
    gear = _gear(ctx.content)
    for name in ctx.content.kit.weapon_cards:
        if name not in gear:
            yield at(
                ctx.content.kit.origin,
                f"'{name}' is neither a weapon nor the Qwik position{_suggest(name, gear)}",
                "weapon_cards",
                name,
                key=True,
            )


@checks.rule(
    "JT602",
    "error",
    "the kit holds weapon and Qwik cards for two full sides",
    needs=("kit", "weapons", "rules", "qwik"),
)
def kit_enough_for_two(ctx: Context) -> Iterator[Finding]:
    content, rules, kit = ctx.content, ctx.content.rules, ctx.content.kit
    chain_ids = {w.id for w in content.weapons if w.chain}
    chains = sum(n for k, n in kit.weapon_cards.items() if k in chain_ids)
    others = sum(
        n for k, n in kit.weapon_cards.items() if k not in chain_ids and k != content.qwik.id
    )
    qwiks = kit.weapon_cards.get(content.qwik.id, 0)
    needs = (
        ("chain", chains, 2 * rules.chains_min),
        ("non-chain weapon", others, 2 * (rules.defenders_in_play - rules.chains_min)),
        ("Qwik", qwiks, 2 * rules.qwiks_in_play),
    )
    for what, have, need in needs:
        if have < need:
            yield at(kit.origin, f"{have} {what} cards; two sides need {need}", "weapon_cards")
    if kit.counters["chain_ready"] < 2 * rules.chains_max:
        yield at(
            kit.origin,
            f"{kit.counters['chain_ready']} chain tokens; two sides need {2 * rules.chains_max}",
            "counters",
            "chain_ready",
        )
