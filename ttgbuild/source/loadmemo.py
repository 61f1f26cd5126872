"""YAML files that loaded clean, remembered between runs: a text seen before is not parsed again.

A designer runs `validate` again and again on a project whose files mostly
did not change since the last run. Parsing them again, and checking them
against the same schemas, was a fifth of the run, and importing PyYAML at all
another twentieth. So each file that loaded with no problem is kept by its
path with its whole text and its data; a file whose text is the same (compared
in full, not by time or digest) takes the data remembered, and the schema
verdicts found for that text (`known_valid`, `note_valid`) with it. Any changed
character means the file is parsed and checked as if never seen, and a file
with a problem is never kept, so its report is always made fresh.

The memo is one file in the user's cache folder, in `marshal`'s format (the one
Python's own `.pyc` files use: the fastest the standard library reads and
writes for plain data), readable by its owner only (it holds the content's
text), under a key of what can change a parse: the Python, PyYAML's version and
whether its C parser is there, and the bytes of the reading code. A value
marshal cannot keep (a YAML date) leaves its file out. It is written at exit
when a run read something new, by the process that read it (never a build's
worker): what this run read first, then what earlier runs kept, up to a bound,
so running another command or validating another project does not empty it.
A file that cannot be read or written is simply not used.
"""

from __future__ import annotations

import atexit
import marshal
import os
import sys
from contextlib import suppress
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ttgbuild.core import fingerprint, remembered

FORMAT = 1
NAME = "loads.marshal"
MODE = 0o600  # the content's own text: for its owner's eyes
# Bounds: what one run keeps (far above a 10,000-hero project's 12 MB of text and data),
# and what earlier runs may add to it; a file written is never more than can be read.
MAX_FILES = 50_000
MAX_BYTES = 128 * 1024 * 1024
MAX_CARRIED = 32 * 1024 * 1024
# The code whose bytes decide what a text loads as, and how it is kept.
READERS = ("yamlsource.py", "yamlparse.py", "loadmemo.py")
STAMP = 64  # characters of a schema stamp (a SHA-256 in hex) at the start of a verdict

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
                "libyaml": _has_libyaml(),
                "readers": [fingerprint.file_digest(here / name) for name in READERS],
            }
        )
        self.known = _read(self.path, self.key)
        self.kept: dict[str, Entry] = {}  # read or made by this run: written first
        self.size = 0
        self.changed = False
        self.pid = os.getpid()

    def name(self, path: Path) -> str:
        """The name a file is remembered by: its absolute path as text, made by joining
        (os.path.abspath asks the system for the working folder on every call)."""
        name = os.fspath(path)
        return name if os.path.isabs(name) else os.path.join(fingerprint.working_folder(), name)

    def recall(self, name: str, text: str) -> tuple[dict[str, Any], Entry] | None:
        """The data `text` loaded as when last read from the file `name`, as a new object,
        and its entry (for `note_valid`); None if this text was not remembered there."""
        entry = self.kept.get(name) or self.known.get(name)
        if entry is None or entry[0] != text:
            return None
        try:
            data = marshal.loads(entry[1])
        except (EOFError, ValueError, TypeError):  # a damaged entry: parsed instead
            return None
        if not isinstance(data, dict):  # every file kept held a mapping: damaged
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
        """Remember that the text of `entry` is valid under `verdict` (a schema's stamp and
        a kind); an older verdict for the same kind is dropped, so edits do not pile up."""
        if not entry[2]:  # a file read for the first time: its first verdict
            entry[2] = [verdict]
            self.changed = True
        elif verdict not in entry[2]:
            kind = verdict[STAMP:]
            entry[2] = [*(v for v in entry[2] if v[STAMP:] != kind), verdict]
            self.changed = True

    def _keep(self, name: str, entry: Entry) -> bool:
        """Keep an entry for writing, within the bounds; whether it was kept."""
        if name not in self.kept:
            size = len(name) + len(entry[0]) + len(entry[1])
            if len(self.kept) >= MAX_FILES or self.size + size > MAX_BYTES:
                return False
            self.size += size
            if not self.kept:
                atexit.register(self.save)
        self.kept[name] = entry
        return True

    def save(self) -> None:
        """Write what this run read or made, then what earlier runs kept, if this run found
        anything new; at exit, once, in the process that read it."""
        if os.getpid() != self.pid or _in_worker() or not self.changed:
            return
        files, size = dict(self.kept), self.size
        for name, entry in self.known.items():  # earlier runs' files, within the bounds
            if name not in files and len(files) < MAX_FILES:
                size += len(name) + len(entry[0]) + len(entry[1])
                if size > self.size + MAX_CARRIED:
                    break
                files[name] = entry
        with suppress(Exception):  # at exit: a cache that cannot be written must not fail a run
            data = marshal.dumps({"format": FORMAT, "key": self.key, "files": files})
            if len(data) <= _READ_LIMIT:  # texts count characters, the file holds bytes
                remembered.write(self.path, data, MODE)


_READ_LIMIT = MAX_BYTES + MAX_CARRIED + 16 * 1024 * 1024


def _read(path: Path, key: str) -> dict[str, Entry]:
    """The stored loads under `key`, or none when the file is missing, stale or not whole."""
    files = remembered.stored_part(path, _READ_LIMIT, marshal.loads, FORMAT, "files", key)
    return {
        name: entry
        for name, entry in files.items()
        if isinstance(name, str)
        and isinstance(entry, list)
        and len(entry) == 3
        and isinstance(entry[0], str)
        and isinstance(entry[1], bytes)
        and isinstance(entry[2], list)
        and all(isinstance(verdict, str) for verdict in entry[2])
    }


def _has_libyaml() -> bool:
    """Whether PyYAML's C parser is installed beside it (found without importing PyYAML):
    the C and the Python parsers read some odd texts differently."""
    spec = find_spec("yaml")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        with suppress(OSError):
            if any(name.startswith("_yaml.") for name in os.listdir(folder)):
                return True
    return False


def _in_worker() -> bool:
    """Whether this is a build's worker process (spawned ones run their exit handlers too):
    its parent writes the memo, with everything it read."""
    multiprocessing = sys.modules.get("multiprocessing")
    return multiprocessing is not None and multiprocessing.parent_process() is not None


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


def known_valid(entry: Entry | None, verdict: str) -> bool:
    """Whether a loaded document's entry holds `verdict` (False for one not kept)."""
    return entry is not None and verdict in entry[2]
