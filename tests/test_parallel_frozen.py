"""`parallel.run_all` freezes the parent's objects while forked workers run.

Forked workers share the parent's memory page by page; a cycle collection
walking inherited objects would copy every page it touches. Frozen objects
are skipped by the collector, and the parent collects them again afterwards.
"""

from __future__ import annotations

import gc

import pytest

from ttgbuild.core import parallel


def _frozen_here(_job: int, _progress: parallel.Progress) -> int:
    """How many objects this worker's collector leaves alone."""
    return gc.get_freeze_count()


def test_forked_workers_inherit_a_frozen_heap_and_the_parent_unfreezes() -> None:
    assert gc.get_freeze_count() == 0
    counts = parallel.run_all(_frozen_here, [1, 2, 3, 4], lambda _m: None, 2, method="fork")
    assert all(count > 0 for count in counts)
    assert gc.get_freeze_count() == 0


def _fail(_job: int, _progress: parallel.Progress) -> int:
    raise ValueError("a failed job")


def test_the_parent_unfreezes_when_a_job_fails() -> None:
    with pytest.raises(ValueError):
        parallel.run_all(_fail, [1, 2], lambda _m: None, 2, method="fork")
    assert gc.get_freeze_count() == 0
