"""Jugger's layout files (data/layouts/*.layout.yaml), loaded once with the pack's parts.

Every kit file drawn from a layout asks here, so each file is read and
checked once per process with the same label boxes and drawings `validate`
checks it with (the pack's `boxes` and `drawings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.packapi.drawing import RenderContext
from ttgbuild.packapi.layouts import Drawing, Layout, LayoutError, PackParts, Pieces, load_layouts
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import boxes

LAYOUTS = Path(__file__).resolve().parents[1] / "data" / "layouts"
ROOT = Path(__file__).resolve().parents[4]  # the folder the ttgbuild package sits in
BOXES = {box.name: box for box in boxes.BOXES}


@cache
def drawings() -> Mapping[str, Drawing]:
    """The pack's pictures by name, as the pack declares them (`Pack.drawings`)."""
    assert PACK.drawings is not None
    return PACK.drawings.load()


def layout(name: str) -> Layout:
    """The checked layout `name`; a broken file is reported by `validate` before a build."""
    found, problems = load_layouts(LAYOUTS, ROOT, frozenset(BOXES), frozenset(drawings()))
    if name not in found:
        raise LayoutError(problems[0]) if problems else FileNotFoundError(LAYOUTS / name)
    return found[name]


def pieces(ctx: RenderContext, canvas: Canvas, name: str) -> Pieces:
    """The faces and messages of the layout `name`, to place one at a time on `canvas`."""
    return Pieces(ctx, canvas, layout(name), PackParts(BOXES, drawings()))
