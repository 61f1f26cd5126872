"""Jugger TTG's own colours and measures, shared by its painters.

The engine's style.py holds only what every game's pages use (ink, paper,
rules, headers); the colours of points, teams, decks and the pitch, and the
size of a board hex, are this game's, and each painter reads them here
rather than from another painter.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm

from ttgbuild.render import style

FOCUS = HexColor("#2c6fb7")
STAMINA = HexColor("#c9443a")
FREE = HexColor("#8a8f99")
ORANGE = HexColor("#ee8a1d")
GOLD = HexColor("#f2c230")
EYE_GREEN = HexColor("#35a853")
EYE_RED = HexColor("#d2352b")
PITCH = HexColor("#cfe5c4")
HEX_LINE = HexColor("#86a97a")
BACK_ACCENT = HexColor("#e9b949")

TEAM_COLOURS: dict[str, Color] = {"red": HexColor("#c8372d"), "blue": HexColor("#2a5da8")}
DECK_COLOURS: dict[str, Color] = {
    "hero": HexColor("#2f3b4c"),
    "weapon": HexColor("#6b3f2a"),
    "stone": HexColor("#5d6b4a"),
    "point": HexColor("#7a2f4f"),
}
# A counter's disc colour, by counter name (the crouch template is a hex).
COUNTER_COLOURS: dict[str, Color] = {
    "focus": FOCUS,
    "stamina": STAMINA,
    "team_synergy": GOLD,
    "delay": HexColor("#7b6aa6"),
    "crouch_count": HexColor("#8a5a3b"),
    "chain_ready": HexColor("#44505f"),
    "exhausted": HexColor("#a0522d"),
    "pinned": HexColor("#8c2f39"),
    "held": HexColor("#5a3d7a"),
    "initiative": style.HEADER,
    "jugg": style.PAPER,
    "crouch_template": HexColor("#dcd3c3"),
}

HEX_ACROSS = 26 * mm  # a board hex, flat to flat: a field token's base fits inside
