"""Jugger TTG's own colours, shared by its painters.

The engine's style.py holds only what every game's pages use (ink, paper,
rules, headers); the colours of points, teams, decks and the pitch are
this game's, and each painter reads them here
rather than from another painter. A colour the layout files name is read from
their `theme:` (data/layouts/*.layout.yaml), not written here a second time.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from ttgbuild.packapi.content import load_document
from ttgbuild.packapi.diagnostics import display_path
from ttgbuild.packs.jugger import HERE

LAYOUTS = HERE / "data" / "layouts"


class _Theme(dict[str, Color]):
    """Colours by name; one the layout files lack or misspell reads as MISSING."""

    def __missing__(self, name: str) -> Color:
        return MISSING


# Importing the drawing code must not fail on a broken layout file: `validate`
# imports it for the drawings' names, then reports the file's problems located
# (JT002 YAML, JT053 a colour, JT072 a name), and a build stops there, before
# anything is drawn. Until then a colour the files do not give stands in as this.
MISSING = HexColor("#ff00ff")


def _layout_theme(*names: str) -> _Theme:
    """The colours the named layout files declare (`theme:`), by name.

    The cards and tokens those files draw and the pictures drawn here (icons,
    diagrams, the board) print the same colours: the files state them once.
    """
    colours = _Theme()
    for name in names:
        path = LAYOUTS / f"{name}.layout.yaml"
        doc, _problems = load_document(path, display_path(path, HERE.parents[2]))
        theme = doc.data.get("theme") if doc is not None else None
        for key, value in theme.items() if isinstance(theme, dict) else ():
            try:
                colours[key] = HexColor(value)
            except (ValueError, TypeError, AttributeError):
                continue  # validate reports it at the file (JT053)
    return colours


_THEME = _layout_theme("cards", "tokens")
FOCUS = _THEME["focus"]
STAMINA = _THEME["stamina"]
GOLD = _THEME["gold"]
EYE_RED = _THEME["eye-red"]
# Icons stand out 3:1 from what they sit on (tests/test_contrast.py): the grey of a free
# talent on the card's tint, the light foot (dark orange on a paper disc) on any ground.
FREE = HexColor("#737884")
LIGHT_FOOT = HexColor("#c25e00")
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
