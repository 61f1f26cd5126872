"""What Jugger checks before a build draws anything: the kit's size and the quick reference.

The engine calls `before_build` through the pack's hook: its diagnostics stop
the build before a page is drawn, never a traceback halfway through a file.
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.packs.jugger.kitsize import kit_size
from ttgbuild.packs.jugger.model import Content


def before_build(project: Path, content: Content) -> list[Diagnostic]:
    """JT904 (too many heroes), JT081/JT082 and JT074 (a sheet's or a layout's
    expression that fails on this content: cards, tokens, board)."""
    # drawing code: only when building
    from ttgbuild.packs.jugger.render import board, cards, layouts, quickref, tokens

    drawn = layouts.check(content, tokens.render, board.render)
    return kit_size(project, content) + quickref.check(content) + cards.check(content) + drawn
