"""The review gallery and its watch server against hostile folders, requests and records.

Issue 34: the server hands out only the files the gallery wrote (no links
followed, no hard links, nothing outside its folder), answers only loopback
Host names, refuses bad URLs with 400 and no traceback; a source view never
copies more than the loader reads; a damaged record is ignored with a
warning and its picture names are checked; `--out` on a folder of other
files is refused, and nothing in it is touched.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Project, assert_no_crash, run_cli
from reportlab.pdfgen import canvas

from ttgbuild.preview import beneath, raster, record, sourceview

PICTURE = "0123456789abcdef0123.jpg"  # the shape of the gallery's picture names
SECRET = b"root:x:0:0:the secret outside the gallery\n"
HERO = "content/heroes/aoife-callinan.yaml"
# The server as `ttgbuild watch` starts it (watch.serve), in its own process so its
# stderr can be read; it prints its port once it answers.
SERVER = """
import sys
from pathlib import Path
from ttgbuild.preview.watch import Live, serve
server = serve(Path(sys.argv[1]), Live(), 0)
print(server.server_address[1], flush=True)
server.serve_forever()
"""


def gallery_folder(root: Path) -> tuple[Path, Path]:
    """A gallery's files, and beside it a secret file and folder it must never hand out."""
    outside = root / "outside"
    outside.mkdir()
    (outside / "passwd").write_bytes(SECRET)
    (outside / "page.html").write_bytes(SECRET)
    gallery = root / "gallery"
    (gallery / "img").mkdir(parents=True)
    (gallery / "source" / "content").mkdir(parents=True)
    (gallery / "index.html").write_text("<html><body><p>gallery</p></body></html>")
    (gallery / "img" / PICTURE).write_bytes(b"\xff\xd8 a picture")
    (gallery / "source" / "content" / "a.yaml.html").write_text("<html><body>a</body></html>")
    return gallery, outside


class Server:
    """A running gallery server process: its port, raw requests, what it wrote to stderr."""

    def __init__(self, folder: Path, preexec=None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            preexec_fn=preexec,
        )
        self.port = int(self.process.stdout.readline())

    def raw(self, data: bytes, timeout: float = 10) -> bytes:
        """Send bytes as one request, close the sending side, read the whole answer."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks)

    def get(self, target: str, host: str | None = "") -> tuple[int, bytes]:
        """GET `target` with a Host header (default: 127.0.0.1:port; None: none at all)."""
        host = f"127.0.0.1:{self.port}" if host == "" else host
        head = f"GET {target} HTTP/1.1\r\n" + (f"Host: {host}\r\n" if host is not None else "")
        return status_of(self.raw(head.encode("latin-1") + b"Connection: close\r\n\r\n"))

    def stop(self) -> str:
        """Stop the server; what it wrote on stderr."""
        self.process.terminate()
        _out, err = self.process.communicate(timeout=10)
        return err.decode("utf-8", "replace")


def status_of(answer: bytes) -> tuple[int, bytes]:
    head, _sep, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1."), answer[:200]
    return int(head.split()[1]), body


def assert_refused(running: Server, targets: tuple[str, ...], status: int) -> None:
    """Each target is answered `status`, and no answer holds the secret beside the gallery."""
    for target in targets:
        answer, body = running.get(target)
        assert answer == status, target
        assert SECRET not in body


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Server, Path, Path]]:
    gallery, outside = gallery_folder(tmp_path)
    running = Server(gallery)
    yield running, gallery, outside
    running.stop()


@pytest.mark.timeout(30)
def test_a_link_in_the_gallery_folder_is_never_followed(server) -> None:
    running, gallery, outside = server
    os.symlink(outside / "passwd", gallery / "img" / "fedcba98765432100000.jpg")
    os.symlink(outside / "page.html", gallery / "source" / "content" / "b.yaml.html")
    os.symlink(outside, gallery / "source" / "linked")
    os.link(outside / "page.html", gallery / "source" / "content" / "hard.yaml.html")
    linked = (
        "/img/fedcba98765432100000.jpg",
        "/source/content/b.yaml.html",
        "/source/linked/page.html",
        "/source/content/hard.yaml.html",
    )
    assert_refused(running, linked, 404)
    assert running.get(f"/img/{PICTURE}") == (200, b"\xff\xd8 a picture")
    assert running.get("/source/content/a.yaml.html")[0] == 200


@pytest.mark.timeout(30)
def test_only_files_of_the_gallerys_own_shapes_are_served(server) -> None:
    running, gallery, _outside = server
    (gallery / ".gallery.json").write_text("{}")
    (gallery / "notes.txt").write_text("mine")
    (gallery / "img" / "holiday.jpg").write_bytes(b"mine")
    for target in ("/.gallery.json", "/notes.txt", "/img/holiday.jpg", "/img/", "/source/"):
        assert running.get(target)[0] in (400, 404), target


@pytest.mark.timeout(30)
def test_only_loopback_host_names_with_the_served_port_are_answered(server) -> None:
    running, _gallery, _outside = server
    port = running.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        assert running.get("/", host)[0] == 200, host
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}", "localhost"):
        status, body = running.get("/", host)
        assert status == 421, host
        assert b"gallery" not in body
    assert running.get("/", None)[0] == 400  # no Host at all
    for malformed in (
        "local host:x",
        f"localhost :{port}",
        f"localhost:0{port}",  # a leading zero: no browser writes one
        "localhost:",
        f"localhost:{port}\x0b",  # white space other than SP and HTAB around it
        f"localhost:{port}\xa0",
        f"[::1]x:{port}",
    ):
        assert running.get("/", malformed)[0] == 400, malformed
    assert running.get("/", f"localhost:{port} \t")[0] == 200  # optional white space (OWS)
    answer = running.raw(b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: 127.0.0.1\r\n\r\n")
    assert status_of(answer)[0] == 400  # two Host headers
    assert running.stop() == ""


@pytest.mark.timeout(30)
def test_bad_urls_are_answered_400_without_a_traceback(server) -> None:
    running, _gallery, _outside = server
    port = running.port
    bad = (
        "/%00",
        "/index.html%00.jpg",
        "/%zz",
        "/img/%2",
        "/%ff%fe",
        "/" + "a" * 5000,
        f"http://127.0.0.1:{port}/index.html",
        "*",
        "/../outside/passwd",
        "/img/%2e%2e/%2e%2e/outside/passwd",
        "/source/..%2f..%2foutside/passwd",
        "/img\\..\\index.html",
        "//etc/passwd",
    )
    assert_refused(running, bad, 400)
    assert running.get("/" + "a" * 70_000)[0] == 414  # past http.server's 65,536-byte line
    raw = [b"GET /\x00 HTTP/1.1\r\n", b"GET /\xff HTTP/1.1\r\n", b"GET /\r\n"]
    for line in raw:
        answer = running.raw(line + f"Host: 127.0.0.1:{port}\r\n\r\n".encode())
        assert status_of(answer)[0] == 400, line
    assert status_of(running.raw(b"POST / HTTP/1.1\r\n\r\n"))[0] == 405
    assert running.get("/")[0] == 200  # still answering
    err = running.stop()
    assert "Traceback" not in err and err.count("\n") <= 1, err


def hero_too_big(project: Project) -> None:
    """A hero file the loader refuses (JT001, more than 1 MiB): a comment pads it."""
    path = project.path(HERO)
    path.write_bytes(path.read_bytes() + b"#" + b"x" * (3 * 1024 * 1024) + b"\n")


@pytest.mark.timeout(120)
def test_a_content_file_the_loader_refuses_is_not_copied_into_its_view(project: Project) -> None:
    hero_too_big(project)
    gallery = project.path("gallery")
    result = run_cli(project.root, "preview", "--locale", "en", "--out", str(gallery))
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    assert "JT001" in result.stdout
    view = gallery / "source" / f"{HERO}.html"
    assert view.is_file()  # the error's link still opens a page, which says why it is empty
    assert view.stat().st_size < 16 * 1024
    assert b"xxxxxxxxxx" not in view.read_bytes()


@pytest.mark.timeout(180)
def test_a_damaged_record_is_ignored_with_a_warning(project: Project) -> None:
    gallery = project.path("gallery")
    gallery.mkdir()
    (gallery / ".gallery.json").write_text(
        json.dumps({"version": 1, "drawn": {"en": []}, "images": {}})
    )
    result = run_cli(project.root, "preview", "--locale", "en", "--out", str(gallery))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "gallery/.gallery.json:0:0: warning JT014" in result.stdout
    assert (gallery / "index.html").is_file()


def first_gallery(project: Project) -> Path:
    """The project's gallery (English), written by a first `preview`."""
    gallery = project.path("gallery")
    result = run_cli(project.root, "preview", "--locale", "en", "--out", str(gallery))
    assert result.exit_code == 0, result.output
    return gallery


@pytest.mark.timeout(240)
def test_picture_names_in_the_record_are_checked_before_they_are_linked(
    project: Project,
) -> None:
    gallery = first_gallery(project)
    (gallery / "img" / "mine.jpg").write_bytes(b"a file the gallery did not write")
    project.path("outside.jpg").write_bytes(b"not the gallery's")
    state = json.loads((gallery / ".gallery.json").read_text())
    state["images"] = {key: "../outside.jpg" for key in state["images"]}
    (gallery / ".gallery.json").write_text(json.dumps(state))
    again = run_cli(project.root, "preview", "--locale", "en", "--out", str(gallery))
    assert_no_crash(again)
    assert again.exit_code == 0, again.output
    assert "warning JT014" in again.stdout
    page = (gallery / "index.html").read_text()
    assert "outside.jpg" not in page
    assert 'src="img/' in page
    assert (gallery / "img" / "mine.jpg").read_bytes() == b"a file the gallery did not write"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("command", ["preview", "watch"])
def test_an_out_folder_of_other_files_is_refused_and_left_as_it_was(
    project: Project, command: str
) -> None:
    out = project.path("mine")
    (out / "img").mkdir(parents=True)
    (out / "notes.txt").write_text("my notes")
    (out / "img" / "holiday.jpg").write_bytes(b"my picture")
    before = sorted(out.rglob("*"))
    extra = ["--port", "0"] if command == "watch" else []
    result = run_cli(project.root, command, "--locale", "en", "--out", str(out), *extra)
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    assert f"{command}: {out} holds files the gallery did not write" in result.stderr
    assert sorted(out.rglob("*")) == before
    assert (out / "notes.txt").read_text() == "my notes"
    assert (out / "img" / "holiday.jpg").read_bytes() == b"my picture"


def test_a_file_view_is_never_written_outside_the_gallerys_source_folder(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    (project / "content").mkdir(parents=True)
    (project / "content" / "a.yaml").write_text("name: a\n")
    out = tmp_path / "gallery"
    # A catalog's reference may name any path; this one climbs out and back into the project.
    climbing = f"../../{tmp_path.name}/proj/content/a.yaml"
    written = sourceview.write_views(project, out, {climbing, "content/a.yaml"})
    assert written == {"content/a.yaml"}
    assert [p.relative_to(tmp_path) for p in tmp_path.rglob("*.html")] == [
        Path("gallery/source/content/a.yaml.html")
    ]


def victim_files(root: Path) -> dict[Path, bytes]:
    """Files outside the gallery, of the names it writes and prunes: none may change."""
    files = {
        root / "victim" / "notes.html": b"my notes",
        root / "victim" / "sub" / "b.html": b"my page",
        root / "victim" / PICTURE: b"my picture",
    }
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return files


def untouched(files: dict[Path, bytes]) -> bool:
    """The victim folder holds exactly its files, each as it was."""
    folder = next(iter(files)).parent
    now = {path for path in folder.rglob("*") if not path.is_dir()}
    return now == set(files) and all(path.read_bytes() == data for path, data in files.items())


@pytest.mark.timeout(180)
def test_a_link_in_place_of_a_gallery_folder_is_refused_and_nothing_outside_is_touched(
    project: Project,
) -> None:
    gallery = first_gallery(project)
    files = victim_files(project.root)
    index = (gallery / "index.html").read_bytes()
    for place in ("img", "source", "source/content", "kit", "kit/en", "kit/fr"):
        link = gallery / place
        if link.is_dir():
            shutil.rmtree(link)
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(project.path("victim"), link)
        result = run_cli(project.root, "preview", "--locale", "en", "--out", str(gallery))
        assert_no_crash(result)
        assert result.exit_code == 2, (place, result.output)
        assert f"preview: {link} is a link" in result.stderr, place
        assert untouched(files), place
        link.unlink()
    (gallery / "img").write_bytes(b"a file where the pictures go")
    result = run_cli(project.root, "watch", "--locale", "en", "--out", str(gallery), "--port", "0")
    assert result.exit_code == 2, result.output
    assert f"watch: {gallery / 'img'} is a file" in result.stderr
    assert (gallery / "index.html").read_bytes() == index  # refused before anything is written


def test_the_writer_follows_no_link_made_after_the_folder_was_claimed(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    (project / "content").mkdir(parents=True)
    (project / "content" / "a.yaml").write_text("name: a\n")
    out = tmp_path / "gallery"
    record.claim(out)
    files = victim_files(tmp_path)
    victim = tmp_path / "victim"
    for place in ("source", "source/content"):  # as if swapped for a link while a run draws
        (out / place).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(victim, out / place)
        assert sourceview.write_views(project, out, {"content/a.yaml"}) == set()
        beneath.remove_files(out, sourceview.FOLDER, lambda _name: True)
        assert untouched(files), place
        (out / place).unlink()
    os.symlink(victim / "notes.html", out / "source" / "old.html")
    beneath.remove_files(out, sourceview.FOLDER, lambda _name: True)
    assert not os.path.lexists(out / "source" / "old.html")  # the link goes, not its target
    os.symlink(victim, out / raster.FOLDER)
    pdf = tmp_path / "page.pdf"
    drawing = canvas.Canvas(str(pdf), pagesize=(72, 72))
    drawing.showPage()
    drawing.save()
    with pytest.raises(OSError):
        raster.pictures([raster.Source(pdf, "0" * 64, (raster.Crop(1, None),))], out, {})
    assert untouched(files)


def test_a_linked_record_is_not_read(tmp_path: Path) -> None:
    out = tmp_path / "gallery"
    record.claim(out)
    elsewhere = tmp_path / "record.json"
    elsewhere.write_text(json.dumps(record.fresh()))
    os.symlink(elsewhere, out / record.STATE)
    _state, warnings = record.load(out, "gallery/.gallery.json")
    assert [w.code for w in warnings] == ["JT014"]
