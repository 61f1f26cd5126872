"""Issue 14, build writing: kills at every moment of the write phase, workers that die
with their build, a full disk, a damaged build cache, and fingerprints that never open
a FIFO.

A kit is "old" (built with SOURCE_DATE_EPOCH=1) or "new" (=2): every file's bytes
differ between the two, so after any kill each locale must be wholly one or the other,
and the build cache must describe what is on disk.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import KIT_FILES, REPO, Project
from typer.testing import CliRunner

from ttgbuild import buildplan
from ttgbuild.buildplan import MANIFEST, Manifest
from ttgbuild.cli import app
from ttgbuild.core import atomic, fingerprint, journal

OLD, NEW = "1", "2"
PAUSE = 0.25  # seconds between write steps (TTGBUILD_TEST_PAUSE_WRITE) in the kill tests


@pytest.fixture(scope="module")
def checks_cache(tmp_path_factory) -> Path:
    """One catalog-check cache for every build of this module: the checks run once."""
    return tmp_path_factory.mktemp("checks")


@pytest.fixture(scope="module")
def kits(tmp_path_factory, checks_cache) -> tuple[Path, dict[str, str], dict[str, str]]:
    """A project whose output/ holds the old English kit, and the SHA-256s of both kits."""
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    shutil.copytree(REPO / "locales", root / "locales")
    for epoch, out in ((NEW, "new-kit"), (OLD, "output")):
        done = subprocess.run(
            command(root, "--out", str(root / out)),
            capture_output=True,
            text=True,
            env=environment(checks_cache, epoch),
            timeout=240,
        )
        assert done.returncode == 0, done.stderr
    return root, hashes(root / "output" / "en"), hashes(root / "new-kit" / "en")


@pytest.fixture
def kit(kits, tmp_path) -> Project:
    """A fresh copy of the project with its old kit, up to date for SOURCE_DATE_EPOCH=1."""
    root = tmp_path / "kit"
    shutil.copytree(kits[0], root, ignore=shutil.ignore_patterns("new-kit"))
    return Project(root)


def command(root: Path, *args: str) -> list[str | Path]:
    """`ttgbuild build --locale en ARGS --project ROOT`, as a user runs it."""
    return [
        sys.executable,
        "-m",
        "ttgbuild",
        "build",
        "--locale",
        "en",
        *args,
        "--project",
        str(root),
    ]


def environment(checks_cache: Path, epoch: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "TTGBUILD_CACHE_DIR": str(checks_cache),
        "SOURCE_DATE_EPOCH": epoch,
        **extra,
    }


def hashes(folder: Path) -> dict[str, str]:
    return {p.name: fingerprint.file_digest(p) for p in sorted(folder.glob("*.pdf"))}


def temps(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob(".*") if p.name.endswith(".tmp"))


def which_kit(out: Path, kits) -> str:
    """'old' or 'new' if output/en is wholly one kit and the cache describes it; else fail."""
    _root, old, new = kits
    now = hashes(out / "en")
    assert now in (old, new), "a kit mixing old and new files"
    recorded = Manifest.load(out).locales["en"].files
    assert {name: sha for name, (_size, sha) in recorded.items()} == now, "cache disagrees"
    return "old" if now == old else "new"


def group_alive(group: int) -> list[int]:
    """Processes of a process group that have not exited (zombies count as gone)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, _parent, pgrp = stat.rsplit(")", 1)[1].split()[:3]
        if int(pgrp) == group and state != "Z":
            alive.append(int(entry.name))
    return alive


def wait_until(condition: Callable[[], bool], limit: float, step: float = 0.005) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return False


def killed(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the build; then clean up after it (a test that fails must not leak workers)."""
    proc.kill()
    proc.wait(timeout=10)
    gone = wait_until(lambda: group_alive(proc.pid) == [], 2.0)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    assert gone, "workers outlived their build"


# --- kills during the write phase -------------------------------------------------------


def _en_temps(out: Path) -> int:
    return len(list((out / "en").glob(".*.tmp")))


def _journal(out: Path) -> bool:
    return (out / journal.JOURNAL).exists()


# Moments of the write phase (TTGBUILD_TEST_PAUSE_WRITE holds each one), and the kit the
# next build must find: before the journal is written the change has not happened.
MOMENTS = {
    "two of six files staged": (lambda out: _en_temps(out) >= 2 and not _journal(out), "old"),
    "journal written, nothing renamed": (
        lambda out: _journal(out) and _en_temps(out) == len(KIT_FILES),
        "new",
    ),
    "three of six files renamed": (lambda out: _journal(out) and _en_temps(out) == 3, "new"),
    "every file renamed, journal not yet removed": (
        lambda out: _journal(out) and not temps(out),
        "new",
    ),
}


@pytest.mark.timeout(90)
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_a_kill_in_the_write_phase_leaves_a_whole_kit(kit, kits, checks_cache, moment):
    out = kit.path("output")
    reached, expected = MOMENTS[moment]
    env = environment(checks_cache, NEW, **{journal.PAUSE_VARIABLE: str(PAUSE)})
    proc = subprocess.Popen(
        command(kit.root), env=env, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        assert wait_until(lambda: reached(out), 60), f"the build never reached: {moment}"
    finally:
        killed(proc)
    buildplan.recover(out)  # what the next build does first
    assert which_kit(out, kits) == expected
    epoch = OLD if expected == "old" else NEW
    after = subprocess.run(
        command(kit.root), capture_output=True, text=True, env=environment(checks_cache, epoch)
    )
    assert after.returncode == 0, after.stderr
    assert "en up to date" in after.stderr, after.stderr  # the cache agrees with the disk
    assert temps(out) == [] and not _journal(out)
    assert which_kit(out, kits) == expected


@pytest.mark.timeout(90)
@pytest.mark.parametrize("delay", [0.0, 0.002, 0.02])
def test_a_kill_at_real_speed_once_writing_started_leaves_a_whole_kit(
    kit, kits, checks_cache, delay
):
    out = kit.path("output")
    proc = subprocess.Popen(
        command(kit.root),
        env=environment(checks_cache, NEW),
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        assert wait_until(lambda: bool(temps(out)) or _journal(out), 60, step=0.0005)
        time.sleep(delay)
    finally:
        killed(proc)
    buildplan.recover(out)
    assert which_kit(out, kits) in ("old", "new")
    finished = subprocess.run(
        command(kit.root), capture_output=True, text=True, env=environment(checks_cache, NEW)
    )
    assert finished.returncode == 0, finished.stderr
    assert which_kit(out, kits) == "new" and temps(out) == []


def test_a_journal_naming_paths_outside_the_folder_is_not_followed(tmp_path):
    out = tmp_path / "out"
    (out / "en").mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    stray = out / "en" / ".cards.pdf.x1.tmp"
    stray.write_bytes(b"half")
    rows = [["en/.cards.pdf.x1.tmp", "../victim.txt"]]
    (out / journal.JOURNAL).write_text(json.dumps({"format": 1, "renames": rows}))
    assert journal.finish(out)
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not (out / journal.JOURNAL).exists() and stray.exists()  # left for roll back


# --- workers die with their build -------------------------------------------------------


@pytest.mark.timeout(90)
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_killing_a_build_leaves_no_worker_running(kit, kits, checks_cache, sig):
    before = hashes(kit.path("output/en"))
    proc = subprocess.Popen(
        command(kit.root, "--force"),
        env=environment(checks_cache, NEW),
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the build and its workers form one process group
    )
    try:
        workers = lambda: len(group_alive(proc.pid)) > 1  # noqa: E731
        assert wait_until(workers, 60), "the build never started its workers"
        os.kill(proc.pid, sig)
        proc.wait(timeout=30)
        assert wait_until(lambda: group_alive(proc.pid) == [], 2.0), group_alive(proc.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == (-signal.SIGKILL if sig == signal.SIGKILL else 128 + signal.SIGTERM)
    assert hashes(kit.path("output/en")) == before


# --- a full disk ------------------------------------------------------------------------


def fsync_fails_for(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the disk 'full' when the temporary file of `name` is synced (no free-space check
    is involved: the write itself fails, as on a full disk)."""
    real = os.fsync

    def fsync(handle: int) -> None:
        if os.path.basename(os.readlink(f"/proc/self/fd/{handle}")).startswith(f".{name}."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(handle)

    monkeypatch.setattr(atomic.os, "fsync", fsync)


@pytest.mark.parametrize("name", ["quickref.pdf", "guide.pdf", MANIFEST, journal.JOURNAL])
def test_a_full_disk_while_writing_replaces_nothing(tmp_path, monkeypatch, name):
    out = tmp_path / "out"
    old = {out / "en" / part: f"old {part}".encode() for part in KIT_FILES}
    old[out / MANIFEST] = b"{}"
    for path, data in old.items():
        atomic.write_atomically(path, data)
    new = {path: b"new " + data for path, data in old.items()}
    fsync_fails_for(name, monkeypatch)
    with pytest.raises(journal.NotStaged) as failure:
        journal.replace_together(out, new)
    assert failure.value.errno == errno.ENOSPC
    assert {path: path.read_bytes() for path in old} == old
    assert temps(out) == [] and not _journal(out)


def test_an_interrupt_just_after_the_journal_undoes_the_journal_first(tmp_path, monkeypatch):
    out = tmp_path / "out"
    old = {out / "en" / part: f"old {part}".encode() for part in KIT_FILES}
    for path, data in old.items():
        atomic.write_atomically(path, data)

    def interrupted(folder: Path) -> None:
        if (folder / journal.JOURNAL).exists():
            raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "sync_folder", interrupted)
    with pytest.raises(KeyboardInterrupt):
        journal.replace_together(out, {path: b"new" for path in old})
    assert {path: path.read_bytes() for path in old} == old
    assert temps(out) == [] and not _journal(out)  # no journal naming deleted temporaries


@pytest.mark.timeout(120)
def test_a_full_disk_during_a_build_is_a_clear_error_and_keeps_the_kit(
    kit, kits, checks_cache, monkeypatch
):
    monkeypatch.setenv("TTGBUILD_CACHE_DIR", str(checks_cache))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", NEW)
    fsync_fails_for("guide.pdf", monkeypatch)
    out = kit.path("output")
    result = CliRunner().invoke(app, ["build", "--locale", "en", "--project", str(kit.root)])
    assert result.exit_code == 2, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith(f"build: disk full: {out / 'en' / 'guide.pdf'}: ")
    assert last.endswith("; nothing replaced, the previous kit is kept")
    assert which_kit(out, kits) == "old"
    assert temps(out) == [] and not _journal(out)


# --- a damaged build cache --------------------------------------------------------------


def _edit(change: Callable[[dict], object]) -> Callable[[str], str]:
    def damage(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data)

    return damage


def _set(data: dict, path: str, value: object) -> None:
    *parents, last = path.split("/")
    for part in parents:
        data = data[part]
    data[last] = value


def _first_file(data: dict) -> list:
    return next(iter(data["locales"]["en"]["files"].values()))


UNKNOWN_KEY_ROW = {"file": "x", "line": 1, "column": 1, "severity": "warning", "code": "JT1"}
WRONG_TYPES_ROW = {
    "file": 5,
    "line": "x",
    "column": None,
    "severity": "warning",
    "code": "JT112",
    "message": [],
    "pointer": {},
}
DAMAGES: dict[str, tuple[Callable[[str], str], str]] = {
    "truncated": (lambda text: text[: len(text) // 2], "not JSON"),
    "not UTF-8": (lambda text: "\udcff", "not UTF-8"),
    "nested too deeply": (lambda _text: "[" * 100_000, "nested too deeply"),
    "a list": (lambda _text: "[]", "does not hold exactly"),
    "locales is a list": (_edit(lambda d: _set(d, "locales", [])), "locales is not an object"),
    "files a: 5": (_edit(lambda d: _set(d, "locales/en/files", {"a": 5})), "en/a is not"),
    "size 'x'": (_edit(lambda d: _first_file(d).__setitem__(0, "x")), "size is not"),
    "sha a number": (_edit(lambda d: _first_file(d).__setitem__(1, 5)), "SHA-256 is not"),
    "a diagnostic with unknown keys": (
        _edit(lambda d: _set(d, "content/diagnostics", [{**UNKNOWN_KEY_ROW, "zzz": 1}])),
        "exactly the diagnostic fields",
    ),
    "a diagnostic of wrong types": (
        _edit(lambda d: _set(d, "locales/en/diagnostics", [WRONG_TYPES_ROW])),
        "wrong type",
    ),
    "a path out of the folder": (
        _edit(lambda d: _set(d, "locales/en/files", {"../../etc/passwd": [1, "0" * 64]})),
        "is not a file name",
    ),
    "a key that is a list": (_edit(lambda d: _set(d, "locales/en/key", ["x"])), "not a string"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_cache_is_ignored_with_a_reason(kit, capsys, damage):
    path = kit.path(f"output/{MANIFEST}")
    change, reason = DAMAGES[damage]
    path.write_text(change(path.read_text(encoding="utf-8")), "utf-8", "surrogateescape")
    assert Manifest.load(kit.path("output")) == Manifest()
    warning = capsys.readouterr().err.strip()
    assert warning.startswith(f"warning: {path.as_posix()} is damaged (")
    assert reason in warning
    assert warning.endswith("); drawing every locale again")


def test_a_cache_from_another_format_or_missing_is_ignored_quietly(kit, capsys):
    path = kit.path(f"output/{MANIFEST}")
    path.write_text('{"format": 2, "anything": []}', encoding="utf-8")
    assert Manifest.load(kit.path("output")) == Manifest()
    path.unlink()
    assert Manifest.load(kit.path("output")) == Manifest()
    assert capsys.readouterr().err == ""


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "damage", ["a diagnostic of wrong types", "nested too deeply", "a FIFO", "sha a number"]
)
def test_a_build_over_a_damaged_cache_warns_once_and_rebuilds(kit, kits, checks_cache, damage):
    out = kit.path("output")
    path = out / MANIFEST
    if damage == "a FIFO":
        path.unlink()
        os.mkfifo(path)
    else:
        path.write_text(DAMAGES[damage][0](path.read_text(encoding="utf-8")), encoding="utf-8")
    result = subprocess.run(
        command(kit.root),
        capture_output=True,
        text=True,
        env=environment(checks_cache, OLD),
        timeout=100,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    warnings = [line for line in lines if line.startswith("warning: ")]
    assert warnings == [
        f"warning: {path.as_posix()} is damaged ({warnings[0].split(' (', 1)[1]}"
    ], result.stderr
    assert warnings[0].endswith("); drawing every locale again")
    assert lines[-1].startswith(f"build: wrote {len(KIT_FILES)} files for en"), result.stderr
    assert which_kit(out, kits) == "old"
    again = subprocess.run(
        command(kit.root), capture_output=True, text=True, env=environment(checks_cache, OLD)
    )
    assert "en up to date" in again.stderr and "warning" not in again.stderr, again.stderr


# --- fingerprints never open what is not a regular file -------------------------------


@pytest.mark.timeout(20)
def test_fingerprints_skip_fifos_devices_and_deep_folders(kit):
    os.mkfifo(kit.path("content/heroes/pipe.yaml"))
    os.symlink("/dev/zero", kit.path("content/heroes/zero.yaml"))
    catalog = kit.path("locales/de/LC_MESSAGES/ttgbuild.po")
    catalog.unlink()
    os.mkfifo(catalog)
    folders = [str(kit.path("content/deep"))]  # deeper than Python's recursion limit
    while len(folders) <= 1100:
        folders.append(folders[-1] + "/d")
    try:
        for folder in folders:  # one by one: mkdir(parents=True) recurses as deep
            os.mkdir(folder)
        content = fingerprint.content_key(kit.root, "jugger-ttg", "code")
        key = buildplan.locale_key(kit.root, "de", content, {})
        assert fingerprint.file_digest(catalog) == "not a regular file"
        kit.path("content/heroes/pipe.yaml").unlink()
        seen = fingerprint.content_key(kit.root, "jugger-ttg", "code")
        assert seen != content  # the FIFO was seen
        assert buildplan.locale_key(kit.root, "de", content, {}) == key
    finally:  # pytest's clean-up (rmtree) would recurse as deep, too
        for folder in reversed(folders):
            with contextlib.suppress(FileNotFoundError):
                os.rmdir(folder)


def test_library_versions_are_what_installed_metadata_says(tmp_path, monkeypatch):
    """The code key names each drawing library's version from its .dist-info folder's name:
    the same as importlib.metadata reads, and 'missing' for one that is not installed."""
    from importlib import metadata

    expected = [f"{name}={metadata.version(name)}" for name in fingerprint.DRAWING_LIBRARIES]
    assert fingerprint.library_versions(fingerprint.DRAWING_LIBRARIES) == expected
    (tmp_path / "Some_Lib-2.0.dist-info").mkdir()
    (tmp_path / "Old.Lib-1.5-py3.11.egg-info").write_text("")  # Debian's system packages
    (tmp_path / "PyYAML-6.0.egg-info").mkdir()
    monkeypatch.setattr(sys, "path", [str(tmp_path / "a.zip"), str(tmp_path)])
    wanted = ("some-lib", "old-lib", "pyyaml", "other")
    found = ["some-lib=2.0", "old-lib=1.5", "pyyaml=6.0", "other=missing"]
    assert fingerprint.library_versions(wanted) == found
