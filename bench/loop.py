"""The designer's loop as a user feels it: save a hero file, see its new card in the browser.

`ttgbuild watch` runs as a user runs it (its own process, every locale of the
project), and Debian's chromium shows its gallery, driven headless by
Playwright as tests/test_browser.py drives it. Each run edits one hero's
attack (4 and 3 in turn, both legal), saves the file and waits until every
locale's picture of that hero has a new address, is decoded and a frame has
been drawn with it; the latency is from just before the save to that frame,
both read from the machine's clock. The page is filtered to that hero first,
as a designer watching one card would (the pictures load lazily: an unfiltered
page of 1,000 heroes would never load the edited one).

The floor is measured in the same run, in this process once warm: draw the
hero's card with the kit's own painter (cards.pdf for that one hero: its
fronts sheet, backs and the duplex test page), rasterise the card (its
pixels alone) and encode it as the gallery does, in every locale. The report
gives both medians and their ratio, and `ttgbuild build` of every locale from
nothing and after the same edit (wall and CPU, files drawn again).

Run by hand, never by CI (it needs chromium and minutes at 1,000 heroes):
  python -m bench.loop [--heroes 30,1000] [--runs 7] [--builds 3] [--json PATH]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path(shutil.which("chromium") or "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
HERO = "aoife-callinan"
ATTACKS = ("attack: 4", "attack: 3")  # both legal for this hero; alternated run by run
SHIPPED_HEROES = 30
START_TIMEOUT = 1800.0  # seconds for the first full gallery of 1,000 heroes on a busy machine
PAINT_TIMEOUT = 900_000  # ms from a save to the new pictures: 1,000 heroes on a busy machine
# What `watch` says when a refresh is over: the next edit then finds it idle.
DONE = re.compile(r"watch: (a new page|\d+ picture\(s\)) in \d+\.\d+ s")

# Every locale's picture of the hero has left `old`, is decoded and has width; checked at each
# animation frame, so the time it returns is that of the frame that paints it.
PAINTED = """([selector, old]) => {
  const imgs = [...document.querySelectorAll(selector)];
  const fresh = imgs.length > 0 && imgs.every(
    (img) => !old.includes(img.getAttribute("src")) && img.complete && img.naturalWidth > 0);
  return fresh ? performance.timeOrigin + performance.now() : false;
}"""


@dataclasses.dataclass
class Result:
    heroes: int
    loop_ms: list[float]
    floor_ms: list[float]
    # `ttgbuild build` of every locale: from nothing, then after the same edit (s, median)
    build_full: tuple[float, float] = (0.0, 0.0)  # wall, CPU
    build_edit: tuple[float, float] = (0.0, 0.0)
    files_drawn: tuple[int, int] = (0, 0)  # files replaced by the build after the edit, of all

    @property
    def loop(self) -> float:
        return statistics.median(self.loop_ms)

    @property
    def floor(self) -> float:
        return statistics.median(self.floor_ms)


class Watch:
    """`ttgbuild watch` in a subprocess; its stderr read as it comes (kept for the report)."""

    def __init__(self, project: Path, cache: Path) -> None:
        command = [sys.executable, "-m", "ttgbuild", "watch", "--project", str(project)]
        command += ["--port", "0", "--out", str(project / "gallery")]
        env = {**os.environ, "TTGBUILD_CACHE_DIR": str(cache)}
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line)
            self.said.append(line)

    def url(self) -> str:
        end = time.monotonic() + START_TIMEOUT
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                break
            if found := re.search(r"http://\S+", line):
                return found.group()
        raise RuntimeError(f"watch never served its gallery: {''.join(self.said)[-2000:]}")

    def idle(self) -> None:
        """Wait until `watch` says a refresh is over ("watch: ... in 0.42 s"), the whole of it:
        the pictures, then the slow files and the checks."""
        end = time.monotonic() + PAINT_TIMEOUT / 1000
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                break
            if DONE.match(line.strip()):
                return
        raise RuntimeError(f"watch never finished a refresh: {''.join(self.said)[-2000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def make(work: Path, heroes: int) -> Path:
    """The shipped project with `heroes` heroes in all (generated ones added: bench.heroes)."""
    from bench.heroes import make_project

    target = work / f"heroes-{heroes}"
    make_project(REPO, target, max(0, heroes - SHIPPED_HEROES))
    return target


def loop_runs(browser: object, project: Path, cache: Path, runs: int) -> list[float]:
    """Save-to-paint latencies (ms) of `runs` edits of one hero's attack in `watch`."""
    hero_file = project / "content" / "heroes" / f"{HERO}.yaml"
    selector = f'figure.item[data-kind="hero"][data-id="{HERO}"] img'
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    watch = Watch(project, cache)
    context = browser.new_context()  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(watch.url())
        page.fill("#filter-id", HERO)  # kept across reloads by the watch page's script
        page.wait_for_function(PAINTED, arg=[selector, []], polling="raf", timeout=PAINT_TIMEOUT)
        took = []
        for run in range(runs + 1):  # the first edit warms the loop up and is not counted
            old = [img.get_attribute("src") for img in page.query_selector_all(selector)]
            text = hero_file.read_text(encoding="utf-8")
            now, then = ATTACKS if ATTACKS[0] in text else ATTACKS[::-1]
            saved = time.time() * 1000
            hero_file.write_text(text.replace(now, then), encoding="utf-8")
            try:
                painted = page.wait_for_function(
                    PAINTED, arg=[selector, old], polling="raf", timeout=PAINT_TIMEOUT
                ).json_value()
            except PlaywrightTimeout:
                said = "".join(watch.said[-20:])
                raise RuntimeError(
                    f"no new picture {PAINT_TIMEOUT} ms after a save: {said}"
                ) from None
            if run:
                took.append(painted - saved)
            watch.idle()  # this edit's slow files and checks are done: the next starts alone
        return took
    finally:
        context.close()
        watch.stop()


def floor_runs(project: Path, runs: int) -> list[float]:
    """One hero card drawn, rasterised and encoded in every locale, in this warm process (ms)."""
    import pypdfium2

    from ttgbuild.core.printing import PrintSettings
    from ttgbuild.i18n.paths import project_locales
    from ttgbuild.i18n.runtime import load_translator
    from ttgbuild.packs.jugger import PACK
    from ttgbuild.packs.jugger.render import cards
    from ttgbuild.preview import raster
    from ttgbuild.render.context import RenderContext
    from ttgbuild.validate.project import validate_project

    loaded, _diagnostics = validate_project(project)
    hero = next(h for h in loaded.content.heroes if h.id == HERO)
    content = dataclasses.replace(loaded.content, heroes=[hero], kit=None)
    translators = {loc: load_translator(project, loc) for loc in project_locales(project)}
    settings = PrintSettings()

    def once() -> float:
        started = time.perf_counter()
        for tr in translators.values():
            ctx = RenderContext.for_pack(
                PACK, content, tr.fresh(), settings, content_dir=project / "content"
            )
            ctx.placements = []
            data = cards.render(ctx)
            placed = next(p for p in ctx.placements if p.piece.record == HERO)
            document = pypdfium2.PdfDocument(data)
            page = document[placed.page - 1]
            raster.encode(raster.render(page, tuple(placed.box)))
            page.close()
            document.close()
        return (time.perf_counter() - started) * 1000

    once()  # warm: fonts, templates and layouts loaded, as in a process that stays running
    return [once() for _ in range(runs)]


def build_runs(project: Path, cache: Path, runs: int) -> dict[str, tuple]:
    """`ttgbuild build` from nothing, then after one edit of the hero's attack (medians)."""
    from bench.run import run_once

    hero_file = project / "content" / "heroes" / f"{HERO}.yaml"
    full, edit, drawn = [], [], (0, 0)
    for run in range(runs):
        out = project / f"kit-{run}"
        command = [sys.executable, "-m", "ttgbuild", "build", "--project", str(project)]
        full.append(run_once([*command, "--out", str(out)], project, cache))
        before = {path: path.stat().st_ino for path in out.glob("*/*.pdf")}
        text = hero_file.read_text(encoding="utf-8")
        now, then = ATTACKS if ATTACKS[0] in text else ATTACKS[::-1]
        hero_file.write_text(text.replace(now, then), encoding="utf-8")
        edit.append(run_once([*command, "--out", str(out)], project, cache))
        changed = sum(path.stat().st_ino != inode for path, inode in before.items())
        drawn = (changed, len(before))
        shutil.rmtree(out)

    def median(samples: list) -> tuple[float, float]:
        return statistics.median(s.wall for s in samples), statistics.median(s.cpu for s in samples)

    return {"build_full": median(full), "build_edit": median(edit), "files_drawn": drawn}


def measure(sizes: Sequence[int], runs: int, builds: int, keep: Path | None) -> list[Result]:
    """Every size measured in turn; with `keep`, the samples so far written after each."""
    from playwright.sync_api import sync_playwright

    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="ttgbuild-loop-") as folder:
        work = Path(folder)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            try:
                for size in sizes:
                    project = make(work, size)
                    loop = loop_runs(browser, project, work / f"cache-{size}", runs)
                    floor = floor_runs(project, runs)
                    built = build_runs(project, work / f"cache-{size}", builds) if builds else {}
                    results.append(Result(size, loop, floor, **built))
                    print(row(results[-1]), flush=True)
                    if keep:
                        samples = [dataclasses.asdict(result) for result in results]
                        report = {"machine": machine(), "results": samples}
                        keep.write_text(json.dumps(report, indent=1), encoding="utf-8")
            finally:
                browser.close()
    return results


def row(result: Result) -> str:
    loop = (
        f"{result.heroes:>5} heroes: save to paint {result.loop:7.0f} ms median "
        f"({min(result.loop_ms):.0f}-{max(result.loop_ms):.0f}), one-card floor "
        f"{result.floor:5.1f} ms ({min(result.floor_ms):.1f}-{max(result.floor_ms):.1f}), "
        f"ratio {result.loop / result.floor:5.1f}x, {len(result.loop_ms)} runs"
    )
    if not result.files_drawn[1]:  # --builds 0
        return loop
    return (
        f"{loop}; build from nothing {result.build_full[0]:.1f} s ({result.build_full[1]:.1f} s "
        f"CPU), after the edit {result.build_edit[0]:.1f} s ({result.build_edit[1]:.1f} s CPU), "
        f"{result.files_drawn[0]} of {result.files_drawn[1]} files drawn"
    )


def machine() -> str:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    model = ""
    try:
        info = Path("/proc/cpuinfo").read_text(encoding="utf-8")
        model = next(
            line.split(":", 1)[1].strip() for line in info.splitlines() if "model name" in line
        )
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    python = platform.python_version()
    return f"{model or platform.machine()}, {cores} cores, load {load:.1f}, Python {python}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.loop", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--heroes", default="30,1000", help="comma-separated team sizes")
    parser.add_argument("--runs", type=int, default=7, help="timed edits per size (median)")
    parser.add_argument(
        "--builds", type=int, default=3, help="builds per size (median); 0: the loop only"
    )
    parser.add_argument("--json", type=Path, help="also write the samples here")
    options = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    sizes = [int(size) for size in options.heroes.split(",")]
    print(f"# {machine()}", flush=True)
    measure(sizes, options.runs, options.builds, options.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
