"""The entry points of one group, read straight from the distributions' folders on sys.path.

Every command asks for the installed game packs (`ttgbuild --help` and an
up-to-date build included), and importlib.metadata costs 30 to 60 ms to import
(email, zipfile, csv …) before it reads a single file. Found here the way
importlib.metadata finds them: each folder of sys.path in order, in it each
`*.dist-info` or `*.egg-info` folder's `entry_points.txt`, the first
distribution of a name winning; one listing per folder, no cache to go stale
after `pip install`. Where that would not be the whole answer — a zip or an
egg on sys.path, an import hook that finds distributions of its own —
importlib.metadata is asked instead.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

# importlib.metadata.EntryPoint's own pattern: module, attribute path, extras.
VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
INFO_SUFFIXES = (".dist-info", ".egg-info")


class EntryPointLike(Protocol):
    """What the engine uses of an entry point: importlib.metadata's or `EntryPoint`."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    def load(self) -> Any: ...


@dataclass(frozen=True)
class EntryPoint:
    """One `name = module:attribute` line of a group, loaded as importlib.metadata loads it."""

    name: str
    value: str

    def load(self) -> Any:
        """The object named: its module imported, then each attribute in turn."""
        found = VALUE.match(self.value)
        if found is None:
            raise ValueError(f"{self.value!r} is not module:attribute")
        target: Any = importlib.import_module(found.group("module"))
        for attribute in (found.group("attr") or "").split("."):
            if attribute:
                target = getattr(target, attribute)
        return target


def group(name: str) -> tuple[EntryPointLike, ...]:
    """Every entry point of the group `name`, in the order importlib.metadata gives them."""
    if not _folders_tell_all():
        from importlib.metadata import entry_points

        return tuple(entry_points(group=name))
    return tuple(_scan(name))


def _folders_tell_all() -> bool:
    """Whether the distributions are all `*-info` folders in sys.path's folders.

    Not so with a zip or egg on sys.path or an import hook that finds
    distributions itself: importlib.metadata reads those, this module does not.
    """
    from importlib.machinery import PathFinder

    hooks = [f for f in sys.meta_path if hasattr(f, "find_distributions") and f is not PathFinder]
    return not hooks and not any(
        entry.lower().endswith(".egg") or os.path.isfile(entry) for entry in sys.path
    )


def _scan(wanted: str) -> Iterator[EntryPoint]:
    """The group's entry points of the first distribution of each name, in sys.path order."""
    seen: set[str] = set()
    for folder in sys.path:
        try:
            children = os.listdir(folder or ".")
        except OSError:  # missing, not a folder, unreadable: importlib.metadata skips it too
            continue
        for child in children:
            low = child.lower()
            if not low.endswith(INFO_SUFFIXES):
                continue
            name = re.sub(r"[-_.]+", "_", low.rpartition(".")[0].partition("-")[0])
            if name in seen:
                continue
            seen.add(name)
            yield from _read(os.path.join(folder or ".", child, "entry_points.txt"), wanted)


def _read(path: str, wanted: str) -> Iterator[EntryPoint]:
    """The entry points of group `wanted` in one entry_points.txt (INI: [group], name = value)."""
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError):  # no entry points (an egg-info file, say)
        return
    section = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == wanted and "=" in line:
            name, value = line.split("=", 1)
            yield EntryPoint(name.strip(), value.strip())
