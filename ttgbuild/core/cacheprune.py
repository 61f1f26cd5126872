"""Keeping the user's cache folder within a bound: what ttgbuild no longer uses goes.

Each file there is replaced when its key changes, but new ones come with every
project folder validated (a test's temporary one too), every set of locales
checked and every code folder digested: hundreds after a day of use, never
removed. So when ttgbuild writes to the folder it prunes it, at most once an
hour (`EVERY_S`, told by the time of a stamp file): listing hundreds of files
costs milliseconds, which a run that writes several files should not pay each
time. Pruning removes

- files not used for 30 days (`MAX_AGE_S`): reading a file sets its time, so
  its time is its last use;
- then, while ttgbuild's files hold more than the bound (`TTGBUILD_CACHE_MAX_MB`
  megabytes, default 100), the least recently used, oldest first. The file just
  written stays, even if it alone is over the bound.

Only regular files whose names ttgbuild gives them (`NAMES`, and the temporary
files a killed writer left of them) directly in the folder are removed: never a
file of another name, a folder, or a symbolic link (nor what it points to).
Another run pruning at the same time, a file vanishing meanwhile, a folder that
cannot be listed or written: all leave files as they are. Pruning never fails a
command, and never changes a result (a file removed is worked out again).
"""

from __future__ import annotations

import os
import re
import stat
import time
from contextlib import suppress
from pathlib import Path

from ttgbuild.core.atomic import write_atomically

MAX_MB_ENV = "TTGBUILD_CACHE_MAX_MB"
DEFAULT_MAX_MB = 100  # far above a day's use (a few MB), below what would crowd a disk
MAX_AGE_S = 30 * 24 * 3600
EVERY_S = 3600
STAMP = "pruned.stamp"  # its modification time: when this folder was last pruned

# The remembered answers (`kind-folder.json`, `checks-locales-folder.json`), the file
# digests (`digests-folder.json`), the loads and expression trees, and their temporary
# files (`.NAME.random.tmp`, see core/atomic.py).
_OWN = r"[a-z]+-(?:[0-9a-f]{16}-)?[0-9a-f]{32}\.json|loads\.marshal|expression-trees\.pickle"
NAMES = re.compile(rf"(?:{_OWN})|\.(?:{_OWN})\.[a-z0-9_]+\.tmp")


def max_bytes() -> int:
    """The bound in bytes: `TTGBUILD_CACHE_MAX_MB` when it is a number of megabytes
    (0 or more), else the default; a wrong value must not fail a command."""
    try:
        megabytes = float(os.environ.get(MAX_MB_ENV, DEFAULT_MAX_MB))
    except ValueError:
        megabytes = DEFAULT_MAX_MB
    if not 0 <= megabytes < float("inf"):  # negative, infinite or NaN
        megabytes = DEFAULT_MAX_MB
    return int(megabytes * 1024 * 1024)


def prune_if_due(folder: Path, keep: str) -> None:
    """Prune `folder` if it was not pruned in the last hour (or its stamp is in the future),
    keeping the file named `keep`. The stamp is set first, so runs starting meanwhile
    leave it to this one."""
    stamp = folder / STAMP
    with suppress(OSError):  # no stamp: never pruned; an unwritable folder: left as it is
        if 0 <= time.time() - os.stat(stamp, follow_symlinks=False).st_mtime < EVERY_S:
            return
    with suppress(OSError):
        write_atomically(stamp, b"")  # replaces a link there, never writes through it
        prune(folder, keep)


def prune(folder: Path, keep: str = "") -> None:
    """Remove ttgbuild's files in `folder` unused for `MAX_AGE_S`, then the least recently
    used while they hold more than `max_bytes()`; never the file named `keep`."""
    now = time.time()
    bound = max_bytes()
    files = own_files(folder)
    total = sum(size for _, size, _ in files)
    for mtime, size, name in sorted(files):  # oldest first
        if now - mtime <= MAX_AGE_S and total <= bound:
            return  # every later file is newer, and the rest fit
        if name != keep and _remove(folder / name):
            total -= size


def own_files(folder: Path) -> list[tuple[float, int, str]]:
    """(modification time, size, name) of each regular file in `folder` named as ttgbuild
    names its files; empty if the folder cannot be listed."""
    found = []
    with suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not NAMES.fullmatch(entry.name):
                continue
            with suppress(OSError):  # gone meanwhile: another run pruned it
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode):
                    found.append((info.st_mtime, info.st_size, entry.name))
    return found


def _remove(path: Path) -> bool:
    """Remove one file (a link in its place would be removed itself, never its target);
    whether it is gone, so a file that cannot be removed still counts."""
    try:
        os.unlink(path)
    except FileNotFoundError:  # another run removed it first
        return True
    except OSError:  # a folder or file we may not change
        return False
    return True
