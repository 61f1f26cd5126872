"""Issue 14, the CLI's part: escaped output, SOURCE_DATE_EPOCH, commands outside a project,
team files that are not files, and schema bounds that keep every valid project buildable."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import declare_departures
from ttgbuild.cli import app
from ttgbuild.core.sourcedate import LATEST, InvalidSourceDate, source_date_epoch
from ttgbuild.packs.jugger import kitsize

REPO = Path(__file__).resolve().parent.parent
ESCAPE = "\x1b[31m"  # would turn a terminal red
HOSTILE = "te\x1b[31mam\u202e\x9b.yaml"  # escape, bidi override, C1 control


def invoke(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(app, list(args), env=env)


def assert_escaped(text: str) -> None:
    """Nothing a terminal would act on: every character printable but the line breaks."""
    assert text.replace("\n", "").isprintable(), repr(text)


# Case 1: every line the CLI prints escapes what came from outside.


def test_team_verdict_line_escapes_the_file_name(project, run) -> None:
    team = project.path(HOSTILE)
    shutil.copy(REPO / "examples" / "short-team.yaml", team)
    result = run("team", "check", str(team))
    assert result.exit_code == 0, result.output
    assert_escaped(result.stdout)
    assert "te\\x1b[31mam\\u202e\\x9b.yaml: legal; cost" in result.stdout


def test_team_json_escapes_unprintable_characters_as_json(project, run) -> None:
    missing = project.path(HOSTILE)
    result = run("team", "check", str(missing), "--format", "json")
    assert result.exit_code == 2
    assert_escaped(result.stdout)
    assert "\\u001b[31m" in result.stdout and "\\u202e" in result.stdout
    (diag,) = json.loads(result.stdout)["diagnostics"]
    assert diag["file"].endswith(HOSTILE)  # the data is unchanged for a script


def test_unreadable_team_file_says_it_was_not_checked(project, run) -> None:
    result = run("team", "check", str(project.path(HOSTILE)))
    assert result.exit_code == 2
    assert "illegal" not in result.stdout
    assert "could not be read, so the team was not checked" in result.stderr
    assert_escaped(result.stderr)


def test_build_summary_escapes_the_output_folder(project, run, tmp_path) -> None:
    out = tmp_path / f"out{ESCAPE}put"
    result = run("build", "--locale", "qps", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert_escaped(result.stderr)
    assert "out\\x1b[31mput/" in result.stderr
    assert (out / "qps" / "cards.pdf").is_file()


def test_unknown_locale_is_escaped(run) -> None:
    result = run("build", "--locale", f"e{ESCAPE}n")
    assert result.exit_code == 2
    assert_escaped(result.stderr)
    assert "e\\x1b[31mn" in result.stderr


def test_glossary_written_to_a_hostile_name_is_escaped(tmp_path) -> None:
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    shutil.copytree(REPO / "locales", tmp_path / "locales")
    out = tmp_path / f"gloss{ESCAPE}.tbx"
    result = invoke("i18n", "glossary", "--out", str(out), "--project", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert out.is_file()
    assert_escaped(result.stderr)


# Case 2: SOURCE_DATE_EPOCH is ASCII seconds up to the year 9999, or a usage error.


@pytest.mark.parametrize(
    "value",
    ["١٢٣", "\uff11\uff12\uff13", "99999999999999", str(LATEST + 1), "1e9", " ", "-5", "12 34"],
)
def test_invalid_source_date_epoch_is_a_usage_error(project, run, tmp_path, value) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "SOURCE_DATE_EPOCH": value}
    result = CliRunner().invoke(
        app,
        ["build", "--locale", "qps", "--out", str(out), "--project", str(project.root)],
        env=env,
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("build: SOURCE_DATE_EPOCH")
    assert not out.exists()


@pytest.mark.parametrize(
    ("value", "seconds"), [("", None), ("0", 0), ("1700000000", 1700000000), (str(LATEST), LATEST)]
)
def test_valid_source_date_epoch(value, seconds) -> None:
    assert source_date_epoch({"SOURCE_DATE_EPOCH": value}) == seconds
    assert source_date_epoch({}) is None


def test_canvas_refuses_a_date_reportlab_would_misread(monkeypatch) -> None:
    from ttgbuild.render.pdf import new_canvas

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "١٢٣")
    with pytest.raises(InvalidSourceDate, match="SOURCE_DATE_EPOCH"):
        new_canvas((100, 100), "t", "s", "en")


# Case 3: outside a project every command says what it missed and where it looked.


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["odds", "--attack", "3", "--defence", "2"], "odds"),
        (["list", "heroes"], "list"),
        (["validate"], "validate"),
        (["build"], "build"),
        (["team", "check", "team.yaml"], "team check"),
        (["i18n", "status"], "i18n"),
        (["i18n", "check"], "i18n"),
        (["i18n", "extract"], "i18n"),
        (["i18n", "glossary"], "i18n"),
    ],
)
def test_outside_a_project_names_what_and_where(tmp_path, args, command) -> None:
    result = invoke(*args, "--project", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        f"{command}: no content/ folder in {tmp_path} (run in a project or pass --project DIR)\n"
    )


def test_odds_without_rules_names_the_file_it_looked_for(project, run) -> None:
    project.path("content/rules.yaml").unlink()
    result = run("odds", "--attack", "3", "--defence", "2")
    assert result.exit_code == 2
    where = project.path("content/rules.yaml")
    assert f"odds: {where} is missing or has errors" in result.stderr


# Case 4: a team file that never ends, or never opens, is refused at once.


@pytest.mark.timeout(30)
def test_team_file_that_is_a_fifo_does_not_hang(project, run) -> None:
    fifo = project.path("team.yaml")
    os.mkfifo(fifo)
    result = run("team", "check", str(fifo))
    assert result.exit_code == 2
    assert "could not be read" in result.stderr


@pytest.mark.timeout(30)
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_team_file_linked_to_dev_zero_is_refused(project, run) -> None:
    team = project.path("team.yaml")
    team.symlink_to("/dev/zero")
    result = run("team", "check", str(team))
    assert result.exit_code == 2
    assert "could not be read" in result.stderr


# Case 5: the schema's largest values build in bounded time; one past them is refused.

LARGEST_BOARD = (40, 22)  # board.schema.json's maxima
LONGEST_MOVE = 20  # rules.schema.json's movement maxima
LONGEST_REACH = 6  # weapons.schema.json's range maximum


def field(columns: int, rows: int) -> dict:
    """A board of any size laid out like the shipped one: mirrored, centre in the middle."""
    centre, middle = (columns - 1) // 2, (rows - 1) // 2
    far = 2 * centre  # the mirror of column 0
    return {
        "columns": columns,
        "rows": rows,
        "centre": [centre, middle],
        "goals": {"red": [1, middle], "blue": [far - 1, middle]},
        "start_zones": {
            "red": {"columns": [0, 1], "rows": [0, rows - 1]},
            "blue": {"columns": [far - 1, far], "rows": [0, rows - 1]},
        },
        "corner_lines": [
            [[0, 2], [1, 1], [2, 0]],
            [[far, 2], [far - 1, 1], [far - 2, 0]],
            [[0, rows - 3], [1, rows - 2], [2, rows - 1]],
            [[far, rows - 3], [far - 1, rows - 2], [far - 2, rows - 1]],
        ],
    }


def longest_move(limit: int):
    def change(rules: dict) -> None:
        rules["movement"]["types"][-1]["max"] = limit
        rules["movement"]["max_per_activation"] = limit

    return change


@pytest.mark.timeout(180)
def test_largest_board_and_longest_move_build_in_bounded_time(project, run, tmp_path) -> None:
    shutil.copytree(REPO / "locales", project.path("locales"), dirs_exist_ok=True)
    project.write("content/board.yaml", field(*LARGEST_BOARD))
    project.edit("content/rules.yaml", longest_move(LONGEST_MOVE))
    declare_departures(project.root)  # a field and moves past the book's, on purpose
    result = run("build", "--locale", "en", "--out", str(tmp_path / "out"))  # the timeout bounds it
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "en" / "board.pdf").is_file()


@pytest.mark.parametrize(
    ("size", "pointer", "limit"),
    [((41, 11), "/columns", 40), ((20, 23), "/rows", 22)],
)
def test_board_past_the_largest_is_a_located_schema_error(project, run, size, pointer, limit):
    project.write("content/board.yaml", field(*size))
    result = run("validate")
    assert result.exit_code == 1
    line = 1 if pointer == "/columns" else 2
    expected = f"content/board.yaml:{line}:"
    assert any(
        row.startswith(expected)
        and "JT053" in row
        and f"at most {limit}" in row
        and row.endswith(f"[{pointer}]")
        for row in result.stdout.splitlines()
    ), result.stdout


def test_move_past_the_longest_is_a_located_schema_error(project, run) -> None:
    project.edit("content/rules.yaml", longest_move(LONGEST_MOVE + 1))
    result = run("validate")
    assert result.exit_code == 1
    located = [row for row in result.stdout.splitlines() if "JT053" in row]
    assert any(row.endswith("[/movement/max_per_activation]") for row in located), located
    assert any(row.endswith("[/movement/types/2/max]") for row in located), located
    assert all(row.startswith("content/rules.yaml:") and ":0:0:" not in row for row in located)


def longest_reach(reach: int):
    def change(weapons: dict) -> None:
        for weapon in weapons["weapons"]:
            weapon["range"] = reach

    return change


@pytest.mark.timeout(120)
def test_longest_reach_builds_the_rulebook_and_cards(project, run, tmp_path) -> None:
    """Every weapon at the schema's longest range: the combat example and sketches still draw."""
    shutil.copytree(REPO / "locales", project.path("locales"), dirs_exist_ok=True)
    project.edit("content/weapons.yaml", longest_reach(LONGEST_REACH))
    declare_departures(project.root)  # reaches past table 1's, on purpose
    result = run("build", "--locale", "en", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "en" / "rules.pdf").is_file()


def test_reach_past_the_longest_is_a_located_schema_error(project, run) -> None:
    project.edit("content/weapons.yaml", longest_reach(LONGEST_REACH + 1))
    result = run("validate")
    assert result.exit_code == 1
    located = [row for row in result.stdout.splitlines() if "JT053" in row]
    assert any(
        row.startswith("content/weapons.yaml:")
        and f"at most {LONGEST_REACH}" in row
        and row.endswith("[/weapons/0/range]")
        for row in located
    ), located


# --- how many heroes a kit prints -------------------------------------------------------


def test_more_heroes_than_a_kit_prints_is_refused_before_drawing(
    project, run, tmp_path, monkeypatch
) -> None:
    shipped = len(list(project.path("content/heroes").glob("*.yaml")))
    monkeypatch.setattr(kitsize, "MAX_PRINTED_HEROES", shipped - 1)
    out = tmp_path / "out"
    result = run("build", "--locale", "en", "--out", str(out))
    assert result.exit_code == 1, result.output
    expected = (
        f"content/heroes:0:0: error JT904: {shipped} heroes; a kit prints at most {shipped - 1}"
    )
    assert any(row.startswith(expected) for row in result.stdout.splitlines()), result.stdout
    assert not list(out.rglob("*.pdf"))
    assert run("validate").exit_code == 0  # every hero is still checked; only drawing is refused


@pytest.mark.timeout(400)
def test_the_most_heroes_a_kit_prints_build_in_bounded_time(tmp_path) -> None:
    """At the limit, one locale's kit is drawn in bounded time (about half a minute here)."""
    from bench.heroes import make_project

    root = tmp_path / "many"
    shipped = len(list((REPO / "content/heroes").glob("*.yaml")))
    make_project(REPO, root, kitsize.MAX_PRINTED_HEROES - shipped)
    result = CliRunner().invoke(  # the timeout bounds it
        app, ["build", "--locale", "en", "--out", str(tmp_path / "out"), "--project", str(root)]
    )
    assert result.exit_code == 0, result.output
