"""The engine's print colours (ink, paper, cut lines, tints). Used as a namespace
(`style.INK`).
"""

from ttgbuild.render.style import CARD_TINT, CUT, HEADER, INK, MUTED, PAPER

__all__ = ["CARD_TINT", "CUT", "HEADER", "INK", "MUTED", "PAPER"]
