"""The cycle collector held off while a command makes only objects that stay alive."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[dict[str, bool]]:
    """Python's cycle collector paused while content is loaded and checked (and while a
    command imports its code: modules are objects that live as long as the process,
    walked by every collection for nothing).

    Loading makes a great many containers that all stay alive (they are the
    content), and every automatic collection walks all of them again: about a
    tenth of validating 10,000 heroes. Whatever became garbage meanwhile is
    collected once the collector runs again; nothing else changes.

    The caller may set "freeze" after a large load: what exists is then frozen
    (`gc.freeze`, as before forking build workers), or the collector would walk the
    content three more times, about 0.1 s at 10,000 heroes, to find nothing
    (validating makes no reference cycles). Small loads, as in tests, are left alone.
    """
    pause = {"freeze": False}
    if not gc.isenabled():  # the caller paused it: theirs to resume
        yield pause
        return
    gc.disable()
    try:
        yield pause
    finally:
        if pause["freeze"]:
            gc.freeze()
        gc.enable()
