"""A paper die: a cube net in a cross with glue tabs, its faces showing jugg pips.

Six squares fold into a cube; seven pairs of edges then meet, and each pair
needs one glue tab on one of its two edges, or the die cannot be glued shut.
The tabs below sit on the cross's long column only (its top, third and
bottom squares), so the net stays three faces wide and each tab lies where
no square is. tests/test_parts.py folds the net to check that every pair
has exactly one tab.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packs.jugger.render import icons
from ttgbuild.render import style

FACE = 15 * mm
TAB = 4.5 * mm  # a glue tab's depth; its ends slope in by as much, so tabs never touch
# (column, row from the top) of each square, in the order of the die's faces in rules.yaml.
CELLS = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3))
# Glue tabs: (column, row, side) with side N, S, W or E (up, down, left, right).
TABS = ((1, 0, "W"), (1, 0, "E"), (1, 2, "W"), (1, 2, "E"), (1, 3, "W"), (1, 3, "E"), (1, 3, "S"))
STEP = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}
WIDTH, HEIGHT = 3 * FACE, 4 * FACE + TAB  # the bottom square's tab hangs below the cross
FOLD_DASH = (1.5 * mm, 1 * mm)


def tab_outline(column: int, row: int, side: str, x: float, y: float) -> list[tuple[float, float]]:
    """The tab's corners on the page, the net's lower-left corner at (x, y).

    A trapezoid on the square's edge: TAB deep, its ends sloping in at 45°.
    """
    left, bottom = x + column * FACE, y + HEIGHT - (row + 1) * FACE
    dx, dy = STEP[side]
    nx, ny = dx, -dy  # outward, on the page (rows count downwards)
    cx, cy = left + FACE / 2 + nx * FACE / 2, bottom + FACE / 2 + ny * FACE / 2
    tx, ty = ny, -nx  # along the edge
    half = FACE / 2
    a = (cx - tx * half, cy - ty * half)
    b = (cx + tx * half, cy + ty * half)
    a_out = (a[0] + (nx + tx) * TAB, a[1] + (ny + ty) * TAB)
    b_out = (b[0] + (nx - tx) * TAB, b[1] + (ny - ty) * TAB)
    return [a, a_out, b_out, b]


def draw(canvas: Canvas, x: float, y: float, faces: tuple[int, ...]) -> None:
    """The net at (x, y), lower left: squares, tabs, cuts solid, folds dashed."""
    cells = set(CELLS)
    tabbed = {(c, r, s) for c, r, s in TABS}
    canvas.saveState()
    canvas.setStrokeColor(style.CUT)
    canvas.setLineWidth(0.3)
    for column, row, side in TABS:
        canvas.setFillColor(style.CARD_TINT)
        path = canvas.beginPath()
        corners = tab_outline(column, row, side, x, y)
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        canvas.drawPath(path, stroke=1, fill=1)
    for (column, row), value in zip(CELLS, faces, strict=False):
        fx, fy = x + column * FACE, y + HEIGHT - (row + 1) * FACE
        canvas.setFillColor(style.PAPER)
        canvas.rect(fx, fy, FACE, FACE, stroke=0, fill=1)
        _jugg_pips(canvas, fx, fy, value)
    for column, row in CELLS:
        fx, fy = x + column * FACE, y + HEIGHT - (row + 1) * FACE
        edges = {
            "N": (fx, fy + FACE, fx + FACE, fy + FACE),
            "S": (fx, fy, fx + FACE, fy),
            "W": (fx, fy, fx, fy + FACE),
            "E": (fx + FACE, fy, fx + FACE, fy + FACE),
        }
        for side, edge in edges.items():
            dx, dy = STEP[side]
            fold = (column + dx, row + dy) in cells or (column, row, side) in tabbed
            canvas.setDash(*FOLD_DASH) if fold else canvas.setDash()
            canvas.line(*edge)
    canvas.restoreState()


def _jugg_pips(canvas: Canvas, x: float, y: float, count: int) -> None:
    """`count` jugg icons centred on a die face; a blank face stays blank."""
    if count <= 0:
        return
    size = FACE * (0.55 if count == 1 else 0.38)
    spacing = size * 1.1
    start = x + (FACE - spacing * (count - 1) - size) / 2
    for i in range(count):
        icons.jugg(canvas, start + i * spacing, y + (FACE - size) / 2, size)
