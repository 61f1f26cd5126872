"""Jugger TTG's own colours, shared by its painters.

The engine's style.py holds only what every game's pages use (ink, paper,
rules, headers); the colours of points, teams, decks and the pitch are
this game's, and each painter reads them here
rather than from another painter. A colour the layout files name is read from
their `theme:` (data/layouts/*.layout.yaml), not written here a second time.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from ttgbuild.core.diagnostics import LocatedError
from ttgbuild.core.paths import display_path
from ttgbuild.packs.jugger import HERE
from ttgbuild.source.yamlsource import load_document

LAYOUTS = HERE / "data" / "layouts"


def _layout_theme(*names: str) -> dict[str, Color]:
    """The colours the named layout files declare (`theme:`), by name.

    The cards and tokens those files draw and the pictures drawn here (icons,
    diagrams, the board) print the same colours: the files state them once.
    """
    colours: dict[str, Color] = {}
    for name in names:
        path = LAYOUTS / f"{name}.layout.yaml"
        doc, problems = load_document(path, display_path(path, HERE.parents[2]))
        if doc is None:
            raise LocatedError(problems[0])
        colours |= {key: HexColor(value) for key, value in doc.data.get("theme", {}).items()}
    return colours


_THEME = _layout_theme("cards", "tokens")
FOCUS = _THEME["focus"]
STAMINA = _THEME["stamina"]
GOLD = _THEME["gold"]
EYE_RED = _THEME["eye-red"]
FREE = HexColor("#8a8f99")
ORANGE = HexColor("#ee8a1d")
EYE_GREEN = HexColor("#35a853")
PITCH = HexColor("#cfe5c4")
HEX_LINE = HexColor("#86a97a")

TEAM_COLOURS: dict[str, Color] = {side: _THEME[side] for side in ("red", "blue")}
DECK_COLOURS: dict[str, Color] = {
    deck: _THEME[deck] for deck in ("hero", "weapon", "stone", "point")
}
# Counter colours, by counter name, that a diagram draws too (tokens.pdf prints them all).
COUNTER_COLOURS: dict[str, Color] = {"crouch_template": _THEME["crouch-template"]}
