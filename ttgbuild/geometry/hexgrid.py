"""The field's hex grid: coordinates, facings, distance, lines, reach, and the page layout.

The field's hexes are flat-topped and stand in columns; odd columns sit half a
hex lower than even ones (content/board.yaml). Content and players name a hex
by (column, row), the *offset* coordinates used everywhere outside this
package. Distances, lines and rings are only simple in *cube* coordinates
(q + r + s = 0), so the algorithms convert, work in cubes and convert back.

Pixel positions are in the board's own frame: x to the right, y downwards
from the top edge, in the unit of the layout's `radius` (centre to corner).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import NamedTuple

SQRT3 = math.sqrt(3)

Hex = tuple[int, int]  # (column, row) on the field
Point = tuple[float, float]


class Cube(NamedTuple):
    q: int
    r: int
    s: int


def to_cube(hex_: Hex) -> Cube:
    """Offset (column, row) to cube; odd columns are the ones shifted down."""
    column, row = hex_
    q = column
    r = row - (column - (column & 1)) // 2
    return Cube(q, r, -q - r)


def to_hex(cube: Cube) -> Hex:
    """Cube to offset (column, row); the inverse of `to_cube`."""
    return cube.q, cube.r + (cube.q - (cube.q & 1)) // 2


class Facing(Enum):
    """The six sides of a hex, each a direction a token can face, clockwise from north.

    North is towards row 0 (the top of the printed board).
    """

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def angle(self) -> float:
        """Direction of the side's outward normal in degrees, in the y-down board frame."""
        return (270.0 + 60.0 * self.value) % 360.0

    @property
    def vector(self) -> Point:
        """Unit vector of the side's outward normal (y down)."""
        radians = math.radians(self.angle)
        return math.cos(radians), math.sin(radians)

    @property
    def step(self) -> Cube:
        """The cube offset from a hex to its neighbour across this side."""
        return _STEPS[self.value]

    @property
    def corners(self) -> tuple[int, int]:
        """Indices (into `HexLayout.corners`) of the two corners ending this side, ascending."""
        first = int(((self.angle - 30.0) % 360.0) // 60.0)
        second = (first + 1) % 6
        return min(first, second), max(first, second)

    def turned(self, sides: int) -> Facing:
        """The facing `sides` sides clockwise (negative: anticlockwise)."""
        return Facing((self.value + sides) % 6)


_STEPS = (
    Cube(0, -1, 1),  # N
    Cube(1, -1, 0),  # NE
    Cube(1, 0, -1),  # SE
    Cube(0, 1, -1),  # S
    Cube(-1, 1, 0),  # SW
    Cube(-1, 0, 1),  # NW
)


@dataclass(frozen=True)
class Grid:
    """A rectangle of hexes from (0, 0): the field, or a virtual one for a diagram."""

    columns: int
    rows: int

    def contains(self, hex_: Hex) -> bool:
        return 0 <= hex_[0] < self.columns and 0 <= hex_[1] < self.rows

    def hexes(self) -> Iterator[Hex]:
        """Every hex, column by column."""
        for column in range(self.columns):
            for row in range(self.rows):
                yield column, row


def neighbour(hex_: Hex, facing: Facing) -> Hex:
    """The hex across the given side (it may lie off the field)."""
    cube, step = to_cube(hex_), facing.step
    return to_hex(Cube(cube.q + step.q, cube.r + step.r, cube.s + step.s))


def neighbours(hex_: Hex) -> list[Hex]:
    """The six hexes around one, in `Facing` order (some may lie off the field)."""
    return [neighbour(hex_, facing) for facing in Facing]


def facing_to(hex_: Hex, other: Hex) -> Facing | None:
    """The side of `hex_` that `other` lies across, or None if they are not neighbours."""
    return next((f for f in Facing if neighbour(hex_, f) == other), None)


def distance(a: Hex, b: Hex) -> int:
    """Steps from one hex to another on an empty, boundless field."""
    ca, cb = to_cube(a), to_cube(b)
    return max(abs(ca.q - cb.q), abs(ca.r - cb.r), abs(ca.s - cb.s))


def _round(q: float, r: float, s: float) -> Cube:
    """The cube hex holding a fractional cube point."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(rq, rr, rs)


# Moves the line a hair off corners and edges so a point exactly between two
# hexes always rounds the same way instead of flickering between them.
_NUDGE = (1e-6, 2e-6, -3e-6)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight centre-to-centre line passes, from `a` to `b` inclusive.

    There are always distance + 1 of them, each a neighbour of the one before.
    """
    n = distance(a, b)
    ca, cb = to_cube(a), to_cube(b)
    start = [ca.q + _NUDGE[0], ca.r + _NUDGE[1], ca.s + _NUDGE[2]]
    end = [cb.q + _NUDGE[0], cb.r + _NUDGE[1], cb.s + _NUDGE[2]]
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        out.append(to_hex(_round(*(s + (e - s) * t for s, e in zip(start, end, strict=True)))))
    return out


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` steps away, clockwise from the north-west corner of the ring."""
    if radius == 0:
        return [centre]
    hex_ = centre
    for _ in range(radius):
        hex_ = neighbour(hex_, Facing.NW)
    out = []
    for facing in (Facing.NE, Facing.SE, Facing.S, Facing.SW, Facing.NW, Facing.N):
        for _ in range(radius):
            hex_ = neighbour(hex_, facing)
            out.append(hex_)
    return out


def within(centre: Hex, radius: int) -> list[Hex]:
    """Every hex at most `radius` steps away (a weapon's range), nearest first."""
    return [hex_ for n in range(radius + 1) for hex_ in ring(centre, n)]


def reachable(start: Hex, steps: int, occupied: Collection[Hex], grid: Grid) -> dict[Hex, int]:
    """Hexes a hero can walk to in at most `steps`, with the fewest steps to each.

    A hero steps only onto free neighbours on the field: never onto or through
    an occupied hex (rules §9), so a wall of tokens makes hexes behind it
    further away than `distance` says. The start hex is included at 0.
    """
    best = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if best[here] == steps:
            continue
        for next_ in neighbours(here):
            if next_ not in best and grid.contains(next_) and next_ not in occupied:
                best[next_] = best[here] + 1
                queue.append(next_)
    return best


def shortest_path(start: Hex, goal: Hex, occupied: Collection[Hex], grid: Grid) -> list[Hex] | None:
    """One shortest walk from `start` to `goal` (both included) around occupied hexes.

    Ties go to the first side in `Facing` order, so the answer is stable.
    None if the goal cannot be reached.
    """
    came_from: dict[Hex, Hex | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [here]
            while (before := came_from[path[-1]]) is not None:
                path.append(before)
            return path[::-1]
        for next_ in neighbours(here):
            if next_ not in came_from and grid.contains(next_) and next_ not in occupied:
                came_from[next_] = here
                queue.append(next_)
    return None


@cache
def _corner_offsets(radius: float) -> tuple[Point, ...]:
    """The six corners' offsets from a hex's centre (a board asks for thousands of corners
    of hexes of one size: the trigonometry is done once per size)."""
    return tuple(
        (radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    )


@dataclass(frozen=True)
class HexLayout:
    """Where hexes lie on paper, for hexes `radius` from centre to corner."""

    radius: float

    @property
    def across_flats(self) -> float:
        return SQRT3 * self.radius

    def centre(self, column: int, row: int) -> Point:
        x = self.radius * (1 + 1.5 * column)
        y = self.across_flats * (row + 0.5 + 0.5 * (column % 2))
        return x, y

    def corners(self, column: int, row: int) -> list[Point]:
        """The six corners, starting at the right-hand corner and going clockwise on screen."""
        cx, cy = self.centre(column, row)
        return [(cx + dx, cy + dy) for dx, dy in _corner_offsets(self.radius)]

    def size(self, columns: int, rows: int) -> tuple[float, float]:
        """Width and height of a board of columns by rows hexes."""
        width = self.radius * (2 + 1.5 * (columns - 1))
        height = self.across_flats * (rows + (0.5 if columns > 1 else 0))
        return width, height

    def side(self, hex_: Hex, facing: Facing) -> tuple[Point, Point]:
        """The two corners ending one side of a hex."""
        corners = self.corners(*hex_)
        first, second = facing.corners
        return corners[first], corners[second]

    def shared_edge(self, a: Hex, b: Hex) -> tuple[Point, Point] | None:
        """The edge two neighbouring hexes share, as two corner points (None if not neighbours)."""
        facing = facing_to(a, b)
        return None if facing is None else self.side(a, facing)


UNIT = HexLayout(1.0)  # the layout the rules' geometry (arcs, sight) is computed in
