"""reference.pdf: two pages a player keeps at the table, from two sheet files.

Page 1 (reference-turn) is setting up, the turn, random movement with the
direction diagram, tunnels and line of sight; page 2 (reference-assault) is
the assault procedure with the worked example, re-rolls, bases, hazards,
ability tests and the exact odds. The words are data (data/sheets/); this
module hands the sheets the odds computed by odds.py and draws the two
figures and the page (title band, two columns, furniture).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi import fonts, style, text
from ttgbuild.packapi.content import kinds
from ttgbuild.packapi.diagnostics import Origin, display_path
from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packapi.flow import Figure, FigureMaker, SheetLayout
from ttgbuild.packapi.kit import printed_variants, sheet_page
from ttgbuild.packapi.layouts import pack_sheets, shown_from
from ttgbuild.packs.pockettactics import PACK
from ttgbuild.packs.pockettactics.functions import FUNCTIONS
from ttgbuild.packs.pockettactics.kit.art import INK, edge_midpoint, hexagon
from ttgbuild.packs.pockettactics.matchup import pool_of
from ttgbuild.packs.pockettactics.odds import Pool, ability_test_chance, hit_chance

PAGES = ("reference-turn", "reference-assault")
RED, BLUE = HexColor("#b23a2e"), HexColor("#2f5f9e")


def render(ctx: RenderContext) -> bytes:
    """Both pages, each under its sheet's title and the game's name; the sheets also see
    `variants`, this kit's declared changes to the published rules as printed (none when
    it plays the book)."""
    if ctx.content_dir is None:
        raise ValueError("the reference is drawn for a project (ctx.content_dir)")
    project = ctx.content_dir.parent
    sheets = pack_sheets(PACK, project)
    shown = {**names(ctx.content), "variants": printed_variants(project, PACK, ctx.tr)}
    layout = SheetLayout(sheets, ctx.tr, ctx.icons.names, shown, figures(ctx), {})
    canvas, buffer = new_canvas(ctx.settings.page, PACK.title, "reference", ctx.tr.locale)
    for name in PAGES:
        ctx.progress(f"reference: {name}")
        sheet_page(ctx, canvas, layout, name, PACK.title, sheet_origin(ctx, name), INK)
    return finish(canvas, buffer)


def names(content: Any) -> dict[str, Any]:
    """What the sheets' expressions read: the content's kinds, the pack's functions, the odds."""
    game = content.game
    unmatched = game["assault"]["unmatched"]
    odds = [
        {
            "offence": _shown(pool_of(row["offence"])),
            "defence": _shown(pool_of(row["defence"])),
            "hit": hit_chance(pool_of(row["offence"]), pool_of(row["defence"]), unmatched),
        }
        for row in game["odds"]
    ]
    shown = game["reference"]  # which tests the table shows: content, like the odds rows
    targets = [int(target) for target in shown["test_targets"]]
    tests = [
        {"dice": n, "chances": [ability_test_chance(Pool(int(n)), t) for t in targets]}
        for n in shown["test_dice"]
    ]
    return {
        **FUNCTIONS,
        **kinds(content),
        "odds": odds,
        "test_odds": tests,
        "test_targets": targets,
    }


def _shown(pool: Pool) -> str:
    return str(pool.dice) if pool.kicker is None else f"{pool.dice} ({pool.kicker})"


def figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    """The direction diagram and the worked example of an assault, both from content."""
    directions = {int(row["face"]): str(row["edge"]) for row in ctx.content.game["directions"]}
    rolled = ctx.content.game["reference"]["example"]

    def direction(labels: Mapping[str, str]) -> Figure:
        del labels  # faces and edges only: no words
        return Figure(34 * mm, lambda c, x, y, w, h: direction_diagram(c, x, y, w, h, directions))

    fit = ctx.fitter((sheet_origin(ctx, PAGES[1]), "reference", "worked example"))

    def example(labels: Mapping[str, str]) -> Figure:
        return Figure(
            30 * mm, lambda c, x, y, w, h: worked_example(c, x, y, w, h, labels, rolled, fit)
        )

    return {"direction_diagram": direction, "worked_example": example}


def direction_diagram(
    canvas: Canvas, x: float, y: float, w: float, h: float, directions: Mapping[int, str]
) -> None:
    """A hex with each edge marked by the die face that sends a random move through it."""
    radius = min(w / 2, h / 2) * 0.62
    cx, cy = x + w / 2, y + h / 2
    canvas.setFillColor(HexColor("#cfe3a8"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    hexagon(canvas, cx, cy, radius, 1, 1)
    side = radius * 0.36
    for face, edge in sorted(directions.items()):
        ex, ey = edge_midpoint(cx, cy, radius, edge)
        dx, dy = (ex - cx), (ey - cy)
        canvas.setStrokeColor(INK)
        canvas.line(cx + dx * 0.2, cy + dy * 0.2, cx + dx * 0.8, cy + dy * 0.8)
        _die(canvas, cx + dx * 1.35 - side / 2, cy + dy * 1.35 - side / 2, side, face, INK)
    canvas.setFillColor(INK)
    canvas.circle(cx, cy, radius * 0.08, 0, 1)


def worked_example(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    labels: Mapping[str, str],
    rolled: Mapping[str, Any],
    fit: Callable[..., text.Fitted],
) -> None:
    """The worked example as dice (content: game.reference.example): the attacker's strike,
    then the defender's counter, each pair marked hit or tie; both units are captured
    (PT123 holds the content to that, so the caption stays true). Its words are fitted
    by `fit` (the context's), so a translation too long for its place is reported."""
    attacker, defender = labels.get("attacker", ""), labels.get("defender", "")
    strike, counter = rolled["strike"], rolled["counter"]
    longest = max(len(strike["offence"]), len(counter["offence"]), 1)
    side = min(h / 5.2, w / 11, w * 0.45 / (longest * 1.4 - 0.4))  # each side in 45 % of w
    rows = [
        (attacker, list(strike["offence"]), RED, defender, list(strike["defence"]), BLUE),
        (defender, list(counter["offence"]), RED, attacker, list(counter["defence"]), BLUE),
    ]
    top = y + h
    for index, (left_name, left, left_colour, right_name, right, right_colour) in enumerate(rows):
        row_y = top - (index + 1) * (h / 2) + side * 0.5
        _words(canvas, fit, left_name, (x, row_y + side * 1.15, w * 0.45), 7.0)
        _words(canvas, fit, right_name, (x + w * 0.55, row_y + side * 1.15, w * 0.45), 7.0)
        for k, (a, b) in enumerate(zip(left, right, strict=True)):
            ax = x + k * side * 1.4
            bx = x + w * 0.55 + k * side * 1.4
            _die(canvas, ax, row_y, side, a, left_colour, filled=True)
            _die(canvas, bx, row_y, side, b, right_colour, filled=True)
            mark = labels.get("hit", "") if a > b else labels.get("tie", "")
            place = (ax - side * 0.15, row_y - side * 0.55, side * 1.3)
            _words(canvas, fit, mark, place, side * 0.45, bold=False, align="center")
        canvas.setFont(fonts.BOLD, side * 0.7)
        canvas.drawCentredString(x + w * 0.5, row_y + side * 0.25, "\u203a")  # a right angle quote
    captured = (x, y + side * 0.1, w)
    _words(canvas, fit, labels.get("captured", ""), captured, side * 0.5, align="right")


def _words(
    canvas: Canvas,
    fit: Callable[..., text.Fitted],
    words: str,
    place: tuple[float, float, float],
    largest: float,
    bold: bool = True,
    align: str = "left",
) -> None:
    """One line of words at `place` (left, baseline, width), from `largest` down to half
    of it; words that do not fit on one line even so are reported by `fit` (JT901)."""
    if not words:
        return
    x, baseline, width = place
    block = fit(
        [text.spans(words, bold=bold)],
        width,
        largest * text.LEADING,
        largest,
        largest / 2,
        text.SANS,
    )
    used = max((line[-1].x + line[-1].width for line in block.lines if line), default=0.0)
    shift = {"left": 0.0, "center": (width - used) / 2, "right": width - used}[align]
    canvas.setFillColor(style.INK)
    text.draw(canvas, block, x + shift, baseline + block.size * text.ASCENT, text.SANS, _no_icon)


def _no_icon(canvas: Canvas, name: str, x: float, y: float, size: float) -> None:
    """The example's words are plain (labels from the sheet), so they hold no icons."""
    del canvas, name, x, y, size


def _die(
    canvas: Canvas, x: float, y: float, side: float, face: int, colour: Any, filled: bool = False
) -> None:
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour if filled else white)
    canvas.setLineWidth(0.8)
    canvas.roundRect(x, y, side, side, side * 0.2, 1, 1)
    canvas.setFillColor(white if filled else colour)
    canvas.setFont(fonts.BOLD, side * 0.62)
    canvas.drawCentredString(x + side / 2, y + side * 0.28, str(face))


def sheet_origin(ctx: RenderContext, name: str) -> Origin:
    """The sheet file of page `name`, as problems on that page point to it."""
    sheets = PACK.sheets
    if sheets is None or ctx.content_dir is None:
        raise ValueError("the reference needs the pack's sheets and a project")
    shown = shown_from(PACK, sheets, ctx.content_dir.parent)
    return Origin(display_path((sheets / f"{name}.sheet.yaml").resolve(), shown))
