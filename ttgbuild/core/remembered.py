"""Answers remembered between runs: small JSON files keyed by fingerprints of their inputs.

Checks whose inputs rarely change (the catalog checks, a pack's own data files)
keep their answer under a SHA-256 of everything they read. Keys hash bytes,
never times, so any changed byte means the work is done again. The files live
in the user's cache folder (`TTGBUILD_CACHE_DIR`, else `$XDG_CACHE_HOME/ttgbuild`,
else `~/.cache/ttgbuild`), one of each kind per project folder, replaced when
its key changes, so the folder does not grow with every edit. One that cannot be
read or written is simply not used: the cache never changes a result.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from ttgbuild.core import fingerprint
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.readfile import read_regular

CACHE_ENV = "TTGBUILD_CACHE_DIR"
# The settings `cache_dir` reads (and HOME, when the others are unset).
CACHE_SETTINGS = (CACHE_ENV, "XDG_CACHE_HOME", "HOME")
FORMAT = 1  # bump when what is stored changes shape
# An answer is read only up to this: far above the largest catalogs' answers (a few MB).
MAX_CACHE_BYTES = 64 * 1024 * 1024


def cache_dir() -> Path:
    """Where remembered answers live (the folder may not exist yet)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ttgbuild"


def _path(project: Path, kind: str) -> Path:
    """The one file of this kind for this project folder."""
    folder = fingerprint.bytes_digest(str(project.resolve()).encode("utf-8", "surrogateescape"))
    return cache_dir() / f"{kind}-{folder[:32]}.json"


def load(project: Path, kind: str, key: str) -> Any:
    """The stored answer for `key`, or None when there is none or it cannot be read whole."""
    try:
        stored = json.loads(read_regular(_path(project, kind), MAX_CACHE_BYTES).decode("utf-8"))
    except (OSError, ValueError):  # ValueError: not UTF-8 or not JSON
        return None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("key") != key:
        return None
    return stored.get("rows")


def store(project: Path, kind: str, key: str, rows: list[Any]) -> None:
    """Keep an answer, written atomically so a reader never sees half; failures ignored."""
    data = json.dumps({"format": FORMAT, "key": key, "rows": rows}, ensure_ascii=False)
    with suppress(OSError):  # a cache folder that cannot be written is simply not used
        write_atomically(_path(project, kind), data.encode("utf-8"))


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
    return found if isinstance(found, dict) else {}
