"""Text fitting: spans of styled text, fitted into a box at the largest size that fits,
drawn, squeezed or capitalised. Used as a namespace (`text.fit(...)`).
"""

from ttgbuild.render.text import (
    ASCENT,
    CONDENSED,
    LEADING,
    SANS,
    Family,
    Fitted,
    Span,
    capitalised,
    draw,
    fit,
    spans,
    squeeze,
)

__all__ = [
    "ASCENT",
    "CONDENSED",
    "LEADING",
    "SANS",
    "Family",
    "Fitted",
    "Span",
    "capitalised",
    "draw",
    "fit",
    "spans",
    "squeeze",
]
