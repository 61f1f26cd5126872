"""Answers remembered between runs: small JSON files keyed by fingerprints of their inputs.

Checks whose inputs rarely change (the catalog checks, a pack's own data files)
keep their answer under a SHA-256 of everything they read. Keys hash bytes,
never times, so any changed byte means the work is done again. The files live
in the user's cache folder: `TTGBUILD_CACHE_DIR`, else where the platform keeps
caches, as platformdirs says (Linux: `$XDG_CACHE_HOME/ttgbuild`, else
`~/.cache/ttgbuild`; macOS: `~/Library/Caches/ttgbuild`; Windows:
`%LOCALAPPDATA%\\ttgbuild\\Cache`). There is one of each kind per project folder,
replaced when its key changes, so the folder does not grow with every edit; but
every new project folder, set of locales and code version adds files, so each
write (`write`) prunes the folder when due (`cacheprune`: at most hourly, files
unused for 30 days, then the least recently used above a size bound). Reading
a file sets its modification time, so that time is its last use. One that
cannot be read or written is simply not used: the cache never changes a result.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

from ttgbuild.core import fingerprint
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.readfile import read_regular

CACHE_ENV = "TTGBUILD_CACHE_DIR"
# The settings that decide the folder: ours, then those platformdirs reads on this system
# (on Windows it asks the shell for Local AppData, which LOCALAPPDATA names only as a
# fallback: listed all the same, as a change can only make the folder be worked out again).
CACHE_SETTINGS = (
    (CACHE_ENV, "WIN_PD_OVERRIDE_LOCAL_APPDATA", "LOCALAPPDATA")
    if sys.platform == "win32"
    else (CACHE_ENV, "XDG_CACHE_HOME", "HOME")
)
FORMAT = 1  # bump when what is stored changes shape
# An answer is read only up to this: far above the largest catalogs' answers (a few MB).
MAX_CACHE_BYTES = 64 * 1024 * 1024


def cache_dir() -> Path:
    """Where remembered answers live (the folder may not exist yet)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return _platform_cache_dir(tuple(os.environ.get(name) for name in CACHE_SETTINGS[1:]))


@cache
def _platform_cache_dir(settings: tuple[str | None, ...]) -> Path:
    """The platform's user cache folder for ttgbuild, worked out once per value of the
    `settings` it depends on (a test or a caller may change them).

    platformdirs is imported here, not at the top: it costs some 5 ms even after what
    it shares with the rest of a run is loaded, which `TTGBUILD_CACHE_DIR` and the
    commands that remember nothing need not pay.
    """
    import platformdirs

    return Path(platformdirs.user_cache_dir("ttgbuild", appauthor=False))


def _path(project: Path, kind: str) -> Path:
    """The one file of this kind for this project folder."""
    folder = fingerprint.bytes_digest(str(project.resolve()).encode("utf-8", "surrogateescape"))
    return cache_dir() / f"{kind}-{folder[:32]}.json"


def load(project: Path, kind: str, key: str) -> Any:
    """The stored answer for `key`, or None when there is none or it cannot be read whole."""
    path = _path(project, kind)
    try:
        stored = json.loads(read_regular(path, MAX_CACHE_BYTES).decode("utf-8"))
    except (OSError, ValueError):  # ValueError: not UTF-8 or not JSON
        return None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("key") != key:
        return None
    _used(path)
    return stored.get("rows")


def store(project: Path, kind: str, key: str, rows: list[Any]) -> None:
    """Keep an answer, written atomically so a reader never sees half; failures ignored."""
    data = json.dumps({"format": FORMAT, "key": key, "rows": rows}, ensure_ascii=False)
    with suppress(OSError):  # a cache folder that cannot be written is simply not used
        write(_path(project, kind), data.encode("utf-8"))


def write(path: Path, data: bytes, mode: int | None = None) -> None:
    """Replace a file in the cache folder in one step (`write_atomically`), then prune the
    folder if it is due: only writing makes it grow. Raises what writing raised; pruning
    raises nothing."""
    write_atomically(path, data, mode)
    from ttgbuild.core import cacheprune  # here: a run that only reads never loads it

    cacheprune.prune_if_due(path.parent, keep=path.name)


def _used(path: Path) -> None:
    """Mark a cache file as just used (its modification time), so pruning takes the least
    recently used first; a link is never followed, and a failure changes nothing."""
    with suppress(OSError, NotImplementedError):  # read-only folder; no lutimes (Windows)
        os.utime(path, follow_symlinks=False)


def stored_part(
    path: Path, limit: int, decode: Callable[[bytes], Any], form: int, part: str, key: str = ""
) -> dict[Any, Any]:
    """The `part` mapping of a memo file written as {"format", "key", part}; empty when the
    file is missing, unreadable, not whole, or of another format or key (`key` "": none
    asked). The memos (digests, expression trees, loads) check their entries themselves.
    """
    try:
        stored = decode(read_regular(path, limit))
    except Exception:  # OSError, or a truncated or foreign file: not used
        return {}
    if not isinstance(stored, dict) or stored.get("format") != form:
        return {}
    if key and stored.get("key") != key:
        return {}
    found = stored.get(part)
    if not isinstance(found, dict):
        return {}
    _used(path)
    return found
