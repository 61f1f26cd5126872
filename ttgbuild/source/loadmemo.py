"""YAML files that loaded clean, remembered between runs: a text seen before is not parsed again.

A designer runs `validate` again and again on a project whose files mostly
did not change since the last run. Parsing them again, and checking them
against the same schemas, was a fifth of the run, and importing PyYAML at all
another twentieth. So each file that loaded with no problem is kept by its
path with its whole text and its data; a file whose text is the same (compared
in full, not by time or digest) takes the data remembered, and the schema
verdicts found for that text (`note_valid`) with it. Any changed
character means the file is parsed and checked as if never seen, and a file
with a problem is never kept, so its report is always made fresh.

The memo is one file in the user's cache folder, in `marshal`'s format (the one
Python's own `.pyc` files use: the fastest the standard library reads and
writes for plain data), under a key of what can change a parse: the Python,
PyYAML's version and the bytes of the reading code. A value marshal cannot keep
(a YAML date) leaves its file out. What this run read or made is written at
exit, once, by the process that read it; a file that cannot be read or written
is simply not used.
"""

from __future__ import annotations

import atexit
import marshal
import os
import sys
from contextlib import suppress
from pathlib import Path
from typing import Any

from ttgbuild.core import fingerprint, remembered
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.readfile import read_regular

FORMAT = 1
NAME = "loads.marshal"
# Bounds on what one run keeps: far above a 10,000-hero project's 12 MB of text and data.
MAX_FILES = 50_000
MAX_BYTES = 128 * 1024 * 1024
# The code whose bytes decide what a text loads as.
READERS = ("yamlsource.py", "yamlparse.py")

# [text, marshalled data, schema verdicts found for this text]: a loaded Document carries
# its file's entry, so its schema check finds its verdicts without looking the file up.
Entry = list[Any]


class LoadMemo:
    """The loads remembered in one cache folder, and what this run read or added."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / NAME
        here = Path(__file__).parent
        self.key = fingerprint.combine(
            {
                "python": sys.version,
                "libraries": fingerprint.library_versions(("PyYAML",)),
                "readers": [fingerprint.file_digest(here / name) for name in READERS],
            }
        )
        self.known = _read(self.path, self.key)
        self.here = os.getcwd()  # relative paths are kept as absolute: the same file either way
        self.kept: dict[str, Entry] = {}  # read or made by this run: what is written
        self.size = 0
        self.changed = False
        self.pid = os.getpid()

    def name(self, path: Path) -> str:
        """The name a file is remembered by: its absolute path as text, made by joining
        (os.path.abspath asks the system for the working folder on every call)."""
        name = os.fspath(path)
        return name if os.path.isabs(name) else os.path.join(self.here, name)

    def recall(self, name: str, text: str) -> tuple[Any, Entry] | None:
        """The data `text` loaded as when last read from the file `name`, as a new object,
        and its entry (for `note_valid`); None if this text was not remembered there."""
        entry = self.kept.get(name) or self.known.get(name)
        if entry is None or entry[0] != text:
            return None
        try:
            data = marshal.loads(entry[1])
        except (EOFError, ValueError, TypeError):  # a damaged entry: parsed instead
            return None
        self._keep(name, entry)
        return data, entry

    def add(self, name: str, text: str, data: Any) -> Entry | None:
        """Remember that `text`, read from the file `name`, loaded clean as `data`; its
        entry, or None if it cannot be kept."""
        try:
            entry = [text, marshal.dumps(data), []]
        except ValueError:  # a date, say: not plain data marshal keeps
            return None
        if not self._keep(name, entry):
            return None
        self.changed = True
        return entry

    def note_valid(self, entry: Entry, verdict: str) -> None:
        """Remember that the text of `entry` is valid under `verdict` (a schema's stamp)."""
        if verdict not in entry[2]:
            entry[2] = [*entry[2], verdict]
            self.changed = True

    def _keep(self, name: str, entry: Entry) -> bool:
        """Keep an entry for writing, within the bounds; whether it was kept."""
        if name not in self.kept:
            size = len(entry[0]) + len(entry[1])
            if len(self.kept) >= MAX_FILES or self.size + size > MAX_BYTES:
                return False
            self.size += size
            if not self.kept:
                atexit.register(self.save)
        self.kept[name] = entry
        return True

    def save(self) -> None:
        """Write what this run read or made, if it differs from what was read; at exit, once."""
        if os.getpid() != self.pid:  # a forked worker: its parent writes
            return
        if not self.changed and self.kept.keys() == self.known.keys():
            return
        with suppress(Exception):  # at exit: a cache that cannot be written must not fail a run
            data = marshal.dumps({"format": FORMAT, "key": self.key, "files": self.kept})
            write_atomically(self.path, data)


def _read(path: Path, key: str) -> dict[str, Entry]:
    """The stored loads under `key`, or none when the file is missing, stale or not whole."""
    try:
        stored = marshal.loads(read_regular(path, MAX_BYTES + 1024 * 1024))
    except Exception:  # OSError, or a truncated or foreign file: not used
        return {}
    if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("key") != key:
        return {}
    files = stored.get("files")
    if not isinstance(files, dict):
        return {}
    return {
        name: entry
        for name, entry in files.items()
        if isinstance(entry, list)
        and len(entry) == 3
        and isinstance(entry[0], str)
        and isinstance(entry[1], bytes)
        and isinstance(entry[2], list)
    }


_current: LoadMemo | None = None
_current_place: tuple[str | None, ...] = ()


def memo() -> LoadMemo:
    """This process's memo for the cache folder in use (a new one if the folder changed).

    Asked once per file read: the settings that name the folder are compared, and the
    folder worked out only when they changed."""
    global _current, _current_place
    chosen = os.environ.get(remembered.CACHE_ENV)
    place = (chosen,) if chosen else tuple(os.environ.get(n) for n in remembered.CACHE_SETTINGS)
    if _current is None or place != _current_place:
        folder = remembered.cache_dir()
        if _current is None or _current.folder != folder:
            if _current is not None:
                atexit.unregister(_current.save)  # the folder was changed under it (tests)
            _current = LoadMemo(folder)
        _current_place = place
    return _current
