"""Content folder → model: find every file, load it, check its schema, build dataclasses.

Everything is read before anything is judged, and a broken file never stops
the others from being read: the result carries every diagnostic found plus
the model built from the files that passed their schema.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.filetree import MAX_FOLDER_DEPTH, walk_files
from ttgbuild.core.paths import display_path
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.variantsfile import FILE as VARIANTS_FILE
from ttgbuild.source.yamlsource import LOAD_CODES, Document, load_document

if TYPE_CHECKING:
    from ttgbuild.pack import Pack

MAX_FILES = 20_000

LAYOUT_CODES = code_table(
    Code("JT010", "error", "every content file the game needs exists"),
    Code("JT011", "warning", "content/ holds only files ttgbuild reads"),
)


@dataclass
class Loaded:
    """The outcome of reading a content folder."""

    content: Any  # the pack's content model
    documents: dict[str, Document] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # Ids whose files exist, valid or not: references to them are not reported
    # as unknown, because the file's own errors already explain the problem.
    file_ids: dict[str, set[str]] = field(default_factory=dict)
    # Ids of each kind named by every parsed file (per the pack's `references`),
    # schema-valid or not, so that a record is not called unused just because
    # the file naming it has an error elsewhere (Jugger: the talents of heroes).
    references: dict[str, set[str]] = field(default_factory=dict)

    def locate(self, file: str, pointer: str, key: bool = False) -> tuple[int, int]:
        """Line and column of a value (or its key) in a loaded file; (0, 0) if unknown."""
        doc = self.documents.get(file)
        return doc.locate(pointer, key=key) if doc else (0, 0)

    def whole_file(self, path: Path, project: Path, code: str, message: str) -> None:
        """Record a problem about a file or folder as a whole (line and column 0)."""
        self.diagnostics.append(LAYOUT_CODES[code].at(display_path(path, project), 0, 0, message))


def load_content(project: Path, pack: Pack) -> Loaded:
    """Read and schema-check all of `project/content`, building the pack's model from valid files.

    The pack says which files and folders hold which record kinds, which
    schemas check them and how valid documents become its model.
    """
    content_dir = project / "content"
    loaded = Loaded(pack.new_content())
    loaded.references = {kind: set() for _field, kind in pack.references.values()}
    if not content_dir.is_dir():
        loaded.whole_file(
            content_dir,
            project,
            "JT010",
            "no content folder here; run in a project or pass --project DIR",
        )
        return loaded
    schemas = schemas_at(pack.schemas)
    valid: dict[str, list[Document]] = {}
    inside = _Inside(project.resolve())
    for path, kind, shown, link in _discover(content_dir, project, pack, loaded):
        if not inside(path, link):
            loaded.diagnostics.append(
                LOAD_CODES["JT001"].at(
                    shown,
                    0,
                    0,
                    "is a link to a file outside the project; content must live in the project",
                )
            )
            continue
        doc, diags = load_document(path, shown)
        loaded.diagnostics.extend(diags)
        if doc is None:
            continue
        loaded.documents[doc.display] = doc
        if kind in pack.references:
            name, target = pack.references[kind]
            named = doc.data.get(name)
            if isinstance(named, list):
                loaded.references[target].update(n for n in named if isinstance(n, str))
        errors = schemas.check_document(doc, kind)
        loaded.diagnostics.extend(errors)
        if not errors:
            valid.setdefault(kind, []).append(doc)
    pack.build_content(loaded.content, valid)
    return loaded


class _Inside:
    """Whether a file resolves to a place inside the project, links followed.

    Resolving every one of thousands of files costs a system call per folder
    on its path; a file that is not itself a link lies where its folder
    resolves to, so each folder is resolved once.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folders: dict[str, bool] = {}  # by name: hashing a text is cheaper than a Path

    def __call__(self, path: Path, link: bool) -> bool:
        """`link`: whether the file itself is a symbolic link (its folder listing says so)."""
        if link:
            return path.resolve().is_relative_to(self.root)
        folder = os.path.dirname(path)
        if folder not in self.folders:
            self.folders[folder] = Path(folder).resolve().is_relative_to(self.root)
        return self.folders[folder]


def _discover(
    content_dir: Path, project: Path, pack: Pack, loaded: Loaded
) -> list[tuple[Path, str, str, bool]]:
    """Every content file to read: its path, kind, name as shown, and whether it is a link.

    A folder of records is listed once, by name (thousands of files: building,
    sorting and relating paths costs more than reading names); each file's shown
    name is its folder's plus its own.
    """
    found: list[tuple[Path, str, str, bool]] = []
    for name, kind in pack.files.items():
        path = content_dir / name
        if os.path.lexists(path):  # a FIFO or a folder is read as one, to say what it is
            found.append((path, kind, display_path(path, project), path.is_symlink()))
        else:
            loaded.whole_file(
                path,
                project,
                "JT010",
                f"{name} is missing: the game's {kind} data must be in content/{name}",
            )
    for folder, kind in pack.folders.items():
        directory = content_dir / folder
        names = _yaml_names(directory)
        if not names:
            loaded.whole_file(
                directory,
                project,
                "JT010",
                f"no {folder} found: add one file per {kind} as content/{folder}/<id>.yaml",
            )
        loaded.file_ids[kind] = {_stem(name) for name, _ in names}
        shown = display_path(directory, project)
        found.extend(
            (directory / name, kind, f"{shown}/{name}", link) for name, link in names[:MAX_FILES]
        )
        if len(names) > MAX_FILES:
            loaded.whole_file(
                directory,
                project,
                "JT010",
                f"{len(names)} files in {folder}/; at most {MAX_FILES} are read",
            )
    # Compared as texts (equal paths are equal texts): hashing thousands of Paths costs more.
    # variants.yaml, the kit's departures from its game's book, is every game's (variantsfile).
    optional = (*pack.files, VARIANTS_FILE)
    known = {str(p) for p, *_ in found} | {str(content_dir / n) for n in optional}
    # Like dotfiles and dot-folders, the pack's asset folders (art) hold no documents.
    assets = {content_dir / name for name in pack.asset_folders}
    tree = walk_files(
        content_dir, skip=lambda p: p.name.startswith(".") or p in assets, known=known
    )
    places = _in_words(["content/", *(f"content/{folder}/" for folder in pack.folders)])
    strays = [
        (
            tree.files,
            f"not a content file ttgbuild reads; content is .yaml files in {places}",
        ),
        (
            tree.others,
            "not a regular file (a named pipe, device, socket or broken link); not read",
        ),
        (
            tree.too_deep,
            f"folder nested more than {MAX_FOLDER_DEPTH} levels inside content/; "
            "not searched further",
        ),
    ]
    for paths, message in strays:
        for path in sorted(paths):
            loaded.whole_file(path, project, "JT011", message)
    return found


def _yaml_names(directory: Path) -> list[tuple[str, bool]]:
    """Names ending in .yaml in a folder, sorted, each with whether it is a link (as
    `glob("*.yaml")` finds them: any kind of entry, hidden ones too); none if no folder."""
    if not directory.is_dir():
        return []
    try:
        with os.scandir(directory) as entries:
            return sorted(
                (entry.name, _is_link(entry)) for entry in entries if entry.name.endswith(".yaml")
            )
    except OSError:  # a folder that cannot be listed holds nothing, as for glob
        return []


def _is_link(entry: os.DirEntry[str]) -> bool:
    """Whether an entry is a symbolic link; False if that cannot be told (as Path.is_symlink)."""
    try:
        return entry.is_symlink()
    except OSError:
        return False


def _stem(name: str) -> str:
    """A .yaml file's id, as Path.stem gives it: '.yaml' alone is a dotfile without suffix."""
    return name[: -len(".yaml")] if len(name) > len(".yaml") else name


def _in_words(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return " and ".join(filter(None, [", ".join(items[:-1]), items[-1]]))
