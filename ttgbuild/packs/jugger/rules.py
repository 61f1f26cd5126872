"""Pass 2: the game's rules that need game logic, checked on schema-valid content.

Most rules are declared as data in data/checks/*.checks.yaml (ids, references,
bounds, tables, texts; docs/formats/checks.md). The checks here need more than
an expression: names compared as printed, the best weapon and talent bonus of
a pool, the cheapest legal team, move bands, and the board's hex geometry.
Each is a small function declared in `checks` with a stable code (the pack's
`register` step adds them to a registry; importing adds them nowhere). Checks
read every limit from content/rules.yaml (never a number written here), and
each yields findings at the exact field they are about.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from ttgbuild.packapi.checks import Checks, Context, Finding
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packapi.hexgrid import distance, neighbours
from ttgbuild.packapi.project import placeholder_names
from ttgbuild.packs.jugger.model import Content, Talent

checks = Checks()


def at(origin: Origin, message: str, *parts: str | int, key: bool = False) -> Finding:
    """A finding at a field below `origin`."""
    where = origin.at(*parts)
    return Finding(where.file, where.pointer, message, key)


# --- names ----------------------------------------------------------------------------


def _collections(content: Content) -> Iterator[tuple[str, list]]:
    yield "hero", content.heroes
    yield "talent", content.talents
    yield "weapon or position", [*content.weapons, *([content.qwik] if content.qwik else [])]
    yield "team", content.teams


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


# --- hero numbers ----------------------------------------------------------------------


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


@checks.rule("JT209", "warning", "every talent param is used by its text")
def params_used(ctx: Context) -> Iterator[Finding]:
    for talent in ctx.content.talents:
        names = {name for _, text in _text_forms(talent) for name in placeholder_names(text)[0]}
        for name in sorted(set(talent.params) - names):
            yield at(
                talent.origin, f"param '{name}' is not used in the text", "params", name, key=True
            )


def _text_forms(talent: Talent) -> list[tuple[tuple[str, ...], str]]:
    """Each English form of a talent's text with where it sits (text, or text/one and /other)."""
    if talent.text_plural is None:
        return [(("text",), talent.text)]
    return [(("text", "one"), talent.text), (("text", "other"), talent.text_plural)]


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
