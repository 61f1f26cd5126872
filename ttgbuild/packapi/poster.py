"""Posters: the smallest paper a print shop can print a board on."""

from ttgbuild.render.poster import smallest

__all__ = ["smallest"]
