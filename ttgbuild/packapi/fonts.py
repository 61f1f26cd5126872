"""The engine's fonts and string widths. Used as a namespace (`fonts.BOLD`)."""

from ttgbuild.render.fonts import BOLD, CONDENSED, REGULAR, width

__all__ = ["BOLD", "CONDENSED", "REGULAR", "width"]
