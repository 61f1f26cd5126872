"""Drawing helpers the board and token pages share: fitted labels, pages, colours.

Every word goes through `RenderContext.fit`, so a translation that does not
fit its box is reported (JT901) at the content record it belongs to.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts, text
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packapi.ink import contrast

MARGIN = 12 * mm
INK = HexColor("#3a2a1a")
STONE = HexColor("#6f6456")
FLOOR = HexColor("#f4ecd8")
TORCH = HexColor("#a85a1a")
PAPER = HexColor("#ffffff")
DOWN = HexColor("#a8a8a8")  # the prone side of a token
SIDES = ("A", "B")  # the two teams of a match, as mats, tokens, markers and turn track name them


def ink_on(fill: Color) -> Color:
    """Paper or ink, whichever stands out more on `fill` (text printed on a coloured ground)."""
    return max((PAPER, INK), key=lambda ink: contrast(ink, fill))


def label(
    ctx: RenderContext,
    canvas: Canvas,
    words: str,
    box: tuple[float, float, float, float],
    sizes: tuple[float, float],
    where: tuple[Origin, str, str],
    *,
    bold: bool = False,
    colour: Color = INK,
    align: str = "center",
) -> None:
    """`words` fitted into `box` (x, y, w, h; y at the bottom), centred vertically; a line
    break in `words` starts a new line."""
    x, y, w, h = box
    lines = [[text.Span(line, bold=bold)] for line in words.split("\n")]
    fitted = ctx.fit(lines, w, h, sizes[0], sizes[1], text.SANS, where)
    top = y + (h + fitted.height) / 2
    canvas.setFillColor(colour)
    text.draw(canvas, fitted, x, top, text.SANS, ctx.icons.draw, align=align, box_width=w)


def badge(ctx: RenderContext, canvas: Canvas, side: str, x: float, y: float, size: float) -> None:
    """The letter of a side of the match on a disc, lower left at (x, y): white for A, ink
    for B, so the two read apart in any print, greyscale or ink saver (a small fill)."""
    disc, letter = (PAPER, INK) if side == SIDES[0] else (INK, PAPER)
    canvas.setFillColor(disc)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.circle(x + size / 2, y + size / 2, size / 2, fill=1, stroke=1)
    where = (ctx.content.game.origin, "side badge", "letter")
    box = (x + 0.5 * mm, y + 0.5 * mm, size - 1 * mm, size - 1 * mm)
    label(ctx, canvas, side, box, (size / mm * 2, 5), where, bold=True, colour=letter)


def hyphen_break(words: str, width: float, size: float) -> str:
    """`words` with a line break after the hyphen of a bold word too wide for `width` at
    `size`, so a compound ("Ersatzbank-Portal", "Tongue-lasher") breaks where it joins
    instead of shrinking to an illegible size on one line."""
    out = []
    for word in words.split(" "):
        if "-" in word.strip("-") and fonts.width(word, fonts.BOLD, size) > width:
            head, tail = word.split("-", 1)
            word = f"{head}-\n{tail}"
        out.append(word)
    return " ".join(out)


def heading(ctx: RenderContext, canvas: Canvas, words: str, where: tuple[Origin, str, str]) -> None:
    """A page's heading band at the top margin."""
    width, height = ctx.settings.page
    label(
        ctx,
        canvas,
        words,
        (MARGIN, height - MARGIN - 9 * mm, width - 2 * MARGIN, 9 * mm),
        (15, 9),
        where,
        bold=True,
        align="left",
    )
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1)
    canvas.line(MARGIN, height - MARGIN - 10 * mm, width - MARGIN, height - MARGIN - 10 * mm)


def end_page(ctx: RenderContext, canvas: Canvas) -> None:
    """The 100 % note and ruler, then the next page."""
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()


def colour(value: str) -> Color:
    return HexColor(value)


def origin_of(record: Any) -> Origin:
    return record.origin
