"""Tournament schedules: who plays at which park in each round, for every player count.

Each seat's tournament diagram (content/diagrams/) says, band by band, at which
park the seat plays for each player count. A schedule works when, in every
round, every seat in play is at exactly one park and every park in use holds
exactly two seats (one per half). `generate` builds such schedules (the circle
method of round robins, parks turning with the rounds, so players move); the
content keeps what it prints, and `schedule_problems` proves it, count by
count and round by round, reporting a broken one at the band that breaks it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ttgbuild.packapi.diagnostics import Origin

ROBOT = 0  # the Robot's seat: in play when the player count is odd
NOT_IN_PLAY = "-"  # a diagram's park for a count its seat does not play in


def seats_in_play(players: int) -> tuple[int, ...]:
    """The seats of a game of `players`: 1 to players, and the Robot's when the count is odd."""
    return tuple(range(1, players + 1)) + ((ROBOT,) if players % 2 else ())


def generate(players: int, rounds: int, parks: Sequence[str]) -> dict[int, list[str]]:
    """A working schedule: for each seat in play, its park in rounds 1 to `rounds`.

    Round robin by the circle method: the last seat stays, the others turn one
    place a round, so with 8 seats all 7 rounds meet new rivals; the k-th
    pair of a round plays at park k + round (mod parks), so seats move.
    `parks` are the parks in use (one per pair).
    """
    seats = list(seats_in_play(players))
    pairs = len(seats) // 2
    if len(parks) != pairs:
        raise ValueError(f"{players} players need {pairs} parks, not {len(parks)}")
    table: dict[int, list[str]] = {seat: [] for seat in seats}
    turning, fixed = seats[:-1], seats[-1]
    for r in range(rounds):
        shift = r % len(turning) if turning else 0
        order = turning[shift:] + turning[:shift] + [fixed]
        for k in range(pairs):
            park = parks[(k + r) % pairs]
            table[order[k]].append(park)
            table[order[-1 - k]].append(park)
    return table


def round_problems(at: Mapping[int, str | None], in_use: Sequence[str]) -> list[tuple[int, str]]:
    """What breaks one round: (seat, why) for each seat whose place is wrong.

    `at` maps every seat in play to its park (None: none given). A seat with
    no park, at a park not in use, or at a park that does not hold exactly two
    seats is named; a park in use that no seat plays at is named with seat -1.
    """
    problems: list[tuple[int, str]] = []
    holders: dict[str, list[int]] = {park: [] for park in in_use}
    for seat, park in at.items():
        if park is None or park == NOT_IN_PLAY:
            problems.append((seat, f"{seat_name(seat)} plays at no park"))
        elif park not in holders:
            problems.append((seat, f"{seat_name(seat)} is at park {park!r}, which is not in use"))
        else:
            holders[park].append(seat)
    for park, seats in holders.items():
        if not seats:
            problems.append((-1, f"no seat plays at park {park!r}"))
        elif len(seats) != 2:
            names = ", ".join(seat_name(s) for s in seats)
            for seat in seats:
                held = f"{len(seats)} seat{'' if len(seats) == 1 else 's'}"
                problems.append((seat, f"park {park!r} holds {held} ({names}), not 2"))
    return problems


def seat_name(seat: int) -> str:
    return "the Robot" if seat == ROBOT else f"seat {seat}"


@dataclass(frozen=True)
class Problem:
    """A broken schedule, where a check reports it: the band's park for that count."""

    origin: Origin
    players: int
    round: int
    text: str


def schedule_problems(content: Any) -> list[Problem]:
    """Every round of every player count that breaks the schedule, located at its band.

    Counts, rounds and parks come from game.yaml. A count whose parks in use
    are not given (CH109 reports that) or a round a diagram lacks (CH110) is
    left to those checks, as is a count with a seat that has no diagram (CH112).
    """
    game = content.game
    if game is None:
        return []
    diagrams = {d.seat: d for d in content.diagrams}
    if len(diagrams) != len(content.diagrams):
        return []  # CH112: a seat has two diagrams
    park_ids = [park.id for park in game.parks]
    problems: list[Problem] = []
    for players in range(game.players.min, game.players.max + 1):
        if players > len(game.parks_by_players):
            continue
        in_use = park_ids[: game.parks_by_players[players - 1]]
        seats = seats_in_play(players)
        if any(seat not in diagrams for seat in seats):
            continue  # CH112: a seat has no diagram
        for rnd in range(1, game.rounds + 1):
            problems += _round(diagrams, seats, players, rnd, in_use)
    return problems


def _round(
    diagrams: Mapping[int, Any], seats: Sequence[int], players: int, rnd: int, in_use: list[str]
) -> list[Problem]:
    """One round of one count: every seat's place proven, and seats out of play left out."""
    at: dict[int, str | None] = {}
    where: dict[int, Origin] = {}
    for seat, diagram in diagrams.items():
        index, band = _band(diagram, rnd)
        if band is None:
            return []  # CH110: the diagram lacks the round
        park = band.parks[players - 1] if len(band.parks) >= players else None
        spot = diagram.origin.at("bands", index, "parks", min(players, len(band.parks)) - 1)
        if seat in seats:
            at[seat], where[seat] = park, spot
        elif park not in (None, NOT_IN_PLAY):
            text = f"{seat_name(seat)} is not in play but is at park {park!r}"
            return [Problem(spot, players, rnd, text)]
    first = where[seats[0]]
    return [
        Problem(where.get(seat, first), players, rnd, text)
        for seat, text in round_problems(at, in_use)
    ]


def _band(diagram: Any, rnd: int) -> tuple[int, Any]:
    for index, band in enumerate(diagram.bands):
        if band.round == rnd:
            return index, band
    return -1, None


def meeting_problems(content: Any) -> list[Problem]:
    """Pairs of seats meeting more often than a round robin needs, at the extra meeting's band.

    With s seats in play, every seat meets each other once in s - 1 rounds,
    so no pair need meet more than ceil(rounds / (s - 1)) times.
    """
    game = content.game
    if game is None or schedule_problems(content):
        return []
    diagrams = {d.seat: d for d in content.diagrams}
    problems: list[Problem] = []
    for players in range(game.players.min, game.players.max + 1):
        seats = seats_in_play(players)
        if any(seat not in diagrams for seat in seats):
            continue  # CH112: a seat has no diagram
        allowed = math.ceil(game.rounds / max(len(seats) - 1, 1))
        met: Counter[frozenset[int]] = Counter()
        for rnd in range(1, game.rounds + 1):
            for pair, spot in _pairs(diagrams, seats, players, rnd):
                met[pair] += 1
                if met[pair] == allowed + 1:
                    names = " and ".join(seat_name(s) for s in sorted(pair))
                    text = f"{names} meet more often than needed (at most {allowed})"
                    problems.append(Problem(spot, players, rnd, text))
    return problems


def _pairs(
    diagrams: Mapping[int, Any], seats: Iterable[int], players: int, rnd: int
) -> list[tuple[frozenset[int], Origin]]:
    by_park: dict[str, list[int]] = {}
    spots: dict[int, Origin] = {}
    for seat in seats:
        index, band = _band(diagrams[seat], rnd)
        if band is None or len(band.parks) < players:
            return []  # CH110: the diagram lacks the round or the count
        by_park.setdefault(band.parks[players - 1], []).append(seat)
        spots[seat] = diagrams[seat].origin.at("bands", index, "parks", players - 1)
    return [(frozenset(pair), spots[max(pair)]) for pair in by_park.values()]


def meetings(content: Any, players: int) -> list[dict[str, list[int]]]:
    """Round by round, the seats at each park in use with `players` (the rulebook's figure).

    Read from the diagrams as printed; a seat whose band lacks the count is left out
    (CH110 and CH111 report a broken schedule before anything is drawn).
    """
    game = content.game
    in_use = [park.id for park in game.parks][: game.parks_by_players[players - 1]]
    diagrams = {d.seat: d for d in content.diagrams}
    rounds: list[dict[str, list[int]]] = []
    for rnd in range(1, game.rounds + 1):
        at: dict[str, list[int]] = {park: [] for park in in_use}
        for seat in seats_in_play(players):
            _index, band = _band(diagrams[seat], rnd) if seat in diagrams else (-1, None)
            if band is not None and len(band.parks) >= players and band.parks[players - 1] in at:
                at[band.parks[players - 1]].append(seat)
        rounds.append(at)
    return rounds
