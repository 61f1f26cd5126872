"""`ttgbuild watch`: the review gallery, kept up to date on every save and in the browser.

The gallery is written once, then served on 127.0.0.1 from its folder. One
warm process (`warm`) keeps the content, catalogs, layouts and fonts loaded;
every change to the project's content, catalogs, ttgbuild.toml or the pack's
data files (watchfiles) redraws only the pieces it changed, and the open page
swaps just those pictures in place, keeping its filters and scroll: each
served HTML page gets a few lines of script that listen to a Server-Sent
Events channel (`/_live/events`). A `swap` event lists the new pictures; a
plain message (the gallery's version) reloads the page, when its rows or
problems changed. The files on disk stay the static gallery `preview`
writes, so they still open from the file system.

Saves are merged: the watcher collects them on its own thread while the
gallery is redrawn, so a burst of saves during a refresh makes one more
refresh, not one each.

A content error rewrites the page as the gallery's error page, never leaving a
stale picture on screen; fixing it brings the pictures back.

The server hands out only the gallery's own files, reached without following
a link (`servefile`), and answers only requests for a loopback Host with a
plain path (`requestcheck`): 421 for another host name (DNS rebinding), 400
for a bad request target, 404 for anything not the gallery's, 405 for a
method other than GET and HEAD; every answer is a status, never a traceback.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import watchfiles

from ttgbuild.core import console
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.exits import EXIT_USAGE
from ttgbuild.core.interrupts import Terminated
from ttgbuild.core.paths import display_path
from ttgbuild.core.readfile import read_bounded
from ttgbuild.pack import PROJECT_FILE, PackError
from ttgbuild.preview import page
from ttgbuild.preview.page import Note
from ttgbuild.preview.record import claim
from ttgbuild.preview.requestcheck import BadTarget, host_allowed, path_segments
from ttgbuild.preview.servefile import content_type, gallery_file, open_beneath
from ttgbuild.preview.warm import Update, WarmGallery
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.printfile import PrintFileError

EVENTS = "/_live/events"
# The watcher says it runs by yielding no change after this long; only then is the URL
# printed, so whoever waits for it (a user, a test) knows no save can be missed.
READY_MS = 500
# Saves closer together than this are one change (an editor writes a file in steps);
# saves made while the gallery is redrawn wait and make one more refresh together.
STEP_MS = 10
# Seconds the slow files and checks of a save wait for the open pages to fetch its pictures.
FETCH_WAIT = 0.5
SWAPS_KEPT = 16  # recent swaps a late event channel can still send instead of a reload
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
  function reload() {
    var values = {};
    fields.forEach(function (el) {
      values[el.id] = el.type === "checkbox" ? el.checked : el.value;
    });
    try { sessionStorage.setItem(key, JSON.stringify(values)); } catch (e) {}
    events.close();
    location.reload();
  }
  events.onmessage = function (message) {
    if (message.data !== seen) { reload(); }
  };
  // Only the pictures that changed, swapped in place: filters and scroll stay as they are.
  events.addEventListener("swap", function (message) {
    var swap = JSON.parse(message.data);
    if (String(swap.from) !== seen) { reload(); return; }
    seen = String(swap.version);
    var loading = [];
    swap.pictures.forEach(function (p) {
      var where = 'figure.item[data-kind="' + CSS.escape(p[0]) + '"][data-id="' +
        CSS.escape(p[1]) + '"][data-locale="' + CSS.escape(p[2]) + '"] img';
      document.querySelectorAll(where).forEach(function (img) {
        img.loading = "eager";
        img.src = p[3];
        loading.push(img.decode().catch(function () {}));
      });
    });
    Promise.all(loading).then(function () {
      window.ttgbuildPainted = {version: swap.version, at: performance.now(),
        pictures: swap.pictures};
      document.dispatchEvent(new CustomEvent("ttgbuild:painted", {detail: swap}));
    });
  });
})();</script>"""


@dataclass
class Live:
    """The gallery's version, bumped after each rewrite; the event channels wait on it.

    A version made by swapping pictures keeps the list (`swaps`), so a channel
    one version behind sends the swap; further behind, or for a new page, it
    sends the version and the page reloads.
    """

    version: int = 0
    closed: bool = False
    changed: threading.Condition = field(default_factory=threading.Condition)
    swaps: dict[int, list[tuple[str, str, str, str]]] = field(default_factory=dict)
    channels: int = 0  # event channels open: pages being watched
    served: set[str] = field(default_factory=set)  # pictures sent since `expect`

    def expect(self) -> None:
        """Start noting the pictures sent (`sent`), for `wait_served`."""
        with self.changed:
            self.served = set()

    def sent(self, name: str) -> None:
        """A gallery file was sent to a page."""
        with self.changed:
            self.served.add(name)
            self.changed.notify_all()

    def wait_served(self, names: set[str], timeout: float) -> None:
        """Wait until an open page has fetched these pictures (at most `timeout` s); at
        once when no page is open."""
        with self.changed:
            self.changed.wait_for(
                lambda: self.closed or not self.channels or names <= self.served, timeout
            )

    def bump(self, pictures: list[tuple[str, str, str, str]] | None = None) -> None:
        """A new version: the page reloads, or with `pictures` swaps just those."""
        with self.changed:
            self.version += 1
            if pictures is not None:
                self.swaps[self.version] = pictures
            for old in [v for v in self.swaps if v <= self.version - SWAPS_KEPT]:
                del self.swaps[old]
            self.changed.notify_all()

    def message(self, seen: int, now: int) -> str:
        """What a channel that has shown `seen` is sent for version `now`."""
        with self.changed:
            pictures = self.swaps.get(now)
        if pictures is None or now != seen + 1:
            return f"data: {now}\n\n"
        swap = json.dumps({"from": seen, "version": now, "pictures": pictures})
        return f"event: swap\ndata: {swap}\n\n"

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
        self.live.sent("/".join(parts))

    def _events(self) -> None:
        """The version now and at each change, until the client goes or the server stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        if self.command == "HEAD":
            return
        seen = self.live.version
        message = f"retry: 1000\ndata: {seen}\n\n"
        with self.live.changed:
            self.live.channels += 1
        try:
            while True:
                self.wfile.write(message.encode())
                self.wfile.flush()
                now = self.live.wait(seen, KEEPALIVE)
                if now is None:
                    return
                message = self.live.message(seen, now) if now != seen else ": idle\n\n"
                seen = now
        except (BrokenPipeError, ConnectionResetError):
            return
        finally:
            with self.live.changed:
                self.live.channels -= 1
                self.live.changed.notify_all()


class GalleryServer(ThreadingHTTPServer):
    """The HTTP server, quiet about a request that failed: one line, never a traceback."""

    daemon_threads = True  # an open event channel never holds the exit

    def handle_error(self, request: object, client_address: object) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            return  # the browser went away: nothing to say
        console.err(f"watch: a request failed: {type(error).__name__}: {error}")


class PreviewFailed(Exception):
    """The first gallery could not be written; it has been said why. Exit with its code."""

    def __init__(self, code: int) -> None:
        super().__init__(f"the first gallery could not be written (exit {code})")
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
    """Serve the gallery and keep it up to date on every change, until Ctrl-C or SIGTERM.

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
    saves = Saves(project, out)
    began = [time.perf_counter()]  # when the refresh under way started
    try:
        shown = partial(_shown_first, live, began)
        warm = _first_gallery(project, out, locales, shown, busy=lambda: bool(saves.pending))
        saves.start()
        host, bound = server.server_address[:2]
        saves.ready.wait()  # the watcher runs: a save from here on is seen
        console.err(f"watch: serving http://{host}:{bound}/ (Ctrl-C stops)")
        while True:
            saved = saves.take()
            names = sorted({display_path(path, project) for path in saved})
            console.err(f"watch: changed {', '.join(names)}")
            began[0] = time.perf_counter()
            update = _refresh(warm, saved, live)
            took = time.perf_counter() - began[0]
            shown = "a new page" if update.reload else f"{len(update.pictures)} picture(s)"
            console.err(f"watch: {shown} in {took:.2f} s")
    except KeyboardInterrupt:
        if terminated.is_set():  # watchfiles turns any interrupt into a KeyboardInterrupt
            raise Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
        saves.stop()
        live.close()
        server.shutdown()
        server.server_close()


def _first_gallery(
    project: Path,
    out: Path,
    locales: Sequence[str] | None,
    shown: Callable[[Update], None],
    busy: Callable[[], bool],
) -> WarmGallery:
    """The warm gallery, drawn whole once; PreviewFailed (said why) if it cannot be."""
    warm = WarmGallery(
        project,
        out,
        list(locales) if locales else None,
        say=console.err,
        shown=shown,
        busy=busy,
    )
    try:
        warm.start()
    except (PrintFileError, PackError) as exc:
        console.diagnostics(exc.diagnostics, "text")
        console.err("watch: the game or ttgbuild.toml's [print] cannot be used; nothing was done")
        raise PreviewFailed(EXIT_USAGE) from None
    if warm.failed:
        console.diagnostics(warm.diagnostics, "text")
        console.err("watch: the project has errors; the page lists them until they are fixed")
    return warm


def _refresh(warm: WarmGallery, saved: set[Path], live: Live) -> Update:
    """Bring the gallery up to date; never a stale picture: a failure shows on the page."""
    try:
        update = warm.refresh(saved)
    except (PrintFileError, PackError) as exc:
        update = _failed(warm, [_note(d) for d in exc.diagnostics])
    except Exception as exc:  # any failure is the page's to show, the watch goes on
        message = f"the gallery could not be redrawn ({type(exc).__name__}: {exc})"
        console.err(f"watch: {message}")
        update = _failed(warm, [Note("", "error", message, ())])
    if warm.failed and update.reload:
        console.diagnostics(warm.diagnostics, "text")
    _show(live, update)
    return update


def _failed(warm: WarmGallery, notes: list[Note]) -> Update:
    """The error page, and the next save draws everything again."""
    write_atomically(warm.out / "index.html", page.error_page(notes, set()))
    warm.failed = True
    warm.drawn.clear()
    return Update(reload=True)


def _note(diagnostic: object) -> Note:
    file, line = getattr(diagnostic, "file", ""), getattr(diagnostic, "line", 0)
    message = f"{getattr(diagnostic, 'code', '')} {getattr(diagnostic, 'message', diagnostic)}"
    return Note("", "error", message.strip(), ((file, line),) if file else ())


def _shown_first(live: Live, began: list[float], update: Update) -> None:
    """The changed pieces are pictured (the checks and slow files follow): show them now.

    The slow files and checks wait until the open pages have fetched the new pictures
    (at most FETCH_WAIT): started at once, they take both cores from the browser and
    the server's threads, and the pictures a designer waits for come later.
    """
    live.expect()
    _show(live, update)
    took = time.perf_counter() - began[0]
    console.err(f"watch: {len(update.pictures)} picture(s) shown in {took:.2f} s; checking")
    live.wait_served({picture for *_row, picture in update.pictures}, FETCH_WAIT)


def _show(live: Live, update: Update) -> None:
    """Tell the open pages: swap these pictures, or load the new page."""
    if update.reload:
        live.bump()
    elif update.pictures:
        live.bump(update.pictures)


class Saves:
    """The files saved since last asked, collected on the watcher's own thread (merged)."""

    def __init__(self, project: Path, out: Path) -> None:
        self.project = project
        self.skip = watchfiles.DefaultFilter(ignore_paths=[out.resolve()])
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.changed = threading.Condition()
        self.pending: set[Path] = set()
        self.failure: BaseException | None = None

    def start(self) -> None:
        threading.Thread(target=self._watch, daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()

    def take(self) -> set[Path]:
        """Wait for saves and hand them all over at once (Ctrl-C still stops the wait)."""
        with self.changed:
            while not self.pending:
                if self.failure is not None:
                    raise self.failure
                self.changed.wait(0.2)  # short waits: the main thread still gets Ctrl-C
            taken, self.pending = self.pending, set()
        return taken

    def _watch(self) -> None:
        try:
            for changes in watchfiles.watch(
                *watched(self.project),
                watch_filter=self.skip,
                yield_on_timeout=True,
                rust_timeout=READY_MS,
                step=STEP_MS,
                stop_event=self.stopping,
                raise_interrupt=False,
            ):
                self.ready.set()
                if changes:
                    with self.changed:
                        self.pending |= {Path(path) for path in _saved(changes)}
                        self.changed.notify_all()
        except Exception as exc:  # a watcher that cannot run is said, not hung on
            with self.changed:
                self.failure = exc
                self.changed.notify_all()
            self.ready.set()


def _saved(changes: set[tuple[watchfiles.Change, str]]) -> set[str]:
    """The files a save changed, less an editor's temporary files (added and gone again)."""
    paths = {path for _change, path in changes}
    return {p for p in paths if Path(p).exists() or (watchfiles.Change.added, p) not in changes}


def _terminate(terminated: threading.Event, _signum: int, _frame: object) -> None:
    """SIGTERM stops the watch like Ctrl-C, remembered so the exit says SIGTERM."""
    terminated.set()
    raise Terminated
