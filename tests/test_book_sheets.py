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

import pypdfium2 as pdfium
import pytest
from conftest import assert_no_crash, run_cli
from rulestext import pdf_pages, plain

from ttgbuild.i18n.runtime import Translator
from ttgbuild.render import fonts, text
from ttgbuild.render.booksheet import BODY, Setting, lines
from ttgbuild.render.flow import Figure, Laid
from ttgbuild.render.paginate import Lines, Paged, Solid, paginate
from ttgbuild.render.pdf import new_canvas
from ttgbuild.render.prose import SheetLayout
from ttgbuild.source.sheetfile import SheetError, load_sheets

pytestmark = pytest.mark.timeout(120)

# A book's head: its title, page number and variants messages.
BOOK_HEAD = """\
book:
  title: {msg: "{game}: rules of play", context: rules heading, params: {game: game_title}}
  folio: {msg: "page {page} of {pages}", context: rules folio}
  variants: {msg: "This kit changes the published rules of {title}:", context: variants}
sections:
"""
RULES = (
    BOOK_HEAD
    + """\
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
)
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


def fails_at(game: Path, needle: str, code: str, *command: str) -> None:
    """The `command` (`validate` if none) fails (exit 1) with the error `code` at the book's
    line holding `needle`."""
    result = run_cli(game, *(command or ("validate",)))
    assert_no_crash(result)
    assert result.exit_code == 1
    line = line_of(game / "pack/sheets/rules.sheet.yaml", needle)
    assert re.search(rf"rules\.sheet\.yaml:{line}:\d+: error {code}", result.stdout), result.stdout


def test_a_bad_expression_in_a_book_is_located_by_validate(game: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "params: {budget: game.budget}", "params: {budget: game.budget +}")
    fails_at(game, "game.budget +", "JT080")


def test_a_name_the_book_is_not_given_is_located_and_stops_the_build(
    game: Path, tmp_path: Path
) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "params: {budget: game.budget}", "params: {budget: game.wallet}")
    build = ("build", "--locale", "en", "--out", str(tmp_path / "out"))
    fails_at(game, "game.wallet", "JT082", *build)
    assert not (tmp_path / "out").exists()


def test_a_figure_the_pack_does_not_draw_is_located(game: Path, tmp_path: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    replace(sheet, "      - table:\n", "      - {figure: scatter_template}\n      - table:\n")
    build = ("build", "--locale", "en", "--out", str(tmp_path / "out"))
    fails_at(game, "scatter_template", "JT081", *build)


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


WIDTH = 200.0  # the synthetic columns' width, points


class Placing:
    """Named blocks that record in which column (its left edge) pagination drew them."""

    def __init__(self) -> None:
        fonts.register()
        self.setting = Setting(lambda *args: None)
        self.placed: list[tuple[str, float]] = []

    def solid(self, name: str, height: float, keep: bool) -> Solid:
        def paint(canvas: object, x: float, top: float) -> None:
            self.placed.append((name, x))

        return Solid(Laid(height, 0.0, paint), 10.0, keep_with_next=keep)

    def paragraph(self, words: int) -> Lines:
        return lines([text.Span("word " * words)], WIDTH, self.setting)

    def first_page(self, items: list[Solid | Lines], first: float, second: float) -> Paged:
        """The items paginated into two columns (at x 0 and 300) of these heights, the
        first page painted (what `placed` records)."""
        boxes = [(0.0, 0.0, WIDTH, first), (300.0, 0.0, WIDTH, second)]
        paged = paginate(items, lambda page: boxes, self.setting.icon)
        canvas, _buffer = new_canvas((600.0, 1000.0), "test", "test", "en")
        for paint in paged.pages[0]:
            paint(canvas)
        return paged


def test_a_heading_never_ends_a_column_even_a_chapter_then_its_subheading() -> None:
    """A chapter's heading, its subheading and a paragraph, where the two headings would
    fit but not the paragraph's first lines: all three move to the next column."""
    at = Placing()
    items = [at.solid("filler", 50.0, False), at.solid("chapter", 20.0, True)]
    items += [at.solid("subheading", 12.0, True), at.paragraph(80)]
    # Room for the filler, both headings and their gaps, and less than two lines of text.
    paged = at.first_page(items, 50.0 + 10.0 + 20.0 + 10.0 + 12.0 + BODY, 1000.0)
    assert at.placed == [("filler", 0.0), ("chapter", 300.0), ("subheading", 300.0)]
    assert len(paged.pages) == 1 and len(paged.pages[0]) == 4  # the paragraph followed


def test_a_heading_moves_with_a_paragraph_too_short_to_split() -> None:
    """A heading over a three-line paragraph, with room for the heading and two lines:
    such a paragraph cannot be split (two lines each side), so the heading moves with it."""
    at = Placing()
    paragraph = at.paragraph(20)
    assert len(paragraph.block.lines) == 3
    items = [at.solid("filler", 50.0, False), at.solid("heading", 12.0, True), paragraph]
    leading = paragraph.block.leading
    at.first_page(items, 50.0 + 10.0 + 12.0 + paragraph.space_before + 2.5 * leading, 1000.0)
    assert at.placed == [("filler", 0.0), ("heading", 300.0)]


FOOT_PT = 16 * 72 / 25.4  # the book's footer band (booksheet.FOOT), points from the bottom


def tide_table(rows: int) -> str:
    """A book whose first chapter is one table of `rows` rows ("tide row 1" ...)."""
    return (
        BOOK_HEAD
        + f"""\
  - heading: {{msg: Tide table, context: rules heading}}
    items:
      - table:
          columns: [{{weight: 1}}, {{weight: 1}}]
          header: [{{msg: Roll, context: t}}, {{msg: Tide, context: t}}]
          rows:
            - each: range(1, {rows + 1})
              as: n
              cells: [{{msg: "tide row {{n}}", context: t, params: {{n: n}}}}, {{text: "'x'"}}]
"""
    )


def build_book(game: Path, sheet: str, out: Path) -> tuple[str, Path]:
    """The game (playing the book: no variants) built with `sheet` as its rules.sheet.yaml:
    the CLI's output and rules.pdf."""
    (game / "content/variants.yaml").unlink()
    replace(game / "content/game.yaml", "budget: 14", "budget: 12")
    (game / "pack/sheets/rules.sheet.yaml").write_text(sheet, encoding="utf-8")
    result = run_cli(game, "build", "--locale", "en", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout
    return result.stdout, out / "en/rules.pdf"


def found_at(pdf: Path, needle: str) -> list[tuple[int, float, float]]:
    """(page index, left, bottom) of every place `needle` is printed, in points."""
    found = []
    for index, page in enumerate(pdfium.PdfDocument(pdf)):
        textpage = page.get_textpage()
        searcher = textpage.search(needle, match_case=True, match_whole_word=True)
        while (hit := searcher.get_next()) is not None:
            left, bottom, _right, _top = textpage.get_charbox(hit[0])
            found.append((index, left, bottom))
    return found


@pytest.mark.parametrize("rows", [48, 50])
def test_a_table_near_a_columns_height_keeps_its_heading_and_clears_the_foot(
    game: Path, tmp_path: Path, rows: int
) -> None:
    """48 rows fit a column but not under their heading; 50 fit page 2's column but not
    page 1's (shorter by the title band). Either way the table breaks between rows: its
    heading starts the column with the first rows, and no row is drawn on the footer."""
    output, pdf = build_book(game, tide_table(rows), tmp_path / "out")
    assert "JT901" not in output
    ((page, left, _bottom),) = found_at(pdf, "Tide table")
    first = found_at(pdf, "tide row 1")[0]
    assert first[0] == page and abs(first[1] - left) < 10  # the same column (a band's pad)
    for n in range(1, rows + 1):
        ((_page, _left, bottom),) = found_at(pdf, f"tide row {n}")
        assert bottom > FOOT_PT, n


def test_headings_of_sections_printing_nothing_are_left_out(game: Path, tmp_path: Path) -> None:
    """Forty chapters whose text is all left out (`when: "false"`), then one with text:
    one page, and no heading of a chapter that prints nothing."""
    empty = """\
  - heading: {{msg: "Empty {n}", context: rules heading}}
    items:
      - prose:
          - {{msg: "never", context: rules, when: "false"}}
"""
    last = """\
  - heading: {msg: Last, context: rules heading}
    items:
      - prose:
          - {msg: "Some text.", context: rules}
"""
    sheet = BOOK_HEAD + "".join(empty.format(n=n) for n in range(1, 41)) + last
    _output, pdf = build_book(game, sheet, tmp_path / "out")
    pages = [plain(page) for page in pdf_pages(pdf)]
    assert len(pages) == 1
    assert "Empty" not in pages[0] and "Some text." in pages[0]


def test_a_heading_chain_no_column_holds_stays_where_it_is() -> None:
    """Two headings whose height with their follower's start is more than an empty column:
    moving them would only leave a column behind, so they stay after the filler."""
    at = Placing()
    items = [at.solid("filler", 50.0, False), at.solid("chapter", 300.0, True)]
    items += [at.solid("subheading", 300.0, True), at.paragraph(80)]
    at.first_page(items, 500.0, 500.0)
    assert at.placed == [("filler", 0.0), ("chapter", 0.0), ("subheading", 300.0)]


def test_a_long_title_wraps_in_its_band_and_is_cut_in_the_running_head(
    game: Path, tmp_path: Path
) -> None:
    """A title longer than the page at the band's least size wraps in the band; the running
    head ends it with an ellipsis before the page number, and JT901 points at the title."""
    words = " ".join(f"word{n}" for n in range(1, 31))
    sheet = tide_table(120).replace('"{game}: rules of play"', f'"{{game}}: {words}"', 1)
    output, pdf = build_book(game, sheet, tmp_path / "out")
    assert re.search(r"warning JT901: en: book rules, title: .*rules\.sheet\.yaml:2\b", output)
    pages = [plain(page) for page in pdf_pages(pdf)]
    assert "word30" in pages[0]  # the whole title in the band, wrapped
    assert "word30" not in pages[1] and "\u2026 page 2 of" in pages[1]


def test_a_book_with_no_sections_is_located(game: Path) -> None:
    sheet = game / "pack/sheets/rules.sheet.yaml"
    sheet.write_text(BOOK_HEAD.replace("sections:\n", "sections: []\n"), encoding="utf-8")
    fails_at(game, "sections: []", r"JT\d+")


def test_a_table_wider_than_a_column_is_a_warning_naming_the_book(
    game: Path, tmp_path: Path
) -> None:
    """Six fixed-width columns in a three-column book: JT901 names the sheet and the line of
    the section holding the table, in a book's words (a book has one size, no smallest)."""
    cells = ", ".join(f"{{msg: Heading{n}wide, context: t}}" for n in range(6))
    sheet = (
        BOOK_HEAD.replace("sections:\n", "  columns: 3\nsections:\n")
        + f"""\
  - heading: {{msg: Wide, context: rules heading}}
    items:
      - table:
          columns: [{", ".join(["{weight: 0}"] * 6)}]
          header: [{cells}]
          rows:
            - cells: [{", ".join(f'{{text: "{n}"}}' for n in range(6))}]
"""
    )
    output, _pdf = build_book(game, sheet, tmp_path / "out")
    found = re.search(r"warning JT901: en: book rules, columns: .*", output)
    section = line_of(game / "pack/sheets/rules.sheet.yaml", "{msg: Wide")
    assert found and f"rules.sheet.yaml:{section}" in found[0], output
    assert "smallest" not in found[0]
