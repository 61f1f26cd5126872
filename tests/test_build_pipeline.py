"""The build as a pipeline: parallel drawing, the build cache, kills, concurrent builds, crashes.

Most tests run `python -m ttgbuild build` as a user would, on a copy of one
kit built once for the module (content with a content warning, catalogs with
an untranslated string), so each starts from an up-to-date kit without
paying for a build.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import random
import select
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import KIT_FILES, REPO, SPARE_TALENT, Project
from pypdf import PdfReader

from ttgbuild import build
from ttgbuild.buildplan import MANIFEST
from ttgbuild.core import atomic, parallel
from ttgbuild.core.printing import PrintSettings
from ttgbuild.pack import pack_for
from ttgbuild.validate.project import validate_project

LOCALES = ("en", "de", "es")
EPOCH = "1700000000"
UNTRANSLATED_DE = ('msgstr "Binden und Drehen"', 'msgstr ""')  # gives de a JT801 warning
ES_CATALOG = "locales/es/LC_MESSAGES/ttgbuild.po"


def ttg(root: Path, *args: str, **popen) -> subprocess.CompletedProcess[str]:
    """`ttgbuild ARGS --project ROOT`, run as a user runs it."""
    return subprocess.run(command(root, *args), capture_output=True, text=True, env=ENV, **popen)


def command(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "ttgbuild", *args, "--project", str(root)]


ENV = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A project with all three locales, built once into output/."""
    root = tmp_path_factory.mktemp("baseline")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    shutil.copytree(REPO / "locales", root / "locales")
    Project(root).write("content/talents/spare.yaml", SPARE_TALENT)  # JT112 warning
    Project(root).replace("locales/de/LC_MESSAGES/ttgbuild.po", *UNTRANSLATED_DE)
    first = ttg(root, "build")
    assert first.returncode == 0, first.stderr
    return root, first


@pytest.fixture
def kit(baseline, tmp_path) -> Project:
    """A fresh copy of the built baseline project (its kit is up to date)."""
    root = tmp_path / "kit"
    shutil.copytree(baseline[0], root)
    return Project(root)


def pdfs(out: Path) -> dict[str, bytes]:
    """Every PDF under `out`, by path relative to it."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.glob("*/*.pdf"))}


def stats(out: Path) -> dict[str, tuple[int, int]]:
    """(inode, mtime in ns) of every PDF: a file replaced by a build gets a new inode."""
    return {
        p.relative_to(out).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
        for p in sorted(out.glob("*/*.pdf"))
    }


def changed(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> set[str]:
    return {name for name in after if before.get(name) != after[name]}


def locales_of(names: set[str]) -> set[str]:
    return {name.split("/")[0] for name in names}


def text_of(pdf: Path) -> str:
    """A PDF's text with every run of whitespace as one space."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


def temp_files(out: Path) -> list[Path]:
    return [p for p in out.rglob(".*") if p.name.endswith(".tmp")]


# --- parallel drawing -----------------------------------------------------------------


def draw_all(root: Path, locales: tuple[str, ...], **run) -> dict[str, bytes]:
    """The production jobs for `locales`, drawn by `build.draw_jobs` with the given options."""
    loaded, _ = validate_project(root)
    jobs = build.make_jobs(root, pack_for(root), list(locales), loaded.content, PrintSettings())
    drawn = build.draw_jobs(jobs, lambda _message: None, **run)
    return {f"{d.locale}/{d.component}": d.data for d in drawn}


def test_parallel_build_gives_the_sequential_bytes(baseline, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    root, _ = baseline
    built = pdfs(root / "output")  # the CLI drew these with one worker per core
    sequential = draw_all(root, LOCALES, processes=1)
    assert set(sequential) == set(built)
    for name, data in sequential.items():
        assert built[name] == data, name


def test_spawned_workers_give_the_same_bytes(baseline, monkeypatch):
    """Where processes cannot fork (macOS, Windows) workers start afresh: same bytes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    root, _ = baseline
    spawned = draw_all(root, ("de",), processes=2, method="spawn")
    built = pdfs(root / "output")
    assert spawned == {name: built[name] for name in spawned}


# --- the build cache ------------------------------------------------------------------


def test_nothing_changed_means_nothing_drawn_and_the_same_report(baseline, kit):
    _, first = baseline
    before = stats(kit.path("output"))
    again = ttg(kit.root, "build")
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout  # the warnings are replayed, in the same order
    assert "warning JT112" in again.stdout
    assert "locales/de/LC_MESSAGES/ttgbuild.po" in again.stdout  # de's JT801
    last = again.stderr.splitlines()[-1]
    assert last.startswith("build: en, de, es up to date in ")
    assert "nothing drawn" in last
    assert stats(kit.path("output")) == before


def test_nothing_changed_loads_neither_renderer_nor_validator(kit):
    """A no-op build imports nothing heavy (its speed is `python -m bench`'s to measure)."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *command(kit.root, "build")[1:]],
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert result.returncode == 0
    imported = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    for heavy in ("reportlab", "jsonschema", "babel", "yaml", "jinja2"):
        assert heavy not in imported, heavy


def test_a_changed_catalog_redraws_only_its_locale(kit, tmp_path):
    out = kit.path("output")
    before = stats(out)
    kit.replace(ES_CATALOG, 'msgstr "Ambos extremos"', 'msgstr "Ambos Lados"')
    result = ttg(kit.root, "build")
    assert result.returncode == 0, result.stderr
    assert locales_of(changed(before, stats(out))) == {"es"}
    assert len(changed(before, stats(out))) == len(KIT_FILES)
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"build: wrote {len(KIT_FILES)} files for es to ")
    assert last.endswith("; en, de already up to date")
    assert "Ambos Lados" in text_of(out / "es/cards.pdf")
    # What was drawn alone is what a full build draws.
    fresh = ttg(kit.root, "build", "--out", str(tmp_path / "fresh"), "--locale", "es")
    assert fresh.returncode == 0
    assert pdfs(tmp_path / "fresh") == {k: v for k, v in pdfs(out).items() if k.startswith("es/")}


def test_a_content_change_redraws_in_every_locale_the_files_that_read_it(kit):
    """Issue 41: not every file of those locales; tests/test_build_incremental.py has more."""
    out = kit.path("output")
    before = stats(out)
    kit.replace("content/talents/hip-throw.yaml", 'name: "Hip Throw"', 'name: "Hip Toss"')
    result = ttg(kit.root, "build", "--locale", "en,de")
    assert result.returncode == 0, result.stderr
    drawn = changed(before, stats(out))
    assert locales_of(drawn) == {"en", "de"}
    assert {"en/cards.pdf", "de/cards.pdf"} <= drawn  # the talent is printed on hero cards
    assert not drawn & {"en/board.pdf", "de/board.pdf"}  # the board reads no talent
    wrote = f"build: wrote {len(drawn)} files for en, de to "
    assert result.stderr.splitlines()[-1].startswith(wrote)
    assert "Hip Toss" in text_of(out / "en/cards.pdf")


def test_a_content_error_after_a_build_writes_nothing(kit):
    out = kit.path("output")
    before = pdfs(out)
    kit.replace("content/heroes/aoife-callinan.yaml", "reflexes: 4", "reflexes: 9")
    result = ttg(kit.root, "build")
    assert result.returncode == 1
    assert "error JT104" in result.stdout
    assert pdfs(out) == before


@pytest.mark.parametrize("damage", ["delete", "same size, other bytes"])
def test_a_damaged_output_redraws_its_locale(kit, damage):
    out = kit.path("output")
    target = out / "de" / "board.pdf"
    if damage == "delete":
        target.unlink()
    else:
        data = bytearray(target.read_bytes())
        data[len(data) // 2] ^= 0xFF
        target.write_bytes(bytes(data))
    before = stats(out)
    result = ttg(kit.root, "build")
    assert result.returncode == 0, result.stderr
    assert locales_of(changed(before, stats(out))) == {"de"}
    assert "files for de to " in result.stderr and "en, es already up to date" in result.stderr
    PdfReader(target, strict=True)


def test_force_redraws_what_is_up_to_date(kit):
    out = kit.path("output")
    before = stats(out)
    result = ttg(kit.root, "build", "--locale", "en", "--force")
    assert result.returncode == 0, result.stderr
    assert locales_of(changed(before, stats(out))) == {"en"}
    wrote = f"build: wrote {len(KIT_FILES)} files for en to "
    assert result.stderr.splitlines()[-1].startswith(wrote)


def test_other_print_settings_are_not_taken_from_the_cache(kit):
    out = kit.path("output")
    before = stats(out)
    result = ttg(kit.root, "build", "--locale", "en", "--duplex", "short")
    assert result.returncode == 0, result.stderr
    assert locales_of(changed(before, stats(out))) == {"en"}


def test_strict_fails_on_replayed_warnings_and_keeps_the_kit(kit):
    before = stats(kit.path("output"))
    result = ttg(kit.root, "build", "--strict")
    assert result.returncode == 1
    assert "warning JT112" in result.stdout
    assert "nothing written" in result.stderr
    assert stats(kit.path("output")) == before


def test_a_broken_manifest_means_a_full_build_not_a_crash(kit):
    kit.path(f"output/{MANIFEST}").write_text('{"format": 1, "locales": [', encoding="utf-8")
    result = ttg(kit.root, "build", "--locale", "en")
    assert result.returncode == 0, result.stderr
    wrote = f"build: wrote {len(KIT_FILES)} files for en to "
    assert result.stderr.splitlines()[-1].startswith(wrote)
    assert json.loads(kit.path(f"output/{MANIFEST}").read_text(encoding="utf-8"))["format"] == 1


def test_leftover_temporary_files_are_cleared(kit):
    out = kit.path("output")
    leftovers = [out / "en/.cards.pdf.k1ll3d.tmp", out / f".{MANIFEST}.x9.tmp"]
    for path in leftovers:
        path.write_bytes(b"%PDF-1.4 half a fi")
    unrelated = out / "en" / ".notes.tmp"
    unrelated.write_text("mine", encoding="utf-8")
    result = ttg(kit.root, "build")
    assert result.returncode == 0, result.stderr
    assert not any(path.exists() for path in leftovers)
    assert unrelated.exists()


def test_an_output_folder_that_cannot_be_written_is_a_usage_error(kit):
    blocker = kit.path("not-a-folder")
    blocker.write_text("a file where the output folder should go", encoding="utf-8")
    result = ttg(kit.root, "build", "--locale", "en", "--out", str(blocker / "out"))
    assert result.returncode == 2
    assert result.stderr.strip() == f"build: cannot write to {blocker / 'out'}: Not a directory"


# --- atomic writes ------------------------------------------------------------------


def test_written_files_get_the_usual_mode_not_owner_only(kit):
    expected = atomic.NEW_FILE_MODE  # 0o666 less the umask, as `open` gives
    for path in kit.path("output").glob("*/*.pdf"):
        assert path.stat().st_mode & 0o777 == expected, path
    assert kit.path(f"output/{MANIFEST}").stat().st_mode & 0o777 == expected


def test_replacing_a_file_keeps_its_mode(tmp_path):
    target = tmp_path / "catalog.po"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic.write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"old kit")
    with pytest.raises(TypeError):
        atomic.write_atomically(target, "text, not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"old kit"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_only_the_named_files_temporaries_are_removed(tmp_path):
    ours = tmp_path / ".cards.pdf.abc123.tmp"
    others = [tmp_path / name for name in (".other.pdf.abc123.tmp", "cards.pdf.tmp", "cards.pdf")]
    for path in [ours, *others]:
        path.write_bytes(b"x")
    assert atomic.remove_stale_temps(tmp_path, ["cards.pdf"]) == [ours]
    assert all(path.exists() for path in others)


# --- kills, concurrency, crashes ------------------------------------------------------


def start_build(root: Path, *args: str) -> tuple[subprocess.Popen[bytes], int]:
    """A build whose stderr is a terminal (so it shows progress); returns it and the reader."""
    reader, writer = pty.openpty()
    proc = subprocess.Popen(
        command(root, "build", *args),
        stdout=subprocess.DEVNULL,
        stderr=writer,
        env=ENV,
        start_new_session=True,  # its workers share its process group
    )
    os.close(writer)
    return proc, reader


def wait_for(reader: int, text: bytes, limit: float = 60.0) -> bool:
    """Read the progress line until `text` shows (True) or the build ends (False)."""
    seen = b""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([reader], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(reader, 4096)
        except OSError:
            return False
        if not chunk:
            return False
        seen += chunk
        if text in seen:
            return True
    return False


def kill(proc: subprocess.Popen[bytes], reader: int) -> None:
    """SIGKILL the build, then its orphaned workers (they write nothing, but should not linger)."""
    proc.kill()
    proc.wait()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    os.close(reader)


def assert_each_pdf_old_or_complete(out: Path, old: dict[str, bytes]) -> None:
    for name, data in pdfs(out).items():
        if data == old[name]:
            continue
        reader = PdfReader(out / name, strict=True)
        assert len(reader.pages) > 0, name
        assert data.rstrip().endswith(b"%%EOF"), name


def test_a_killed_build_leaves_the_previous_kit_intact(kit):
    out = kit.path("output")
    old = pdfs(out)
    moments = [("after", delay) for delay in (0.05, 0.4, 1.5)]
    moments += [("writing", random.uniform(0.0, 0.04)) for _ in range(3)]
    for when, delay in moments:
        proc, reader = start_build(kit.root, "--paper", "letter", "--locale", "en", "--force")
        if when == "writing" and not wait_for(reader, b"writing"):
            pytest.fail("the build ended before it showed 'writing'")
        time.sleep(delay)
        kill(proc, reader)
        assert set(pdfs(out)) == set(old)
        assert_each_pdf_old_or_complete(out, old)
    finished = ttg(kit.root, "build", "--paper", "letter")
    assert finished.returncode == 0, finished.stderr
    assert temp_files(out) == []
    for name in pdfs(out):
        page = PdfReader(out / name).pages[0]
        width = round(float(page.mediabox.width))
        if "print-shop" in name:  # the board as an 18 x 24 in poster with its bleed
            assert width >= 18 * 72, name
        else:
            assert width in (612, 792), name  # US Letter now
    again = ttg(kit.root, "build", "--paper", "letter")
    assert "up to date" in again.stderr.splitlines()[-1]


def test_two_builds_at_once_into_two_folders_agree(kit):
    outs = [kit.path("one"), kit.path("two")]
    procs = [
        subprocess.Popen(
            command(kit.root, "build", "--locale", "en,de", "--out", str(out)),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        for out in outs
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    one, two = (pdfs(out) for out in outs)
    assert one == two and len(one) == 2 * len(KIT_FILES)
    assert one == {k: v for k, v in pdfs(kit.path("output")).items() if k in one}


def test_two_builds_at_once_into_one_folder_leave_one_whole_kit(kit):
    out = kit.path("output")
    a4 = {k: v for k, v in pdfs(out).items() if k.split("/")[0] in ("en", "de")}
    papers = {"letter": ("--paper", "letter"), "a4": ()}
    procs = {
        paper: subprocess.Popen(
            command(kit.root, "build", "--locale", "en,de", "--force", *args),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        for paper, args in papers.items()
    }
    for proc in procs.values():
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    now = {k: v for k, v in pdfs(out).items() if k in a4}
    winner = "a4" if now == a4 else "letter"
    if winner == "letter":  # then no file may be left from the a4 build
        assert not any(now[name] == a4[name] for name in a4)
    assert_each_pdf_old_or_complete(out, pdfs(out))
    assert temp_files(out) == []
    again = ttg(kit.root, "build", "--locale", "en,de", *papers[winner])
    assert "up to date" in again.stderr.splitlines()[-1], again.stderr


CRASH_IN_A_WORKER = """
    import os, sys
    from ttgbuild import cli
    from ttgbuild.packs.jugger.render import board

    parent = os.getpid()

    def board_bug(ctx):
        if os.getpid() != parent:
            raise RuntimeError("board drawing bug in worker")
        return b"not reached"

    board.render = board_bug
    sys.argv = ["ttgbuild", *sys.argv[1:]]
    cli.main()
"""


@pytest.mark.skipif(parallel.start_method() != "fork", reason="workers inherit the patch by fork")
def test_a_crash_in_a_worker_is_one_line_a_log_and_exit_3(kit):
    before = stats(kit.path("output"))
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(CRASH_IN_A_WORKER),
            "build",
            "--locale",
            "en,de",
            "--force",
            "--project",
            str(kit.root),
        ],
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert result.returncode == 3
    assert "Traceback" not in result.stderr
    line = result.stderr.strip()
    assert "\n" not in line
    assert line.startswith("ttgbuild: internal error (RuntimeError); the details are in ")
    log = Path(line.rsplit(" ", 1)[-1])
    text = log.read_text(encoding="utf-8")
    log.unlink()
    assert "board drawing bug in worker" in text
    assert "_RemoteTraceback" in text  # the worker's own traceback is kept
    assert stats(kit.path("output")) == before
