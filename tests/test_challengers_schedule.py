"""Challengers!'s tournament schedules and rarity: the generator, the checker, the command.

The checker is proven against brute force (every way to seat a round's
players, its verdict equals the definition), the generator is proven by it for
1 to 8 players, every schedule of the shipped game is proven, and every single
cell of it changed to another park is reported at its band.
"""

from __future__ import annotations

import itertools
import math
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import REPO, assert_no_crash, run_cli

from ttgbuild.core.origin import Origin
from ttgbuild.packs.challengers.rarity import rarity
from ttgbuild.packs.challengers.schedule import (
    NOT_IN_PLAY,
    ROBOT,
    generate,
    meeting_problems,
    round_problems,
    schedule_problems,
    seats_in_play,
)
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
PARKS = ["meadow", "harbour", "canyon", "orchard"]
ROUNDS = 7


def parks_for(players: int) -> list[str]:
    return PARKS[: math.ceil(players / 2)]


def works(at: dict[int, str | None], in_use: list[str]) -> bool:
    """The definition: every seat at one park in use, every park in use holding two seats."""
    if any(park not in in_use for park in at.values()):
        return False
    return all(list(at.values()).count(park) == 2 for park in in_use)


@pytest.mark.parametrize("players", range(1, 9))
def test_the_round_checker_agrees_with_brute_force(players: int) -> None:
    """Every way to place a round's seats (parks in use, and no park for up to six seats)."""
    seats = seats_in_play(players)
    in_use = parks_for(players)
    choices = in_use + ([NOT_IN_PLAY, "elsewhere"] if len(seats) <= 6 else [])
    tried = 0
    for places in itertools.product(choices, repeat=len(seats)):
        at = dict(zip(seats, places, strict=True))
        problems = round_problems(at, in_use)
        assert (not problems) == works(at, in_use), at
        assert all(seat in seats or seat == -1 for seat, _ in problems)
        tried += 1
    assert tried == len(choices) ** len(seats)


@pytest.mark.parametrize("players", range(1, 9))
def test_the_generator_builds_working_round_robins(players: int) -> None:
    table = generate(players, ROUNDS, parks_for(players))
    seats = seats_in_play(players)
    assert set(table) == set(seats) and all(len(p) == ROUNDS for p in table.values())
    met: list[frozenset[int]] = []
    for r in range(ROUNDS):
        at = {seat: table[seat][r] for seat in seats}
        assert round_problems(at, parks_for(players)) == []
        met += [frozenset(s for s in seats if at[s] == park) for park in parks_for(players)]
    # a round robin: the first len(seats) - 1 rounds meet every pair exactly once
    first = met[: (len(seats) - 1) * (len(seats) // 2)]
    assert len(set(first)) == len(first) == math.comb(len(seats), 2)
    assert (ROBOT in seats) == (players % 2 == 1)


def test_the_generator_refuses_the_wrong_number_of_parks() -> None:
    with pytest.raises(ValueError, match="6 players need 3 parks, not 2"):
        generate(6, ROUNDS, PARKS[:2])


def fake_content(tables: dict[int, dict[int, list[str]]]) -> SimpleNamespace:
    """Content as the checker reads it, built from a generated schedule per player count."""
    diagrams = []
    for seat in [*range(1, 9), ROBOT]:
        origin = Origin(f"content/diagrams/{seat}.yaml")
        bands = tuple(
            SimpleNamespace(
                round=r + 1,
                parks=tuple(
                    tables[n][seat][r] if seat in tables[n] else NOT_IN_PLAY for n in range(1, 9)
                ),
            )
            for r in range(ROUNDS)
        )
        diagrams.append(SimpleNamespace(seat=seat, bands=bands, origin=origin))
    game = SimpleNamespace(
        players=SimpleNamespace(min=1, max=8),
        parks=[SimpleNamespace(id=p) for p in PARKS],
        parks_by_players=[len(parks_for(n)) for n in range(1, 9)],
        rounds=ROUNDS,
        origin=Origin("content/game.yaml"),
    )
    return SimpleNamespace(game=game, diagrams=diagrams)


def generated() -> dict[int, dict[int, list[str]]]:
    return {n: generate(n, ROUNDS, parks_for(n)) for n in range(1, 9)}


def test_every_single_broken_cell_is_reported_at_its_band() -> None:
    """Exhaustive: each seat, round and player count, sent to each other park or to none."""
    tables = generated()
    assert schedule_problems(fake_content(tables)) == []
    cells = 0
    for players, table in tables.items():
        for seat, parks in table.items():
            for r in range(ROUNDS):
                for wrong in [*PARKS, NOT_IN_PLAY]:
                    if wrong == parks[r]:
                        continue
                    broken = {n: {s: list(p) for s, p in t.items()} for n, t in tables.items()}
                    broken[players][seat][r] = wrong
                    problems = schedule_problems(fake_content(broken))
                    spot = f"/bands/{r}/parks/{players - 1}"
                    assert any(
                        p.origin == Origin(f"content/diagrams/{seat}.yaml", spot)
                        and p.players == players
                        and p.round == r + 1
                        for p in problems
                    ), (players, seat, r, wrong, problems)
                    cells += 1
    assert cells == sum(len(t) * ROUNDS * len(PARKS) for t in tables.values())


def test_a_seat_out_of_play_given_a_park_is_reported() -> None:
    tables = generated()
    content = fake_content(tables)
    seat8 = content.diagrams[7]
    band = seat8.bands[0]
    seat8.bands = (SimpleNamespace(round=1, parks=("meadow", *band.parks[1:])), *seat8.bands[1:])
    problems = schedule_problems(content)
    assert [(p.players, p.round, p.text) for p in problems] == [
        (1, 1, "seat 8 is not in play but is at park 'meadow'")
    ]
    assert problems[0].origin == Origin("content/diagrams/8.yaml", "/bands/0/parks/0")


def test_the_generated_schedules_meet_no_pair_more_than_needed() -> None:
    assert meeting_problems(fake_content(generated())) == []


def test_every_schedule_of_the_shipped_game_is_proven() -> None:
    loaded, diags = validate_project(GAME)
    assert [d for d in diags if d.severity == "error"] == []
    content = loaded.content
    assert len(content.diagrams) == 9 and {d.seat for d in content.diagrams} == {*range(9)}
    assert schedule_problems(content) == [] and meeting_problems(content) == []
    for players in range(1, 9):  # the shipped diagrams are the generator's schedules
        table = generate(players, ROUNDS, parks_for(players))
        for diagram in content.diagrams:
            column = [band.parks[players - 1] for band in diagram.bands]
            assert column == table.get(diagram.seat, [NOT_IN_PLAY] * ROUNDS)


@pytest.mark.parametrize(
    ("copies", "label"), [(1, "uncommon"), (3, "uncommon"), (4, ""), (5, "common"), (9, "common")]
)
def test_rarity_is_derived_from_copies(copies: int, label: str) -> None:
    assert rarity(copies, {"uncommon_max": 3, "common_min": 5}) == label


def test_the_schedule_command_proves_and_shows_the_schedules() -> None:
    result = run_cli(GAME, "schedule", "--players", "5")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "5 players: 6 seats at 3 parks, proven" in result.stdout
    assert "1      seat 1 v the Robot  seat 2 v seat 5     seat 3 v seat 4" in result.stdout


def test_the_schedule_command_reports_a_broken_band(tmp_path: Path) -> None:
    root = tmp_path / "challengers"
    shutil.copytree(GAME, root, ignore=shutil.ignore_patterns("output", "locales"))
    path = root / "content/diagrams/seat-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("meadow, meadow, meadow]}", "meadow, meadow, harbour]}", 1))
    result = run_cli(root, "schedule")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "content/diagrams/seat-1.yaml:7:111: error CH111: with 8 players, round 1:" in (
        result.stdout
    )
    assert "not proven" in result.stderr


def test_the_schedule_command_prints_generated_schedules() -> None:
    result = run_cli(GAME, "schedule", "--players", "2", "--generate")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "2 players",
        "  seat 1: " + ", ".join(["meadow"] * ROUNDS),
        "  seat 2: " + ", ".join(["meadow"] * ROUNDS),
    ]


def test_the_schedule_command_refuses_another_game() -> None:
    result = run_cli(REPO / "examples" / "tidewrack", "schedule")
    assert_no_crash(result)
    assert result.exit_code == 2
    assert (
        "schedule: a challengers command;" in result.stderr and "tidewrack project" in result.stderr
    )


def test_list_shows_an_optional_field_a_record_lacks_as_a_dash() -> None:
    """`keyword` is optional: `ttgbuild list cards` prints '-' for a card without one."""
    result = run_cli(GAME, "list", "cards")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert rows["tram-driver"][-1] == "-" and rows["pin-spinner"][-1] == "flag-lost"
