"""The gallery's files under its folder, reached without following a link.

`record.claim` refuses a gallery whose own folders are links, but a folder
could still be a link by the time a file is written (made later, or swapped
while a run draws). So every file the gallery writes, compares or removes
under `OUT`, and every file the watch server hands out, is reached the same
way: each folder opened relative to the one before with O_NOFOLLOW (made
first if it is missing and the caller writes), the file itself too. A new
file is written under a temporary name in that folder and renamed into
place relative to it; pruning walks with `os.fwalk`, which never enters a
link, and removes by name relative to the open folder. A link on the way is
an OSError (ELOOP or ENOTDIR), never a write or a deletion somewhere else.
`OUT` itself is the user's choice and may be a link.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from ttgbuild.core.atomic import TEMP_SUFFIX, temp_prefix
from ttgbuild.core.readfile import READ_FLAGS, read_bounded

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC
_READ_FLAGS = READ_FLAGS | os.O_NOFOLLOW | _CLOEXEC
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _CLOEXEC


def open_folder(root: Path, parts: Sequence[str], create: bool = False) -> int:
    """A handle on the folder `root/parts...`, no link followed below `root`.

    With `create` a missing folder on the way is made, `root` too. Raises the
    OSError the system gave (a link: ELOOP or ENOTDIR). The caller closes the
    handle.
    """
    if create:
        root.mkdir(parents=True, exist_ok=True)
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY | _CLOEXEC)
    try:
        for part in parts:
            if create:
                with contextlib.suppress(FileExistsError):  # a link there fails to open next
                    os.mkdir(part, dir_fd=folder)
            inner = os.open(part, _FOLDER_FLAGS, dir_fd=folder)
            os.close(folder)
            folder = inner
    except BaseException:
        os.close(folder)
        raise
    return folder


def open_file(root: Path, parts: Sequence[str]) -> int:
    """A read handle on `root/parts...`, no link followed; the caller checks what it is."""
    folder = open_folder(root, parts[:-1])
    try:
        return os.open(parts[-1], _READ_FLAGS, dir_fd=folder)
    finally:
        os.close(folder)


def is_file(root: Path, parts: Sequence[str]) -> bool:
    """Is `root/parts...` a regular file, reached with no link followed and not a link itself?"""
    try:
        folder = open_folder(root, parts[:-1])
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.stat(parts[-1], dir_fd=folder, follow_symlinks=False).st_mode)
    except OSError:
        return False
    finally:
        os.close(folder)


def holds(root: Path, parts: Sequence[str], data: bytes) -> bool:
    """Is `root/parts...` a regular file (not a link) holding exactly `data`?"""
    try:
        handle = open_file(root, parts)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return False
        return read_bounded(handle, len(data)) == data
    finally:
        os.close(handle)


def write_file(root: Path, parts: Sequence[str], data: bytes) -> None:
    """Replace `root/parts...` with `data` in one step, making its folders; no link followed.

    A link where the file is is replaced, never written through. Raises the
    OSError the system gave; then no temporary file is left.
    """
    folder = open_folder(root, parts[:-1], create=True)
    try:
        name = parts[-1]
        temp = f"{temp_prefix(name)}{secrets.token_hex(6)}{TEMP_SUFFIX}"
        handle = os.open(temp, _NEW_FLAGS, 0o666, dir_fd=folder)  # the umask applies
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=folder)
            raise
    finally:
        os.close(folder)


def remove_files(root: Path, folder: str, unwanted: Callable[[str], bool]) -> None:
    """Remove each file under `root/folder` whose path in it `unwanted` names.

    Folders reached through a link are not walked, and a link is removed, not
    its target. A missing folder (or one that is a link) has nothing to remove.
    """
    try:
        top = open_folder(root, (folder,))
    except OSError:
        return
    try:
        for path, _folders, files, handle in os.fwalk(".", dir_fd=top):
            for name in files:
                if unwanted(os.path.normpath(os.path.join(path, name))):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(name, dir_fd=handle)
    finally:
        os.close(top)
