"""A game made of data: the project's `pack.yaml` read into a `Pack`, with no Python of its own.

A project names either an installed game (`game = "jugger-ttg"`) or a folder
of its own holding `pack.yaml` (`pack = "pack"`): record kinds with their
JSON Schemas, rule-check files, card layouts, reference sheets and the files
of the kit. Records become the generic model of `ttgbuild.source.records`;
each kit file is drawn by the engine's layout, sheet or board renderer. Every
command asks `pack_of`, so a data pack is used exactly like an installed one.

A broken pack.yaml (unreadable, off its format, naming a file that is not
there) is a PackError carrying every problem, located at file:line:col:
the command stops with exit 2 before reading any content.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import lru_cache, partial
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer
from ttgbuild.core.paths import display_path
from ttgbuild.core.readfile import FileTooBig, NotRegularFile, links_outside, read_regular
from ttgbuild.pack import (
    PROJECT_FILE,
    Component,
    DeferredPack,
    Listing,
    Pack,
    PackError,
    PrintPlan,
    Ref,
    installed_pack,
    project_file,
)

if TYPE_CHECKING:
    from ttgbuild.source.yamlsource import Document

PACK_FILE = "pack.yaml"
# The engine's renderers of a data pack's kit files: one layout deck, one sheet.
RENDERERS = {
    "layout": Ref("ttgbuild.render.datakit:deck"),
    "sheet": Ref("ttgbuild.render.datakit:sheet"),
    "board": Ref("ttgbuild.render.boardtiles:board"),
}
FOLDERS = {
    "layout": ("layouts", ".layout.yaml"),
    "sheet": ("sheets", ".sheet.yaml"),
    "board": ("boards", ".board.yaml"),
}
# Lays every kit file out with the content before a build, and in `validate` (its expressions).
KIT_CHECK = Ref("ttgbuild.render.datakit:check")

DATAPACK_CODES = code_table(
    Code("JT090", "error", "the data pack a project names is a folder inside it holding pack.yaml"),
    Code("JT091", "error", "every file and folder a data pack names exists inside its folder"),
    Code("JT092", "error", "a data pack's record kinds, kit files and code prefix fit together"),
    Code("JT093", "error", "a data pack's schemas are JSON Schemas (draft 2020-12) with an $id"),
    Code("JT097", "error", "a data pack's files are in the project, not links to files outside it"),
)
OUTSIDE = "is a link to a file outside the project; a data pack's files must live in the project"
MAX_SCHEMA = 1024 * 1024
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def pack_of(project: Path) -> Pack:
    """The project's game: the installed pack its ttgbuild.toml names, or its data pack.

    Raises PackError (exit 2) when neither can be used, with every located problem.
    """
    setting = project_file(project)
    if setting is None or setting.key != "pack":
        return installed_pack(setting)
    folder = project / setting.value
    if not folder.resolve().is_relative_to(project.resolve()):
        raise _unfound(setting.line, f"pack folder {setting.value!r} is outside the project")
    path = folder / PACK_FILE
    if not path.is_file():
        raise _unfound(setting.line, f"no {PACK_FILE} in {display_path(folder, project)}/")
    if links_outside(path, project):
        shown = f"{setting.value.rstrip('/')}/{PACK_FILE}"
        raise PackError(DATAPACK_CODES["JT097"].at(shown, 0, 0, OUTSIDE))
    stat = path.stat()
    return _read_pack(path, display_path(path, project), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _read_pack(path: Path, shown: str, mtime_ns: int, size: int) -> Pack:
    """The Pack of one pack.yaml, read once per version of the file.

    A command asks `pack_of` several times (the extractor once per content
    file), so the file is read again only when its time or size changes.
    """
    del mtime_ns, size  # the cache's key: an edited pack.yaml is read again
    # Imported here: PyYAML costs 50 ms, and every command (an up-to-date build too) asks
    # pack_of; a project of an installed game never pays for it.
    from ttgbuild.source.schema import check_format
    from ttgbuild.source.yamlsource import load_document

    doc, problems = load_document(path, shown)
    if doc is not None:
        problems += check_format(doc, "pack")
    if doc is None or problems:
        raise PackError(problems[0], tuple(problems[1:]))
    return _checked_pack(doc, path.parent.resolve())


def packaged(folder: Path, package: str, extra: tuple[Component, ...] = (), **python: Ref) -> Pack:
    """An installed pack declared by the pack.yaml in its package's `folder`, plus its Python.

    A game whose record kinds, checks, layouts and sheets are data but that has
    real game logic (odds, schedules, geometry) ships as a package: its
    `__init__` calls this with the Refs of that logic (`functions`,
    `drawings`, `commands`, `before_build`, `icons`, `place`, `boxes`) and
    any kit files Python draws (`extra`, after the data ones). The package
    is scanned for messages and fingerprinted like Jugger's.

    The pack.yaml is read on first use of a field its Python does not give
    (a DeferredPack): the help lists the game's `commands` without reading it.
    """
    read = partial(_packaged_now, folder, package, extra, python)
    return DeferredPack.later(read, package=package, root=None, **python)


def _packaged_now(
    folder: Path, package: str, extra: tuple[Component, ...], python: dict[str, Ref]
) -> Pack:
    """`packaged`'s pack, its pack.yaml read and checked (PackError if broken)."""
    path = folder / PACK_FILE
    top = package.split(".")[0]
    base = next(p.parent for p in folder.resolve().parents if p.name == top)  # where `top` sits
    stat = path.stat()
    shown = path.resolve().relative_to(base).as_posix()
    pack = _read_pack(path, shown, stat.st_mtime_ns, stat.st_size)
    return dataclasses.replace(
        pack, package=package, root=None, components=pack.components + extra, **python
    )


def _unfound(line: int, message: str) -> PackError:
    """The pack folder or its pack.yaml is not there: said at the line of ttgbuild.toml."""
    return PackError(DATAPACK_CODES["JT090"].at(PROJECT_FILE, line, 0, message))


def _checked_pack(doc: Document, folder: Path) -> Pack:
    """The Pack a schema-valid pack.yaml declares; PackError naming every missing or clashing part.

    Every problem is collected before raising, so one run shows them all.
    """
    data: dict[str, Any] = doc.data
    problems: list[Diagnostic] = []

    def report(code: str, pointer: str, message: str) -> None:
        line, column = doc.locate(pointer)
        problems.append(DATAPACK_CODES[code].at(doc.display, line, column, message, pointer))

    def inside(pointer: str, rel: str, want_dir: bool) -> Path:
        path = folder / rel
        if ".." in rel.split("/") or not path.resolve().is_relative_to(folder):
            report("JT091", pointer, f"{rel} is outside the pack's folder")
        elif not (path.is_dir() if want_dir else path.is_file()):
            report("JT091", pointer, f"{rel} is not a {'folder' if want_dir else 'file'} here")
        return path

    schemas = inside("/schemas", data.get("schemas", "schemas"), want_dir=True)
    parsed: dict[str, Any] = {}  # schema file name → its JSON, usable or not
    if schemas.is_dir():
        shown = PurePosixPath(doc.display).parent / data.get("schemas", "schemas")
        schema_problems, parsed = _schema_problems(schemas, shown)
        problems += schema_problems
    folders: dict[str, str] = {}  # content folder → schema kind
    files: dict[str, str] = {}  # content file → schema kind
    names: dict[str, dict[str, str]] = {"folder": {}, "file": {}}  # schema kind → record name
    listings = []
    for name, kinds in data["records"].items():
        at = f"/records/{name}"
        kind = kinds["kind"]
        if schemas.is_dir() and not (schemas / f"{kind}.schema.json").is_file():
            report("JT091", f"{at}/kind", f"no schema {kind}.schema.json in the schemas folder")
        where = "folder" if "folder" in kinds else "file"
        place = folders if where == "folder" else files
        if kind in names["folder"] or kind in names["file"]:
            report("JT092", f"{at}/kind", f"kind {kind!r} is already read by another record kind")
        if kinds[where] in place:
            report("JT092", f"{at}/{where}", f"{kinds[where]} is already another kind's {where}")
        place[kinds[where]] = kind
        names[where][kind] = name
        if "list" in kinds:
            if where == "file":
                report("JT092", f"{at}/list", "only a folder's records can be listed")
            declared = _declared_fields(parsed.get(f"{kind}.schema.json"))
            for i, column in enumerate(kinds["list"]):
                if declared is not None and column not in declared:
                    known = ", ".join(sorted(declared))
                    message = f"column {column!r} is no field of {kind}.schema.json ({known})"
                    report("JT092", f"{at}/list/{i}", message)
            listings.append(Listing(name, tuple(kinds["list"])))
    if data["code_prefix"] == "JT":
        report("JT092", "/code_prefix", "JT is the engine's prefix; choose another")
    checks = tuple(
        inside(f"/checks/{i}", rel, False) for i, rel in enumerate(data.get("checks", []))
    )
    book = inside("/book", data["book"], want_dir=False) if "book" in data else None
    for what in ("layouts", "sheets", "boards"):
        if links_outside(folder / data.get(what, what), folder):
            report("JT097", f"/{what}", f"{data.get(what, what)}/ {OUTSIDE.removeprefix('is ')}")
    components = []
    for index, part in enumerate(data["kit"]):
        what = next(kind for kind in FOLDERS if kind in part)
        subfolder, suffix = FOLDERS[what]
        base = data.get(f"{what}s", subfolder)
        path = inside(f"/kit/{index}/{what}", f"{base}/{part[what]}{suffix}", want_dir=False)
        options = {what: str(path), "title": data["title"], "theme": dict(data.get("theme", {}))}
        if what == "sheet":
            options["file"] = part["file"]  # a sheet's print plan tells its own row
        if what == "board":
            options["poster"] = part.get("poster", False)  # its print-shop sheet, not tiles
        elif "poster" in part:
            report("JT092", f"/kit/{index}/poster", "only a board's file can be its poster")
        if "edge" in part and part.get("sides", "one") != "both":
            report("JT092", f"/kit/{index}/edge", "only a file printed on both sides has an edge")
        printing = PrintPlan(part.get("sides", "one"), part.get("edge"), part.get("stock", "paper"))
        components.append(
            Component(
                part["file"],
                part["summary"],
                RENDERERS[what],
                options,
                after_kit=part.get("after_kit", False),
                printing=printing,
                deck=what == "layout",  # drawn by draw_layout: a large one in parts
            )
        )
    kit_files = [part.file for part in components]
    for index, file in enumerate(kit_files):
        if file in kit_files[:index]:
            report("JT092", f"/kit/{index}/file", f"{file} is already another file of the kit")
    if problems:
        raise PackError(problems[0], tuple(problems[1:]))
    from ttgbuild.source import records  # here: the help imports this module, reads no pack

    return Pack(
        name=data["name"],
        title=data["title"],
        version=data["version"],
        code_prefix=data["code_prefix"],
        package="",
        schemas=schemas,
        templates=None,
        files=files,
        folders=folders,
        new_content=records.DataContent,
        build_content=partial(records.build_content, names["folder"], names["file"]),
        register=records.register_nothing,
        before_build=KIT_CHECK,
        components=tuple(components),
        listings=tuple(listings),
        context_kinds={
            kind: (label, what) for kind, (label, what) in data.get("context", {}).items()
        },
        field_roles=dict(data.get("field_roles", {})),
        schema_order=tuple(
            (f"{kinds['kind']}.schema.json", _shown(kinds)) for kinds in data["records"].values()
        ),
        layouts=_optional_folder(folder, data.get("layouts", "layouts")),
        sheets=_optional_folder(folder, data.get("sheets", "sheets")),
        boards=_optional_folder(folder, data.get("boards", "boards")),
        checks=checks,
        root=folder,
        book=book,
    )


def _declared_fields(schema: Any) -> set[str] | None:
    """The top-level fields a record schema declares, or None when it cannot say.

    A listing column a schema never declares would print "-" for every record
    (`ttgbuild list` shows a missing optional field so): a misspelt column must
    be an error at pack.yaml instead. A schema that could not be read (None here)
    is reported by _schema_problems; one that declares no `properties` is not
    second-guessed.
    """
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return set(properties) if isinstance(properties, dict) else None


def _schema_problems(folder: Path, shown: PurePosixPath) -> tuple[list[Diagnostic], dict[str, Any]]:
    """What makes a pack's schema unusable: not JSON, no `$id`, not a JSON Schema; and
    every schema read as JSON, usable or not, by file name (read once: the listings'
    columns are checked against them too).

    A data pack's schemas are the user's files, not the engine's: each is
    checked before any content meets it, and named with the place of its fault.
    """
    import json

    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    problems = []
    parsed: dict[str, Any] = {}
    found: dict[str, dict[str, Any]] = {}  # shown name → schema, the usable ones
    for path in sorted(folder.glob("*.schema.json")):
        name = str(shown / path.name)
        if links_outside(path, folder.parent):
            problems.append(DATAPACK_CODES["JT097"].at(name, 0, 0, OUTSIDE))
            continue
        try:
            schema = json.loads(read_regular(path, MAX_SCHEMA).decode("utf-8"))
        except json.JSONDecodeError as exc:
            message = f"is not valid JSON: {exc.msg}"
            problems.append(DATAPACK_CODES["JT093"].at(name, exc.lineno, exc.colno, message))
            continue
        except (OSError, NotRegularFile, FileTooBig, UnicodeDecodeError) as exc:
            problems.append(DATAPACK_CODES["JT093"].at(name, 0, 0, f"cannot be read: {exc}"))
            continue
        parsed[path.name] = schema
        if not isinstance(schema, dict) or not isinstance(schema.get("$id"), str):
            message = 'must be a JSON object with an "$id" (a URI naming the schema)'
            problems.append(DATAPACK_CODES["JT093"].at(name, 0, 0, message))
            continue
        if schema.get("$schema") != DIALECT:
            message = f'must say "$schema": "{DIALECT}" (the JSON Schema draft ttgbuild reads)'
            problems.append(DATAPACK_CODES["JT093"].at(name, 0, 0, message, "/$schema"))
            continue
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            pointer = json_pointer(list(exc.path))
            message = f"is not a valid JSON Schema: {exc.message} (at {pointer or '/'})"
            problems.append(DATAPACK_CODES["JT093"].at(name, 0, 0, message, pointer))
            continue
        found[name] = schema
    return problems + _reference_problems(found), parsed


def _reference_problems(schemas: dict[str, dict[str, Any]]) -> list[Diagnostic]:
    """Every `$ref` of the schemas resolves among them (else validating would fail midway)."""
    from referencing import Registry, Resource
    from referencing.exceptions import Unresolvable

    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()
    )
    problems = []
    for name, schema in schemas.items():
        resolver = registry.resolver(base_uri=schema["$id"])
        for pointer, ref in _references(schema, ""):
            try:
                resolver.lookup(ref)
            except Unresolvable:
                message = f"$ref {ref!r} names no schema or definition of this folder"
                problems.append(DATAPACK_CODES["JT093"].at(name, 0, 0, message, pointer))
    return problems


def _references(node: Any, pointer: str) -> Iterator[tuple[str, str]]:
    """(pointer, target) of every `$ref` in a schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield f"{pointer}/$ref", value
            else:
                yield from _references(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _references(item, f"{pointer}/{index}")


def _shown(kinds: dict[str, str]) -> str:
    """Where a record kind lives, for the format reference (`schema-docs`)."""
    return (
        f"content/{kinds['folder']}/<id>.yaml" if "folder" in kinds else f"content/{kinds['file']}"
    )


def _optional_folder(folder: Path, rel: str) -> Path | None:
    """A layouts, sheets or boards folder: None when the pack has none (its kit names none)."""
    path = folder / rel
    return path if path.is_dir() else None
