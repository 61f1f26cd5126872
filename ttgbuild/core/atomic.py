"""Writing files so that nobody ever sees half of one.

Every file ttgbuild writes goes through `write_atomically`: the bytes go to a
hidden temporary file in the target's folder (`.NAME.XXXX.tmp`), are flushed
to disk, and the temporary file is renamed over the target. A rename within
one folder is atomic, so a reader, a crash or a `kill -9` finds either the old
file or the new one. A process killed before its rename leaves its temporary
file behind; `remove_stale_temps` clears those while `locked` keeps other
writers out, so a live writer's temporary file is never taken for a stale one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def _default_mode() -> int:
    """The mode a plain new file gets here (0o666 less the umask), as `open` would give it.

    `mkstemp` creates files readable by their owner only; a printed kit and a
    catalog are meant to be shared like any other file the user makes.
    """
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


NEW_FILE_MODE = _default_mode()


def temp_prefix(name: str) -> str:
    """How the temporary files for a target called `name` start (they end in `.tmp`)."""
    return f".{name}."


def is_temp_for(temp_name: str, names: str | tuple[str, ...]) -> bool:
    """Whether a file called `temp_name` is a temporary file for (one of) the targets `names`."""
    targets = (names,) if isinstance(names, str) else names
    prefixes = tuple(temp_prefix(name) for name in targets)
    return temp_name.startswith(prefixes) and temp_name.endswith(TEMP_SUFFIX)


def write_atomically(path: Path, data: bytes, mode: int | None = None) -> Path:
    """Replace `path` with `data` in one step; keep the old file's mode if there was one,
    unless `mode` is given (a cache holding private text: 0o600)."""
    temp = stage(path, data, mode)
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return path


def stage(path: Path, data: bytes, mode: int | None = None) -> Path:
    """`data` in a new temporary file next to `path`, synced to disk, with `mode`, else the
    mode `path` has (or a new file's); the caller renames it over `path`. Nothing is left on failure
    (a full disk, for one), so the old file and its folder are as they were.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = NEW_FILE_MODE
    import tempfile  # here: a remembered `validate` writes nothing, and tempfile costs 2 ms

    handle, name = tempfile.mkstemp(
        prefix=temp_prefix(path.name), suffix=TEMP_SUFFIX, dir=path.parent
    )
    temp = path.parent / os.path.basename(name)  # as `path` is given, relative or not
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, mode)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def sync_folder(folder: Path) -> None:
    """Make the renames and deletions in `folder` durable (fsync of the folder itself).

    Where folders cannot be opened or synced (Windows) the rename is still atomic.
    """
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - not on POSIX
        return
    try:
        os.fsync(handle)
    except OSError:  # pragma: no cover - file systems that cannot sync a folder
        pass
    finally:
        os.close(handle)


def remove_stale_temps(folder: Path, names: Iterable[str]) -> list[Path]:
    """Delete temporary files a killed writer left for any of `names` in `folder`.

    Call it only inside `locked(folder)`: otherwise another process's file that
    is still being written could be removed under it.
    """
    removed = []
    if not folder.is_dir():
        return removed
    targets = tuple(names)
    for entry in folder.iterdir():
        if is_temp_for(entry.name, targets):
            entry.unlink(missing_ok=True)
            removed.append(entry)
    return removed


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on `folder` (created if missing) so writers take turns.

    The lock is the operating system's (flock on the folder itself): it leaves
    no lock file behind and is released when its holder exits or is killed.
    Where flock does not exist (Windows) writers do not wait for each other;
    each file is still replaced atomically.
    """
    folder.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)
