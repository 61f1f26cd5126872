"""Words too wide for their line break with a hyphen; soft hyphens print only where used.

The line breaker (render/text.py) breaks inside a word only when it does not
fit: at the writer's soft hyphens and hyphens first, then at the points of the
locale's hyphenation dictionary (render/hyphenate.py, pyphen). A kit whose
words all fit lays out as before. `i18n check` warns (JT829) about a soft
hyphen no line can break at.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import run_cli as cli
from conftest import shipped_copy
from reportlab.lib.units import mm

from bench.pdfview import open_pdf
from ttgbuild.render import fonts, text
from ttgbuild.render.hyphenate import LEFT, RIGHT, SOFT_HYPHEN, breaks, hyphenating

COMPOUND = "Donaudampfschifffahrtsgesellschaftskapitän"
DE = "locales/de/LC_MESSAGES/ttgbuild.po"

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True, scope="module")
def registered() -> None:
    fonts.register()


def lines_of(value: str, width_mm: float, locale: str, size: float = 9) -> list[str]:
    with hyphenating(locale):
        block = text.layout([text.spans(value)], width_mm * mm, size, text.SANS)
    assert block.fits or locale == "", value
    return [" ".join(piece.span.text for piece in line) for line in block.lines]


def test_a_german_compound_breaks_at_dictionary_points() -> None:
    printed = lines_of(COMPOUND, 25, "de")
    assert len(printed) > 1
    assert all(line.endswith("-") for line in printed[:-1])
    assert "".join(line.removesuffix("-") for line in printed) == COMPOUND
    # Each break is one the dictionary gives, with LEFT and RIGHT letters kept.
    points = {point.at for point in breaks(COMPOUND, "de")}
    at = 0
    for line in printed[:-1]:
        at += len(line) - 1
        assert at in points and at >= LEFT and len(COMPOUND) - at >= RIGHT


def test_without_a_dictionary_the_word_overflows_as_before() -> None:
    with hyphenating("qps"):  # the pseudo-locale: no dictionary
        block = text.layout([text.spans(COMPOUND)], 25 * mm, 9, text.SANS)
    assert not block.fits and len(block.lines) == 1


def test_spanish_breaks_too() -> None:
    printed = lines_of("contraataques bloqueadores", 14, "es")
    assert any(line.endswith("-") for line in printed)


def test_a_soft_hyphen_is_invisible_where_the_line_does_not_break() -> None:
    value = f"Mes{SOFT_HYPHEN}sing{SOFT_HYPHEN}wächter greift an"
    assert lines_of(value, 80, "de") == ["Messingwächter greift an"]
    with hyphenating("de"):
        block = text.layout([text.spans(value)], 80 * mm, 9, text.SANS)
    plain = text.layout([text.spans("Messingwächter greift an")], 80 * mm, 9, text.SANS)
    assert block.lines[0][-1].x + block.lines[0][-1].width == pytest.approx(
        plain.lines[0][-1].x + plain.lines[0][-1].width
    )


def test_a_soft_hyphen_is_preferred_to_the_dictionary() -> None:
    # The dictionary would break "Messing-wächter"; the writer chose "Messingwäch-ter".
    value = f"Messingwäch{SOFT_HYPHEN}ter"
    assert lines_of(value, 22, "de") == ["Messingwäch-", "ter"]


def test_a_hyphenated_word_breaks_after_its_hyphen_first() -> None:
    assert lines_of("Ersatzbank-Portalwächter", 25, "de")[0] == "Ersatzbank-"


def test_words_that_fit_lay_out_as_before() -> None:
    """English (or any text) whose words fit: the same lines with a dictionary or without."""
    value = "Settle any dispute with an opposed roll: whoever rolls more juggs decides."
    plain = text.layout([text.spans(value)], 40 * mm, 9, text.SANS)
    with hyphenating("en"):
        hyphenated = text.layout([text.spans(value)], 40 * mm, 9, text.SANS)
    assert hyphenated == plain


def test_a_width_of_zero_measures_the_longest_word_whole() -> None:
    """Tables ask for their longest word at width 0 (render/flow.py): nothing breaks there."""
    with hyphenating("de"):
        block = text.layout([text.spans(COMPOUND)], 0.0, 9, text.SANS)
    assert len(block.lines) == 1


def test_hyphenation_keeps_the_type_size() -> None:
    """A box that shrank its type to fit a compound on one line keeps the largest size."""
    value = f"Der {COMPOUND} hält den Jugg."
    plain = text.fit([text.spans(value)], 50 * mm, 60, 9, 5)
    with hyphenating("de"):
        broken = text.fit([text.spans(value)], 50 * mm, 60, 9, 5)
    assert broken.fits and broken.size == 9
    assert plain.size < broken.size


# --- a card, end to end ---------------------------------------------------------------


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shipped_copy(tmp_path_factory.mktemp("hyphen")).root


def test_a_compound_on_the_qwik_card_breaks_and_keeps_its_size(
    german: Path, tmp_path: Path
) -> None:
    root = tmp_path / "project"
    shutil.copytree(german, root)
    po = root / DE
    before = '"Der Läufer trägt keine Pompfe.'
    catalog = po.read_text(encoding="utf-8")
    assert catalog.count(before) == 1
    po.write_text(catalog.replace(before, f'"Der {COMPOUND} trägt keine Pompfe.'))
    out = root / "output"
    result = cli(root, "build", "--locale", "de", "--out", str(out), "--format", "json")
    assert result.exit_code == 0, result.output
    assert not [d for d in json.loads(result.stdout) if d["code"] == "JT901"]
    # PDFium reads a hyphen that ends a line as U+0002; the card draws a visible "-".
    runs = [
        (span.text.replace("\x02", "-"), span.size)
        for page in open_pdf(out / "de/cards.pdf")
        for span in page.spans()
    ]
    starts = [n for n, (run, _) in enumerate(runs) if run.startswith("Der Donau")]
    assert starts
    for n in starts:
        (first, size), (second, next_size) = runs[n], runs[n + 1]
        assert first.endswith("-")  # broken with a hyphen ...
        head = first.removeprefix("Der ").removesuffix("-")
        assert head + second.split()[0] == COMPOUND
        assert len(head) in {
            point.at for point in breaks(COMPOUND, "de")
        }  # ... at a dictionary point
        assert size == next_size == 8.5  # the Qwik card's largest size: not shrunk


def test_check_warns_about_soft_hyphens_that_never_break(german: Path, tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(german, root, ignore=shutil.ignore_patterns("output"))
    po = root / DE
    catalog = po.read_text(encoding="utf-8")
    edits = {
        # Inside a word of wrapped text: the translator's hint, welcome.
        'msgstr "Kann geworfen werden': f'msgstr "Kann ge{SOFT_HYPHEN}worfen werden',
        # At a word's end: never a break.
        '"Der Läufer trägt': f'"Der Läufer{SOFT_HYPHEN} trägt',
        # In a label of a box one line high: never wrapped.
        'msgid "Reflexes"\nmsgstr "': f'msgid "Reflexes"\nmsgstr "Re{SOFT_HYPHEN}',
    }
    for old, new in edits.items():
        assert catalog.count(old) == 1, old
        catalog = catalog.replace(old, new)
    po.write_text(catalog, encoding="utf-8")
    result = cli(root, "i18n", "check", "--format", "json")
    found = [d for d in json.loads(result.stdout) if d["code"] == "JT829"]
    lines = catalog.splitlines()
    qwik = lines.index('msgctxt "qwik card"') + 2  # its msgid line
    stat = lines.index('msgid "Reflexes"') + 1
    assert sorted((d["file"], d["line"], d["severity"]) for d in found) == sorted(
        [(DE, qwik, "warning"), (DE, stat, "warning")]
    )


@pytest.mark.parametrize("ink", ["full", "saver"])
def test_a_soft_hyphen_drawn_as_one_line_string_never_prints(ink: str) -> None:
    """Titles, folios and page notes are drawn straight with drawString and its kin: a soft
    hyphen in a translated one there is dropped, not printed as a hyphen mid-word."""
    import pypdfium2

    from ttgbuild.core.printing import Ink
    from ttgbuild.render import ink as inks
    from ttgbuild.render import pdf

    with inks.using(Ink(ink)):
        canvas, buffer = pdf.new_canvas((400, 200), "soft hyphen", "test", "de")
    canvas.setFont(fonts.REGULAR, 12)
    canvas.drawString(10, 150, "Messing\u00adwächter")
    canvas.drawCentredString(200, 100, "Donau\u00addampf")
    canvas.drawRightString(390, 50, "Kapi\u00adtän")
    data = pdf.finish(canvas, buffer)
    shown = pypdfium2.PdfDocument(data)[0].get_textpage().get_text_range()
    for word in ("Messingwächter", "Donaudampf", "Kapitän"):
        assert word in shown
    assert "-" not in shown and "\u00ad" not in shown
