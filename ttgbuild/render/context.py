"""What every renderer gets: the content, a translator, print settings, and a place to
report text that does not fit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ttgbuild.i18n.runtime import Translator
from ttgbuild.model import Content, Origin
from ttgbuild.render import icons, text
from ttgbuild.render.sheet import Furniture, PrintSettings


@dataclass(frozen=True)
class Overflow:
    """Text that did not fit its box even at the smallest size."""

    origin: Origin
    component: str  # e.g. "hero card 'Aoife Callinan'"
    box: str  # e.g. "talents"
    detail: str  # by how much


@dataclass
class RenderContext:
    content: Content
    tr: Translator
    settings: PrintSettings
    progress: Callable[[str], None] = lambda _message: None
    overflows: list[Overflow] = field(default_factory=list)

    @property
    def furniture(self) -> Furniture:
        tr = self.tr
        return Furniture(
            tr._("Print at 100 % (actual size), never 'fit to page'."),
            # Translators: label beside a printed ruler; {length} is its length in mm.
            tr.fill(tr._("= {length} mm"), {"length": 50}),
        )

    def fit(
        self,
        paragraphs: Sequence[Sequence[text.Span]],
        width: float,
        height: float,
        largest: float,
        smallest: float,
        family: text.Family,
        where: tuple[Origin, str, str],
    ) -> text.Fitted:
        """Fit a text block; if it cannot fit, remember where and by how much."""
        block = text.fit(paragraphs, width, height, largest, smallest, family)
        if not block.fits:
            origin, component, box = where
            self.overflows.append(Overflow(origin, component, box, block.overflow_text()))
        return block

    def spans(self, value: str, bold: bool = False, italic: bool = False) -> list[text.Span]:
        return text.spans(value, bold, italic, icons.INLINE)
