"""Board files (`<name>.board.yaml`): read, format-checked, cells, edges and colours checked.

A board is data (docs/formats/boards.md): a square or hex grid, its marked
cells and edge features, its words. Reading it here, below the renderer,
lets `validate` report a cell off the grid, an edge between cells that do
not touch, a key the grid has no use for, an unknown colour or an expression
that does not parse at the board file's line (JT086-JT088) before any page is
drawn; the sizes written as expressions are evaluated with the content before
a build (render/datakit.py's check), and one that gives no usable size is
JT086 or JT089 there. render/boardtiles.py draws the checked file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.colours import ENGINE_COLOURS
from ttgbuild.core.diagnostics import Diagnostic, LocatedError
from ttgbuild.geometry.cellgrid import Cell, CellGrid
from ttgbuild.pack import Pack
from ttgbuild.source.datafile import DataFile, load_folder, shown_from
from ttgbuild.source.expressions import ExpressionError, compile_expression

SUFFIX = ".board.yaml"
BOARD_CODES = code_table(
    Code("JT086", "error", "a board file's expressions are valid and evaluate with the content"),
    Code("JT087", "error", "a board's cells and edges lie on its grid; it writes no unused key"),
    Code("JT088", "error", "a board names only colours of its theme, the pack's or the engine's"),
    Code("JT089", "error", "a board's cell and frame sizes are numbers within bounds"),
)
# Sizes a board may have (JT089): a cell a token can stand on, a frame the coordinates fit
# in; the whole board is at most the largest poster (A0, 1189 mm), so tiling it stays bounded.
CELL_MM = (5.0, 200.0)
FRAME_MM = (0.0, 40.0)
LARGEST_MM = 1189.0
DEFAULT_FRAME = 10.0
COLOUR_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
COLOUR_KEYS = frozenset({"cell", "line", "frame", "coordinates", "fill", "colour"})
COLOUR_KEYS |= frozenset({"symbol_colour", "label_colour"})
CELL_REF = re.compile(r"^([A-Z])([1-9][0-9]?)$")
# Cell references (F6, or a rectangle A1:C3) a board's marks and edges may write in all
# (JT087): every cell of the largest board (26 by 99) named one by one. Each reference is
# checked by its corners and spread over the rows it spans, so checking and drawing stay
# quick however large the rectangles are.
MOST_REFS = 2600


class BoardError(LocatedError):
    """A board whose sizes or colours fail with this content: located, exit 1."""


def cell_of(ref: str) -> Cell:
    """The cell "F6" is (5, 5): column letter, row number, both from 0."""
    match = CELL_REF.match(ref)
    if match is None:
        raise ValueError(f"{ref!r} is not a cell")
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


def cell_name(cell: Cell) -> str:
    """(5, 5) → "F6"."""
    return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"


def corners_of(ref: str) -> tuple[Cell, Cell]:
    """The top-left and bottom-right cells a reference names: a cell twice, or a rectangle's."""
    first, _, last = ref.partition(":")
    (c0, r0), (c1, r1) = cell_of(first), cell_of(last or first)
    return (min(c0, c1), min(r0, r1)), (max(c0, c1), max(r0, r1))


def cells_named(refs: list[str]) -> list[Cell]:
    """Every cell some references name, each once, row by row: a cell named twice, or by two
    rectangles that overlap, is drawn once (the work is bounded by the grid, not the refs)."""
    rows: dict[int, set[int]] = {}
    for ref in refs:
        (c0, r0), (c1, r1) = corners_of(ref)
        for row in range(r0, r1 + 1):
            rows.setdefault(row, set()).update(range(c0, c1 + 1))
    return [(column, row) for row in sorted(rows) for column in sorted(rows[row])]


@dataclass(frozen=True)
class Board(DataFile, kind="board", suffix=SUFFIX, codes=BOARD_CODES):
    """One board file that passed its format; `theme` is the pack's colours (pack.yaml)."""

    @property
    def columns(self) -> int:
        return int(self.data["columns"])

    @property
    def rows(self) -> int:
        return int(self.data["rows"])

    def grid(self, cell: float) -> CellGrid:
        """The grid with cells `cell` wide (in the unit the caller draws in)."""
        orientation = self.data.get("orientation", "flat")
        return CellGrid(self.data["grid"], self.columns, self.rows, cell, orientation)

    def colours(self, theme: Mapping[str, str]) -> dict[str, str]:
        """Every colour name the board may use → #rrggbb: the engine's, the pack's, its own."""
        return {**ENGINE_COLOURS, **theme, **self.data.get("theme", {})}

    def is_colour_expression(self, value: str, theme: Mapping[str, str]) -> bool:
        """Whether a colour is an expression (anything but a bare name, a known colour or hex)."""
        if value in self.colours(theme) or HEX_COLOUR.match(value):
            return False
        return not COLOUR_NAME.match(value)

    def colour_keys(self) -> Iterator[tuple[dict[str, Any], str, str]]:
        """(owning mapping, key, value) of every colour the file writes."""
        owners = [self.data.get("colours", {}), *self.data.get("marks", [])]
        owners += self.data.get("edges", [])
        for owner in owners:
            for key in COLOUR_KEYS & owner.keys():
                yield owner, key, owner[key]

    def expressions(self, theme: Mapping[str, str]) -> Iterator[tuple[dict[str, Any], str, str]]:
        """(owning mapping, key, source) of every expression: sizes and colours written so."""
        for key in ("cell", "frame"):
            if isinstance(self.data.get(key), str):
                yield self.data, key, self.data[key]
        for owner, key, value in self.colour_keys():
            if self.is_colour_expression(value, theme):
                yield owner, key, value


def load_board(
    path: Path, display: str, theme: Mapping[str, str]
) -> tuple[Board | None, list[Diagnostic]]:
    """One board file, checked against the pack's `theme`; None with every problem located."""
    board, problems = Board.read(path, display)
    if board is None:
        return None, problems
    problems = board.expression_problems("JT086", board.expressions(theme))
    problems += _colour_problems(board, theme)
    problems += _cell_problems(board)
    problems += _key_problems(board)
    problems += _size_problems(board)
    return (None if problems else board), problems


@cache
def load_boards(
    folder: Path, root: Path, theme: tuple[tuple[str, str], ...]
) -> tuple[dict[str, Board], list[Diagnostic]]:
    """Every `*.board.yaml` of a folder by name, read once per process, and their problems."""
    colours = dict(theme)
    return load_folder(folder, root, SUFFIX, lambda path, shown: load_board(path, shown, colours))


def pack_theme(pack: Pack) -> dict[str, str]:
    """The pack's colours (pack.yaml's `theme`), as its kit files are given them."""
    for part in pack.components:
        if isinstance(part.options.get("theme"), Mapping):
            return dict(part.options["theme"])
    return {}


def pack_boards(pack: Pack, project: Path) -> tuple[dict[str, Board], list[Diagnostic]]:
    """The pack's boards and their problems (none without a boards folder)."""
    if pack.boards is None:
        return {}, []
    root = shown_from(pack, pack.boards, project)
    theme = tuple(sorted(pack_theme(pack).items()))
    return load_boards(pack.boards.resolve(), root, theme)


def _colour_problems(board: Board, theme: Mapping[str, str]) -> list[Diagnostic]:
    known = board.colours(theme)
    problems = []
    for owner, key, value in board.colour_keys():
        if value in known or HEX_COLOUR.match(value) or board.is_colour_expression(value, theme):
            continue
        message = f"no colour {value!r} (colours: {', '.join(sorted(known))})"
        problems.append(board.problem("JT088", owner, message, key))
    return problems


def _cell_problems(board: Board) -> list[Diagnostic]:
    """Marked cells and edges off the grid, edges between cells that do not touch (JT087)."""
    grid = board.grid(1.0)
    last = cell_name((board.columns - 1, board.rows - 1))
    shown = f"{board.columns} by {board.rows}: A1 to {last}"
    problems = []
    written = 0

    def off_grid(refs: list[str]) -> bool:
        nonlocal written
        found = False
        for index, ref in enumerate(refs):
            written += 1
            if written == MOST_REFS + 1:
                message = f"the marks and edges write more than {MOST_REFS} cell references"
                message += "; name a block of cells once, as a rectangle (A1:C3)"
                problems.append(board.problem("JT087", refs, message, str(index)))
            if not all(grid.contains(cell) for cell in corners_of(ref)):
                message = f"{ref} lies off the board ({shown})"
                problems.append(board.problem("JT087", refs, message, str(index)))
                found = True
        return found

    for mark in board.data.get("marks", []):
        off_grid(mark["cells"])
    for edge in board.data.get("edges", []):
        if ("between" in edge) == ("cells" in edge) or ("cells" in edge) != ("side" in edge):
            message = "an edge is `between: [A1, A2]`, or `cells:` with a `side:`"
            problems.append(board.problem("JT087", edge, message))
            continue
        if "between" in edge:
            if off_grid(edge["between"]):
                continue
            a, b = (cell_of(ref) for ref in edge["between"])
            if grid.shared_edge(a, b) is None:
                message = f"{edge['between'][0]} and {edge['between'][1]} are not neighbours"
                problems.append(board.problem("JT087", edge, message, "between"))
        else:
            off_grid(edge["cells"])
            if board.data["grid"] != "square":
                message = "a hex grid's edges are `between: [A1, A2]`; `side` is for squares"
                problems.append(board.problem("JT087", edge, message, "side"))
    return problems


def _key_problems(board: Board) -> list[Diagnostic]:
    """A key the grid has no use for (JT087): written, it would be silently ignored."""
    if board.data["grid"] == "square" and "orientation" in board.data:
        message = "orientation is for hex grids (flat or pointy); a square grid has none"
        return [board.problem("JT087", board.data, message, "orientation")]
    return []


def _size_problems(board: Board) -> list[Diagnostic]:
    """Sizes written as numbers that are out of bounds (JT089); expressions wait for content."""
    problems = []
    for key, default in (("cell", None), ("frame", DEFAULT_FRAME)):
        value = board.data.get(key, default)
        if isinstance(value, int | float):
            problem = size_problem(board, key, float(value))
            if problem is not None:
                problems.append(problem)
    return problems


def size_problem(board: Board, key: str, value: float) -> Diagnostic | None:
    """JT089 if a cell or frame size is out of its bounds or makes the board too large."""
    low, high = CELL_MM if key == "cell" else FRAME_MM
    if not low <= value <= high:
        message = f"{key} is {value:g} mm; it must be {low:g} to {high:g} mm"
        return board.problem("JT089", board.data, message, key)
    return None


def board_size_problem(board: Board, cell: float, frame: float) -> Diagnostic | None:
    """JT089 at the cell size if the whole board is larger than the largest poster."""
    width, height = board.grid(cell).size()
    longest = max(width, height) + 2 * frame
    if longest > LARGEST_MM:
        message = f"the board is {longest:.0f} mm long; at most {LARGEST_MM:g} mm (an A0 poster)"
        return board.problem("JT089", board.data, message, "cell")
    return None


def evaluated_size(board: Board, key: str, names: Mapping[str, Any]) -> float:
    """The cell or frame size in mm with the content's names; BoardError (JT086/JT089) if not."""
    value = board.data.get(key, DEFAULT_FRAME if key == "frame" else None)
    if isinstance(value, str):
        try:
            value = compile_expression(value).evaluate(names)
        except ExpressionError as exc:
            raise BoardError(board.problem("JT086", board.data, str(exc), key)) from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            message = f"{board.data[key]!r} gives {value!r}, not a number of mm"
            raise BoardError(board.problem("JT089", board.data, message, key))
    problem = size_problem(board, key, float(value))
    if problem is not None:
        raise BoardError(problem)
    return float(value)
