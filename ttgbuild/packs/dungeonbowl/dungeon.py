"""The dungeon's square grid: what its map must be for the rules to work.

The map is one string per row ('#' wall, '.' floor, '1'..'6' portals, 'C'
chests, 'a'/'b' end zones). A teleport rolls the portal die and goes to
the portal of that number, so the portals must carry exactly the die's
faces; a chest is opened from an adjacent square, so each needs an open
neighbour; and every open square must be reachable, or a player pushed or
teleported there could never leave. Each problem names the map row it is
on (`(row, message)`; row None for the map as a whole).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence

from ttgbuild.packs.dungeonbowl.dice import parse

WALL, CHEST = "#", "C"
OPEN = frozenset(".abC123456789")  # a chest square is not walked on, but blocks nothing else
ZONES = ("a", "b")
Square = tuple[int, int]  # (column, row)
Problem = tuple[int | None, str]


def squares(rows: Sequence[str], kinds: str) -> list[Square]:
    """Every square whose letter is one of `kinds`, row by row."""
    return [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c in kinds]


def neighbours(square: Square, rows: Sequence[str]) -> Iterator[Square]:
    """The up to eight squares around one, inside the map."""
    x, y = square
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            nx, ny = x + dx, y + dy
            if (dx or dy) and 0 <= ny < len(rows) and 0 <= nx < len(rows[ny]):
                yield nx, ny


def shape_problems(rows: Sequence[str]) -> list[Problem]:
    """Rows of another width, unknown letters, and open squares on the map's edge."""
    problems: list[Problem] = []
    width = len(rows[0]) if rows else 0
    for y, row in enumerate(rows):
        if len(row) != width:
            problems.append((y, f"row {y + 1} is {len(row)} squares wide; the first is {width}"))
        if bad := sorted({c for c in row if c != WALL and c not in OPEN}):
            listed = ", ".join(map(repr, bad))
            problems.append((y, f"row {y + 1} holds {listed}, not a square kind"))
        edge = row if y in (0, len(rows) - 1) else row[:1] + row[-1:]
        if any(c != WALL for c in edge):
            problems.append((y, f"row {y + 1} is open on the dungeon's edge; the edge is wall"))
    return problems


def portal_problems(rows: Sequence[str], die: str) -> list[Problem]:
    """The portals carry each face of `die` exactly once, and nothing else."""
    _, faces = parse(die)
    seen: dict[int, int] = {}
    problems: list[Problem] = []
    for x, y in squares(rows, "123456789"):
        number = int(rows[y][x])
        if number > faces:
            problems.append((y, f"portal {number} is no face of the {die}"))
        elif number in seen:
            problems.append((y, f"portal {number} is on row {seen[number] + 1} already"))
        else:
            seen[number] = y
    missing = [n for n in range(1, faces + 1) if n not in seen]
    if missing:
        listed = ", ".join(map(str, missing))
        problems.append((None, f"no portal numbered {listed}: a {die} roll would lead nowhere"))
    return problems


def reach_problems(rows: Sequence[str]) -> list[Problem]:
    """Chests with no open neighbour, open squares cut off from the first one, missing zones."""
    problems: list[Problem] = []
    for x, y in squares(rows, CHEST):
        if not any(rows[ny][nx] in OPEN - {CHEST} for nx, ny in neighbours((x, y), rows)):
            problems.append((y, f"the chest at column {x + 1} has no open square beside it"))
    walk = squares(rows, "".join(OPEN - {CHEST}))
    if walk:
        reached = _flood(walk[0], rows)
        for x, y in walk:
            if (x, y) not in reached:
                problems.append((y, f"column {x + 1} cannot be reached from the rest"))
                break
    for zone in ZONES:
        if not squares(rows, zone):
            problems.append((None, f"no end-zone square '{zone}'"))
    return problems


def _flood(start: Square, rows: Sequence[str]) -> set[Square]:
    """Open squares reachable from `start` by king moves (a chest square blocks)."""
    seen = {start}
    queue = deque([start])
    while queue:
        for nx, ny in neighbours(queue.popleft(), rows):
            if (nx, ny) not in seen and rows[ny][nx] in OPEN - {CHEST}:
                seen.add((nx, ny))
                queue.append((nx, ny))
    return seen


def problems(rows: Sequence[str], die: str) -> list[Problem]:
    """Every problem of a map, shape first (a ragged map is not checked further)."""
    shape = shape_problems(rows)
    return shape or portal_problems(rows, die) + reach_problems(rows)
