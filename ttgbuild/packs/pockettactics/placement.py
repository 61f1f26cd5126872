"""Laying the map: the front-edge rule and where the second base may go, on cube hexes.

The book's setup (L15-17) is geometry: a new tile may touch the tiles already
laid only on their front edges (the three facing away from the first
player's base: NW, N, NE), and the second base obeys the same rule, touches
the tile farthest from the first base and is as far from it as possible.
rules.pdf draws its diagrams from these functions, so the pictures follow
the rule the text states; "north" is away from the first player (y down on
the engine's grid, as `geometry.hexgrid.Facing` names the sides).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ttgbuild.packapi.hexgrid import Cube, Facing

FRONT = (Facing.NW, Facing.N, Facing.NE)  # a tile's edges facing away from the first player


def step(hex_: Cube, facing: Facing) -> Cube:
    """The neighbour of `hex_` across its side `facing`."""
    offset = facing.step
    return Cube(hex_.q + offset.q, hex_.r + offset.r, hex_.s + offset.s)


def distance(a: Cube, b: Cube) -> int:
    """Steps from hex to hex between `a` and `b`, gaps or not."""
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def may_lay(spot: Cube, laid: Collection[Cube]) -> bool:
    """Whether a tile (or the second base) may go on `spot`: free, touching something laid,
    and touching each laid hex only on one of its front edges (so every neighbour that is
    laid lies on the spot's back side: S, SW or SE)."""
    if spot in laid:
        return False
    touching = [facing for facing in Facing if step(spot, facing) in laid]
    back = {facing.turned(3) for facing in FRONT}
    return bool(touching) and all(facing in back for facing in touching)


def open_spots(laid: Collection[Cube]) -> list[Cube]:
    """Every free hex next to the map where the next tile may be laid."""
    around = {step(hex_, facing) for hex_ in laid for facing in Facing}
    return sorted(spot for spot in around if may_lay(spot, laid))


def second_base_spots(first: Cube, tiles: Collection[Cube]) -> list[tuple[Cube, int]]:
    """Where the second base may go, each with its distance from the first base: spots the
    front-edge rule allows that touch a tile farthest from the first base."""
    if not tiles:
        return []
    farthest = max(distance(first, tile) for tile in tiles)
    far = {tile for tile in tiles if distance(first, tile) == farthest}
    laid = {first, *tiles}
    return [
        (spot, distance(first, spot))
        for spot in open_spots(laid)
        if any(step(spot, facing) in far for facing in Facing)
    ]


def in_order(first: Cube, tiles: Iterable[Cube]) -> bool:
    """Whether `tiles`, laid one by one after the first base, each obey the front-edge rule."""
    laid = {first}
    for tile in tiles:
        if not may_lay(tile, laid):
            return False
        laid.add(tile)
    return True
