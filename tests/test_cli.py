"""The command-line contract of cli.md, exercised as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO, SPARE_TALENT

HERO = "content/heroes/kirra-maddock.yaml"
DIAG_KEYS = {"file", "line", "column", "severity", "code", "message", "pointer"}


def test_validate_clean(run) -> None:
    result = run("validate")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "validate: no problems found\n"


def test_validate_clean_json(run) -> None:
    result = run("validate", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_validate_exact_message(project, run) -> None:
    project.replace(HERO, "reflexes: 4", "reflexes: 7")
    result = run("validate")
    assert result.exit_code == 1
    assert result.stdout == (
        "content/heroes/kirra-maddock.yaml:9:11: error JT104: reflexes 7 is outside 1..5 "
        "[/reflexes]\n"
    )
    assert result.stderr == "validate: 1 error(s), 0 warning(s) in 1 file(s)\n"


def test_validate_json_shape(project, run) -> None:
    project.replace(HERO, "reflexes: 4", "reflexes: 7")
    result = run("validate", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {
            "file": HERO,
            "line": 9,
            "column": 11,
            "severity": "error",
            "code": "JT104",
            "message": "reflexes 7 is outside 1..5",
            "pointer": "/reflexes",
        }
    ]


def test_diagnostics_sorted_by_file_then_line(project, run) -> None:
    project.replace(HERO, "stamina: 5", "stamina: 50")
    project.replace(HERO, "will: 4", "will: 40")
    project.replace("content/heroes/aoife-callinan.yaml", "team: lantern-bay", "team: nowhere")
    rows = json.loads(run("validate", "--format", "json").stdout)
    assert [(r["file"], r["line"]) for r in rows] == sorted((r["file"], r["line"]) for r in rows)
    assert len(rows) == 4 and set(rows[0]) == DIAG_KEYS  # will 40 breaks JT104 and JT107


def test_schema_message_names_field_and_suggests(project, run) -> None:
    project.replace(HERO, "stamina: 5", "stamna: 5")
    out = run("validate").stdout
    assert (
        "content/heroes/kirra-maddock.yaml:15:1: error JT052: unknown field 'stamna' in the "
        "file; did you mean 'stamina'? [/stamna]" in out
    )
    assert "error JT051: missing required field 'stamina' in the file" in out


def test_strict_turns_warnings_into_failures(project, run) -> None:
    project.write("content/talents/spare.yaml", SPARE_TALENT)
    relaxed = run("validate")
    assert relaxed.exit_code == 0
    assert (
        "content/talents/spare.yaml:1:5: warning JT112: talent 'spare' is on no hero's "
        "card [/id]" in relaxed.stdout
    )
    assert run("validate", "--strict").exit_code == 1


@pytest.mark.parametrize(
    "args", [["validate", "--format", "xml"], ["list", "monsters"], ["odds-and-ends"]]
)
def test_usage_errors_exit_2(run, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_rules_listing(run) -> None:
    rows = json.loads(run("rules", "--format", "json").stdout)
    codes = [r["code"] for r in rows]
    assert codes == sorted(codes)
    assert {"JT001", "JT050", "JT104", "JT108", "JT302", "JT502", "JT710"} <= set(codes)
    assert all(set(r) == {"code", "severity", "summary", "source"} and r["summary"] for r in rows)
    severities = {r["code"]: r["severity"] for r in rows}
    assert severities["JT108"] == "warning" and severities["JT104"] == "error"
    sources = {r["code"]: r["source"] for r in rows}
    assert sources["JT001"] == "engine" and sources["JT104"] == "jugger-ttg"
    text = run("rules").stdout.splitlines()
    assert text[0].split() == ["code", "severity", "source", "summary"]
    assert any(line.split()[:3] == ["JT104", "error", "jugger-ttg"] for line in text)


def test_list_heroes_json(run) -> None:
    rows = json.loads(run("list", "heroes", "--format", "json").stdout)
    assert len(rows) == 30
    assert {"id", "name", "cost", "team", "country"} <= set(rows[0])
    assert [r["id"] for r in rows] == sorted(r["id"] for r in rows)


def test_list_weapons_and_talents(run) -> None:
    weapons = json.loads(run("list", "weapons", "--format", "json").stdout)
    assert [w["id"] for w in weapons if w["chain"]] == ["chain"]
    talents = run("list", "talents")
    assert talents.exit_code == 0
    assert talents.stdout.splitlines()[0].split()[:3] == ["id", "name", "keyword"]


def test_list_with_broken_content_says_so(project, run) -> None:
    project.write_text(HERO, "a: [")
    result = run("list", "heroes", "--format", "json")
    assert result.exit_code == 1
    assert len(json.loads(result.stdout)) == 29
    assert "run 'ttgbuild validate' for details" in result.stderr


def test_works_from_any_folder(tmp_path) -> None:
    """Schemas ship inside the package: validation needs no schemas/ in the current folder."""
    result = subprocess.run(
        [sys.executable, "-m", "ttgbuild", "validate", "--project", str(REPO)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "validate: no problems found\n"


def test_internal_error_is_one_line_and_a_log(monkeypatch, capsys) -> None:
    from ttgbuild import cli
    from ttgbuild.validate import project

    def explode(*_args, **_kwargs):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(project, "validate_project", explode)  # commands import it when run
    monkeypatch.setattr(sys, "argv", ["ttgbuild", "validate"])
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    log = err.strip().rsplit(" ", 1)[-1]
    assert err.startswith("ttgbuild: internal error (RuntimeError); the details are in ")
    with open(log, encoding="utf-8") as handle:
        assert "simulated bug" in handle.read()
    os.unlink(log)


def test_a_pack_data_file_broken_while_in_use_is_located_not_internal(monkeypatch, capsys) -> None:
    """A pack's own layout read when its drawing code is imported: its problem, exit 1."""
    from ttgbuild import cli
    from ttgbuild.core.diagnostics import Diagnostic, LocatedError
    from ttgbuild.validate import project

    broken = Diagnostic("pack/layouts/cards.layout.yaml", 8, 7, "error", "JT002", "YAML syntax")

    def read_broken_layout(*_args, **_kwargs):
        raise LocatedError(broken)

    monkeypatch.setattr(project, "validate_project", read_broken_layout)
    monkeypatch.setattr(sys, "argv", ["ttgbuild", "validate"])
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 1
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert "pack/layouts/cards.layout.yaml:8:7: error JT002: YAML syntax" in shown
    assert "internal error" not in shown
