"""No-break spaces (U+00A0, narrow U+202F) never break a line, and print as blanks."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from bench.pdfview import Rect, open_pdf
from ttgbuild.render import fonts, text

SIZE = 10.0


@pytest.fixture(autouse=True)
def registered() -> None:
    fonts.register()


def lines_of(block: text.Fitted) -> list[str]:
    return [" ".join(piece.span.text for piece in line) for line in block.lines]


def box_for(words: str) -> float:
    """A width that holds `words` and a little more, but not one more short word."""
    return fonts.width(words, fonts.REGULAR, SIZE) + 1.0


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_no_break_space_keeps_number_and_unit_together(space: str) -> None:
    width = box_for("Cut at 50")
    plain = text.fit([text.spans("Cut at 50 mm")], width, 100, SIZE, SIZE)
    assert lines_of(plain) == ["Cut at 50", "mm"]  # the ordinary space breaks there
    kept = text.fit([text.spans(f"Cut at 50{space}mm")], width, 100, SIZE, SIZE)
    assert lines_of(kept) == ["Cut at", f"50{space}mm"]
    assert kept.fits


def test_french_spacing_keeps_punctuation_on_its_word() -> None:
    width = box_for("Attention")
    block = text.fit([text.spans("Attention\u202f! Voilà\u202f: fini")], width, 100, SIZE, SIZE)
    assert all(not line.startswith(("!", ":")) for line in lines_of(block))
    assert lines_of(block)[0] == "Attention\u202f!"


def test_narrow_no_break_space_is_a_thin_blank_the_pdf_copies() -> None:
    em = fonts.width("\u202f", fonts.REGULAR, SIZE) / SIZE
    assert em == pytest.approx(fonts.THIN_SPACE_EMS)
    assert em < fonts.width(" ", fonts.REGULAR, SIZE) / SIZE
    assert not fonts.missing_glyphs("50\u202fmm\u00a0x")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 60))
    block = text.fit([text.spans("50\u202fmm")], 200, 60, 30, 30)
    text.draw(canvas, block, 10, 50, text.SANS, lambda *_: None)
    canvas.setFont(fonts.REGULAR, 40)
    canvas.drawString(120, 10, "\u202f")  # alone, where nothing else is drawn
    canvas.save()
    page = open_pdf(buffer.getvalue())[0]
    assert "50\u202fmm" in page.text()
    blank = page.render(dpi=72, clip=Rect(115, 5, 160, 55))
    assert set(blank.tobytes()) == {255}  # no empty-box glyph


def test_squeeze_keeps_no_break_spaces() -> None:
    assert text.squeeze("  50\u00a0mm \n\t à\u202f! ") == "50\u00a0mm à\u202f!"
