"""The user cache folder: where it is (core/remembered.py) and how it is kept small
(core/cacheprune.py). Times are set with os.utime, never waited for."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import platformdirs
import pytest
from conftest import Project

from ttgbuild.core import cacheprune, remembered

DAY = 24 * 3600


def cached(folder: Path, name: str, size: int, age_s: float) -> Path:
    """A file of `size` bytes in the cache folder, last used `age_s` seconds ago."""
    path = folder / name
    path.write_bytes(b"x" * size)
    when = time.time() - age_s
    os.utime(path, (when, when))
    return path


def answer(n: int) -> str:
    """The name of a remembered answer, as `remembered.store` names it."""
    return f"sources-{n:032x}.json"


def test_folder_is_the_platforms_when_not_chosen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(remembered.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert remembered.cache_dir() == Path(platformdirs.user_cache_dir("ttgbuild", appauthor=False))
    if sys.platform.startswith("linux"):  # XDG is Linux's (macOS: only newer platformdirs)
        assert remembered.cache_dir() == tmp_path / "xdg" / "ttgbuild"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG default is Linux's")
def test_folder_without_xdg_is_under_home_on_linux(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(remembered.CACHE_ENV)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert remembered.cache_dir() == tmp_path / ".cache" / "ttgbuild"


def test_a_changed_setting_moves_the_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The platform's answer is remembered per value of the settings, not once for all."""
    monkeypatch.delenv(remembered.CACHE_ENV)
    setting = remembered.CACHE_SETTINGS[1]  # XDG_CACHE_HOME, or Windows' override
    for name in ("one", "two"):
        monkeypatch.setenv(setting, str(tmp_path / name))
        assert remembered.cache_dir().is_relative_to(tmp_path / name)
    monkeypatch.setenv(remembered.CACHE_ENV, str(tmp_path / "chosen"))
    assert remembered.cache_dir() == tmp_path / "chosen"


def test_over_the_bound_the_least_recently_used_go(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, str(2500 / 1024 / 1024))  # 2,500 bytes
    files = [cached(own_cache, answer(n), 1000, age_s=(10 - n) * 60) for n in range(6)]
    cacheprune.prune(own_cache)
    assert [path.exists() for path in files] == [False, False, False, False, True, True]


def test_the_file_just_written_stays_even_alone_over_the_bound(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, "0")
    old = cached(own_cache, answer(1), 10, age_s=60)
    kept = cached(own_cache, "loads.marshal", 10, age_s=120)
    cacheprune.prune(own_cache, keep=kept.name)
    assert not old.exists()
    assert kept.exists()


def test_files_unused_for_a_month_go(own_cache: Path) -> None:
    stale = cached(own_cache, "expression-trees.pickle", 10, age_s=31 * DAY)
    stale_temp = cached(own_cache, f".{answer(1)}.ab_c9xyz.tmp", 10, age_s=31 * DAY)
    recent = cached(own_cache, f"digests-{'e' * 32}.json", 10, age_s=29 * DAY)
    cacheprune.prune(own_cache)
    assert not stale.exists()
    assert not stale_temp.exists()
    assert recent.exists()


def test_only_ttgbuilds_own_regular_files_are_ever_removed(
    own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, "0")
    outside = tmp_path / "outside.json"
    outside.write_bytes(b"x" * 100)
    os.utime(outside, (0, 0))
    link = own_cache / answer(1)
    link.symlink_to(outside)
    os.utime(link, (0, 0), follow_symlinks=False)
    folder = own_cache / answer(2)
    folder.mkdir()
    (folder / answer(3)).write_bytes(b"x")
    foreign = [
        cached(own_cache, name, 100, age_s=365 * DAY)
        for name in ("notes.txt", "Sources-0.json", f"{answer(4)}.bak", f".{answer(5)}.tmp")
    ]
    own = cached(own_cache, answer(6), 100, age_s=365 * DAY)
    cacheprune.prune(own_cache)
    assert not own.exists()
    assert link.is_symlink() and outside.read_bytes() == b"x" * 100
    assert os.stat(outside).st_mtime == 0
    assert (folder / answer(3)).exists()
    assert all(path.exists() for path in foreign)


def test_pruning_is_at_most_hourly_per_folder(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, "0")
    first = cached(own_cache, answer(1), 10, age_s=60)
    cacheprune.prune_if_due(own_cache, keep="")
    assert not first.exists()
    second = cached(own_cache, answer(2), 10, age_s=60)
    cacheprune.prune_if_due(own_cache, keep="")  # pruned a moment ago: not again
    assert second.exists()
    hour_ago = time.time() - cacheprune.EVERY_S - 1
    os.utime(own_cache / cacheprune.STAMP, (hour_ago, hour_ago))
    cacheprune.prune_if_due(own_cache, keep="")
    assert not second.exists()
    assert (own_cache / cacheprune.STAMP).exists()


def test_a_write_prunes_and_keeps_what_it_wrote(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, "0.001")  # 1,048 bytes
    old = cached(own_cache, answer(1), 1000, age_s=60)
    remembered.store(tmp_path, "sources", "key", ["x" * 500])
    assert not old.exists()
    assert remembered.load(tmp_path, "sources", "key") == ["x" * 500]


def test_reading_an_answer_marks_it_used(own_cache: Path, tmp_path: Path) -> None:
    remembered.store(tmp_path, "sources", "key", [1])
    (path,) = own_cache.glob("sources-*.json")
    os.utime(path, (0, 0))
    assert remembered.load(tmp_path, "sources", "other key") is None
    assert path.stat().st_mtime == 0  # not an answer used
    assert remembered.load(tmp_path, "sources", "key") == [1]
    assert path.stat().st_mtime > 0


def test_a_folder_that_cannot_be_changed_is_not_an_error(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """As root no mode keeps a folder unwritable, so removing is refused by hand."""
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, "0")
    kept = cached(own_cache, answer(1), 10, age_s=31 * DAY)

    def refuse(path: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "unlink", refuse)
    cacheprune.prune(own_cache)
    assert kept.exists()
    monkeypatch.undo()
    not_a_folder = tmp_path / "file"
    not_a_folder.write_bytes(b"")
    monkeypatch.setenv(remembered.CACHE_ENV, str(not_a_folder / "cache"))
    remembered.store(tmp_path, "sources", "key", [1])  # cannot be written: simply not kept
    assert remembered.load(tmp_path, "sources", "key") is None
    cacheprune.prune_if_due(not_a_folder / "cache", keep="")
    cacheprune.prune(not_a_folder / "cache")


def test_a_file_gone_meanwhile_counts_as_removed(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another run pruning at the same time removed the oldest file first."""
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, str(1500 / 1024 / 1024))
    gone = cached(own_cache, answer(1), 1000, age_s=120)
    newer = cached(own_cache, answer(2), 1000, age_s=60)
    listed = cacheprune.own_files(own_cache)
    gone.unlink()
    monkeypatch.setattr(cacheprune, "own_files", lambda folder: listed)
    cacheprune.prune(own_cache)
    assert newer.exists()


@pytest.mark.parametrize("value", ["", "lots", "-5", "nan", "inf"])
def test_a_wrong_bound_means_the_default(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(cacheprune.MAX_MB_ENV, value)
    assert cacheprune.max_bytes() == cacheprune.DEFAULT_MAX_MB * 1024 * 1024


def test_every_file_a_run_writes_is_one_pruning_knows(
    project: Project, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new kind of file (named otherwise) would never be pruned: the folder would grow."""
    env = {**os.environ, remembered.CACHE_ENV: str(own_cache)}
    command = [sys.executable, "-m", "ttgbuild", "validate", "--project", str(project.root)]
    run = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    names = {path.name for path in own_cache.iterdir()} - {cacheprune.STAMP}
    assert {"loads.marshal", "expression-trees.pickle"} <= names
    assert any(name.startswith("digests-") for name in names)
    assert [name for name in names if not cacheprune.NAMES.fullmatch(name)] == []
