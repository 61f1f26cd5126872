"""`ttgbuild sheet export` / `sheet import`: the spreadsheet round trip, as a user runs it.

Every game's content survives an export imported unchanged byte for byte; an
edited cell changes that value alone and keeps the file's comments; problems
are located at their cell and nothing is written.
"""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.conftest import REPO, assert_no_crash, run_cli

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
    for row in rows.iter_rows(min_row=2):
        if row[0].value == key:
            cell = row[header.index(column) if column in header else 1]
            cell.value = value
            workbook.save(book)
            return f"{sheet}!{cell.coordinate}"
    raise AssertionError(f"no row {key} in {sheet}")


@pytest.fixture
def jugger(tmp_path: Path) -> Path:
    return copy_project(REPO, tmp_path / "jugger")


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name if p != REPO else "jugger")
def test_export_then_import_changes_no_byte(game: Path, tmp_path: Path) -> None:
    root = copy_project(game, tmp_path / "game")
    before = snapshot(root)
    book = export(root)
    run(root, "export", "--out", str(tmp_path / "csv"))
    for sheets in (book, tmp_path / "csv"):
        result = run(root, "import", str(sheets))
        assert result.exit_code == 0, result.stdout + result.stderr
        assert "nothing to change" in result.stderr
    assert snapshot(root) == before


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
