"""The pseudo-locale `qps`: the English text made to look foreign and a third longer.

A designer builds it (`ttgbuild build --locale qps`) to see, before any
translator starts, where a longer language will overflow a box (JT901,
reported exactly as for a real locale) and whether every printed word really
goes through the translator: text that stays plain ASCII was never marked for
translation. No catalog is read or needed; every message from code,
templates and content is transformed as it is asked for.

The transformation keeps what a translation must keep: `{placeholders}`,
`%(name)s` conversions and `%%`, `[icon]` tokens and `<b>`/`<i>` markup.
Every other ASCII letter becomes an accented look-alike the embedded Fira
fonts can draw; evenly spread letters are doubled and the text is wrapped in
single angle quotes (`OPEN`, `CLOSE`), so it grows by about `GROWTH` (35 %,
the rule of thumb for English into German or Spanish). A cut-off end shows as
a missing closing quote, and quotes inside quotes show a translated fragment
put into another sentence.

Why `qps`: ISO 639 keeps `qaa` to `qtz` for local use, so no real language can
ever take the code (Windows uses `qps-ploc` for the same purpose). CLDR has
no data for it, so numbers, lists and country names follow English rules;
country names are then transformed like any message.
"""

from __future__ import annotations

import re

from babel import Locale

from ttgbuild.i18n.paths import SOURCE_LOCALE
from ttgbuild.i18n.runtime import Translator, _number

GROWTH = 0.35
# Single angle quotes: Fira has no white square brackets, and [ ] would read as an icon token.
OPEN, CLOSE = "\u2039", "\u203a"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûѵŵχýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛѴŴΧÝŽ"
_LOOK_ALIKE = str.maketrans(_PLAIN, _ACCENTED)
# What a translation keeps as it is: {name}, %(name)s and %%, [icon], <b> </b> <i> </i>.
_KEPT = re.compile(
    r"\{[^{}]*\}"
    r"|%\([^()]*\)[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%%"
    r"|\[[A-Za-z][\w-]*\]"
    r"|</?[bi]>"
)


def pseudo(text: str) -> str:
    """`text` in the pseudo-locale: accented, about `GROWTH` longer, tokens kept intact."""
    core = text.strip()
    if not core:
        return text
    start = len(text) - len(text.lstrip())
    parts = _split(core)
    shown = sum(len(part) for kept, part in parts if not kept)
    letters = sum(1 for kept, part in parts if not kept for ch in part if ch in _PLAIN)
    extra = min(letters, max(0, round(shown * GROWTH) - len(OPEN + CLOSE)))
    out: list[str] = []
    seen = 0
    for kept, part in parts:
        if kept:
            out.append(part)
            continue
        for ch in part:
            if ch in _PLAIN:
                # Double the letters where the running share of `extra` steps up: evenly spread.
                twice = letters and (seen + 1) * extra // letters > seen * extra // letters
                seen += 1
                ch = ch.translate(_LOOK_ALIKE) * (2 if twice else 1)
            out.append(ch)
    return f"{text[:start]}{OPEN}{''.join(out)}{CLOSE}{text[start + len(core) :]}"


def _split(text: str) -> list[tuple[bool, str]]:
    """(kept as is, piece) pieces of a message, in order."""
    parts: list[tuple[bool, str]] = []
    pos = 0
    for match in _KEPT.finditer(text):
        if match.start() > pos:
            parts.append((False, text[pos : match.start()]))
        parts.append((True, match.group(0)))
        pos = match.end()
    if pos < len(text):
        parts.append((False, text[pos:]))
    return parts


class PseudoTranslator(Translator):
    """The translator for `qps`, which needs no catalog: every message is `pseudo(English)`.

    Nothing falls back, so a pseudo build reports no JT801; it reports what a
    longer language would: text that no longer fits (JT901).
    """

    @property
    def cldr(self) -> Locale:
        return Locale.parse(SOURCE_LOCALE)

    def pgettext(self, context: str | None, msgid: str) -> str:
        return pseudo(msgid)

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def number(self, value: int | float) -> str:
        return _number(SOURCE_LOCALE, value)

    def country(self, code: str) -> str:
        return pseudo(super().country(code))
