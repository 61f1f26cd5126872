"""dungeon.pdf: the dungeon on one sheet, tiled at full size over pages, and the dugout mats;
dungeon-print-shop.pdf: the whole dungeon at full size on one poster for a print shop.

The map is content (content/dungeon.yaml): walls, floor, numbered portals,
chests and the two end zones, one letter per square. Full size is
game.kit.square_mm per square; each tile page holds whole squares and names
its place in the grid. A tile with a neighbour to its right or below also
prints a shaded glue strip: the first OVERLAP of the neighbour's squares,
so the neighbour is glued over it, squares on squares, instead of being
butted edge to edge with nothing to align it by. The first page is an
overview of the whole map, scaled down, not for play.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet, poster
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import RULER
from ttgbuild.packs.dungeonbowl.render import paper

ZONE = {"a": paper.colour("#d9e6f2"), "b": paper.colour("#f2dcd9")}
OVERLAP = 8 * mm  # the glue strip: how much of the next tile a tile repeats


def render(ctx: RenderContext) -> bytes:
    content = ctx.content
    board = content.dungeon
    tr = ctx.tr
    title = tr.content("dungeon", "", "name", board["name"])
    canvas, buffer = new_canvas(ctx.settings.page, "Dungeon Bowl", "dungeon", tr.locale)
    where = (board.origin, "dungeon board", "map")
    rows = list(board["map"])
    width, height = ctx.settings.page
    room_w, room_h = width - 2 * paper.MARGIN, height - 2 * paper.MARGIN - 30 * mm
    square = content.game["kit"]["square_mm"] * mm
    across, down = tile_squares(ctx.settings.page, square)
    tiles_x, tiles_y = -(-len(rows[0]) // across), -(-len(rows) // down)
    # The overview: the whole map scaled to the page, the tiles marked on it (assembly map).
    # Translators: {dungeon} is the dungeon's name, already translated.
    overview = tr.pgettext("dungeon overview", "{dungeon}: overview (not to scale)")
    paper.heading(ctx, canvas, tr.fill(overview, {"dungeon": title}), where)
    side = min(room_w / len(rows[0]), room_h / len(rows))
    top = height - paper.MARGIN - 14 * mm
    _squares(ctx, canvas, rows, (0, 0, len(rows[0]), len(rows)), paper.MARGIN, top, side, where)
    _tile_map(ctx, canvas, (across, down), (len(rows[0]), len(rows)), top, side, where)
    _legend(ctx, canvas, top - side * len(rows) - 4 * mm, where)
    paper.end_page(ctx, canvas)
    # Full size, in tiles of whole squares, row by row: tile (tx, ty) is page 2 + ty * tiles_x + tx.
    for ty in range(tiles_y):
        for tx in range(tiles_x):
            # Translators: {row} of {rows} and {column} of {columns} are numbers:
            # this tile's row and column and how many there are.
            words = tr.pgettext(
                "dungeon tile", "Tile: row {row} of {rows}, column {column} of {columns}"
            )
            words = tr.fill(
                words, {"row": ty + 1, "column": tx + 1, "rows": tiles_y, "columns": tiles_x}
            )
            paper.heading(ctx, canvas, f"{title} · {words}", where)
            span = (
                tx * across,
                ty * down,
                min(len(rows[0]), (tx + 1) * across),
                min(len(rows), (ty + 1) * down),
            )
            top = height - paper.MARGIN - 14 * mm
            strips = _glue_strips(ctx, canvas, rows, span, top, square, where)
            _squares(ctx, canvas, rows, span, paper.MARGIN, top, square, where)
            if strips:  # the last tile repeats nobody's squares: no hint about strips
                hint = tr.pgettext(
                    "dungeon tile",
                    "Shaded strips repeat the next tile's first squares: "
                    "glue that tile over them, squares on squares.",
                )
                below = top - (span[3] - span[1]) * square - OVERLAP - 7 * mm
                box = (paper.MARGIN, below, width - 2 * paper.MARGIN, 6 * mm)
                paper.label(ctx, canvas, hint, box, (9, 6), where, align="left")
            paper.end_page(ctx, canvas)
    for team in ("a", "b"):
        _dugout(ctx, canvas, team)
    return finish(canvas, buffer)


def render_print_shop(ctx: RenderContext) -> bytes:
    """dungeon-print-shop.pdf: the whole map on one poster sheet at full size, bleed all round.

    The sheet is the smallest standard poster of the kit's paper family that
    holds the map at game.kit.square_mm a square (render/poster.py); the
    bleed is game.kit.print_shop_bleed_mm. Stone, the walls' colour, runs to
    the sheet's edge and into the bleed; TrimBox and BleedBox tell the shop
    where to cut. The ruler and the "print at 100 %" note sit on a white label
    inside the trim, so the shop and the players can check the scale.
    """
    tr = ctx.tr
    board = ctx.content.dungeon
    kit = ctx.content.game["kit"]
    rows = list(board["map"])
    square = kit["square_mm"] * mm
    size = (len(rows[0]) * square, len(rows) * square)
    _name, trim = poster.smallest(size, ctx.settings.paper, paper.MARGIN)
    canvas, buffer = new_canvas(trim, "Dungeon Bowl", "dungeon-print-shop", tr.locale)
    bleed = kit["print_shop_bleed_mm"] * mm
    page = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    canvas.setPageSize(page)
    canvas.setBleedBox((0, 0, *page))
    canvas.setTrimBox((bleed, bleed, bleed + trim[0], bleed + trim[1]))
    canvas.setFillColor(paper.STONE)
    canvas.rect(0, 0, *page, stroke=0, fill=1)
    where = (board.origin, "dungeon print shop", "map")
    left, top = (page[0] - size[0]) / 2, (page[1] + size[1]) / 2
    _squares(ctx, canvas, rows, (0, 0, len(rows[0]), len(rows)), left, top, square, where)
    title = tr.content("dungeon", "", "name", board["name"])
    box = (left, top + 1 * mm, size[0], min(9 * mm, page[1] - top - bleed - 2 * mm))
    paper.label(ctx, canvas, title, box, (16, 8), where, bold=True, colour=paper.PAPER)
    canvas.translate(bleed, bleed)  # the furniture on a paper label inside the trim
    canvas.setFillColor(paper.PAPER)
    plate = 2 * (RULER + 12 * mm) - 2 * mm  # the ruler's room and the note's (sheet.py)
    canvas.roundRect(
        paper.MARGIN - 3 * mm, paper.MARGIN - 8 * mm, plate, 7 * mm, 1.5 * mm, stroke=0, fill=1
    )
    ctx.furniture.on_margin_sheet(canvas, paper.MARGIN)
    canvas.showPage()
    return finish(canvas, buffer)


def tile_squares(page: tuple[float, float], square: float) -> tuple[int, int]:
    """How many whole squares a full-size tile page holds across and down."""
    width, height = page
    across = max(1, int((width - 2 * paper.MARGIN - OVERLAP) // square))
    down = max(1, int((height - 2 * paper.MARGIN - 30 * mm - OVERLAP) // square))
    return across, down


def _glue_strips(
    ctx: RenderContext,
    canvas: Canvas,
    rows: Sequence[str],
    span: tuple[int, int, int, int],
    top: float,
    side: float,
    where: tuple,
) -> int:
    """The neighbours' first squares beside and below the tile, clipped to OVERLAP and shaded;
    how many strips were drawn.

    The strips are part of the tile, so their outer edge is where the tile is
    cut: a solid line, as every cut of the kit (a dashed line is a fold).
    """
    x0, y0, x1, y1 = span
    right, bottom = paper.MARGIN + (x1 - x0) * side, top - (y1 - y0) * side
    more_x, more_y = x1 < len(rows[0]), y1 < len(rows)
    strips = []
    if more_x:
        strips.append(((x1, y0, x1 + 1, y1), (right, bottom, OVERLAP, top - bottom), right, top))
    if more_y:
        strips.append(
            (
                (x0, y1, x1, y1 + 1),
                (paper.MARGIN, bottom - OVERLAP, right - paper.MARGIN, OVERLAP),
                paper.MARGIN,
                bottom,
            )
        )
    if more_x and more_y:
        strips.append(
            ((x1, y1, x1 + 1, y1 + 1), (right, bottom - OVERLAP, OVERLAP, OVERLAP), right, bottom)
        )
    for part, clip, left, upper in strips:
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(*clip)
        canvas.clipPath(path, stroke=0, fill=0)
        _squares(ctx, canvas, rows, part, left, upper, side, where)
        canvas.setFillColor(paper.PAPER)
        canvas.setFillAlpha(0.55)
        canvas.rect(*clip, fill=1, stroke=0)
        canvas.restoreState()
        canvas.saveState()
        cutsheet.cut_lines(canvas, 0.6)
        canvas.rect(*clip, fill=0, stroke=1)
        canvas.restoreState()
    return len(strips)


def _squares(
    ctx: RenderContext,
    canvas: Canvas,
    rows: Sequence[str],
    span: tuple[int, int, int, int],
    left: float,
    top: float,
    side: float,
    where: tuple,
) -> None:
    """The squares of `span` (x0, y0, x1, y1) with their top-left corner at (left, top)."""
    x0, y0, x1, y1 = span
    for y in range(y0, y1):
        for x in range(x0, x1):
            letter = rows[y][x]
            px, py = left + (x - x0) * side, top - (y - y0 + 1) * side
            fill = paper.STONE if letter == "#" else ZONE.get(letter, paper.FLOOR)
            canvas.setFillColor(fill)
            canvas.setStrokeColor(paper.STONE)
            canvas.setLineWidth(0.4)
            canvas.rect(px, py, side, side, fill=1, stroke=1)
            if letter.isdigit():
                canvas.setFillColor(paper.TORCH)
                canvas.circle(px + side / 2, py + side / 2, side * 0.42, fill=1, stroke=0)
                box = (px, py + side * 0.2, side, side * 0.6)
                paper.label(
                    ctx,
                    canvas,
                    letter,
                    box,
                    (side / mm * 1.6, 4),
                    where,
                    bold=True,
                    colour=paper.PAPER,
                )
            elif letter == "C":
                canvas.setFillColor(paper.INK)
                canvas.roundRect(
                    px + side * 0.15,
                    py + side * 0.25,
                    side * 0.7,
                    side * 0.5,
                    side * 0.08,
                    fill=1,
                    stroke=0,
                )
    canvas.setStrokeColor(paper.INK)
    canvas.setLineWidth(1)
    canvas.rect(left, top - (y1 - y0) * side, (x1 - x0) * side, (y1 - y0) * side, fill=0, stroke=1)


def _tile_map(
    ctx: RenderContext,
    canvas: Canvas,
    tile: tuple[int, int],
    size: tuple[int, int],
    top: float,
    side: float,
    where: tuple,
) -> None:
    """On the overview, each full-size tile's edges and the page that prints it, so the
    tiles can be laid out without guessing (the assembly map)."""
    (across, down), (columns, rows) = tile, size
    tiles_x = -(-columns // across)
    # Translators: {page} is a page number of the dungeon's PDF; p. abbreviates page.
    words = ctx.tr.pgettext("dungeon overview", "p. {page}")
    canvas.saveState()
    for ty in range(-(-rows // down)):
        for tx in range(tiles_x):
            x = paper.MARGIN + tx * across * side
            y = top - min(rows, (ty + 1) * down) * side
            w = (min(columns, (tx + 1) * across) - tx * across) * side
            h = top - ty * down * side - y
            canvas.setStrokeColor(paper.TORCH)
            canvas.setLineWidth(1.6)
            canvas.rect(x, y, w, h, fill=0, stroke=1)
            label = ctx.tr.fill(words, {"page": 2 + ty * tiles_x + tx})
            canvas.setFillColor(paper.TORCH)
            canvas.roundRect(x + 1 * mm, y + h - 6 * mm, 13 * mm, 5 * mm, 1 * mm, fill=1, stroke=0)
            box = (x + 1.5 * mm, y + h - 6 * mm, 12 * mm, 5 * mm)
            paper.label(ctx, canvas, label, box, (9, 6), where, bold=True, colour=paper.PAPER)
    canvas.restoreState()


def _legend(ctx: RenderContext, canvas: Canvas, top: float, where: tuple) -> None:
    tr = ctx.tr
    entries = [
        (paper.STONE, tr.pgettext("dungeon legend", "Wall")),
        (
            paper.TORCH,
            tr.fill(
                # Translators: {die} is a die such as D6.
                tr.pgettext(
                    "dungeon legend",
                    "Portal: roll the portal die ({die}) to pick the exit; never in an end zone",
                ),
                {"die": ctx.content.game["teleport"]["die"]},
            ),
        ),
        (paper.INK, tr.pgettext("dungeon legend", "Chest: a chest token face down")),
        (ZONE["a"], tr.pgettext("dungeon legend", "End zones of one coach")),
        (ZONE["b"], tr.pgettext("dungeon legend", "End zones of the other coach")),
        (None, tr.pgettext("dungeon legend", "A full-size tile and the page that prints it")),
    ]
    width = ctx.settings.page[0] - 2 * paper.MARGIN
    for index, (fill, words) in enumerate(entries):
        y = top - (index + 1) * 6 * mm
        if fill is None:  # the tiles' edges: an outline, as on the map
            canvas.setStrokeColor(paper.TORCH)
            canvas.setLineWidth(1.6)
            canvas.rect(paper.MARGIN + 0.5 * mm, y + 1.5 * mm, 3 * mm, 3 * mm, fill=0, stroke=1)
        else:
            canvas.setFillColor(fill)
            canvas.rect(paper.MARGIN, y + 1 * mm, 4 * mm, 4 * mm, fill=1, stroke=0)
        box = (paper.MARGIN + 6 * mm, y, width - 6 * mm, 6 * mm)
        paper.label(ctx, canvas, words, box, (9, 6), where, align="left")


def _dugout(ctx: RenderContext, canvas: Canvas, team: str) -> None:
    """A dugout mat: one labelled box per dugout box of the content, stacked."""
    tr = ctx.tr
    board = ctx.content.dungeon
    where = (board.origin, "dugout mat", "boxes")
    # Translators: {team} is the team's letter, A or B.
    words = tr.pgettext("dugout mat", "Dugout of team {team}")
    paper.heading(ctx, canvas, tr.fill(words, {"team": team.upper()}), where)
    width, height = ctx.settings.page
    boxes = board["dugout"]
    room = height - 2 * paper.MARGIN - 30 * mm
    each = room / len(boxes)
    top = height - paper.MARGIN - 14 * mm
    for index, box in enumerate(boxes):
        y = top - (index + 1) * each
        canvas.setFillColor(ZONE[team])
        canvas.setStrokeColor(paper.INK)
        canvas.setLineWidth(1)
        canvas.roundRect(
            paper.MARGIN,
            y + 2 * mm,
            width - 2 * paper.MARGIN,
            each - 4 * mm,
            3 * mm,
            fill=1,
            stroke=1,
        )
        place = (box.origin, "dugout mat", box["id"])
        name = tr.content("dugout", box["id"], "name", box["name"])
        note = tr.content("dugout", box["id"], "text", box["text"])
        inner = width - 2 * paper.MARGIN - 8 * mm
        paper.label(
            ctx,
            canvas,
            name,
            (paper.MARGIN + 4 * mm, y + each - 14 * mm, inner, 9 * mm),
            (16, 10),
            place,
            bold=True,
            align="left",
        )
        paper.label(
            ctx,
            canvas,
            note,
            (paper.MARGIN + 4 * mm, y + each - 21 * mm, inner, 6 * mm),
            (9, 6),
            place,
            align="left",
        )
    paper.end_page(ctx, canvas)
