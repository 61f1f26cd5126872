"""roster-form.pdf: a blank league roster to fill in by hand.

One ruled line per player a roster may hold (game.roster.max_players), a
column per characteristic of the game, and the league's marks: niggling
injuries, a missed next match, death. A sheet file flows into two narrow
columns; a form needs the page's whole width and tall lines to write on.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from ttgbuild.packapi.drawing import RenderContext, finish, new_canvas
from ttgbuild.packs.dungeonbowl.render import paper

LINE = 13 * mm  # a handwritten line
HEAD = 9 * mm


def render(ctx: RenderContext) -> bytes:
    tr = ctx.tr
    game = ctx.content.game
    where = (game.origin, "roster form", "columns")
    canvas, buffer = new_canvas(ctx.settings.page, "Dungeon Bowl", "roster form", tr.locale)
    width, height = ctx.settings.page
    paper.heading(ctx, canvas, tr.pgettext("roster form", "Team roster"), where)
    top = height - paper.MARGIN - 14 * mm
    inner = width - 2 * paper.MARGIN
    fields = [
        tr.pgettext("roster form", "Team:"),
        tr.pgettext("roster form", "Coach:"),
        tr.pgettext("roster form", "Treasury:"),
        tr.pgettext("roster form", "Team value:"),
    ]
    for index, words in enumerate(fields):
        x = paper.MARGIN + (index % 2) * inner / 2
        y = top - (index // 2 + 1) * 9 * mm
        paper.label(
            ctx, canvas, words, (x, y, 30 * mm, 7 * mm), (10, 7), where, bold=True, align="left"
        )
        canvas.setStrokeColor(paper.STONE)
        canvas.line(x + 31 * mm, y + 1 * mm, x + inner / 2 - 4 * mm, y + 1 * mm)
    top -= 24 * mm
    shorts = [c["short"] for c in game["characteristics"]]
    # (header, share of the width): fixed narrow columns, the rest to names and skills
    columns = [
        ("#", 0.05),
        (tr.pgettext("roster form", "Player"), 0.2),
        (tr.pgettext("roster form", "Position"), 0.14),
    ]
    columns += [(short, 0.045) for short in shorts]
    columns += [
        (tr.pgettext("roster form", "Skills and traits"), 0.0),
        (tr.pgettext("roster form", "Lost"), 0.06),
        (tr.pgettext("roster form", "NI"), 0.05),
        (tr.pgettext("roster form", "MNG"), 0.06),
        (tr.pgettext("roster form", "Dead"), 0.06),
    ]
    rest = 1 - sum(share for _, share in columns)
    widths = [(share or rest) * inner for _, share in columns]
    rows = game["roster"]["max_players"]
    canvas.setFillColor(paper.INK)
    canvas.rect(paper.MARGIN, top - HEAD, inner, HEAD, fill=1, stroke=0)
    x = paper.MARGIN
    for (words, _), w in zip(columns, widths, strict=True):
        paper.label(
            ctx,
            canvas,
            words,
            (x + 0.5 * mm, top - HEAD, w - 1 * mm, HEAD),
            (8, 5),
            where,
            bold=True,
            colour=paper.PAPER,
        )
        x += w
    canvas.setStrokeColor(paper.STONE)
    canvas.setLineWidth(0.5)
    bottom = top - HEAD - rows * LINE
    for row in range(rows + 1):
        y = top - HEAD - row * LINE
        canvas.line(paper.MARGIN, y, paper.MARGIN + inner, y)
    x = paper.MARGIN
    for w in widths:
        canvas.line(x, top - HEAD, x, bottom)
        x += w
    canvas.line(x, top - HEAD, x, bottom)
    # Translators: {least} and {most} are numbers of players, {budget} a number of
    # thousands of crowns, {dungeon} a number of players.
    note = tr.pgettext(
        "roster form",
        "A roster holds {least} to {most} players and starts with a budget of {budget} "
        "(costs are in thousands of crowns); "
        "at most {dungeon} of them are in the dungeon at once. "
        "Lost: characteristic points lost to injuries. NI: niggling injuries. "
        "MNG: misses the next match; clear the mark once that match is over.",
    )
    values = {
        "least": game["roster"]["min_players"],
        "most": rows,
        "budget": game["roster"]["budget"],
        "dungeon": game["roster"]["in_dungeon"],
    }
    box = (paper.MARGIN, bottom - 20 * mm, inner, 18 * mm)
    paper.label(ctx, canvas, tr.fill(note, values), box, (9, 6), where, align="left")
    paper.end_page(ctx, canvas)
    return finish(canvas, buffer)
