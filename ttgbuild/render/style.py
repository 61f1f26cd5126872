"""The colours every page uses (text, rules, headers, cut marks), so a kit looks like one game.

Their values are core/colours.py's, the ones layout files name. A game's own
colours (its points, teams, decks) live in its pack's theme.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from ttgbuild.core.colours import ENGINE_COLOURS

INK = HexColor(ENGINE_COLOURS["ink"])
PAPER = HexColor(ENGINE_COLOURS["paper"])
MUTED = HexColor(ENGINE_COLOURS["muted"])
RULE = HexColor(ENGINE_COLOURS["rule"])
CARD_TINT = HexColor(ENGINE_COLOURS["card-tint"])
HEADER = HexColor(ENGINE_COLOURS["header"])
CUT = HexColor(ENGINE_COLOURS["cut"])
