"""The canvas every kit PDF is drawn on: ReportLab's, with soft hyphens kept invisible.

A translator may put a soft hyphen (U+00AD) inside a long word to say where it
may break. The text layout (render/text.py) honours it and draws a hyphen only
where a line breaks; but titles, folios, page notes and other one-line strings
are drawn straight with `drawString` and its kin, where the fonts would print
U+00AD as a visible hyphen mid-word. Dropping it here covers every such call
of every pack at once; the strings drawn are otherwise unchanged, so kits with
no soft hyphen are byte-identical.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.characters import SOFT_HYPHEN


def _shown(text: Any) -> Any:
    """`text` without soft hyphens (anything that is not a string is left to ReportLab)."""
    return text.replace(SOFT_HYPHEN, "") if isinstance(text, str) else text


class KitCanvas(Canvas):
    """ReportLab's canvas whose one-line string methods never print a soft hyphen."""

    def drawString(self, x: float, y: float, text: Any, *args: Any, **kwargs: Any) -> None:
        super().drawString(x, y, _shown(text), *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: Any, *args: Any, **kwargs: Any) -> None:
        super().drawRightString(x, y, _shown(text), *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: Any, *args: Any, **kwargs: Any) -> None:
        super().drawCentredString(x, y, _shown(text), *args, **kwargs)

    def drawAlignedString(self, x: float, y: float, text: Any, *args: Any, **kwargs: Any) -> None:
        super().drawAlignedString(x, y, _shown(text), *args, **kwargs)
