"""Game packs: what a game gives the engine, and how the engine finds them.

ttgbuild is an engine; each game is a pack. A pack is a `Pack` object that a
distribution announces under the entry-point group `ttgbuild.packs` (the way
MkDocs finds plugins), so a third party ships a game as its own package and
the engine never imports a game by name. A project names its game in
`ttgbuild.toml` (`game = "jugger-ttg"`); a project without that file uses the
one installed pack, so a single-game install needs no extra file. A project
may instead hold its game as data, a folder with a `pack.yaml`
(`pack = "pack"`); `ttgbuild.source.datapack` turns that file into a `Pack`.

A pack is data plus a few functions: its record kinds and their schemas, how
valid documents become its content model, its rule checks (added to a
registry by its own `register` step: importing a pack registers nothing), the
files its kit holds and how each is drawn, its extra commands, and what its
translators and `ttgbuild list` need to know. Heavy parts (renderers) are
named as `module:function` references and imported only when used, so finding
packs costs no drawing library.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from ttgbuild.core import entrypoints
from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.readfile import FileTooBig, NotRegularFile, read_regular
from ttgbuild.core.tomlkeys import key_place

if TYPE_CHECKING:
    from ttgbuild.core.entrypoints import EntryPointLike
    from ttgbuild.source.yamlsource import Document
    from ttgbuild.validate.registry import Registry

GROUP = "ttgbuild.packs"
# TOML, read by the standard library in a millisecond: every command, an up-to-date
# build included, reads it first, and importing PyYAML alone would cost 50 ms.
PROJECT_FILE = "ttgbuild.toml"
# [print]: the print settings a user fixes once, read by the commands that print
# (ttgbuild.source.printfile); here only known to be a table.
PRINT_TABLE = "print"
PROJECT_KEYS = ("game", "pack", PRINT_TABLE)
MAX_PROJECT_FILE = 64 * 1024
PROJECT_CODE = Code("JT012", "error", "the project names an installed game pack in ttgbuild.toml")


@dataclass(frozen=True)
class Ref:
    """A `module:attribute` reference, imported on first use (and picklable for workers)."""

    target: str

    def load(self) -> Any:
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)

    def findable(self) -> bool:
        """Whether its module exists, found without importing it (a pack's typo shows early)."""
        module = self.target.partition(":")[0]
        try:
            return importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a parent package that fails, or an empty name
            return False


@dataclass(frozen=True)
class PrintPlan:
    """How one kit file is printed, for a guide's print plan (ttgbuild/render/printplan.py).

    `sides` is "one" or "both"; a two-sided file flips on `edge` ("long" or
    "short"), or on the edge the user's print settings choose (None: card
    backs are mirrored for that edge). `stock` is "paper", "card" or a weight
    as the guide should print it ("160 g/m²").
    """

    sides: str = "one"
    edge: str | None = None
    stock: str = "paper"


@dataclass(frozen=True)
class Component:
    """One file of the kit: its name, what it holds, and the function that draws it."""

    file: str  # e.g. "cards.pdf"
    summary: str  # for `ttgbuild games`
    render: Ref  # (RenderContext, **options) → PDF bytes
    # Keyword arguments `render` is called with: which layout deck or sheet a data
    # pack's file holds, so one engine renderer draws every such file.
    options: Mapping[str, Any] = field(default_factory=dict)
    # Drawn after the kit's other files of its locale, which it is handed
    # (RenderContext.kit_files): a guide's print plan counts what was really drawn.
    after_kit: bool = False
    printing: PrintPlan = PrintPlan()
    # Drawn by the engine's decks (render.layout.decks.draw_layout): a large one is drawn
    # in parts, one run of sheets per core, and put back together (build.py).
    deck: bool = False
    # A guide looks for words on its pages (headings): they are read back by the worker
    # that drew it, beside its other work, not by the guide alone after the kit.
    words_read: bool = False


@dataclass(frozen=True)
class Listing:
    """A `ttgbuild list` kind: which content attribute, the text columns, sorted by id or not."""

    name: str
    columns: tuple[str, ...]
    sort_by_id: bool = True


@dataclass(frozen=True)
class Pack:
    """Everything the engine needs from a game."""

    name: str  # e.g. "jugger-ttg", what ttgbuild.toml names
    title: str  # e.g. "Jugger TTG"
    version: str
    code_prefix: str  # every rule code the pack reports starts with it
    package: str  # the pack's import package: scanned for messages; "" for a data pack
    schemas: Path  # folder of <kind>.schema.json (and defs.schema.json)
    templates: Path | None  # Jinja2 templates of translated documents, if any
    files: Mapping[str, str]  # content file → schema kind (one document each)
    folders: Mapping[str, str]  # content folder → schema kind (one file per record)
    new_content: Callable[[], Any]  # an empty content model
    # Fill the model from the schema-valid documents of each kind.
    build_content: Callable[[Any, Mapping[str, list[Document]]], None]
    register: Callable[[Registry], None]  # add the pack's checks and codes
    components: tuple[Component, ...]  # slowest to draw first
    # Kind → (field, kind): ids a record names, counted even when its file fails its schema.
    references: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    listings: tuple[Listing, ...] = ()
    # First segment of a translatable path → (msgctxt label, what a translator pictures).
    context_kinds: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    field_roles: Mapping[str, str] = field(default_factory=dict)
    boxes: Ref | None = None  # msgctxt → TextBox of labels printed in fixed boxes
    schema_order: tuple[tuple[str, str], ...] = ()  # schema file, where it applies (docs)
    commands: Ref | None = None  # Typer app → None: adds the pack's commands
    before_build: Ref | None = None  # (project, content) → diagnostics that stop a build
    icons: Ref | None = None  # the `[token]` icons its texts may hold: an InlineIcons table
    place: Ref | None = None  # content → Origin where text of no one record is reported
    # Folders under content/ that hold files other than documents (art): not read, not strays.
    asset_folders: tuple[str, ...] = ()
    # Templates (names in `templates`) rendered with Jinja2's newstyle gettext: every
    # message of theirs is %-formatted, so `i18n check` treats each as python-format.
    newstyle_templates: tuple[str, ...] = ()
    # The game as data (docs/architecture.md): files the engine reads, each schema-checked
    # and located like content. Expressions in them use ttgbuild.source.expressions.
    layouts: Path | None = None  # folder of <name>.layout.yaml: card, token, tile and mat faces
    sheets: Path | None = None  # folder of <name>.sheet.yaml: reference sheets and prose
    boards: Path | None = None  # folder of <name>.board.yaml: boards tiled over pages
    checks: tuple[Path, ...] = ()  # declarative rule-check files (<name>.checks.yaml)
    functions: Ref | None = None  # name → callable: the game logic expressions may call
    drawings: Ref | None = None  # name → (canvas, box, **args): pictures layouts draw by name
    # Read-only columns of `ttgbuild sheet export`: kind → {title: expression over a record's
    # fields} (ttgbuild.source.expressions), e.g. a hero's point total beside its cost.
    sheet_columns: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # A data pack's folder in its project (it has no package): read for messages, fingerprinted.
    root: Path | None = None
    # What the game's published rulebook states, as data (book.yaml, ttgbuild.source.bookfile):
    # `validate` compares the content with it; None: the game has no book to compare with.
    book: Path | None = None

    @property
    def folder(self) -> Path:
        """The pack's package folder: its code and data count in the build cache's key."""
        if self.root is not None:
            return self.root
        spec = importlib.util.find_spec(self.package)
        if spec is None or spec.origin is None:
            raise ValueError(f"pack {self.name}: package {self.package} cannot be found")
        return Path(spec.origin).resolve().parent


class DeferredPack(Pack):
    """A Pack read from its data files on first use of a field, but for those known at once.

    A game declared in a pack.yaml (`ttgbuild.source.datapack.packaged`) is
    imported by every command that lists the installed games' commands, the
    help among them: reading and checking its pack.yaml and schemas there
    would cost most of a second. The fields its Python gives (its package,
    `commands` and the other Refs) are there at once; the first use of any
    other field reads the files, once (`ready`), raising PackError if broken.
    """

    @classmethod
    def later(cls, read: Callable[[], Pack], **known: Any) -> DeferredPack:
        """A pack whose fields `read` returns when first asked; `known` ones are its own."""
        pack = object.__new__(cls)
        pack.__dict__.update(known, _read=read)
        return pack

    def ready(self) -> DeferredPack:
        """Every field read now (PackError if the files are broken); nothing left to read."""
        read = self.__dict__.get("_read")
        if read is not None:
            whole = read()
            self.__dict__.update({part.name: getattr(whole, part.name) for part in fields(Pack)})
            self.__dict__.pop("_read", None)  # (another thread may have read it too)
        return self


class _ReadOnUse:
    """A DeferredPack's field: read on first use, then the instance's own value answers."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, pack: DeferredPack | None, owner: type | None = None) -> Any:
        if pack is None:
            return self
        return pack.ready().__dict__[self.name]


for _part in fields(Pack):  # shadow Pack's class-level defaults, which would answer unread
    setattr(DeferredPack, _part.name, _ReadOnUse(_part.name))


class PackError(Exception):
    """The project's game cannot be found: a located diagnostic to show, exit 2."""

    def __init__(self, diagnostic: Diagnostic, more: tuple[Diagnostic, ...] = ()) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic
        # Every problem found: a broken pack.yaml can have several, all reported at once.
        self.diagnostics = [diagnostic, *more]


@dataclass(frozen=True)
class Installed:
    """The packs that loaded, by name, and why any other announced pack did not."""

    packs: dict[str, Pack]
    broken: dict[str, str]  # entry point name → what went wrong


@cache
def installed(name: str | None = None) -> Installed:
    """The packs announced under the entry-point group; a broken one is reported, not raised.

    With a name, only the entry points of that name are loaded when there are
    any: a command on one project imports only its own game, so a new
    installed game adds nothing to every other game's commands. Without one,
    or when no entry point has that name (to list the choices), all are.
    """
    points = _entry_points()
    if name is not None and any(point.name == name for point in points):
        points = tuple(point for point in points if point.name == name)
    packs: dict[str, Pack] = {}
    broken: dict[str, str] = {}
    for point in points:
        pack = _loaded(point, read=True)
        if isinstance(pack, str):
            broken[point.name] = pack
        elif problem := _shape_problem(pack):
            broken[point.name] = problem
        elif pack.name in packs:
            broken[point.name] = f"{point.value} is a second pack named {pack.name!r}"
        else:
            packs[pack.name] = pack
    return Installed(packs, broken)


@cache
def announced() -> dict[str, Pack]:
    """Every announced pack that imports, by entry point name, its data files not yet read.

    What the help needs to list each game's commands: `installed()` reads and
    checks every pack's files, which `ttgbuild games` reports on.
    """
    packs = {point.name: _loaded(point, read=False) for point in _entry_points()}
    return {name: pack for name, pack in packs.items() if isinstance(pack, Pack)}


@cache
def _entry_points() -> tuple[EntryPointLike, ...]:
    """The group's entry points in name order."""
    return tuple(sorted(entrypoints.group(GROUP), key=lambda p: p.name))


def _loaded(point: EntryPointLike, read: bool) -> Pack | str:
    """The Pack an entry point names (with its data files read if `read`), or why not."""
    try:
        pack = point.load()
        if read and isinstance(pack, DeferredPack):
            pack.ready()
    except Exception as exc:  # a third party's import error must not stop other packs
        return f"{point.value} cannot be loaded: {type(exc).__name__}: {exc}"
    return pack if isinstance(pack, Pack) else f"{point.value} is not a ttgbuild Pack"


def _shape_problem(pack: Pack) -> str | None:
    """What makes a pack unusable before any of it runs: a missing folder or module."""
    if not pack.schemas.is_dir():
        return f"its schemas folder {pack.schemas} does not exist"
    refs = [pack.new_content, pack.build_content, pack.register]
    refs += [part.render for part in pack.components]
    optional = (
        pack.boxes,
        pack.commands,
        pack.before_build,
        pack.icons,
        pack.place,
        pack.functions,
    )
    refs += [ref for ref in optional if ref is not None]
    missing = [ref.target for ref in refs if isinstance(ref, Ref) and not ref.findable()]
    return f"{missing[0]} cannot be found" if missing else None


@dataclass(frozen=True)
class ProjectFile:
    """What a project's ttgbuild.toml says: an installed game, or a data pack's folder."""

    key: str  # "game" or "pack"
    value: str
    text: str  # the whole file, as written

    @property
    def line(self) -> int:
        """Where the key is written, for located messages: found only when one is made."""
        return key_place(self.text, self.key)[0] or 1


@dataclass(frozen=True)
class ProjectToml:
    """A project's ttgbuild.toml as written (keys are located in the text) and as read."""

    text: str
    data: dict[str, Any]


def project_file(project: Path) -> ProjectFile | None:
    """The game the project's ttgbuild.toml names; None without one, or if it names none.

    PackError if the file cannot say: a file of print settings only is a
    project of the one installed game, as a project with no file is.
    """
    found = project_toml(project)
    return None if found is None else _setting(found)


def project_toml(project: Path) -> ProjectToml | None:
    """The project's ttgbuild.toml, read, its keys known; None without one.

    PackError (JT012, at the key's line) if it cannot be read or holds a key
    that is not one of PROJECT_KEYS, or a `print` that is not a table.
    """
    path = project / PROJECT_FILE
    if not path.exists() and not path.is_symlink():
        return None
    return _read_project_file(path)


def pack_for(project: Path) -> Pack:
    """The installed game pack a project names in ttgbuild.toml, or the one installed pack.

    Raises PackError (JT012, located at ttgbuild.toml) when the file is
    unreadable, names no installed pack, or is missing while several are
    installed: the user must say which game the project is. A project whose
    game is a data pack (`pack = ...`) is loaded by `ttgbuild.source.datapack`.
    """
    return installed_pack(project_file(project))


def installed_pack(setting: ProjectFile | None) -> Pack:
    """The installed pack a project file names (None: no file, or one naming no game)."""
    found = installed(None if setting is None or setting.key != "game" else setting.value)
    if setting is None:
        if len(found.packs) == 1:
            return next(iter(found.packs.values()))
        _refuse(0, _choose(found, "no ttgbuild.toml names this project's game"))
    if setting.key != "game":
        _refuse(setting.line, "names a data pack, which this command cannot read")
    name = setting.value
    if name in found.broken:
        _refuse(setting.line, f"game {name!r} cannot be used: {found.broken[name]}")
    if name not in found.packs:  # every installed game is offered, not just those of this name
        _refuse(setting.line, _choose(installed(), f"game {name!r} is not installed"))
    return found.packs[name]


def _read_project_file(path: Path) -> ProjectToml:
    """The project file read, its top-level keys checked; PackError if it cannot say."""
    import tomllib

    try:
        text = read_regular(path, MAX_PROJECT_FILE).decode("utf-8")
        data = tomllib.loads(text)
    except (
        OSError,
        NotRegularFile,
        FileTooBig,
        UnicodeDecodeError,
        tomllib.TOMLDecodeError,
    ) as exc:
        _refuse(0, f"cannot be read: {exc}")
    unknown = [
        PROJECT_CODE.at(PROJECT_FILE, *key_place(text, key), _unknown_key(key))
        for key in data
        if key not in PROJECT_KEYS
    ]
    if unknown:
        raise PackError(unknown[0], tuple(unknown[1:]))
    if not isinstance(data.get(PRINT_TABLE, {}), dict):
        line, column = key_place(text, PRINT_TABLE)
        message = "print must be a table of settings: a [print] header, then key = value lines"
        _refuse(line, message, column)
    return ProjectToml(text, data)


def _unknown_key(key: str) -> str:
    import difflib  # only when a key is wrong

    close = difflib.get_close_matches(key, PROJECT_KEYS, n=1)
    if close:
        return f"unknown key {key!r}; did you mean {close[0]!r}?"
    return f"unknown key {key!r}; a project file holds only: {', '.join(PROJECT_KEYS)}"


def _setting(found: ProjectToml) -> ProjectFile | None:
    """The game or data pack the file names (None: neither); PackError if it is not text."""
    data = found.data
    if "game" in data and "pack" in data:
        _refuse(0, "names both a game and a pack; keep one of game = ... and pack = ...")
    key = "pack" if "pack" in data else "game"
    if key not in data:
        return None
    if not isinstance(data[key], str):
        line, column = key_place(found.text, key)
        if key == "pack":
            _refuse(line, 'must name the pack\'s folder as a string, e.g. pack = "pack"', column)
        _refuse(line, 'must name the game as a string, e.g. game = "jugger-ttg"', column)
    return ProjectFile(key, data[key], found.text)


def _choose(found: Installed, problem: str) -> str:
    names = ", ".join(sorted(found.packs)) or "none"
    return f'{problem}; write game = "<name>" in ttgbuild.toml (installed packs: {names})'


def unusable(pack: Pack, problem: str) -> PackError:
    """The error for a pack found broken only when used (its checks clash, for instance)."""
    return PackError(
        PROJECT_CODE.at(PROJECT_FILE, 0, 0, f"game {pack.name!r} cannot be used: {problem}")
    )


def _refuse(line: int, message: str, column: int = 0) -> NoReturn:
    raise PackError(PROJECT_CODE.at(PROJECT_FILE, line, column, message))
