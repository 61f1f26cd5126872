"""`ttgbuild new`, `--version`, `-h` and completion, run as a user runs them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from typer.testing import CliRunner

import ttgbuild
from ttgbuild import newproject
from ttgbuild.cli import app
from ttgbuild.core.fingerprint import CODE_SUFFIXES, NOT_CODE, tree_digest
from ttgbuild.newproject import NewProjectError, data_starter, write_project
from ttgbuild.pack import installed

# Each installed game's project in this repository: what `new --game` must write.
GAME_PROJECTS = {
    "jugger-ttg": REPO,
    "pocket-tactics": REPO / "games" / "pocket-tactics",
    "dungeon-bowl": REPO / "games" / "dungeon-bowl",
    "challengers": REPO / "games" / "challengers",
}


def ttg(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The installed command as a user types it (python -m ttgbuild runs the same entry)."""
    return subprocess.run(
        [sys.executable, "-m", "ttgbuild", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=240,
    )


def tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` by its relative path, with its bytes."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def tracked(project: Path) -> set[str]:
    """The files git tracks in a repository project's folders, relative to the project."""
    listed = subprocess.run(
        ["git", "ls-files", "--", *newproject.STARTER_PARTS, newproject.PROJECT_FILE],
        cwd=project,
        capture_output=True,
        text=True,
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return set(listed.stdout.split())


def test_every_installed_game_has_a_project_here() -> None:
    assert set(installed().packs) == set(GAME_PROJECTS)


@pytest.mark.parametrize("game", sorted(GAME_PROJECTS))
def test_new_writes_the_games_own_project(game: str, tmp_path: Path) -> None:
    result = ttg("new", "kit", "--game", game, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = tree(tmp_path / "kit")
    source = GAME_PROJECTS[game]
    assert set(written) == tracked(source)
    assert f'game = "{game}"' in written[newproject.PROJECT_FILE].decode()
    assert all(written[name] == (source / name).read_bytes() for name in written)


def test_new_data_writes_the_tidewrack_example(tmp_path: Path) -> None:
    result = ttg("new", "mygame", "--data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    example = REPO / "examples" / "tidewrack"
    written = tree(tmp_path / "mygame")
    assert set(written) == tracked(example)
    assert all(written[name] == (example / name).read_bytes() for name in written)


def test_a_new_data_game_validates_strict_and_builds(tmp_path: Path) -> None:
    assert ttg("new", "mygame", "--data", cwd=tmp_path).returncode == 0
    project = tmp_path / "mygame"
    checked = ttg("validate", "--strict", cwd=project)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    built = ttg("build", "--locale", "en", cwd=project)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (project / "output" / "en" / "cards.pdf").is_file()


@pytest.mark.parametrize("game", ["pocket-tactics", "dungeon-bowl"])
def test_a_new_game_project_validates_strict(game: str, tmp_path: Path) -> None:
    assert ttg("new", "kit", "--game", game, cwd=tmp_path).returncode == 0
    checked = ttg("validate", "--strict", cwd=tmp_path / "kit")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_an_empty_folder_is_filled(tmp_path: Path) -> None:
    (tmp_path / "kit").mkdir()
    assert ttg("new", "kit", "--data", cwd=tmp_path).returncode == 0
    assert (tmp_path / "kit" / "pack" / "pack.yaml").is_file()


def test_a_folder_that_holds_anything_is_refused_untouched(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "notes.txt").write_text("mine", encoding="utf-8")
    result = ttg("new", "kit", "--game", "challengers", cwd=tmp_path)
    assert result.returncode == 2
    assert "not empty" in result.stderr and "Traceback" not in result.stderr
    assert tree(kit) == {"notes.txt": b"mine"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]  # no staging folder left


def test_a_file_in_the_way_is_refused(tmp_path: Path) -> None:
    (tmp_path / "kit").write_text("mine", encoding="utf-8")
    result = ttg("new", "kit", "--data", cwd=tmp_path)
    assert result.returncode == 2
    assert (tmp_path / "kit").read_text(encoding="utf-8") == "mine"


def test_a_file_where_a_parent_folder_should_be_is_named(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = ttg("new", "file/kit", "--data", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{tmp_path / 'file'} is not a folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_link_to_an_empty_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "kit").symlink_to(tmp_path / "real")
    result = ttg("new", "kit", "--data", cwd=tmp_path)
    assert result.returncode == 2 and "is a link" in result.stderr
    assert list((tmp_path / "real").iterdir()) == []


def test_a_name_near_the_systems_limit_is_written(tmp_path: Path) -> None:
    name = "k" * 250  # a staging folder named after it would be past the 255-byte limit
    assert ttg("new", name, "--data", cwd=tmp_path).returncode == 0
    assert (tmp_path / name / "ttgbuild.toml").is_file()


def test_new_dot_in_an_empty_folder_writes_nothing_beside_it(tmp_path: Path, monkeypatch) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    seen: list[Path] = []

    def record_then_fail(source: object, destination: object) -> None:
        seen.append(Path(str(destination)))
        raise OSError(28, "No space left on device", str(destination))

    monkeypatch.setattr(newproject.shutil, "copyfile", record_then_fail)
    monkeypatch.chdir(kit)
    with pytest.raises(NewProjectError, match="No space left"):
        write_project(Path("."), data_starter())
    assert all(path.is_relative_to(kit) for path in seen)  # staged inside DIR, not beside it
    assert list(tmp_path.iterdir()) == [kit] and list(kit.iterdir()) == []


def test_an_unknown_game_is_refused_with_the_installed_ones(tmp_path: Path) -> None:
    result = ttg("new", "kit", "--game", "challenger", cwd=tmp_path)
    assert result.returncode == 2
    assert "'challengers'" in result.stderr  # the close match, suggested
    assert all(name in result.stderr for name in GAME_PROJECTS)
    assert not (tmp_path / "kit").exists()


@pytest.mark.parametrize("flags", [(), ("--data", "--game", "challengers")])
def test_exactly_one_of_game_and_data(flags: tuple[str, ...], tmp_path: Path) -> None:
    result = ttg("new", "kit", *flags, cwd=tmp_path)
    assert result.returncode == 2
    assert not (tmp_path / "kit").exists()


def test_an_interrupted_new_leaves_nothing(tmp_path: Path, monkeypatch) -> None:
    copied: list[object] = []

    def copy_then_stop(source: object, destination: object) -> None:
        copied.append(source)
        if len(copied) == 5:
            raise KeyboardInterrupt
        Path(str(destination)).write_bytes(Path(str(source)).read_bytes())

    monkeypatch.setattr(newproject.shutil, "copyfile", copy_then_stop)
    with pytest.raises(KeyboardInterrupt):
        write_project(tmp_path / "kit", data_starter())
    assert list(tmp_path.iterdir()) == []


def test_sigterm_while_writing_leaves_nothing_and_exits_143(tmp_path: Path, monkeypatch) -> None:
    copied: list[object] = []

    def copy_then_terminate(source: object, destination: object) -> None:
        copied.append(source)
        if len(copied) == 5:
            os.kill(os.getpid(), signal.SIGTERM)
        Path(str(destination)).write_bytes(Path(str(source)).read_bytes())

    def unhandled(_signum: int, _frame: object) -> None:  # instead of ending the test run
        raise RuntimeError("new left SIGTERM to the process's own handler")

    monkeypatch.setattr(newproject.shutil, "copyfile", copy_then_terminate)
    previous = signal.signal(signal.SIGTERM, unhandled)
    try:
        result = CliRunner().invoke(app, ["new", str(tmp_path / "kit"), "--data"])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert result.exit_code == 143, result.output
    assert "terminated" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_leaves_nothing(tmp_path: Path, monkeypatch) -> None:
    def no_space(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device", str(destination))

    monkeypatch.setattr(newproject.shutil, "copyfile", no_space)
    with pytest.raises(NewProjectError, match="No space left"):
        write_project(tmp_path / "kit", data_starter())
    assert list(tmp_path.iterdir()) == []


def test_version_names_ttgbuild_python_and_every_pack(tmp_path: Path) -> None:
    result = ttg("--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"ttgbuild {ttgbuild.__version__}"
    assert lines[1].startswith(f"Python {sys.version_info.major}.{sys.version_info.minor}.")
    packs = installed().packs
    for name, pack in packs.items():
        assert f"game pack {name} {pack.version} ({pack.title})" in lines


@pytest.mark.parametrize(
    "command",
    [(), ("build",), ("i18n",), ("i18n", "check"), ("export", "tts"), ("odds",), ("new",)],
)
def test_short_help_everywhere(command: tuple[str, ...], tmp_path: Path) -> None:
    short = ttg(*command, "-h", cwd=tmp_path)
    assert short.returncode == 0, short.stderr
    assert "Usage: " in short.stdout
    assert short.stdout == ttg(*command, "--help", cwd=tmp_path).stdout


def test_shell_completion_is_offered(tmp_path: Path) -> None:
    result = ttg("--show-completion", "bash", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "complete" in result.stdout and "ttgbuild" in result.stdout


def test_a_starter_project_is_not_part_of_the_code_key(tmp_path: Path) -> None:
    """A wheel carries starters as folders inside the package: their content is not code."""
    (tmp_path / "starter" / "content").mkdir(parents=True)
    (tmp_path / "module.py").write_text("X = 1\n", encoding="utf-8")
    record = tmp_path / "starter" / "content" / "record.yaml"
    record.write_text("a: 1\n", encoding="utf-8")

    def key() -> str:
        return tree_digest(tmp_path, CODE_SUFFIXES, skipped=NOT_CODE)

    before = key()
    record.write_text("a: 2\n", encoding="utf-8")
    assert key() == before
    (tmp_path / "module.py").write_text("X = 2\n", encoding="utf-8")
    assert key() != before


def test_completion_offers_the_installed_games(tmp_path: Path) -> None:
    """What bash's completion function asks the installed command (completion is keyed by
    the program's name): the words so far, and which one to complete."""
    command = Path(sys.executable).parent / "ttgbuild"
    if not command.is_file():
        pytest.skip(f"no installed ttgbuild command beside {sys.executable}")
    env = {**os.environ, "_TTGBUILD_COMPLETE": "complete_bash", "COMP_CWORD": "4"}

    def offered(words: str) -> list[str]:
        env["COMP_WORDS"] = words
        done = subprocess.run([command], cwd=tmp_path, env=env, capture_output=True, text=True)
        return done.stdout.split()

    assert offered("ttgbuild new kit --game po") == ["pocket-tactics"]
    assert offered("ttgbuild new kit --game ") == sorted(installed().packs)
