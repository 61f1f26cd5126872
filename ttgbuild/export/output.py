"""An export's folder replaced whole: every file written aside first, then swapped in.

An export is many files (a PNG per face, sheets, a PDF, a JSON): they are all
written into a hidden folder beside the target, synced, and only then is the
old folder renamed away and the new one renamed into its place, so a failed
or interrupted export leaves the previous one whole. Between the two renames
the target is briefly missing, never half written. Exports into one parent
folder take turns (`atomic.locked`).

An export only ever replaces a folder whose every file it wrote: MARKER
lists them, and a folder without it, or holding any file it does not list
(a build's PDFs when `--out` is the build's own output folder, notes of the
user's), is refused and left as it is, never deleted.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ttgbuild.core import atomic

MARKER = ".ttgbuild-export"  # lists, after its heading, every file the export wrote
MARKER_HEADING = "written by ttgbuild export; these files:"
TEMP_SUFFIX = ".tmp"
# A new folder's mode as mkdir would give it: a new file's, searchable where readable.
FOLDER_MODE = atomic.NEW_FILE_MODE | (atomic.NEW_FILE_MODE & 0o444) >> 2


class NotOurs(Exception):
    """The target holds files an export did not write: it is left alone."""


def replace_folder(folder: Path, files: Iterable[tuple[str, bytes]]) -> int:
    """Make `folder` hold exactly `files` (relative paths and contents), all at once.

    The files are written as they come, so only one is held at a time. Returns
    how many were written. Raises NotOurs if `folder` holds a file an export did
    not write, ValueError if a path comes twice (one file would replace
    another), OSError if the files cannot be written; then nothing has changed.
    """
    parent = folder.parent
    with atomic.locked(parent):
        _clear_leftovers(parent, folder.name)
        _refuse_unless_ours(folder)
        prefix = atomic.temp_prefix(folder.name)
        new = Path(tempfile.mkdtemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=parent))
        old = Path(tempfile.mkdtemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=parent))
        moved = None
        written: dict[str, None] = {}  # in order, to list in MARKER
        try:
            for name, data in files:
                if name in written or name == MARKER:
                    raise ValueError(f"the export names {name} twice: nothing written")
                _write(new / name, data)
                written[name] = None
            _write(new / MARKER, "\n".join([MARKER_HEADING, *written, ""]).encode())
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
    return len(written)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_atomically(path, data)


def _refuse_unless_ours(folder: Path) -> None:
    """NotOurs unless `folder` is missing or holds only files its MARKER lists."""
    if not folder.exists():
        return
    marker = folder / MARKER
    if not marker.is_file():
        raise NotOurs(f"{folder} exists and was not written by ttgbuild export")
    listed = set(marker.read_text(encoding="utf-8", errors="replace").splitlines()[1:])
    others = sorted(set(_files_in(folder)) - listed - {MARKER})
    if others:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise NotOurs(
            f"{folder} holds {len(others)} file(s) ttgbuild export did not write ({shown}); "
            "they are left alone: move them away or choose another --out"
        )


def _files_in(folder: Path) -> list[str]:
    """Every file under `folder` (links too, never followed), as a relative POSIX path."""
    out = []
    for here, folders, files in os.walk(folder):
        links = [name for name in folders if os.path.islink(os.path.join(here, name))]
        for name in [*files, *links]:
            out.append(Path(here, name).relative_to(folder).as_posix())
    return out


def _clear_leftovers(parent: Path, name: str) -> None:
    """Folders an interrupted export left beside `name` (only ever its own temporary ones)."""
    for entry in parent.iterdir():
        if entry.is_dir() and atomic.is_temp_for(entry.name, name):
            shutil.rmtree(entry, ignore_errors=True)
