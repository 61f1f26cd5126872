"""Board files (`<name>.board.yaml`): each feature broken in a copy of the Stormhold example
is a located `validate` error (exit 1), and the grid's geometry holds for squares and hexes.

The board file is data only (docs/formats/boards.md): a broken cell, edge, colour, size
or expression must be named at its line before any page is drawn, never a crash.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from conftest import REPO, assert_no_crash, run_cli
from reportlab.lib.units import mm

from ttgbuild.geometry.cellgrid import CellGrid
from ttgbuild.source.boardfile import cells_named
from ttgbuild.source.schema import FORMATS, schemas_at

EXAMPLE = REPO / "examples" / "stormhold"
BOARD = Path("pack") / "boards" / "stormhold.board.yaml"
SHOWN = BOARD.as_posix()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "stormhold"
    shutil.copytree(EXAMPLE, root)
    return root


def _edit(root: Path, old: str, new: str) -> int:
    """Replace `old` by `new` in the copy's board file; the line (from 1) it sits on."""
    path = root / BOARD
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _validate(root: Path) -> tuple[int, list[dict[str, Any]]]:
    result = run_cli(root, "validate", "--format", "json")
    assert_no_crash(result)
    return result.exit_code, json.loads(result.stdout)


def _board_errors(root: Path) -> list[tuple[str, int]]:
    """(code, line) of every error `validate` reports in the board file; exit 1 asserted."""
    code, found = _validate(root)
    assert code == 1, found
    return [
        (d["code"], d["line"]) for d in found if d["file"] == SHOWN and d["severity"] == "error"
    ]


def test_the_example_is_data_only() -> None:
    assert not [p for p in EXAMPLE.rglob("*") if p.suffix in (".py", ".pyc")]


def test_the_example_validates_strictly(game: Path) -> None:
    result = run_cli(game, "validate", "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr


def test_a_marked_cell_off_the_grid_is_located(game: Path) -> None:
    line = _edit(game, "cells: [A1, K1, A11, K11]", "cells: [A1, K1, A11, L12]")
    assert ("JT087", line) in _board_errors(game)


def test_a_marked_range_reaching_off_the_grid_is_located(game: Path) -> None:
    line = _edit(game, "D1:H1, F2,", "D1:H1, F2:F12,")
    assert ("JT087", line) in _board_errors(game)


def test_an_unknown_colour_name_is_located(game: Path) -> None:
    line = _edit(game, "fill: hearth", "fill: hearht")
    assert ("JT088", line) in _board_errors(game)


def test_an_expression_that_does_not_parse_is_located(game: Path) -> None:
    line = _edit(game, "cell: game.cell_mm", "cell: game.cell_mm +")
    assert ("JT086", line) in _board_errors(game)


def test_a_colour_expression_that_does_not_parse_is_located(game: Path) -> None:
    line = _edit(
        game,
        "symbol_colour: paper\n    label: {msg: Haven",
        "symbol_colour: theme[\n    label: {msg: Haven",
    )
    assert ("JT086", line) in _board_errors(game)


def test_an_expression_failing_with_the_content_is_located(game: Path) -> None:
    # It parses, so only evaluating it with content/game.yaml finds the missing field.
    line = _edit(game, "cell: game.cell_mm", "cell: game.cell_size")
    assert ("JT086", line) in _board_errors(game)


def test_an_expression_giving_no_number_is_located(game: Path) -> None:
    line = _edit(game, "cell: game.cell_mm", "cell: \"'wide'\"")
    assert ("JT089", line) in _board_errors(game)


def test_a_cell_size_out_of_bounds_is_located(game: Path) -> None:
    line = _edit(game, "cell: game.cell_mm", "cell: 2")
    assert ("JT089", line) in _board_errors(game)


def test_a_board_larger_than_any_poster_is_located(game: Path) -> None:
    # 11 cells of 150 mm: 1.67 m, more than an A0 sheet; it would tile into 80 pages.
    (game / "content" / "game.yaml").write_text(
        "players: 2\ncell_mm: 40\ntoken_mm: 20\n", encoding="utf-8"
    )
    line = _edit(game, "cell: game.cell_mm", "cell: game.cell_mm * 3.75")
    assert ("JT089", line) in _board_errors(game)


def test_an_edge_between_cells_that_do_not_touch_is_located(game: Path) -> None:
    line = _edit(
        game,
        "  - {cells: [F6], side: top, colour: ink, width: 2.5}",
        "  - {between: [F6, F8], colour: ink}",
    )
    assert ("JT087", line) in _board_errors(game)


def test_an_edge_without_cells_or_neighbours_is_located(game: Path) -> None:
    line = _edit(game, "  - {cells: [F6], side: top, colour: ink, width: 2.5}", "  - {colour: ink}")
    assert ("JT087", line) in _board_errors(game)


def test_a_side_on_a_hex_grid_is_located(game: Path) -> None:
    _edit(game, "grid: square", "grid: hex")
    line = _edit(
        game,
        "  - {cells: [F6], side: top, colour: ink, width: 2.5}",
        "  - {cells: [F6], side: top}",
    )
    assert ("JT087", line) in _board_errors(game)


@pytest.mark.parametrize(
    "old, new",
    [
        ("grid: square", "grid: triangle"),  # no such grid
        ("columns: 11", "columns: 27"),  # past Z
        ("symbol: ring", "symbol: star"),  # no such symbol
        ("label: {msg: Hearth, context: board cell,", "label: {msg: Hearth,"),  # no msgctxt
        ("coordinates: true", "coordinates: yes please"),
        ("  - {cells: [F6], side: top,", "  - {cells: [F6], side: north,"),
    ],
)
def test_a_board_off_its_format_is_located(game: Path, old: str, new: str) -> None:
    line = _edit(game, old, new)
    errors = _board_errors(game)
    assert any(code.startswith("JT05") and at == line for code, at in errors), errors


def test_a_poster_on_a_file_that_is_no_board_is_refused(game: Path) -> None:
    pack = game / "pack" / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    pack.write_text(text.replace("    layout: tokens\n", "    layout: tokens\n    poster: true\n"))
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 2  # a broken pack.yaml: the game cannot be used
    assert "pack/pack.yaml:" in result.stdout + result.stderr
    assert "JT092" in result.stdout + result.stderr


def test_board_labels_are_extracted_for_translators(game: Path) -> None:
    result = run_cli(game, "i18n", "extract")
    assert_no_crash(result)
    template = (game / "locales" / "ttgbuild.pot").read_text(encoding="utf-8")
    for message in ("Hearth", "Haven", "Tile {tile}", "How the board goes together"):
        assert f'msgid "{message}"' in template
    assert f"#: {SHOWN}:" in template


def test_the_shipped_board_takes_the_schema_fast_path() -> None:
    data = yaml.safe_load((EXAMPLE / BOARD).read_text(encoding="utf-8"))
    assert schemas_at(FORMATS).known_valid("board")(data)


def test_a_cell_range_names_its_rectangle() -> None:
    assert cells_named(["F6"]) == [(5, 5)]
    assert cells_named(["A1:B2"]) == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert cells_named(["B2:A1"]) == cells_named(["A1:B2"])


@pytest.mark.parametrize(
    "shape, orientation", [("square", "flat"), ("hex", "flat"), ("hex", "pointy")]
)
def test_neighbours_share_an_edge_of_both_outlines(shape: str, orientation: str) -> None:
    grid = CellGrid(shape, 5, 4, 10.0, orientation)
    for column in range(5):
        for row in range(4):
            corners = {(round(x, 6), round(y, 6)) for x, y in grid.corners((column, row))}
            for other in grid.neighbours((column, row)):
                if not grid.contains(other):
                    continue
                edge = grid.shared_edge((column, row), other)
                assert edge is not None
                theirs = {(round(x, 6), round(y, 6)) for x, y in grid.corners(other)}
                for point in edge:
                    key = (round(point[0], 6), round(point[1], 6))
                    assert key in corners and key in theirs


def test_a_pointy_grid_is_the_flat_grid_turned() -> None:
    flat = CellGrid("hex", 4, 6, 10.0, "flat")
    pointy = CellGrid("hex", 6, 4, 10.0, "pointy")
    assert pointy.size() == (flat.size()[1], flat.size()[0])
    # A hex's width across its flats is the cell size: across for pointy, down for flat.
    (x0, _), (x1, _) = pointy.centre((0, 0)), pointy.centre((1, 0))
    assert x1 - x0 == pytest.approx(10.0)


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_a_hex_or_square_board_builds(game: Path, grid: str, tmp_path: Path) -> None:
    if grid == "hex":
        _edit(game, "grid: square", "grid: hex\norientation: pointy")
    if grid == "hex":  # hex edges are written between neighbours
        for side in ("top", "bottom", "left", "right"):
            _edit(
                game,
                f"  - {{cells: [F6], side: {side}, colour: ink, width: 2.5}}\n",
                "" if side != "top" else "  - {between: [F6, F5], colour: ink, width: 2.5}\n",
            )
    result = run_cli(game, "build", "--locale", "en", "--force", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    out = tmp_path / "out" / "en"
    # The poster draws each of the 121 cells once, each tile all of them clipped to its window.
    assert _cells(out / "board-print-shop.pdf") == [121]
    tiles = _cells(out / "board.pdf")[1:]  # the assembly map first, the board scaled down
    # 284 by 284 mm (squares) needs 2 by 2 A4 pages; 296 by 256 mm (pointy hexes) 2 portrait.
    assert len(tiles) == {"square": 4, "hex": 2}[grid] and set(tiles) == {121}, tiles


def _cells(path: Path) -> list[int]:
    """How many of each page's path objects are one of Stormhold's 24 mm cells: a square, or
    a hex 24 mm across its flats and 27.7 mm across its corners."""
    counts = []
    document = pypdfium2.PdfDocument(path)
    try:
        for page in document:
            count = 0
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
                left, bottom, right, top = obj.get_bounds()
                sides = sorted((right - left, top - bottom))
                count += sides[0] == pytest.approx(24 * mm, abs=0.5 * mm) and sides[1] < 28.5 * mm
            counts.append(count)
    finally:
        document.close()
    return counts


def _board_text(**keys: str) -> str:
    """A board file of its own: the example's messages, the keys given (YAML values)."""
    messages = yaml.safe_load((EXAMPLE / BOARD).read_text(encoding="utf-8"))["messages"]
    head = "".join(f"{key}: {value}\n" for key, value in keys.items())
    head += "title: {msg: Stormhold board, context: board title}\n"
    return head + yaml.safe_dump({"messages": messages}, allow_unicode=True)


@pytest.mark.timeout(60)  # a hang guard: it took minutes when every cell named was drawn
def test_a_board_naming_its_cells_many_times_builds(game: Path, tmp_path: Path) -> None:
    # Three marks of 200 times every cell of the largest grid: 1,544,400 cells as written,
    # 2,574 on the board, each drawn once on each tile, the map and the poster.
    refs = ", ".join(["A1:Z99"] * 200)
    mark = f"{{cells: [{refs}], fill: moss, symbol: cross}}"
    text = _board_text(
        grid="square",
        columns="26",
        rows="99",
        cell="5",
        frame="10",
        marks=f"[{mark}, {mark}, {mark}]",
    )
    (game / BOARD).write_text(text, encoding="utf-8")
    result = run_cli(game, "build", "--locale", "en", "--force", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    document = pypdfium2.PdfDocument(tmp_path / "out" / "en" / "board-print-shop.pdf")
    try:
        paths = list(document[0].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]))
    finally:
        document.close()
    # Each cell's square and cross (two lines) once, with the frame and the bleed.
    assert 3 * 26 * 99 <= len(paths) < 3 * 26 * 99 + 50


@pytest.mark.timeout(60)
def test_too_many_cell_references_are_located(game: Path) -> None:
    # Checked by their corners, counted: 15 marks of 200 references each is past the bound.
    marks = "".join(f"  - {{cells: [{', '.join(['A1:K11'] * 200)}]}}\n" for _ in range(15))
    line = _edit(game, "marks:\n", "marks:\n" + marks)
    errors = _board_errors(game)
    assert ("JT087", line + 14) in errors  # the 14th mark writes the 2,601st reference
    assert [code for code, _ in errors] == ["JT087"]


def test_an_orientation_on_a_square_grid_is_located(game: Path) -> None:
    line = _edit(game, "grid: square\n", "grid: square\norientation: pointy\n") + 1
    assert ("JT087", line) in _board_errors(game)


def test_two_boards_of_one_pack_keep_their_own_pieces_in_the_gallery(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TTGBUILD_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copy(game / BOARD, game / BOARD.with_name("keep.board.yaml"))
    pack = game / "pack" / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    entry = "  - file: keep.pdf\n    summary: the keep's board, tiled\n    board: keep\n"
    pack.write_text(text.replace("kit:\n", "kit:\n" + entry), encoding="utf-8")
    result = run_cli(game, "preview", "--locale", "en", "--out", str(tmp_path / "gallery"))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    index = (tmp_path / "gallery" / "index.html").read_text(encoding="utf-8")
    pieces = set()  # (kind, record) of every figure of the gallery
    for figure in re.findall(r"<figure\b[^>]*>", index):
        attrs = dict(re.findall(r'(data-kind|data-id)="([^"]*)"', figure))
        pieces.add((attrs.get("data-kind"), attrs.get("data-id")))
    tiles = {ident for kind, ident in pieces if kind == "tile"}
    for board in ("stormhold", "keep"):
        assert {f"{board} A1", f"{board} A2", f"{board} B1", f"{board} B2"} <= tiles, pieces
    assert ("board", "stormhold print shop") in pieces


def _text_boxes(page: pypdfium2.PdfPage) -> list[tuple[str, float, float]]:
    """Each run of text on the page: its characters and its box's centre (x, y)."""
    textpage = page.get_textpage()
    found: list[tuple[str, float, float]] = []
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT]):
        left, bottom, right, top = obj.get_bounds()
        words = textpage.get_text_bounded(left, bottom, right, top).strip()
        found.append((words, (left + right) / 2, (bottom + top) / 2))
    return found


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_coordinates_sit_beside_the_cells_of_their_band(
    game: Path, tmp_path: Path, orientation: str
) -> None:
    # An even count: the last column (flat) or row (pointy) is half a cell off the first.
    cell = 20 * mm
    (game / BOARD).write_text(
        _board_text(grid="hex", orientation=orientation, columns="4", rows="4", cell="20"),
        encoding="utf-8",
    )
    result = run_cli(game, "build", "--locale", "en", "--force", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    document = pypdfium2.PdfDocument(tmp_path / "out" / "en" / "board-print-shop.pdf")
    try:
        page = document[0]
        hexes = []  # every cell's outline: its centre
        for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
            left, bottom, right, top = obj.get_bounds()
            if min(right - left, top - bottom) == pytest.approx(cell, abs=1 * mm):
                hexes.append(((left + right) / 2, (bottom + top) / 2))
        labels = _text_boxes(page)
    finally:
        document.close()
    assert len(hexes) == 16
    # Each cell by (column, row), measured: flat hexes stand in columns (one x each), pointy
    # ones in rows (one y each); down a column, or along a row, the cells are in order.
    cells = {}
    lines = sorted({round(h[0 if orientation == "flat" else 1]) for h in hexes})
    for index, value in enumerate(lines):
        if orientation == "flat":
            down = sorted((h for h in hexes if round(h[0]) == value), key=lambda h: -h[1])
            cells |= {(index, row): h for row, h in enumerate(down)}
        else:
            along = sorted(h for h in hexes if round(h[1]) == value)
            cells |= {(column, 3 - index): h for column, h in enumerate(along)}
    grid_left = min(x for x, _ in hexes)
    grid_top = max(y for _, y in hexes)
    checked = 0
    for words, x, y in labels:
        if words in ("1", "2", "3", "4"):  # a row number beside that row's first or last cell
            column = 0 if x < grid_left else 3
            assert y == pytest.approx(cells[column, int(words) - 1][1], abs=1 * mm), (
                orientation,
                column,
                words,
            )
        elif words in ("A", "B", "C", "D"):  # a letter above or below its column's cell
            row = 0 if y > grid_top else 3
            assert x == pytest.approx(cells["ABCD".index(words), row][0], abs=1 * mm), (
                orientation,
                row,
                words,
            )
        else:
            continue
        checked += 1
    assert checked == 16  # four letters above and below, four numbers left and right
