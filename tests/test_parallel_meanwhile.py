"""`parallel.run_all(meanwhile=...)`: the parent's own work overlaps the workers' jobs.

The build checks its catalogs this way while the first files are drawn; a
failed check must stop the workers at once and discard what they drew.
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


def test_a_failing_meanwhile_stops_the_workers_and_goes_to_the_caller() -> None:
    started = time.monotonic()
    with pytest.raises(_Stop):
        parallel.run_all(_sleep, [30.0, 30.0, 30.0], lambda _m: None, 2, meanwhile=_raise)
    assert time.monotonic() - started < 15  # the 30 s jobs were not waited for


def _raise() -> None:
    raise _Stop
