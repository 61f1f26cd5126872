"""The turn track on tokens.pdf: a row of numbered squares per side of the match (A, B),
one per team turn (game.match.team_turns), and a fold-over turn marker per side.

Each coach moves the side's marker one square on at the start of each of its team
turns, so both coaches see how many turns are left. The kit's match has no halves
(the first touchdown wins, else a draw after the last team turn: docs/games/
dungeon-bowl.md), so a row is the whole match. The squares are as wide as the
page allows up to MAX_SQUARE, never narrower than MIN_SQUARE so a marker fits
in one; a row with more turns than a line holds goes on in the next line.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import cutsheet
from ttgbuild.packapi.cutsheet import Cell, Drawn
from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packs.dungeonbowl.render import paper

TITLE = 9 * mm  # the track's title line
LABEL = 9 * mm  # the side's badge before its row
MIN_SQUARE = 17 * mm  # a turn marker sits inside a square: never narrower than this ...
MAX_SQUARE = 22 * mm  # ... and no wider than this, however few the turns
MARKER = 13 * mm  # a turn marker's face
GAP = 3 * mm  # between the rows of the two sides, and above the markers


def squares(width: float, turns: int) -> tuple[float, int]:
    """A square's side and how many squares a line of `width` holds, for `turns` turns."""
    per_line = min(turns, max(1, int((width - LABEL) // MIN_SQUARE)))
    return min(MAX_SQUARE, (width - LABEL) / per_line), per_line


def height(ctx: RenderContext) -> float:
    """The track's height from its title to the bottom of its markers' cut block."""
    turns = ctx.content.game["match"]["team_turns"]
    side, per_line = squares(_width(ctx), turns)
    lines = -(-turns // per_line)
    rows = len(paper.SIDES) * (lines * side + GAP)
    return TITLE + rows + _block([Cell(None, None)] * len(paper.SIDES)).height


def draw(ctx: RenderContext, canvas: Canvas, top: float) -> None:
    """The track with its title at `top`, then its markers to cut out below it."""
    tr = ctx.tr
    game = ctx.content.game
    turns = game["match"]["team_turns"]
    where = (game.origin, "turn track", "squares")
    title = tr.pgettext(
        "turn track",
        "Turn track: each marker starts beside its row, off the squares; at the start of "
        "each of its team turns a team moves it one square on, onto 1 in its first turn.",
    )
    box = (paper.MARGIN, top - TITLE, _width(ctx), TITLE - 1 * mm)
    paper.label(ctx, canvas, title, box, (10, 6), where, bold=True, align="left")
    side, per_line = squares(_width(ctx), turns)
    y = top - TITLE
    for letter in paper.SIDES:
        for start in range(0, turns, per_line):
            y -= side
            if start == 0:
                size = min(side, LABEL) - 2 * mm
                paper.badge(ctx, canvas, letter, paper.MARGIN, y + (side - size) / 2, size)
            for n in range(start, min(turns, start + per_line)):
                x = paper.MARGIN + LABEL + (n - start) * side
                canvas.setFillColor(paper.FLOOR)
                canvas.setStrokeColor(paper.INK)
                canvas.setLineWidth(0.8)
                canvas.rect(x, y, side, side, fill=1, stroke=1)
                number = (x + 1 * mm, y + side - 6 * mm, side - 2 * mm, 5 * mm)
                paper.label(ctx, canvas, str(n + 1), number, (10, 6), where, bold=True)
        y -= GAP
    block = _markers(ctx, canvas)
    cutsheet.paint(ctx, canvas, cutsheet.DRAWN, block, paper.MARGIN, y - block.height)


def _width(ctx: RenderContext) -> float:
    return ctx.settings.page[0] - 2 * paper.MARGIN


def _block(cells: list[Cell]) -> cutsheet.Block:
    """The turn markers in one row: one fold-over pair per side, a few cm wide."""
    return cutsheet.Block(tuple(cells), len(cells), (MARKER, MARKER), fold=True)


def _markers(ctx: RenderContext, canvas: Canvas) -> cutsheet.Block:
    """One fold-over turn marker per side, both faces alike."""
    word = ctx.tr.pgettext("turn marker", "Turn")
    where = (ctx.content.game.origin, "turn marker", "word")

    def marker(letter: str) -> Drawn:
        def face(box: tuple[float, float, float, float]) -> None:
            x, y, _w, _h = box
            canvas.setFillColor(paper.TORCH)
            canvas.rect(x, y, MARKER, MARKER, fill=1, stroke=0)
            words = (x + 1 * mm, y + MARKER - 5 * mm, MARKER - 2 * mm, 4 * mm)
            paper.label(ctx, canvas, word, words, (8, 5), where, bold=True, colour=paper.PAPER)
            size = 6 * mm
            paper.badge(ctx, canvas, letter, x + (MARKER - size) / 2, y + 1.5 * mm, size)

        return Drawn(face, paper.TORCH)

    return _block([Cell(marker(letter), marker(letter)) for letter in paper.SIDES])
