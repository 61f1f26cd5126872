"""How a run told to stop says so: Ctrl-C is KeyboardInterrupt, SIGTERM is `Terminated`.

A build turns SIGTERM into an exception (see `parallel`) so its workers are
stopped and nothing is half replaced; the entry point then exits as a process
ended by that signal would (128 + 15), which is what shells and supervisors
expect. It lives apart from `parallel` so the CLI can name it without
importing the process pool.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SIGTERM_EXIT = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop like Ctrl-C, exit like SIGTERM."""


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """SIGTERM raises `Terminated` inside the block, so the code's own cleanup runs (a
    command that writes a folder in steps removes what it began), then is as before.

    Handlers can be set only in the main thread; elsewhere SIGTERM keeps its effect.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _raise_terminated(_signum: int, _frame: object) -> None:
    raise Terminated
