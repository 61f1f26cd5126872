"""Flat-topped hexes in columns, odd columns shifted down half a hex (content/board.yaml).

Positions are in the board's own frame: x to the right, y downwards from the
top edge, in the same unit as `radius` (centre to corner).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class HexLayout:
    radius: float

    @property
    def across_flats(self) -> float:
        return SQRT3 * self.radius

    def centre(self, column: int, row: int) -> tuple[float, float]:
        x = self.radius * (1 + 1.5 * column)
        y = self.across_flats * (row + 0.5 + 0.5 * (column % 2))
        return x, y

    def corners(self, column: int, row: int) -> list[tuple[float, float]]:
        """The six corners, starting at the right-hand corner and going clockwise on screen."""
        cx, cy = self.centre(column, row)
        return [
            (
                cx + self.radius * math.cos(math.radians(a)),
                cy + self.radius * math.sin(math.radians(a)),
            )
            for a in range(0, 360, 60)
        ]

    def size(self, columns: int, rows: int) -> tuple[float, float]:
        """Width and height of a board of columns by rows hexes."""
        width = self.radius * (2 + 1.5 * (columns - 1))
        height = self.across_flats * (rows + (0.5 if columns > 1 else 0))
        return width, height

    def neighbours(self, column: int, row: int) -> list[tuple[int, int]]:
        """The six hexes around one (some may lie off the board)."""
        if column % 2 == 0:
            steps = [(1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)]
        else:
            steps = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (0, -1)]
        return [(column + dc, row + dr) for dc, dr in steps]

    def shared_edge(
        self, a: tuple[int, int], b: tuple[int, int]
    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The edge two neighbouring hexes share, as two corner points."""
        mine = self.corners(*a)
        theirs = self.corners(*b)
        common = [p for p in mine if any(math.dist(p, q) < self.radius * 1e-6 for q in theirs)]
        return (common[0], common[1]) if len(common) == 2 else None
