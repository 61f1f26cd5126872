"""A throwaway game pack for the tests: one kind of card, one rule, one printed file.

It proves the engine/pack boundary: the tests install it as its own
distribution (an entry point in a temporary site folder) and run the real
command line on a project of this game, which is not Jugger TTG.
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.packapi.pack import Component, Listing, Pack, Ref

HERE = Path(__file__).resolve().parent

PACK = Pack(
    name="tiny-game",
    title="Tiny Game",
    version="0.1",
    code_prefix="TG",
    package=__name__,
    schemas=HERE / "schemas",
    templates=None,
    files={"deck.yaml": "deck"},
    folders={"cards": "card"},
    new_content=Ref(__name__ + ".game:Content"),
    build_content=Ref(__name__ + ".game:build"),
    register=Ref(__name__ + ".game:register"),
    components=(Component("cards.pdf", "one card per record", Ref(__name__ + ".game:render")),),
    listings=(Listing("cards", ("id", "name", "cost")),),
    schema_order=(("card.schema.json", "content/cards/<id>.yaml"),),
    commands=Ref(__name__ + ".game:add_commands"),
)
