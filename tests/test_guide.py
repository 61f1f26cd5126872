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
from conftest import REPO, declare_departures, run_cli

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


def _context(
    root: Path, out: Path, locale: str, settings: PrintSettings | None = None
) -> tuple[RenderContext, guide.Kit]:
    """A context as the build gives the guide, and the pages of the kit's files as built."""
    content = load_content(root, PACK).content
    ctx = RenderContext(content, load_translator(root, locale), settings or PrintSettings())
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
    assert rows["board-print-shop.pdf"][3] == "A2 (594 \u00d7 420 mm), 3 mm bleed"  # trimmed
    assert rows["quickref.pdf"][4] == "both sides, flip on the long edge"
    assert rows["tokens.pdf"][4] == "one side"  # every two-sided counter folds over
    first, second = _texts(kit / "en" / "guide.pdf")
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    captions = ("Cards: cut", "Two-sided counters", "Field tokens", "Board tiles", "Paper dice")
    assert all(caption in second for caption in captions)
    assert "Player mats" in first
    assert "Print tokens.pdf on one side." in " ".join(first.split())


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
    first, last = guide.section_pages(ctx, pages, "field-tokens", "counters")
    assert first == 1 and "Marcadores" in tokens[last].text  # the counters' page follows
    first, last = guide.section_pages(ctx, pages, "fold-over", "bases")
    assert 0 < first <= last < len(tokens)  # the pairs come before the dice
    where = guide.where_printed(ctx, pages, "fold", "tokens.pdf")
    expected = f"página {first}" if first == last else f"páginas {first}\u2013{last}"
    assert where == f"tokens.pdf, {expected}", where
    assert guide.where_printed(ctx, {}, "fold", "tokens.pdf") == "en tokens.pdf"  # not found


@pytest.fixture(scope="module")
def letter_short(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The kit in English on Letter, --duplex short, with 30 chain tokens: more than fold over
    (fold_over_at_most 20), so tokens.pdf holds a page of counters and their backs."""
    root = tmp_path_factory.mktemp("letter")
    for folder in ("content", "locales"):
        shutil.copytree(REPO / folder, root / folder)
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    kit_yaml = root / "content" / "kit.yaml"
    kit_text = kit_yaml.read_text(encoding="utf-8")
    assert "chain_ready: 2\n" in kit_text
    kit_yaml.write_text(kit_text.replace("chain_ready: 2\n", "chain_ready: 30\n"), "utf-8")
    declare_departures(root)  # 30 chain tokens depart from the box's 2 on purpose
    out = root / "out"
    args = ("--locale", "en", "--paper", "letter", "--duplex", "short", "--out", str(out))
    result = run_cli(root, "build", *args, "--strict")
    assert result.exit_code == 0, result.output
    return root, out


def test_letter_short_duplex_rows_and_text_agree(letter_short: tuple[Path, Path]) -> None:
    """The print plan and the running text say the same of each file: cards and the token
    backs flip on the short edge (--duplex), the quick reference always on the long edge,
    tokens.pdf both sides only on its pages of backs; the poster by its trimmed US size."""
    root, out = letter_short
    settings = PrintSettings(paper="letter", duplex="short")
    rows = {row[0]: row for row in guide.plan_rows(*_context(root, out, "en", settings))}
    tokens = _texts(out / "en" / "tokens.pdf")
    backs = [n for n, page in enumerate(tokens, 1) if "Two-sided counters (print" in page]
    assert backs, "no page of two-sided counters"
    first, last = backs[0], backs[0] + 1  # the counters, then their backs
    assert rows["quickref.pdf"][3:5] == ("Letter", "both sides, flip on the long edge")
    assert rows["cards.pdf"][3:5] == ("Letter", "both sides, flip on the short edge")
    assert rows["tokens.pdf"][3:5] == (
        "Letter",
        f"one side; pages {first}\u2013{last} both sides, flip on the short edge",
    )
    assert rows["board-print-shop.pdf"][3] == "18 \u00d7 24 in, 3 mm bleed"
    assert all(row[3] == "Letter" for file, row in rows.items() if file != "board-print-shop.pdf")
    text = " ".join(_texts(out / "en" / "guide.pdf")[0].split())
    assert "print quickref.pdf on both sides, flipping on the long edge" in text
    assert "Print cards.pdf on both sides, flipping on the short edge" in text
    assert (
        f"Print pages {first}\u2013{last} of tokens.pdf on both sides, flipping on the short edge"
        in text
    )
    assert "long edge. Try" not in text and "Print tokens.pdf on one side" not in text
