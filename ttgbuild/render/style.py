"""The colours every page uses (text, rules, headers, cut marks), so a kit looks like one game.

A game's own colours (its points, teams, decks) live in its pack's theme.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

INK = HexColor("#1d1f24")
PAPER = HexColor("#ffffff")
MUTED = HexColor("#5b6270")
RULE = HexColor("#b9bfc9")
CARD_TINT = HexColor("#f3efe6")
HEADER = HexColor("#2f3b4c")
CUT = HexColor("#000000")
