"""Reference sheets as data (issue 16): the sheet format, its layout as flow sections,
its located problems, and the extraction of data messages into the template."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.i18n.catalogs import fresh_template, render
from ttgbuild.i18n.extract import add_data_messages, data_messages
from ttgbuild.i18n.runtime import Translator
from ttgbuild.pack import installed
from ttgbuild.render.flow import Figure, Picture, Prose, Section, Table
from ttgbuild.render.prose import SheetLayout
from ttgbuild.source.packproblems import sheet_problems
from ttgbuild.source.sheetfile import SheetError, load_sheets

JUGGER = installed().packs["jugger-ttg"]

SHEET = """\
sections:
  - heading: {msg: Moving, context: quickref heading}
    items:
      - prose:
          - msg: "Move up to {steps} hexes."
            context: quickref
            comment: "{steps} is a number of hexes.\\nKeep it."
            params: {steps: rules.move}
      - bullets:
          - msg: "One stone"
            plural: "{stones} stones"
            context: quickref
            count: rules.stones
            params: {stones: rules.stones}
          - when: rules.stones == 1
            msg: Only once
            context: quickref
          - when: rules.stones != 1
            parts:
              - {msg: "Often:", context: quickref, bold: true}
              - {text: "'pay 2 [focus]'"}
      - steps:
          - {each: "['a', 'b']", as: x, text: x}
      - table:
          columns: [{}, {align: center, weight: 1, each: moves, as: m}]
          header:
            - {msg: Move, context: quickref table}
            - {label: moves, id: m.id, each: moves, as: m}
          rows:
            - each: moves
              as: m
              cells:
                - {label: moves, id: m.id, bold: true}
                - {numbers: [m.low, m.high], join: "-"}
            - cells:
                - {cost: "0", icon: focus, free: free}
                - {cost: "2", icon: focus, free: free}
            - cells:
                - {percent: "half(1, 2)"}
                - {picture: dot}
      - {figure: arrows, labels: moves}
labels:
  moves:
    walk: {msg: Walk, context: movement}
    run: {msg: Run, context: movement}
"""


class Rules:
    move = 3
    stones = 2


def _move(ident: str, low: int, high: int) -> Any:
    return type("Move", (), {"id": ident, "low": low, "high": high})()


def _names() -> dict[str, Any]:
    moves = [_move("walk", 1, 3), _move("run", 4, 6)]
    return {"rules": Rules(), "moves": moves, "half": lambda a, b: a / b}


def _arrows(labels: Mapping[str, str]) -> Figure:
    """A figure the "pack" draws; it gets the named label table, translated."""
    assert labels["walk"] == "Walk"
    return Figure(10, lambda *_: None)


def _layout(folder: Path) -> SheetLayout:
    sheets = load_sheets(folder, folder)
    assert sheets.diagnostics == []
    figures = {"arrows": _arrows}
    dot = {"dot": lambda *_: None}
    return SheetLayout(sheets, Translator("en"), frozenset({"focus"}), _names(), figures, dot)


def _demo(tmp_path: Path, **changes: Any) -> Section:
    """The demo sheet's one section, laid out with some of the layout's fields changed."""
    (tmp_path / "demo.sheet.yaml").write_text(SHEET, "utf-8")
    (section,) = dataclasses.replace(_layout(tmp_path), **changes).sections("demo")
    return section


def _words(paragraph: Any) -> str:
    return "".join(f"[{s.text}]" if s.icon else s.text for s in paragraph)


def test_every_item_kind_is_laid_out_with_conditions_plurals_and_rows_from_names(
    tmp_path: Path,
) -> None:
    section = _demo(tmp_path)
    assert section.title == "Moving"
    prose, bullets, steps, table, figure = section.blocks
    assert isinstance(prose, Prose) and not prose.markers
    assert [_words(p) for p in prose.paragraphs] == ["Move up to 3 hexes."]
    # The plural form follows count; `when` keeps one of two sentences; a number and its
    # icon are glued into one word; a bold lead-in is joined to its sentence by a space.
    assert [_words(p) for p in bullets.paragraphs] == ["2 stones", "Often: pay 2[focus]"]
    assert bullets.markers == ["•", "•"]
    assert bullets.paragraphs[1][0].bold and not bullets.paragraphs[1][-1].bold
    assert [_words(p) for p in steps.paragraphs] == ["a", "b"] and steps.markers == ["1.", "2."]
    assert isinstance(table, Table)
    widths = [(c.align, c.weight) for c in table.columns]
    assert widths == [("left", 0), ("center", 1), ("center", 1)]
    assert [_words(c) for c in table.header] == ["Move", "Walk", "Run"]
    rows = table.rows
    assert [[_words(c) for c in row] for row in rows[:2]] == [["Walk", "1-3"], ["Run", "4-6"]]
    assert rows[0][0][0].bold
    assert [_words(c) for c in rows[2]] == ["[free]", "2 [focus]"]
    assert _words(rows[3][0]) == "50" and isinstance(rows[3][1], Picture)
    assert isinstance(figure, Figure)


@pytest.mark.parametrize(
    ("move", "cell", "expected"),
    [
        pytest.param(_move("crawl", 1, 1), 0, "crawl", id="a label a table lacks prints its id"),
        pytest.param(_move("walk", 6, 6), 1, "6", id="a range whose ends meet prints one number"),
    ],
)
def test_a_row_of_one_move_prints(tmp_path: Path, move: Any, cell: int, expected: str) -> None:
    section = _demo(tmp_path, names={**_names(), "moves": [move]})
    assert _words(section.blocks[3].rows[0][cell]) == expected


def test_a_translation_is_used_and_filled_in_the_locale(tmp_path: Path) -> None:
    tr = Translator("de", messages={("quickref", "Move up to {steps} hexes."): "Bis {steps}."})
    section = _demo(tmp_path, tr=tr)
    assert _words(section.blocks[0].paragraphs[0]) == "Bis 3."


def _problems(tmp_path: Path, text: str, extra: str = "") -> list[str]:
    (tmp_path / "bad.sheet.yaml").write_text(text, "utf-8")
    if extra:
        (tmp_path / "more.sheet.yaml").write_text(extra, "utf-8")
    return [_shown(d) for d in load_sheets(tmp_path, tmp_path).diagnostics]


def _shown(d: Diagnostic) -> str:
    return f"{d.file}:{d.line}:{d.column}: {d.severity} {d.code}: {d.message} [{d.pointer}]"


HEADING = "sections:\n  - heading: {msg: H, context: c}\n    items:\n"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("      - prose: [{msg: A, context: c, colour: red}]\n", "bad.sheet.yaml:4:"),
        ("      - prose: [{text: 'rules.'}]\n", "bad.sheet.yaml:4:24: error JT080:"),
        ("      - prose: [{msg: A, context: c, text: x}]\n", "bad.sheet.yaml:4:17: error JT084:"),
        ("      - prose: [{msg: A}]\n", "bad.sheet.yaml:4:17: error JT084: a paragraph with msg"),
        ("      - prose: [{msg: A, context: c, plural: B}]\n", "error JT084: plural needs count"),
        ("      - {figure: arrows, labels: nowhere}\n", "error JT081: no label table 'nowhere'"),
        ("      - table: {columns: [{}], rows: [{cells: [{cost: x}]}]}\n", "needs icon and free"),
    ],
)
def test_each_problem_of_a_sheet_file_is_located(tmp_path: Path, body: str, expected: str) -> None:
    problems = _problems(tmp_path, HEADING + body)
    assert len(problems) == 1 and expected in problems[0], problems


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("type_size: {largest: 9, smallest: 10}\n", "1:35: error JT084: type_size: smallest 10"),
        ("type_size: {largest: 30}\n", "bad.sheet.yaml:1:"),
        ("type_size: {smallest: 7}\n", "bad.sheet.yaml:1:"),
    ],
)
def test_a_sheets_type_size_out_of_bounds_is_located(
    tmp_path: Path, head: str, expected: str
) -> None:
    problems = _problems(tmp_path, head + HEADING + "      - prose: [{msg: A, context: c}]\n")
    assert len(problems) == 1 and expected in problems[0], problems


def test_a_sheet_is_set_in_its_own_type_size_or_the_default(tmp_path: Path) -> None:
    from ttgbuild.source.sheetfile import TYPE_SIZE

    body = HEADING + "      - prose: [{msg: A, context: c}]\n"
    (tmp_path / "big.sheet.yaml").write_text("type_size: {largest: 12}\n" + body, "utf-8")
    (tmp_path / "plain.sheet.yaml").write_text(body, "utf-8")
    sheets = load_sheets(tmp_path, tmp_path)
    assert not sheets.diagnostics
    assert sheets.by_name["big"].type_size == (12.0, TYPE_SIZE[1])
    assert sheets.by_name["plain"].type_size == TYPE_SIZE


def test_a_label_table_defined_twice_is_reported_where_it_is_repeated(tmp_path: Path) -> None:
    table = "labels:\n  moves:\n    walk: {msg: Walk, context: movement}\n"
    problems = _problems(tmp_path, table, extra=table)
    assert problems == [
        "more.sheet.yaml:3:5: error JT083: label table 'moves' is already defined in "
        "bad.sheet.yaml [/labels/moves]"
    ]


@pytest.mark.parametrize(
    ("change", "expected", "expected_at"),
    [
        pytest.param(
            "rules.move",
            "rules.mvoe",
            "demo.sheet.yaml:8:29: error JT082: 'rules.mvoe'",
            id="a name the sheet is not given",
        ),
        pytest.param(
            "{figure: arrows",
            "{figure: arrow",
            "demo.sheet.yaml:41:18: error JT081: the pack draws no figure 'arrow' (figures: arrows)"
            " [/sections/0/items/4/figure]",
            id="a figure the pack lacks",
        ),
        pytest.param(
            "{picture: dot}",
            "{picture: dote}",
            "demo.sheet.yaml:40:29: error JT081: the pack draws no picture 'dote' (pictures: dot)"
            " [/sections/0/items/3/table/rows/2/cells/1/picture]",
            id="a picture the pack lacks",
        ),
    ],
)
def test_what_fails_only_with_the_names_given_is_located_when_laid_out(
    tmp_path: Path, change: str, expected: str, expected_at: str
) -> None:
    assert change in SHEET
    (tmp_path / "demo.sheet.yaml").write_text(SHEET.replace(change, expected), "utf-8")
    with pytest.raises(SheetError) as caught:
        _layout(tmp_path).sections("demo")
    where = _shown(caught.value.diagnostic)
    assert where.startswith(expected_at), where


def test_validate_reports_a_packs_broken_sheet_file(tmp_path: Path) -> None:
    (tmp_path / "x.sheet.yaml").write_text(HEADING + "      - prose: [{text: '1 +'}]\n", "utf-8")
    pack = dataclasses.replace(JUGGER, sheets=tmp_path)
    (problem,) = sheet_problems(pack, tmp_path)
    assert _shown(problem).startswith("x.sheet.yaml:4:24: error JT080: '1 +' is not a valid")


def _build_with_sheet(
    project: Any,
    run: Any,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    change: tuple[str, str] | None,
) -> Any:
    """`build` with Jugger's sheet file `name` given one text changed (old, new), or
    missing (None): its result, and no kit written."""
    from ttgbuild.packs.jugger.render import labels

    folder = project.root / "sheets"
    folder.mkdir()
    for source in labels.SHEETS.glob("*.sheet.yaml"):
        text = source.read_text("utf-8")
        if source.name == name:
            if change is None:
                continue
            assert change[0] in text, change
            text = text.replace(*change)
        (folder / source.name).write_text(text, "utf-8")
    monkeypatch.setattr(labels, "SHEETS", folder)
    result = run("build", "--out", str(project.path("out")))
    assert result.exit_code == 1, result.output
    assert not project.path("out").exists()
    return result


def test_a_sheet_expression_failing_on_the_content_stops_the_build(
    project: Any, run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad name in a sheet is located, not a crash, and nothing is written."""
    change = ("rules.costs.get('hold', 0)", "rules.costs.hold_cost")
    result = _build_with_sheet(project, run, monkeypatch, "quickref-back.sheet.yaml", change)
    (line,) = [row for row in result.stdout.splitlines() if " JT082: " in row]
    assert "quickref-back.sheet.yaml:" in line and "hold_cost" in line
    assert int(line.split(".sheet.yaml:")[1].split(":")[0]) > 0


def test_the_shipped_sheets_are_clean() -> None:
    assert sheet_problems(JUGGER, Path(".")) == []


def test_every_msg_mapping_is_one_message_with_context_plural_comment_and_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "demo.sheet.yaml"
    path.write_text(SHEET, "utf-8")
    found = list(data_messages(path))
    assert found[:3] == [
        (2, "Moving", "quickref heading", []),
        (5, "Move up to {steps} hexes.", "quickref", ["{steps} is a number of hexes.", "Keep it."]),
        (10, ("One stone", "{stones} stones"), "quickref", []),
    ]
    catalog = Catalog()
    add_data_messages(catalog, [path], lambda p: f"data/{p.name}")
    plural = catalog.get("One stone", context="quickref")
    assert plural.id == ("One stone", "{stones} stones")
    assert plural.locations == [("data/demo.sheet.yaml", 10)]
    assert catalog.get("Walk", context="movement").locations == [("data/demo.sheet.yaml", 44)]


def test_a_broken_data_file_or_a_msg_without_context_gives_no_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.sheet.yaml"
    broken.write_text("sections: [\n", "utf-8")
    bare = tmp_path / "bare.sheet.yaml"
    bare.write_text("title: {msg: No context}\n", "utf-8")
    assert list(data_messages(broken)) == []
    assert list(data_messages(bare)) == []


def test_the_template_takes_the_quick_references_messages_from_its_sheet_files() -> None:
    """Context, plural, translator comment and reference of a moved string, as extracted."""
    template = read_po(io.BytesIO(render(fresh_template(Path(".")))))
    chains = template.get(
        (
            "A team fields at most {weapons} weapon, exactly {chains} of them a chain.",
            "A team fields at most {weapons} weapons, exactly {chains} of them a chain.",
        ),
        context="quickref",
    )
    assert chains is not None
    assert chains.auto_comments[0].startswith("{weapons} and {chains} are numbers")
    ((where, line),) = chains.locations
    assert where == "ttgbuild/packs/jugger/data/sheets/quickref-front.sheet.yaml" and line > 0
    keyword = template.get("Reaction", context="talent keyword")
    assert keyword.locations[0][0].endswith("data/sheets/labels.sheet.yaml")


def test_a_missing_quick_reference_sheet_stops_the_build_named(
    project: Any, run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = _build_with_sheet(project, run, monkeypatch, "quickref-front.sheet.yaml", None)
    (line,) = [row for row in result.stdout.splitlines() if " JT081: " in row]
    assert "no sheet file quickref-front.sheet.yaml to print" in line


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("    board: {msg: Jugger TTG board, context: document title}\n", ""), "'board'"),
        (("  document_title:\n", "  titles:\n"), "'document_title'"),
    ],
)
def test_a_label_the_painters_need_missing_stops_the_build_located(
    project: Any, run: Any, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], words: str
) -> None:
    """A title deleted from documents.sheet.yaml is not printed as its bare id."""
    result = _build_with_sheet(project, run, monkeypatch, "documents.sheet.yaml", change)
    (line,) = {row for row in result.stdout.splitlines() if " JT081: " in row}
    assert words in line and "sheets" in line.split(":")[0]


def test_a_repeated_sections_heading_reads_its_item(tmp_path: Path) -> None:
    """`each`/`as` on a section: its heading's params see the item, like its items do."""
    (tmp_path / "rep.sheet.yaml").write_text(
        "sections:\n"
        "  - each: moves\n"
        "    as: m\n"
        "    heading: {msg: 'Move {name}', context: quickref heading, params: {name: m.id}}\n"
        "    items:\n"
        "      - prose: [{text: m.low}]\n",
        "utf-8",
    )
    sections = _layout(tmp_path).sections("rep")
    assert [section.title for section in sections] == ["Move walk", "Move run"]
