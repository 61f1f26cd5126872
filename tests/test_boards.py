"""Board files (`<name>.board.yaml`): each feature broken in a copy of the Stormhold example
is a located `validate` error (exit 1), and the grid's geometry holds for squares and hexes.

The board file is data only (docs/formats/boards.md): a broken cell, edge, colour, size
or expression must be named at its line before any page is drawn, never a crash.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import REPO, assert_no_crash, run_cli

from ttgbuild.geometry.cellgrid import CellGrid
from ttgbuild.source.boardfile import cells_of
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
    assert cells_of("F6") == [(5, 5)]
    assert cells_of("A1:B2") == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert cells_of("B2:A1") == cells_of("A1:B2")


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
    assert (tmp_path / "out" / "en" / "board.pdf").stat().st_size > 0
