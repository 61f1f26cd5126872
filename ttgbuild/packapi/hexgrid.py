"""Hex geometry: cube coordinates, facings, neighbours, distances, reach and paths, and
the layout that turns a hex into points on the page.
"""

from ttgbuild.geometry.hexgrid import (
    UNIT,
    Cube,
    Facing,
    Grid,
    Hex,
    HexLayout,
    Point,
    distance,
    facing_to,
    neighbour,
    neighbours,
    reachable,
    shortest_path,
)

__all__ = [
    "UNIT",
    "Cube",
    "Facing",
    "Grid",
    "Hex",
    "HexLayout",
    "Point",
    "distance",
    "facing_to",
    "neighbour",
    "neighbours",
    "reachable",
    "shortest_path",
]
