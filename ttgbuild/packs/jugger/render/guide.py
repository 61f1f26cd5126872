"""guide.pdf: the kit's assembly guide, from a translated Jinja2 template.

The guide's prose is a template rather than code strings because it is
running text with a few values in it; Jinja2's i18n extension hands each
paragraph to the translator whole, so translators see complete sentences.
A paragraph with a count is a `{% trans count=... %}...{% pluralize %}` block
handed to the translator's real `ngettext`: the count picks the form, and the
number itself is printed from a variable written the locale's way.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from ttgbuild.packs.jugger import TEMPLATES
from ttgbuild.packs.jugger.render import icons
from ttgbuild.packs.jugger.render.labels import sheet_label
from ttgbuild.packs.jugger.render.tiling import board_size, tiling
from ttgbuild.render import style, text
from ttgbuild.render.context import RenderContext
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.render.sheet import RULER
from ttgbuild.render.templating import environment

MARGIN = 15 * mm


def guide_blocks(ctx: RenderContext) -> list[tuple[bool, str]]:
    """(is_heading, text) blocks of the assembly guide in the context's locale."""
    env = environment(TEMPLATES)
    tr = ctx.tr
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=tr._, ngettext=tr.ngettext, newstyle=True
    )
    tiles = 0
    if ctx.content.board is not None:
        tiles = tiling(board_size(ctx.content.board), ctx.settings.page).count
    rendered = env.get_template("assembly.j2").render(
        ruler=tr.number(round(RULER / mm)),
        tiles=tr.number(tiles),
        tile_count=tiles,
        duplex=ctx.settings.duplex,
    )
    blocks = []
    for chunk in rendered.split("\n\n"):
        chunk = text.squeeze(chunk)  # keeps no-break spaces
        if chunk:
            heading = chunk.startswith("# ")
            blocks.append((heading, chunk[2:] if heading else chunk))
    return blocks


def render(ctx: RenderContext) -> bytes:
    tr = ctx.tr
    page_w, page_h = ctx.settings.page
    canvas, buffer = new_canvas(
        ctx.settings.page, sheet_label(tr, "document_title", "guide"), "guide", tr.locale
    )
    ctx.progress("guide: assembly guide")
    paragraphs: list[list[text.Span]] = []
    for heading, value in guide_blocks(ctx):
        if paragraphs:
            paragraphs.append([])
        paragraphs.append(ctx.spans(value, bold=heading))
    where = ctx.kit_where("assembly guide", "text")
    width, height = page_w - 2 * MARGIN, page_h - 2 * MARGIN - 10 * mm
    block = ctx.fit(paragraphs, width, height, 12, 7, text.SANS, where)
    canvas.setFillColor(style.INK)
    text.draw(canvas, block, MARGIN, page_h - MARGIN, text.SANS, icons.INLINE.draw)
    ctx.furniture.on_margin_sheet(canvas, MARGIN)
    canvas.showPage()
    return finish(canvas, buffer)
