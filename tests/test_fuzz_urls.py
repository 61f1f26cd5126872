"""The watch server under random requests: every one gets a status, none a secret or a traceback.

The real server (`watch.serve`, as `ttgbuild watch` starts it) runs in its own
process under a memory limit, on a gallery folder that holds links to a
secret file beside it. Seeded random request lines, paths, Host headers and
raw bytes are sent over a socket, one connection each; the server must answer
each with a status line, hand out the secret never, print no traceback and
still answer a plain request at the end.
"""

from __future__ import annotations

import os
import random
import resource
from pathlib import Path

import pytest
from test_gallery_attacks import PICTURE, SECRET, Server, gallery_folder

SEED = 34
REQUESTS = 1500
MEMORY = 1024 * 1024 * 1024  # bytes of address space for the server process
STATUSES = {200, 400, 404, 405, 414, 421, 431, 501, 505}

METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "get", "G\x00T", "CONNECT"]
VERSIONS = ["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.1.1", "HTTP/x", "", "FOO/1.0"]
PIECES = [
    "index.html",
    "img",
    PICTURE,
    "source",
    "content",
    "a.yaml.html",
    "..",
    ".",
    "",
    "%2e%2e",
    "%2E",
    "%2f",
    "%5c",
    "%00",
    "%0a",
    "%zz",
    "%",
    "%f",
    "%ff",
    "%c3%a9",
    "%e2%80%ae",
    "linked",
    "page.html",
    "secret.jpg",
    "passwd",
    ".gallery.json",
    "_live",
    "events",
    "\\",
    "é",
    "\x00",
    "\x7f",
    " ",
    "?",
    "#",
    "?a=1",
    "%3f",
    "//",
    ";",
    "~",
    "a" * 300,
]
HOSTS = [
    "127.0.0.1:{port}",
    "localhost:{port}",
    "[::1]:{port}",
    "127.0.0.1",
    "evil.example:{port}",
    "localhost.evil.example:{port}",
    "127.0.0.1:{port}0",
    "",
    "[::1",
    "[]:{port}",
    "127.0.0.1:-1",
    "127.0.0.1:{port}\x00",
    "LocalHost:{port}",
    " localhost:{port} ",
]


def random_target(rng: random.Random, port: int) -> str:
    kind = rng.random()
    if kind < 0.1:
        return rng.choice(["*", f"http://127.0.0.1:{port}/", "index.html", "", f"//x/{PICTURE}"])
    if kind < 0.2:
        return "/" + "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(1, 40)))
    parts = [rng.choice(PIECES) for _ in range(rng.randrange(0, 6))]
    return "/" + "/".join(parts) + rng.choice(["", "/", "?x", "#f"])


def random_request(rng: random.Random, port: int) -> bytes:
    """One request: mostly well-formed with odd parts, sometimes raw random bytes."""
    if rng.random() < 0.15:
        return rng.randbytes(rng.randrange(1, 3000)) + b"\r\n\r\n"
    usual = rng.random() < 0.8  # mostly a method, version and Host that pass: paths get tried
    method = rng.choice(["GET", "HEAD"] if usual else METHODS)
    version = rng.choice(["HTTP/1.1", "HTTP/1.0"] if usual else VERSIONS)
    line = f"{method} {random_target(rng, port)} {version}".rstrip()
    headers = []
    hosts = HOSTS[:3] if usual and rng.random() < 0.8 else HOSTS
    for _ in range(rng.choice([0, 1, 1, 1, 1, 1, 2]) if not usual else 1):
        headers.append("Host: " + rng.choice(hosts).format(port=port))
    if rng.random() < 0.2:
        headers.append("X-" + "".join(chr(rng.randrange(32, 0x250)) for _ in range(30)) + ": v")
    if rng.random() < 0.05:
        headers += [f"X-{n}: {n}" for n in range(120)]  # more headers than are read
    text = line + "\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n"
    return text.encode("utf-8", "surrogatepass")


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.timeout(120)
def test_random_requests_each_get_a_status_and_never_the_secret(tmp_path: Path) -> None:
    gallery, outside = gallery_folder(tmp_path)
    os.symlink(outside / "passwd", gallery / "img" / "fedcba98765432100000.jpg")
    os.symlink(outside, gallery / "source" / "linked")
    os.symlink(outside / "passwd", gallery / "source" / "content" / "secret.jpg")
    server = Server(gallery, preexec=limit_memory)
    rng = random.Random(SEED)
    try:
        for number in range(REQUESTS):
            request = random_request(rng, server.port)
            answer = server.raw(request)
            first = request.split(b"\n", 1)[0]
            if not answer:  # a blank first line is no request: the connection just closes
                assert not first.split(), (number, request[:200])
                continue
            assert answer.startswith(b"HTTP/1."), (number, request[:200], answer[:200])
            status = int(answer.split(b" ", 2)[1])
            assert status in STATUSES, (number, request[:200], answer[:200])
            assert SECRET not in answer, (number, request[:200])
            assert server.process.poll() is None, (number, request[:200])
        assert server.get("/")[0] == 200
        assert server.get(f"/img/{PICTURE}") == (200, b"\xff\xd8 a picture")
    finally:
        err = server.stop()
    assert "Traceback" not in err, err
