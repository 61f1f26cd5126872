"""The embedded TrueType fonts: Fira Sans and Fira Sans Condensed (SIL OFL).

They cover Latin Extended, Greek and Cyrillic, so a new locale prints with
real glyphs; ReportLab's standard 14 fonts (Latin-1 only) are never used.
"""

from __future__ import annotations

from functools import cache, lru_cache

import fontpkg_fira_sans
import fontpkg_fira_sans_condensed
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "FiraSans"
BOLD = "FiraSans-Bold"
ITALIC = "FiraSans-Italic"
CONDENSED = "FiraSansCondensed"
CONDENSED_BOLD = "FiraSansCondensed-Bold"
CONDENSED_ITALIC = "FiraSansCondensed-Italic"

_FILES = {
    REGULAR: (fontpkg_fira_sans.ROOT, "FiraSans-Regular.ttf"),
    BOLD: (fontpkg_fira_sans.ROOT, "FiraSans-Bold.ttf"),
    ITALIC: (fontpkg_fira_sans.ROOT, "FiraSans-Italic.ttf"),
    CONDENSED: (fontpkg_fira_sans_condensed.ROOT, "FiraSansCondensed-Regular.ttf"),
    CONDENSED_BOLD: (fontpkg_fira_sans_condensed.ROOT, "FiraSansCondensed-Bold.ttf"),
    CONDENSED_ITALIC: (fontpkg_fira_sans_condensed.ROOT, "FiraSansCondensed-Italic.ttf"),
}


@cache
def register() -> None:
    """Register the fonts with ReportLab once per process."""
    for name, (root, filename) in _FILES.items():
        font = TTFont(name, str(root / "files" / filename))
        _add_narrow_nbsp(font)
        pdfmetrics.registerFont(font)
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC)
    pdfmetrics.registerFontFamily(
        CONDENSED, normal=CONDENSED, bold=CONDENSED_BOLD, italic=CONDENSED_ITALIC
    )


# U+202F, the narrow no-break space (French "Attention\u202f!", German "50\u202fmm").
NARROW_NBSP = 0x202F
THIN_SPACE_EMS = 0.2  # a thin space is a fifth of an em


def _add_narrow_nbsp(font: TTFont) -> None:
    """Let a font lacking U+202F draw it as a blank a thin space wide.

    Fira has no glyph for it and would print an empty box. The character is
    mapped to the space glyph with its own width, so PDF readers still copy
    U+202F itself.
    """
    face = font.face
    if NARROW_NBSP in face.charToGlyph:
        return
    face.charToGlyph[NARROW_NBSP] = face.charToGlyph[ord(" ")]
    face.charWidths[NARROW_NBSP] = round(1000 * THIN_SPACE_EMS)


@lru_cache(maxsize=65536)
def width(text: str, font: str, size: float) -> float:
    """Advance width of `text` in points (remembered: layouts measure the same words often)."""
    return pdfmetrics.stringWidth(text, font, size)


@lru_cache(maxsize=16384)
def missing_glyphs(text: str, font: str = REGULAR) -> frozenset[str]:
    """Characters of `text` the font cannot draw (they would print as empty boxes).

    Remembered: every fitted text is checked, and most are drawn many times.
    """
    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    return frozenset(ch for ch in text if ord(ch) not in glyphs and not ch.isspace())
