"""File digests remembered by their stat, so the code fingerprint need not reread every file.

`fingerprint.code_key` hashes about 430 code files on every `validate` and
`build`: some 15 ms of a run whose answers are all remembered. A file's digest
is kept with its size, modification and change times (nanoseconds) and inode,
and reused while all four are the same. Any write to a file sets its change
time to the clock, and so does restoring its modification time (`touch -d`,
`cp -p`), which no program can set back; a file replaced by another has a new
inode or change time. A file changed in the last seconds is not remembered
(`SETTLE_NS`), so an edit within the same clock tick as the memo's own reading
cannot hide behind it. The memo is one small JSON file per folder in the user's
cache folder; one that cannot be read or written is simply not used.
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from ttgbuild.core import fingerprint, remembered

FORMAT = 1
SETTLE_NS = 2_000_000_000  # a file changed less than this long ago is hashed, not remembered
MAX_MEMO_BYTES = 8 * 1024 * 1024

Stamp = list[int]  # [size, mtime_ns, ctime_ns, inode]


class DigestMemo:
    """The remembered digests of the files under one folder, kept for one walk of it."""

    def __init__(self, root: Path) -> None:
        name = fingerprint.bytes_digest(str(root.resolve()).encode("utf-8", "surrogateescape"))[:32]
        self.path = remembered.cache_dir() / f"digests-{name}.json"
        self.known = _read(self.path)
        self.seen: dict[str, list[object]] = {}
        self.changed = False
        self.now_ns = time.time_ns()

    def digest(self, path: str, compute: Callable[[Path], str]) -> str:
        """`compute(path)`, or the digest remembered for this file while its stat is the same."""
        try:
            found = os.stat(path)
        except OSError:
            return compute(Path(path))
        if not stat.S_ISREG(found.st_mode):
            return compute(Path(path))
        stamp: Stamp = [found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino]
        entry = self.known.get(path)
        if entry is not None and entry[:4] == stamp:
            self.seen[path] = entry
            return str(entry[4])
        result = compute(Path(path))
        settled = self.now_ns - max(found.st_mtime_ns, found.st_ctime_ns) > SETTLE_NS
        if settled and not result.startswith(("unreadable:", "not a regular file")):
            self.seen[path] = [*stamp, result]
            self.changed = True
        return result

    def save(self) -> None:
        """Keep what this walk saw (files gone are forgotten), if anything is new or gone."""
        if not self.changed and self.seen.keys() == self.known.keys():
            return
        data = json.dumps({"format": FORMAT, "files": self.seen}, ensure_ascii=True)
        with suppress(OSError):  # a cache folder that cannot be written is simply not used
            remembered.write(self.path, data.encode("ascii"))


def _read(path: Path) -> dict[str, list[object]]:
    """The stored memo, or nothing when there is none or it is not whole and well formed."""
    files = remembered.stored_part(path, MAX_MEMO_BYTES, _json, FORMAT, "files")
    return {
        path: entry
        for path, entry in files.items()
        if isinstance(entry, list)
        and len(entry) == 5
        and all(type(v) is int for v in entry[:4])
        and isinstance(entry[4], str)
    }


def _json(raw: bytes) -> object:
    return json.loads(raw.decode("ascii"))
