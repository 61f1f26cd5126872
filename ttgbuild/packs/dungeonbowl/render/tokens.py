"""tokens.pdf: fold-over player tokens, portal, chest and ball tokens, per-turn action
markers (as many per action as its per_turn limit, so no heading restates that
number), block-die nets, the range ruler and the turn track.

A fold-over token is two squares side by side: cut the pair out, fold on the
middle line, glue. Each sheet's pairs are a block on shared cut lines and the
block dice are nets with glue tabs, both the engine's (render/layout/
cutsheet.py, dicenet.py): cut solid, fold dashed, as in every kit. A
player's front is its standing side; its back is the prone side, with
"stunned" printed upside down along the other edge, so the token is turned
to show which. Chest tokens hide the ball or nothing on their back. Counts
come from content: a team's tokens are its positions up to their limits (at
most the roster's size), the markers game.kit.markers, the block dice
game.kit.block_dice, the chests game.kit.chest_tokens.

The two sides of a match are team A and team B everywhere in the kit (dugout
mats, action markers, turn track), and every team's player tokens come in
both sets: in a mirror match both coaches play the same team and must still
tell their players apart. Set A is the team colour, set B that colour taken
far towards white or black (`side_fills`), so the two stay apart in a
greyscale print; each face also carries its set's letter on a badge that is
white for A and ink for B, which an ink-saver print keeps as it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet, dicenet
from ttgbuild.packapi.cutsheet import Cell, Drawn
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.ink import contrast
from ttgbuild.packs.dungeonbowl.render import paper, turntrack

TOKEN = 20 * mm  # one side of a player, portal or chest token
GAP = 3 * mm
DIE = 16 * mm  # a block die's face
MINUS = "\u2212"  # a printed minus sign, not a hyphen
RULER_H = 12 * mm  # a range ruler piece's height
TAB = 8 * mm  # the glue tab at the start of a ruler piece that continues another
SUBHEAD = 10 * mm  # the heading of a token sheet sharing a page with the one above, and its gap
PLATE = (17 * mm, 12 * mm)  # the white name plate of a standing player token
# How far set B's colour goes from the team colour towards white or black: at 0.7 the two
# differ by a contrast of at least 3 (WCAG's for shapes) for any team colour, so they
# stay apart when printed in grey.
SIDE_MIX = 0.7
BADGE = 4.5 * mm  # the set letter's badge in a player token's corner


def render(ctx: RenderContext) -> bytes:
    tr = ctx.tr
    canvas, buffer = new_canvas(ctx.settings.page, "Dungeon Bowl", "tokens", tr.locale)
    # Translators: {team} is a team's name, {side} the letter (A or B) of the side of a match
    # that plays with this set of tokens.
    title = tr.pgettext("token sheet", "{team}: tokens of team {side}")
    sheets = [
        (
            tr.fill(
                title, {"team": tr.content("team", team["id"], "name", team["name"]), "side": side}
            ),
            list(_player_pairs(ctx, canvas, team, side)),
            team.origin,
        )
        for team in ctx.content.teams
        for side in paper.SIDES
    ]
    sheets.append(
        (
            tr.pgettext("token sheet", "Portals, chests and the ball"),
            list(_dungeon_pairs(ctx, canvas)),
            ctx.content.dungeon.origin,
        )
    )
    sheets.append(
        (
            tr.pgettext("token sheet", "Per-turn markers: actions and the dugout teleport"),
            list(_marker_pairs(ctx, canvas)),
            ctx.content.game.origin,
        )
    )
    _pages(ctx, canvas, sheets)
    _dice_page(ctx, canvas)
    return finish(canvas, buffer)


def _pages(ctx: RenderContext, canvas: Canvas, sheets: list[tuple[str, list[Cell], Any]]) -> None:
    """Each sheet's fold-over pairs on shared cuts under its heading, as few pages as they need.

    A sheet that fits whole below the one before it shares that sheet's page
    under a smaller heading (two teams' tokens fill an A4 or Letter page
    instead of each leaving half of one empty); one that does not starts a
    page, and a sheet longer than a page goes on over as many as it needs.
    """
    width, height = ctx.settings.page
    first = height - paper.MARGIN - 12 * mm
    floor = paper.MARGIN + 4 * mm  # above the ruler and the 100 % note
    face, across = (TOKEN, TOKEN), width - 2 * paper.MARGIN
    top: float | None = None  # where the next sheet may start on this page; None: new page
    for title, cells, origin in sheets:
        where = (origin, "token sheet", "heading")
        blocks = cutsheet.blocks(cells, face, across, [first - floor], fold=True)
        if top is not None and len(blocks) == 1 and top - SUBHEAD - blocks[0].height >= floor:
            box = (paper.MARGIN, top - SUBHEAD, across, SUBHEAD - 2 * mm)
            paper.label(ctx, canvas, title, box, (12, 8), where, bold=True, align="left")
            bottom = top - SUBHEAD - blocks[0].height
            cutsheet.paint(ctx, canvas, cutsheet.DRAWN, blocks[0], paper.MARGIN, bottom)
            top = bottom
            continue
        for block in blocks:
            if top is not None:
                paper.end_page(ctx, canvas)
            paper.heading(ctx, canvas, title, where)
            cutsheet.paint(ctx, canvas, cutsheet.DRAWN, block, paper.MARGIN, first - block.height)
            top = first - block.height
    if top is not None:
        paper.end_page(ctx, canvas)


def side_fills(colour: Color) -> dict[str, Color]:
    """Each side's token colour: A the team colour, B mixed SIDE_MIX of the way to white or
    to black, whichever stands further from it."""
    mixes = [
        Color(*(value + (end - value) * SIDE_MIX for value in colour.rgb())) for end in (0.0, 1.0)
    ]
    first, second = paper.SIDES
    return {first: colour, second: max(mixes, key=lambda mixed: contrast(mixed, colour))}


def _player_pairs(ctx: RenderContext, canvas: Canvas, team: Any, side: str) -> Iterator[Cell]:
    tr = ctx.tr
    fill = side_fills(paper.colour(team["colour"]))[side]
    most = ctx.content.game["roster"]["max_players"]
    prone = tr.pgettext("player token", "Prone")
    stunned = tr.pgettext("player token", "Stunned")
    for position in team["positions"]:
        name = tr.content("positions", position["id"], "name", position["name"])
        where = (position.origin, "player token", "name")
        stats = "  ".join(
            f"{c['short']} {position[c['id']]}" for c in ctx.content.game["characteristics"][:2]
        )
        count = min(position["most"], most)
        for number in range(1, count + 1):
            # Players of one position differ on the roster (injuries, reductions): each
            # token carries its own number, which the coach writes beside the player's name.
            shown = f"{name} {number}" if count > 1 else name
            yield Cell(
                _standing(ctx, canvas, fill, shown, stats, side, where),
                _down(ctx, canvas, shown, prone, stunned, side, where),
            )


def _standing(
    ctx: RenderContext,
    canvas: Canvas,
    fill: Any,
    name: str,
    stats: str,
    side: str,
    where: tuple,
) -> Drawn:
    def face(box: tuple[float, float, float, float]) -> None:
        x, y, _w, _h = box
        canvas.setFillColor(fill)
        canvas.rect(x, y, TOKEN, TOKEN, fill=1, stroke=0)
        # The name on a white plate as wide as the token allows, in up to two lines: on a
        # disc, a long name ran over its edge onto the team colour, dark on dark.
        plate_x, plate_y = x + (TOKEN - PLATE[0]) / 2, y + TOKEN - 1.5 * mm - PLATE[1]
        canvas.setFillColor(paper.PAPER)
        canvas.roundRect(plate_x, plate_y, *PLATE, 2 * mm, fill=1, stroke=0)
        inner = (plate_x + 1 * mm, plate_y + 1 * mm, PLATE[0] - 2 * mm, PLATE[1] - 2 * mm)
        words = paper.hyphen_break(name, inner[2], 7)
        paper.label(ctx, canvas, words, inner, (8, 4.5), where, bold=True)
        paper.badge(ctx, canvas, side, x + 0.75 * mm, y + 0.75 * mm, BADGE)
        paper.label(
            ctx,
            canvas,
            stats,
            (x + BADGE + 1 * mm, y + 1 * mm, TOKEN - BADGE - 1.5 * mm, 4 * mm),
            (6, 4.5),
            where,
            colour=paper.ink_on(fill),
        )

    return Drawn(face, fill)


def _down(
    ctx: RenderContext,
    canvas: Canvas,
    name: str,
    prone: str,
    stunned: str,
    side: str,
    where: tuple,
) -> Drawn:
    def face(box: tuple[float, float, float, float]) -> None:
        x, y, _w, _h = box
        canvas.setFillColor(paper.DOWN)
        canvas.rect(x, y, TOKEN, TOKEN, fill=1, stroke=0)
        paper.badge(ctx, canvas, side, x + 0.75 * mm, y + 0.75 * mm, BADGE)
        paper.label(
            ctx,
            canvas,
            prone,
            (x + BADGE + 1 * mm, y + 1 * mm, TOKEN - BADGE - 1.5 * mm, 4.5 * mm),
            (7, 4.5),
            where,
            bold=True,
            colour=paper.INK,
        )
        paper.label(
            ctx,
            canvas,
            name,
            (x + 1.5 * mm, y + TOKEN * 0.35, TOKEN - 3 * mm, 6 * mm),
            (6.5, 4.5),
            where,
        )
        canvas.saveState()
        canvas.translate(x + TOKEN, y + TOKEN)
        canvas.rotate(180)
        paper.label(
            ctx,
            canvas,
            stunned,
            (1 * mm, 1 * mm, TOKEN - 2 * mm, 4.5 * mm),
            (7, 4.5),
            where,
            bold=True,
            colour=paper.INK,
        )
        canvas.restoreState()

    return Drawn(face, paper.DOWN)


def _dungeon_pairs(ctx: RenderContext, canvas: Canvas) -> Iterator[Cell]:
    tr = ctx.tr
    board = ctx.content.dungeon
    where = (board.origin, "portal token", "number")
    numbers = sorted(c for row in board["map"] for c in row if c.isdigit())
    for number in numbers:
        face = _disc(ctx, canvas, paper.TORCH, number, where)
        yield Cell(face, face)
    chest = tr.pgettext("chest token", "Chest")
    inside = {
        "ball": tr.pgettext("chest token", "The ball!"),
        "nothing": tr.pgettext("chest token", "Empty: knock down"),
    }
    place = (ctx.content.game.origin, "chest token", "contents")
    for token in ctx.content.game["kit"]["chest_tokens"]:
        yield Cell(
            _disc(ctx, canvas, paper.INK, chest, place),
            _disc(ctx, canvas, paper.STONE, inside[token["holds"]], place),
        )
    ball = tr.pgettext("chest token", "Ball")
    yield Cell(
        _disc(ctx, canvas, paper.TORCH, ball, place), _disc(ctx, canvas, paper.TORCH, ball, place)
    )


def _disc(ctx: RenderContext, canvas: Canvas, fill: Any, words: str, where: tuple) -> Drawn:
    def side(box: tuple[float, float, float, float]) -> None:
        x, y, _w, _h = box
        canvas.setFillColor(fill)
        canvas.rect(x, y, TOKEN, TOKEN, fill=1, stroke=0)
        paper.label(
            ctx,
            canvas,
            words,
            (x + 1.5 * mm, y + 3 * mm, TOKEN - 3 * mm, TOKEN - 6 * mm),
            (14, 5),
            where,
            bold=True,
            colour=paper.ink_on(fill),
        )

    return Drawn(side, fill)


def _marker_pairs(ctx: RenderContext, canvas: Canvas) -> Iterator[Cell]:
    tr = ctx.tr
    actions = {a["id"]: a for a in ctx.content.procedures["actions"]}
    used = tr.pgettext("marker", "Used")
    for team in paper.SIDES:
        for ident, count in ctx.content.game["kit"]["markers"].items():
            action = actions.get(ident)
            if action is None:
                continue
            name = tr.content("actions", ident, "name", action["name"])
            where = (action.origin, "per-turn action marker", "name")
            for _ in range(count):
                yield Cell(
                    _marker(ctx, canvas, paper.TORCH, name, team, where),
                    _marker(ctx, canvas, paper.DOWN, used, team, where),
                )


def _marker(
    ctx: RenderContext, canvas: Canvas, fill: Any, words: str, team: str, where: tuple
) -> Drawn:
    """A marker's side: the action (or "used") above, the team's letter on a line of its own,
    so a long action name never breaks as "Hand-off" over "· A"."""

    def side(box: tuple[float, float, float, float]) -> None:
        x, y, _w, _h = box
        ink = paper.ink_on(fill)
        canvas.setFillColor(fill)
        canvas.rect(x, y, TOKEN, TOKEN, fill=1, stroke=0)
        words_box = (x + 1.5 * mm, y + 7 * mm, TOKEN - 3 * mm, TOKEN - 8.5 * mm)
        lines = paper.hyphen_break(words, words_box[2], 8)
        paper.label(ctx, canvas, lines, words_box, (12, 5), where, bold=True, colour=ink)
        team_box = (x + 1.5 * mm, y + 1.5 * mm, TOKEN - 3 * mm, 5 * mm)
        paper.label(ctx, canvas, team, team_box, (11, 8), where, bold=True, colour=ink)

    return Drawn(side, fill)


def _dice_page(ctx: RenderContext, canvas: Canvas) -> None:
    """Block-die nets (the engine's cube with glue tabs, one result per face) and the ruler."""
    tr = ctx.tr
    game = ctx.content.game
    names = {
        r["id"]: tr.content("block", r["id"], "name", r["name"]) for r in game["block"]["results"]
    }
    where = (game.origin, "block die net", "faces")
    paper.heading(ctx, canvas, tr.pgettext("dice page", "Block dice and range ruler"), where)
    width, height = ctx.settings.page
    top = height - paper.MARGIN - 16 * mm
    net_w, net_h = dicenet.size(dicenet.CUBE, DIE)
    across = max(1, int((width - 2 * paper.MARGIN) // (net_w + 4 * mm)))
    # game.block.faces lists opposite faces as 1st-6th, 2nd-4th, 3rd-5th; the cube net's
    # opposites are 1st-5th, 2nd-4th, 3rd-6th: the last two swap places.
    faces = list(game["block"]["faces"])
    faces[4:6] = faces[5:3:-1]

    def face(canvas: Canvas, result: str, x: float, y: float, side: float) -> None:
        canvas.setFillColor(paper.FLOOR)
        canvas.rect(x, y, side, side, fill=1, stroke=0)
        box = (x + 1 * mm, y + 1 * mm, side - 2 * mm, side - 2 * mm)
        paper.label(ctx, canvas, names[result], box, (8, 4.5), where, bold=True)

    for n in range(game["kit"]["block_dice"]):
        row, column = divmod(n, across)
        x0 = paper.MARGIN + column * (net_w + 4 * mm)
        y0 = top - (row + 1) * (net_h + 4 * mm)
        dicenet.draw(canvas, dicenet.CUBE, DIE, x0, y0, tuple(faces), face)
    rows = -(-game["kit"]["block_dice"] // across)
    below = _ruler(ctx, canvas, top - rows * (net_h + 4 * mm) - 14 * mm) - 6 * mm
    # The turn track under the ruler if it fits there, else on a page of its own.
    if below - turntrack.height(ctx) < paper.MARGIN + 4 * mm:
        paper.end_page(ctx, canvas)
        below = height - paper.MARGIN
    turntrack.draw(ctx, canvas, below)
    paper.end_page(ctx, canvas)


def ruler_pieces(width: float, square: float, last: int) -> list[tuple[int, int]]:
    """The squares (first, last) of each ruler piece a row of `width` holds.

    A piece after the first starts with a glue tab (TAB wide) that goes under
    the piece before it, so it holds whole squares in what the tab leaves.
    """
    pieces = [(1, min(last, max(1, int(width // square))))]
    more = max(1, int((width - TAB) // square))
    while pieces[-1][1] < last:
        first = pieces[-1][1] + 1
        pieces.append((first, min(last, first + more - 1)))
    return pieces


def _ruler(ctx: RenderContext, canvas: Canvas, y: float) -> float:
    """The range ruler at full size, its title's bottom at `y`: one segment per square,
    bands named; returns where its lowest piece ends.

    Longer than the page is wide, it is cut out in pieces, a row each; every
    piece after the first has a glue tab at its start (cut solid, folded
    dashed, the kit's convention) and the same join mark as the end it is
    glued under, so the squares line up again at full length.
    """
    tr = ctx.tr
    game = ctx.content.game
    square = game["kit"]["square_mm"] * mm
    where = (game.origin, "range ruler", "bands")
    width = ctx.settings.page[0] - 2 * paper.MARGIN
    bands = game["range"]
    last = max(b["high"] for b in bands)
    title = tr.pgettext("range ruler", "Range ruler: squares from the thrower")
    pieces = ruler_pieces(width, square, last)
    if len(pieces) > 1:
        hint = tr.pgettext(
            "range ruler",
            "Cut out the pieces, fold each glue tab back and glue it under the end "
            "with the same join mark.",
        )
        title = f"{title}. {hint}"
    paper.label(
        ctx,
        canvas,
        title,
        (paper.MARGIN, y + 1 * mm, width, 9 * mm),
        (9, 6),
        where,
        bold=True,
        align="left",
    )
    # Translators: {mark} is a letter (A, B…) that pairs the ruler ends to tape together.
    join = tr.pgettext("range ruler", "join {mark}")
    for index, (first, end) in enumerate(pieces):
        y -= RULER_H + 8 * mm
        left = paper.MARGIN + (TAB if index else 0)
        for n in range(first, end + 1):
            _ruler_square(ctx, canvas, n, left + (n - first) * square, y, square)
        cutsheet.cut_lines(canvas)
        canvas.rect(left, y, (end - first + 1) * square, RULER_H, fill=0, stroke=1)
        if index:  # after the squares, so the fold's dashes lie over the first one's edge
            _glue_tab(canvas, left, y)
            _join_mark(ctx, canvas, tr.fill(join, {"mark": chr(ord("A") + index - 1)}), left, y)
        if index < len(pieces) - 1:
            mark = tr.fill(join, {"mark": chr(ord("A") + index)})
            _join_mark(ctx, canvas, mark, left + (end - first + 1) * square, y)
    return y - 3 * mm  # below the join mark's lower wedge


def _ruler_square(
    ctx: RenderContext, canvas: Canvas, n: int, x: float, y: float, square: float
) -> None:
    """Square `n` of the ruler: its number, its band's name and modifier, the band's shade."""
    game = ctx.content.game
    where = (game.origin, "range ruler", "bands")
    bands = game["range"]
    band = next(b for b in bands if b["low"] <= n <= b["high"])
    shade = {0: paper.FLOOR, 1: paper.colour("#e8d9b5"), 2: paper.colour("#d8c08e")}.get(
        bands.index(band) % 3
    )
    canvas.setFillColor(shade)
    canvas.setStrokeColor(paper.INK)
    canvas.setLineWidth(0.6)
    canvas.rect(x, y, square, RULER_H, fill=1, stroke=1)
    name = ctx.tr.content("range", band["id"], "name", band["name"])
    sign = f"{band['modifier']:+d}".replace("-", MINUS) if band["modifier"] else "±0"
    paper.label(ctx, canvas, str(n), (x, y + 6 * mm, square, 5 * mm), (9, 6), where, bold=True)
    paper.label(
        ctx,
        canvas,
        f"{name} {sign}",
        (x + 0.5 * mm, y + 1 * mm, square - 1 * mm, 4 * mm),
        (6.5, 4),
        where,
    )


def _glue_tab(canvas: Canvas, right: float, y: float) -> None:
    """A glue tab ending at `right`: shaded, free edges cut (solid), its root folded (dashed)."""
    slope = 2 * mm
    path = canvas.beginPath()
    path.moveTo(right, y)
    path.lineTo(right - TAB, y + slope)
    path.lineTo(right - TAB, y + RULER_H - slope)
    path.lineTo(right, y + RULER_H)
    canvas.setFillColor(paper.colour("#e6e0d4"))
    cutsheet.cut_lines(canvas)
    canvas.drawPath(path, fill=1, stroke=1)
    cutsheet.fold_lines(canvas)
    canvas.line(right, y, right, y + RULER_H)
    canvas.setDash()


def _join_mark(ctx: RenderContext, canvas: Canvas, words: str, x: float, y: float) -> None:
    """A join mark at a ruler piece's edge `x`: a wedge at either end and its name above."""
    canvas.setFillColor(paper.TORCH)
    for tip, base in ((y, y - 2.5 * mm), (y + RULER_H, y + RULER_H + 2.5 * mm)):
        path = canvas.beginPath()
        path.moveTo(x, tip)
        path.lineTo(x - 1.5 * mm, base)
        path.lineTo(x + 1.5 * mm, base)
        path.close()
        canvas.drawPath(path, fill=1, stroke=0)
    box = (x - 15 * mm, y + RULER_H + 2.5 * mm, 30 * mm, 4 * mm)
    where = (ctx.content.game.origin, "range ruler", "join mark")
    paper.label(ctx, canvas, words, box, (7, 5), where, bold=True, colour=paper.TORCH)
