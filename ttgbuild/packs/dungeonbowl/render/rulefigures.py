"""rules.pdf: the complete rules of play, a sheet file in book mode with the pack's diagrams.

The words are data (data/sheets/rules.sheet.yaml), flowed over as many pages
as they need by the engine's book mode (render/booksheet.py). The pack draws
the book itself only to hand it its diagrams, each drawn from the dungeon's
square grid and the dice the content names: a tackle zone beside a wall, the
scatter template (one neighbouring square per face of the scatter die), the
rebound template off a wall (the rebound die's faces shared out over the
three squares away from the wall) and the squares a push may go to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts
from ttgbuild.packapi.booksheet import render_book
from ttgbuild.packapi.content import kinds
from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packapi.flow import Figure, FigureMaker
from ttgbuild.packs.dungeonbowl import PACK, dice
from ttgbuild.packs.dungeonbowl.functions import FUNCTIONS
from ttgbuild.packs.dungeonbowl.render.paper import FLOOR, INK, STONE, TORCH

SHEET = "rules"
BALL = HexColor("#8b5a2b")
ZONE = HexColor("#efc9a4")  # a tackle zone or a square a push may reach: light torch
SQUARE = 7 * mm  # a diagram square
HEIGHT = 3 * SQUARE + 6 * mm
# The eight neighbours of a square as (column, row) steps, row 0 at the top, in reading
# order: the scatter template numbers them 1..8 in this order.
NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
AWAY = ((-1, 1), (0, 1), (1, 1))  # the squares away from a wall above, left to right
Draw = Callable[[Canvas, float, float, float, float], None]


def render(ctx: RenderContext) -> bytes:
    """The book; its expressions see what the other sheets' do (content kinds, functions)."""
    names = {**FUNCTIONS, **kinds(ctx.content)}
    return render_book(ctx, PACK, SHEET, figures=figures(ctx), names=names)


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    """The book's diagrams by the names the sheet file uses, drawn from the content's dice."""
    play = ctx.content.game["play"]
    scatter_faces = dice.parse(str(play["scatter_die"]))[1]
    rebound_faces = dice.parse(str(play["wall_rebound_die"]))[1]

    def made(draw: Callable[[Canvas, tuple[float, float, float, float], Mapping[str, str]], None]):
        def maker(labels: Mapping[str, str]) -> Figure:
            return Figure(HEIGHT, lambda c, x, y, w, h: draw(c, (x, y, w, h), labels))

        return maker

    return {
        "tackle_zone": made(tackle_zone),
        "push_back": made(push_back),
        "scatter_template": made(
            lambda c, box, labels: scatter_template(c, box, labels, scatter_faces)
        ),
        "rebound_template": made(
            lambda c, box, labels: rebound_template(c, box, labels, rebound_faces)
        ),
    }


def shares(faces: int, parts: int) -> list[tuple[int, int]]:
    """A die's faces 1..faces shared out in order over `parts` directions as (low, high),
    as evenly as they go (a D6 over three squares: 1-2, 3-4, 5-6)."""
    bounds = [round(faces * i / parts) for i in range(parts + 1)]
    return [(bounds[i] + 1, bounds[i + 1]) for i in range(parts)]


def _grid(
    canvas: Canvas,
    origin: tuple[float, float],
    size: tuple[int, int],
    fills: Mapping[tuple[int, int], Color],
) -> Callable[[int, int], tuple[float, float]]:
    """Squares `size` (columns, rows) from `origin` (top left), each filled from `fills`
    (floor otherwise); returns the centre of a square by (column, row)."""
    left, top = origin
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor(STONE)
    for column in range(size[0]):
        for row in range(size[1]):
            canvas.setFillColor(fills.get((column, row), FLOOR))
            x, y = left + column * SQUARE, top - (row + 1) * SQUARE
            canvas.rect(x, y, SQUARE, SQUARE, fill=1, stroke=1)

    def centre(column: int, row: int) -> tuple[float, float]:
        return left + (column + 0.5) * SQUARE, top - (row + 0.5) * SQUARE

    return centre


def _token(canvas: Canvas, at: tuple[float, float], fill: Color, mark: str = "") -> None:
    """A round token in a square, with a letter or number on it."""
    canvas.setFillColor(fill)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.7)
    canvas.circle(at[0], at[1], SQUARE * 0.34, fill=1, stroke=1)
    if mark:
        _centred(canvas, at, mark, HexColor("#ffffff"), 7, fonts.BOLD)


def _centred(
    canvas: Canvas, at: tuple[float, float], words: str, colour: Color, size: float, font: str
) -> None:
    canvas.setFillColor(colour)
    canvas.setFont(font, size)
    canvas.drawCentredString(at[0], at[1] - size * 0.35, words)


def _legend(
    canvas: Canvas, left: float, top: float, width: float, entries: Sequence[tuple[Color, str]]
) -> None:
    """A swatch and its label per line, the label shrunk to fit the room beside the grid."""
    for index, (colour, words) in enumerate(entries):
        y = top - index * 5 * mm
        canvas.setFillColor(colour)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.5)
        canvas.rect(left, y - 3 * mm, 3 * mm, 3 * mm, fill=1, stroke=1)
        room = max(width - 5 * mm, 1.0)
        size = min(7.5, 7.5 * room / max(fonts.width(words, fonts.REGULAR, 7.5), 1.0))
        canvas.setFillColor(INK)
        canvas.setFont(fonts.REGULAR, size)
        canvas.drawString(left + 4.5 * mm, y - 2.4 * mm, words)


def tackle_zone(
    canvas: Canvas, box: tuple[float, float, float, float], labels: Mapping[str, str]
) -> None:
    """A player beside a wall: its tackle zone is the floor squares around it, never a wall."""
    x, y, w, h = box
    top = y + h - 3 * mm
    walls = {(0, row): STONE for row in range(3)}
    zone = {(1 + dc, 1 + dr): ZONE for dc, dr in NEIGHBOURS if 1 + dc > 0}
    centre = _grid(canvas, (x, top), (4, 3), {**walls, **zone})
    _token(canvas, centre(1, 1), TORCH)
    legend = x + 4 * SQUARE + 4 * mm
    entries = [(TORCH, labels["player"]), (ZONE, labels["zone"])]
    _legend(canvas, legend, top, x + w - legend, entries)


def push_back(
    canvas: Canvas, box: tuple[float, float, float, float], labels: Mapping[str, str]
) -> None:
    """Two blocks, straight and diagonal: the three squares away from the blocker a push may use."""
    x, y, w, h = box
    top = y + h - 3 * mm
    blocker, target = marks(labels["blocker"], labels["target"])
    straight = _grid(canvas, (x, top), (3, 3), {(2, row): ZONE for row in range(3)})
    _token(canvas, straight(0, 1), INK, blocker)
    _token(canvas, straight(1, 1), TORCH, target)
    left = x + 3 * SQUARE + 4 * mm
    diagonal = _grid(canvas, (left, top), (3, 3), {(1, 0): ZONE, (2, 0): ZONE, (2, 1): ZONE})
    _token(canvas, diagonal(0, 2), INK, blocker)
    _token(canvas, diagonal(1, 1), TORCH, target)
    legend = left + 3 * SQUARE + 4 * mm
    _legend(
        canvas,
        legend,
        top,
        x + w - legend,
        [(INK, f"{blocker}: " + labels["blocker"]), (TORCH, f"{target}: " + labels["target"])],
    )


def marks(blocker: str, target: str) -> tuple[str, str]:
    """The letters on the blocker's and the target's token: each label's initial in the
    reader's language (placador → P, objetivo → O), so the legend explains them; two more
    letters where both labels start alike."""
    first, second = blocker.strip()[:1].upper(), target.strip()[:1].upper()
    if first == second:
        first, second = blocker.strip()[:2].title(), target.strip()[:2].title()
    return first, second


def scatter_template(
    canvas: Canvas, box: tuple[float, float, float, float], labels: Mapping[str, str], faces: int
) -> None:
    """The ball's square and its neighbours, each numbered by the scatter die face that
    sends the ball there; the top of the dungeon map is up."""
    x, y, w, h = box
    top = y + h - 3 * mm
    left = x + 2 * mm
    centre = _grid(canvas, (left, top), (3, 3), {})
    for face, (dc, dr) in zip(range(1, faces + 1), NEIGHBOURS, strict=True):
        _centred(canvas, centre(1 + dc, 1 + dr), str(face), INK, 10, fonts.BOLD)
    _token(canvas, centre(1, 1), BALL)
    arrow = left + 3 * SQUARE + 6 * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1)
    canvas.line(arrow, top - 3 * SQUARE, arrow, top - 2 * mm)
    canvas.line(arrow, top - 2 * mm, arrow - 1.5 * mm, top - 4.5 * mm)
    canvas.line(arrow, top - 2 * mm, arrow + 1.5 * mm, top - 4.5 * mm)
    _legend(
        canvas,
        arrow + 3 * mm,
        top,
        x + w - arrow - 3 * mm,
        [(FLOOR, "↑ " + labels["up"]), (BALL, labels["ball"])],
    )


def rebound_template(
    canvas: Canvas, box: tuple[float, float, float, float], labels: Mapping[str, str], faces: int
) -> None:
    """A ball stopped by a wall above it: the rebound die's faces shared over the three
    squares away from the wall (turn the template so its wall lies on the real wall)."""
    x, y, w, h = box
    top = y + h - 3 * mm
    left = x + 2 * mm
    fills = {(column, 0): STONE for column in range(3)}
    centre = _grid(canvas, (left, top), (3, 3), fills)
    for (low, high), (dc, dr) in zip(shares(faces, len(AWAY)), AWAY, strict=True):
        words = str(low) if low == high else f"{low}\u2013{high}"
        _centred(canvas, centre(1 + dc, 1 + dr), words, INK, 9, fonts.BOLD)
    _token(canvas, centre(1, 1), BALL)
    legend = left + 3 * SQUARE + 4 * mm
    _legend(
        canvas,
        legend,
        top,
        x + w - legend,
        [(STONE, labels["wall"]), (BALL, labels["ball"])],
    )
