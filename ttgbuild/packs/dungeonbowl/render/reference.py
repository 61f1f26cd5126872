"""block.pdf: the block reference, a one-page sheet file drawn here for its two templates.

The words are data (data/sheets/block.sheet.yaml), laid out like every
reference sheet (the engine's `sheet_page`); the pack draws the page itself
only to hand the sheet the scatter and rebound templates, drawn by the same
code as in rules.pdf (render/rulefigures.py), so a player rolling a scatter
or a rebound at the table finds the template on the sheet it already holds.
"""

from __future__ import annotations

from ttgbuild.packapi.content import kinds
from ttgbuild.packapi.diagnostics import Origin, display_path
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import SheetLayout
from ttgbuild.packapi.kit import printed_variants, sheet_page
from ttgbuild.packapi.layouts import pack_sheets, shown_from
from ttgbuild.packs.dungeonbowl import PACK
from ttgbuild.packs.dungeonbowl.functions import FUNCTIONS
from ttgbuild.packs.dungeonbowl.render.paper import INK
from ttgbuild.packs.dungeonbowl.render.rulefigures import figures

SHEET = "block"


def render(ctx: RenderContext) -> bytes:
    """The page under the sheet's title and the game's name; its expressions see what
    the other sheets' do (content kinds, functions, `variants`, `game_title`)."""
    if ctx.content_dir is None:
        raise ValueError("the block reference is drawn for a project (ctx.content_dir)")
    project = ctx.content_dir.parent
    sheets = pack_sheets(PACK, project)
    names = {
        **FUNCTIONS,
        **kinds(ctx.content),
        "variants": printed_variants(project, PACK, ctx.tr),
        "game_title": PACK.title,
    }
    layout = SheetLayout(sheets, ctx.tr, ctx.icons.names, names, figures(ctx), {})
    pdf_title = layout.title(SHEET) or PACK.title
    canvas, buffer = new_canvas(ctx.settings.page, pdf_title, SHEET, ctx.tr.locale)
    sheet_page(ctx, canvas, layout, SHEET, PACK.title, _origin(ctx), INK)
    return finish(canvas, buffer)


def _origin(ctx: RenderContext) -> Origin:
    """The sheet file, as problems on the page point to it."""
    folder = PACK.sheets
    if folder is None or ctx.content_dir is None:
        raise ValueError("the block reference needs the pack's sheets and a project")
    shown = shown_from(PACK, folder, ctx.content_dir.parent)
    return Origin(display_path((folder / f"{SHEET}.sheet.yaml").resolve(), shown))
