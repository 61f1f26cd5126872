"""The engine/pack boundary, proved with a game that is not Jugger TTG.

`tests/packs/tinygame` is installed here the way a third party ships a game:
its own distribution, announced under the `ttgbuild.packs` entry-point group
(a dist-info folder in a temporary site folder on PYTHONPATH). The real
command line then lists, validates, builds and lists the content of a Tiny
Game project, in a separate process, as a user would run it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from pypdf import PdfReader

TINY = Path(__file__).resolve().parent / "packs" / "tinygame"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site folder holding Tiny Game as an installed distribution with its entry point."""
    site = tmp_path_factory.mktemp("site")
    shutil.copytree(TINY, site / "tinygame", ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "tinygame-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinygame\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[ttgbuild.packs]\ntiny-game = tinygame:PACK\n")
    return site


def tiny_project(root: Path, cost: int = 2) -> Path:
    (root / "content" / "cards").mkdir(parents=True)
    (root / "ttgbuild.toml").write_text('game = "tiny-game"\n')
    (root / "content" / "deck.yaml").write_text("budget: 3\n")
    for ident, name, value in (("ant", "Ant", 1), ("bee", "Bee", cost)):
        card = f"id: {ident}\nname: {name}\ncost: {value}\n"
        (root / "content" / "cards" / f"{ident}.yaml").write_text(card)
    return root


def ttg(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{REPO}", "SOURCE_DATE_EPOCH": "0"}
    return subprocess.run(
        [sys.executable, "-m", "ttgbuild", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_installed_pack_is_listed_beside_jugger(site: Path, tmp_path: Path) -> None:
    result = ttg(site, "games", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    games = {game["name"]: game for game in json.loads(result.stdout)}
    assert set(games) >= {"jugger-ttg", "tiny-game"}
    assert games["tiny-game"]["kit"] == [{"file": "cards.pdf", "holds": "one card per record"}]


def imported_games(site: Path, cwd: Path, *args: str) -> str:
    """Which installed games a command imported, as the process says at its exit."""
    code = (
        "import atexit, sys; atexit.register(lambda: print('IMPORTED', sorted(m for m in "
        "('tinygame', 'ttgbuild.packs.jugger') if m in sys.modules)));"
        f"from ttgbuild.cli import main; sys.argv = ['ttgbuild', *{list(args)!r}]; main()"
    )
    env = {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{REPO}", "SOURCE_DATE_EPOCH": "0"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    return done.stdout.rsplit("IMPORTED", 1)[1].strip()


def test_a_command_imports_only_the_game_of_its_project(site: Path, tmp_path: Path) -> None:
    """Installing more games costs the others nothing: each command loads its own game only."""
    root = tiny_project(tmp_path / "tiny")
    assert imported_games(site, root, "validate") == "['tinygame']"
    assert imported_games(site, REPO, "list", "teams") == "['ttgbuild.packs.jugger']"
    # a name that is no engine command, or the help, needs every game's own commands
    assert imported_games(site, root, "--help") == "['tinygame', 'ttgbuild.packs.jugger']"


def test_a_tiny_game_project_validates_lists_and_builds(site: Path, tmp_path: Path) -> None:
    root = tiny_project(tmp_path / "tiny")
    checked = ttg(site, "validate", cwd=root)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    listed = ttg(site, "list", "cards", "--format", "json", cwd=root)
    assert [card["id"] for card in json.loads(listed.stdout)] == ["ant", "bee"]
    built = ttg(site, "build", "--out", str(tmp_path / "out"), cwd=root)
    assert built.returncode == 0, built.stderr
    pdf = tmp_path / "out" / "en" / "cards.pdf"
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Ant (1)" in text and "Bee (2)" in text
    assert sorted(p.name for p in (tmp_path / "out" / "en").iterdir()) == ["cards.pdf"]


def test_the_tiny_pack_rule_reports_at_the_field(site: Path, tmp_path: Path) -> None:
    root = tiny_project(tmp_path / "tiny", cost=5)
    result = ttg(site, "validate", cwd=root)
    assert result.returncode == 1
    assert "content/cards/bee.yaml:3:7: error TG101: costs 5, more than the deck's budget of 3" in (
        result.stdout
    )
    built = ttg(site, "build", "--out", str(tmp_path / "out"), cwd=root)
    assert built.returncode == 1 and not (tmp_path / "out" / "en").exists()


def test_rules_lists_the_engine_and_the_project_pack_only(site: Path, tmp_path: Path) -> None:
    root = tiny_project(tmp_path / "tiny")
    rules = json.loads(ttg(site, "rules", "--format", "json", cwd=root).stdout)
    owners = {rule["code"]: rule["source"] for rule in rules}
    assert owners["TG101"] == "tiny-game"
    assert owners["JT001"] == "engine"
    assert not any(source == "jugger-ttg" for source in owners.values())


def test_a_jugger_command_refuses_a_project_of_another_game(site: Path, tmp_path: Path) -> None:
    root = tiny_project(tmp_path / "tiny")
    result = ttg(site, "odds", "--attack", "2", "--defence", "1", cwd=root)
    assert result.returncode == 2
    assert "odds: a jugger-ttg command" in result.stderr and "tiny-game project" in result.stderr


def test_with_two_packs_a_project_must_name_its_game(site: Path, tmp_path: Path) -> None:
    root = tmp_path / "unnamed"
    shutil.copytree(REPO / "content", root / "content")
    result = ttg(site, "validate", cwd=root)
    assert result.returncode == 2
    assert "ttgbuild.toml:0:0: error JT012: no ttgbuild.toml names this project's game" in (
        result.stdout + result.stderr
    )
    listed = (result.stdout + result.stderr).split("installed packs: ")[1].split(")")[0]
    assert {"jugger-ttg", "tiny-game"} <= set(listed.split(", "))  # and any other installed
    (root / "ttgbuild.toml").write_text('game = "jugger-ttg"\n')
    assert ttg(site, "validate", cwd=root).returncode == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('game = "chess"\n', "game 'chess' is not installed"),
        ("game = 3\n", "must name the game as a string"),
        ('game = "chess"\nboard = "big"\n', "unknown key 'board'"),
        ('game = "unclosed\n', "cannot be read"),
    ],
)
def test_a_bad_project_file_is_a_located_usage_error(
    site: Path, tmp_path: Path, text: str, message: str
) -> None:
    root = tiny_project(tmp_path / "tiny")
    (root / "ttgbuild.toml").write_text(text)
    result = ttg(site, "validate", cwd=root)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "error JT012: " in result.stdout + result.stderr
    assert message in result.stdout + result.stderr
    assert "Traceback" not in result.stderr


def test_a_broken_pack_is_reported_not_raised(site: Path, tmp_path: Path) -> None:
    broken = tmp_path / "brokensite"
    shutil.copytree(site, broken)
    (broken / "tinygame" / "__init__.py").write_text("raise ImportError('no such thing')\n")
    result = ttg(broken, "games", cwd=tmp_path)
    assert result.returncode == 1
    assert "jugger-ttg" in result.stdout
    assert "games: pack tiny-game: tinygame:PACK cannot be loaded: ImportError" in result.stderr


def test_a_pack_adds_its_own_command(site: Path, tmp_path: Path) -> None:
    root = tiny_project(tmp_path / "tiny")
    result = ttg(site, "tiny-count", cwd=root)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "2 cards\n"


@pytest.mark.parametrize(
    ("commands", "problem"),
    [
        (
            'def add_commands(app):\n    app.command("validate")(lambda: print("taken over"))\n',
            "tiny-game: its command 'validate' is taken; none of its commands was added",
        ),
        (
            "def add_commands(app):\n    raise RuntimeError('pack bug')\n",
            "games: pack tiny-game: its commands cannot be added: RuntimeError",
        ),
    ],
)
def test_a_pack_cannot_take_or_break_the_engine_commands(
    site: Path, tmp_path: Path, commands: str, problem: str
) -> None:
    other = tmp_path / "othersite"
    shutil.copytree(site, other)
    with (other / "tinygame" / "game.py").open("a", encoding="utf-8") as game:
        game.write("\n\n" + commands)
    listed = ttg(other, "games", cwd=tmp_path)
    assert listed.returncode == 1 and problem in listed.stderr, listed.stderr
    jugger = tmp_path / "jugger"
    shutil.copytree(REPO / "content", jugger / "content")
    (jugger / "ttgbuild.toml").write_text('game = "jugger-ttg"\n')
    checked = ttg(other, "validate", cwd=jugger)
    assert checked.returncode == 0 and "taken over" not in checked.stdout, checked.stdout


def test_a_pack_naming_a_missing_module_is_reported_and_left_out(
    site: Path, tmp_path: Path
) -> None:
    other = tmp_path / "typosite"
    shutil.copytree(site, other)
    init = other / "tinygame" / "__init__.py"
    init.write_text(init.read_text().replace('".game:render"', '".gaem:render"'))
    listed = ttg(other, "games", cwd=tmp_path)
    assert listed.returncode == 1
    assert "games: pack tiny-game: tinygame.gaem:render cannot be found" in listed.stderr
    root = tiny_project(tmp_path / "tiny")
    checked = ttg(other, "validate", cwd=root)
    assert checked.returncode == 2, checked.stdout + checked.stderr
    assert (
        "error JT012: game 'tiny-game' cannot be used: tinygame.gaem:render cannot be found"
        in checked.stdout + checked.stderr
    )


def test_a_pack_whose_checks_clash_is_a_located_error_naming_it(site: Path, tmp_path: Path) -> None:
    other = tmp_path / "clashsite"
    shutil.copytree(site, other)
    with (other / "tinygame" / "game.py").open("a", encoding="utf-8") as game:
        game.write("\n\ndef register(registry):\n    checks.register(registry)\n")
        game.write("    checks.register(registry)\n")
    root = tiny_project(tmp_path / "tiny")
    result = ttg(other, "validate", cwd=root)
    assert result.returncode == 2, result.stdout + result.stderr
    assert (
        "ttgbuild.toml:0:0: error JT012: game 'tiny-game' cannot be used: code TG101 added twice"
        in result.stdout + result.stderr
    )
    assert "internal error" not in result.stderr


def test_the_help_reads_no_game_data_and_no_metadata(tmp_path: Path) -> None:
    """`ttgbuild --help` lists every game's commands from their Python alone: no pack.yaml
    read (YAML, JSON Schema), no importlib.metadata (the entry points are read directly)."""
    code = (
        "import atexit, sys; atexit.register(lambda: print('LOADED', sorted(m for m in "
        "('yaml', 'jsonschema', 'importlib.metadata', 'tempfile') if m in sys.modules)));"
        "from ttgbuild.cli import main; sys.argv = ['ttgbuild', '--help']; main()"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert "assault-odds" in done.stdout and "dungeon-bowl" in done.stdout, done.stderr
    assert done.stdout.rsplit("LOADED", 1)[1].strip() == "[]"
