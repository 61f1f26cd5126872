"""Dice nets: a die's faces laid out as a net to cut and fold. Used as a namespace
(`dicenet.draw(...)`).
"""

from ttgbuild.render.layout.dicenet import CUBE, draw, size

__all__ = ["CUBE", "draw", "size"]
