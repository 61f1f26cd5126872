"""The run-time translator the renderers use: one locale, per-string English fallback.

A string with no usable translation is printed in English and reported once
as a warning (a failure under --strict); English is never copied into a
catalog. Numbers, lists and country names come from Babel's CLDR data.

A message with a count (`ngettext`, `npgettext`, a content text with `one`
and `other` forms) has as many translated forms as the locale's plural rule
says (Polish three, Japanese one); the catalog's `Plural-Forms` header picks
the form for a number, English takes the singular for 1 only.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Message
from babel.messages.plurals import get_plural
from babel.numbers import format_decimal

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.paths import display_path
from ttgbuild.i18n.catalogs import CatalogError, cldr_locale, read_shared
from ttgbuild.i18n.paths import PSEUDO_LOCALE, SOURCE_LOCALE, catalog_path, content_context

Values = dict[str, int] | dict[str, str] | dict[str, int | str]
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
Key = tuple[str | None, str]  # (msgctxt, msgid); a plural message's msgid is its singular


RUNTIME_CODES = code_table(
    Code(
        "JT801",
        "warning",
        "every string printed in a locale has a translation (else English is used)",
    ),
    Code(
        "JT828",
        "warning",
        "a build says once per locale how many of its catalog's messages print in English",
    ),
    Code(
        "JT802",
        "error",
        "a built locale is one CLDR knows (a catalog's own problems are JT810 and JT803)",
    ),
    # Reported at the catalog line for every translation (render/glyphs.py, which holds the
    # fonts), and at the content for text drawn in a box.
    Code(
        "JT902",
        "warning",
        "the embedded fonts can draw every printed character (warning; --strict fails)",
    ),
)


@dataclass
class Translator:
    """Translates for one locale; collects a warning for each string that falls back."""

    locale: str
    messages: dict[Key, str] = field(default_factory=dict)
    # Messages with a count: every translated form, in the catalog's plural order.
    plurals: dict[Key, tuple[str, ...]] = field(default_factory=dict)
    # The catalog's plural rule, `Plural-Forms: nplurals=N; plural=EXPR;` (the locale's if absent).
    plural_forms: str = ""
    # Lines of entries that exist but are fuzzy or empty, to point fallbacks at them.
    pending: dict[Key, int] = field(default_factory=dict)
    fuzzy: set[Key] = field(default_factory=set)  # the pending entries that are fuzzy, not empty
    # Lines of translated entries, and which entry each text handed out came from
    # (filled-in texts too), so a box that overflows can name the entry to shorten.
    lines: dict[Key, int] = field(default_factory=dict)
    printed: dict[str, Key] = field(default_factory=dict)
    catalog_file: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _reported: set[Key] = field(default_factory=set)

    def fresh(self) -> Translator:
        """The same catalog with nothing yet reported past loading: one per drawn file.

        Reading a .po costs tens of milliseconds, so a build reads each once and
        every file it draws starts from a copy that shares the messages.
        """
        return replace(self, diagnostics=list(self.diagnostics), _reported=set())

    @property
    def cldr(self) -> Locale:
        return Locale.parse(self.locale)

    def _(self, msgid: str) -> str:
        """A message from code or templates (marked for extraction with `_`)."""
        return self.pgettext(None, msgid)

    def pgettext(self, context: str | None, msgid: str) -> str:
        """A message with a context, falling back to English with a warning."""
        if self.locale == SOURCE_LOCALE:
            return msgid
        found = self.messages.get((context, msgid))
        if found:
            self.printed[found] = (context, msgid)
            return found
        self._fallback(context, msgid)
        return msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a message with a count that fits `n` (the caller writes the number)."""
        return self.npgettext(None, singular, plural, n)

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        """`ngettext` with a context; English (singular for 1) when a form is missing."""
        english = singular if n == 1 else plural
        if self.locale == SOURCE_LOCALE:
            return english
        forms = self.plurals.get((context, singular))
        if forms:
            index = _plural_rule(self.plural_forms or get_plural(self.locale).plural_forms)(n)
            if 0 <= index < len(forms):
                self.printed[forms[index]] = (context, singular)
                return forms[index]
        self._fallback(context, singular)
        return english

    def content(
        self,
        kind: str,
        ident: str,
        name: str,
        source: str,
        values: Values | None = None,
        plural: str | None = None,
        count: str | None = None,
    ) -> str:
        """A translatable content field, with its `{placeholders}` filled in.

        A text with a `plural` English form takes the form that fits the
        number `values[count]`. A translation whose placeholders differ from
        the source's would print wrong numbers, so it is not used (`i18n
        check` reports it).
        """
        values = values or {}
        context = content_context(kind, ident, name)
        number = values.get(count) if count else None
        if plural is not None and isinstance(number, int):
            english = source if number == 1 else plural
            text = self.npgettext(context, source, plural, number)
        else:
            english = source
            text = self.pgettext(context, source)
        if _placeholders(text) != _placeholders(english):
            self._fallback(context, source, "its placeholders differ from the English text")
            text = english
        return self.fill(text, values)

    def fill(self, text: str, values: Values) -> str:
        """Replace `{name}` with its value: numbers written the locale's way, text as is."""

        def one(match: re.Match[str]) -> str:
            value = values.get(match.group(1))
            if value is None:
                return match.group(0)
            return value if isinstance(value, str) else self.number(value)

        filled = PLACEHOLDER.sub(one, text)
        key = self.printed.get(text)
        if key is not None:
            self.printed[filled] = key
        return filled

    def entry_of(self, text: str) -> str:
        """`file:line` of the catalog entry a printed text was translated from ("" if none)."""
        key = self.printed.get(text)
        line = self.lines.get(key, 0) if key is not None else 0
        return f"{self.catalog_file}:{line}" if line else ""

    def number(self, value: int | float) -> str:
        return _number(self.locale, value)

    def join(self, items: list[str]) -> str:
        """A list in the locale's words ("a, b and c", "a, b y c", "a, b und c")."""
        return format_list(items, locale=self.cldr) if items else ""

    def country(self, code: str) -> str:
        """A country's name from CLDR by ISO 3166 code (the code itself if CLDR lacks it)."""
        return self.cldr.territories.get(code, code)

    def untranslated(self) -> Diagnostic | None:
        """One line for the locale: how many of its catalog's messages have no usable
        translation (empty or fuzzy) and print in English; None when every one has.

        A new locale's build lists each such message once (JT801 or the catalog's
        JT820); this line says what the list amounts to.
        """
        waiting = len(self.pending)
        if not waiting:
            return None
        total = len(self.messages) + len(self.plurals) + waiting
        fuzzy = f" ({len(self.fuzzy)} of them fuzzy)" if self.fuzzy else ""
        return RUNTIME_CODES["JT828"].at(
            self.catalog_file,
            0,
            0,
            f"{self.locale}: {waiting} of {total} messages untranslated{fuzzy}; "
            "they print in English",
        )

    def _fallback(self, context: str | None, msgid: str, why: str = "") -> None:
        key = (context, msgid)
        if key in self._reported:
            return
        self._reported.add(key)
        fuzzy = "only a fuzzy translation (review it, then remove the flag)"
        reason = why or (fuzzy if key in self.fuzzy else "no translation")
        where = f" ({context})" if context else ""
        self.diagnostics.append(
            RUNTIME_CODES["JT801"].at(
                self.catalog_file,
                self.pending.get(key, 0),
                0,
                f"{reason} for {msgid!r}{where}; English is printed instead",
            )
        )


@lru_cache(maxsize=4096, typed=True)  # typed: 1 and 1.0 stay apart
def _number(locale: str, value: int | float) -> str:
    # A kit prints the same few numbers thousands of times; Babel takes ~0.1 ms a call.
    return format_decimal(value, locale=Locale.parse(locale))


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@lru_cache(maxsize=64)
def _plural_rule(plural_forms: str) -> Callable[[int], int]:
    """The form index for a number, from a `Plural-Forms` value (gettext's C expression).

    An expression that cannot be compiled picks form 0, so a bad header
    never crashes a build (`i18n check` reads the same header).
    """
    found = re.search(r"plural\s*=\s*([^;]+)", plural_forms)
    try:
        return gettext.c2py(found.group(1) if found else "0")
    except (ValueError, SyntaxError, RecursionError):
        return lambda n: 0


def load_translator(project: Path, locale: str) -> Translator:
    """The translator for `locale`, built from its .po file (fuzzy entries are not used).

    The pseudo-locale (`qps`) has no catalog: its translator transforms the English.

    A catalog that cannot be read leaves the translator empty with an error
    diagnostic, so one broken language never blocks the others.
    """
    if locale == PSEUDO_LOCALE:
        from ttgbuild.i18n.pseudo import PseudoTranslator  # it builds on this module

        return PseudoTranslator(locale)
    path = catalog_path(project, locale)
    shown = display_path(path, project)
    tr = Translator(locale, catalog_file=shown)
    cldr = cldr_locale(locale)
    if cldr is None:
        tr.locale = SOURCE_LOCALE
        tr.diagnostics.append(
            RUNTIME_CODES["JT802"].at(shown, 0, 0, f"{locale!r} is not a locale CLDR knows")
        )
        return tr
    if locale == SOURCE_LOCALE:
        return tr
    try:
        catalog = read_shared(path, shown, cldr)  # as the catalog check parsed it
    except CatalogError as exc:
        tr.diagnostics.append(exc.diagnostic)
        return tr
    tr.plural_forms = catalog.plural_forms
    for message in catalog:
        if not message.id:
            continue
        if not isinstance(message.id, str):
            _load_plural(tr, message)
            continue
        key = (message.context, message.id)
        text = message.string if isinstance(message.string, str) else ""
        if text and not message.fuzzy:
            tr.messages[key] = text
            tr.lines[key] = message.lineno
        else:
            _pending(tr, key, message)
    return tr


def _pending(tr: Translator, key: Key, message: Message) -> None:
    """An entry with no usable translation: its line (fallbacks point at it), and if fuzzy."""
    tr.pending[key] = message.lineno
    if message.fuzzy:
        tr.fuzzy.add(key)


def _load_plural(tr: Translator, message: Message) -> None:
    """Keep a plural message's forms when every one the catalog's rule needs is filled in."""
    key = (message.context, message.id[0])
    forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    forms = tuple(f if isinstance(f, str) else "" for f in forms)
    if all(forms) and not message.fuzzy:  # Babel gives as many forms as Plural-Forms says
        tr.plurals[key] = forms
        tr.lines[key] = message.lineno
    else:
        _pending(tr, key, message)
