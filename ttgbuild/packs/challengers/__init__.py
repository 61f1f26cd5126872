"""Challengers! as a ttgbuild game pack: its record kinds, checks, layouts and sheets are data.

`data/pack.yaml` declares the game (read by `ttgbuild.source.datapack.packaged`);
this package adds only what data cannot say: the tournament schedules (built
and proven in `schedule.py`), the rarity a card's copies give (`rarity.py`),
the pictures the layouts draw by name (`drawings.py`), the kit files whose
geometry is code (`kit.py`: tokens with secret backs, park mats, diagrams) and
the `ttgbuild challengers` command (`commands.py`). The engine finds the pack
through the entry point `challengers` and imports the rest on first use.
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.packapi.pack import Component, PrintPlan, Ref, packaged

_AT = __name__ + "."

PACK = packaged(
    Path(__file__).resolve().parent / "data",
    __name__,
    (
        Component("rules.pdf", "the complete rules of play", Ref(_AT + "rulefigures:rules")),
        Component("diagrams.pdf", "a tournament diagram per seat", Ref(_AT + "kit:diagrams")),
        Component(
            "parks.pdf",
            "a mat per park",
            Ref(_AT + "kit:parks"),
            printing=PrintPlan(stock="thin_card"),
        ),
        Component(
            "tokens.pdf",
            "trophies with secret backs, fan tokens, flags",
            Ref(_AT + "kit:tokens"),
            printing=PrintPlan(sides="both", stock="card"),
        ),
    ),
    functions=Ref(_AT + "functions:FUNCTIONS"),
    drawings=Ref(_AT + "drawings:DRAWINGS"),
    commands=Ref(_AT + "commands:add_commands"),
)
