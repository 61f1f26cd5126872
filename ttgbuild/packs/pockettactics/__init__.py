"""Pocket-Tactics as an installed game pack: data plus the game logic data cannot hold.

Record kinds, schemas, rule checks, card layouts and sheets are data in
`data/` (pack.yaml, read by `ttgbuild.source.datapack.packaged`). The Python
here is only what the game's rules need computed: exact assault odds
(`odds.py`, the `assault-odds` command in `commands.py`), the hex tiles',
tokens' and mats' pages, the rules, the reference and the guide (`kit/`), and the
functions check files and layouts call (`functions.py`). The engine finds
it through the entry point `pocket-tactics` in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.packapi.pack import Component, PrintPlan, Ref, packaged

_AT = __name__ + "."

# Kit files the pack draws itself, after the data one (cards.pdf): hex and token
# geometry, and the reference and guide with their diagrams.
EXTRA = (
    Component(
        "rules.pdf",
        "the complete rules of play",
        Ref(_AT + "kit.rules:render"),  # book mode (data/sheets/rules.sheet.yaml) with diagrams
    ),
    Component(
        "reference.pdf",
        "two-page reference with odds",
        Ref(_AT + "kit.reference:render"),
        printing=PrintPlan(sides="both", stock="card"),
    ),
    Component(
        "tiles.pdf",
        "hex terrain tiles and bases, with backs",
        Ref(_AT + "kit.pages:tiles"),
        printing=PrintPlan(sides="both", stock="card"),
    ),
    Component(
        "tokens.pdf",
        "fold-over unit tokens in faction colours",
        Ref(_AT + "kit.pages:tokens"),
        printing=PrintPlan(stock="thin_card"),
    ),
    Component(
        "mats.pdf",
        "reserve and captured mats, die nets",
        Ref(_AT + "kit.pages:mats"),
        printing=PrintPlan(stock="thin_card"),  # the die nets below the mats are folded
    ),
    Component(
        "guide.pdf",
        "assembly guide with diagrams",
        Ref(_AT + "kit.guide:render"),
        after_kit=True,  # its print plan counts the other files' pages
    ),
)

PACK = packaged(
    Path(__file__).resolve().parent / "data",
    __name__,
    EXTRA,
    functions=Ref(_AT + "functions:FUNCTIONS"),
    drawings=Ref(_AT + "kit.art:DRAWINGS"),
    commands=Ref(_AT + "commands:add_commands"),
)
