"""What a sheet's page says besides its sections: its own title, and the 100 % note and
ruler every page of the kit carries (issue 38, "Play from the kit alone"; print.md).

Readers found reference sheets whose band named only the game. A copy of the
example game made of data (examples/tidewrack) is built with the CLI and its
PDFs read back: a reference sheet's band shows its own `title:`, translated,
with the game's name beside it; every page of a book, a reference sheet and
the guide still carries the note and the ruler.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import assert_no_crash, run_cli
from rulestext import pdf_pages, plain

pytestmark = pytest.mark.timeout(120)

NOTE = "Print at 100 %"  # the start of the page note (context "page note")
RULER = "= 50 mm"  # the ruler's label
BOOK = """\
book:
  title: {msg: "Tidewrack: rules of play", context: rules heading}
  folio: {msg: "page {page} of {pages}", context: rules folio}
  variants: {msg: "This kit changes the published rules of {title}:", context: variants}
sections:
  - heading: {msg: The tide, context: rules heading}
    items:
      - prose:
          - each: range(1, 50)
            as: n
            msg: "Tide paragraph {n}: the wave rises, pushes every weak critter one pool
              towards the sea, and falls back to the shore again."
            context: rules
            params: {n: n}
"""
TITLE = "title: {msg: Tide chart, context: sheet title}\n"


def replace(path: Path, old: str, new: str) -> None:
    value = path.read_text(encoding="utf-8")
    assert old in value, f"{old!r} not in {path}"
    path.write_text(value.replace(old, new, 1), encoding="utf-8")


def with_book(game: Path, head: str = "") -> Path:
    """Tidewrack with rules.pdf, a book of several pages (`head` put before `book:`)."""
    (game / "pack/sheets/rules.sheet.yaml").write_text(head + BOOK, encoding="utf-8")
    replace(
        game / "pack/pack.yaml",
        "  - file: guide.pdf",
        "  - file: rules.pdf\n    summary: the rules\n    sheet: rules\n  - file: guide.pdf",
    )
    replace(
        game / "pack/sheets/guide.sheet.yaml",
        "    guide.pdf:",
        '    rules.pdf: {msg: "The rules of play", context: print plan}\n    guide.pdf:',
    )
    return game


def titled(game: Path, head: str = TITLE) -> Path:
    """Tidewrack whose reference sheet has `head` (its own title) at its top."""
    sheet = game / "pack/sheets/reference.sheet.yaml"
    lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("title:")]  # the example's own
    sheet.write_text(head + "".join(kept), encoding="utf-8")
    return game


def build(game: Path, out: Path, locale: str = "en") -> Path:
    result = run_cli(game, "build", "--locale", locale, "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout
    return out / locale


def test_every_page_of_a_book_carries_the_print_note_and_ruler(
    tidewrack: Path, tmp_path: Path
) -> None:
    kit = build(with_book(tidewrack), tmp_path / "out")
    pages = [plain(page) for page in pdf_pages(kit / "rules.pdf")]
    assert len(pages) >= 2
    for number, page in enumerate(pages, start=1):
        assert f"page {number} of {len(pages)}" in page  # the folio
        assert NOTE in page and RULER in page, number


def test_a_reference_sheet_shows_its_own_title_and_the_games_name(
    tidewrack: Path, tmp_path: Path
) -> None:
    game = titled(tidewrack)
    with (game / "locales/es/LC_MESSAGES/ttgbuild.po").open("a", encoding="utf-8") as po:
        po.write('\nmsgctxt "sheet title"\nmsgid "Tide chart"\nmsgstr "Tabla de mareas"\n')
    for locale, title in (("en", "Tide chart"), ("es", "Tabla de mareas")):
        (page,) = pdf_pages(build(game, tmp_path / "out", locale) / "reference.pdf")
        head = plain(page)[:60]
        assert re.match(rf"{title} Tidewrack\b", head), head  # the title, then the game
        assert RULER in plain(page)  # the note is in the page's language


def test_a_reference_sheet_without_a_title_shows_the_games_name(
    tidewrack: Path, tmp_path: Path
) -> None:
    (page,) = pdf_pages(build(titled(tidewrack, ""), tmp_path / "out") / "reference.pdf")
    assert plain(page).startswith("Tidewrack How to win")


def test_a_title_beside_a_book_is_a_located_error(tidewrack: Path) -> None:
    game = with_book(tidewrack, TITLE)
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert re.search(r"rules\.sheet\.yaml:1:\d+: error JT084", result.stdout), result.stdout


def test_a_title_that_is_no_message_is_a_located_error(tidewrack: Path) -> None:
    result = run_cli(titled(tidewrack, "title: Tide chart\n"), "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert re.search(r"reference\.sheet\.yaml:1:\d+: error JT0\d\d", result.stdout)
