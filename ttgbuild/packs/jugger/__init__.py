"""Jugger TTG ("Dogskull Heroes") as a ttgbuild game pack.

The engine finds this pack through the entry point `jugger-ttg` in the
`ttgbuild.packs` group (pyproject.toml) and never imports it by name.
Everything the engine needs is declared here; the renderers, checks and
commands are named by reference and imported only when used.
"""

from __future__ import annotations

from pathlib import Path

import ttgbuild
from ttgbuild.packapi.pack import Component, Listing, Pack, Ref

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"  # render/guide.py and render/rulebook.py draw them
_AT = __name__ + "."

PACK = Pack(
    name="jugger-ttg",
    title="Jugger TTG",
    version=ttgbuild.__version__,  # shipped inside ttgbuild
    code_prefix="JT",
    package=__name__,
    schemas=HERE / "schemas",
    templates=TEMPLATES,
    files={
        "rules.yaml": "rules",
        "weapons.yaml": "weapons",
        "teams.yaml": "teams",
        "board.yaml": "board",
        "kit.yaml": "kit",
    },
    folders={"heroes": "hero", "talents": "talent"},
    new_content=Ref(_AT + "model:Content"),
    build_content=Ref(_AT + "content:build"),
    register=Ref(_AT + "checks:register"),
    # Slowest to draw first: workers that take the big jobs first finish together.
    components=(
        Component(
            "quickref.pdf", "quick reference, two sides", Ref(_AT + "render.quickref:render")
        ),
        Component("rules.pdf", "rules of play", Ref(_AT + "render.rulebook:render")),
        Component(
            "cards.pdf",
            "hero, weapon and position cards",
            Ref(_AT + "render.cards:render"),
            deck=True,  # drawn by draw_layout: a large one is drawn in parts on every core
        ),
        Component(
            "tokens.pdf",
            "field tokens, counters, dice",
            Ref(_AT + "render.tokens:render"),
            words_read=True,  # the guide finds its sections by their headings
        ),
        Component(
            "board.pdf", "the hex board in tiles, player mats", Ref(_AT + "render.board:render")
        ),
        Component(
            "board-print-shop.pdf",
            "the hex board on one poster sheet with bleed, for a print shop",
            Ref(_AT + "render.board:render_print_shop"),
        ),
        Component(  # its print plan counts the pages of the files drawn before it
            "guide.pdf", "assembly guide", Ref(_AT + "render.guide:render"), after_kit=True
        ),
    ),
    references={"hero": ("talents", "talent")},
    listings=(
        Listing("heroes", ("id", "name", "cost", "team", "country", "preferred", "reflexes")),
        Listing(
            "weapons",
            ("id", "name", "attack", "defence", "range", "crouch_count", "chain"),
            sort_by_id=False,  # weapons keep the order of table 1
        ),
        Listing(
            "talents", ("id", "name", "keyword", "cost_kind", "cost_amount", "required", "trigger")
        ),
    ),
    context_kinds={
        "talent": ("talent", "talent"),
        "teams": ("team", "team (club) name"),
        "weapons": ("weapon", "weapon"),
        "qwik": ("qwik", "the Qwik position card"),
        "reaction_triggers": ("trigger", "reaction trigger"),
    },
    field_roles={
        "name": "name printed as a heading",
        "text": "rules text printed on hero cards",
        "trigger:name": "the game event a reaction answers, read after 'React when'",
    },
    boxes=Ref(_AT + "render.boxes:BY_CONTEXT"),
    schema_order=(
        ("hero.schema.json", "content/heroes/<id>.yaml"),
        ("talent.schema.json", "content/talents/<id>.yaml"),
        ("weapons.schema.json", "content/weapons.yaml"),
        ("teams.schema.json", "content/teams.yaml"),
        ("rules.schema.json", "content/rules.yaml"),
        ("board.schema.json", "content/board.yaml"),
        ("kit.schema.json", "content/kit.yaml"),
        ("team-file.schema.json", "a team file for `ttgbuild team check`"),
    ),
    commands=Ref(_AT + "commands:add_commands"),
    before_build=Ref(_AT + "kitsize:kit_size"),  # JT904, before anything is drawn
    icons=Ref(_AT + "render.icons:INLINE"),
    place=Ref(_AT + "render.game:place"),
    asset_folders=("art",),  # portraits
    newstyle_templates=("assembly.j2",),  # render/guide.py
    sheets=HERE / "data" / "sheets",  # the quick reference and shared labels (render/quickref)
    layouts=HERE / "data" / "layouts",  # cards.pdf's faces and decks (render/cards.py)
    checks=tuple(sorted((HERE / "data" / "checks").glob("*.checks.yaml"))),  # rules.py: the rest
    book=HERE / "data" / "book.yaml",  # what the published rules state: validate compares
    functions=Ref(_AT + "checkfunctions:FUNCTIONS"),  # the game logic check files call
    drawings=Ref(_AT + "render.cards:DRAWINGS"),  # the pictures a layout draws by name
    # ttgbuild sheet export: a hero's attributes added up, to weigh against its cost.
    sheet_columns={
        "hero": {
            "point total": "will + reflexes + fortitude + light_feet"
            " + attack + defence + focus + stamina"
        }
    },
)
