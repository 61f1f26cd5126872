"""Opening a file the watch server may hand out: one the gallery wrote, reached without links.

Only the shapes of file the gallery writes are served (`index.html`, its
pictures `img/<hash>.jpg`, its file views `source/**.html`); nothing hidden,
so neither its record nor the kit's cache. Every folder on the way is opened
relative to the one before with O_NOFOLLOW, and the file itself too: a
symbolic link anywhere under the gallery's folder, to `/etc/passwd` or to
anything else, is never followed, and no path can leave the folder. The
opened handle must be a regular file with one link: the gallery writes each
file by renaming a new one into place, so a hard link to another file is not
one of its own.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ttgbuild.core.readfile import READ_FLAGS, NotRegularFile, kind_of
from ttgbuild.preview import raster, sourceview

PICTURE = re.compile(r"[0-9a-f]{20}\.jpg")
TYPES = {".html": "text/html; charset=utf-8", ".jpg": "image/jpeg"}
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_FILE_FLAGS = READ_FLAGS | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def gallery_file(segments: tuple[str, ...]) -> tuple[str, ...] | None:
    """The path of the gallery's own file a URL's segments name (`()`: the index); else None."""
    if not segments:
        return ("index.html",)
    if segments == ("index.html",):
        return segments
    if len(segments) == 2 and segments[0] == raster.FOLDER and PICTURE.fullmatch(segments[1]):
        return segments
    if len(segments) >= 2 and segments[0] == sourceview.FOLDER and segments[-1].endswith(".html"):
        return segments
    return None


def content_type(parts: tuple[str, ...]) -> str:
    return TYPES[Path(parts[-1]).suffix]


def open_beneath(root: Path, parts: tuple[str, ...]) -> int:
    """A read handle on `root/parts...`, following no link on the way (the root itself may be one).

    Raises NotRegularFile, or the OSError the system gave (a link: ELOOP or
    ENOTDIR; missing: ENOENT). The caller closes the handle.
    """
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    try:
        for part in parts[:-1]:
            inner = os.open(part, _FOLDER_FLAGS, dir_fd=folder)
            os.close(folder)
            folder = inner
        handle = os.open(parts[-1], _FILE_FLAGS, dir_fd=folder)
    finally:
        os.close(folder)
    status = os.fstat(handle)
    if not stat.S_ISREG(status.st_mode) or status.st_nlink != 1:
        os.close(handle)
        what = kind_of(status.st_mode) if not stat.S_ISREG(status.st_mode) else "a hard link"
        raise NotRegularFile(f"is {what}, not a file the gallery wrote")
    return handle


def read_handle(handle: int, limit: int) -> bytes | None:
    """Up to `limit` bytes from an open handle; None if it holds more."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = os.read(handle, min(1 << 20, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
    return None
