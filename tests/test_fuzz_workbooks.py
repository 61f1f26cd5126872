"""`sheet import` fed random and malformed workbooks and CSV files, as a user runs it.

Each run is its own process under a 1 GiB memory limit and a timeout; whatever
the file holds, it ends in time with exit 0, 1 or 2, never a traceback (exit 3),
a hang or all the memory. The inputs are mutations of a real export (bytes
flipped, cut short, parts swapped for hostile XML) and CSV text made of the
characters that matter (quotes, separators, line breaks, formula starts),
from a fixed seed, so a failure is found again by running the test again.
"""

from __future__ import annotations

import io
import random
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.test_spreadsheet import copy_project, export
from tests.workbooks import run_bounded

SEED = 34
RUNS = 12  # two at a time, each a process of ~1-4 s: ~20-30 s on two busy cores
HOSTILE_XML = [
    b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><x>&a;</x>',
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="ZZZZ9"/></row>',
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<sheetData><row r="99999999999"><c r="A1" t="s"><v>999999</v></c></row>'
    b"</sheetData></worksheet>",
    b"<sst><si><t>" + b"x" * 200_000 + b"</t></si></sst>",
    b"\x00\xff not xml at all",
    b"",
]
CSV_ALPHABET = "ab1-=+@'\",;\t\r\n " + "\u00e9\u2028"


def mutated_workbook(original: bytes, rng: random.Random) -> bytes:
    """The export changed one way: bytes flipped, cut short, or a part replaced."""
    how = rng.randrange(3)
    if how == 0:
        data = bytearray(original)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if how == 1:
        return original[: rng.randrange(len(original))]
    source = zipfile.ZipFile(io.BytesIO(original))
    names = source.namelist()
    victim = rng.choice(names)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name in names:
            data = rng.choice(HOSTILE_XML) if name == victim else source.read(name)
            target.writestr(name, data)
    return out.getvalue()


def random_csv(header: str, rng: random.Random) -> str:
    lines = [header]
    for _ in range(rng.randint(0, 6)):
        length = rng.choice([0, 3, 12, 40, 140_000]) if rng.random() < 0.1 else rng.randint(0, 30)
        lines.append("".join(rng.choice(CSV_ALPHABET) for _ in range(length)))
    return "\n".join(lines)


@pytest.mark.timeout(240)
def test_any_workbook_or_csv_ends_in_time_with_a_known_exit(tmp_path: Path) -> None:
    project = copy_project(REPO / "examples" / "tidewrack", tmp_path / "game")
    original = export(project).read_bytes()
    header = "id,name,pool,cost,grip,shell,dash"
    rng = random.Random(SEED)
    inputs = []
    for number in range(RUNS):
        if number % 2:
            path = tmp_path / f"{number}.xlsx"
            path.write_bytes(mutated_workbook(original, rng))
        else:
            path = tmp_path / "critters" / f"{number}" / "critters.csv"
            path.parent.mkdir(parents=True)
            path.write_text(random_csv(header, rng), encoding="utf-8")
        inputs.append(path)

    def attempt(path: Path) -> tuple[Path, int, str]:
        result = run_bounded(project, "import", str(path), "--dry-run", timeout=60)
        return path, result.returncode, result.stderr

    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(attempt, inputs))
    for path, code, stderr in outcomes:
        assert code in (0, 1, 2), f"{path.name}: exit {code}\n{stderr}"
        assert "Traceback" not in stderr and "internal error" not in stderr, stderr
