"""Front and rear arcs (rules §13) and flank versus back attacks (rules §14).

A token faces one side of its hex. Its front arc is the half of the plane in
front of the line through its hex's centre, square to that side (180°,
canonical); a hex belongs to the front arc only when the whole hex lies in
that half-plane, corners on the line counting as inside. Every other hex is in
the rear arc. The token's own hex is in neither: it is where the token stands,
not somewhere it can look or be attacked from.
"""

from __future__ import annotations

from typing import Literal

from ttgbuild.packapi.hexgrid import UNIT, Facing, Grid, Hex

# Corners of the hexes on either side of a dividing line lie exactly on it;
# rounding in the corner positions must not push them out of the arc.
EPSILON = 1e-9

AttackSide = Literal["front", "flank", "back"]


def in_front_arc(position: Hex, facing: Facing, target: Hex) -> bool:
    """Whether `target` lies wholly in the front arc of a token on `position`.

    This is also what "A faces B" means (rules §13).
    """
    if target == position:
        return False
    cx, cy = UNIT.centre(*position)
    dx, dy = facing.vector
    return all((x - cx) * dx + (y - cy) * dy >= -EPSILON for x, y in UNIT.corners(*target))


def in_rear_arc(position: Hex, facing: Facing, target: Hex) -> bool:
    """Whether `target` is in the rear arc: any hex but the token's own not wholly in front."""
    return target != position and not in_front_arc(position, facing, target)


def front_arc(position: Hex, facing: Facing, grid: Grid) -> set[Hex]:
    """Every hex of the grid in the front arc."""
    return {hex_ for hex_ in grid.hexes() if in_front_arc(position, facing, hex_)}


def facing_towards(position: Hex, target: Hex) -> Facing:
    """The side of `position` pointing most nearly at `target` (first in `Facing` order on a tie).

    A hero moving faces its direction of travel, and an attacker usually turns
    to its target; diagrams use this to draw them so.
    """
    (px, py), (tx, ty) = UNIT.centre(*position), UNIT.centre(*target)
    return max(Facing, key=lambda f: f.vector[0] * (tx - px) + f.vector[1] * (ty - py))


def attack_side(defender: Hex, facing: Facing, start: Hex, attack_from: Hex) -> AttackSide:
    """How an attack meets a defender on `defender` facing `facing` (rules §14).

    `start` is where the attacker began its activation, `attack_from` the hex it
    attacks from. From the front arc it is a plain attack; from the rear arc it
    is a flank attack if the attacker started in the front arc, otherwise a
    back attack.
    """
    if in_front_arc(defender, facing, attack_from):
        return "front"
    return "flank" if in_front_arc(defender, facing, start) else "back"
