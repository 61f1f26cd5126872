"""How a run told to stop says so: Ctrl-C is KeyboardInterrupt, SIGTERM is `Terminated`.

A build turns SIGTERM into an exception (see `parallel`) so its workers are
stopped and nothing is half replaced; the entry point then exits as a process
ended by that signal would (128 + 15), which is what shells and supervisors
expect. It lives apart from `parallel` so the CLI can name it without
importing the process pool.
"""

from __future__ import annotations

import signal

SIGTERM_EXIT = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop like Ctrl-C, exit like SIGTERM."""
