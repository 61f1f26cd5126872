"""Rules diagrams for the quick reference: arcs, flank and back attacks, movement, sight.

Each diagram is a small excerpt of the field. What it highlights is computed
by the geometry package from the rules' definitions (the `*_scene` functions,
pure and tested on their own); the drawing functions only paint a scene, so a
diagram cannot contradict the rules the validator and the board use.

Every drawing function takes a box in points (x, y = its bottom-left corner),
scales its excerpt to fit, and prints only the already-translated captions it
gets in `labels`. Captions are fitted with `fit` (by default `text.fit`; pass a
reporting fitter such as a wrapped `RenderContext.fit` to get JT901 warnings).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import shapes, style, text
from ttgbuild.packapi.hexgrid import (
    UNIT,
    Facing,
    Grid,
    Hex,
    HexLayout,
    Point,
    facing_to,
    neighbour,
    reachable,
    shortest_path,
)
from ttgbuild.packs.jugger.arcs import attack_side, facing_towards, in_front_arc, in_rear_arc
from ttgbuild.packs.jugger.model import Board, MoveType
from ttgbuild.packs.jugger.render import icons, theme
from ttgbuild.packs.jugger.sight import SightLine, has_line_of_sight, sight_lines

Fit = Callable[
    [Sequence[Sequence[text.Span]], float, float, float, float, text.Family], text.Fitted
]

TITLE = 4.2 * mm  # panel title band
LEGEND = 5.0 * mm  # legend band under a diagram
GAP = 2.5 * mm  # between panels


@dataclass(frozen=True)
class Token:
    """A hero token in a diagram."""

    hex: Hex
    side: str  # team colour: "red" or "blue"
    facing: Facing | None = None
    crouched: bool = False
    ghost: bool = False  # where a moving token started its activation


@dataclass(frozen=True)
class Scene:
    """One panel: an excerpt of hexes, their shading, tokens, moves and sight lines.

    The first token is the one the diagram is about (the viewer, the defender, the mover).
    """

    hexes: tuple[Hex, ...]
    tints: dict[Hex, str]  # hex -> legend key of its shading
    tokens: tuple[Token, ...]
    paths: tuple[tuple[Hex, ...], ...] = ()
    sight: tuple[SightLine, ...] = ()
    caption: str = ""  # label key of the panel's title, computed from the rules
    divider: tuple[Hex, Facing] | None = None  # draw the line splitting this token's arcs
    legend: tuple[str, ...] = ()  # tint keys in legend order


# --- scenes: what each diagram shows, computed from the geometry ----------------------


def _arc_tints(position: Hex, facing: Facing, hexes: Sequence[Hex]) -> dict[Hex, str]:
    tints = {}
    for hex_ in hexes:
        if in_front_arc(position, facing, hex_):
            tints[hex_] = "front"
        elif in_rear_arc(position, facing, hex_):
            tints[hex_] = "rear"
    return tints


def arc_scene() -> Scene:
    """A token facing north in the middle of a 7 x 5 excerpt, its arcs shaded."""
    grid = Grid(7, 5)
    hexes = tuple(grid.hexes())
    hero = Token((3, 2), "red", Facing.N)
    tints = _arc_tints(hero.hex, Facing.N, hexes)
    return Scene(hexes, tints, (hero,), legend=("front", "rear"), divider=(hero.hex, Facing.N))


def _attack_scene(grid: Grid, defender: Hex, start: Hex, attack_from: Hex) -> Scene:
    """An attacker walking from `start` round the defender to `attack_from`."""
    facing = Facing.N
    path = shortest_path(start, attack_from, {defender}, grid)
    assert path is not None and len(path) > 1, "the attack diagram's move must be walkable"
    hexes = tuple(grid.hexes())
    tokens = (
        Token(defender, "blue", facing),
        Token(start, "red", facing_to(path[0], path[1]), ghost=True),
        Token(attack_from, "red", facing_towards(attack_from, defender)),
    )
    side = attack_side(defender, facing, start, attack_from)
    return Scene(hexes, _arc_tints(defender, facing, hexes), tokens, (tuple(path),), caption=side)


def attack_scenes() -> tuple[Scene, Scene]:
    """Two attacks on a defender facing north, both from its rear arc: one by an
    attacker that started in its front arc (a flank attack), one by an attacker
    that started behind it (a back attack)."""
    grid = Grid(4, 4)
    defender = (1, 1)
    return (
        _attack_scene(grid, defender, start=(2, 0), attack_from=(2, 2)),
        _attack_scene(grid, defender, start=(3, 3), attack_from=(1, 2)),
    )


def reach_columns(movement: Sequence[MoveType]) -> int:
    """Columns in the movement excerpt: the longest move either side of the hero, and one more."""
    return 2 * max(move.max for move in movement) + 3


def reach_scene(movement: Sequence[MoveType], rows: int) -> Scene:
    """Hexes a hero reaches with each move type, around a wall of three tokens and a lone
    one. The excerpt is `rows` rows of an open field, wide enough for the longest move."""
    longest = max(move.max for move in movement)
    columns = reach_columns(movement)
    field_ = Grid(columns, columns + rows)  # open above and below: no edge effects
    hero = (longest + 1, (columns + rows) // 2)
    ahead = neighbour(neighbour(hero, Facing.N), Facing.N)
    wall = (neighbour(ahead, Facing.SW), ahead, neighbour(ahead, Facing.SE))
    lone = neighbour(neighbour(hero, Facing.SE), Facing.SE)
    occupied = {*wall, lone}
    top = hero[1] - rows // 2
    hexes = tuple((c, r) for c in range(columns) for r in range(top, top + rows))
    steps = reachable(hero, longest, occupied, field_)
    tints = {}
    for hex_ in hexes:
        for move in movement:
            if hex_ in steps and move.min <= steps[hex_] <= move.max:
                tints[hex_] = move.id
    tokens = (
        Token(hero, "red", Facing.N),
        *(Token(h, "blue", Facing.S) for h in sorted(occupied)),
    )
    return Scene(hexes, tints, tokens, legend=tuple(move.id for move in movement))


def _sight_scene(grid: Grid, viewer: Hex, target: Hex, other: Hex, crouched: bool) -> Scene:
    facing = facing_towards(viewer, target)
    down = {other} if crouched else set()
    occupied = {viewer, target, other}
    seen = has_line_of_sight(viewer, facing, target, occupied, down)
    lines = sight_lines(viewer, target, occupied, down)
    tokens = (
        Token(viewer, "red", facing),
        Token(target, "blue", facing_towards(target, viewer)),
        Token(other, "blue", Facing.N, crouched=crouched),
    )
    return Scene(
        tuple(grid.hexes()),
        {},
        tokens,
        sight=_shown_lines(lines),
        caption="clear" if seen else "blocked",
    )


def _shown_lines(lines: Sequence[SightLine]) -> tuple[SightLine, ...]:
    """The lines worth drawing: from the viewer's corner with the most clear lines (the
    nearest such corner), its two clearest lines to the nearest target corners."""

    def length(line: SightLine) -> float:
        return math.dist(line.start, line.end)

    def score(corner: int) -> tuple[int, float]:
        own = [line for line in lines if line.viewer_corner == corner]
        return -sum(line.clear for line in own), min(length(line) for line in own)

    corner = min({line.viewer_corner for line in lines}, key=score)
    own = sorted(
        (line for line in lines if line.viewer_corner == corner),
        key=lambda line: (not line.clear, length(line)),
    )
    return tuple(own[:2])


def sight_scenes() -> tuple[Scene, Scene]:
    """A viewer looking three hexes north past a token: standing it blocks, crouched not."""
    grid = Grid(3, 4)
    viewer, target, other = (1, 3), (1, 0), (1, 2)
    return (
        _sight_scene(grid, viewer, target, other, crouched=False),
        _sight_scene(grid, viewer, target, other, crouched=True),
    )


# --- drawing ------------------------------------------------------------------------------


def _mix(colour: Color, amount: float) -> Color:
    """`colour` at `amount` strength over white paper (flat, so it prints the same everywhere)."""
    return Color(*(1 - amount * (1 - c) for c in (colour.red, colour.green, colour.blue)))


TINTS: dict[str, Color] = {
    "front": _mix(theme.EYE_GREEN, 0.45),
    "rear": _mix(theme.EYE_RED, 0.35),
    # the field's marked areas (rulebook): start zones, corner lines, goals and centre
    "start": _mix(theme.FOCUS, 0.35),
    "corner": _mix(theme.EYE_RED, 0.75),
    "goal": theme.GOLD,
}
CROUCH = theme.COUNTER_COLOURS["crouch_template"]


def _tint(key: str, legend: Sequence[str]) -> Color:
    """An arc's colour, or a movement band's: tones of one blue, the shortest move darkest."""
    if key in TINTS:
        return TINTS[key]
    step = legend.index(key) / max(1, len(legend) - 1)
    return _mix(theme.FOCUS, 0.8 - 0.55 * step)


@dataclass(frozen=True)
class _Frame:
    """Maps the unit layout (y down) into a box on the page, scaled to fit and centred."""

    left: float
    top: float
    scale: float
    min_x: float
    min_y: float

    @classmethod
    def fit(cls, hexes: Sequence[Hex], x: float, y: float, w: float, h: float) -> _Frame:
        points = [p for hex_ in hexes for p in UNIT.corners(*hex_)]
        min_x, max_x = min(p[0] for p in points), max(p[0] for p in points)
        min_y, max_y = min(p[1] for p in points), max(p[1] for p in points)
        scale = min(w / (max_x - min_x), h / (max_y - min_y))
        left = x + (w - (max_x - min_x) * scale) / 2
        top = y + h - (h - (max_y - min_y) * scale) / 2
        return cls(left, top, scale, min_x, min_y)

    def at(self, point: Point) -> Point:
        return self.left + (point[0] - self.min_x) * self.scale, self.top - (
            point[1] - self.min_y
        ) * self.scale

    def centre(self, hex_: Hex) -> Point:
        return self.at(UNIT.centre(*hex_))


def _draw_scene(canvas: Canvas, scene: Scene, x: float, y: float, w: float, h: float) -> None:
    frame = _Frame.fit(scene.hexes, x, y, w, h)
    r = frame.scale  # a hex's radius on the page
    canvas.saveState()
    line_width = max(0.3, min(0.6, r * 0.06))
    for hex_ in scene.hexes:
        fill = _tint(scene.tints[hex_], scene.legend) if hex_ in scene.tints else theme.PITCH
        shapes.polygon(
            canvas, [frame.at(p) for p in UNIT.corners(*hex_)], fill, theme.HEX_LINE, line_width
        )
    if scene.divider is not None:
        _divider(canvas, frame, scene, *scene.divider)
    for token in scene.tokens:
        _token(canvas, frame, token, r)
    for sight in scene.sight:  # over the tokens: a blocked line visibly runs into one
        _sight_line(canvas, frame, sight, r)
    for path in scene.paths:
        _arrow(canvas, [frame.centre(h) for h in path], r)
    canvas.restoreState()


def _divider(canvas: Canvas, frame: _Frame, scene: Scene, hex_: Hex, facing: Facing) -> None:
    """The dashed line through a token's centre, square to its facing: the arcs' border.

    Cut to the scene's box by arithmetic rather than a clip path, so no stroke
    runs on, unseen, to the page edge (a print shop's preflight sees it).
    """
    cx, cy = frame.centre(hex_)
    ux, uy = facing.vector[1], facing.vector[0]  # square to the facing (y grows upwards)
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    corners = [frame.at(p) for h in scene.hexes for p in UNIT.corners(*h)]
    left, right = min(p[0] for p in corners), max(p[0] for p in corners)
    bottom, top = min(p[1] for p in corners), max(p[1] for p in corners)
    low, high = _within(cx, ux, left, right), _within(cy, uy, bottom, top)
    start, end = max(low[0], high[0]), min(low[1], high[1])
    canvas.saveState()
    canvas.setStrokeColor(style.INK)
    canvas.setLineWidth(0.7)
    canvas.setDash(3, 2)
    canvas.line(cx + ux * start, cy + uy * start, cx + ux * end, cy + uy * end)
    canvas.restoreState()


def _within(origin: float, step: float, low: float, high: float) -> tuple[float, float]:
    """The range of t for which origin + t * step lies between low and high."""
    if abs(step) < 1e-9:
        return -math.inf, math.inf
    ends = sorted(((low - origin) / step, (high - origin) / step))
    return ends[0], ends[1]


def _token(canvas: Canvas, frame: _Frame, token: Token, r: float) -> None:
    """A round token in its team's colour. The side of its hex it faces is drawn green (the
    printed token's green eye) and a white arrowhead points across it."""
    cx, cy = frame.centre(token.hex)
    colour = theme.TEAM_COLOURS.get(token.side, style.INK)
    disc = r * (0.5 if token.crouched else 0.62)
    if token.crouched:
        corners = [frame.at(p) for p in UNIT.corners(*token.hex)]
        inset = [(cx + (px - cx) * 0.86, cy + (py - cy) * 0.86) for px, py in corners]
        shapes.polygon(canvas, inset, CROUCH, style.MUTED, 0.4)
    if token.ghost:
        canvas.setDash(1.2, 1.2)
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(0.8)
        canvas.circle(cx, cy, disc, stroke=1, fill=0)
        canvas.setDash()
        return
    if token.facing is not None:
        (ax, ay), (bx, by) = (frame.at(p) for p in UNIT.side(token.hex, token.facing))
        inset = 0.12  # keep the mark inside the hex, clear of the neighbour's corners
        canvas.setStrokeColor(theme.EYE_GREEN)
        canvas.setLineWidth(max(1.0, r * 0.16))
        canvas.line(
            ax + (cx - ax) * inset + (bx - ax) * inset,
            ay + (cy - ay) * inset + (by - ay) * inset,
            bx + (cx - bx) * inset + (ax - bx) * inset,
            by + (cy - by) * inset + (ay - by) * inset,
        )
    canvas.setFillColor(colour)
    canvas.setStrokeColor(style.PAPER)
    canvas.setLineWidth(0.6)
    canvas.circle(cx, cy, disc, stroke=1, fill=1)
    if token.facing is not None:
        dx, dy = token.facing.vector[0], -token.facing.vector[1]  # page y is up

        def at(along: float, across: float) -> Point:
            return cx + (dx * along - dy * across) * disc, cy + (dy * along + dx * across) * disc

        head = [at(0.8, 0), at(-0.45, 0.5), at(-0.15, 0), at(-0.45, -0.5)]
        shapes.polygon(canvas, head, style.PAPER, None)


def _arrow(canvas: Canvas, points: Sequence[Point], r: float) -> None:
    """A move through hex centres, stopping short of the token it ends at, with a head."""
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = math.dist((ax, ay), (bx, by))
    ux, uy = (bx - ax) / length, (by - ay) / length
    end = (bx - ux * r * 0.7, by - uy * r * 0.7)
    start = points[0]
    (sx, sy), (nx, ny) = start, points[1]
    first = math.dist(start, points[1])
    start = (sx + (nx - sx) / first * r * 0.62, sy + (ny - sy) / first * r * 0.62)
    canvas.setStrokeColor(style.INK)
    canvas.setLineWidth(max(0.7, r * 0.1))
    path = canvas.beginPath()
    path.moveTo(*start)
    for point in points[1:-1]:
        path.lineTo(*point)
    head = r * 0.35
    path.lineTo(end[0] - ux * head * 0.6, end[1] - uy * head * 0.6)
    canvas.drawPath(path, stroke=1, fill=0)
    wing = head * 0.55
    tri = [
        end,
        (end[0] - ux * head - uy * wing, end[1] - uy * head + ux * wing),
        (end[0] - ux * head + uy * wing, end[1] - uy * head - ux * wing),
    ]
    shapes.polygon(canvas, tri, style.INK, None)


def _sight_line(canvas: Canvas, frame: _Frame, sight: SightLine, r: float) -> None:
    """A clear line in green; a blocked one dashed in red. Dots mark the corners it joins."""
    start, end = frame.at(sight.start), frame.at(sight.end)
    colour = theme.EYE_GREEN if sight.clear else theme.EYE_RED
    canvas.setLineWidth(max(0.6, r * 0.08))
    canvas.setStrokeColor(colour)
    if not sight.clear:
        canvas.setDash(2, 1.5)
    canvas.line(*start, *end)
    canvas.setDash()
    canvas.setFillColor(colour)
    for point in (start, end):
        canvas.circle(*point, max(0.7, r * 0.07), stroke=0, fill=1)


def _caption(
    canvas: Canvas,
    label: str,
    x: float,
    y: float,
    w: float,
    h: float,
    fit: Fit,
    bold: bool = False,
    align: str = "left",
) -> None:
    """A one-line caption, vertically centred in its box."""
    block = fit([text.spans(label, bold=bold)], w, h, 7.5, 5, text.CONDENSED)
    canvas.setFillColor(style.INK)
    top = y + (h + block.height) / 2
    text.draw(canvas, block, x, top, text.CONDENSED, icons.INLINE.draw, align, w)


def _legend(
    canvas: Canvas,
    entries: Sequence[tuple[Color, str]],
    x: float,
    y: float,
    w: float,
    h: float,
    fit: Fit,
) -> None:
    """Swatches with captions, side by side in equal slots."""
    slot = w / len(entries)
    swatch = min(h * 0.7, 3.2 * mm)
    for i, (colour, label) in enumerate(entries):
        left = x + i * slot
        cx, cy = left + swatch / 2, y + h / 2
        layout = HexLayout(swatch / 2)
        ox, oy = layout.centre(0, 0)
        corners = [(cx + px - ox, cy - (py - oy)) for px, py in layout.corners(0, 0)]
        # Outlined darker than the pitch's hexes: a pale swatch alone hardly shows on paper.
        shapes.polygon(canvas, corners, colour, style.MUTED, 0.5)
        _caption(canvas, label, left + swatch + 1 * mm, y, slot - swatch - 1.5 * mm, h, fit)


def _scene_with_legend(
    canvas: Canvas,
    scene: Scene,
    entries: Sequence[tuple[Color, str]],
    x: float,
    y: float,
    w: float,
    h: float,
    fit: Fit,
) -> None:
    """A scene filling the box above a one-line legend of its colours."""
    _draw_scene(canvas, scene, x, y + LEGEND, w, h - LEGEND - 1 * mm)
    _legend(canvas, entries, x, y, w, LEGEND, fit)


def _panels(
    canvas: Canvas,
    scenes: Sequence[Scene],
    labels: dict[str, str],
    x: float,
    y: float,
    w: float,
    h: float,
    fit: Fit,
    bottom: float = 0.0,
) -> None:
    """Scenes side by side, each under its computed title; `bottom` is kept free below."""
    width = (w - GAP * (len(scenes) - 1)) / len(scenes)
    for i, scene in enumerate(scenes):
        left = x + i * (width + GAP)
        _caption(
            canvas, labels[scene.caption], left, y + h - TITLE, width, TITLE, fit, True, "center"
        )
        _draw_scene(canvas, scene, left, y + bottom, width, h - TITLE - bottom - 1 * mm)


# --- the diagrams -------------------------------------------------------------------------


def front_rear_arc(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: dict[str, str],
    fit: Fit = text.fit,
) -> None:
    """A token facing north with its front arc and rear arc shaded.

    labels: "front" (the front arc's caption), "rear" (the rear arc's).
    """
    scene = arc_scene()
    entries = [(TINTS[key], labels[key]) for key in scene.legend]
    _scene_with_legend(canvas, scene, entries, x, y, w, h, fit)


def flank_and_back(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: dict[str, str],
    fit: Fit = text.fit,
) -> None:
    """Two attacks from the rear arc (arrows show the attacker's move, the dashed ring
    where it started): from the front arc round to the rear (flank), and from the rear.

    labels: "flank", "back" (panel titles), "front", "rear" (the defender's arcs).
    """
    scenes = attack_scenes()
    _panels(canvas, scenes, labels, x, y, w, h, fit, bottom=LEGEND)
    _legend(canvas, [(TINTS[key], labels[key]) for key in ("front", "rear")], x, y, w, LEGEND, fit)


def movement_reach(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: dict[str, str],
    movement: Sequence[MoveType],
    fit: Fit = text.fit,
) -> None:
    """The hexes a hero reaches with each move type, around tokens it cannot pass.

    `movement` is content/rules.yaml's movement types; each legend entry is the
    type's caption followed by its hex limits from there.
    labels: one caption per move type id (e.g. "walk", "run", "sprint").
    """
    area_h = h - LEGEND - 1 * mm
    width_units = 1.5 * (reach_columns(movement) - 1) + 2  # hex radii across the excerpt
    rows = max(3, int(area_h / (w / width_units) / math.sqrt(3) - 0.5))
    scene = reach_scene(movement, rows)
    _draw_scene(canvas, scene, x, y + LEGEND, w, area_h)
    entries = [
        (_tint(move.id, scene.legend), f"{labels[move.id]} {move.min}\u2013{move.max}")
        for move in movement
    ]
    _legend(canvas, entries, x, y, w, LEGEND, fit)


def line_of_sight(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: dict[str, str],
    fit: Fit = text.fit,
) -> None:
    """Sight lines from corner to corners past a token: standing it blocks them, crouched
    (on its template) it does not.

    labels: "blocked", "clear" (panel titles).
    """
    _panels(canvas, sight_scenes(), labels, x, y, w, h, fit)


# --- the rulebook's extra diagrams ----------------------------------------------------------


def example_scene(reach: int) -> Scene:
    """An attacker `reach` hexes north of a defender, the two facing each other; the
    attacker's front arc is shaded, so the defender is seen to stand in it."""
    grid = Grid(5, reach + 3)
    defender, attacker = (2, reach + 1), (2, 1)
    hexes = tuple(grid.hexes())
    tints = {h: "front" for h in hexes if in_front_arc(attacker, Facing.S, h)}
    tokens = (Token(attacker, "red", Facing.S), Token(defender, "blue", Facing.N))
    return Scene(hexes, tints, tokens, legend=("front",), divider=(attacker, Facing.S))


def combat_example(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: dict[str, str],
    reach: int,
    fit: Fit = text.fit,
) -> None:
    """The rulebook's worked example: the attacker (red) `reach` hexes from the defender.

    labels: "attacker", "target" (legend captions in the teams' colours), "front"
    (the attacker's front arc).
    """
    entries = [
        (theme.TEAM_COLOURS["red"], labels["attacker"]),
        (theme.TEAM_COLOURS["blue"], labels["target"]),
        (TINTS["front"], labels["front"]),
    ]
    _scene_with_legend(canvas, example_scene(reach), entries, x, y, w, h, fit)


def field_scene(board: Board) -> Scene:
    """The whole field: start zones, goals, the centre and the corner lines shaded."""
    hexes = tuple(Grid(board.columns, board.rows).hexes())
    tints: dict[Hex, str] = {}
    for zone in board.start_zones.values():
        for hex_ in zone.hexes():
            tints[hex_] = "start"
    for line_ in board.corner_lines:
        for hex_ in line_:
            tints[hex_] = "corner"
    for goal in board.goals.values():
        tints[goal] = "goal"
    tints[board.centre] = "goal"
    return Scene(hexes, tints, (), legend=("start", "corner", "goal"))


def field_corners(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: dict[str, str],
    board: Board,
    fit: Fit = text.fit,
) -> None:
    """The field from content/board.yaml with its marked areas, for the boundary rules.

    labels: "start" (start zones), "corner" (corner lines), "goal" (goals and centre).
    """
    scene = field_scene(board)
    entries = [(TINTS[key], labels[key]) for key in scene.legend]
    _scene_with_legend(canvas, scene, entries, x, y, w, h, fit)
