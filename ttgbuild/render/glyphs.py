"""Translations the kit's fonts cannot draw, reported at their catalog line (JT902).

Text laid out in a box is checked again where it is drawn (JT902 at the
content); labels, headings and page notes are drawn directly, so this is
where their missing glyphs are caught. It lives with the fonts, in the render
layer: the translator only reads catalogs and knows nothing of how they print.
"""

from __future__ import annotations

from ttgbuild.i18n.runtime import RUNTIME_CODES, Key, Translator
from ttgbuild.render import fonts


def check_translations(tr: Translator) -> None:
    """Warn, in catalog order, for each loaded translation with characters the fonts lack."""
    fonts.register()
    texts: list[tuple[Key, str]] = list(tr.messages.items())
    texts += [(key, form) for key, forms in tr.plurals.items() for form in forms]
    texts.sort(key=lambda item: tr.lines[item[0]])  # stable: a plural's forms keep their order
    for key, text in texts:
        missing = sorted(fonts.missing_glyphs(text))
        if missing:
            shown = " ".join(f"U+{ord(c):04X}" for c in missing[:8])
            tr.diagnostics.append(
                RUNTIME_CODES["JT902"].at(
                    tr.catalog_file,
                    tr.lines[key],
                    0,
                    f"{tr.locale}: translation of {key[1][:40]!r}: the fonts have no glyph for "
                    f"{shown}",
                )
            )
