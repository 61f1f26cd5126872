"""Line of sight (rules §13) and weapon range (rules §9, §14).

Line of sight from A to B: B lies in A's front arc, and from one corner of
A's hex straight lines reach two or more corners of B's hex without touching
any part of a hex occupied by another token (edges and corners count as
touching). Crouched tokens never block. Adjacent and in the front arc is
always line of sight. Everything is computed in the unit layout with a small
tolerance, so a line grazing a corner counts as touching it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from ttgbuild.packapi.hexgrid import UNIT, Facing, Hex, Point, distance
from ttgbuild.packs.jugger.arcs import EPSILON, in_front_arc

RangeMove = Literal["into", "through", "leave"]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    )
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether p lies in the closed convex polygon (within the tolerance)."""
    sides = [_cross(polygon[i], polygon[(i + 1) % len(polygon)], p) for i in range(len(polygon))]
    return all(s >= -EPSILON for s in sides) or all(s <= EPSILON for s in sides)


def _crossing(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether two segments cross at a point inside both (touching is left to distances)."""
    return (
        _cross(q1, q2, p1) * _cross(q1, q2, p2) < 0 and _cross(p1, p2, q1) * _cross(p1, p2, q2) < 0
    )


@cache
def _corners(hex_: Hex) -> tuple[Point, ...]:
    return tuple(UNIT.corners(*hex_))


def _box(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return (
        a[0] <= b[2] + EPSILON
        and b[0] <= a[2] + EPSILON
        and a[1] <= b[3] + EPSILON
        and b[1] <= a[3] + EPSILON
    )


def segment_touches(a: Point, b: Point, hex_: Hex) -> bool:
    """Whether the segment from a to b touches the closed hex (unit layout), grazing included."""
    corners = _corners(hex_)
    if _inside(a, corners) or _inside(b, corners):
        return True
    for i, c in enumerate(corners):
        d = corners[(i + 1) % 6]
        if _crossing(a, b, c, d):
            return True
        near = min(
            _point_segment_distance(a, c, d),
            _point_segment_distance(b, c, d),
            _point_segment_distance(c, a, b),
            _point_segment_distance(d, a, b),
        )
        if near <= EPSILON:
            return True
    return False


@dataclass(frozen=True)
class SightLine:
    """One corner-to-corner line from a viewer's hex to a target's (unit layout)."""

    viewer_corner: int  # index into HexLayout.corners
    target_corner: int
    start: Point
    end: Point
    clear: bool  # touches no blocking hex


def sight_lines(
    viewer: Hex, target: Hex, occupied: Collection[Hex], crouched: Collection[Hex] = ()
) -> list[SightLine]:
    """All 36 corner-to-corner lines, each marked clear or blocked.

    Blocking hexes are the occupied ones except the viewer's, the target's and
    those of crouched tokens.
    """
    # Every line lies within the box around both hexes: hexes outside it cannot touch one.
    span = _box(_corners(viewer) + _corners(target))
    blockers = [
        h
        for h in occupied
        if h not in crouched and h not in (viewer, target) and _overlap(span, _box(_corners(h)))
    ]
    out = []
    for i, start in enumerate(_corners(viewer)):
        for j, end in enumerate(_corners(target)):
            clear = not any(segment_touches(start, end, h) for h in blockers)
            out.append(SightLine(i, j, start, end, clear))
    return out


def has_line_of_sight(
    viewer: Hex,
    facing: Facing,
    target: Hex,
    occupied: Collection[Hex],
    crouched: Collection[Hex] = (),
) -> bool:
    """Whether a token on `viewer` facing `facing` sees a token on `target` (rules §13)."""
    if not in_front_arc(viewer, facing, target):
        return False
    if distance(viewer, target) == 1:
        return True
    clear_ends: dict[int, int] = {}
    for sight in sight_lines(viewer, target, occupied, crouched):
        if sight.clear:
            clear_ends[sight.viewer_corner] = clear_ends.get(sight.viewer_corner, 0) + 1
    return any(count >= 2 for count in clear_ends.values())


def in_range(holder: Hex, target: Hex, reach: int) -> bool:
    """Whether `target` is within a weapon's range `reach` of `holder` (distance ≤ reach)."""
    return distance(holder, target) <= reach


def range_moves(path: Sequence[Hex], enemy: Hex, reach: int) -> list[RangeMove | None]:
    """For each step of a move (path[i] to path[i + 1]), what it does to the enemy's range.

    "into": outside to inside; "through": inside to inside; "leave": inside to
    outside; None: outside to outside (rules §9's vocabulary).
    """
    out: list[RangeMove | None] = []
    for before, after in itertools.pairwise(path):
        was, now = in_range(enemy, before, reach), in_range(enemy, after, reach)
        if was and now:
            out.append("through")
        elif now:
            out.append("into")
        elif was:
            out.append("leave")
        else:
            out.append(None)
    return out


def provokes_attack_of_opportunity(path: Sequence[Hex], enemy: Hex, reach: int) -> bool:
    """Whether a move passes through the enemy's attack range for one hex or more (rules §14).

    Stepping into range and stopping, or stepping straight out of it, is not
    moving *through* it. The attack itself still needs line of sight and
    points, which the table checks when the enemy reacts.
    """
    return "through" in range_moves(path, enemy, reach)
