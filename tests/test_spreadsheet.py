"""`ttgbuild sheet export` / `sheet import`: the spreadsheet round trip, as a user runs it.

Every game's content survives an export imported unchanged byte for byte; an
edited cell changes that value alone and keeps the file's comments; problems
are located at their cell and nothing is written.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.bookwalk import declare_variant
from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.spreadsheet.cells import CellError, from_cell
from ttgbuild.spreadsheet.tables import Column
from ttgbuild.spreadsheet.yamledit import Editor

FIXTURES = REPO / "tests" / "fixtures" / "spreadsheet"
TIDEWRACK = REPO / "examples" / "tidewrack"
GAMES = [REPO, TIDEWRACK, *sorted(p for p in (REPO / "games").glob("*") if p.is_dir())]


def copy_project(source: Path, target: Path) -> Path:
    """The content, the project file and a data pack's folder: all `sheet` reads."""
    shutil.copytree(source / "content", target / "content")
    toml = source / "ttgbuild.toml"
    if toml.exists():
        shutil.copy2(toml, target / "ttgbuild.toml")
        pack = tomllib.loads(toml.read_text(encoding="utf-8")).get("pack")
        if pack:
            shutil.copytree(source / pack, target / pack)
    return target


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted((root / "content").rglob("*"))
        if p.is_file()
    }


def run(root: Path, *args: str) -> Any:
    result = run_cli(root, "sheet", *args)
    assert_no_crash(result)
    return result


def export(root: Path, name: str = "book.xlsx") -> Path:
    out = root / name
    result = run(root, "export", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    return out


def edit(book: Path, sheet: str, key: str, column: str, value: Any) -> str:
    """Set one cell of the row whose first cell is `key`; returns the cell's name."""
    workbook = load_workbook(book)
    rows = workbook[sheet]
    header = [c.value for c in rows[1]]
    if column not in header:
        raise AssertionError(f"no column {column} in {sheet}: {header}")
    for row in rows.iter_rows(min_row=2):
        if row[0].value == key:
            cell = row[header.index(column)]
            cell.value = value
            workbook.save(book)
            return f"{sheet}!{cell.coordinate}"
    raise AssertionError(f"no row {key} in {sheet}")


@pytest.fixture
def jugger(tmp_path: Path) -> Path:
    return copy_project(REPO, tmp_path / "jugger")


def assert_round_trip_changes_nothing(root: Path, folder: Path) -> tuple[Path, Path]:
    """Export as xlsx and as CSV (into folder), import both unedited: not a byte changes."""
    before = snapshot(root)
    book = export(root)
    run(root, "export", "--out", str(folder))
    for sheets in (book, folder):
        result = run(root, "import", str(sheets))
        assert result.exit_code == 0, result.stdout + result.stderr
        assert "nothing to change" in result.stderr, result.stdout
    assert snapshot(root) == before
    return book, folder


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name if p != REPO else "jugger")
def test_export_then_import_changes_no_byte(game: Path, tmp_path: Path) -> None:
    assert_round_trip_changes_nothing(copy_project(game, tmp_path / "game"), tmp_path / "csv")


def test_workbook_has_header_frozen_validation_and_computed_column(jugger: Path) -> None:
    book = load_workbook(export(jugger))
    heroes = book["heroes"]
    header = [c.value for c in heroes[1]]
    assert header[0] == "id" and "point total (computed)" in header
    assert heroes.freeze_panes == "B2"
    kirra = next(
        r for r in heroes.iter_rows(min_row=2, values_only=True) if r[0] == "kirra-maddock"
    )
    attributes = ("will", "reflexes", "fortitude", "light_feet", "attack", "defence", "focus")
    expected = sum(kirra[header.index(a)] for a in (*attributes, "stamina"))
    assert kirra[header.index("point total (computed)")] == expected
    talents = book["talents"]
    kinds = [v for v in talents.data_validations.dataValidation if v.type == "list"]
    assert any(v.formula1 == '"focus,stamina,free"' for v in kinds)  # cost.kind's enum
    assert "critters" not in book.sheetnames  # Jugger's workbook holds Jugger's kinds only
    assert heroes.column_dimensions["B"].width > 8
    assert {"rules.yaml", "weapons", "teams", "talents"} <= set(book.sheetnames)


def test_number_bounds_come_from_the_schema(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    critters = load_workbook(export(root))["critters"]
    rules = {
        (v.type, v.operator, v.formula1, v.formula2)
        for v in critters.data_validations.dataValidation
    }
    assert ("whole", "between", "0", "9") in rules  # grip, shell, dash: 0..9


def test_an_edited_cell_changes_that_value_and_keeps_comments(jugger: Path) -> None:
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "attack", 2)
    edit(book, "weapons", "chain", "range", 2)
    edit(book, "kit.yaml", "counters.stamina", "value", 74)
    hero = (jugger / "content/heroes/kirra-maddock.yaml").read_text(encoding="utf-8")
    weapons = (jugger / "content/weapons.yaml").read_text(encoding="utf-8")
    kit = (jugger / "content/kit.yaml").read_text(encoding="utf-8")
    declare_variant(jugger, "weapon_chain_range")  # table 1's range changes on purpose
    result = run(jugger, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "content/heroes/kirra-maddock.yaml: attack 3 → 2" in result.stdout
    assert "content/weapons.yaml: chain range 3 → 2" in result.stdout
    assert "content/kit.yaml: counters.stamina 72 → 74" in result.stdout
    after = jugger / "content"
    assert (after / "heroes/kirra-maddock.yaml").read_text() == hero.replace(
        "attack: 3", "attack: 2"
    )
    chain = weapons.index("- id: chain")
    assert (after / "weapons.yaml").read_text() == (
        weapons[:chain] + weapons[chain:].replace("range: 3", "range: 2", 1)
    )
    assert (after / "kit.yaml").read_text() == kit.replace(
        "stamina: 72  # box: 70", "stamina: 74  # box: 70"
    )
    assert hero.startswith("# ") and (after / "heroes/kirra-maddock.yaml").read_text().startswith(
        hero.splitlines()[0]
    )


def test_a_new_row_becomes_a_new_valid_file(jugger: Path) -> None:
    book = export(jugger)
    workbook = load_workbook(book)
    heroes = workbook["heroes"]
    row = next(r for r in heroes.iter_rows(min_row=2, values_only=True) if r[0] == "kirra-maddock")
    heroes.append(["wren-talloway", "Wren Talloway", *row[2:]])
    workbook.save(book)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "content/heroes/wren-talloway.yaml: new record" in result.stdout
    made = (jugger / "content/heroes/wren-talloway.yaml").read_text(encoding="utf-8")
    assert made.startswith("id: wren-talloway\nname: Wren Talloway\n")
    assert "talents: [overhead-strike, settle-the-score]" in made
    assert run_cli(jugger, "validate").exit_code == 0


def test_a_bad_cell_is_reported_at_its_cell_and_nothing_is_written(jugger: Path) -> None:
    book = export(jugger)
    cell = edit(book, "heroes", "kirra-maddock", "attack", 9)
    before = snapshot(jugger)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1
    assert f"{cell}: content/heroes/kirra-maddock.yaml:" in result.stdout
    assert "attack 9 is outside 0..4" in result.stdout
    assert "nothing written" in result.stderr
    assert snapshot(jugger) == before


def test_a_cell_of_the_wrong_type_is_located(jugger: Path) -> None:
    book = export(jugger)
    cell = edit(book, "heroes", "kirra-maddock", "attack", "three")
    before = snapshot(jugger)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1
    assert f"{cell}: error: attack: 'three' is not a whole number" in result.stdout
    assert snapshot(jugger) == before


def test_a_required_field_left_empty_is_shown_at_its_cell(jugger: Path) -> None:
    book = export(jugger)
    cell = edit(book, "heroes", "kirra-maddock", "cost", None)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1
    assert "content/heroes/kirra-maddock.yaml: cost 10 → (none)" in result.stdout
    assert f"{cell}: content/heroes/kirra-maddock.yaml:" in result.stdout
    assert "missing required field 'cost'" in result.stdout


def test_dry_run_writes_nothing(jugger: Path) -> None:
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "attack", 2)
    before = snapshot(jugger)
    result = run(jugger, "import", str(book), "--dry-run")
    assert result.exit_code == 0
    assert "attack 3 → 2" in result.stdout and "none written" in result.stderr
    assert snapshot(jugger) == before


def test_removed_rows_are_reported_and_deleted_only_with_the_flag(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    out = tmp_path / "csv"
    run(root, "export", "--out", str(out))
    tide = (out / "tide.csv").read_text(encoding="utf-8").splitlines()
    (out / "tide.csv").write_text("\n".join(tide[:-1]) + "\n", encoding="utf-8")
    result = run(root, "import", str(out / "tide.csv"))
    assert result.exit_code == 0
    assert "content/game.yaml: tide 3: not in the sheet; kept" in result.stdout
    result = run(root, "import", str(out / "tide.csv"), "--delete-missing")
    assert result.exit_code == 1  # the table no longer covers every face of the die
    assert "tide: content/game.yaml:" in result.stdout  # a problem of the list as a whole


def test_a_removed_row_deletes_its_file_only_with_the_flag(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    out = tmp_path / "csv"
    run(root, "export", "--out", str(out))
    rows = (out / "critters.csv").read_text(encoding="utf-8").splitlines()
    kept = [row for row in rows if not row.startswith("glass-shrimp,")]
    (out / "critters.csv").write_text("\n".join(kept) + "\n", encoding="utf-8")
    shrimp = root / "content/critters/glass-shrimp.yaml"
    result = run(root, "import", str(out / "critters.csv"))
    assert result.exit_code == 0 and shrimp.exists()
    assert "content/critters/glass-shrimp.yaml: not in the sheet; kept" in result.stdout
    result = run(root, "import", str(out / "critters.csv"), "--delete-missing")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "glass-shrimp.yaml: not in the sheet; deleted" in result.stdout
    assert not shrimp.exists()


def test_a_sheet_saved_by_libreoffice_imports_cleanly(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    soffice = shutil.which("soffice")
    if soffice:
        book = export(root, "edited.xlsx")
        edit(book, "critters", "ink-lurker", "copies", 1)
        saved = tmp_path / "saved"
        subprocess.run(
            [soffice, "--headless", "--convert-to", "xlsx", "--outdir", str(saved), str(book)],
            check=True,
            capture_output=True,
            timeout=120,
        )
        book = saved / "edited.xlsx"
    else:  # made once by these steps (tests/fixtures/spreadsheet/README.md)
        book = FIXTURES / "tidewrack-libreoffice.xlsx"
    result = run(root, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["content/critters/ink-lurker.yaml: copies 2 → 1"]


def test_the_libreoffice_fixture_imports_cleanly(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    result = run(root, "import", str(FIXTURES / "tidewrack-libreoffice.xlsx"), "--dry-run")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["content/critters/ink-lurker.yaml: copies 2 → 1"]


def test_not_a_workbook_is_refused_in_one_line(jugger: Path) -> None:
    fake = jugger / "fake.xlsx"
    fake.write_text("not a workbook", encoding="utf-8")
    result = run(jugger, "import", str(fake))
    assert result.exit_code == 2
    assert "not a readable .xlsx workbook" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda book: book.create_sheet("monsters").append(["id"]),
            "monsters: error: no sheet of this",
        ),
        (lambda book: book["heroes"].delete_rows(1), "heroes!A1: error: no id column"),
        (lambda book: book["heroes"].insert_rows(1), "heroes!A1: error: the first row must name"),
        (lambda book: book["heroes"].cell(1, 2, "nickname"), "heroes!B1: error: unknown column"),
        (
            lambda book: book["rules.yaml"].cell(5, 1, "dice.sides"),
            "rules.yaml!A5: error: unknown field",
        ),
        (lambda book: book["heroes"].cell(3, 15, "[a, b"), "heroes!O3: content/heroes/"),
    ],
    ids=[
        "unknown sheet",
        "no id column",
        "no header",
        "unknown column",
        "unknown field",
        "bad flow",
    ],
)
def test_a_malformed_sheet_is_located(jugger: Path, change: Any, message: str) -> None:
    book = export(jugger)
    workbook = load_workbook(book)
    change(workbook)
    workbook.save(book)
    before = snapshot(jugger)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert message in result.stdout
    assert snapshot(jugger) == before


def rewrite(path: Path, old: str, new: str) -> str:
    """Replace text in a file (it must be there); returns the new text."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text.replace(old, new)


def csv_cell(path: Path, key: str, column: str, value: str) -> None:
    """Set one field of a CSV file's row whose first field is `key`."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    index = rows[0].index(column)
    for row in rows[1:]:
        if row[0] == key:
            row[index] = value
            break
    else:
        raise AssertionError(f"no row {key} in {path}")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def test_text_like_a_formula_stays_text_in_xlsx_and_csv(jugger: Path, tmp_path: Path) -> None:
    hero = jugger / "content/heroes/kirra-maddock.yaml"
    rewrite(hero, 'name: "Kirra Maddock"', 'name: "=1+1"')
    other = jugger / "content/heroes/bram-oosterlinck.yaml"
    rewrite(other, 'name: "Bram Oosterlinck"', "name: '@x'")
    book, out = assert_round_trip_changes_nothing(jugger, tmp_path / "csv")
    cell = next(c for c in load_workbook(book)["heroes"]["B"] if c.value == "=1+1")
    assert cell.data_type == "s" and cell.quotePrefix  # text, not a formula
    assert "kirra-maddock,'=1+1," in (out / "heroes.csv").read_text(encoding="utf-8")
    assert ",'@x," in (out / "heroes.csv").read_text(encoding="utf-8")
    csv_cell(out / "heroes.csv", "kirra-maddock", "name", "'-Kirra")  # as a user escapes it
    result = run(jugger, "import", str(out / "heroes.csv"))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "name =1+1 → -Kirra" in result.stdout


def test_clearing_a_cell_keeps_the_comment_of_the_next_field(jugger: Path) -> None:
    hero = jugger / "content/heroes/kirra-maddock.yaml"
    text = hero.read_text(encoding="utf-8").replace(
        "cost: 10\n", "portrait: zz.png\n# comment above will: keep me\n\ncost: 10\n"
    )
    hero.write_text(text, encoding="utf-8")
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "portrait", None)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert hero.read_text(encoding="utf-8") == text.replace("portrait: zz.png\n", "")


RULES_TEXT = """dice:
  per_player: 8
  faces: [0, 1]
  # about the guess
  faces_assumed: true

# the formats
formats:
  short: {a: 1}
weapons:
  - id: club
    range: 2
  # about mace
  - id: mace
    range: 3

# teams follow
teams: []
"""


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("dice", "faces_assumed"), None, RULES_TEXT.replace("  faces_assumed: true\n", "")),
        (("dice", "per_player"), None, RULES_TEXT.replace("  per_player: 8\n", "")),
        (("weapons", 0), None, RULES_TEXT.replace("  - id: club\n    range: 2\n", "")),
        (("dice",), 3, "dice: 3\n\n" + RULES_TEXT[RULES_TEXT.index("# the formats") :]),
    ],
    ids=["last key", "first key", "list item", "block mapping to number"],
)
def test_a_removed_value_keeps_the_comments_after_it(
    path: tuple[Any, ...], value: Any, expected: str
) -> None:
    from ttgbuild.spreadsheet.tables import MISSING

    editor = Editor(RULES_TEXT)
    editor.set(path, MISSING if value is None else value)
    assert editor.text() == expected


def test_a_new_list_item_goes_before_the_blank_line_after_the_list() -> None:
    editor = Editor(RULES_TEXT)
    editor.append(("weapons",), {"id": "axe", "range": 1})
    assert "    range: 3\n  - id: axe\n    range: 1\n\n# teams follow\n" in editor.text()


def test_two_new_list_rows_are_each_located_at_their_own_row(jugger: Path, tmp_path: Path) -> None:
    out = tmp_path / "csv"
    run(jugger, "export", "--out", str(out))
    weapons = out / "weapons.csv"
    rows = list(csv.reader(io.StringIO(weapons.read_text(encoding="utf-8"))))
    header = rows[0]
    chain = next(row for row in rows if row[0] == "chain")
    club = ["club", "club", "", *chain[3:]]
    mace = ["mace", "mace", "", *chain[3:]]
    club[header.index("range")] = "9"
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows([*rows, club, mace])
    weapons.write_text(text.getvalue(), encoding="utf-8")
    rows = len(rows)  # the new rows are rows + 1 and rows + 2
    result = run(jugger, "import", str(weapons))
    assert result.exit_code == 1, result.stdout + result.stderr
    from openpyxl.utils import get_column_letter

    letter = get_column_letter(header.index("range") + 1)
    errors = [line for line in result.stdout.splitlines() if "error" in line]
    assert errors and all(line.startswith(f"weapons!{letter}{rows + 1}:") for line in errors), (
        result.stdout
    )


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("[" * 3000 + "]" * 3000, "nested more than 32 levels deep"),
        ("{a: &a [x, x, x], b: [*a, *a, *a]}", "anchors and aliases"),
    ],
    ids=["deep nesting", "aliases"],
)
def test_a_hostile_flow_cell_is_refused_at_its_cell(jugger: Path, cell: str, message: str) -> None:
    book = export(jugger)
    where = edit(book, "talents", "overhead-strike", "params", cell)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert f"{where}: error: params: " in result.stdout and message in result.stdout


def test_a_control_character_is_reported_at_its_cell_not_crashed_on(jugger: Path) -> None:
    hero = jugger / "content/heroes/kirra-maddock.yaml"
    rewrite(hero, '"Kirra Maddock"', '"Kirra\\x01Maddock"')
    result = run(jugger, "export", "--out", str(jugger / "book.xlsx"))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert "heroes!B" in result.stdout and "control character U+0001" in result.stdout
    assert "(content/heroes/kirra-maddock.yaml)" in result.stdout
    assert not (jugger / "book.xlsx").exists()


def test_a_problem_of_a_settings_mapping_is_shown_at_its_first_row(jugger: Path) -> None:
    book = export(jugger)
    where = edit(book, "rules.yaml", "dice.faces", "value", None)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    problem = next(line for line in result.stdout.splitlines() if "'faces'" in line)
    assert problem.startswith(f"{where}: content/rules.yaml:"), result.stdout


@pytest.mark.parametrize("text", ["nan", "inf", "-Infinity"])
def test_a_number_cell_must_be_finite(text: str) -> None:
    with pytest.raises(CellError, match="not a finite number"):
        from_cell(Column("odds", ("odds",), "number"), text)


def test_a_csv_value_past_the_header_is_reported(jugger: Path, tmp_path: Path) -> None:
    out = tmp_path / "csv"
    run(jugger, "export", "--out", str(out))
    weapons = out / "weapons.csv"
    lines = weapons.read_text(encoding="utf-8").splitlines()
    width = len(lines[0].split(","))
    lines[2] += ",stray"
    weapons.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(jugger, "import", str(weapons))
    assert result.exit_code == 1, result.stdout + result.stderr
    from openpyxl.utils import get_column_letter

    assert f"weapons!{get_column_letter(width + 1)}1: error: a column of values" in result.stdout


def test_a_null_value_survives_an_unedited_round_trip(jugger: Path, tmp_path: Path) -> None:
    hero = jugger / "content/heroes/kirra-maddock.yaml"
    rewrite(hero, "cost: 10\n", "portrait: null\ncost: 10\n")
    assert_round_trip_changes_nothing(jugger, tmp_path / "csv")


def test_a_long_kind_name_gets_a_sheet_name_excel_keeps(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    long = "critters-of-the-rock-pools-and-flats"  # a pack allows 40
    pack = root / "pack/pack.yaml"
    rewrite(pack, "folder: critters ", f"folder: {long} ")
    (root / "content/critters").rename(root / "content" / long)
    book = export(root)
    names = load_workbook(book).sheetnames
    assert all(len(name) <= 31 for name in names), names
    title = next(name for name in names if name.startswith("critters-of-the-rock"))
    assert run(root, "import", str(book)).exit_code == 0
    edit(book, title, "ink-lurker", "copies", 1)
    result = run(root, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [f"content/{long}/ink-lurker.yaml: copies 2 → 1"]


def exported_tide(tmp_path: Path) -> tuple[Path, Path]:
    """A Tidewrack copy and its tide table exported as CSV (a list without ids)."""
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    run(root, "export", "--out", str(tmp_path / "csv"))
    return root, tmp_path / "csv" / "tide.csv"


def test_a_positional_list_change_names_its_list(tmp_path: Path) -> None:
    root, tide = exported_tide(tmp_path)
    rewrite(tide, "3,5,Flood tide", "3,6,Flood tide")
    result = run(root, "import", str(tide), "--dry-run")
    assert "content/game.yaml: tide 2: to 5 → 6" in result.stdout, result.stdout


def test_a_deleted_middle_row_of_a_list_without_ids_is_matched_by_content(
    tmp_path: Path,
) -> None:
    root, tide = exported_tide(tmp_path)
    rewrite(tide, "3,5,Flood tide,1\n", "")
    result = run(root, "import", str(tide))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["content/game.yaml: tide 2: not in the sheet; kept"]


def test_a_new_id_whose_file_exists_is_refused_at_the_id_cell(jugger: Path) -> None:
    rewrite(jugger / "content/heroes/kirra-maddock.yaml", "id: kirra-maddock", "id: kirra-m")
    book = export(jugger)
    workbook = load_workbook(book)
    heroes = workbook["heroes"]
    row = next(r for r in heroes.iter_rows(min_row=2, values_only=True) if r[0] == "kirra-m")
    heroes.append(["kirra-maddock", *row[1:]])
    workbook.save(book)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert (
        f"heroes!A{heroes.max_row}: error: a new row's file content/heroes/kirra-maddock.yaml "
        in (result.stdout)
    )
    assert "exists already" in result.stdout


def test_a_csv_export_says_it_made_a_folder(jugger: Path) -> None:
    result = run(jugger, "export", "--out", str(jugger / "x.csv"))
    assert result.exit_code == 0 and (jugger / "x.csv" / "heroes.csv").is_file()
    assert "wrote a folder of CSV files, one per sheet:" in result.stderr


LIST_TEXT = "tags:\n  - x\n  - y  # why\n\n# next\nnext: 1\n"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["x"], "tags:\n  - x\n\n# next\nnext: 1\n"),
        (["x", "y", "z"], "tags:\n  - x\n  - y  # why\n  - z\n\n# next\nnext: 1\n"),
        ([], "tags: []\n\n# next\nnext: 1\n"),
    ],
    ids=["shorter", "longer", "emptied"],
)
def test_a_block_list_of_another_length_keeps_the_comments_after_it(
    value: list[str], expected: str
) -> None:
    editor = Editor(LIST_TEXT)
    editor.set(("tags",), value)
    assert editor.text() == expected


POCKET = REPO / "games" / "pocket-tactics"


def test_moved_rows_of_a_list_without_ids_are_refused_never_duplicated(tmp_path: Path) -> None:
    root = copy_project(POCKET, tmp_path / "pt")
    before = snapshot(root)
    out = tmp_path / "csv"
    run(root, "export", "--out", str(out))
    odds = out / "odds.csv"
    lines = odds.read_text(encoding="utf-8").split("\n")
    lines[1], lines[2] = lines[2], lines[1]
    odds.write_text("\n".join(lines), encoding="utf-8")
    result = run(root, "import", str(odds))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert result.stdout.startswith("odds!A3: error: this row (odds 1) was moved"), result.stdout
    assert "new record" not in result.stdout
    assert snapshot(root) == before


def test_a_list_without_ids_matches_equal_rows_and_names_its_list_for_new_ones(
    tmp_path: Path,
) -> None:
    root, tide = exported_tide(tmp_path)
    declare_variant(root, "tide_table")  # the tide table is Tidewrack's house book's: say so
    rewrite(tide, "3,5,Flood tide,1\n", "3,5,Flood tide,1\n6,6,Spring surge,3\n")
    rewrite(tide, "6,6,Spring surge,2\n", "")  # deleted below a new row equal to nothing
    result = run(root, "import", str(tide), "--dry-run")
    assert result.stdout.splitlines() == ["content/game.yaml: tide 3: surge 2 → 3"], result.stdout
    rewrite(tide, "6,6,Spring surge,3\n", "6,6,Spring surge,3\n7,7,Ebb,0\n")
    result = run(root, "import", str(tide), "--dry-run")
    assert "content/game.yaml: tide 4: new record (row tide!A5)" in result.stdout, result.stdout


def test_a_shorter_block_list_keeps_the_comments_of_the_items_that_stay(jugger: Path) -> None:
    hero = jugger / "content/heroes/kirra-maddock.yaml"
    rewrite(
        hero,
        "talents: [overhead-strike, settle-the-score]\n",
        "talents:\n  - overhead-strike  # first talent\n  - settle-the-score  # second talent\n",
    )
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "talents", "[settle-the-score]")
    result = run(jugger, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    text = hero.read_text(encoding="utf-8")
    assert text.endswith("talents:\n  - settle-the-score  # second talent\n"), text


@pytest.mark.parametrize(
    ("old", "new"), [(b"\n", b"\r\n"), (b"cost: 10\n", b"cost: 10\r\n")], ids=["crlf", "mixed"]
)
def test_an_edit_keeps_a_crlf_files_line_endings(jugger: Path, old: bytes, new: bytes) -> None:
    hero = jugger / "content/heroes/kirra-maddock.yaml"
    hero.write_bytes(hero.read_bytes().replace(old, new))
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "attack", 2)
    result = run(jugger, "import", str(book))
    data = hero.read_bytes()
    if old == b"\n":
        assert result.exit_code == 0, result.stdout + result.stderr
        assert b"\r\nattack: 2\r\n" in data and data.count(b"\n") == data.count(b"\r\n")
    else:  # which ending a changed line should get is not known: not edited
        assert result.exit_code == 1, result.stdout + result.stderr
        assert "both CRLF and LF" in result.stdout and b"attack: 3" in data


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("[" + "1" * 4400 + "]", "a number 4400 digits long"),
        ("{push: .nan}", "nan is not a finite number"),
        ("[!!set {a: null}]", "YAML tag tag:yaml.org,2002:set is not allowed"),
        ("{a: 1, a: 2}", "duplicate key 'a'"),
        ("[2024-13-45]", "YAML cannot read '2024-13-45'"),
    ],
    ids=["long number", "nan", "set", "duplicate key", "no date"],
)
def test_a_flow_cell_the_content_loader_would_refuse_is_refused_at_its_cell(
    jugger: Path, cell: str, message: str
) -> None:
    book = export(jugger)
    where = edit(book, "talents", "overhead-strike", "params", cell)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert f"{where}: error: params: {message}" in result.stdout, result.stdout


def test_a_formula_with_no_saved_value_is_refused_at_its_cell(jugger: Path) -> None:
    book = export(jugger)
    where = edit(book, "heroes", "kirra-maddock", "attack", "=1+1")  # openpyxl saves no value
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert f"{where}: error: attack: a formula with no computed value; save the workbook" in (
        result.stdout
    )


def test_a_scratch_sheet_is_skipped_and_a_csv_folder_reads_any_case(
    jugger: Path, tmp_path: Path
) -> None:
    book = export(jugger)
    workbook = load_workbook(book)
    workbook.create_sheet("_notes").append(["anything", "at all"])
    workbook.save(book)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 0 and "nothing to change" in result.stderr, result.stdout
    out = tmp_path / "csv"
    run(jugger, "export", "--out", str(out))
    for path in out.iterdir():
        path.rename(path.with_suffix(".CSV"))
    csv_cell(out / "heroes.CSV", "kirra-maddock", "attack", "2")
    result = run(jugger, "import", str(out))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["content/heroes/kirra-maddock.yaml: attack 3 → 2"]


def test_an_enum_with_a_comma_gets_no_broken_drop_down(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    schema = root / "pack/schemas/game.schema.json"
    data = json.loads(schema.read_text(encoding="utf-8"))
    data["properties"]["die"]["enum"] = ["D6", "D6, twice", 'say "D8"']
    schema.write_text(json.dumps(data), encoding="utf-8")
    rules = load_workbook(export(root))["game.yaml"].data_validations.dataValidation
    assert not any("twice" in (rule.formula1 or "") for rule in rules)


def with_mixed_column(root: Path) -> Path:
    """Tidewrack with a pool field of several types (`anyOf`): a YAML-form column."""
    schema = root / "pack/schemas/pool.schema.json"
    data = json.loads(schema.read_text(encoding="utf-8"))
    kinds = [{"type": "number"}, {"type": "boolean"}, {"type": "string"}]
    data["properties"]["mark"] = {"description": "Anything.", "anyOf": kinds}
    schema.write_text(json.dumps(data, indent=2), encoding="utf-8")
    for name, mark in [("kelp-bed", "3"), ("rock-shelf", '"true"'), ("sand-flat", "2.5")]:
        pool = root / f"content/pools/{name}.yaml"
        pool.write_text(pool.read_text(encoding="utf-8") + f"mark: {mark}\n", encoding="utf-8")
    return root


def test_a_column_of_several_types_round_trips_through_csv(tmp_path: Path) -> None:
    root = with_mixed_column(copy_project(TIDEWRACK, tmp_path / "tide"))
    _, out = assert_round_trip_changes_nothing(root, tmp_path / "csv")
    pools = (out / "pools.csv").read_text(encoding="utf-8")
    assert ",3\n" in pools and ',"""true"""\n' in pools and ",2.5\n" in pools, pools
    csv_cell(out / "pools.csv", "kelp-bed", "mark", "false")
    csv_cell(out / "pools.csv", "sand-flat", "mark", "4")
    result = run(root, "import", str(out / "pools.csv"))
    assert result.exit_code == 0, result.stdout + result.stderr
    pools_dir = root / "content/pools"
    assert (pools_dir / "kelp-bed.yaml").read_text(encoding="utf-8").endswith("mark: false\n")
    assert (pools_dir / "sand-flat.yaml").read_text(encoding="utf-8").endswith("mark: 4\n")


def test_deleting_the_first_of_two_equal_items_is_no_move(tmp_path: Path) -> None:
    root = copy_project(TIDEWRACK, tmp_path / "tide")
    slack = "  - {from: 1, to: 2, name: Slack water, surge: 0}\n"
    rewrite(
        root / "content/game.yaml", "  - {from: 6, to: 6, name: Spring surge, surge: 2}\n", slack
    )
    run(root, "export", "--out", str(tmp_path / "csv"))
    tide = tmp_path / "csv" / "tide.csv"
    lines = tide.read_text(encoding="utf-8").splitlines(keepends=True)
    tide.write_text("".join([lines[0], *lines[2:]]), encoding="utf-8")  # [A, B, A] → [B, A]
    result = run(root, "import", str(tide))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["content/game.yaml: tide 1: not in the sheet; kept"]
