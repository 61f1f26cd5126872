"""`parallel.run_all(meanwhile=...)`: the parent's own work overlaps the workers' jobs.

The build checks its catalogs this way while the first files are drawn; a
failed check must cancel the jobs not started and discard what was drawn.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ttgbuild.core import parallel


def _square(job: int, _progress: parallel.Progress) -> int:
    return job * job


def _mark(job: Path, _progress: parallel.Progress) -> str:
    job.write_text("drawing")
    return job.name


def _sleep(job: float, _progress: parallel.Progress) -> float:
    time.sleep(job)
    return job


class _Stop(Exception):
    pass


@pytest.mark.parametrize("processes", [1, 2])
def test_meanwhile_runs_once_and_the_results_are_kept(processes: int) -> None:
    calls: list[int] = []
    results = parallel.run_all(
        _square, [1, 2, 3, 4], lambda _m: None, processes, meanwhile=lambda: calls.append(1)
    )
    assert results == [1, 4, 9, 16]
    assert calls == [1]


def test_meanwhile_runs_while_the_workers_draw(tmp_path: Path) -> None:
    """`meanwhile` sees the workers' first jobs started: it is not run before them."""
    marks = [tmp_path / "a", tmp_path / "b"]
    seen: list[bool] = []

    def look() -> None:
        deadline = time.monotonic() + 20
        while not all(mark.exists() for mark in marks) and time.monotonic() < deadline:
            time.sleep(0.01)
        seen.append(all(mark.exists() for mark in marks))

    assert parallel.run_all(_mark, marks, lambda _m: None, 2, meanwhile=look) == ["a", "b"]
    assert seen == [True]


def test_a_failing_meanwhile_cancels_the_jobs_not_started_and_goes_to_the_caller() -> None:
    """The workers finish the jobs they hold (killing one as it takes a job from the queue
    could hang the shutdown); the others are never started."""
    started = time.monotonic()
    with pytest.raises(_Stop):
        parallel.run_all(_sleep, [2.0] * 12, lambda _m: None, 2, meanwhile=_raise)
    # All twelve would take 12 s on two workers; the held ones (at most three) about 4 s.
    assert time.monotonic() - started < 9


def _raise() -> None:
    raise _Stop


def test_a_failing_meanwhile_never_hangs_the_shutdown() -> None:
    """Failing at once, again and again, while the workers start and take their jobs
    (a fuzzing run once hung here when the workers were killed instead)."""
    for _ in range(30):
        with pytest.raises(_Stop):
            parallel.run_all(_square, list(range(40)), lambda _m: None, 2, meanwhile=_raise)
