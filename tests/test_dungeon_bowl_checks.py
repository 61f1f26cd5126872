"""Dungeon Bowl's rule checks: each fails on a broken copy of the game, passes on the shipped one.

Every case changes one line of a copy of games/dungeon-bowl (keeping the
line numbers) and runs `ttgbuild validate` as a user would; the finding must
carry the exact code, message and file:line of the line that causes it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, Project, assert_no_crash, run_cli

GAME = REPO / "games" / "dungeon-bowl"
T = "content/tables/"
# The shipped tables' lines, to swap whole rows (file line n is index n - 1).
CASUALTY = (GAME / T / "casualty.yaml").read_text(encoding="utf-8").splitlines()
REDUCTION = (GAME / T / "reduction.yaml").read_text(encoding="utf-8").splitlines()

# (file, text, replacement, code, message, where): `where` is the text of the
# line the finding must point at, after the change (its line is looked up),
# or (file, text) when the finding is in another file than the change.
CASES = [
    (
        T + "injury.yaml",
        "{low: 8, high: 9, result: ko",
        "{low: 9, high: 9, result: ko",
        "DB102",
        "no row holds 2D6 results 8",
        "{low: 2, high: 7",
    ),
    (
        T + "injury.yaml",
        "{low: 8, high: 9, result: ko",
        "{low: 9, high: 9, result: ko",
        "DB103",
        "a roll of 8 lands on no row",
        "{low: 9, high: 9, result: ko",
    ),
    (
        T + "casualty.yaml",
        "{low: 7, high: 9,",
        "{low: 6, high: 9,",
        "DB102",
        "overlap",
        "{low: 6, high: 9,",
    ),
    (
        T + "injury.yaml",
        "{low: 10, high: null, result: casualty",
        "{low: 10, high: 12, result: casualty",
        "DB103",
        "a roll of 13 with its modifiers lands on no row",
        "{low: 10, high: 12, result: casualty",
    ),
    (
        T + "accuracy.yaml",
        "{low: null, high: 1, result: fumble",
        "{low: 1, high: 1, result: fumble",
        "DB103",
        "a roll of -3 with its modifiers lands on no row",
        "{low: 1, high: 1, result: fumble",
    ),
    (
        T + "injury.yaml",
        "then: casualty}",
        "then: casualties}",
        "DB104",
        "no table 'casualties' to roll on next; did you mean 'casualty'?",
        "then: casualties}",
    ),
    (
        T + "stunty-injury.yaml",
        "applies: casualty/badly-hurt",
        "applies: casualty/badly-hurts",
        "DB105",
        "no result 'casualty/badly-hurts' (table/result) to apply",
        "applies: casualty/badly-hurts",
    ),
    (
        T + "injury.yaml",
        "box: ko}",
        "box: knocked-out}",
        "DB106",
        "the dugout has no box 'knocked-out'",
        "box: knocked-out}",
    ),
    (
        T + "reduction.yaml",
        "characteristic: ma, by: 1",
        "characteristic: ma, by: 2",
        "DB107",
        "a reduction is always one point, not 2",
        "characteristic: ma, by: 2",
    ),
    (
        T + "reduction.yaml",
        "characteristic: pa,",
        "characteristic: hp,",
        "DB107",
        "no characteristic 'hp'",
        "characteristic: hp,",
    ),
    (
        T + "stunty-injury.yaml",
        "for_trait: stunty",
        "for_trait: dodge",
        "DB108",
        "'dodge' is not the trait the rules name for this table (stunty)",
        "for_trait: dodge",
    ),
    (
        T + "casualty.yaml",
        "result: seriously-hurt",
        "result: badly-hurt",
        "DB109",
        "two rows of casualty share a result id",
        "{low: 1, high: 6",
    ),
    (
        "content/game.yaml",
        "name: One has double or more, dice: 3",
        "name: One has double or more, dice: 2",
        "DB110",
        "2 block dice is not more than the 2 of the weaker comparison before it",
        "name: One has double or more, dice: 2",
    ),
    (
        "content/game.yaml",
        "block_dice: 3",
        "block_dice: 2",
        "DB111",
        "2 block dice in the kit; a block may roll 3",
        "block_dice: 2",
    ),
    (
        "content/game.yaml",
        "push-back, stumble, defender-down]",
        "push-back, push-back, defender-down]",
        "DB112",
        "no face of the block die shows stumble",
        "{id: stumble,",
    ),
    (
        "content/game.yaml",
        "thrown: small-fry",
        "thrown: tiny",
        "DB113",
        "the rules name skill 'tiny', which does not exist",
        "ignores_both_down",
    ),
    (
        "content/game.yaml",
        "high_from: 4",
        "high_from: 5",
        "DB114",
        "D8 and D6 (add 8 from 5) do not make an even D16",
        "stands_for: D16",
    ),
    (
        "content/game.yaml",
        "min: 3, max: 11",
        "min: 12, max: 11",
        "DB115",
        "AV's minimum 12 is above its maximum 11",
        "min: 12, max: 11",
    ),
    (
        "content/procedures.yaml",
        "{id: carrier-prone,",
        "{id: knocked-down,",
        "DB116",
        "'knocked-down'",
        '{id: knocked-down, text: "The active',
    ),
    (
        "content/game.yaml",
        "post_match/record-result",
        "post_match/record",
        "DB117",
        "no step 'post_match/record' (pre_match/<id> or post_match/<id>)",
        "post_match/record",
    ),
    (
        "content/procedures.yaml",
        "name: Throw Team-mate, replaces: pass",
        "name: Throw Team-mate, per_turn: 1, replaces: pass",
        "DB118",
        "throw-team-mate takes the place of pass and shares its limit; remove per_turn",
        "per_turn: 1, replaces",
    ),
    (
        "content/game.yaml",
        "foul: 1,",
        "foul: 2,",
        "DB119",
        "foul is limited to 1 per team turn, but the kit has 2 markers for it",
        ("content/procedures.yaml", "{id: foul,"),
    ),
    (
        "content/skills/sure-grip.yaml",
        "Once per activation",
        "Once per 1 activation",
        "DB120",
        "'1'",
        "text:",
    ),
    (
        "content/skills/hypnotic-gaze.yaml",
        "within {squares} square",
        "within {range} square",
        "DB121",
        "placeholder {range} has no value; define it in params",
        "  one:",
    ),
    (
        "content/skills/sticky-tongue.yaml",
        "count: squares",
        "count: reach",
        "DB121",
        "the text counts {reach}, which params does not give",
        "count: reach",
    ),
    (
        "content/game.yaml",
        'one: "The target moves {squares} square',
        'one: "The target moves {distance} square',
        "DB121",
        "placeholder {distance} has no value; define it in params",
        'one: "The target moves {distance} square',
    ),
    (
        "content/game.yaml",
        "        count: squares",
        "        count: reach",
        "DB121",
        "the effect counts {reach}, which params does not give",
        "        count: reach",
    ),
    (
        T + "injury.yaml",
        "roll on “{then}”.",
        "roll on the casualty table.",
        "DB121",
        "the effect names the table it rolls on next in words",
        "roll on the casualty table.",
    ),
    (
        T + "stunty-injury.yaml",
        "“{applied}” of “{applied_table}” applies without a roll.",
        "no casualty roll, Badly Hurt applies.",
        "DB121",
        "the effect names the result it applies in words",
        "no casualty roll, Badly Hurt applies.",
    ),
    (
        T + "reduction.yaml",
        '{low: 3, high: 3, result: knee, name: Smashed Knee, effect: {one: "Lose {by} point',
        '{low: 3, high: 3, result: knee, name: Smashed Knee, effect: {one: "Lose {points} point',
        "DB121",
        "placeholder {points} has no value; define it in params",
        "{low: 3, high: 3, result: knee",
    ),
    (
        T + "reduction.yaml",
        '{low: 1, high: 2, result: head, name: Head Injury, effect: {one: "Lose {by} point',
        '{low: 1, high: 2, result: head, name: Head Injury, effect: {one: "Lose 1 point',
        "DB120",
        "'1'",
        "{low: 1, high: 2, result: head",
    ),
    (
        "content/game.yaml",
        "{id: short, name: Short, low: 4,",
        "{id: short, name: Short, low: 5,",
        "DB122",
        "no row holds D10 results 4",
        "{id: quick,",
    ),
    (
        "content/teams/mirefen-croakers.yaml",
        "pa: 4, av: 8, skills: []",
        "pa: 4, av: 12, skills: []",
        "DB131",
        "12",
        "av: 12",
    ),
    (
        "content/teams/mirefen-croakers.yaml",
        "skills: [sticky-tongue]",
        "skills: [sticky-tong]",
        "DB132",
        "no skill or trait 'sticky-tong'; did you mean 'sticky-tongue'?",
        "skills: [sticky-tong]",
    ),
    (
        "content/teams/rustback-scrappers.yaml",
        "skills: [dodge, stunty, small-fry]",
        "skills: [dodge, stunty]",
        "DB134",
        "Rustback Scrappers has a thrower but no player with small-fry",
        "{id: scrapper,",
    ),
    (
        "content/rosters/marsh-kings.yaml",
        "team: mirefen-croakers",
        "team: mirefen",
        "DB135",
        "no team 'mirefen'",
        "team: mirefen",
    ),
    (
        "content/game.yaml",
        "min_players: 7",
        "min_players: 9",
        "DB136",
        "players has 8 items, not 9..12",
        ("content/rosters/marsh-kings.yaml", "{number: 1,"),
    ),
    (
        "content/rosters/marsh-kings.yaml",
        "reductions: {av: 1}",
        "reductions: {av: 6}",
        "DB137",
        "AV 2 is below the minimum of 3",
        "reductions: {av: 6}",
    ),
    (
        "content/rosters/marsh-kings.yaml",
        "name: Pond Skimmer, position: hopper",
        "name: Pond Skimmer, position: bog-brute",
        "DB137",
        "more than 1 bog-brute on the roster",
        "Pond Skimmer",
    ),
    (
        "content/game.yaml",
        "budget: 1000",
        "budget: 520",
        "DB138",
        "The Marsh Kings costs 550, more than the budget of 520",
        ("content/rosters/marsh-kings.yaml", "{number: 1,"),
    ),
    (
        "content/dungeon.yaml",
        '"#.4...#',
        '"#.3...#',
        "DB140",
        "portal 3 is on row 8 already",
        '"#.3...#',
    ),
    (
        "content/dungeon.yaml",
        '"#.......................#"',
        '"#...........C...........#"',
        "DB141",
        "the map holds 7 chests; the kit has 6 chest tokens",
        '"####',
    ),
    (
        "content/game.yaml",
        "  chest_tokens:\n    - {holds: ball}\n    - {holds: nothing}",
        "  chest_tokens:\n    - {holds: ball}\n    - {holds: ball}",
        "DB142",
        "a second chest token holds the ball",
        "{holds: ball}\n    - {holds: nothing}",
    ),
    (
        "content/dungeon.yaml",
        "{id: dead, name: Dead",
        "{id: ko, name: Dead",
        "DB143",
        "'ko'",
        "{id: ko, name: Dead",
    ),
    ("content/skills/dodge.yaml", "id: dodge", "id: dodging", "DB101", "dodging", "id: dodging"),
    (
        "content/game.yaml",
        "faces: [attacker-down,",
        "faces: [pow,",
        "DB112",
        "a block die face shows 'pow', not a block result",
        "faces: [pow,",
    ),
    (
        "content/procedures.yaml",
        "action: foul}",
        "action: fouling}",
        "DB117",
        "no action 'fouling'; did you mean 'foul'?",
        "action: fouling}",
    ),
    (
        "content/procedures.yaml",
        "needs: throw-team-mate,",
        "needs: hurl,",
        "DB113",
        "no skill 'hurl'",
        "needs: hurl,",
    ),
    (
        "content/teams/rustback-scrappers.yaml",
        "name: Rustback Scrappers",
        "name: Mirefen Croakers",
        "DB130",
        "Mirefen Croakers",
        'name: Mirefen Croakers\ncolour: "#8a6a1e"',
    ),
    (
        "content/teams/cinderdeep-tinkers.yaml",
        "most: 12, cost: 70",
        "most: 12, cost: 400",
        "DB133",
        "Cinderdeep Tinkers cannot hire 7 players for 1000: the cheapest roster costs 1290",
        "{id: anvil-hand,",
    ),
    (
        "content/dungeon.yaml",
        '"#.......................#"',
        '"#........................"',
        "DB140",
        "row 9 is open on the dungeon's edge; the edge is wall",
        '"#........................"',
    ),
    (
        "content/dungeon.yaml",
        '"######.####...####.######"',
        '"#########################"',
        "DB140",
        "column 3 cannot be reached from the rest",
        '"#C....#',
    ),
    (
        T + "casualty.yaml",
        "\n".join(CASUALTY[10:12]),
        "\n".join(CASUALTY[10:12][::-1]),
        "DB102",
        "rows run low to high, but 7-9 comes after 10-12",
        "  - {low: 7, high: 9,",
    ),
    (
        T + "reduction.yaml",
        "\n".join(REDUCTION[6:11]),
        "\n".join(REDUCTION[6:11][::-1]),
        "DB102",
        "rows run low to high, but 5 comes after 6",
        "  - {low: 5, high: 5,",
    ),
    (
        "content/game.yaml",
        "injury_table: injury",
        "injury_table: injuries",
        "DB123",
        "no table 'injuries' for injuries; did you mean 'injury'?",
        "injury_table: injuries",
    ),
    (
        T + "injury.yaml",
        "modifiers:\n  - {id: niggling, name: Each niggling injury, amount: 1, most: 3}\n",
        "",
        "DB123",
        "injury is the game's injury table but has no modifier with id niggling",
        "id: injury",
    ),
    (
        T + "stunty-injury.yaml",
        "{id: niggling, name: Each niggling injury, amount: 1, most: 3}",
        "{id: niggling, name: Each niggling injury, amount: 1, most: 2}",
        "DB124",
        "this niggling modifier adds 1, at most 2 times; the injury table's adds 1, at most 3",
        "{id: niggling,",
    ),
    (
        "content/rosters/marsh-kings.yaml",
        "position: hopper, niggling: 1}",
        "position: hopper, niggling: 4}",
        "DB139",
        "4 niggling injuries; the injury table counts at most 3",
        "niggling: 4}",
    ),
    # A roster's number is the player's token number (issue 38): unique per position, and
    # one of the position's printed tokens.
    (
        "content/rosters/marsh-kings.yaml",
        "{number: 5, name: Pond Skimmer",
        "{number: 4, name: Pond Skimmer",
        "DB129",
        "hopper token 4 is another player's of The Marsh Kings already",
        "{number: 4, name: Pond Skimmer",
    ),
    (
        "content/rosters/marsh-kings.yaml",
        "{number: 1, name: Bulrush",
        "{number: 2, name: Bulrush",
        "DB129",
        "bog-brute tokens run from 1 to 1, not to 2",
        "{number: 2, name: Bulrush",
    ),
    (
        "content/skills/hard-head.yaml",
        "result: ko, end: low",
        "result: knocked-out, end: low",
        "DB125",
        "no low end of row knocked-out in a table injury for {roll}",
        "params:",
    ),
    (
        T + "accuracy.yaml",
        "{id: long, name: Long range, amount: -2,",
        "{id: long, name: Long range, amount: -3,",
        "DB126",
        "the long band gives -2 once (group: range); this modifier adds -3",
        "{id: long, name: Long range, amount: -3,",
    ),
]


@pytest.fixture
def game(tmp_path: Path) -> Project:
    shutil.copytree(GAME, tmp_path / "game", ignore=shutil.ignore_patterns("locales"))
    return Project(tmp_path / "game")


def test_the_shipped_game_is_clean_even_strictly(game: Project) -> None:
    result = run_cli(game.root, "validate", "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("rel", "old", "new", "code", "message", "where"),
    CASES,
    ids=[c[3] + "-" + c[0].rsplit("/", 1)[-1] for c in CASES],
)
def test_a_broken_rule_is_reported_at_the_line_that_breaks_it(
    game: Project, rel: str, old: str, new: str, code: str, message: str, where: str | tuple
) -> None:
    game.replace(rel, old, new)
    shown, mark = where if isinstance(where, tuple) else (rel, where)
    text = game.path(shown).read_text(encoding="utf-8")
    line = text[: text.index(mark)].count("\n") + 1
    result = run_cli(game.root, "validate")
    assert_no_crash(result)
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output
    found = [row for row in output.splitlines() if f" {code}: " in row]
    assert found, output
    assert any(row.startswith(f"{shown}:{line}:") and message in row for row in found), output


@pytest.mark.parametrize(
    ("rel", "old", "new", "error", "where"),
    [
        (
            "content/game.yaml",
            "safe_teleports: 1",
            "safe_teleports: 0",
            "JT053: safe_teleports must be at least 1, found 0",
            "safe_teleports: 0",
        ),
        ("content/dungeon.yaml", "map:\n", "map: []\nold_map:\n", "JT053: map needs", "map: []"),
        (
            T + "casualty.yaml",
            "dice: D16",
            "dice: D1",
            "JT053: dice must be one of D6, 2D6, D16",
            "dice: D1",
        ),
        (T + "injury.yaml", "dice: 2D6", "dice: 2D8", "JT053: dice must be one of", "dice: 2D8"),
    ],
    ids=["game-schema", "dungeon-schema", "dice-D1", "dice-2D8"],
)
def test_a_file_failing_its_schema_is_reported_there_and_no_check_trips_over_it(
    game: Project, rel: str, old: str, new: str, error: str, where: str
) -> None:
    game.replace(rel, old, new)
    text = game.path(rel).read_text(encoding="utf-8")
    line = text[: text.index(where)].count("\n") + 1
    result = run_cli(game.root, "validate")
    assert_no_crash(result)
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output
    assert any(row.startswith(f"{rel}:{line}:") and error in row for row in output.splitlines()), (
        output
    )
    assert "JT062" not in output and "checks.yaml" not in output, output
    assert "JT031" not in output, output  # a broken file's book values are not compared


def test_a_position_cost_failing_its_schema_gives_no_roster_a_wrong_sum(game: Project) -> None:
    """Cascade honesty: the team drops out whole, so no roster of it is costed without that
    position (DB138 would print a sum short of its cost) or found to name an unknown team."""
    rel = "content/teams/gloomcap-sporelings.yaml"
    game.replace(
        rel,
        "{id: spore-runner, name: Spore Runner, most: 12, cost: 45,",
        "{id: spore-runner, name: Spore Runner, most: 12, cost: 45k,",
    )
    text = game.path(rel).read_text(encoding="utf-8")
    line = text[: text.index("cost: 45k")].count("\n") + 1
    result = run_cli(game.root, "validate")
    assert_no_crash(result)
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output
    errors = [row for row in output.splitlines() if ": error " in row]
    assert len(errors) == 1 and errors[0].startswith(f"{rel}:{line}:"), output
    assert "JT050" in errors[0] and "cost" in errors[0], output


def _without_top_level_key(text: str, key: str) -> str:
    """game.yaml without one top-level mapping key and its indented block (comments above stay)."""
    lines, kept, inside = text.splitlines(), [], False
    for line in lines:
        if line.startswith(f"{key}:"):
            inside = True
            continue
        if inside and (line.startswith((" ", "#")) or not line.strip()):
            continue
        inside = False
        kept.append(line)
    return "\n".join(kept) + "\n"


@pytest.mark.parametrize("key", ["play", "league"])
def test_a_game_without_the_rulings_rules_pdf_prints_fails_validate_located(
    game: Project, key: str
) -> None:
    """rules.pdf prints `play` and `league`: a project without them must not pass validate
    and then fail in the build (issue 38). The schema requires both; the finding names the key
    and is located in game.yaml."""
    rel = "content/game.yaml"
    text = game.path(rel).read_text(encoding="utf-8")
    assert f"\n{key}:" in text
    game.write_text(rel, _without_top_level_key(text, key))
    result = run_cli(game.root, "validate")
    assert_no_crash(result)
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output
    errors = [row for row in output.splitlines() if ": error " in row]
    assert len(errors) == 1, output
    assert errors[0].startswith(f"{rel}:") and " JT051: " in errors[0], output
    assert repr(key) in errors[0], output


def test_rival_is_refused_in_spanish_where_the_book_says_oponente(tmp_path: Path) -> None:
    """The book says oponente / contrario, never rival (issue 38): the glossary's `opponent`
    row (JT818) and the Spanish style list (JT825) both report it at the entry."""
    root = tmp_path / "game"
    shutil.copytree(GAME, root)
    project = Project(root)
    rel = "locales/es/LC_MESSAGES/ttgbuild.po"
    assert run_cli(root, "i18n", "check").exit_code == 0
    project.replace(rel, "Placa a un oponente de pie", "Placa a un rival de pie")
    lines = project.path(rel).read_text(encoding="utf-8").splitlines()
    line = next(n for n, row in enumerate(lines, 1) if "Placa a un rival de pie" in row)
    result = run_cli(root, "i18n", "check")
    assert_no_crash(result)
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output
    entry = max(n for n, row in enumerate(lines[:line], 1) if row.startswith("msgid "))
    found = {
        (int(row.split(":")[1]), row.split(" ")[2].rstrip(":"))
        for row in output.splitlines()
        if row.startswith(f"{rel}:")
    }
    assert found == {(entry, "JT818"), (entry, "JT825")}, output
