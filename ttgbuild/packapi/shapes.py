"""Shapes: polygons drawn on a canvas."""

from ttgbuild.render.shapes import polygon

__all__ = ["polygon"]
