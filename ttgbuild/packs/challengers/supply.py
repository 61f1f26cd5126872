"""The trays' supply, proven: simultaneous Planning never finds a draw pile empty, for any count.

The book has every player plan at once: each draws the round's `draw` cards
from the level's tray, may redraw once, keeps the diagram's picks and
discards the rest. A tray label's discard half holds `discards_hold` cards
(game.yaml `levels[]`): when the discards reach that many, they are shuffled
and slid under the draw pile (the book: shuffled back when the compartment
is full). Cards leave the tray only while a player holds them or has kept
them; removing cards from a deck only gives cards back.

The bound. At any moment, a tray's cards are in its draw pile, in its
discards, or *out* (in a hand drawn this round, or kept by a player). The
discards are shuffled back as soon as they reach `hold`, so they never hold
more than `hold - 1` between two actions, and the draw pile holds at least
`supply - out - (hold - 1)`. In one Planning phase a player has at most
`draw` cards of the round out at once: the hand drawn, less the cards
discarded, plus the cards kept from it (a redraw discards the hand before
drawing as many again). So the most cards of a level out at once in round r
are the cards every seat kept of that level in earlier rounds (all picks,
nobody removing any) plus `draw` for every seat drawing that level in r, and
just before any card is drawn at most one fewer. The draw pile therefore
always has a card when

    supply >= most_out + hold - 1

and the moment every player holds a full hand with `hold - 1` cards on the
discards is reachable, so no smaller supply is safe. The supply is the
fewest cards of the level any allowed choice of sets gives: the always-used
sets plus every choice of `additional_sets_in_play` additional sets
(enumerated, so a first game leaving a given set out is among them). Seats
are those of the player count's diagrams (the Robot plans nothing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ttgbuild.packapi.diagnostics import Origin


@dataclass(frozen=True)
class TrayNeed:
    """One tray level at one player count: the worst moment and the fewest cards to meet it."""

    level: str
    players: int
    round: int  # the round of the worst moment (0: the level is never drawn)
    most_out: int  # cards of the level away from the tray at that moment, at most
    hold: int  # discards the tray label holds before they go back under the draw pile
    supply: int  # the fewest cards of the level a game's sets give
    left_out: tuple[str, ...]  # the additional sets left out in that fewest choice
    need: int  # the fewest cards that keep the draw pile from ever running out
    origin: Origin

    @property
    def spare(self) -> int:
        return self.supply - self.need


def fewest(content: Any, letter: str, holders: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    """The fewest cards of level `letter` any game's sets give, and the sets it leaves out.

    Sets of the level's holder kinds that are not additional (the base set)
    are always in; of the additional sets every choice of
    `additional_sets_in_play` is tried (CH104 reports too few sets).
    """
    per_set = Counter[str]()
    for card in content.cards:
        if card.level == letter:
            per_set[card.set] += card.copies
    always = [s.id for s in content.sets if s.kind in holders and s.kind != "additional"]
    extra = sorted(s.id for s in content.sets if s.kind in holders and s.kind == "additional")
    base = sum(per_set[s] for s in always)
    take = min(content.game.additional_sets_in_play, len(extra))
    best: tuple[int, tuple[str, ...]] | None = None
    for chosen in combinations(extra, take):
        total = base + sum(per_set[s] for s in chosen)
        if best is None or total < best[0]:
            best = (total, tuple(s for s in extra if s not in chosen))
    return best if best is not None else (base, ())


def most_out(content: Any, players: int, letter: str) -> tuple[int, int]:
    """(round, cards): the round in which the most cards of `letter` can be away from the tray.

    Every seat of the count keeps all its picks of the level and holds a full
    hand in the round at once; 0, 0 when no seat draws the level.
    """
    seats = [d for d in content.diagrams if 1 <= d.seat <= players]
    worst = (0, 0)
    for rnd in range(1, content.game.rounds + 1):
        out = 0
        drawing = False
        for diagram in seats:
            for band in diagram.bands:
                if band.get("level") != letter or "picks" not in band:
                    continue
                if band.round < rnd:
                    out += band.picks
                elif band.round == rnd:
                    out += content.game.draw
                    drawing = True
        if drawing and out > worst[1]:
            worst = (rnd, out)
    return worst


def supply_table(content: Any) -> list[TrayNeed]:
    """Every tray level at every player count, each with its worst moment and supply."""
    game = content.game
    table: list[TrayNeed] = []
    for index, level in enumerate(game.levels):
        if not level.tray or "discards_hold" not in level:
            continue  # CH128 asks for the holding
        supply, left_out = fewest(content, level.letter, level.holders)
        origin = game.origin.at("levels", index, "discards_hold")
        for players in range(game.players.min, game.players.max + 1):
            rnd, out = most_out(content, players, level.letter)
            hold = level.discards_hold
            need = out + hold - 1 if rnd else 0
            table.append(
                TrayNeed(level.letter, players, rnd, out, hold, supply, left_out, need, origin)
            )
    return table


def supply_problems(content: Any) -> list[TrayNeed]:
    """The tray levels and counts whose draw pile could run out (CH126), at the level's hold.

    Nothing is counted while a card, set or diagram failed to load (their own
    errors come first: a missing file would make every sum wrong).
    """
    if content.game is None or not content.diagrams:
        return []
    return [need for need in supply_table(content) if need.spare < 0]
