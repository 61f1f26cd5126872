"""The pseudo-locale `qps`: accented, longer English, built without a catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.pdfview import open_pdf
from ttgbuild.buildplan import UsageError, choose_locales
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.pseudo import CLOSE, GROWTH, OPEN, PseudoTranslator, pseudo
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger.render.cards import talent_text
from ttgbuild.render import fonts, text
from ttgbuild.render.context import RenderContext
from ttgbuild.validate.project import validate_project

ROOT = Path(__file__).resolve().parent.parent
ASCII_LETTERS = re.compile(r"[A-Za-z]")


def test_letters_are_accented_and_the_text_a_third_longer() -> None:
    english = "Every hero that moves through a weapon's range may be attacked once."
    shown = pseudo(english)
    assert shown.startswith(OPEN) and shown.endswith(CLOSE)
    assert not ASCII_LETTERS.search(shown)
    assert round(len(english) * (1 + GROWTH)) == len(shown)


@pytest.mark.parametrize(
    "kept",
    ["{hexes}", "%(ruler)s", "%%", "[focus]", "[light_feet]", "<b>", "</b>", "<i>", "</i>"],
)
def test_placeholders_icons_and_markup_are_kept(kept: str) -> None:
    shown = pseudo(f"Pay the cost {kept} and move on")
    assert kept in shown
    assert not ASCII_LETTERS.search(shown.replace(kept, ""))


def test_surrounding_space_and_blank_text_stay_as_they_are() -> None:
    assert pseudo("  ") == "  "
    assert pseudo("") == ""
    assert pseudo(" Pin \n") == f" {OPEN}Þîñ{CLOSE} \n"


@pytest.mark.parametrize("font", sorted(fonts._FILES))
def test_every_embedded_font_draws_the_pseudo_text(font: str) -> None:
    fonts.register()
    letters = "abcdefghijklmnopqrstuvwxyz"
    assert fonts.missing_glyphs(pseudo(letters + letters.upper()), font) == frozenset()


def test_translator_needs_no_catalog_and_fills_placeholders(tmp_path: Path) -> None:
    tr = load_translator(tmp_path, "qps")
    assert isinstance(tr, PseudoTranslator) and tr.diagnostics == []
    assert tr._("Will") == pseudo("Will")
    assert tr.ngettext("{n} stone", "{n} stones", 1) == pseudo("{n} stone")
    assert tr.npgettext("card", "{n} stone", "{n} stones", 3) == pseudo("{n} stones")
    shown = tr.content("talent", "x", "text", "Move {hexes} hexes.", {"hexes": 1234})
    assert shown == pseudo("Move {hexes} hexes.").replace("{hexes}", "1,234")  # English digits
    assert tr.country("ES") == pseudo("Spain")
    assert tr.fresh().locale == "qps"
    assert tr.diagnostics == []  # nothing fell back to English


def test_the_pseudo_locale_is_built_only_when_asked_for() -> None:
    assert "qps" not in choose_locales(ROOT, None)
    assert choose_locales(ROOT, ["en", "qps"]) == ["en", "qps"]
    with pytest.raises(UsageError):
        choose_locales(ROOT, ["xx"])


def test_a_box_that_fits_in_english_but_not_a_third_longer_is_reported() -> None:
    loaded, _ = validate_project(ROOT)
    settings = PrintSettings()
    talent = loaded.content.talents[0]
    where = (talent.origin, f"talent {talent.name!r}", "text")

    def paragraphs(ctx: RenderContext) -> list[list[text.Span]]:
        values = talent.placeholders()
        return [ctx.spans(ctx.tr.content("talent", talent.id, "text", talent.text, values))]

    english = RenderContext(loaded.content, load_translator(ROOT, "en"), settings)
    width = 50.0
    needed = text.fit(paragraphs(english), width, 1000.0, 7, 7, text.SANS).height
    english.fit(paragraphs(english), width, needed * 1.05, 7, 7, text.SANS, where)
    assert english.problems == []

    qps = RenderContext(loaded.content, load_translator(ROOT, "qps"), settings)
    qps.fit(paragraphs(qps), width, needed * 1.05, 7, 7, text.SANS, where)
    assert [(p.code, p.box) for p in qps.problems] == [("JT901", "text")]


def words(value: str) -> str:
    return " ".join(value.split())


def test_a_pseudo_build_writes_accented_pdfs_with_the_values(project, run) -> None:
    out = project.path("output")
    result = run("build", "--locale", "qps", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "JT801" not in result.output
    folder = out / "qps"
    assert {p.name for p in folder.glob("*.pdf")} >= {"cards.pdf", "guide.pdf", "board.pdf"}

    loaded, _ = validate_project(project.root)
    tr = load_translator(project.root, "qps")
    talent = next(t for t in loaded.content.talents if t.placeholders())
    printed = talent_text(tr, talent)
    assert not re.search(r"\{[a-z_]+\}", printed)  # the values are in, the names are not
    cards = words(" ".join(page.text() for page in open_pdf(folder / "cards.pdf")))
    assert words(printed) in cards
    guide = words(open_pdf(folder / "guide.pdf")[0].text())
    assert pseudo("Cards") in guide
    assert " 50 " in guide  # the ruler's length, filled into an accented sentence

    again = run("build", "--locale", "qps", "--out", str(out))
    assert again.exit_code == 0 and "up to date" in again.output
