"""Replacing several files as one: all of them or none, even if the process is killed.

A kit is six PDFs per locale and the build cache that describes them; a build
killed after renaming some of them would leave a kit that is half old, half
new, each file whole. So `replace_together` works in three steps:

1. every new file is written to a temporary name next to its target and
   synced (`atomic.stage`); if any write fails (a full disk, say), every
   temporary file is deleted and nothing has been replaced;
2. a journal, `ROOT/.ttgbuild-journal.json`, listing every rename, is
   written atomically: from this moment the new files are complete on disk,
   and the change is decided;
3. every temporary file is renamed over its target, the folders are synced
   and the journal is deleted.

`finish` (call it holding the folder's lock, before reading anything in it)
completes a change a killed process left half done: with a journal, it does
the renames still missing (roll forward); without one, the temporary files
are an unfinished step 1 and the caller deletes them (roll back,
`atomic.remove_stale_temps`).

Why a journal rather than writing each locale into a fresh folder and
swapping it with the old one: two non-empty folders can be swapped in one
step only by Linux's renameat2(RENAME_EXCHANGE), and the cache file that
lists every locale sits outside the locale folders, so it would still need
its own rename. Renames within a folder and a journal work on every POSIX
system and cover the cache too.

For tests, `TTGBUILD_TEST_PAUSE_WRITE=SECONDS` sleeps that long before each
step (each file staged, the journal, each rename, the journal's removal), so
a test can kill a build at a known moment; unset, it costs nothing.
"""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path, PurePosixPath

from ttgbuild.core import atomic
from ttgbuild.core.readfile import read_regular

JOURNAL = ".ttgbuild-journal.json"
JOURNAL_FORMAT = 1
JOURNAL_LIMIT = 1 << 20  # bytes; a journal lists a few dozen renames
PAUSE_VARIABLE = "TTGBUILD_TEST_PAUSE_WRITE"


class NotStaged(OSError):
    """A new file could not be written (step 1); nothing was replaced, no temporary is left."""


def replace_together(root: Path, files: dict[Path, bytes]) -> None:
    """Replace every file (each under `root`) with its bytes, all as one change.

    Raises NotStaged if a file could not be written: then nothing changed. Call
    it holding `root`'s lock (`atomic.locked`), after `finish`.
    """
    renames: list[tuple[Path, Path]] = []
    current = root / JOURNAL  # what is being written, for the message if it fails
    try:
        for current, data in files.items():
            _pause()
            renames.append((atomic.stage(current, data), current))
        for folder in {target.parent for target in files}:
            atomic.sync_folder(folder)
        _pause()
        current = root / JOURNAL
        record = [[_relative(root, temp), _relative(root, target)] for temp, target in renames]
        text = json.dumps({"format": JOURNAL_FORMAT, "renames": record}, indent=1) + "\n"
        atomic.write_atomically(root / JOURNAL, text.encode("utf-8"))
        atomic.sync_folder(root)
    except OSError as exc:
        _undo(root, renames)
        raise NotStaged(exc.errno, exc.strerror, str(current)) from exc
    except BaseException:
        _undo(root, renames)
        raise
    _rename_all(root, renames)


def _undo(root: Path, renames: list[tuple[Path, Path]]) -> None:
    """Delete the journal (if it got written) and then every temporary file.

    The journal goes first: a journal naming temporary files some of which
    were already deleted would have the next build finish half a change.
    """
    (root / JOURNAL).unlink(missing_ok=True)
    for temp, _target in renames:
        temp.unlink(missing_ok=True)


def finish(root: Path) -> bool:
    """Complete the change a killed writer left in `root`, if its journal is there.

    Returns whether there was a journal. One that cannot be read or names paths
    outside `root` was not written by `replace_together`: it is deleted, and
    the temporary files it may name are left for the caller to delete.
    """
    path = root / JOURNAL
    if not os.path.lexists(path):
        return False
    renames = _read(root, path)
    if renames is None:
        path.unlink(missing_ok=True)
        return True
    _rename_all(root, [(temp, target) for temp, target in renames if _is_plain_file(temp)])
    return True


def _rename_all(root: Path, renames: list[tuple[Path, Path]]) -> None:
    for temp, target in renames:
        _pause()
        os.replace(temp, target)
    for folder in {target.parent for _temp, target in renames}:
        atomic.sync_folder(folder)
    _pause()
    (root / JOURNAL).unlink(missing_ok=True)
    atomic.sync_folder(root)


def _read(root: Path, path: Path) -> list[tuple[Path, Path]] | None:
    """The journal's renames, or None if it is not one `replace_together` wrote."""
    try:
        data = json.loads(read_regular(path, JOURNAL_LIMIT).decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != JOURNAL_FORMAT:
            return None
        rows = data.get("renames")
        if not isinstance(rows, list):
            return None
        renames = []
        for row in rows:
            if not (isinstance(row, list) and len(row) == 2):
                return None
            temp, target = (_inside(root, part) for part in row)
            if temp is None or target is None or not _is_temp_of(temp, target):
                return None
            renames.append((temp, target))
        return renames
    except (OSError, ValueError, RecursionError):
        return None


def _inside(root: Path, part: object) -> Path | None:
    """`root / part` for a plain relative path below `root`, else None."""
    if not isinstance(part, str) or not part or "\0" in part or "\\" in part:
        return None
    relative = PurePosixPath(part)
    if relative.is_absolute() or any(piece in ("", ".", "..") for piece in relative.parts):
        return None
    return root.joinpath(*relative.parts)


def _is_temp_of(temp: Path, target: Path) -> bool:
    """Whether `temp` is a name `atomic.stage` gives a temporary file for `target`."""
    return temp.parent == target.parent and atomic.is_temp_for(temp.name, target.name)


def _is_plain_file(path: Path) -> bool:
    """Whether `path` itself (not what a link points to) is a regular file."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _relative(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def _pause() -> None:
    """The tests' hook (see the module's docstring); anything but a number is ignored."""
    value = os.environ.get(PAUSE_VARIABLE)
    if not value:
        return
    try:
        seconds = float(value)
    except ValueError:
        return
    if 0 < seconds <= 60:
        time.sleep(seconds)
