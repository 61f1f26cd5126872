"""Independent jobs run on the machine's cores, their progress shown by the parent.

Drawing a locale is pure Python work, so threads would take turns on one
core; separate processes do not. Each worker gets a job, calls `work(job,
progress)` and sends back the result, which must pickle; progress messages
travel back through a queue and are shown by the parent, the one process
that prints. An exception in a worker is raised again in the parent with the
worker's traceback attached, the jobs not yet started are cancelled and the
workers still drawing are stopped.

Workers never outlive the build. SIGTERM to the parent is handled like Ctrl-C
(KeyboardInterrupt): the workers are killed before it exits. SIGKILL
cannot be handled, so on Linux each worker asks the kernel to kill it when its
parent dies (prctl PR_SET_PDEATHSIG), and exits at once if the parent is
already gone by then. Workers are forked by the thread that calls `run_all`
(the pool starts them all at its first job), the thread whose death the
kernel watches.
"""

from __future__ import annotations

import ctypes
import gc
import itertools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from multiprocessing.queues import SimpleQueue
from typing import Any, TypeVar

from ttgbuild.core.interrupts import Terminated

Job = TypeVar("Job")
Result = TypeVar("Result")
Progress = Callable[[str], None]
Work = Callable[[Job, Progress], Result]

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>

# In a worker process: where its progress messages go (set when the worker starts).
_messages: SimpleQueue[str] | None = None
# The jobs of each run under way, by run number. Forked workers inherit them, so a job
# is sent as its run's number and its place rather than pickled (its content, its
# translator and the PDFs a guide reads: megabytes per build, pickled and read back).
_inherited: dict[int, Sequence[Any]] = {}
_runs = itertools.count()


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
    meanwhile: Callable[[], None] = lambda: None,
) -> list[Result]:
    """`work` applied to every job, results in the jobs' order; in this process if one core or job.

    `work` must be a module-level function (it is sent to the workers by name).
    `meanwhile` is called in this process once the workers have their jobs, so
    its work overlaps theirs (before the jobs when they run here); if it raises,
    the jobs not started are cancelled, nothing the workers drew is looked at,
    and the exception goes on to the caller.
    """
    count = min(len(jobs), processes or cores())
    if count <= 1:
        meanwhile()
        return [work(job, progress) for job in jobs]
    context = multiprocessing.get_context(method or start_method())
    messages: SimpleQueue[str] = context.SimpleQueue()
    run = next(_runs)
    forked = context.get_start_method() == "fork"  # every worker forks at the first job
    with _sigterm_as_interrupt() as release, _heap_frozen(forked):
        pool = ProcessPoolExecutor(
            count, mp_context=context, initializer=_start_worker, initargs=(messages, os.getpid())
        )
        try:
            if forked:
                _inherited[run] = jobs
            futures = [  # the first starts the workers
                pool.submit(_run_inherited, work, run, place)
                if forked
                else pool.submit(_run_one, work, job)
                for place, job in enumerate(jobs)
            ]
            release()
            meanwhile()
            _wait_showing_progress(futures, messages, progress)
            return [future.result() for future in futures]
        except (KeyboardInterrupt, SystemExit):
            _stop_workers(pool)  # an interrupt (SIGTERM too): stop at once
            raise
        # When `meanwhile` or a job fails, the jobs not started are cancelled (the
        # shutdown below) and the workers finish the ones they hold; nothing they draw
        # is looked at. Killed then, a worker may be taking its next job from the queue,
        # which can leave the queue locked and the shutdown waiting for ever.
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
            messages.close()
            _inherited.pop(run, None)


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


@contextmanager
def _heap_frozen(forked: bool) -> Iterator[None]:
    """Keep this process's objects out of the cycle collector while forked workers run.

    A forked worker shares the parent's memory until either writes to a page;
    a collection walking the inherited objects (in a worker, or in the parent
    while it works `meanwhile`) writes to each one it visits, and every page
    touched is copied: CPU time and memory for nothing. Frozen (`gc.freeze`),
    they are left alone; they are collected as before once the workers are done.
    """
    if not forked:
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def _sigterm_as_interrupt() -> Iterator[Callable[[], None]]:
    """SIGTERM raises Terminated (a KeyboardInterrupt) once the caller calls the function
    given, so the workers are stopped; until then it waits (blocked), even if it was sent
    already.

    Raised while the pool is still starting its workers, the interrupt could
    leave the executor half started and its shutdown waiting for ever; held
    until every worker is running, it lands in our own loop. Handlers can be
    set only in the main thread, and signals blocked only on POSIX; elsewhere
    SIGTERM keeps its usual effect.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield lambda: None
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        yield lambda: signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    finally:
        signal.signal(signal.SIGTERM, previous)  # a SIGTERM still held now ends the process
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _interrupt(_signum: int, _frame: object) -> None:
    raise Terminated


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill every worker of `pool` now, rather than waiting for the jobs they run.

    SIGKILL, because a worker still starting may not yet handle SIGTERM as it
    should. The executor has no public way to do this before Python 3.14
    (`terminate_workers`); its process table is used instead.
    """
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with suppress(OSError, ValueError):
            process.kill()


def _start_worker(messages: SimpleQueue[str], parent: int) -> None:
    """Set up a worker: it dies with its parent, progress goes to the parent, and Ctrl-C
    and SIGTERM are the parent's to handle (the parent stops its workers itself)."""
    global _messages
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by fork
    if hasattr(signal, "pthread_sigmask"):  # nor the parent's mask holding SIGTERM back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    _messages = messages


def _die_with_parent(parent: int) -> None:
    """On Linux, have the kernel SIGKILL this process when its parent dies; if the parent
    died before that was set (the race the kernel cannot see), exit now."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def _run_one(work: Work[Job, Result], job: Job) -> Result:
    assert _messages is not None, "workers are started by run_all"
    return work(job, _messages.put)


def _run_inherited(work: Work[Job, Result], run: int, place: int) -> Result:
    """`_run_one` for the job at `place` of run `run`, inherited from the parent by fork."""
    return _run_one(work, _inherited[run][place])
