"""quickref.pdf: a two-page quick reference a player keeps at the table instead of the rulebook.

The front covers a point from the team sheet to the last stone: formats,
structure of a point and a stone, activation order, the points economy,
movement, every action's cost, weapons, and the kit's declared changes to the
published rules, if it has any. The back covers combat: sequence and
results, flank and back attacks, attacks of opportunity, line of sight,
crouching and pinning, wrestling; then talents, the icon legend and the odds.

What each side says is data: data/sheets/quickref-front.sheet.yaml and
quickref-back.sheet.yaml, laid out by the engine (render/prose.py) with the
names, diagrams and icons inputs.py hands them. Every number is read from the
content at render time and reaches translated text only through
`{placeholders}`, so changing rules.yaml or weapons.yaml changes the sheet in
every locale. This module draws the page: title band, three columns at the
largest type size that fits (render/flow.py), print furniture.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import style, text
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packapi.drawing import RenderContext, Translator, finish, new_canvas
from ttgbuild.packapi.flow import Section, SheetLayout, flow_page
from ttgbuild.packs.jugger.model import Content, Rules
from ttgbuild.packs.jugger.render import icons
from ttgbuild.packs.jugger.render.changes import kit_variants
from ttgbuild.packs.jugger.render.labels import sheet_label, sheets
from ttgbuild.packs.jugger.render.quickref import inputs

Span = text.Span
Paragraph = list[Span]

SIDE = 10 * mm  # left and right margins
TOP = 9 * mm
TITLE = 9 * mm  # the title band
FOOT = 14 * mm  # room for the 100 % note and ruler (kept clear of the unprintable edge)
COLUMNS = 3
LARGEST, SMALLEST = 9.0, 5.5  # body type sizes the fitting may choose between


FRONT, BACK = "quickref-front", "quickref-back"  # the sheet files, data/sheets/<name>.sheet.yaml


def _layout(
    tr: Translator,
    content: Content,
    rules: Rules,
    icon_names: frozenset[str],
    fit: inputs.Fitter,
    variants: list[dict[str, str]],
) -> SheetLayout:
    return SheetLayout(
        sheets(),
        tr,
        icon_names,
        inputs.names(tr, content, rules, variants),
        inputs.figures(rules, fit),
        inputs.pictures(tr, rules),
    )


def render(ctx: RenderContext) -> bytes:
    """Both pages of the sheet: front (playing a point) and back (combat and talents)."""
    tr = ctx.tr
    rules = ctx.content.rules
    if rules is None:  # the build validates first: rules.yaml is loaded when rendering starts
        raise ValueError("the quick reference needs content/rules.yaml")
    title = sheet_label(tr, "document_title", "quickref")
    canvas, buffer = new_canvas(ctx.settings.page, title, "quickref", tr.locale)
    fit = ctx.fitter((rules.origin, "quick reference", "diagram captions"))
    layout = _layout(tr, ctx.content, rules, ctx.icons.names, fit, kit_variants(ctx))
    pages = [("front", layout.sections(FRONT)), ("back", layout.sections(BACK))]
    for side, sections in pages:
        ctx.progress(f"quickref: {side}")
        subtitle = sheet_label(tr, "quickref_side", side)
        _page(ctx, canvas, rules, title, subtitle, side, sections)
    return finish(canvas, buffer)


def _page(
    ctx: RenderContext,
    canvas: Canvas,
    rules: Rules,
    heading: str,
    subtitle: str,
    side: str,
    sections: list[Section],
) -> None:
    """One page: title band (heading, subtitle), the sections flowed into columns, furniture.

    Problems point at rules.yaml: nearly everything on the sheet is read from it.
    """
    page_w, page_h = ctx.settings.page
    top = page_h - TOP
    width = page_w - 2 * SIDE

    def where(box: str) -> tuple[Origin, str, str]:
        return (rules.origin, "quick reference", f"{side} page, {box}")

    title = ctx.fit(
        [[Span(heading, bold=True)]],
        width * 0.58,
        TITLE,
        14,
        9,
        text.SANS,
        where("title"),
    )
    canvas.setFillColor(style.HEADER)
    text.draw(canvas, title, SIDE, top - 1 * mm, text.SANS, icons.INLINE.draw)
    sub = ctx.fit(
        [[Span(subtitle, bold=True)]], width * 0.4, TITLE, 10, 6, text.CONDENSED, where("title")
    )
    sub_width = max((line[-1].x + line[-1].width for line in sub.lines if line), default=0.0)
    text.draw(
        canvas, sub, page_w - SIDE - sub_width, top - 2 * mm, text.CONDENSED, icons.INLINE.draw
    )
    canvas.setStrokeColor(style.HEADER)
    canvas.setLineWidth(1.2)
    canvas.line(SIDE, top - TITLE + 1 * mm, page_w - SIDE, top - TITLE + 1 * mm)
    area = (SIDE, FOOT, width, top - TITLE - 1 * mm - FOOT)
    flow_page(ctx, canvas, sections, area, COLUMNS, (LARGEST, SMALLEST), where("columns"), FOOT)
