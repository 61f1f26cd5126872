"""guide.pdf: a print plan counted from the kit as built, steps and diagrams, in every locale.

One build of the shipped project (en and es, A4) is shared by the module:
the guide's table must name every file of the kit with the pages that file
really has, and the diagrams the pages that hold their parts.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pytest
from conftest import REPO, run_cli

from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import guide
from ttgbuild.render.context import RenderContext
from ttgbuild.render.printplan import Page
from ttgbuild.source.loader import load_content


def _texts(pdf: Path) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def _pages(pdf: Path) -> int:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("guide")
    for folder in ("content", "locales"):
        shutil.copytree(REPO / folder, root / folder)
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    result = run_cli(root, "build", "--locale", "en,es", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    assert "JT901" not in result.output  # nothing of the guide overflows its box
    return root / "out"


def test_the_plan_has_a_row_for_every_file_of_the_kit() -> None:
    assert set(guide.PLAN) == {part.file for part in PACK.components}
    assert [part.file for part in PACK.components if part.after_kit] == ["guide.pdf"]


def _context(root: Path, out: Path, locale: str) -> tuple[RenderContext, guide.Kit]:
    """A context as the build gives the guide, and the pages of the kit's files as built."""
    content = load_content(root, PACK).content
    ctx = RenderContext(content, load_translator(root, locale), PrintSettings())
    ctx.kit_files = {
        part.file: (out / locale / part.file).read_bytes()
        for part in PACK.components
        if not part.after_kit
    }
    return ctx, guide.read_kit(ctx.kit_files)


@pytest.mark.parametrize("locale", ["en", "es"])
def test_the_plan_counts_the_pages_of_the_built_files(kit: Path, locale: str) -> None:
    rows = guide.plan_rows(*_context(kit.parent, kit, locale))
    assert [row[0] for row in rows] == list(guide.PLAN)  # every file, in reading order
    for file, _holds, pages, paper, *_ in rows:
        assert pages == str(_pages(kit / locale / file)), file
        assert paper == "A4" or file == "board-print-shop.pdf", (file, paper)
    assert _pages(kit / locale / "guide.pdf") == guide.PAGES == 2
    first, second = (" ".join(page.split()) for page in _texts(kit / locale / "guide.pdf"))
    assert all(file in first for file in guide.PLAN)
    cards = _pages(kit / locale / "cards.pdf")
    pages = "pages" if locale == "en" else "páginas"
    assert f"cards.pdf, {pages} 1\u2013{cards - 2}" in second  # the alignment test follows


def test_the_english_guide_says_sides_paper_and_stock(kit: Path) -> None:
    rows = {row[0]: row for row in guide.plan_rows(*_context(kit.parent, kit, "en"))}
    assert rows["cards.pdf"][3:] == (
        "A4",
        "both sides, flip on the long edge",
        "card, 250\u2013300 g/m²",
    )
    assert rows["board-print-shop.pdf"][3].endswith(" mm")  # a poster: its own size
    first, second = _texts(kit / "en" / "guide.pdf")
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    captions = ("Cards: cut", "Two-sided counters", "Field tokens", "Board tiles", "Paper dice")
    assert all(caption in second for caption in captions)
    assert "Player mats" in first


def test_paper_names_follow_the_drawn_pages() -> None:
    """A4 or Letter by the page size either way up; a file not drawn: the settings' paper."""
    letter = PrintSettings(paper="letter")
    ctx = RenderContext(None, None, letter)  # type: ignore[arg-type]
    kit = {"a.pdf": (Page((792.0, 612.0), ""),), "b.pdf": (Page((595.28, 841.89), ""),)}
    assert guide.paper_name(ctx, kit, "a.pdf") == "Letter"
    assert guide.paper_name(ctx, kit, "b.pdf") == "A4"
    assert guide.paper_name(ctx, kit, "missing.pdf") == "Letter"


def test_the_diagrams_name_the_pages_of_their_parts(kit: Path) -> None:
    """Tokens' parts are found by their sections' headings, whatever pages they fall on."""
    ctx, pages = _context(kit.parent, kit, "es")
    tokens = pages["tokens.pdf"]
    first, last = guide.section_pages(ctx, pages, "dice", None)
    assert last == len(tokens) and "Dados de papel" in tokens[first - 1].text
    first, last = guide.section_pages(ctx, pages, "red-tokens", "counters")
    assert first == 1 and "Marcadores" in tokens[last].text  # the counters' page follows
    first, last = guide.section_pages(ctx, pages, "fold-over", "bases")
    assert 0 < first <= last < len(tokens)  # the pairs come before the dice
    where = guide.where_printed(ctx, pages, "fold", "tokens.pdf")
    expected = f"página {first}" if first == last else f"páginas {first}\u2013{last}"
    assert where == f"tokens.pdf, {expected}", where
    assert guide.where_printed(ctx, {}, "fold", "tokens.pdf") == "en tokens.pdf"  # not found
