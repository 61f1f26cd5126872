"""Colours and measures shared by every component, so the kit looks like one game."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

INK = HexColor("#1d1f24")
PAPER = HexColor("#ffffff")
MUTED = HexColor("#5b6270")
RULE = HexColor("#b9bfc9")
CARD_TINT = HexColor("#f3efe6")
HEADER = HexColor("#2f3b4c")
FOCUS = HexColor("#2c6fb7")
STAMINA = HexColor("#c9443a")
FREE = HexColor("#8a8f99")
ORANGE = HexColor("#ee8a1d")
GOLD = HexColor("#f2c230")
EYE_GREEN = HexColor("#35a853")
EYE_RED = HexColor("#d2352b")
PITCH = HexColor("#cfe5c4")
HEX_LINE = HexColor("#86a97a")
CUT = HexColor("#000000")
BACK = HexColor("#2f3b4c")
BACK_ACCENT = HexColor("#e9b949")

TEAM_COLOURS: dict[str, Color] = {"red": HexColor("#c8372d"), "blue": HexColor("#2a5da8")}
DECK_COLOURS: dict[str, Color] = {
    "hero": HexColor("#2f3b4c"),
    "weapon": HexColor("#6b3f2a"),
    "stone": HexColor("#5d6b4a"),
    "point": HexColor("#7a2f4f"),
}
