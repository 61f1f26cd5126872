"""Jinja2's parse of pack expressions, remembered between runs in the user's cache folder.

A `validate` of the shipped project parses about ninety expressions of the
game's rule checks with Jinja2's parser: some 7 ms of every run, for the same
trees as last time. The trees are kept, by their expression's text, in one
file under a key of what can change a parse: the Python, Jinja2's version and
the bytes of `expressions.py` (its environment's settings). Only expressions
that parsed whole are kept: one that fails is parsed, and reported, every time.
The file is written once, at exit, when a run parsed new ones; one that cannot
be read or written is simply not used.

Pickle, not JSON: a tree is Jinja2's own objects, and rebuilding them from
JSON would cost what the parse costs. The file lives in the user's own cache
folder, next to the other remembered answers.
"""

from __future__ import annotations

import atexit
import pickle
import sys
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

from ttgbuild.core import fingerprint, remembered

FORMAT = 1
MAX_BYTES = 16 * 1024 * 1024
EXPRESSIONS = Path(__file__).with_name("expressions.py")


class ParseMemo:
    """The remembered trees, and those this run added (saved at exit)."""

    def __init__(self) -> None:
        import jinja2

        self.path = remembered.cache_dir() / "expression-trees.pickle"
        self.key = fingerprint.combine(
            {
                "python": sys.version,
                "jinja2": jinja2.__version__,
                "expressions": fingerprint.file_digest(EXPRESSIONS),
            }
        )
        self.trees = _read(self.path, self.key)
        self.added = False

    def get(self, source: str) -> Any:
        return self.trees.get(source)

    def add(self, source: str, tree: Any) -> None:
        if not self.added:
            atexit.register(self.save)
            self.added = True
        self.trees[source] = tree

    def save(self) -> None:
        """Write the trees, atomically; a folder that cannot be written is simply not used."""
        with suppress(Exception):  # at exit: a tree that will not pickle must not fail the run
            data = pickle.dumps({"format": FORMAT, "key": self.key, "trees": self.trees})
            remembered.write(self.path, data)


def _read(path: Path, key: str) -> dict[str, Any]:
    """The stored trees under `key`, or none when the file is missing, stale or not whole."""
    return remembered.stored_part(path, MAX_BYTES, pickle.loads, FORMAT, "trees", key)


@cache
def memo() -> ParseMemo:
    """This process's memo, read on first use."""
    return ParseMemo()
