"""Where a word too wide for its line may break: soft hyphens, hyphens, then a dictionary.

Line breaking (render/text.py) breaks inside a word only when the word does
not fit: a word wider than a whole line (a long German compound in a narrow
card box), or a word with a soft hyphen that does not fit the rest of its
line. Everything else wraps at spaces as before, so a kit whose words all fit
draws exactly as it did.

A word breaks at, in this order of preference:

1. the writer's own points: a soft hyphen (U+00AD, invisible unless the line
   breaks there, where a hyphen is drawn) or after a hyphen already in the
   word ("Ersatzbank-|Portal", no second hyphen drawn);
2. the points of the locale's hyphenation dictionary (pyphen, the LibreOffice
   dictionaries: de, es, en and every language pyphen has), with at least
   LEFT letters before the break and RIGHT after it. A locale pyphen does not
   know (the pseudo-locale) breaks at the writer's points only.

The language is the drawn file's locale (`hyphenating`, set by the build for
each file it draws), so no drawing code has to pass it along.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ttgbuild.core.characters import SOFT_HYPHEN

if TYPE_CHECKING:
    import pyphen

HYPHENS = "-\u2010"  # a hyphen-minus and a hyphen: a line may end after either
HYPHEN = "-"  # what is drawn at a line's end where a word breaks
# The fewest letters a dictionary break leaves on each side ("Messing-|wächter", not "Me-|…").
LEFT = 2
RIGHT = 3

_LANGUAGE: ContextVar[str] = ContextVar("hyphenation language", default="")


class Break(NamedTuple):
    """A point a word may break at, in its visible text (soft hyphens left out)."""

    at: int  # the first line keeps text[:at]
    hyphen: bool  # a hyphen is drawn at the line's end (not after a hyphen already there)
    own: bool  # the writer's point (soft hyphen, hyphen), preferred to the dictionary's


@contextlib.contextmanager
def hyphenating(locale: str) -> Iterator[None]:
    """Break words too wide for their lines with `locale`'s dictionary inside the block."""
    token = _LANGUAGE.set(locale)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def language() -> str:
    """The locale whose dictionary breaks words now ("" outside `hyphenating`: none)."""
    return _LANGUAGE.get()


def visible(text: str) -> str:
    """Text as printed on an unbroken line: soft hyphens are invisible."""
    return text.replace(SOFT_HYPHEN, "")


@cache
def _dictionary(locale: str) -> pyphen.Pyphen | None:
    """The hyphenation dictionary for a locale ("de", "es-ES", "de_AT"), or None.

    pyphen is imported here, when a word first needs breaking: some 30 ms that a
    command drawing nothing, or a kit whose words all fit, does not pay.
    """
    import pyphen

    found = pyphen.language_fallback(locale.replace("-", "_")) if locale else None
    return pyphen.Pyphen(lang=found, left=LEFT, right=RIGHT) if found else None


@lru_cache(maxsize=8192)
def breaks(text: str, locale: str) -> tuple[Break, ...]:
    """Every point `text` (one run of a word, soft hyphens in it) may break at, in order.

    No point is at the very start or end: a break there would leave an empty line.
    """
    shown = visible(text)
    points: dict[int, Break] = {}
    at = 0
    for char in text:
        if char == SOFT_HYPHEN:
            if 0 < at < len(shown):
                points[at] = Break(at, True, True)
            continue
        at += 1
        if char in HYPHENS and 1 < at < len(shown):
            points[at] = Break(at, False, True)
    dictionary = _dictionary(locale)
    if dictionary is not None:
        for start, letters in _letter_runs(shown):
            for position in dictionary.positions(letters):
                points.setdefault(start + position, Break(start + position, True, False))
    return tuple(points[at] for at in sorted(points))


def _letter_runs(text: str) -> Iterator[tuple[int, str]]:
    """(start, letters) of each run of letters long enough to break (LEFT + RIGHT or more)."""
    start = None
    for index, char in enumerate(f"{text} "):
        if char.isalpha():
            start = index if start is None else start
            continue
        if start is not None and index - start >= LEFT + RIGHT:
            yield start, text[start:index]
        start = None
