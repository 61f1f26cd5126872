"""Sheets in book mode: a `book:` at a sheet file's top makes it a multi-page rulebook.

The example game made of data (examples/tidewrack) gets a rules.sheet.yaml in
book mode and a kit file for it; the tests build it with the CLI and read the
PDF's text: pages flow on and are numbered, the kit's declared variants come
before the first chapter, a long table breaks between its rows, and a broken
book sheet is a located error. Pagination itself (a heading never ends a
column) is checked on the engine's items.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import assert_no_crash, run_cli
from rulestext import pdf_pages, plain

from ttgbuild.i18n.runtime import Translator
from ttgbuild.render import fonts, text
from ttgbuild.render.booksheet import BODY, Setting, lines
from ttgbuild.render.flow import Figure, Laid
from ttgbuild.render.paginate import Solid, paginate
from ttgbuild.render.pdf import new_canvas
from ttgbuild.render.prose import SheetLayout
from ttgbuild.source.sheetfile import SheetError, load_sheets

pytestmark = pytest.mark.timeout(120)

RULES = """\
book:
  title: {msg: "{game}: rules of play", context: rules heading, params: {game: game_title}}
  folio: {msg: "page {page} of {pages}", context: rules folio}
  variants: {msg: "This kit changes the published rules of {title}:", context: variants}
sections:
  - heading: {msg: How to win, context: rules heading}
    items:
      - prose:
          - msg: "Build a shore costing at most {budget}; the last player with critters wins."
            context: rules
            params: {budget: game.budget}
  - heading: {msg: The tide, context: rules heading}
    items:
      - prose:
          - each: range(1, 60)
            as: n
            msg: "Tide paragraph {n}: the wave rises, pushes every critter whose grip is too
              weak one pool towards the sea, and falls back to the shore again."
            context: rules
            params: {n: n}
  - heading: {msg: Every roll, context: rules heading, level: 2}
    items:
      - table:
          columns: [{align: center}, {weight: 1}]
          header:
            - {msg: Roll, context: rules table}
            - {msg: What happens, context: rules table}
          rows:
            - each: range(1, 121)
              as: n
              cells:
                - {number: n}
                - {msg: "Row {n} of the long table", context: rules table, params: {n: n}}
"""
VARIANTS = """\
variants:
  - id: bigger-budget
    changes: [budget]
    reason: a test's kit that departs from the printed rules
    summary: "Each shore may cost up to {budget} (the printed rules say {book_budget})."
"""


def replace(path: Path, old: str, new: str) -> None:
    value = path.read_text(encoding="utf-8")
    assert old in value, f"{old!r} not in {path}"
    path.write_text(value.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def game(tidewrack: Path) -> Path:
    """Tidewrack with a rulebook in book mode, rules.pdf in its kit and one declared variant."""
    (tidewrack / "pack/sheets/rules.sheet.yaml").write_text(RULES, encoding="utf-8")
    replace(
        tidewrack / "pack/pack.yaml",
        "  - file: guide.pdf",
        "  - file: rules.pdf\n    summary: the complete rules of play\n    sheet: rules\n"
        "  - file: guide.pdf",
    )
    replace(
        tidewrack / "pack/sheets/guide.sheet.yaml",
        "    guide.pdf:",
        '    rules.pdf: {msg: "The rules of play", context: print plan}\n    guide.pdf:',
    )
    replace(tidewrack / "content/game.yaml", "budget: 12", "budget: 14")
    (tidewrack / "content/variants.yaml").write_text(VARIANTS, encoding="utf-8")
    return tidewrack


def line_of(path: Path, needle: str) -> int:
    found = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, value in enumerate(found, 1) if needle in value)


def test_a_book_flows_over_numbered_pages_variants_first(game: Path, tmp_path: Path) -> None:
    result = run_cli(game, "build", "--locale", "en", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout
    pages = [plain(page) for page in pdf_pages(tmp_path / "out/en/rules.pdf")]
    total = len(pages)
    assert total >= 3
    for number, page in enumerate(pages, start=1):
        assert f"page {number} of {total}" in page
    assert pages[0].count("Tidewrack: rules of play") == 1  # the band; later pages' head
    assert all("Tidewrack: rules of play" in page for page in pages[1:])
    whole = " ".join(pages)
    variant = whole.index("Each shore may cost up to 14 (the printed rules say 12).")
    assert whole.index("This kit changes the published rules of Tidewrack:") < variant
    assert variant < whole.index("How to win") < whole.index("The tide")
    assert "at most 14" in whole  # numbers from the content
    tide = [int(n) for n in re.findall(r"Tide paragraph (\d+):", whole)]
    assert tide == list(range(1, 60))  # every paragraph once, in order, across pages
    rows = [int(n) for n in re.findall(r"Row (\d+) of the long table", whole)]
    assert rows == list(range(1, 121))  # a table longer than a column breaks between rows
    assert whole.count("Roll What happens") >= 2  # its header again atop each column it spans
    first_row = next(i for i, page in enumerate(pages) if "Row 1 of the long" in page)
    last_row = next(i for i, page in enumerate(pages) if "Row 120 of the long" in page)
    assert last_row > first_row


def test_a_kit_playing_the_book_prints_no_variants(game: Path, tmp_path: Path) -> None:
    (game / "content/variants.yaml").unlink()
    replace(game / "content/game.yaml", "budget: 14", "budget: 12")
    result = run_cli(game, "build", "--locale", "en", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.stdout
    whole = plain(" ".join(pdf_pages(tmp_path / "out/en/rules.pdf")))
    assert "This kit changes" not in whole and "How to win" in whole


def test_book_messages_are_extracted_with_their_lines(game: Path) -> None:
    result = run_cli(game, "i18n", "extract")
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout
    pot = (game / "locales/ttgbuild.pot").read_text(encoding="utf-8")
    sheet = game / "pack/sheets/rules.sheet.yaml"
    for needle, context, msgid in (
        ("folio:", "rules folio", "page {page} of {pages}"),
        ("variants: {msg", "variants", "This kit changes the published rules of {title}:"),
        ("{msg: Every roll", "rules heading", "Every roll"),
    ):
        entry = pot[: pot.index(f'msgctxt "{context}"\nmsgid "{msgid}"')].rsplit("\n\n", 1)[-1]
        assert f"rules.sheet.yaml:{line_of(sheet, needle)}" in entry, entry


def test_a_bad_expression_in_a_book_is_located_by_validate(game: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "params: {budget: game.budget}", "params: {budget: game.budget +}")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    line = line_of(sheet, "game.budget +")
    assert re.search(rf"rules\.sheet\.yaml:{line}:\d+: error JT080", result.stdout), result.stdout


def test_a_name_the_book_is_not_given_is_located_and_stops_the_build(
    game: Path, tmp_path: Path
) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "params: {budget: game.budget}", "params: {budget: game.wallet}")
    result = run_cli(game, "build", "--locale", "en", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1
    line = line_of(sheet, "game.wallet")
    assert re.search(rf"rules\.sheet\.yaml:{line}:\d+: error JT082", result.stdout), result.stdout
    assert not (tmp_path / "out").exists()


def test_a_figure_the_pack_does_not_draw_is_located(game: Path, tmp_path: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "      - table:\n", "      - {figure: scatter_template}\n      - table:\n")
    result = run_cli(game, "build", "--locale", "en", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1
    line = line_of(sheet, "scatter_template")
    assert re.search(rf"rules\.sheet\.yaml:{line}:\d+: error JT081", result.stdout), result.stdout


def test_a_book_lacking_its_page_number_message_is_located(game: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, '  folio: {msg: "page {page} of {pages}", context: rules folio}\n', "")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert re.search(r"rules\.sheet\.yaml:2:\d+: error JT051: .*'folio'", result.stdout)


def test_a_subheading_or_type_size_outside_its_mode_is_located(game: Path) -> None:
    one_page = game / "pack/sheets/reference.sheet.yaml"
    pools = "{msg: Pools, context: reference heading"
    replace(one_page, pools + "}", pools + ", level: 2}")
    book = game / "pack/sheets/rules.sheet.yaml"
    replace(book, "sections:\n", "type_size: {largest: 12}\nsections:\n")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    line = line_of(one_page, "level: 2")
    assert re.search(rf"reference\.sheet\.yaml:{line}:\d+: error JT084", result.stdout)
    line = line_of(book, "type_size")
    assert re.search(rf"rules\.sheet\.yaml:{line}:\d+: error JT084", result.stdout)


def test_a_figure_taller_than_a_column_is_located(game: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "      - table:\n", "      - {figure: tower}\n      - table:\n")
    sheets = load_sheets((game / "pack/sheets").resolve(), game)
    assert not sheets.diagnostics
    tower = {"tower": lambda labels: Figure(2000.0, lambda *args: None)}
    names = {"game": {"budget": 12}}
    layout = SheetLayout(sheets, Translator("en"), frozenset(), names, tower, {}, figure_room=600.0)
    with pytest.raises(SheetError) as raised:
        layout.sections("rules")
    found = raised.value.diagnostic
    assert found.code == "JT085"
    assert (found.file, found.line) == ("pack/sheets/rules.sheet.yaml", line_of(sheet, "tower"))


def test_a_heading_never_ends_a_column_even_a_chapter_then_its_subheading() -> None:
    """A chapter's heading, its subheading and a paragraph, where the two headings would
    fit but not the paragraph's first lines: all three move to the next column."""
    fonts.register()
    setting = Setting(lambda *args: None)
    width = 200.0
    placed: list[tuple[str, float]] = []

    def solid(name: str, height: float, keep: bool) -> Solid:
        def paint(canvas: object, x: float, top: float) -> None:
            placed.append((name, x))

        return Solid(Laid(height, 0.0, paint), 10.0, keep_with_next=keep)

    paragraph = lines([text.Span("word " * 80)], width, setting)
    items = [solid("filler", 50.0, False), solid("chapter", 20.0, True)]
    items += [solid("subheading", 12.0, True), paragraph]
    # Room for the filler, both headings and their gaps, and less than two lines of text.
    column = 50.0 + 10.0 + 20.0 + 10.0 + 12.0 + BODY
    boxes = [(0.0, 0.0, width, column), (300.0, 0.0, width, 1000.0)]
    paged = paginate(items, lambda page: boxes, setting.icon)
    canvas, _buffer = new_canvas((600.0, 1000.0), "test", "test", "en")
    for paint in paged.pages[0]:
        paint(canvas)
    assert placed == [("filler", 0.0), ("chapter", 300.0), ("subheading", 300.0)]
    assert len(paged.pages) == 1 and len(paged.pages[0]) == 4  # the paragraph followed


def test_a_heading_moves_with_a_paragraph_too_short_to_split() -> None:
    """A heading over a three-line paragraph, with room for the heading and two lines:
    such a paragraph cannot be split (two lines each side), so the heading moves with it."""
    fonts.register()
    setting = Setting(lambda *args: None)
    width = 200.0
    placed: list[tuple[str, float]] = []

    def solid(name: str, height: float, keep: bool) -> Solid:
        def paint(canvas: object, x: float, top: float) -> None:
            placed.append((name, x))

        return Solid(Laid(height, 0.0, paint), 10.0, keep_with_next=keep)

    paragraph = lines([text.Span("word " * 20)], width, setting)
    assert len(paragraph.block.lines) == 3
    items = [solid("filler", 50.0, False), solid("heading", 12.0, True), paragraph]
    leading = paragraph.block.leading
    column = 50.0 + 10.0 + 12.0 + paragraph.space_before + 2.5 * leading
    boxes = [(0.0, 0.0, width, column), (300.0, 0.0, width, 1000.0)]
    paged = paginate(items, lambda page: boxes, setting.icon)
    canvas, _buffer = new_canvas((600.0, 1000.0), "test", "test", "en")
    for paint in paged.pages[0]:
        paint(canvas)
    assert placed == [("filler", 0.0), ("heading", 300.0)]
