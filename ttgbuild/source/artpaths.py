"""Paths written in content may only name regular files inside the content folder.

Content may come from anyone, so a path it gives (a picture, say) is refused
when it could read something that is not part of the project: absolute and
drive paths, UNC shares, `..`, links (the file or any folder on the way) that
resolve outside, loops of links, control characters, folders and devices, and
files too big to be a printed picture. A pack's check reports the problem at
the field; the renderer asks the same question again before it opens the
file, so a file swapped after validation is still never read.
"""

from __future__ import annotations

import re
import stat
from pathlib import Path, PurePosixPath

# A picture prints a few centimetres wide; no sensible one is anywhere near this.
MAX_ART_BYTES = 10 * 1024 * 1024
_DRIVE = re.compile(r"^[A-Za-z]:")


def path_problem(root: Path, rel: str) -> str | None:
    """Why `rel` may not be read from the content folder `root`, or None when it may.

    `root` must already be resolved. The answer completes a sentence such as "portrait 'x' ...".
    """
    if not rel.strip():
        return "is empty; give a path relative to content/, e.g. art/name.png"
    bad = next((c for c in rel if not c.isprintable()), None)
    if bad is not None:
        return f"contains the invisible or control character U+{ord(bad):04X}"
    pure = PurePosixPath(rel.replace("\\", "/"))
    if pure.is_absolute() or _DRIVE.match(rel):
        return "must be relative to content/, not absolute"
    if ".." in pure.parts:
        return "must not climb out of content/ with '..'"
    try:
        target = (root / pure).resolve()
        if not target.is_relative_to(root):
            return "leads outside content/ through a link"
        info = target.stat()
    except FileNotFoundError:
        return "does not exist in content/"
    except RuntimeError:  # Python 3.11 reports a loop of links this way
        return "is a loop of links"
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    if not stat.S_ISREG(info.st_mode):
        return "is not a file (a folder or a device)"
    if info.st_size > MAX_ART_BYTES:
        return f"is {info.st_size} bytes; an image may be at most {MAX_ART_BYTES}"
    return None


def shown(rel: str) -> str:
    """A path as a message quotes it: control characters escaped so they cannot hide."""
    return f"'{rel}'" if rel.isprintable() else repr(rel)
