"""The benchmark command runs end to end and reports every measurement (timings not judged here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import KIT_FILES, REPO
from typer.testing import CliRunner

from bench import replay
from bench.floor_validate import main as floor_validate
from bench.heroes import make_project
from ttgbuild.cli import app

ROWS = (
    f"full kit (en; {len(KIT_FILES)} files) vs ReportLab replay floor, wall",
    f"full kit (en; {len(KIT_FILES)} files) vs ReportLab replay floor, cpu",
    "full kit with catalog checks remembered",
    "rebuild, nothing changed",
    "ttgbuild --help",
    "validate the shipped project (a re-run",
    "validate the shipped project, one hero file edited",
    "validate the shipped project, first run",
    "9 hero cards vs plain ReportLab (replay)",
    "9 hero cards vs fpdf2 (replay)",
    "9 hero cards vs WeasyPrint (HTML and CSS)",
    "validate 20 generated heroes (",
    "validate 100 generated heroes (",
    "validate 100 generated heroes, run again",
    "validate: time per hero, 100 vs 20 heroes",
    "build en with 20 extra heroes",
    "build en with 60 extra heroes",
    "build: time per hero, 60 vs 20 heroes",
)


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess, dict]:
    results = tmp_path_factory.mktemp("bench") / "results.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--json", str(results)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done, json.loads(results.read_text(encoding="utf-8"))


def test_quick_run_reports_every_row(quick) -> None:
    done, results = quick
    assert done.returncode in (0, 1), done.stderr  # 1 = a target missed on this machine
    assert "Traceback" not in done.stderr
    table = done.stdout.splitlines()
    for row in ROWS:
        assert sum(line.startswith(row) for line in table) == 1, row
    assert all(r["name"].startswith(row) for r, row in zip(results["rows"], ROWS, strict=True))


def test_measurements_are_complete(quick) -> None:
    _, results = quick
    rows = {row: r for row, r in zip(ROWS, results["rows"], strict=True)}
    for name in ROWS[:2]:
        kit = rows[name]
        assert kit["ours"]["wall"] > 0 and kit["other"]["wall"] > 0 and kit["ratio"] > 0
        assert kit["ours"]["peak_mib"] > 0 and kit["other"]["peak_mib"] > 0
    # the floor drew what the kit drew: the same characters and path segments
    assert "(the same)" in rows[ROWS[0]]["note"], rows[ROWS[0]]["note"]
    for name in ROWS[3:6]:
        assert rows[name]["ours"]["wall"] > 0 and rows[name]["target"].startswith("<=")
    for name in ROWS[6:8]:
        assert rows[name]["ours"]["wall"] > 0 and rows[name]["target"] == "(report)"
    for name in ROWS[8:11]:
        peer = rows[name]
        # Without a peer's library the row stays, saying why it was not measured.
        assert peer["ratio"] is not None or "peer not run" in peer["note"]
    for size in (20, 100):
        row = next(r for name, r in rows.items() if name.startswith(f"validate {size} generated"))
        assert row["ours"]["wall"] > 0 and row["other"]["wall"] > 0
        assert row["extra"]["ms_per_hero"] > 0
    again = rows["validate 100 generated heroes, run again"]
    assert again["ours"]["wall"] > 0 and again["target"] == "(report)"
    for size in (20, 60):
        assert rows[f"build en with {size} extra heroes"]["extra"]["kib_per_hero"] > 0


def test_the_replay_floor_draws_what_the_kit_drew(tmp_path: Path) -> None:
    """The floor's honesty: same characters and path segments, file by file."""
    kit = tmp_path / "kit"
    built = CliRunner().invoke(
        app, ["build", "--project", str(REPO / "examples" / "tidewrack"), "--out", str(kit)]
    )
    assert built.exit_code == 0, built.stdout
    replay.extract(kit, tmp_path / "ops")
    for library in ("reportlab", "fpdf2"):
        assert replay.main(["draw", library, str(tmp_path / "ops"), str(tmp_path / library)]) == 0
        drawn = replay.counts(tmp_path / library)
        assert drawn == replay.counts(kit) and len(drawn) == 2 * len(list((kit / "en").iterdir()))
        assert all(characters > 0 and segments > 0 for characters, segments in drawn.values())


def test_generated_heroes_are_valid_and_varied(tmp_path: Path) -> None:
    files = make_project(REPO, tmp_path / "p", 40)
    assert len(files) == 40
    assert len({f.read_text(encoding="utf-8").split("team: ")[1][:6] for f in files}) > 1
    result = CliRunner().invoke(app, ["validate", "--project", str(tmp_path / "p")])
    assert result.exit_code == 0, result.stdout
    assert floor_validate(tmp_path / "p" / "content" / "heroes") == 0


def test_validation_floor_parses_every_file_and_fails_on_a_broken_one(tmp_path: Path, capsys):
    folder = tmp_path / "content"
    (folder / "heroes").mkdir(parents=True)
    (folder / "heroes" / "a.yaml").write_text("id: a\ncost: 3\n", encoding="utf-8")
    (folder / "game.yaml").write_text("name: x\n", encoding="utf-8")
    assert floor_validate(folder) == 0
    assert capsys.readouterr().out.strip() == "2 files parsed"
    (folder / "heroes" / "b.yaml").write_text("id: [b\n", encoding="utf-8")
    assert floor_validate(folder) == 1
