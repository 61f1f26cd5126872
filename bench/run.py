"""One command, one machine, one run: ttgbuild against its floors and its peer.

Every side runs as its own process, the way a user runs it, and is timed on
the wall clock (best of --runs, sides alternating so that a busy moment hurts
both); CPU time and peak memory are reported beside it. Peak memory is the
largest resident size of all the run's processes together (workers
included), sampled every 10 ms, and never less than any one process's own
high-water mark.

  full kit     `ttgbuild build --out FRESH` (every shipped locale, nothing
               built or checked before: a fresh cache folder too) against
               bench/floor_kit.py drawing the same page counts; the same
               with the catalog checks remembered (a fresh folder, the
               cache of the first run); then a no-change rebuild.
  hero cards   bench/ours_cards.py against bench/peer_weasyprint.py (the
               same heroes, 3 x 3 per A4 sheet); compared on their render
               time after imports, end to end shown beside it.
  validation   `ttgbuild validate` on a copy of the project with N generated
               heroes against bench/floor_validate.py on the same hero files
               (best of N: catalog checks remembered from the first run).

Usage: python -m bench [--quick] [--runs N] [--only kit,peer,validate] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench.heroes import make_project

REPO = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


@dataclass
class Sample:
    """One side's best run: wall and CPU seconds, peak memory, what the process printed."""

    wall: float
    cpu: float
    peak_mib: float
    render: float | None = None  # seconds the process itself reported, if it did


@dataclass
class Row:
    """One line of the report: ttgbuild's figure, the floor's or peer's, and the verdict."""

    name: str
    ours: Sample | None
    other: Sample | None
    ratio: float | None
    target: str
    passed: bool | None
    note: str = ""
    extra: dict[str, float] = field(default_factory=dict)
    basis: str = "wall"  # which time the table shows and the ratio compares: wall or render


def ttgbuild_command() -> list[str]:
    """The `ttgbuild` a user runs: the console script beside this Python."""
    script = Path(sys.executable).parent / "ttgbuild"
    return [str(script)] if script.exists() else [sys.executable, "-m", "ttgbuild"]


def _tree_memory(pid: int) -> int:
    """Bytes resident now in a process and all its descendants, or more if one peaked higher.

    Each process's own high-water mark (VmHWM) is exact; the sum of the
    current sizes catches workers running side by side. The kernel's
    ru_maxrss is not used: it counts the forking parent's size from before exec.
    """
    total, highest, stack = 0, 0, [pid]
    while stack:
        current = stack.pop()
        try:
            with open(f"/proc/{current}/status", encoding="ascii") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            total += int(fields["VmRSS"].split()[0]) * 1024
            highest = max(highest, int(fields["VmHWM"].split()[0]) * 1024)
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as kids:
                    stack.extend(int(k) for k in kids.read().split())
        except (OSError, ValueError, KeyError):
            continue
    return max(total, highest)


def run_once(command: Sequence[str], cwd: Path, cache: Path | None = None) -> Sample:
    """Run a command to completion; its wall and CPU time, peak memory and reported JSON.

    `cache` is the folder ttgbuild remembers catalog checks in (TTGBUILD_CACHE_DIR),
    so what a run finds there is the benchmark's choice, not the user's cache's.
    """
    env = {**os.environ, "TTGBUILD_CACHE_DIR": str(cache)} if cache else None
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err, env=env)
        peak = 0
        done = threading.Event()

        def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, _tree_memory(process.pid))
                if done.wait(0.01):
                    return

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        done.set()
        sampler.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    if process.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} exited {process.returncode}:\n{stdout[-800:]}{stderr[-800:]}"
        )
    return Sample(wall, usage.ru_utime + usage.ru_stime, peak / MIB, _reported(stdout))


def _reported(stdout: str) -> float | None:
    lines = stdout.strip().splitlines()
    try:
        return float(json.loads(lines[-1])["render_seconds"]) if lines else None
    except (ValueError, KeyError, TypeError):
        return None


def best_of(runs: int, sides: Sequence[Callable[[], Sample]]) -> list[Sample]:
    """Each side `runs` times, alternating; per side the fastest wall and CPU, the largest peak."""
    samples: list[list[Sample]] = [[] for _ in sides]
    for _ in range(runs):
        for i, side in enumerate(sides):
            samples[i].append(side())
    return [
        Sample(
            min(s.wall for s in runs_),
            min(s.cpu for s in runs_),
            max(s.peak_mib for s in runs_),
            min((s.render for s in runs_ if s.render is not None), default=None),
        )
        for runs_ in samples
    ]


def count_pages(folder: Path) -> dict[str, int]:
    """Pages of every PDF under `folder`, by path relative to it."""
    from pypdf import PdfReader

    return {
        path.relative_to(folder).as_posix(): len(PdfReader(path).pages)
        for path in sorted(folder.glob("*/*.pdf"))
    }


def content_counts(folder: Path) -> tuple[int, int] | None:
    """Text runs and drawn shapes in every PDF under `folder` (None without PyMuPDF).

    Shown beside the kit's timing so that anyone can see the floor draws as
    much as the kit does, not a sketch of it.
    """
    try:
        import pymupdf
    except ImportError:
        return None
    spans = shapes = 0
    for path in sorted(folder.glob("*/*.pdf")):
        with pymupdf.open(path) as document:
            for page in document:
                shapes += len(page.get_drawings())
                blocks = page.get_text("dict")["blocks"]
                spans += sum(len(line["spans"]) for b in blocks for line in b.get("lines", []))
    return spans, shapes


def kit_rows(work: Path, runs: int, locales: str | None) -> list[Row]:
    """The full kit against the floor, and a rebuild with nothing changed."""
    build = [*ttgbuild_command(), "build"] + (["--locale", locales] if locales else [])
    counter = iter(range(10**6))
    first = work / "kit-0"
    plan = work / "pages.json"

    def ours() -> Sample:
        run = next(counter)  # a fresh folder and cache: nothing built or checked before
        out = work / f"kit-{run}"
        sample = run_once([*build, "--out", str(out)], REPO, work / f"cache-{run}")
        if not plan.exists():  # the floor draws the page counts of the first real build
            plan.write_text(json.dumps(count_pages(first)), encoding="utf-8")
        return sample

    def floor() -> Sample:
        out = work / f"floor-{next(counter)}"
        return run_once([sys.executable, "-m", "bench.floor_kit", str(out), str(plan)], REPO)

    kit, base = best_of(runs, [ours, floor])
    pages = json.loads(plan.read_text(encoding="utf-8"))
    drawn = {"kit": content_counts(first), "floor": content_counts(work / "floor-1")}
    compared = ""
    if drawn["kit"] and drawn["floor"]:
        compared = (
            f"; drawn: kit {drawn['kit'][0]:,} text runs and {drawn['kit'][1]:,} shapes,"
            f" floor {drawn['floor'][0]:,} and {drawn['floor'][1]:,}"
        )
    shown = sorted({name.split("/")[0] for name in pages})
    ratio = kit.wall / base.wall
    cache = work / "cache-0"

    def remembered() -> Sample:  # a fresh folder, the catalog checks of the first run remembered
        return run_once([*build, "--out", str(work / f"kit-{next(counter)}")], REPO, cache)

    warm, base_again = best_of(runs, [remembered, floor])
    (rebuilt,) = best_of(runs, [lambda: run_once([*build, "--out", str(first)], REPO, cache)])
    return [
        Row(
            f"full kit ({', '.join(shown)}; {len(pages)} files, {sum(pages.values())} pages)"
            " vs floor",
            kit,
            base,
            ratio,
            "<= 1.5x",
            ratio <= 1.5,
            f"cpu ratio {kit.cpu / base.cpu:.2f}x{compared}",
        ),
        Row(
            "full kit with catalog checks remembered (the same build, a fresh folder)",
            warm,
            base_again,
            warm.wall / base_again.wall,
            "(report)",
            None,
            f"cpu ratio {warm.cpu / base_again.cpu:.2f}x",
        ),
        Row("rebuild, nothing changed", rebuilt, None, None, "<= 0.5 s", rebuilt.wall <= 0.5),
    ]


def peer_rows(work: Path, runs: int, heroes: int | None) -> list[Row]:
    """The same hero cards through ttgbuild and through WeasyPrint."""
    limit = ["--heroes", str(heroes)] if heroes else []
    name = "hero cards vs WeasyPrint peer (render time after imports)"
    try:
        import weasyprint  # noqa: F401  (only whether it can be imported)
    except (ImportError, OSError) as exc:
        note = f"peer not run: WeasyPrint unavailable ({exc}); pip install -e '.[bench]'"
        return [Row(name, None, None, None, ">= 20x faster", None, note)]

    def ours() -> Sample:
        return run_once(
            [sys.executable, "-m", "bench.ours_cards", str(work / "ours.pdf"), *limit], REPO
        )

    def peer() -> Sample:
        return run_once(
            [sys.executable, "-m", "bench.peer_weasyprint", str(work / "peer.pdf"), *limit], REPO
        )

    mine, theirs = best_of(runs, [ours, peer])
    assert mine.render is not None and theirs.render is not None
    speedup = theirs.render / mine.render
    return [
        Row(
            name,
            mine,
            theirs,
            speedup,
            ">= 20x faster",
            speedup >= 20,
            f"end to end (with interpreter start and imports): {mine.wall:.2f} s against"
            f" {theirs.wall:.2f} s, {theirs.wall / mine.wall:.1f}x",
            basis="render",
        )
    ]


def validation_rows(work: Path, runs: int, sizes: Sequence[int]) -> list[Row]:
    """`ttgbuild validate` on projects of generated heroes against the floor on the same files."""
    rows: list[Row] = []
    timed: list[tuple[int, float, float]] = []  # hero files, ttgbuild's wall, the floor's
    for count in sizes:
        project = work / f"heroes-{count}"
        make_project(REPO, project, count)
        heroes = project / "content" / "heroes"
        files = len(list(heroes.glob("*.yaml")))
        ours_, floor_ = best_of(
            runs,
            [
                # One cache for a project's runs: after the first, its catalog checks are
                # remembered, as they are while a user edits heroes (they carry no text).
                lambda p=project: run_once([*ttgbuild_command(), "validate"], p, p / ".cache"),
                lambda h=heroes: run_once(
                    [sys.executable, "-m", "bench.floor_validate", str(h)], REPO
                ),
            ],
        )
        ratio = ours_.wall / floor_.wall
        timed.append((files, ours_.wall, floor_.wall))
        judged = count >= 10_000  # the target is set for ten thousand heroes
        rows.append(
            Row(
                f"validate {count:,} generated heroes ({files:,} hero files) vs floor",
                ours_,
                floor_,
                ratio,
                "<= 1.3x" if judged else "(report)",
                ratio <= 1.3 if judged else None,
                f"{1000 * ours_.wall / files:.3f} ms per hero "
                f"(floor {1000 * floor_.wall / files:.3f} ms)",
                {"ms_per_hero": 1000 * ours_.wall / files},
            )
        )
        shutil.rmtree(project)
    if len(timed) > 1:
        (few, ours_few, floor_few), (many, ours_many, floor_many) = timed[0], timed[-1]
        growth = (ours_many / many) / (ours_few / few)
        marginal = 1000 * (ours_many - ours_few) / (many - few)
        floor_marginal = 1000 * (floor_many - floor_few) / (many - few)
        rows.append(
            Row(
                f"time per hero, {sizes[-1]:,} vs {sizes[0]:,} heroes (linear: <= 1)",
                None,
                None,
                growth,
                "<= 1.0x",
                growth <= 1.0,
                f"each hero past the first {sizes[0]:,} costs {marginal:.3f} ms"
                f" (floor {floor_marginal:.3f} ms); above 1 would mean superlinear growth",
                {"marginal_ms_per_hero": marginal, "floor_marginal_ms_per_hero": floor_marginal},
            )
        )
    return rows


def _seconds(sample: Sample | None, basis: str) -> str:
    if sample is None:
        return "-"
    seconds = sample.render if basis == "render" and sample.render is not None else sample.wall
    return f"{seconds:.2f} s"


def report(rows: list[Row], header: str) -> str:
    """The table people read, one row per measurement."""
    lines = [header, ""]
    cells = [
        ("measurement", "ttgbuild", "floor/peer", "ratio", "target", "result", "peak MiB"),
        *(
            (
                row.name,
                _seconds(row.ours, row.basis),
                _seconds(row.other, row.basis),
                f"{row.ratio:.2f}x" if row.ratio is not None else "-",
                row.target,
                {True: "PASS", False: "FAIL", None: "-"}[row.passed],
                " / ".join(f"{s.peak_mib:.0f}" for s in (row.ours, row.other) if s) or "-",
            )
            for row in rows
        ),
    ]
    widths = [max(len(c[i]) for c in cells) for i in range(len(cells[0]))]
    for cell in cells:
        lines.append("  ".join(v.ljust(w) for v, w in zip(cell, widths, strict=True)).rstrip())
    lines.append("")
    for row in rows:
        details = []
        for side, sample in (("ttgbuild", row.ours), ("other", row.other)):
            if sample is not None:
                render = f", render {sample.render:.3f} s" if sample.render is not None else ""
                details.append(f"{side} cpu {sample.cpu:.2f} s{render}")
        if row.note:
            details.append(row.note)
        if details:
            lines.append(f"- {row.name}: {'; '.join(details)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, one run (smoke test)")
    parser.add_argument("--runs", type=int, help="runs per side, best kept (default 3; quick 1)")
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    parser.add_argument(
        "--only",
        default="kit,peer,validate",
        help="comma-separated parts to run: kit, peer, validate (default: all)",
    )
    args = parser.parse_args(argv)
    parts = {part.strip() for part in args.only.split(",")}
    if not parts <= {"kit", "peer", "validate"}:
        parser.error(f"--only takes kit, peer and validate, not {args.only!r}")
    runs = args.runs or (1 if args.quick else 3)
    sizes = (20, 100) if args.quick else (1000, 10000)
    cores = len(os.sched_getaffinity(0))
    header = (
        f"ttgbuild benchmarks: {cores} cores, load average {os.getloadavg()[0]:.2f} "
        f"at start, best of {runs} run(s), wall clock"
        + (" (quick: English only, 9 hero cards, tiny hero counts)" if args.quick else "")
    )
    with tempfile.TemporaryDirectory(prefix="ttgbuild-bench-") as temp:
        work = Path(temp)
        rows: list[Row] = []
        if "kit" in parts:
            rows += kit_rows(work, runs, "en" if args.quick else None)
        if "peer" in parts:
            rows += peer_rows(work, runs, 9 if args.quick else None)
        if "validate" in parts:
            rows += validation_rows(work, runs, sizes)
    print(report(rows, header))
    if args.json:
        args.json.write_text(
            json.dumps(
                {"header": header, "rows": [asdict(r) for r in rows]}, indent=2, sort_keys=False
            )
            + "\n",
            encoding="utf-8",
        )
    return 0 if all(r.passed is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
