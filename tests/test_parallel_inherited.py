"""Forked workers inherit their jobs: a job is sent as its place, not pickled (its result is)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ttgbuild.core import parallel


def _call(job: Callable[[], int], _progress: Callable[[str], None]) -> int:
    return job()


@pytest.mark.skipif(parallel.start_method() != "fork", reason="only forked workers inherit jobs")
def test_forked_workers_take_jobs_that_would_not_pickle() -> None:
    jobs = [lambda n=n: n * n for n in range(5)]  # a lambda does not pickle
    assert parallel.run_all(_call, jobs, lambda _message: None, processes=2) == [0, 1, 4, 9, 16]
    assert parallel._inherited == {}  # the parent keeps no run's jobs once it is over
