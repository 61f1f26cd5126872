"""Opening a file the watch server may hand out: one the gallery wrote, reached without links.

Only the shapes of file the gallery writes are served (`index.html`, its
pictures `img/<hash>.jpg`, its file views `source/**.html`); nothing hidden,
so neither its record nor the kit's cache. Every folder on the way is opened
relative to the one before with O_NOFOLLOW, and the file itself too, as the
gallery writes them (`beneath`): a symbolic link anywhere under the
gallery's folder, to `/etc/passwd` or to anything else, is never followed,
and no path can leave the folder. The opened handle must be a regular file
with one link: the gallery writes each file by renaming a new one into
place, so a hard link to another file is not one of its own.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ttgbuild.core.readfile import NotRegularFile, kind_of
from ttgbuild.preview import raster, sourceview
from ttgbuild.preview.beneath import open_file

PICTURE = re.compile(r"[0-9a-f]{20}\.jpg")
TYPES = {".html": "text/html; charset=utf-8", ".jpg": "image/jpeg"}


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
    handle = open_file(root, parts)
    status = os.fstat(handle)
    if not stat.S_ISREG(status.st_mode) or status.st_nlink != 1:
        os.close(handle)
        what = kind_of(status.st_mode) if not stat.S_ISREG(status.st_mode) else "a hard link"
        raise NotRegularFile(f"is {what}, not a file the gallery wrote")
    return handle
