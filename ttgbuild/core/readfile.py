"""Reading a file that came from outside, with a bound, and only if it is a plain file.

A size limit checked with `stat()` protects nothing when the path is a device
(`/dev/zero` reports size 0 and never ends) or a FIFO (opening it blocks until
a writer comes, forever). So the file is opened without blocking, checked
with `fstat` on the open handle (the thing actually read, links followed),
refused unless it is a regular file, and read up to one byte past the limit:
whatever the file claims, no more than `limit + 1` bytes are ever held.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegularFile(OSError):
    """The path is a folder, FIFO, device or socket, not a file with bytes in it."""


class FileTooBig(OSError):
    """The file holds more than the caller's limit; `size` is at least limit + 1."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"file is {size} bytes or more; at most {limit} are read")
        self.size = size
        self.limit = limit


def kind_of(mode: int) -> str:
    """A short name for what a non-regular path is, for messages."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


# Opening never waits (a FIFO with no writer) nor takes a terminal as the controlling one.
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def open_regular(path: Path) -> int:
    """A read handle on `path`, which must be a regular file (checked on the open handle).

    Raises NotRegularFile (message: what the path is instead) or the OSError
    the system gave. The caller closes the handle.
    """
    handle = os.open(path, READ_FLAGS)
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        raise NotRegularFile(f"is {kind_of(mode)}, not a regular file")
    return handle


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of `path`, a regular file of at most `limit` bytes.

    Raises NotRegularFile (message: what the path is instead), FileTooBig, or
    the OSError the system gave (missing, unreadable).
    """
    handle = open_regular(path)
    try:
        data = read_bounded(handle, limit)
        if len(data) > limit:
            raise FileTooBig(max(len(data), os.fstat(handle).st_size), limit)
        return data
    finally:
        os.close(handle)


def read_bounded(handle: int, limit: int) -> bytes:
    """The bytes of an open handle, but no more than `limit + 1` of them, whatever it holds.

    More than `limit` bytes back means the file is too big; the caller says so.
    A megabyte is read at a time, so a huge limit never allocates a huge buffer.
    """
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = os.read(handle, min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def problem(exc: OSError) -> str:
    """What went wrong reading a file, in words for a diagnostic."""
    if isinstance(exc, NotRegularFile | FileTooBig):
        return str(exc)
    return exc.strerror or str(exc)


def links_outside(path: Path, root: Path) -> bool:
    """Whether `path` (links followed, a loop of links too) lies outside the folder `root`.

    A project's files are read only inside it: a file or folder that links out
    (to another user's files, to /etc) is refused, not read, as content is.
    """
    try:
        return not path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a loop of links (RuntimeError on Python 3.11)
        return True
