"""`ttgbuild new`: a ready project for an installed game, or for Tidewrack, a game of data.

A game pack may ship the project `new` writes for it in its package folder,
`starter/` (`ttgbuild.toml`, `content/`, `locales/`); the engine ships
Tidewrack, the data-only game the tutorial walks through, in its own `starter/`
here (with its `pack/` folder). These folders are the repository's projects
themselves (`games/<name>/` and `examples/tidewrack/` are links to them; Jugger
TTG's starter links to the root's `ttgbuild.toml`, `content/` and `locales/`),
and the wheel carries them: what `new` writes is those projects, so the two
cannot drift apart.

A DIR that exists and holds anything is refused before anything is written.
The project is written into a hidden folder and moved into place once whole
(beside a missing DIR, inside an empty one: nothing is written outside DIR's
own folder, and an empty mount point works), so a failed or interrupted `new`
leaves no half project.
"""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ttgbuild.pack import Pack

STARTER_FOLDER = "starter"  # inside a pack's package folder, and the engine's (Tidewrack)
TIDEWRACK = Path(__file__).resolve().parent / STARTER_FOLDER
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
    """A project to write: what it is called, and the folder its files come from."""

    title: str
    source: Path


def game_starter(packs: dict[str, Pack], name: str) -> Starter:
    """The starter project of the installed game `name`; NewProjectError if there is none."""
    pack = packs.get(name)
    if pack is None:
        names = ", ".join(sorted(packs)) or "none"
        close = difflib.get_close_matches(name, packs, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise NewProjectError(f"no installed game pack {name!r}{hint} (installed: {names})")
    source = pack.folder / STARTER_FOLDER
    if not (source / PROJECT_FILE).is_file():  # without it the project names no game
        raise NewProjectError(f"the game pack {name!r} ships no starter project")
    return Starter(pack.title, source)


def data_starter() -> Starter:
    """Tidewrack, the game made of data only (its own ttgbuild.toml names its pack/)."""
    return Starter("Tidewrack (a game made of data)", TIDEWRACK)


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
    if target.is_symlink():
        raise NewProjectError(f"{target} is a link; name the folder itself. Nothing was written")
    if not target.exists():
        return
    if not target.is_dir():
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
    existed = target.is_dir()
    staging = _staging_folder(target if existed else target.parent, target)
    try:
        staging.chmod(0o777 & ~_umask())  # mkdtemp's 0700 is for its own privacy, not ours
        for relative in files:
            destination = staging / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(starter.source / relative, destination)
        if existed:
            _move_up(staging, target)
        else:
            staging.rename(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise NewProjectError(
            f"{target} cannot be written ({exc.strerror}); nothing was written"
        ) from None
    except BaseException:  # an interrupt: no half project
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return len(files)


def _staging_folder(inside: Path, target: Path) -> Path:
    """A new hidden folder in `inside` (made, with its parents, if missing) to write into.

    Its name is short and fixed but for a random tail: a DIR whose own name is near
    the system's limit still has room beside it.
    """
    blocking = next((p for p in (inside, *inside.parents) if p.exists()), None)
    if blocking is not None and not blocking.is_dir():
        raise NewProjectError(f"{blocking} is not a folder; nothing was written")
    try:
        inside.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=".ttgbuild-new-", dir=inside))
    except OSError as exc:
        raise NewProjectError(
            f"{target} cannot be written ({exc.strerror}); nothing was written"
        ) from None


def _move_up(staging: Path, target: Path) -> None:
    """Move the project staged inside the empty `target` up into it, entry by entry (a
    rename each, on the same file system); if one fails, those moved are taken back out."""
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
