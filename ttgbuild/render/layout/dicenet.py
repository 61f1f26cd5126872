"""A paper die to cut, fold and glue: a net of square faces with glue tabs.

Every game's kit prints its dice the same way: the net's outline is cut
(solid), the edges between faces and the tabs' roots are folded (dashed),
the cutsheet's one convention. Six squares fold into a cube; seven pairs of
free edges then meet, and each pair needs one glue tab on one of its two
edges, or the die cannot be glued shut. `CUBE` is a cross whose tabs sit on
its long column only (its top, third and bottom squares), so the net stays
three faces wide and each tab lies where no square is; tests/test_parts.py
folds it to check that every pair has exactly one tab. What a face shows is
the game's: `draw` calls back with each face's value and square.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render import style
from ttgbuild.render.layout.cutsheet import cut_lines, fold_lines

STEP = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}
LINE = 0.3  # points, cuts and folds alike
# A face drawn by the game: canvas, value, the square's lower-left corner and side (points).
FacePainter = Callable[[Canvas, Any, float, float, float], None]


@dataclass(frozen=True)
class Net:
    """Squares at (column, row from the top), in the order of the die's faces, and tabs.

    A tab is (column, row, side) with side N, S, W or E (up, down, left,
    right); `tab` is its depth as a share of a face (its ends slope in at 45°).
    """

    cells: tuple[tuple[int, int], ...]
    tabs: tuple[tuple[int, int, str], ...]
    tab: float = 0.3


CUBE = Net(
    cells=((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)),
    tabs=(
        (1, 0, "W"),
        (1, 0, "E"),
        (1, 2, "W"),
        (1, 2, "E"),
        (1, 3, "W"),
        (1, 3, "E"),
        (1, 3, "S"),
    ),
)
# Faces of CUBE that end up opposite each other once folded (indices into its cells).
CUBE_OPPOSITE = ((0, 4), (1, 3), (2, 5))


def size(net: Net, face: float) -> tuple[float, float]:
    """The net's width and height in points, its tabs included."""
    columns = max(c for c, _ in net.cells) + 1
    rows = max(r for _, r in net.cells) + 1
    below = any(side == "S" and r == rows - 1 for _, r, side in net.tabs)  # hangs below
    return columns * face, (rows + net.tab * below) * face


def tab_outline(
    net: Net, face: float, tab: tuple[int, int, str], x: float, y: float
) -> list[tuple[float, float]]:
    """The tab's corners on the page, the net's lower-left corner at (x, y).

    A trapezoid on the square's edge: its depth, its ends sloping in at 45°.
    """
    column, row, side = tab
    height = size(net, face)[1]
    left, bottom = x + column * face, y + height - (row + 1) * face
    dx, dy = STEP[side]
    nx, ny = dx, -dy  # outward, on the page (rows count downwards)
    cx, cy = left + face / 2 + nx * face / 2, bottom + face / 2 + ny * face / 2
    tx, ty = ny, -nx  # along the edge
    half, depth = face / 2, net.tab * face
    a = (cx - tx * half, cy - ty * half)
    b = (cx + tx * half, cy + ty * half)
    a_out = (a[0] + (nx + tx) * depth, a[1] + (ny + ty) * depth)
    b_out = (b[0] + (nx - tx) * depth, b[1] + (ny - ty) * depth)
    return [a, a_out, b_out, b]


def draw(
    canvas: Canvas,
    net: Net,
    face: float,
    x: float,
    y: float,
    values: tuple[Any, ...],
    paint_face: FacePainter,
) -> None:
    """The net at (x, y), lower left: tabs, faces (`paint_face`), cuts solid, folds dashed."""
    cells = set(net.cells)
    height = size(net, face)[1]
    canvas.saveState()
    cut_lines(canvas, LINE)
    canvas.setFillColor(style.CARD_TINT)
    for tab in net.tabs:
        path = canvas.beginPath()
        corners = tab_outline(net, face, tab, x, y)
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        canvas.drawPath(path, stroke=1, fill=1)
    for (column, row), value in zip(net.cells, values, strict=False):
        fx, fy = x + column * face, y + height - (row + 1) * face
        canvas.setFillColor(style.PAPER)
        canvas.rect(fx, fy, face, face, stroke=0, fill=1)
        canvas.saveState()
        paint_face(canvas, value, fx, fy, face)
        canvas.restoreState()
    for column, row in net.cells:
        fx, fy = x + column * face, y + height - (row + 1) * face
        edges = {
            "N": (fx, fy + face, fx + face, fy + face),
            "S": (fx, fy, fx + face, fy),
            "W": (fx, fy, fx, fy + face),
            "E": (fx + face, fy, fx + face, fy + face),
        }
        for side, edge in edges.items():
            dx, dy = STEP[side]
            if (column + dx, row + dy) in cells or (column, row, side) in net.tabs:
                fold_lines(canvas, LINE)
            else:
                cut_lines(canvas, LINE)
            canvas.line(*edge)
    canvas.restoreState()
