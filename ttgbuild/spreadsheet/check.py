"""The content as an import would leave it, validated before anything is written.

The project's content (and its data pack, if it has one) is copied to a
temporary project, the new texts are written there, and the whole project is
validated as `ttgbuild validate` would: the schemas and every rule check of
the game, on the would-be content. Each problem is then traced back to the
spreadsheet cell its value came from.

The copy shows validate what it would see in the project itself, and opens
nothing validate would not (`_Mirror`): a link leading out of the project stays
such a link (validate refuses it, JT001, here as there); a link to a file inside
it is copied as that file (validate reads it, here as there); a link to a folder
inside it stays a link, to that folder's copy, so what validate reads through it
(a folder of records) or refuses to enter (JT011) is the same, and folders that
link to each other are each copied once, never expanded; a broken link stays
broken, and a named pipe, device or socket becomes a named pipe, never opened
(validate reports it as not a regular file). A file too big for content is
copied as a sparse file of its size, so it is refused for its size alike. A copy
of more than MAX_ENTRIES entries stops, located (JT010, as the loader's own
bound on files), and the temporary folder is removed whatever ends the check.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ttgbuild.core.diagnostics import Diagnostic, pointer_parts
from ttgbuild.core.filetree import MAX_FOLDER_DEPTH
from ttgbuild.core.interrupts import sigterm_raises
from ttgbuild.core.paths import display_path
from ttgbuild.core.readfile import read_regular
from ttgbuild.pack import PROJECT_FILE, project_file
from ttgbuild.source.loader import LAYOUT_CODES, MAX_FILES
from ttgbuild.source.yamlsource import MAX_BYTES
from ttgbuild.spreadsheet.plan import Locator
from ttgbuild.validate.project import validate_project

# Files, folders and links one validation copy may make: five folders of as many records
# as the loader reads from one (MAX_FILES), far above any real project's content and pack.
MAX_ENTRIES = 5 * MAX_FILES


class _TooMany(Exception):
    """The copy reached MAX_ENTRIES at this path (of the project)."""


def would_be_problems(project: Path, writes: Mapping[str, str | None]) -> list[Diagnostic]:
    """Every diagnostic of the project with the new texts in place (None: the file deleted)."""
    with (
        sigterm_raises(),  # SIGTERM too leaves the `with` below, so the copy is removed
        tempfile.TemporaryDirectory(prefix="ttgbuild-sheet-", ignore_cleanup_errors=True) as temp,
    ):
        copy = Path(temp)
        root = project.resolve()
        mirror = _Mirror(root, copy)
        try:
            mirror.copy(project / "content", copy / "content")
            if (project / PROJECT_FILE).is_file():
                mirror.copy(project / PROJECT_FILE, copy / PROJECT_FILE)
                setting = project_file(project)
                if setting is not None and setting.key == "pack":
                    pack_folder = (project / setting.value).resolve()
                    if pack_folder.is_dir() and pack_folder.is_relative_to(root):
                        mirror.copy(pack_folder, copy / setting.value)
            mirror.linked_folders()
        except _TooMany as exc:
            where = display_path(Path(str(exc)).parent, project)  # the folder it was in
            message = f"the import's check would copy more than {MAX_ENTRIES} files and folders"
            return [LAYOUT_CODES["JT010"].at(where, 0, 0, message)]
        for file, text in writes.items():
            target = copy / file
            if os.path.lexists(target):  # a link leading out is never written through
                target.unlink()
            if text is not None:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        _loaded, diags = validate_project(copy)
    return diags


class _Mirror:
    """Copies parts of the project `root` (resolved) into `copy` as validate would see them
    (see the module's docstring), each real folder once, without recursion."""

    def __init__(self, root: Path, copy: Path) -> None:
        self.root, self.target = root, copy
        self.placed: dict[Path, Path] = {}  # a real folder copied (or to be) → its copy
        self.done: set[Path] = set()  # the copy's folders made and filled
        self.pending: list[tuple[Path, Path]] = []  # folders linked to, not yet copied
        self.made = 0

    def copy(self, source: Path, target: Path) -> None:
        """Copy an entry of any kind: a folder with all it holds, links as links."""
        if not os.path.lexists(source):
            return
        if stat.S_ISDIR(os.lstat(source).st_mode):
            self._folder(source.resolve(), target)
        else:
            self._entry(source, target)

    def linked_folders(self) -> None:
        """Copy the folders that links lead to, and those their own links lead to."""
        while self.pending:
            self._folder(*self.pending.pop())

    def _count(self, path: Path) -> None:
        self.made += 1
        if self.made > MAX_ENTRIES:
            raise _TooMany(path)

    def _folder(self, real: Path, target: Path) -> None:
        self.placed.setdefault(real, target)
        stack = [(real, target, 0)]
        while stack:
            source, into, depth = stack.pop()
            if into in self.done:  # a folder linked to, inside another copied already
                continue
            self.done.add(into)
            self._count(source)
            into.mkdir(parents=True, exist_ok=True)  # may be made already: a folder above a copy
            if depth > MAX_FOLDER_DEPTH:
                continue
            try:
                with os.scandir(source) as entries:
                    listed = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in entries)
            except OSError:  # cannot be listed: empty here, as validate passes it over
                continue
            for name, is_dir in listed:
                if is_dir:
                    stack.append((source / name, into / name, depth + 1))
                else:
                    self._entry(source / name, into / name)

    def _entry(self, source: Path, target: Path) -> None:
        """Anything but a real folder: a file, a link, a pipe, device or socket."""
        if os.path.lexists(target):  # made by the copy of a folder holding this one
            return
        self._count(source)
        if not os.path.islink(source):
            _copy_special(source, target)
            return
        real = Path(os.path.realpath(source))
        if not real.is_relative_to(self.root):
            os.symlink(real, target)  # outside the project here too
        elif not os.path.lexists(real):
            os.symlink(f".{target.name}.missing", target)  # broken, inside the project
        elif real.is_dir():
            os.symlink(os.path.relpath(self._place(real), target.parent), target)
        else:
            _copy_special(real, target)

    def _place(self, real: Path) -> Path:
        """Where the copy of a real folder of the project is: in the copy of a folder above
        it, else at its own place in the copy, made after the folders being copied now."""
        for above in (real, *real.parents):
            if above in self.placed:
                return self.placed[above] / real.relative_to(above)
            if above == self.root:
                break
        place = self.target / real.relative_to(self.root)
        self.placed[real] = place
        self.pending.append((real, place))
        return place


def _copy_special(source: Path, target: Path) -> None:
    """A regular file (a link to one followed) copied; anything else a named pipe."""
    if stat.S_ISREG(os.stat(source).st_mode):
        _copy_file(source, target)
    else:
        os.mkfifo(target)  # a pipe, device or socket: never opened, reported as validate does


def _copy_file(source: Path, target: Path) -> None:
    """A regular file's bytes; one too big for content as a sparse file of its size."""
    size = os.stat(source).st_size
    if size > MAX_BYTES:
        with open(target, "wb") as stream:
            stream.truncate(size)
        return
    try:
        data = read_regular(source, MAX_BYTES)
    except OSError:  # unreadable: so it is here, for validate to say so alike
        target.touch(mode=0)
        return
    target.write_bytes(data)


def cell_of(diag: Diagnostic, locators: list[Locator]) -> str | None:
    """The cell a problem's value came from: the one naming the longest part of its path.

    A problem of the record as a whole that names one of its fields in quotes (a
    required field left empty: "missing required field 'cost'") is shown at that field.
    A problem of a mapping no cell holds whole (rules.yaml's `dice`, shown as `dice.faces`,
    `dice.faces_assumed` rows) is shown at the row of the field it names, else its first.
    """
    parts = tuple(pointer_parts(diag.pointer))
    best: Locator | None = None
    for locator in locators:
        inside = locator.file == diag.file and parts[: len(locator.parts)] == locator.parts
        if inside and (best is None or len(locator.parts) > len(best.parts)):
            best = locator
    base = best.parts if best is not None else parts
    under = [loc for loc in locators if loc.file == diag.file and loc.parts[: len(base)] == base]
    for locator in under:
        named = locator.parts[len(base) :]
        if len(named) == 1 and f"'{named[0]}'" in diag.message:
            return locator.cell
    if best is not None:
        return best.cell
    return under[0].cell if under else None  # a mapping shown field by field: its first row
