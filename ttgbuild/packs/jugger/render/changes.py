"""The kit's declared changes to the published rules, as rules.pdf and quickref.pdf print them.

A project lists its departures from Jugger TTG's book in content/variants.yaml
(data/book.yaml holds what the book states); the engine translates each
summary and fills in its numbers (`ttgbuild.render.variants`). Both documents
print the list under a heading naming the book, and print nothing when the
kit plays the book as published.
"""

from __future__ import annotations

from ttgbuild.packapi.drawing import RenderContext, Translator
from ttgbuild.packapi.kit import printed_variants


def kit_variants(ctx: RenderContext) -> list[dict[str, str]]:
    """Each declared variant as printed (`id`, `summary`, `book_title`), in the file's order;
    empty for a kit that plays the book, or drawn without a project."""
    if ctx.content_dir is None:  # a page drawn outside a project (a test's content only)
        return []
    from ttgbuild.packs.jugger import PACK  # the pack's own declaration: its book

    return printed_variants(ctx.content_dir.parent, PACK, ctx.tr)


def heading(tr: Translator, printed: list[dict[str, str]]) -> str:
    """The list's heading in the locale, naming the published game (printed[0]'s book)."""
    # The quick reference's sheet prints the same message (quickref-front.sheet.yaml).
    # Translators: heads the list of this kit's changes to the published rules of a game;
    # {title} is the published game's title.
    message = tr.pgettext("variants", "This kit changes the published rules of {title}:")
    return tr.fill(message, {"title": printed[0]["book_title"]})
