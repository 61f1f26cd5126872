"""Fingerprints of everything a built file's bytes depend on.

Two builds whose fingerprints agree would write the same bytes, so the build
cache may keep the files it has. Hashing is of bytes, never of modification
times, so a fresh checkout, a copied folder or a touched file do not force a
rebuild, and an edit that keeps a file's time does not fool it (the code's
digests are remembered by stat, change time included: `digestmemo`). This
module imports nothing heavy: an up-to-date build must finish before ReportLab
could even load.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ttgbuild.core.readfile import NotRegularFile, open_regular

if TYPE_CHECKING:
    from ttgbuild.core.digestmemo import DigestMemo

PACKAGE = Path(__file__).resolve().parent.parent
CODE_SUFFIXES = {".py", ".j2", ".json", ".yaml"}  # .yaml: packs' layouts, sheets, checks
# Folders of the package that hold no code: the starter projects `ttgbuild new` writes (a
# checkout has them as links, which are not followed; a wheel carries them as folders).
NOT_CODE = frozenset({"starter"})
# Libraries whose version can change what is drawn: PDF writing, fonts, CLDR
# data (numbers, country names), templates and YAML reading.
DRAWING_LIBRARIES = (
    "reportlab",
    "fontpkg-fira-sans",
    "fontpkg-fira-sans-condensed",
    "Babel",
    "Jinja2",
    "PyYAML",
)


def tree_digest(
    root: Path,
    suffixes: set[str] | None = None,
    memo: bool = False,
    skipped: frozenset[str] = frozenset(),
) -> str:
    """SHA-256 over every file under `root` (names and bytes, in a fixed order), but those
    in folders named in `skipped`.

    With `memo`, a file whose size, times and inode are those it had when last
    hashed takes its remembered digest (`digestmemo`): the same result, without
    rereading a code tree that rarely changes.

    A file that cannot be read is hashed as such, so the build goes on to
    report it rather than the cache trusting an old result. FIFOs, devices and
    sockets are never opened (the validator reports them); folders are walked
    without recursion, so no depth breaks the walk, and links to folders are not
    followed.
    """
    digest = hashlib.sha256()
    if not root.is_dir():
        digest.update(b"missing folder")
        return digest.hexdigest()
    files = sorted(
        (relative, path)
        for relative, path in _walk(str(root), skipped)
        if suffixes is None or _suffix(relative[-1]) in suffixes
    )
    memory = _memory(root) if memo else None
    for relative, path in files:
        digest.update("/".join(relative).encode("utf-8", "surrogateescape") + b"\0")
        found = memory.digest(path, file_digest) if memory else file_digest(Path(path))
        digest.update(found.encode("ascii"))
    if memory:
        memory.save()
    return digest.hexdigest()


def _memory(root: Path) -> DigestMemo:
    from ttgbuild.core.digestmemo import DigestMemo  # imported here: it imports this module

    return DigestMemo(root)


def _suffix(name: str) -> str:
    """A file name's suffix as `PurePath.suffix` gives it, without making a path (a walk of
    the code tree met 450 files, and making their paths was a third of its time)."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _walk(root: str, skipped: frozenset[str]) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every entry under `root` that is not a folder: its relative path as parts, and its path;
    folders named in `skipped` are not entered.

    A folder that cannot be listed is given as an entry of its own, so its
    unreadability is hashed too. Paths are plain strings: building a Path of a
    thousand parts for each of a thousand nested folders would cost seconds.
    """
    pending: list[tuple[tuple[str, ...], str]] = [((), root)]
    while pending:
        parts, folder = pending.pop()
        try:
            with os.scandir(folder) as entries:
                found = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in entries]
        except OSError:
            if parts:
                yield parts, folder
            continue
        for name, is_folder in found:
            entry = ((*parts, name), f"{folder}/{name}")
            if is_folder:
                if name not in skipped:
                    pending.append(entry)
            else:
                yield entry


def file_digest(path: Path) -> str:
    """SHA-256 of a regular file's bytes; a fixed marker if it is missing, unreadable or
    not a regular file (a FIFO or a device is not even opened: it could block or never end).
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return "not a regular file"
        handle = open_regular(path)  # checked again on the handle: replaced since the stat?
    except NotRegularFile:
        return "not a regular file"
    except OSError as exc:
        return f"unreadable:{type(exc).__name__}"
    try:
        # Read in 64 KiB pieces: hashlib.file_digest zeroes a new 256 KiB buffer per file,
        # half the time of an up-to-date build's 250 small code files.
        digest = hashlib.sha256()
        while piece := os.read(handle, 1 << 16):
            digest.update(piece)
        return digest.hexdigest()
    except OSError as exc:
        return f"unreadable:{type(exc).__name__}"
    finally:
        os.close(handle)


def bytes_digest(data: bytes) -> str:
    """SHA-256 of bytes in memory, as `file_digest` gives it for the same bytes in a file."""
    return hashlib.sha256(data).hexdigest()


def library_versions(names: tuple[str, ...]) -> list[str]:
    """`name=version` of each library, as the names of the `.dist-info` (or older
    `.egg-info`) entries on sys.path give them (the first found, as imports find
    it; `missing` if none).

    One listing of each folder, once per run (several keys ask): reading every
    distribution's metadata through importlib.metadata cost more than hashing all
    of ttgbuild's code.
    """
    here = working_folder() if "" in sys.path else ""  # "" on sys.path: the folder run from
    found = _distributions(tuple(sys.path), here)
    return [f"{name}={found.get(_normalised(name), 'missing')}" for name in names]


def working_folder() -> str:
    """The folder this process runs in, or "" if it was deleted meanwhile."""
    try:
        return os.getcwd()
    except OSError:
        return ""


@cache
def _distributions(path: tuple[str, ...], here: str) -> dict[str, str]:
    """Every distribution's version on `path` by normalised name, the first found
    (`here`: the working folder, part of the key when `path` names it as "")."""
    del here
    found: dict[str, str] = {}
    for folder in path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:  # a zip file, a folder gone or unreadable
            continue
        for entry in entries:
            if entry.endswith((".dist-info", ".egg-info")):  # egg-info: name-version[-pyX.Y]
                name, _, version = entry.rsplit(".", 1)[0].partition("-")
                found.setdefault(_normalised(name), version.split("-")[0])
    return found


def _normalised(name: str) -> str:
    """A distribution name as its .dist-info folder spells it (PEP 503, - and . as _)."""
    return re.sub(r"[-_.]+", "_", name).lower()


@cache
def code_key(pack_folder: Path) -> str:
    """ttgbuild's own code, templates and schemas, the game pack's, the Python and the
    drawing libraries.

    Worked out once per run: the build plan and the catalog-check cache both key
    on it, and the code that runs cannot change while it runs. The packs shipped
    inside ttgbuild are part of its tree; a pack installed from elsewhere adds its
    own folder, so editing a third party's pack invalidates its kits too.
    """
    versions = library_versions(DRAWING_LIBRARIES)
    parts = {
        "code": tree_digest(PACKAGE, CODE_SUFFIXES, memo=True, skipped=NOT_CODE),
        "python": sys.version,
        "libraries": versions,
    }
    if not pack_folder.is_relative_to(PACKAGE):
        parts["pack"] = tree_digest(pack_folder, CODE_SUFFIXES, memo=True, skipped=NOT_CODE)
    return combine(parts)


def content_key(project: Path, game: str, code: str) -> str:
    """Everything under content/ (portraits included), the game it is, the code that reads it."""
    return combine({"content": tree_digest(project / "content"), "game": game, "code": code})


def combine(parts: dict[str, object]) -> str:
    text = json.dumps(parts, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
