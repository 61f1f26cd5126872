"""Dungeon Bowl as a ttgbuild game pack: data in `data/`, game logic in Python.

The record kinds, schemas, checks, layouts, sheets and kit list are data
(`data/pack.yaml`); this package adds only what data cannot say: exact odds
and modified reach of the dice tables, the dungeon grid's geometry, roster
arithmetic (`functions.py`), the `ttgbuild dungeon-bowl` command, and the
kit files drawn in Python (the rules with their diagrams, the dungeon board, tokens and
dice).
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.packapi.pack import Component, PrintPlan, Ref, packaged

_AT = __name__ + "."

PACK = packaged(
    Path(__file__).parent / "data",
    __name__,
    (
        Component(
            "rules.pdf",
            "the complete rules of play",
            # a sheet in book mode (data/sheets/rules.sheet.yaml), drawn here for its diagrams
            Ref(_AT + "render.rulefigures:render"),
        ),
        Component(
            "dungeon.pdf",
            "the dungeon on one sheet and tiled at full size, the dugout mats",
            Ref(_AT + "render.board:render"),
        ),
        Component(
            "dungeon-print-shop.pdf",
            "the whole dungeon at full size on one poster sheet, with bleed, for a print shop",
            Ref(_AT + "render.board:render_print_shop"),
            printing=PrintPlan(stock="poster"),
        ),
        Component(
            "tokens.pdf",
            "fold-over player, portal, chest and marker tokens; block-die nets; range ruler",
            Ref(_AT + "render.tokens:render"),
            printing=PrintPlan(stock="thin_card"),
        ),
        Component(
            "block.pdf",
            "reference: block dice and results with exact odds, range ruler bands, pass and"
            " throw tables, scatter and rebound templates",
            # a sheet file (data/sheets/block.sheet.yaml), drawn here for its two templates
            Ref(_AT + "render.reference:render"),
        ),
        Component(
            "roster-form.pdf",
            "a blank league roster to fill in by hand",
            Ref(_AT + "render.form:render"),
        ),
    ),
    functions=Ref(_AT + "functions:FUNCTIONS"),
    commands=Ref(_AT + "commands:add_commands"),
    drawings=Ref(_AT + "render.drawings:DRAWINGS"),
)
