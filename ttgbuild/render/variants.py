"""The kit's declared variants as printed: each summary translated, its placeholders filled.

Every kit lists the changes it makes to its game's published rules, in every
locale, under a heading naming the book (docs/books-and-variants.md). A data
pack's sheets see them as `variants` (ttgbuild.render.datakit); a pack's
Python calls `printed_variants`. The heading is the pack's own message (its
sheet's or template's), filled with `book_title`; a kit that plays the book
exactly has no variants, and prints no heading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ttgbuild.i18n.runtime import PLACEHOLDER, Translator
from ttgbuild.pack import Pack
from ttgbuild.source.variantsfile import BOOK_PREFIX, CONTEXT
from ttgbuild.validate.book import book_of, content_values, variants_of


def printed_variants(project: Path, pack: Pack, tr: Translator) -> list[dict[str, str]]:
    """Each declared variant as the kit prints it: `id`, `summary` (translated, its
    placeholders filled from content and the book) and `book_title`. Empty when the kit
    plays the book as published."""
    variants = variants_of(project, pack)
    if not variants:
        return []
    book, _ = book_of(pack, project)
    assert book is not None  # variants_of found some, so the game has a book
    held = content_values(book, project)
    printed = []
    for variant in variants:
        values: dict[str, int | str] = {}
        for name in variant.changes:
            if name in held:
                values[name] = _printable(tr, held[name])
            values[BOOK_PREFIX + name] = _printable(tr, book.values[name].value)
        summary = tr.pgettext(CONTEXT, variant.summary)
        if set(PLACEHOLDER.findall(summary)) != set(PLACEHOLDER.findall(variant.summary)):
            summary = variant.summary  # a translation that lost a value prints wrong numbers
        printed.append(
            {
                "id": variant.id,
                "summary": tr.fill(summary, values),
                "book_title": book.title,
            }
        )
    return printed


def _printable(tr: Translator, value: Any) -> int | str:
    """A value as a summary prints it: numbers the locale's way, lists joined with ", "."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return value if isinstance(value, int) else tr.number(value)
    if isinstance(value, list):
        return ", ".join(_text(tr, item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_text(tr, item)}" for key, item in value.items())
    return "" if value is None else str(value)


def _text(tr: Translator, value: Any) -> str:
    printable = _printable(tr, value)
    return printable if isinstance(printable, str) else tr.number(printable)
