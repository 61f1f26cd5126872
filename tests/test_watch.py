"""`ttgbuild watch` without a browser: its server, its event channel, its ways to stop.

The whole loop (save, rebuild, the open page refreshing itself) is driven in a
real browser by tests/test_browser.py.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, assert_no_crash, run_cli

from ttgbuild.preview.watch import EVENTS, Live, serve, watched
from ttgbuild.source.datapack import pack_of

PICTURE = "0123456789abcdef0123.jpg"  # the shape of the gallery's picture names


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Live]]:
    """A gallery folder of two files served as `watch` serves it."""
    (tmp_path / "index.html").write_text("<html><body><p>gallery</p></body></html>")
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / PICTURE).write_bytes(b"\xff\xd8 not really a picture")
    live = Live()
    server = serve(tmp_path, live, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}", live
    live.close()
    server.shutdown()
    server.server_close()


@pytest.mark.timeout(20)
def test_served_pages_get_the_reload_script_and_the_files_stay_as_written(
    served, tmp_path: Path
) -> None:
    url, _live = served
    with urllib.request.urlopen(f"{url}/") as answer:
        page = answer.read().decode()
        assert answer.headers["Cache-Control"] == "no-store"
    assert f'new EventSource("{EVENTS}")' in page
    assert page.index("EventSource") < page.index("</body>")
    assert "EventSource" not in (tmp_path / "index.html").read_text()  # still works from file://
    with urllib.request.urlopen(f"{url}/img/{PICTURE}") as answer:
        assert answer.read() == (tmp_path / "img" / PICTURE).read_bytes()


@pytest.mark.timeout(20)
def test_the_event_channel_tells_each_new_version_and_ends_when_the_watch_does(served) -> None:
    url, live = served
    with urllib.request.urlopen(f"{url}{EVENTS}", timeout=10) as channel:
        assert channel.headers["Content-Type"] == "text/event-stream"
        assert channel.readline() == b"retry: 1000\n"
        assert channel.readline() == b"data: 0\n"
        assert channel.readline() == b"\n"
        live.bump()
        assert channel.readline() == b"data: 1\n"
        assert channel.readline() == b"\n"
        live.close()
        assert channel.read() == b""


def test_the_project_files_and_the_games_data_are_watched(tmp_path: Path) -> None:
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    (tmp_path / "locales").mkdir()
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    paths = watched(tmp_path)
    for name in ("content", "locales", "ttgbuild.toml"):
        assert (tmp_path / name).resolve() in paths
    pack = pack_of(tmp_path)  # Jugger: its data folders are in the installed package
    folders = [folder for folder in (pack.layouts, pack.sheets) if folder is not None]
    folders += [check.parent for check in pack.checks]
    assert all(folder.resolve() in paths for folder in folders if folder.exists())


@pytest.mark.timeout(30)
def test_a_port_that_is_taken_is_exit_2_before_anything_is_built(tmp_path: Path) -> None:
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    (tmp_path / "locales").mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = tmp_path / "gallery"
        result = run_cli(tmp_path, "watch", "--port", str(port), "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    assert f"watch: cannot serve on 127.0.0.1:{port}" in result.stderr
    assert not (out / "index.html").exists()


@pytest.mark.timeout(120)
def test_sigterm_stops_the_watch_with_its_exit_code(tmp_path: Path) -> None:
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    (tmp_path / "locales").mkdir()
    command = [sys.executable, "-m", "ttgbuild", "watch", "--project", str(tmp_path)]
    command += ["--locale", "en", "--port", "0", "--out", str(tmp_path / "gallery")]
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TTGBUILD_CACHE_DIR": str(tmp_path / "cache")},
    )
    said = []
    for line in process.stderr:
        said.append(line)
        if "serving http://127.0.0.1:" in line:
            break
    process.send_signal(signal.SIGTERM)
    said.append(process.stderr.read())
    assert process.wait(timeout=20) == 128 + signal.SIGTERM, "".join(said)
    assert "watch: terminated (SIGTERM)" in said[-1]
    assert "Traceback" not in "".join(said)


@pytest.mark.timeout(60)
def test_a_first_gallery_that_cannot_be_written_stops_with_the_exit_code_of_preview(
    tmp_path: Path,
) -> None:
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    (tmp_path / "locales").mkdir()
    out = tmp_path / "gallery"
    result = run_cli(tmp_path, "watch", "--locale", "xx", "--port", "0", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    assert "serving" not in result.stderr


@pytest.mark.timeout(20)
def test_a_swap_lists_the_changed_pictures_and_a_page_further_behind_reloads(served) -> None:
    url, live = served
    picture = ("hero", "aoife-callinan", "en", f"img/{PICTURE}")
    with urllib.request.urlopen(f"{url}{EVENTS}", timeout=10) as channel:
        assert channel.readline() == b"retry: 1000\n"
        assert channel.readline() == b"data: 0\n"
        assert channel.readline() == b"\n"
        live.bump([picture])  # one version on: the page swaps the picture in place
        assert channel.readline() == b"event: swap\n"
        swap = json.loads(channel.readline().decode().removeprefix("data: "))
        assert swap == {"from": 0, "version": 1, "pictures": [list(picture)]}
        assert channel.readline() == b"\n"
        live.bump()  # a new page (its rows changed): the page reloads
        assert channel.readline() == b"data: 2\n"
    assert live.message(2, 4) == "data: 4\n\n"  # missed a version: reloaded, never half swapped
