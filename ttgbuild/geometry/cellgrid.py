"""A board's grid of cells on paper: squares, or hexes flat- or pointy-topped.

A board file (source/boardfile.py) names its cells by column and row; this
says where each lies, which cells are neighbours and which edge two
neighbours share, so the file's checks (an edge between cells that do not
touch) and the drawing (render/boardgrid.py) agree on one geometry.

Flat hexes are Jugger's field (geometry/hexgrid.py: columns, odd ones half a
hex lower). Pointy hexes are the same grid turned about the diagonal: rows,
odd ones half a hex to the right; each point is the flat grid's with x and y
swapped, so no second hex geometry is written. Positions are from the grid's
top-left corner, x to the right and y downwards, in the unit of `cell` (a
square's side, a hex's width across its flats).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from ttgbuild.geometry.hexgrid import HexLayout, neighbours

Cell = tuple[int, int]  # (column, row), from 0
Point = tuple[float, float]
SIDES = ("top", "right", "bottom", "left")  # a square's sides, clockwise from the top
T = TypeVar("T", int, float)


def _swap(pair: tuple[T, T]) -> tuple[T, T]:
    return pair[1], pair[0]


@dataclass(frozen=True)
class CellGrid:
    """`columns` by `rows` cells of size `cell`: `shape` square or hex, hexes `flat` or `pointy`."""

    shape: str
    columns: int
    rows: int
    cell: float
    orientation: str = "flat"

    @cached_property
    def _hexes(self) -> HexLayout:
        return HexLayout(self.cell / math.sqrt(3))

    @property
    def _pointy(self) -> bool:
        return self.shape == "hex" and self.orientation == "pointy"

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 0 <= cell[1] < self.rows

    def size(self) -> Point:
        """The grid's width and height."""
        if self.shape == "square":
            return self.columns * self.cell, self.rows * self.cell
        if self._pointy:
            return _swap(self._hexes.size(self.rows, self.columns))
        return self._hexes.size(self.columns, self.rows)

    def centre(self, cell: Cell) -> Point:
        column, row = cell
        if self.shape == "square":
            return (column + 0.5) * self.cell, (row + 0.5) * self.cell
        if self._pointy:
            return _swap(self._hexes.centre(row, column))
        return self._hexes.centre(column, row)

    def corners(self, cell: Cell) -> list[Point]:
        """The cell's outline, corner by corner."""
        column, row = cell
        if self.shape == "square":
            x, y, s = column * self.cell, row * self.cell, self.cell
            return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
        if self._pointy:
            return [_swap(p) for p in self._hexes.corners(row, column)]
        return self._hexes.corners(column, row)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells sharing an edge with this one (some may lie off the grid)."""
        column, row = cell
        if self.shape == "square":
            return [(column, row - 1), (column + 1, row), (column, row + 1), (column - 1, row)]
        if self._pointy:
            return [_swap(other) for other in neighbours((row, column))]
        return neighbours(cell)

    def shared_edge(self, a: Cell, b: Cell) -> tuple[Point, Point] | None:
        """The edge two neighbouring cells share; None if they do not touch."""
        if b not in self.neighbours(a):
            return None
        if self.shape == "square":
            return self.side(a, SIDES[self.neighbours(a).index(b)])
        if self._pointy:
            edge = self._hexes.shared_edge(_swap(a), _swap(b))
            return None if edge is None else (_swap(edge[0]), _swap(edge[1]))
        return self._hexes.shared_edge(a, b)

    def side(self, cell: Cell, name: str) -> tuple[Point, Point]:
        """One side of a square cell: top, right, bottom or left."""
        corners = self.corners(cell)
        index = SIDES.index(name)
        return corners[index], corners[(index + 1) % 4]
