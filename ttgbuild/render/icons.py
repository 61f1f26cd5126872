"""Icons drawn inline in text: a `[token]` in a string prints as a vector drawing.

The engine knows how to set an icon on a line of text; which icons exist and
how each looks is a game's. A pack hands its table (name → painter) to the
RenderContext, and text, flow and paginate draw whatever drawer they are given,
so no engine module knows a game's icons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render import ink

# Draws an icon into the square of side `side` whose lower-left corner is (x, y).
Painter = Callable[[Canvas, float, float, float], None]


@dataclass(frozen=True)
class InlineIcons:
    """A game's icons by token name, and how one sits on a text baseline."""

    painters: Mapping[str, Painter] = field(default_factory=dict)

    @cached_property
    def names(self) -> frozenset[str]:
        """The tokens that print as icons; any other `[word]` stays literal text."""
        return frozenset(self.painters)

    def draw(self, canvas: Canvas, name: str, x: float, baseline: float, size: float) -> None:
        """An icon on a text baseline, about as tall as a capital letter plus a bit."""
        side = size * 0.95
        with ink.keep(canvas):
            self.painters[name](canvas, x + size * 0.05, baseline - size * 0.15, side)


NO_ICONS = InlineIcons()
