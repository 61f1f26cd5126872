"""Independent jobs run on the machine's cores, their progress shown by the parent.

Drawing a locale is pure Python work, so threads would take turns on one
core; separate processes do not. Each worker gets a job, calls `work(job,
progress)` and sends back the result, which must pickle; progress messages
travel back through a queue and are shown by the parent, the one process
that prints. An exception in a worker is raised again in the parent with the
worker's traceback attached, and the jobs not yet started are cancelled.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.queues import SimpleQueue
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")
Progress = Callable[[str], None]
Work = Callable[[Job, Progress], Result]

# In a worker process: where its progress messages go (set when the worker starts).
_messages: SimpleQueue[str] | None = None


def cores() -> int:
    """How many cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def start_method() -> str:
    """fork on Linux (workers start in milliseconds with everything imported), spawn elsewhere.

    macOS and Windows do not fork safely; there each worker imports ttgbuild
    afresh, which costs a few tenths of a second and gives the same bytes.
    """
    return "fork" if sys.platform == "linux" else "spawn"


def run_all(
    work: Work[Job, Result],
    jobs: Sequence[Job],
    progress: Progress,
    processes: int | None = None,
    method: str | None = None,
) -> list[Result]:
    """`work` applied to every job, results in the jobs' order; in this process if one core or job.

    `work` must be a module-level function (it is sent to the workers by name).
    """
    count = min(len(jobs), processes or cores())
    if count <= 1:
        return [work(job, progress) for job in jobs]
    context = multiprocessing.get_context(method or start_method())
    messages: SimpleQueue[str] = context.SimpleQueue()
    pool = ProcessPoolExecutor(
        count, mp_context=context, initializer=_start_worker, initargs=(messages,)
    )
    try:
        futures = [pool.submit(_run_one, work, job) for job in jobs]
        _wait_showing_progress(futures, messages, progress)
        return [future.result() for future in futures]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        messages.close()


def _wait_showing_progress(
    futures: list[Future[Result]], messages: SimpleQueue[str], progress: Progress
) -> None:
    """Relay progress until every job is done; stop at the first job that failed."""
    pending: set[Future[Result]] = set(futures)
    while pending:
        done, pending = wait(pending, timeout=0.05, return_when=FIRST_COMPLETED)
        while not messages.empty():
            progress(messages.get())
        for future in done:
            future.result()  # raises the worker's exception here


def _start_worker(messages: SimpleQueue[str]) -> None:
    """Set up a worker: progress goes to the parent, and Ctrl-C is the parent's to handle."""
    global _messages
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _messages = messages


def _run_one(work: Work[Job, Result], job: Job) -> Result:
    assert _messages is not None, "workers are started by run_all"
    return work(job, _messages.put)
