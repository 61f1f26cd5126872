"""Where an import's new texts go: never outside the project, a link edited through.

`ttgbuild validate` reads a content file that is a link to a file inside the
project (and refuses one leading out of it). An import that renamed a new
file over such a link would replace the link by a plain file and leave its
target, which other files may share, with the old value. So a linked file is
written through to its target, atomically (temp file and rename beside the
target), and the import says so; a file whose path leads out of the project
(its link or a linked folder above it) is refused; two content files that are
one file through links are refused, since their edits would overwrite each
other. Deleting a linked record removes the link; its target is kept, and said so.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ttgbuild.spreadsheet.plan import Problem


@dataclass
class Targets:
    """Each file's real path to write (or remove), what is said of links, what is refused."""

    paths: dict[str, Path] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def targets_of(project: Path, writes: Mapping[str, str | None]) -> Targets:
    """Where each of `writes` (shown name → text; None: delete) really goes."""
    root = project.resolve()
    found = Targets()
    owner: dict[Path, str] = {}
    for shown, text in writes.items():
        path = project / shown
        linked = os.path.islink(path)
        # A deletion removes the entry itself, so only its folder must be inside.
        real = Path(os.path.realpath(path.parent if text is None else path))
        if not real.is_relative_to(root):
            found.problems.append(
                Problem(
                    shown,
                    f"leads out of the project through a link (to {real}); "
                    "the import writes only inside the project, so nothing is written",
                )
            )
            continue
        if text is None:
            found.paths[shown] = path
            if linked:
                found.notes.append(f"{shown}: is a link; the link is removed, its target kept")
            continue
        if real in owner:
            found.problems.append(
                Problem(
                    shown,
                    f"is the same file as {owner[real]} (through links); edit that record once, "
                    "or make them two files",
                )
            )
            continue
        owner[real] = shown
        found.paths[shown] = real
        if linked:
            found.notes.append(
                f"{shown}: is a link; its target {real.relative_to(root).as_posix()} "
                "is edited in place"
            )
    return found
