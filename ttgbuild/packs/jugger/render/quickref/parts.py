"""The quick reference's building blocks: sentences with filled placeholders and drawn
icons, costs, cells, numbered steps, bullets and diagram boxes."""

from __future__ import annotations

import re
from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packs.jugger.model import Rules
from ttgbuild.render import text
from ttgbuild.render.context import RenderContext
from ttgbuild.render.flow import Figure, Prose

DIAGRAM = 45 * mm  # height of a diagram box (the column gives its width, about 60 mm)
NUMBER_ICON = re.compile(r"(\d)\s+(\[[a-z_]+\])")

Span = text.Span
Paragraph = list[Span]


def say(ctx: RenderContext, message: str, **values: int | str) -> Paragraph:
    """A translated sentence with its placeholders filled and its [icons] drawn.

    A number and the point icon after it ("2 [focus]") are glued into one word so
    a line never ends between a cost and its unit.
    """
    return ctx.spans(NUMBER_ICON.sub(r"\1\2", ctx.tr.fill(message, values)))


def lead(ctx: RenderContext, words: str, message: str, **values: int | str) -> Paragraph:
    """A sentence after a bold lead-in ("Flank attack: ...")."""
    return [*ctx.spans(words, bold=True), Span(" "), *say(ctx, message, **values)]


def cost(ctx: RenderContext, amount: int) -> Paragraph:
    """A cost in points: the number and the focus icon, or the no-cost icon."""
    if amount == 0:
        return [Span("free", icon=True)]
    return [Span(ctx.tr.number(amount), bold=True), Span(" "), Span("focus", icon=True)]


def cell(value: str, bold: bool = False) -> Paragraph:
    return [Span(value, bold=bold)]


def steps(ctx: RenderContext, paragraphs: list[Paragraph]) -> Prose:
    """A numbered procedure: the numbers are step positions, not game numbers."""
    return Prose(paragraphs, [ctx.tr.number(i) + "." for i in range(1, len(paragraphs) + 1)])


def bullets(paragraphs: list[Paragraph]) -> Prose:
    return Prose(paragraphs, ["•"] * len(paragraphs))


def diagram(
    ctx: RenderContext, rules: Rules, draw: Callable[..., None], **arguments: object
) -> Figure:
    """A rules diagram (diagrams.py) in a figure box; its captions' overflow is reported."""
    fit = ctx.fitter((rules.origin, "quick reference", "diagram captions"))

    def paint(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        draw(canvas, x, y, w, h, fit=fit, **arguments)

    return Figure(DIAGRAM, paint)
