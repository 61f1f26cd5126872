"""What a pack's data files (layouts, sheets) share: read, format-checked, each mapping located.

A layout file and a sheet file are read alike: the YAML (located), their
format's schema, then the JSON pointer of every mapping and list, so that a
problem found later (by their own checks, or while drawing) is reported at
its file:line:col. Each file's own parts and checks stay in layoutfile.py and
sheetfile.py.

A folder of them is read once per process (functools.cache): every command
is one run, and `ttgbuild watch` runs `preview` in a new process for each
save, so an edited file is read by the next run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic, json_pointer
from ttgbuild.core.paths import display_path
from ttgbuild.core.readfile import links_outside
from ttgbuild.pack import Pack
from ttgbuild.source.datapack import DATAPACK_CODES, OUTSIDE
from ttgbuild.source.expressions import ExpressionError, compile_expression
from ttgbuild.source.schema import check_format
from ttgbuild.source.yamlsource import Document, containers, load_document

F = TypeVar("F", bound="DataFile")


@dataclass(frozen=True)
class DataFile:
    """One data file that passed its format, and where each of its mappings sits.

    A kind of data file names its format, its file names' ending and its codes
    in its class line: `class Sheet(DataFile, kind="sheet", suffix=SUFFIX, codes=...)`.
    """

    kind: ClassVar[str]  # the format's name (schema.check_format)
    suffix: ClassVar[str]  # the file name's ending, left out of `name`
    codes: ClassVar[Mapping[str, Code]]  # the codes `problem` may report

    name: str
    doc: Document
    _pointers: dict[int, str] = field(default_factory=dict, repr=False)

    def __init_subclass__(
        cls, *, kind: str, suffix: str, codes: Mapping[str, Code], **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind, cls.suffix, cls.codes = kind, suffix, codes

    @classmethod
    def read(cls, path: Path, display: str) -> tuple[Self | None, list[Diagnostic]]:
        """The file, its mappings located, or None with the YAML's or the format's problems."""
        doc, problems = load_document(path, display)
        if doc is None:
            return None, problems
        problems = check_format(doc, cls.kind)
        if problems:
            return None, problems
        found = cls(path.name.removesuffix(cls.suffix), doc)
        for pointer, node in containers(doc.data, ""):
            found._pointers[id(node)] = pointer
        return found, []

    @property
    def data(self) -> dict[str, Any]:
        return self.doc.data

    def pointer(self, node: Any) -> str:
        """The JSON pointer of a mapping or list of this file ('' if it is not one of it)."""
        return self._pointers.get(id(node), "")

    def line_of(self, node: Any) -> str:
        """`file:line` of a mapping of this file, for messages that point at it as well."""
        line, _column = self.doc.locate(self.pointer(node))
        return f"{self.doc.display}:{line}"

    def problem(self, code: str, node: Any, message: str, key: str = "") -> Diagnostic:
        """A diagnostic located at a mapping of this file (at its `key` when given)."""
        pointer = self.pointer(node) + (json_pointer([key]) if key else "")
        line, column = self.doc.locate(pointer)
        return self.codes[code].at(self.doc.display, line, column, message, pointer)

    def expression_problems(
        self, code: str, expressions: Iterable[tuple[dict[str, Any], str, str]]
    ) -> list[Diagnostic]:
        """`code` at every (owning mapping, key, source) whose source is no valid expression."""
        problems = []
        for owner, key, source in expressions:
            try:
                compile_expression(source)
            except ExpressionError as exc:
                problems.append(self.problem(code, owner, str(exc), key))
        return problems


def load_folder(
    folder: Path,
    root: Path,
    suffix: str,
    load: Callable[[Path, str], tuple[F | None, list[Diagnostic]]],
) -> tuple[dict[str, F], list[Diagnostic]]:
    """Every regular `*suffix` file of a folder loaded by name, and their problems.

    Files are named in diagnostics by their path from `root`. A FIFO is no
    data file: reading it would block forever. In a folder inside `root` (the
    project, or the folder a pack's package sits in), a file that links out of
    it is not read (JT097).
    """

    by_name: dict[str, F] = {}
    diagnostics: list[Diagnostic] = []
    files = sorted(p for p in folder.glob("*" + suffix) if p.is_file()) if folder.is_dir() else []
    kept_in = not links_outside(folder, root)
    for path in files:
        if kept_in and links_outside(path, root):
            shown = f"{display_path(folder, root)}/{path.name}"
            diagnostics.append(DATAPACK_CODES["JT097"].at(shown, 0, 0, OUTSIDE))
            continue
        found, problems = load(path, display_path(path, root))
        diagnostics += problems
        if found is not None:
            by_name[found.name] = found
    return by_name, diagnostics


def shown_from(pack: Pack, folder: Path, project: Path) -> Path:
    """The folder a pack's data files are named from: the project's when they are in it,
    else the folder the pack's package sits in (ttgbuild/packs/jugger/data/...)."""
    inside = folder.resolve().is_relative_to(project.resolve())
    return project.resolve() if inside else pack.folder.parents[pack.package.count(".")]
