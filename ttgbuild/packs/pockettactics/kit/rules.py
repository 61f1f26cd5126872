"""rules.pdf: the complete rules of play, a sheet file in book mode with the pack's diagrams.

The words are data (data/sheets/rules.sheet.yaml), flowed over as many pages
as they need by the engine's book mode (render/booksheet.py). The pack draws
the book itself, like the reference, only to hand it its diagrams, all drawn
from the game's geometry and content: laying tiles by the front-edge rule and
where the second base goes (placement.py), the direction diagram as it lies
on the table (content's `directions` and `rulings.up`), and the worked
assault (kit/reference.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts
from ttgbuild.packapi.booksheet import render_book
from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packapi.flow import Figure, FigureMaker, shrunk
from ttgbuild.packapi.hexgrid import Cube, Facing
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.kit.art import INK, corners, hexagon
from ttgbuild.packs.pockettactics.kit.reference import direction_diagram, names
from ttgbuild.packs.pockettactics.kit.reference import figures as reference_figures
from ttgbuild.packs.pockettactics.placement import FRONT, may_lay, second_base_spots, step

SHEET = "rules"
TILE, BASE = HexColor("#cfe3a8"), HexColor("#c4c0b8")
GOOD, BAD = HexColor("#2e7d32"), HexColor("#b23a2e")
FIRST = Cube(0, 0, 0)  # the first base, at the first player's end of every diagram
# The diagrams' maps, each tile laid in this order after the first base (tests hold each
# order to the front-edge rule): a map being laid, and a finished one.
LAYING = ((Facing.N,), (Facing.N, Facing.NW), (Facing.N, Facing.N))
FINISHED = (
    (Facing.N,),
    (Facing.N, Facing.NW),
    (Facing.N, Facing.NE),
    (Facing.N, Facing.N),
    (Facing.N, Facing.NW, Facing.N),
    (Facing.N, Facing.N, Facing.N),
    (Facing.N, Facing.NE, Facing.NE),
    (Facing.N, Facing.NE, Facing.NE, Facing.NE),
)


def render(ctx: RenderContext) -> bytes:
    """The book, its expressions seeing what the reference's do (content kinds, functions)."""
    return render_book(ctx, PACK, SHEET, figures=figures(ctx), names=names(ctx.content))


def walked(path: tuple[Facing, ...]) -> Cube:
    """The hex reached from the first base by the steps of `path`."""
    hex_ = FIRST
    for facing in path:
        hex_ = step(hex_, facing)
    return hex_


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    """The book's diagrams: laying tiles, the second base, the direction die on the table,
    and the reference's worked assault."""
    directions = {int(row["face"]): str(row["edge"]) for row in ctx.content.game["directions"]}
    up = str(ctx.content.game["rulings"]["up"])

    def laying(labels: Mapping[str, str]) -> Figure:
        return Figure(52 * mm, lambda c, x, y, w, h: tile_laying(c, (x, y, w, h), labels))

    def second(labels: Mapping[str, str]) -> Figure:
        return Figure(58 * mm, lambda c, x, y, w, h: second_base(c, (x, y, w, h), labels))

    def on_table(labels: Mapping[str, str]) -> Figure:
        return Figure(
            48 * mm, lambda c, x, y, w, h: table_directions(c, (x, y, w, h), directions, up, labels)
        )

    return {
        "tile_laying": laying,
        "second_base": second,
        "table_directions": on_table,
        "worked_example": reference_figures(ctx)["worked_example"],
    }


Box = tuple[float, float, float, float]


def _frame(hexes: list[Cube], box: Box, room: float) -> tuple[float, float, float]:
    """Circumradius and the page point of the cube origin that fit `hexes` in `box` above
    `room` points of captions, centred."""
    x, y, w, h = box
    qs = [1.5 * hex_.q for hex_ in hexes]
    ys = [-math.sqrt(3) * (hex_.r + hex_.q / 2) for hex_ in hexes]
    span_x = max(qs) - min(qs) + 2
    span_y = max(ys) - min(ys) + math.sqrt(3)
    radius = min(w * 0.62 / span_x, (h - room) / span_y)
    left = x + (w * 0.62 - span_x * radius) / 2 + radius - min(qs) * radius
    bottom = y + room + (h - room - span_y * radius) / 2 + radius * math.sqrt(3) / 2
    return radius, left, bottom - min(ys) * radius


def _centre(hex_: Cube, radius: float, origin: tuple[float, float]) -> tuple[float, float]:
    """A cube hex's centre on the page: flat-topped, north (away from the first player) up."""
    return (
        origin[0] + 1.5 * radius * hex_.q,
        origin[1] - math.sqrt(3) * radius * (hex_.r + hex_.q / 2),
    )


def _edge(cx: float, cy: float, radius: float, facing: Facing) -> tuple[tuple[float, float], ...]:
    """The two corners of the side `facing` of a flat-topped hex (page y up)."""
    around = corners(cx, cy, radius)  # counter-clockwise from the right-hand corner
    index = {Facing.NE: 0, Facing.N: 1, Facing.NW: 2, Facing.SW: 3, Facing.S: 4, Facing.SE: 5}
    k = index[facing]
    return around[k], around[(k + 1) % 6]


def _map(
    canvas: Canvas, laid: list[Cube], radius: float, origin: tuple[float, float], front: bool
) -> None:
    """The first base and the laid tiles; with `front`, each tile's front edges thick."""
    canvas.setStrokeColor(INK)
    for hex_ in laid:
        cx, cy = _centre(hex_, radius, origin)
        canvas.setFillColor(BASE if hex_ == FIRST else TILE)
        canvas.setLineWidth(0.6)
        hexagon(canvas, cx, cy, radius * 0.97, 1, 1)
        if front:
            canvas.setLineWidth(2.2)
            for facing in FRONT:
                if step(hex_, facing) not in laid:
                    start, end = _edge(cx, cy, radius * 0.97, facing)
                    canvas.line(*start, *end)


def _mark(
    canvas: Canvas, cx: float, cy: float, radius: float, good: bool, sign: bool = True
) -> None:
    """A free spot, dashed: a tick where a tile may go, a cross where it may not (no sign
    when `sign` is false: the spot shows a number instead)."""
    canvas.setStrokeColor(GOOD if good else BAD)
    canvas.setLineWidth(0.7)
    canvas.setDash(2, 1.5)
    hexagon(canvas, cx, cy, radius * 0.9, 0, 1)
    canvas.setDash()
    canvas.setLineWidth(1.6)
    k = radius * 0.3
    if not sign:
        return
    if good:
        tick = [
            (cx - k, cy, cx - k * 0.3, cy - k * 0.7),
            (cx - k * 0.3, cy - k * 0.7, cx + k, cy + k * 0.8),
        ]
        canvas.lines(tick)
    else:
        canvas.lines([(cx - k, cy - k, cx + k, cy + k), (cx - k, cy + k, cx + k, cy - k)])


def _caption(canvas: Canvas, words: str, x: float, y: float, width: float) -> None:
    """A short caption from (x, y), shrunk (not cut) to `width`."""
    canvas.setFillColor(INK)
    canvas.setFont(fonts.REGULAR, shrunk(words, fonts.REGULAR, 8, 5, width))
    canvas.drawString(x, y, words)


def _key(canvas: Canvas, box: Box, labels: Mapping[str, str], rows: list[tuple[str, str]]) -> None:
    """The key at the right of a map diagram: a small sample and its words per row."""
    x, y, w, h = box
    left = x + w * 0.6
    for index, (sample, label) in enumerate(rows):
        row_y = y + h - (index + 1) * 9 * mm
        cx, cy, r = left + 3 * mm, row_y + 1.2 * mm, 2.6 * mm
        if sample == "front":
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(2.2)
            canvas.line(cx - r, cy, cx + r, cy)
        elif sample in ("allowed", "refused", "nearer"):
            _mark(canvas, cx, cy, r * 1.1, sample != "refused", sample != "nearer")
        else:
            canvas.setFillColor(BASE if sample == "base" else TILE)
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(0.6)
            hexagon(canvas, cx, cy, r, 1, 1)
        _caption(canvas, labels.get(label, ""), left + 7.5 * mm, row_y, w * 0.4 - 7.5 * mm)


def tile_laying(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """A map being laid: the first base, three tiles, their front edges thick, and every free
    hex beside them marked as the front-edge rule allows or refuses it."""
    laid = [FIRST, *(walked(path) for path in LAYING)]
    spots = sorted({step(hex_, f) for hex_ in laid for f in Facing} - set(laid))
    spots = [spot for spot in spots if spot.r + spot.q / 2 <= 0]  # not behind the first base
    radius, *origin = _frame(laid + spots, box, 6 * mm)
    centre = (origin[0], origin[1])
    _map(canvas, laid, radius, centre, front=True)
    for spot in spots:
        _mark(canvas, *_centre(spot, radius, centre), radius, may_lay(spot, set(laid)))
    x, y, w, _h = box
    bx, _by = _centre(FIRST, radius, centre)
    _caption(canvas, labels.get("first", ""), max(x, bx - radius * 1.5), y + 1 * mm, w * 0.6)
    rows = [("front", "front"), ("allowed", "allowed"), ("refused", "refused")]
    _key(canvas, box, labels, rows)


def second_base(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """A finished map: the places the second base may go, each with its distance in steps
    from the first base; the farthest, drawn as the base, is where it goes."""
    tiles = [walked(path) for path in FINISHED]
    spots = second_base_spots(FIRST, tiles)
    radius, *origin = _frame([FIRST, *tiles, *(s for s, _d in spots)], box, 6 * mm)
    centre = (origin[0], origin[1])
    _map(canvas, [FIRST, *tiles], radius, centre, front=False)
    farthest = max((d for _s, d in spots), default=0)
    for spot, steps in spots:
        cx, cy = _centre(spot, radius, centre)
        if steps == farthest:
            canvas.setFillColor(BASE)
            canvas.setStrokeColor(GOOD)
            canvas.setLineWidth(1.4)
            hexagon(canvas, cx, cy, radius * 0.92, 1, 1)
        else:
            _mark(canvas, cx, cy, radius, True, sign=False)
        canvas.setFillColor(INK)
        canvas.setFont(fonts.BOLD, radius * 0.7)
        canvas.drawCentredString(cx, cy - radius * 0.25, str(steps))
    x, y, w, _h = box
    bx, _by = _centre(FIRST, radius, centre)
    _caption(canvas, labels.get("first", ""), max(x, bx - radius * 1.5), y + 1 * mm, w * 0.6)
    rows = [("base", "second"), ("nearer", "steps")]
    _key(canvas, box, labels, rows)


def table_directions(
    canvas: Canvas,
    box: Box,
    directions: Mapping[int, str],
    up: str,
    labels: Mapping[str, str],
) -> None:
    """The direction diagram as it lies on the table: face 1's edge points away from the
    first player's seat (`up` first-player) or from the seat of the unit's owner (`owner`),
    with that seat drawn as the table's edge below it."""
    x, y, w, h = box
    away, seat = ("away", "seat") if up == "first-player" else ("towards", "own")
    room = 7 * mm
    direction_diagram(canvas, x, y + room, w, h - 2 * room, directions)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    canvas.line(x + w * 0.2, y + room * 0.75, x + w * 0.8, y + room * 0.75)  # the table's edge
    top = y + h - room * 0.55
    canvas.line(x + w * 0.5, top - 1.5 * mm, x + w * 0.5, top + 2.5 * mm)
    canvas.line(x + w * 0.5, top + 2.5 * mm, x + w * 0.5 - 1.2 * mm, top + 1.2 * mm)
    canvas.line(x + w * 0.5, top + 2.5 * mm, x + w * 0.5 + 1.2 * mm, top + 1.2 * mm)
    _centred(canvas, labels.get(away, ""), x + w * 0.5, top - 0.5 * mm, w * 0.48, right=True)
    _centred(canvas, labels.get(seat, ""), x + w * 0.5, y + 0.5 * mm, w * 0.6)


def _centred(
    canvas: Canvas, words: str, cx: float, y: float, width: float, right: bool = False
) -> None:
    """A caption centred on `cx`, or (`right`) starting just right of it."""
    size = shrunk(words, fonts.REGULAR, 8, 5, width)
    canvas.setFillColor(INK)
    canvas.setFont(fonts.REGULAR, size)
    if right:
        canvas.drawString(cx + 2.5 * mm, y, words)
    else:
        canvas.drawCentredString(cx, y, words)
