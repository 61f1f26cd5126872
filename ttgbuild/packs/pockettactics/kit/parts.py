"""What the pack's page code draws with: its layout files as Pieces, a page heading.

The faces are data (data/layouts/pieces.layout.yaml) drawn by the engine's
layouts with the pack's pictures and functions; the code only places them.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import style, text
from ttgbuild.packapi.content import kinds
from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packapi.layouts import LayoutError, PackParts, Pieces, pack_layouts
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.functions import FUNCTIONS
from ttgbuild.packs.pockettactics.kit.art import DRAWINGS

MARGIN = 12 * mm
FOOT = 14 * mm  # the print note and ruler
HEADING = 8 * mm


def pieces(ctx: RenderContext, canvas: Canvas, name: str) -> Pieces:
    """The faces and messages of the pack's layout file `name`, to place on `canvas`."""
    if ctx.content_dir is None:
        raise ValueError("Pocket-Tactics' kit is drawn for a project (ctx.content_dir)")
    layouts, problems = pack_layouts(PACK, ctx.content_dir.parent)
    if name not in layouts:  # validate reports a broken layout file before any build
        raise LayoutError(problems[0]) if problems else FileNotFoundError(name)
    parts = PackParts(drawings=DRAWINGS, functions={**FUNCTIONS, **kinds(ctx.content)})
    return Pieces(ctx, canvas, layouts[name], parts)


def heading(ctx: RenderContext, canvas: Canvas, words: str, top: float, component: str) -> None:
    """A bold heading across the page's width, its first line at `top`."""
    width = ctx.settings.page[0] - 2 * MARGIN
    where = ctx.kit_where(component, "heading")
    fitted = ctx.fit([[text.Span(words, bold=True)]], width, HEADING, 12, 7, text.SANS, where)
    canvas.setFillColor(style.INK)
    text.draw(canvas, fitted, MARGIN, top, text.SANS, ctx.icons.draw)
