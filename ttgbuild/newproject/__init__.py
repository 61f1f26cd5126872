"""`ttgbuild new`: a ready project for an installed game, or for Tidewrack, a game of data.

A game pack may ship the project `new` writes for it in its package folder,
`starter/` (`ttgbuild.toml`, `content/`, `locales/`); the engine ships
Tidewrack, the data-only game the tutorial walks through, in `tidewrack/` here
(with its `pack/` folder). In this repository both are links to the projects
themselves (`games/<name>/`, the root's `content/` and `locales/`,
`examples/tidewrack/`), and the wheel carries copies: what `new` writes is
those projects, so the two cannot drift apart.

The project is written into a hidden folder beside DIR and renamed into place
once whole, so a failed or interrupted `new` leaves no half project, and a DIR
that exists and holds anything is refused before anything is written.
"""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ttgbuild.pack import Pack

TIDEWRACK = Path(__file__).resolve().parent / "tidewrack"
STARTER_FOLDER = "starter"  # inside a pack's package folder
PROJECT_FILE = "ttgbuild.toml"
# What a project is made of; anything else beside them (an output/ folder a build left in
# the repository's own projects, compiled catalogs) is not part of the starter.
STARTER_PARTS = ("content", "locales", "pack")
# The suffixes of the files in those parts; pyproject.toml's package-data lists the same.
STARTER_SUFFIXES = frozenset({".yaml", ".json", ".po", ".pot", ".tsv"})


class NewProjectError(Exception):
    """`new` cannot write the project: why, for the user; nothing has been written."""


@dataclass(frozen=True)
class Starter:
    """A project to write: where its files come from, and the ttgbuild.toml it needs."""

    title: str
    source: Path
    project_file: str  # ttgbuild.toml's text, when the source has none of its own


def game_starter(packs: dict[str, Pack], name: str) -> Starter:
    """The starter project of the installed game `name`; NewProjectError if there is none."""
    pack = packs.get(name)
    if pack is None:
        names = ", ".join(sorted(packs)) or "none"
        close = difflib.get_close_matches(name, packs, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise NewProjectError(f"no installed game pack {name!r}{hint} (installed: {names})")
    source = pack.folder / STARTER_FOLDER
    if not source.is_dir():
        raise NewProjectError(f"the game pack {name!r} ships no starter project")
    comment = f"# {pack.title}: the installed game pack `ttgbuild games` lists as {name}.\n"
    return Starter(pack.title, source, f'{comment}game = "{name}"\n')


def data_starter() -> Starter:
    """Tidewrack, the game made of data only (its own ttgbuild.toml names its pack/)."""
    return Starter("Tidewrack (a game made of data)", TIDEWRACK, "")


def starter_files(source: Path) -> list[str]:
    """The starter's files, as sorted paths relative to `source` with forward slashes.

    Links are followed: in a checkout the starter's folders are links to the
    projects themselves. Files of other kinds are left out (compiled
    catalogs, editors' backups), as the wheel leaves them out.
    """
    found = [PROJECT_FILE] if (source / PROJECT_FILE).is_file() else []
    for part in STARTER_PARTS:
        for folder, _, names in os.walk(source / part, followlinks=True):
            relative = Path(folder).relative_to(source).as_posix()
            found.extend(
                f"{relative}/{name}"
                for name in names
                if Path(name).suffix in STARTER_SUFFIXES and not name.startswith(".")
            )
    return sorted(found)


def refuse_unless_empty(target: Path) -> None:
    """NewProjectError unless `target` is missing or an empty folder: nothing is overwritten."""
    if not os.path.lexists(target):
        return
    if target.is_symlink() or not target.is_dir():
        raise NewProjectError(f"{target} exists and is not a folder; nothing was written")
    try:
        with os.scandir(target) as entries:
            if next(entries, None) is not None:
                raise NewProjectError(f"{target} is not empty; nothing was written")
    except OSError as exc:
        raise NewProjectError(
            f"{target} cannot be read ({exc.strerror}); nothing was written"
        ) from None


def write_project(target: Path, starter: Starter) -> int:
    """Write the starter's project to `target` (missing or empty); the number of files.

    Raises NewProjectError (nothing left behind) if `target` is taken or cannot be written.
    """
    target = Path(os.path.abspath(target))  # "." has a name and a parent too
    refuse_unless_empty(target)
    files = starter_files(starter.source)
    if not files:
        raise NewProjectError(f"the starter project in {starter.source} has no files")
    parent = target.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.ttgbuild-new-", dir=parent))
    except OSError as exc:
        raise NewProjectError(
            f"{parent} cannot be written ({exc.strerror}); nothing was written"
        ) from None
    try:
        staging.chmod(0o777 & ~_umask())  # mkdtemp's 0700 is for its own privacy, not ours
        for relative in files:
            destination = staging / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(starter.source / relative, destination)
        if starter.project_file and PROJECT_FILE not in files:
            (staging / PROJECT_FILE).write_text(starter.project_file, encoding="utf-8")
        if target.is_dir():  # empty, as checked; kept (it may be a shell's working folder)
            _move_into(staging, target)
        else:
            staging.rename(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        where = exc.filename or target
        raise NewProjectError(
            f"{where} cannot be written ({exc.strerror}); nothing was written"
        ) from None
    except BaseException:  # an interrupt: no half project
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return len(files) + (PROJECT_FILE not in files)


def _move_into(staging: Path, target: Path) -> None:
    """Move the staged project's few top-level entries into the empty `target`, each by one
    rename; if one fails, those already moved are taken back out, leaving `target` empty."""
    moved: list[Path] = []
    try:
        for entry in sorted(staging.iterdir()):
            entry.rename(target / entry.name)
            moved.append(target / entry.name)
        staging.rmdir()
    except BaseException:
        for path in moved:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's umask: a new folder gets the permissions any other new folder would."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
