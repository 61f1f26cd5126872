"""Dungeon Bowl's game logic against brute force: odds, table reach, the dungeon grid, rosters.

Every exact chance is compared with an enumeration of every face
combination; every reach problem with a walk over every modified roll.
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, Project, assert_no_crash, run_cli
from ttgbuild.packs.dungeonbowl import dice, dungeon, roster, tables

GAME = REPO / "games" / "dungeon-bowl"
CONTENT = GAME / "content"


def load(rel: str) -> dict:
    return yaml.safe_load((CONTENT / rel).read_text(encoding="utf-8"))


def shipped_tables() -> list[dict]:
    return [load(f"tables/{p.name}") for p in sorted((CONTENT / "tables").glob("*.yaml"))]


def brute(count: int, faces: int, modifier: int = 0) -> dict[int, Fraction]:
    rolls = list(product(range(1, faces + 1), repeat=count))
    out: dict[int, Fraction] = {}
    for roll in rolls:
        out[sum(roll) + modifier] = out.get(sum(roll) + modifier, Fraction(0)) + Fraction(
            1, len(rolls)
        )
    return out


@pytest.mark.parametrize(
    ("written", "count", "faces"),
    [("2D6", 2, 6), ("D6", 1, 6), ("D16", 1, 16), ("3D6", 3, 6), ("d8", 1, 8)],
)
@pytest.mark.parametrize("modifier", [-2, 0, 3])
def test_a_distribution_is_exactly_the_enumeration(
    written: str, count: int, faces: int, modifier: int
) -> None:
    assert dice.distribution(written, modifier) == brute(count, faces, modifier)


def test_the_unmodified_injury_odds_are_the_digests() -> None:
    injury = load("tables/injury.yaml")
    assert tables.row_odds(injury) == [Fraction(21, 36), Fraction(9, 36), Fraction(6, 36)]
    assert tables.row_odds(injury, 1) == [Fraction(15, 36), Fraction(11, 36), Fraction(10, 36)]


def test_every_shipped_table_row_odds_match_brute_force_under_every_modifier() -> None:
    for table in shipped_tables():
        count, faces = dice.parse(table["dice"])
        for modifier in tables.modifier_totals(table.get("modifiers", [])):
            expected = [Fraction(0)] * len(table["rows"])
            for roll, p in brute(count, faces, modifier).items():
                hits = [
                    i
                    for i, row in enumerate(table["rows"])
                    if (row["low"] is None or row["low"] <= roll)
                    and (row["high"] is None or roll <= row["high"])
                ]
                assert len(hits) == 1, (table["id"], roll)
                expected[hits[0]] += p
            assert tables.row_odds(table, modifier) == expected
            assert sum(expected) == 1


def test_modifier_totals_are_every_sum_of_allowed_instances_one_per_group() -> None:
    accuracy = load("tables/accuracy.yaml")
    mods = accuracy["modifiers"]
    brute_totals = {
        sum(m["amount"] * k for m, k in zip(mods, ks, strict=True))
        for ks in product(*[range(m["most"] + 1) for m in mods])
        if sum(k for m, k in zip(mods, ks, strict=True) if m.get("group") == "range") <= 1
    }
    # Short and Long range exclude each other: -1 -2 (short and long) -2 (two markers) is no total.
    assert tables.modifier_totals(mods) == sorted(brute_totals) == [-4, -3, -2, -1, 0]
    ungrouped = [{k: v for k, v in m.items() if k != "group"} for m in mods]
    assert tables.modifier_totals(ungrouped)[0] == -5  # the phantom total the group removes
    assert tables.modifier_totals(load("tables/throw-quality.yaml")["modifiers"]) == [-2, -1, 0]


def test_rows_out_of_order_are_named_at_the_row_that_comes_too_late() -> None:
    rows = load("tables/reduction.yaml")["rows"]
    assert tables.order_problems(rows) == []
    assert [i for i, _ in tables.order_problems(rows[::-1])] == [1, 2, 3, 4]
    casualty = load("tables/casualty.yaml")["rows"]
    swapped = [casualty[0], casualty[2], casualty[1], *casualty[3:]]
    assert tables.order_problems(swapped) == [
        (2, "rows run low to high, but 7-9 comes after 10-12")
    ]
    overlap = [dict(casualty[0]), dict(casualty[1], low=6)]
    assert tables.order_problems(overlap) == []  # an overlap is the dice-table check's


def test_the_casualty_table_follows_the_source_rows() -> None:
    rows = {row["result"]: row for row in load("tables/casualty.yaml")["rows"]}
    # L122-124 print one effect twice; variant casualty-rows makes each row one step worse
    assert rows["seriously-hurt"]["miss_next"] and "niggling" not in rows["seriously-hurt"]
    serious = rows["serious-injury"]
    assert serious["niggling"] and serious["miss_next"] and "then" not in serious
    lasting = rows["lasting-injury"]
    assert lasting["then"] == "reduction" and lasting["miss_next"] and "niggling" not in lasting
    assert "miss_next" not in rows["badly-hurt"]  # L121, fix 3


def test_the_niggling_modifier_is_found_by_id_not_position() -> None:
    from ttgbuild.packs.dungeonbowl.functions import injury_niggling

    game = load("game.yaml")
    injury = load("tables/injury.yaml")
    injury["modifiers"].insert(0, {"id": "cursed", "name": "Cursed", "amount": 2, "most": 1})
    assert injury_niggling([injury], game)["amount"] == 1
    assert injury_niggling([dict(injury, modifiers=[])], game) is None
    assert injury_niggling([injury], dict(game, injury_table="injuries")) is None


def test_the_armour_odds_cover_every_armour_value_a_player_can_have() -> None:
    from ttgbuild.packs.dungeonbowl.functions import armour_odds

    game = load("game.yaml")
    av = next(c for c in game["characteristics"] if c["id"] == "av")
    odds = armour_odds(game)
    assert [o["av"] for o in odds] == list(range(av["min"], av["max"] + 1)) == list(range(3, 12))
    two_d6 = brute(2, 6)
    for o in odds:
        assert o["broken"] == float(sum(p for t, p in two_d6.items() if t >= o["av"] + 1))


def test_the_dugout_teleport_bars_only_the_team_with_the_first_turn() -> None:
    action = next(a for a in load("procedures.yaml")["actions"] if a["id"] == "dugout-teleport")
    assert "first team turn" in action["text"] and "The team that takes" in action["text"]


def test_the_d16_stand_in_is_an_even_d16_by_enumeration() -> None:
    game = load("game.yaml")["d16"]
    made = dice.stand_in(game["base"], game["switch"], game["high_from"], game["add"])
    counts: dict[int, int] = {}
    for d8, d6 in product(range(1, 9), range(1, 7)):
        total = d8 + (8 if d6 >= 4 else 0)
        counts[total] = counts.get(total, 0) + 1
    assert made == {t: Fraction(n, 48) for t, n in counts.items()} == dice.distribution("D16")
    assert dice.stand_in("D8", "D6", 5, 8) != dice.distribution("D16")


@pytest.mark.parametrize("count", [1, 2, 3])
def test_block_result_odds_match_every_roll_of_the_block_dice(count: int) -> None:
    faces = tuple(load("game.yaml")["block"]["faces"])
    for result in set(faces):
        rolls = list(product(faces, repeat=count))
        seen = Fraction(sum(result in roll for roll in rolls), len(rolls))
        assert dice.at_least_one(faces, {result}, count) == seen


def test_the_shipped_tables_reach_every_modified_roll() -> None:
    assert [tables.reach_problems(t) for t in shipped_tables()] == [[]] * len(shipped_tables())


def _rows(*spans: tuple[int | None, int | None]) -> list[dict]:
    return [{"low": lo, "high": hi, "result": f"r{i}"} for i, (lo, hi) in enumerate(spans)]


def test_a_gap_is_blamed_on_the_row_after_it_and_an_overlap_on_the_second_row() -> None:
    gap = {"dice": "2D6", "rows": _rows((2, 6), (8, 9), (10, 12))}
    assert tables.reach_problems(gap) == [(1, "a roll of 7 lands on no row")]
    overlap = {"dice": "2D6", "rows": _rows((2, 7), (7, 9), (10, 12))}
    assert tables.reach_problems(overlap) == [
        (1, "a roll of 7 lands on this row and an earlier one")
    ]


def test_a_closed_end_that_modifiers_pass_is_blamed_on_the_end_row() -> None:
    mods = [{"id": "n", "name": "n", "amount": 1, "most": 2}]
    closed = {"dice": "2D6", "modifiers": mods, "rows": _rows((2, 7), (8, 9), (10, 12))}
    assert tables.reach_problems(closed) == [(2, "a roll of 13 with its modifiers lands on no row")]
    low = {"dice": "D6", "modifiers": [{**mods[0], "amount": -1}], "rows": _rows((1, 3), (4, None))}
    assert tables.reach_problems(low) == [(0, "a roll of -1 with its modifiers lands on no row")]
    opened = {"dice": "2D6", "modifiers": mods, "rows": _rows((2, 7), (8, 9), (10, None))}
    assert tables.reach_problems(opened) == []


def test_reach_problems_agree_with_a_walk_over_every_table_of_small_rows() -> None:
    """Exhaustive: every split of D6 into rows of 1..6 with ends that may be off by one."""
    for lows in combinations_with_replacement(range(0, 8), 3):
        spans = [(lows[0], lows[1] - 1), (lows[1], lows[2] - 1), (lows[2], 6)]
        table = {"dice": "D6", "rows": _rows(*spans)}
        bad_rolls = [r for r in range(1, 7) if len(tables.row_of(table["rows"], r)) != 1]
        assert bool(tables.reach_problems(table)) == bool(bad_rolls), spans


SHIPPED_MAP = load("dungeon.yaml")["map"]


def test_the_shipped_dungeon_has_no_problems() -> None:
    assert dungeon.problems(SHIPPED_MAP, "D6") == []
    assert sorted(SHIPPED_MAP[y][x] for x, y in dungeon.squares(SHIPPED_MAP, "123456")) == list(
        "123456"
    )


def test_portals_must_be_the_die_faces_each_once() -> None:
    doubled = [row.replace("4", "3") for row in SHIPPED_MAP]
    found = dungeon.portal_problems(doubled, "D6")
    assert (None, "no portal numbered 4: a D6 roll would lead nowhere") in found
    assert any(text.startswith("portal 3 is on row") for _, text in found)
    assert dungeon.portal_problems(SHIPPED_MAP, "D4")[0][1] == "portal 5 is no face of the D4"


def test_the_grid_reports_cut_off_squares_boxed_chests_open_edges_and_ragged_rows() -> None:
    cut = ["#######", "#a1.#b#", "#23C#.#", "#456###", "#######"]
    found = dungeon.problems(cut, "D6")
    assert (1, "column 6 cannot be reached from the rest") in found
    boxed = ["########", "#a123b6#", "#45#####", "#####C##", "########"]
    assert (3, "the chest at column 6 has no open square beside it") in dungeon.problems(
        boxed, "D6"
    )
    assert dungeon.shape_problems(["###", "#..", "###"]) == [
        (1, "row 2 is open on the dungeon's edge; the edge is wall")
    ]
    assert dungeon.shape_problems(["###", "#.##", "###"])[0] == (
        1,
        "row 2 is 4 squares wide; the first is 3",
    )


def test_the_flood_fill_matches_a_brute_force_closure() -> None:
    open_squares = set(dungeon.squares(SHIPPED_MAP, "".join(dungeon.OPEN - {"C"})))
    reached = {open_squares.__iter__().__next__()}
    changed = True
    while changed:
        grown = {
            n for sq in reached for n in dungeon.neighbours(sq, SHIPPED_MAP) if n in open_squares
        }
        changed = not grown <= reached
        reached |= grown
    assert reached == open_squares


def test_the_cheapest_roster_is_the_cheapest_of_every_legal_roster() -> None:
    team = load("teams/rustback-scrappers.yaml")
    pool = [p["cost"] for p in team["positions"] for _ in range(p["most"])]
    for size in range(1, 9):
        assert roster.cheapest(team, size) == min(sum(c) for c in _combos(pool, size))
    assert roster.cheapest({"positions": [{"cost": 5, "most": 1}]}, 2) is None


def _combos(pool: list[int], size: int) -> list[tuple[int, ...]]:
    """Every roster of `size` players from the pool of hireable players (each hired once)."""
    return list(combinations(pool, size))


@pytest.fixture
def game(tmp_path: Path) -> Project:
    shutil.copytree(GAME, tmp_path / "game", ignore=shutil.ignore_patterns("locales"))
    return Project(tmp_path / "game")


def test_the_odds_command_prints_exact_chances(game: Project) -> None:
    result = run_cli(game.root, "dungeon-bowl", "odds", "--table", "injury")
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "58.33%" in result.stdout and "16.67%" in result.stdout and "27.78%" in result.stdout
    as_json = run_cli(game.root, "dungeon-bowl", "odds", "--format", "json")
    report = json.loads(as_json.stdout)
    assert {entry["table"] for entry in report} == {
        p.stem for p in (CONTENT / "tables").glob("*.yaml")
    }
    injury = next(e for e in report if e["table"] == "injury")
    assert injury["rows"][0]["chances"] == {"0": "7/12", "1": "5/12", "2": "5/18", "3": "1/6"}


def test_the_odds_command_names_the_row_of_a_closed_end_and_fails(game: Project) -> None:
    game.replace("content/tables/injury.yaml", "{low: 10, high: null", "{low: 10, high: 12")
    # The book's 10+ row closed on purpose (a declared variant): the command's own check speaks.
    variants = game.read("content/variants.yaml")
    variants["variants"].append(
        {
            "id": "closed-casualty-row",
            "changes": ["injury_casualty_high"],
            "reason": "A test closes the row.",
            "summary": "The casualty row ends at {injury_casualty_high}.",
        }
    )
    game.write("content/variants.yaml", variants)
    result = run_cli(game.root, "dungeon-bowl", "odds", "--table", "injury")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "problem: row 3: a roll of 13 with its modifiers lands on no row" in result.stdout


def test_the_odds_command_refuses_an_unknown_table_and_another_game(
    game: Project, tmp_path: Path
) -> None:
    unknown = run_cli(game.root, "dungeon-bowl", "odds", "--table", "nope")
    assert unknown.exit_code == 2 and "no table 'nope'" in unknown.stderr
    other = tmp_path / "jugger"
    shutil.copytree(REPO / "content", other / "content")
    shutil.copy(REPO / "ttgbuild.toml", other / "ttgbuild.toml")
    result = run_cli(other, "dungeon-bowl", "odds")
    assert_no_crash(result)
    assert result.exit_code == 2 and "is a jugger-ttg project" in result.stderr


def test_a_skill_number_read_from_a_table_follows_the_table() -> None:
    from ttgbuild.packs.dungeonbowl.functions import skill_params

    skill = load("skills/hard-head.yaml")
    injury = load("tables/injury.yaml")
    ko = next(row for row in injury["rows"] if row["result"] == "ko")
    assert skill_params(skill, [injury]) == {"roll": ko["low"]} == {"roll": 8}
    moved = dict(
        injury, rows=[dict(r, low=9) if r["result"] == "ko" else r for r in injury["rows"]]
    )
    assert skill_params(skill, [moved]) == {"roll": 9}
    assert skill_params(skill, []) == {}  # DB125 reports the broken reference


def test_exact_halves_round_up_alone_and_as_a_whole_column() -> None:
    from ttgbuild.packs.dungeonbowl.functions import odds, printed

    shown = [round(printed(p) * 100) for p in (Fraction(3, 8), Fraction(1, 8), Fraction(3, 16))]
    assert shown == [38, 13, 19]  # 37.5, 12.5, 18.75: half up, not half to even
    assert printed(Fraction(1, 6)) == float(Fraction(1, 6))
    casualty = odds(load("tables/casualty.yaml"))
    # A table's column is rounded as a whole (largest remainder): 37.5 and 12.5 are both
    # exact halves, but 12.5 gives way so that the column adds up to 100, not 102.
    assert [round(row["chances"][0] * 100) for row in casualty] == [38, 19, 19, 12, 12]


@pytest.mark.parametrize(
    "name", sorted(p.stem for p in (GAME / "content" / "tables").glob("*.yaml"))
)
def test_every_printed_odds_column_reads_100(name: str) -> None:
    from ttgbuild.packs.dungeonbowl.functions import odds

    rows = odds(load(f"tables/{name}.yaml"))
    exact = tables.odds_rows(load(f"tables/{name}.yaml"))
    for k, column in enumerate(zip(*(row["chances"] for row in rows), strict=True)):
        chances = [entry["chances"][k] for entry in exact]
        cells = [round(c * 100) for c in column]
        assert all(abs(n - p * 100) < 1 for n, p in zip(cells, chances, strict=True)), name
        # The sheets say each column adds up to 100 % (the Stunty and reduction tables
        # once read 101 when equal chances had to print alike).
        assert sum(cells) == 100, (name, cells)


def test_whole_percents_keep_what_can_happen_off_0_and_100() -> None:
    from ttgbuild.packs.dungeonbowl.functions import whole_percents

    # A column always reads 100: a point no whole group of equal chances can take goes
    # to single rows of the largest remainders, in row order.
    assert [round(c * 100) for c in whole_percents([Fraction(1, 3)] * 3)] == [34, 33, 33]
    sixths = whole_percents([Fraction(2, 6)] + [Fraction(1, 6)] * 4)
    assert [round(c * 100) for c in sixths] == [33, 17, 17, 17, 16]
    # A group too big for the missing point leaves it to the next remainder, when whole
    # groups then take every point...
    near = [Fraction(354, 1000)] * 2 + [Fraction(292, 1000)]
    assert [round(c * 100) for c in whole_percents(near)] == [35, 35, 30]
    # ... and only then: a group that must be split anyway is split first (largest
    # remainder), never giving a smaller remainder its point (11.2 stays 11).
    split = [Fraction(296, 1000)] * 3 + [Fraction(112, 1000)]
    assert [round(c * 100) for c in whole_percents(split)] == [30, 30, 29, 11]
    tiny = whole_percents([Fraction(1, 1000), Fraction(999, 1000)])
    assert tiny[0] == float(Fraction(1, 1000))  # prints "<1", not "0"
    assert round(tiny[0] * 100) == 0 < tiny[0] and tiny[1] == float(Fraction(999, 1000))


def test_a_position_without_skills_reads_as_a_dash_on_the_roster_sheet() -> None:
    from ttgbuild.packs.dungeonbowl.functions import skill_names

    def untranslated(_kind: str, _ident: str, _field: str, default: str) -> str:
        return default

    skills = [load("skills/block.yaml"), load("skills/dodge.yaml")]
    assert skill_names([], untranslated, skills) == "\u2013"
    assert skill_names(["block", "dodge"], untranslated, skills) == "Block, Dodge"


def test_a_compound_too_wide_for_its_token_breaks_after_its_hyphen() -> None:
    from reportlab.lib.units import mm

    from ttgbuild.packs.dungeonbowl.functions import initials
    from ttgbuild.packs.dungeonbowl.render.paper import hyphen_break
    from ttgbuild.render import fonts

    fonts.register()
    # A marker's words box is 17 mm wide: at 8 pt the German dugout teleport does not fit.
    assert hyphen_break("Ersatzbank-Portal", 17 * mm, 8) == "Ersatzbank-\nPortal"
    assert hyphen_break("Hand-off", 17 * mm, 8) == "Hand-off"  # fits: left whole
    assert hyphen_break("Portal del banquillo", 17 * mm, 8) == "Portal del banquillo"
    # Emblem initials count the words of a hyphenated team name too.
    assert initials("Moorsumpf-Quaker") == "MQ" and initials("Caldereros de Ceniza") == "CC"


def test_the_end_zones_mirror_each_other_on_every_row() -> None:
    # Issue 38 (fresh readers): the lower right end zone's middle row read ".bb." where
    # the other three zones read "aa.."/"..bb" (an unshaded square at its back wall).
    rows = load("dungeon.yaml")["map"]
    for y, row in enumerate(rows):
        left = {x for x, c in enumerate(row) if c == "a"}
        right = {len(row) - 1 - x for x, c in enumerate(row) if c == "b"}
        assert left == right, (y + 1, row)
