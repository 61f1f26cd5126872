"""How a path is shown to users: relative to the project, with forward slashes.

Every layer names files in its messages (the loader, the catalogs, the build),
so this lives in the core, below all of them.
"""

from __future__ import annotations

from pathlib import Path


def display_path(path: Path, project: Path) -> str:
    """The path shown to users: relative to the project, with forward slashes."""
    try:
        return path.relative_to(project).as_posix()
    except ValueError:
        pass
    try:  # resolving costs a system call per folder on the way: only when needed
        return path.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
