"""`ttgbuild games`: the installed game packs, found through their entry points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import REPO, assert_no_crash, run_cli


def test_games_lists_the_jugger_pack_and_its_kit(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "games")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["game", "title", "version", "file", "holds"]
    # Other installed games (Dungeon Bowl, …) are listed too, in name order.
    (jugger,) = [line for line in lines if line.startswith("jugger-ttg ")]
    assert jugger.split()[:4] == ["jugger-ttg", "Jugger", "TTG", "0.1.0"]
    assert "cards.pdf" in result.output and "guide.pdf" in result.output


def test_games_as_json_names_every_file_of_the_kit(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "games", "--format", "json")
    assert result.exit_code == 0, result.output
    (jugger,) = [g for g in json.loads(result.output) if g["name"] == "jugger-ttg"]
    assert jugger["title"] == "Jugger TTG"
    assert jugger["code_prefix"] == "JT"
    files = [part["file"] for part in jugger["kit"]]
    assert files == [
        "quickref.pdf",
        "rules.pdf",
        "cards.pdf",
        "tokens.pdf",
        "board.pdf",
        "board-print-shop.pdf",
        "guide.pdf",
    ]


def test_the_repository_root_names_its_game() -> None:
    assert 'game = "jugger-ttg"' in (REPO / "ttgbuild.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["rules", "schema-docs", "validate", "list heroes"])
def test_a_game_that_is_not_installed_is_a_usage_error(tmp_path: Path, command: str) -> None:
    (tmp_path / "content").mkdir()
    (tmp_path / "ttgbuild.toml").write_text('game = "chess"\n', encoding="utf-8")
    result = run_cli(tmp_path, *command.split())
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    assert "ttgbuild.toml:1:0: error JT012: game 'chess' is not installed" in result.output
