"""`ttgbuild watch`: the review gallery, rewritten on every save and refreshed in the browser.

The gallery is written once, then served on 127.0.0.1 from its folder; every
change to the project's content, catalogs, ttgbuild.toml or the pack's data
files (watchfiles) rewrites it by running `ttgbuild preview` again (its build
is incremental), and the open page reloads itself: each served HTML page
gets a few lines of script that listen to a Server-Sent Events channel
(`/_live/events`) telling the gallery's version. The files on disk stay the
static gallery `preview` writes, so they still open from the file system.

A content error rewrites the page as the gallery's error page, never leaving a
stale picture on screen; fixing it brings the pictures back.

The server hands out only the gallery's own files, reached without following
a link (`servefile`), and answers only requests for a loopback Host with a
plain path (`requestcheck`): 421 for another host name (DNS rebinding), 400
for a bad request target, 404 for anything not the gallery's, 405 for a
method other than GET and HEAD; every answer is a status, never a traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import watchfiles

from ttgbuild.core import console
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.interrupts import Terminated
from ttgbuild.core.paths import display_path
from ttgbuild.core.readfile import read_bounded
from ttgbuild.pack import PROJECT_FILE, PackError
from ttgbuild.preview import page
from ttgbuild.preview.page import Note
from ttgbuild.preview.record import claim
from ttgbuild.preview.requestcheck import BadTarget, host_allowed, path_segments
from ttgbuild.preview.servefile import content_type, gallery_file, open_beneath
from ttgbuild.source.datapack import pack_of

EVENTS = "/_live/events"
# The watcher says it runs by yielding no change after this long; only then is the URL
# printed, so whoever waits for it (a user, a test) knows no save can be missed.
READY_MS = 500
WROTE = {0, 1}  # exit codes of a preview that wrote its page (1: the page lists errors)
KEEPALIVE = 10.0  # seconds between comments on an idle channel: a closed tab is noticed
REQUEST_TIMEOUT = 30.0  # seconds a client may take to send its request (a stalled one is dropped)
MAX_PAGE = 64 * 1024 * 1024  # bytes of an HTML page read to add the reload script

# Served pages only. It keeps the filters' values across the reload, so a designer
# watching one hero keeps seeing that hero after each save.
RELOAD_SCRIPT = """<script>(function () {
  var seen = "%s", key = "ttgbuild-watch-filters";
  var fields = document.querySelectorAll("header input, header select");
  try {
    var kept = JSON.parse(sessionStorage.getItem(key) || "{}");
    fields.forEach(function (el) {
      if (!(el.id in kept)) { return; }
      if (el.type === "checkbox") { el.checked = kept[el.id]; } else { el.value = kept[el.id]; }
      el.dispatchEvent(new Event("change"));
    });
  } catch (e) {}
  var events = new EventSource("%s");
  events.onmessage = function (message) {
    if (message.data === seen) { return; }
    var values = {};
    fields.forEach(function (el) {
      values[el.id] = el.type === "checkbox" ? el.checked : el.value;
    });
    try { sessionStorage.setItem(key, JSON.stringify(values)); } catch (e) {}
    events.close();
    location.reload();
  };
})();</script>"""


@dataclass
class Live:
    """The gallery's version, bumped after each rewrite; the event channels wait on it."""

    version: int = 0
    closed: bool = False
    changed: threading.Condition = field(default_factory=threading.Condition)

    def bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def wait(self, seen: int, timeout: float) -> int | None:
        """The version once it differs from `seen` (or after `timeout`); None once closed."""
        with self.changed:
            self.changed.wait_for(lambda: self.closed or self.version != seen, timeout)
            return None if self.closed else self.version


class Handler(BaseHTTPRequestHandler):
    """The gallery's own files, HTML pages with the reload script, and the event channel.

    Every request is checked before anything is opened (`requestcheck`): a
    loopback Host with the served port, GET or HEAD, a plain path. Only the
    files the gallery writes are served, reached without following a link
    (`servefile`). An answer is a status and never a traceback.
    """

    live: Live
    root: Path
    port: int
    default_request_version = "HTTP/1.0"  # an HTTP/0.9 line still gets a status line back
    timeout = REQUEST_TIMEOUT

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        words = self.requestline.split()
        if len(words) != 3:  # HTTP/0.9: no headers, so no Host
            self._refuse(HTTPStatus.BAD_REQUEST, "a request line needs its HTTP version")
            return False
        if self.command not in ("GET", "HEAD"):
            self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, "only GET and HEAD", {"Allow": "GET, HEAD"})
            return False
        allowed = host_allowed(self.headers.get_all("Host") or [], self.port)
        if allowed is None:
            self._refuse(HTTPStatus.BAD_REQUEST, "one Host header, a host name and port")
            return False
        if not allowed:
            self._refuse(HTTPStatus.MISDIRECTED_REQUEST, "this server answers localhost only")
            return False
        try:
            self.segments = path_segments(words[1])
        except BadTarget as exc:
            self._refuse(HTTPStatus.BAD_REQUEST, str(exc))
            return False
        return True

    def do_GET(self) -> None:
        if "/" + "/".join(self.segments) == EVENTS:
            self._events()
            return
        parts = gallery_file(self.segments)
        try:
            handle = open_beneath(self.root, parts) if parts else None
        except OSError:
            handle = None
        if handle is None or parts is None:
            self._refuse(HTTPStatus.NOT_FOUND, "not a file of the gallery")
            return
        try:
            self._send(handle, parts)
        finally:
            os.close(handle)

    do_HEAD = do_GET

    def end_headers(self) -> None:
        # Every answer is of the gallery as it is now: nothing stale from the browser's cache.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows rebuilds and problems, not every request."""

    def _refuse(self, status: HTTPStatus, why: str, headers: dict[str, str] | None = None) -> None:
        """A short plain-text answer with no body for HEAD; the connection then closes."""
        body = f"{status.value} {status.phrase}: {why}\n".encode()
        self.close_connection = True
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send(self, handle: int, parts: tuple[str, ...]) -> None:
        """A gallery file; an HTML page with the reload script before its end."""
        version = self.live.version  # read before the file: a later rewrite reloads again
        kind = content_type(parts)
        if kind.startswith("text/html"):
            data = read_bounded(handle, MAX_PAGE)
            if len(data) > MAX_PAGE:
                self._refuse(HTTPStatus.INTERNAL_SERVER_ERROR, "page larger than the server sends")
                return
            script = (RELOAD_SCRIPT % (version, EVENTS)).encode()
            end = data.rfind(b"</body>")
            data = data[:end] + script + data[end:] if end >= 0 else data + script
            size = len(data)
        else:
            data, size = b"", os.fstat(handle).st_size
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        if self.command == "HEAD":
            return
        if data:
            self.wfile.write(data)
            return
        while size > 0 and (chunk := os.read(handle, min(1 << 16, size))):
            self.wfile.write(chunk)
            size -= len(chunk)

    def _events(self) -> None:
        """The version now and at each change, until the client goes or the server stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        if self.command == "HEAD":
            return
        seen = self.live.version
        message = f"retry: 1000\ndata: {seen}\n\n"
        try:
            while True:
                self.wfile.write(message.encode())
                self.wfile.flush()
                now = self.live.wait(seen, KEEPALIVE)
                if now is None:
                    return
                message = f"data: {now}\n\n" if now != seen else ": idle\n\n"
                seen = now
        except (BrokenPipeError, ConnectionResetError):
            return


class GalleryServer(ThreadingHTTPServer):
    """The HTTP server, quiet about a request that failed: one line, never a traceback."""

    daemon_threads = True  # an open event channel never holds the exit

    def handle_error(self, request: object, client_address: object) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            return  # the browser went away: nothing to say
        console.err(f"watch: a request failed: {type(error).__name__}: {error}")


class PreviewFailed(Exception):
    """The first gallery could not be written; `preview` has said why. Exit with its code."""

    def __init__(self, code: int) -> None:
        super().__init__(f"ttgbuild preview exited {code}")
        self.code = code


class PortError(Exception):
    """The port cannot be had (taken, or not allowed): said before any build starts."""


def serve(out: Path, live: Live, port: int) -> ThreadingHTTPServer:
    """A server for `out` on 127.0.0.1 (port 0: a free one), not yet answering."""
    root = out.resolve()
    try:
        server = GalleryServer(("127.0.0.1", port), Handler)
    except OSError as exc:
        raise PortError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}") from None
    bound = server.server_address[1]
    server.RequestHandlerClass = type(
        "GalleryHandler", (Handler,), {"live": live, "root": root, "port": bound}
    )
    return server


def watched(project: Path) -> list[Path]:
    """What a change of rewrites the gallery: content, catalogs, ttgbuild.toml, pack data.

    A pack's data files (layouts, sheets, checks, a data pack's folder) are
    watched where they are, inside the installed package for an installed game.
    """
    paths = [project / "content", project / "locales", project / PROJECT_FILE]
    try:
        pack = pack_of(project)
    except PackError:
        pack = None  # the page says why; the project's own files are still watched
    if pack is not None:
        paths += [folder for folder in (pack.layouts, pack.sheets, pack.root) if folder]
        paths += [check.parent for check in pack.checks]
    unique = dict.fromkeys(path.resolve() for path in paths if path.exists())
    return list(unique)


def watch(project: Path, out: Path, locales: Sequence[str] | None, port: int) -> None:
    """Serve the gallery and rewrite it on every change, until Ctrl-C or SIGTERM.

    Raises PortError when the port cannot be had, PreviewFailed when the first
    gallery cannot be written (an unknown locale, a game that cannot be read,
    said here), UsageError for an `out` folder holding files the gallery did
    not write, KeyboardInterrupt (Terminated for SIGTERM) to stop.
    """
    claim(out)  # before anything is served: a folder of other files is refused whole (UsageError)
    live = Live()
    server = serve(out, live, port)
    terminated = threading.Event()
    previous = signal.signal(signal.SIGTERM, partial(_terminate, terminated))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        code = _preview(project, out, locales)
        if code not in WROTE:
            raise PreviewFailed(code)
        host, bound = server.server_address[:2]
        skip = watchfiles.DefaultFilter(ignore_paths=[out.resolve()])
        saves = watchfiles.watch(
            *watched(project), watch_filter=skip, yield_on_timeout=True, rust_timeout=READY_MS
        )
        announced = False
        for changes in saves:
            if not announced:  # the watcher is running now: a save from here on is seen
                console.err(f"watch: serving http://{host}:{bound}/ (Ctrl-C stops)")
                announced = True
            if not changes:
                continue
            names = sorted({display_path(Path(path), project) for path in _saved(changes)})
            console.err(f"watch: changed {', '.join(names)}")
            code = _preview(project, out, locales)
            if code not in WROTE:  # never a stale picture: the page says it failed
                message = f"ttgbuild preview stopped (exit {code}); the terminal says why"
                notes = [Note("", "error", message, ())]
                write_atomically(out / "index.html", page.error_page(notes, set()))
            live.bump()
    except KeyboardInterrupt:
        if terminated.is_set():  # watchfiles turns any interrupt into a KeyboardInterrupt
            raise Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
        live.close()
        server.shutdown()
        server.server_close()


def _preview(project: Path, out: Path, locales: Sequence[str] | None) -> int:
    """`ttgbuild preview` in a new process: its exit code.

    A new process for each rewrite because a run caches what it reads (the
    pack's layouts, the code's fingerprint) for as long as it lives; the build
    is still incremental, from the kit and pictures kept under `out`.
    """
    command = [sys.executable, "-m", "ttgbuild", "preview", "--project", str(project)]
    command += ["--out", str(out)] + (["--locale", ",".join(locales)] if locales else [])
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    try:
        return child.wait()
    except BaseException:  # stopped while it runs: it stops its workers and keeps the last kit
        child.terminate()
        child.wait()
        raise


def _saved(changes: set[tuple[watchfiles.Change, str]]) -> set[str]:
    """The files a save changed, less an editor's temporary files (added and gone again)."""
    paths = {path for _change, path in changes}
    return {p for p in paths if Path(p).exists() or (watchfiles.Change.added, p) not in changes}


def _terminate(terminated: threading.Event, _signum: int, _frame: object) -> None:
    """SIGTERM stops the watch like Ctrl-C, remembered so the exit says SIGTERM."""
    terminated.set()
    raise Terminated
