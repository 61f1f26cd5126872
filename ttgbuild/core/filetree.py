"""The files under a folder, found without recursion and without following folder links.

`Path.rglob` recurses once per folder level, so a tree nested a few thousand
levels deep (easy to make, even by accident) raises RecursionError. This walk
keeps its own stack of folders, never enters a link to a folder (a loop, or a
way out of the project), and stops at a depth no real project reaches, naming
the folders it did not enter so the caller can say so.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# Folders deeper than this below the walked root are not entered.
MAX_FOLDER_DEPTH = 64


@dataclass
class Tree:
    """What a walk found: regular files (links to files included), entries that are neither
    a file nor a folder (FIFOs, devices, sockets, broken links), and folders left unvisited."""

    files: list[Path] = field(default_factory=list)
    others: list[Path] = field(default_factory=list)
    too_deep: list[Path] = field(default_factory=list)


def walk_files(
    root: Path,
    skip: Callable[[Path], bool] | None = None,
    max_depth: int = MAX_FOLDER_DEPTH,
    known: frozenset[str] | set[str] = frozenset(),
) -> Tree:
    """Every regular file under `root`, in no particular order; `skip(path)` prunes an entry.

    FIFOs, devices and sockets are not files here but `others` (nothing is
    opened to find out), and folders that cannot be listed are passed over, as `rglob` does.
    Entries whose path (as text, `root`'s spelling) is in `known` and that are not
    folders are left out unseen: a caller that listed ten thousand record files already
    is spared making a path of each again.
    """
    tree = Tree()
    stack: list[tuple[Path, int]] = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            is_dir = entry.is_dir(follow_symlinks=False)
            if not is_dir and entry.path in known:  # spelled as str(folder / name) is
                continue
            path = folder / entry.name
            if skip is not None and skip(path):
                continue
            if is_dir:
                if depth + 1 > max_depth:
                    tree.too_deep.append(path)
                else:
                    stack.append((path, depth + 1))
            elif _is_file(entry):
                tree.files.append(path)
            else:
                tree.others.append(path)
    return tree


def _is_file(entry: os.DirEntry[str]) -> bool:
    """Whether an entry is a regular file, links followed; False if that cannot be told."""
    try:
        return entry.is_file()
    except OSError:
        return False
