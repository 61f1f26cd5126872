"""An export's folder replaced whole: every file written aside first, then swapped in.

An export is many files (a PNG per face, sheets, a PDF, a JSON): they are all
written into a hidden folder beside the target, synced, and only then is the
old folder renamed away and the new one renamed into its place, so a failed
or interrupted export leaves the previous one whole. Between the two renames
the target is briefly missing, never half written. Exports into one parent
folder take turns (`atomic.locked`), and an export only ever replaces a
folder an export wrote (it holds MARKER): a folder of the user's own is
refused, not deleted.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ttgbuild.core import atomic

MARKER = ".ttgbuild-export"
TEMP_SUFFIX = ".tmp"
# A new folder's mode as mkdir would give it: a new file's, searchable where readable.
FOLDER_MODE = atomic.NEW_FILE_MODE | (atomic.NEW_FILE_MODE & 0o444) >> 2


class NotOurs(Exception):
    """The target exists and was not written by an export: it is left alone."""


def replace_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Make `folder` hold exactly `files` (relative paths), all at once.

    Raises NotOurs if `folder` exists and an export did not write it, OSError
    if the files cannot be written (then nothing has changed).
    """
    parent = folder.parent
    with atomic.locked(parent):
        _clear_leftovers(parent, folder.name)
        if folder.exists() and not (folder / MARKER).is_file():
            raise NotOurs(f"{folder} exists and was not written by ttgbuild export")
        prefix = atomic.temp_prefix(folder.name)
        new = Path(tempfile.mkdtemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=parent))
        old = Path(tempfile.mkdtemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=parent))
        moved = None
        try:
            for name, data in {**files, MARKER: b"written by ttgbuild export\n"}.items():
                path = new / name
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic.write_atomically(path, data)
            os.chmod(new, FOLDER_MODE)  # mkdtemp's folder is its owner's only
            if folder.exists():
                moved = old / folder.name
                os.replace(folder, moved)
            os.replace(new, folder)
        except BaseException:
            if moved is not None and not folder.exists():  # the previous export, put back
                os.replace(moved, folder)
            raise
        finally:
            shutil.rmtree(new, ignore_errors=True)
            shutil.rmtree(old, ignore_errors=True)
        atomic.sync_folder(parent)


def _clear_leftovers(parent: Path, name: str) -> None:
    """Folders an interrupted export left beside `name` (only ever its own temporary ones)."""
    for entry in parent.iterdir():
        if entry.is_dir() and atomic.is_temp_for(entry.name, name):
            shutil.rmtree(entry, ignore_errors=True)
