"""The hex geometry against cases worked out by hand from the rules (§2, §9, §13, §14).

The field is 20 x 11 flat-topped hexes, odd columns half a hex lower. For an
even column c the neighbours of (c, r) are (c, r-1) N, (c+1, r-1) NE,
(c+1, r) SE, (c, r+1) S, (c-1, r) SW, (c-1, r-1) NW; for an odd column the
side neighbours are one row lower.
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttgbuild.geometry.hexgrid import (
    UNIT,
    Facing,
    Grid,
    HexLayout,
    distance,
    facing_to,
    line,
    neighbour,
    neighbours,
    reachable,
    ring,
    shortest_path,
    to_cube,
    to_hex,
    within,
)
from ttgbuild.packs.jugger.arcs import (
    attack_side,
    facing_towards,
    front_arc,
    in_front_arc,
    in_rear_arc,
)
from ttgbuild.packs.jugger.sight import (
    has_line_of_sight,
    in_range,
    provokes_attack_of_opportunity,
    range_moves,
    segment_touches,
    sight_lines,
)

FIELD = Grid(20, 11)
CENTRE = (9, 5)  # content/board.yaml's centre; an odd column

hexes = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
field_hexes = st.tuples(st.integers(0, 19), st.integers(0, 10))
PROPERTIES = settings(max_examples=150, deadline=None)


# --- coordinates, neighbours, distance -------------------------------------------------


def test_round_trip_over_the_whole_field() -> None:
    for hex_ in FIELD.hexes():
        cube = to_cube(hex_)
        assert cube.q + cube.r + cube.s == 0
        assert to_hex(cube) == hex_
    assert len(set(map(to_cube, FIELD.hexes()))) == 20 * 11


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (1, 0), 1),
        ((0, 0), (2, 0), 2),
        ((0, 0), (0, 10), 10),
        ((0, 0), (19, 0), 19),
        ((0, 10), (19, 0), 19),  # the diagonal drift of the columns is free going up
        ((0, 0), (19, 10), 20),  # ...and costs a step going down
        ((0, 5), (19, 5), 19),  # goal to goal
        ((9, 5), (9, 0), 5),
        ((1, 0), (0, 1), 1),  # odd column: the south-west neighbour is a row lower
        ((2, 0), (1, 1), 2),  # even column: it is not
    ],
)
def test_distance_hand_worked(a: tuple[int, int], b: tuple[int, int], steps: int) -> None:
    assert distance(a, b) == steps
    assert distance(b, a) == steps


def test_neighbours_of_even_and_odd_columns() -> None:
    assert neighbours((8, 5)) == [(8, 4), (9, 4), (9, 5), (8, 6), (7, 5), (7, 4)]
    assert neighbours((9, 5)) == [(9, 4), (10, 5), (10, 6), (9, 6), (8, 6), (8, 5)]
    assert neighbour((9, 5), Facing.SE) == (10, 6)
    assert facing_to((9, 5), (8, 6)) is Facing.SW
    assert facing_to((9, 5), (9, 7)) is None


def test_neighbours_touch_on_paper() -> None:
    """Every neighbour's centre is one hex across away and shares exactly the facing's side."""
    for hex_ in [(8, 5), (9, 5), (0, 0), (19, 10)]:
        for facing, other in zip(Facing, neighbours(hex_), strict=True):
            assert math.dist(UNIT.centre(*hex_), UNIT.centre(*other)) == pytest.approx(math.sqrt(3))
            assert UNIT.shared_edge(hex_, other) == UNIT.side(hex_, facing)
            edge = UNIT.shared_edge(other, hex_)
            assert edge is not None
            mine = [c for point in sorted(UNIT.side(hex_, facing)) for c in point]
            assert [c for point in sorted(edge) for c in point] == pytest.approx(mine)
    assert UNIT.shared_edge((9, 5), (9, 7)) is None


def test_facing_sides_point_the_right_way() -> None:
    """Each facing's side lies between the centre and the neighbour across it."""
    layout = HexLayout(10)
    for facing in Facing:
        (ax, ay), (bx, by) = layout.side(CENTRE, facing)
        cx, cy = layout.centre(*CENTRE)
        nx, ny = layout.centre(*neighbour(CENTRE, facing))
        assert ((ax + bx) / 2, (ay + by) / 2) == pytest.approx(((cx + nx) / 2, (cy + ny) / 2))
    assert Facing.N.vector == pytest.approx((0, -1))  # row 0 is at the top
    assert Facing.N.turned(3) is Facing.S
    assert Facing.N.turned(-1) is Facing.NW


def test_board_layout_size_matches_the_last_hex() -> None:
    layout = HexLayout(5)
    width, height = layout.size(20, 11)
    xs = [x for hex_ in FIELD.hexes() for x, _ in layout.corners(*hex_)]
    ys = [y for hex_ in FIELD.hexes() for _, y in layout.corners(*hex_)]
    assert (min(xs), max(xs)) == pytest.approx((0, width))
    assert (min(ys), max(ys)) == pytest.approx((0, height))


# --- lines, rings, reach ---------------------------------------------------------------


def test_line_hand_worked() -> None:
    assert line((3, 8), (3, 2)) == [(3, 8), (3, 7), (3, 6), (3, 5), (3, 4), (3, 3), (3, 2)]
    assert line((0, 0), (3, 1)) == [(0, 0), (1, 0), (2, 1), (3, 1)]  # straight south-east
    assert line((4, 4), (4, 4)) == [(4, 4)]
    across = line((0, 5), (19, 5))
    assert len(across) == 20
    assert all(distance(a, b) == 1 for a, b in itertools.pairwise(across))


def test_rings_and_within() -> None:
    assert ring(CENTRE, 0) == [CENTRE]
    assert sorted(ring(CENTRE, 1)) == sorted(neighbours(CENTRE))
    assert len(ring(CENTRE, 3)) == 18
    assert {distance(CENTRE, h) for h in ring(CENTRE, 3)} == {3}
    assert len(within(CENTRE, 2)) == 19
    assert set(within(CENTRE, 2)) == {h for h in FIELD.hexes() if distance(CENTRE, h) <= 2}


def test_reach_on_an_open_field_is_distance() -> None:
    reach = reachable(CENTRE, 3, (), FIELD)
    assert reach == {h: distance(CENTRE, h) for h in within(CENTRE, 3)}


def test_reach_goes_around_a_wall() -> None:
    """(5, 3) is 2 away, but with (4, 4), (5, 4), (6, 4) occupied the walk is
    (5,5) (6,5) (7,4) (7,3) (6,3) (5,3): five steps."""
    wall = {(4, 4), (5, 4), (6, 4)}
    assert distance((5, 5), (5, 3)) == 2
    assert reachable((5, 5), 4, wall, FIELD).get((5, 3)) is None
    assert reachable((5, 5), 5, wall, FIELD)[(5, 3)] == 5
    path = shortest_path((5, 5), (5, 3), wall, FIELD)
    assert path == [(5, 5), (6, 5), (7, 4), (7, 3), (6, 3), (5, 3)]
    assert not wall & set(reachable((5, 5), 9, wall, FIELD))


def test_reach_stays_on_the_field_and_out_of_closed_pockets() -> None:
    assert reachable((0, 0), 1, (), FIELD) == {(0, 0): 0, (1, 0): 1, (0, 1): 1}
    closed = set(neighbours(CENTRE))
    assert reachable(CENTRE, 9, closed, FIELD) == {CENTRE: 0}
    assert shortest_path((0, 0), CENTRE, closed, FIELD) is None


# --- arcs (§13) --------------------------------------------------------------------------


def test_front_arc_facing_north_from_the_centre() -> None:
    assert in_front_arc(CENTRE, Facing.N, (9, 4))
    assert in_rear_arc(CENTRE, Facing.N, (9, 6))
    # The front neighbours at either side touch the dividing line with two corners: inside.
    assert in_front_arc(CENTRE, Facing.N, (8, 5))
    assert in_front_arc(CENTRE, Facing.N, (10, 5))
    # Hexes straddling the line at the token's sides are not wholly in front: rear.
    for side in [(7, 5), (11, 5), (10, 6), (8, 6)]:
        assert in_rear_arc(CENTRE, Facing.N, side)
    assert in_front_arc(CENTRE, Facing.N, (9, 0))
    assert in_front_arc(CENTRE, Facing.N, (0, 0))


def test_own_hex_is_in_neither_arc() -> None:
    for facing in Facing:
        assert not in_front_arc(CENTRE, facing, CENTRE)
        assert not in_rear_arc(CENTRE, facing, CENTRE)


@pytest.mark.parametrize("facing", list(Facing))
def test_front_arc_for_each_facing(facing: Facing) -> None:
    """The faced neighbour and the two beside it are in front, the other three behind;
    front arcs of opposite facings never overlap; 180 degrees is roughly half the field."""
    front = front_arc(CENTRE, facing, FIELD)
    ahead = {neighbour(CENTRE, facing.turned(k)) for k in (-1, 0, 1)}
    behind = {neighbour(CENTRE, facing.turned(k)) for k in (2, 3, 4)}
    assert ahead <= front
    assert not behind & front
    assert not front & front_arc(CENTRE, facing.turned(3), FIELD)
    assert 0.4 * 220 <= len(front) <= 0.55 * 220
    rear = {h for h in FIELD.hexes() if in_rear_arc(CENTRE, facing, h)}
    assert front | rear | {CENTRE} == set(FIELD.hexes())


def test_facing_towards() -> None:
    assert facing_towards(CENTRE, (9, 0)) is Facing.N
    assert facing_towards(CENTRE, (10, 6)) is Facing.SE
    assert facing_towards((9, 8), (9, 6)) is Facing.N


@pytest.mark.parametrize(
    ("start", "attack_from", "side"),
    [
        ((9, 2), (9, 6), "flank"),  # started in front, attacks from behind
        ((11, 3), (8, 6), "flank"),
        ((9, 8), (9, 6), "back"),  # started behind, attacks from behind
        ((7, 5), (10, 6), "back"),  # beside the token is behind it (straddles the line)
        ((9, 8), (9, 4), "front"),  # came round to the front
        ((9, 2), (10, 5), "front"),
    ],
)
def test_flank_and_back_attacks(
    start: tuple[int, int], attack_from: tuple[int, int], side: str
) -> None:
    assert attack_side(CENTRE, Facing.N, start, attack_from) == side


# --- line of sight (§13) -----------------------------------------------------------------


def test_segment_touching_is_closed() -> None:
    corners = UNIT.corners(*CENTRE)
    right = corners[0]
    assert segment_touches((right[0] + 1, right[1]), (right[0] + 2, right[1]), CENTRE) is False
    assert segment_touches(right, (right[0] + 2, right[1]), CENTRE)  # a corner is part of it
    top_left, top_right = corners[4], corners[5]
    assert segment_touches(  # sliding along an edge touches it
        (top_left[0] - 1, top_left[1]), (top_right[0] + 1, top_right[1]), CENTRE
    )
    above = (top_left[0] - 1, top_left[1] - 1e-3), (top_right[0] + 1, top_right[1] - 1e-3)
    assert segment_touches(*above, CENTRE) is False


def test_adjacent_in_front_is_always_in_sight() -> None:
    crowd = {(8, 4), (10, 4), (8, 5), (10, 5)}
    assert has_line_of_sight(CENTRE, Facing.N, (9, 4), crowd)
    assert not has_line_of_sight(CENTRE, Facing.N, (9, 6), ())  # adjacent but behind


def test_sight_blocked_by_a_hex_on_the_line() -> None:
    """Viewer (9, 9) facing north, target (9, 5): a token on (9, 7) sits on every line."""
    assert has_line_of_sight((9, 9), Facing.N, (9, 5), ())
    assert not has_line_of_sight((9, 9), Facing.N, (9, 5), {(9, 7)})
    assert not has_line_of_sight((9, 9), Facing.N, (9, 5), {(9, 8)})
    assert not any(s.clear for s in sight_lines((9, 9), (9, 5), {(9, 7)}))


def test_crouched_tokens_never_block() -> None:
    assert has_line_of_sight((9, 9), Facing.N, (9, 5), {(9, 7)}, crouched={(9, 7)})


def test_sight_past_a_hex_beside_the_line() -> None:
    """With (10, 7) occupied the lines from the viewer's left-hand corners still pass."""
    assert has_line_of_sight((9, 9), Facing.N, (9, 5), {(10, 7)})
    lines = sight_lines((9, 9), (9, 5), {(10, 7)})
    assert any(not s.clear for s in lines)


def test_no_sight_outside_the_front_arc() -> None:
    assert not has_line_of_sight((9, 9), Facing.S, (9, 5), ())
    assert not has_line_of_sight(CENTRE, Facing.N, (11, 5), ())  # straddles: rear


def test_viewer_and_target_do_not_block_themselves() -> None:
    lines = sight_lines((9, 9), (9, 5), {(9, 9), (9, 5)})
    assert all(s.clear for s in lines)


# --- range and attacks of opportunity (§9, §14) ------------------------------------------


def test_range_membership() -> None:
    assert in_range((10, 5), (8, 5), 2)
    assert not in_range((10, 5), (7, 5), 2)
    assert in_range((10, 5), (10, 5), 1)


def test_moves_into_through_and_out_of_range() -> None:
    """Enemy on (10, 5) with range 2; (6, 5), (7, 5), (8, 5), (9, 5) are 4, 3, 2, 1 away."""
    enemy = (10, 5)
    path = [(6, 5), (7, 5), (8, 5), (9, 5)]
    assert [distance(enemy, h) for h in path] == [4, 3, 2, 1]
    assert range_moves(path, enemy, 2) == [None, "into", "through"]
    assert provokes_attack_of_opportunity(path, enemy, 2)
    assert not provokes_attack_of_opportunity(path[:3], enemy, 2)  # into range, then stops
    assert range_moves(path[::-1], enemy, 2) == ["through", "leave", None]
    assert not provokes_attack_of_opportunity([(8, 5), (7, 5)], enemy, 2)  # straight out
    assert range_moves([(9, 5)], enemy, 2) == []


# --- properties --------------------------------------------------------------------------


@PROPERTIES
@given(hexes)
def test_round_trip_anywhere(hex_: tuple[int, int]) -> None:
    assert to_hex(to_cube(hex_)) == hex_


@PROPERTIES
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@PROPERTIES
@given(hexes, hexes)
def test_lines_are_connected_and_shortest(a: tuple[int, int], b: tuple[int, int]) -> None:
    path = line(a, b)
    assert len(path) == distance(a, b) + 1
    assert path[0] == a
    assert path[-1] == b
    assert all(distance(p, q) == 1 for p, q in itertools.pairwise(path))


@PROPERTIES
@given(field_hexes, st.integers(0, 9), st.sets(field_hexes, max_size=25))
def test_reach_within_distance(start: tuple[int, int], steps: int, occupied: set) -> None:
    occupied.discard(start)
    reach = reachable(start, steps, occupied, FIELD)
    assert set(reach) <= set(within(start, steps))
    assert all(FIELD.contains(h) and h not in occupied for h in reach)
    assert all(distance(start, h) <= n for h, n in reach.items())


@PROPERTIES
@given(field_hexes, field_hexes, st.sampled_from(list(Facing)))
def test_arcs_are_mirror_images(a: tuple[int, int], b: tuple[int, int], facing: Facing) -> None:
    """Turning round never leaves a hex in both front arcs."""
    assert not (in_front_arc(a, facing, b) and in_front_arc(a, facing.turned(3), b))


@settings(max_examples=60, deadline=None)
@given(field_hexes, field_hexes, st.sampled_from(list(Facing)), st.sets(field_hexes, max_size=8))
def test_sight_is_the_front_arc_minus_what_blocks(
    viewer: tuple[int, int], target: tuple[int, int], facing: Facing, occupied: set
) -> None:
    """On an empty field sight is exactly the front arc; tokens only ever take sight away,
    and crouching them all gives it back."""
    open_field = has_line_of_sight(viewer, facing, target, ())
    assert open_field == in_front_arc(viewer, facing, target)
    blocked = has_line_of_sight(viewer, facing, target, occupied)
    assert not blocked or open_field
    assert has_line_of_sight(viewer, facing, target, occupied, crouched=occupied) == open_field
