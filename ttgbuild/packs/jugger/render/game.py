"""What every Jugger painter tells its RenderContext before it draws."""

from __future__ import annotations

from ttgbuild.core.origin import Origin
from ttgbuild.packs.jugger.render import icons
from ttgbuild.render.context import RenderContext


def for_jugger(ctx: RenderContext) -> RenderContext:
    """The context with Jugger's icons; text of no one content object reported at kit.yaml."""
    kit = ctx.content.kit
    return ctx.for_game(icons.INLINE, kit.origin if kit else Origin("content/kit.yaml"))
