"""The ink saver (the kit without large fills): `ink.keep` draws a block in its own
colours in the saver kit too, and `contrast` is the WCAG ratio of two colours.
"""

from ttgbuild.render.ink import contrast, keep

__all__ = ["contrast", "keep"]
