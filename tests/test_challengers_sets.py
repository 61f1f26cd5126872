"""Challengers!'s card sets: every component the book lists (issue 38).

The book's box has a base set of 20 cards, six additional sets of 40, eight
starter decks of 6 and a Robot deck of 19: 327 cards, of which a game deals
the base set and five of the six additional sets into the trays. The shipped
game must hold all of them (original sets and names of this kit), split by
level alike in every additional set (so whichever set is left out, the trays
hold the same number of cards per level), each set told apart by a symbol
that stays distinct when printed in black and white, and every name
translated. cards.pdf is rendered in English and Spanish and read back: every
card is printed in its copies, under its set's translated name.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from conftest import REPO, assert_no_crash, run_cli
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.catalogs import cldr_locale, read_catalog
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.challengers.drawings import symbol
from ttgbuild.render.context import RenderContext
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.records import DataContent
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
TOTAL = 327  # the book: 48 starter + 19 Robot + 20 base + 6 x 40 additional cards
TRAY_LEVELS = ("A", "B", "C")
SIDE = 64  # pixels of a rendered symbol's square
MIN_APART = 0.12  # share of a symbol's square where two symbols must differ


@cache
def content() -> DataContent:
    """The shipped game as `validate` loads it (once: the tests only read it)."""
    loaded, diagnostics = validate_project(GAME)
    assert not [d for d in diagnostics if d.severity == "error"], diagnostics
    return loaded.content


def per_level(set_id: str) -> Counter[str]:
    """The set's cards, copies counted, by level."""
    counts: Counter[str] = Counter()
    for card in content().cards:
        if card.set == set_id:
            counts[card.level] += card.copies
    return counts


def test_the_kit_holds_every_card_the_book_lists() -> None:
    """Six additional sets of 40 (the book's count), 327 cards in all, with no error from
    `validate`'s checks (content() loads the game as `validate` does)."""
    game, sets = content().game, content().sets
    additional = [s for s in sets if s.kind == "additional"]
    assert len(additional) == game.sets_of_kind["additional"] == 6
    assert game.additional_sets_in_play == 5
    for s in additional:
        assert sum(per_level(s.id).values()) == game.set_sizes["additional"] == 40, s.id
    assert sum(card.copies for card in content().cards) == TOTAL
    assert len({s.symbol for s in sets if s.kind != "starter"}) == len(
        [s for s in sets if s.kind != "starter"]
    )


def test_every_additional_set_splits_its_levels_alike() -> None:
    """Same cards per level in each additional set: leaving any one out, a game's trays hold
    the same A, B and C counts (the base set plus five sets: the book's 220 cards)."""
    sets = [s.id for s in content().sets if s.kind == "additional"]
    splits = {s: {level: per_level(s)[level] for level in TRAY_LEVELS} for s in sets}
    assert len({tuple(split.values()) for split in splits.values()}) == 1, splits
    base = next(s.id for s in content().sets if s.kind == "base")
    in_play = [
        sum(per_level(base).values()) + sum(sum(per_level(s).values()) for s in sets if s != out)
        for out in sets
    ]
    assert set(in_play) == {220}


def test_only_the_space_set_is_left_out_of_a_first_game() -> None:
    """The book leaves its space set out of a first game: this kit's Star Harbour, the one
    set whose cards may act when chosen."""
    out = [s.id for s in content().sets if s.get("first_game") is False]
    assert out == ["star-harbour"]
    on_pick = next(k for k in content().game.keywords if k.id == "on-pick")
    assert list(on_pick.only_sets) == out


def silhouette(name: str, tint: str) -> list[bool]:
    """The symbol drawn in its set's colour, rendered grey: which pixels carry ink."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(SIDE, SIDE))
    symbol(canvas, (0, 0, SIDE, SIDE), name, tint)
    canvas.save()
    image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("L")
    return [value < 200 for value in image.tobytes()]


def test_each_set_symbol_stays_distinct_in_black_and_white() -> None:
    """Printed in greyscale, no two sets' symbols (starter decks included) look alike: each
    pair differs over a good share of its square, and each symbol inks its card."""
    marks = {s.id: silhouette(s.symbol, s.colour) for s in content().sets}
    for set_id, ink in marks.items():
        assert sum(ink) > 0.1 * len(ink), set_id
    for (a, ink_a), (b, ink_b) in itertools.combinations(marks.items(), 2):
        apart = sum(x != y for x, y in zip(ink_a, ink_b, strict=True)) / len(ink_a)
        assert apart >= MIN_APART, (a, b, round(apart, 3))


@pytest.mark.parametrize("locale", ["es", "de"])
def test_every_set_and_card_name_is_translated(locale: str) -> None:
    """Each set's and card's name has a finished translation of its own in es and de."""
    path = GAME / "locales" / locale / "LC_MESSAGES" / "ttgbuild.po"
    catalog = read_catalog(path, str(path), cldr_locale(locale))
    by_context = {m.context: m for m in catalog if m.id and m.context}
    for kind, records in (("set", content().sets), ("card", content().cards)):
        for record in records:
            message = by_context.get(f"{kind}:{record.id}:name")
            assert message is not None and message.id == record.name, (locale, record.id)
            assert message.string and not message.fuzzy, (locale, record.id)
    new_sets = {"frost-peak", "dusty-gulch", "dino-valley", "candy-works"}
    for card in content().cards:
        if card.set in new_sets:
            assert by_context[f"card:{card.id}:name"].string != card.name, (locale, card.id)
    result = run_cli(GAME, "i18n", "check", "--locale", locale)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output


def cards_pdf_text(locale: str) -> str:
    """cards.pdf as `build` draws it for the locale (the pack's own kit file), read back."""
    part = next(c for c in pack_of(GAME).components if c.file == "cards.pdf")
    ctx = RenderContext(
        content(), load_translator(GAME, locale), PrintSettings(), content_dir=GAME / "content"
    )
    document = pdfium.PdfDocument(part.render(ctx, **part.options))
    return "\n".join(page.get_textpage().get_text_range() for page in document)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", ["en", "es"])
def test_cards_pdf_prints_every_card_under_its_translated_set(locale: str) -> None:
    """Every set's name is printed once per card of the set, copies counted (so all 327
    cards are there), in the locale's words."""
    text = cards_pdf_text(locale)
    translator = load_translator(GAME, locale)
    printed = 0
    for s in content().sets:
        name = translator.content("set", s.id, "name", s.name)
        if locale != "en":
            assert name != s.name, s.id
        assert text.count(name) == sum(per_level(s.id).values()), (s.id, name)
        printed += text.count(name)
    assert printed == TOTAL
