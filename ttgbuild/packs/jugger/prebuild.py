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
    """JT904 (too many heroes), JT081/JT082 (a quick-reference sheet missing or failing on
    this content: laid out in English, without drawing, in milliseconds). A layout
    expression that fails on the content (JT074) stops the build from the drawing job."""
    from ttgbuild.packs.jugger.render import quickref  # drawing code: only when building

    return kit_size(project, content) + quickref.check(content)
