"""Layout files (`<name>.layout.yaml`): read, schema-checked, expressions compiled, faces resolved.

A kit file of cards (or tokens, tiles, mats) is data (docs/formats/layouts.md):
faces made of named boxes, and decks that print faces over records. Reading
one here, below the renderer, lets `validate` report every problem of a
layout at its file:line:col (the YAML, the format, an expression that does
not parse, an `extends` that names no face or goes round in a cycle, a colour,
label box or drawing nobody declared) before any page is drawn, and warn at
every key a part would ignore (layoutkeys.py); render/layout/ draws the
checked file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.colours import ENGINE_COLOURS
from ttgbuild.core.diagnostics import Diagnostic, LocatedError
from ttgbuild.pack import Pack
from ttgbuild.source.datafile import DataFile, load_folder, shown_from
from ttgbuild.source.layoutkeys import ignored_keys
from ttgbuild.source.yamlsource import containers

SUFFIX = ".layout.yaml"
LAYOUT_FILE_CODES = code_table(
    Code("JT070", "error", "every expression in a layout file is a valid expression"),
    Code("JT071", "error", "a face extends a face of its file, and no face extends itself"),
    Code("JT072", "error", "a layout names only colours of its theme or the engine's"),
    Code("JT073", "error", "a layout names only faces, label boxes and drawings that exist"),
    Code("JT074", "error", "every expression in a layout file evaluates with the content"),
    Code("JT075", "error", "a layout draws a bounded number of cards, copies, items and boxes"),
    Code("JT076", "warning", "a layout gives no key the part it sits in ignores"),
    Code("JT077", "error", "the cards of one deck are all of one size"),
    Code("JT078", "error", "a deck's card fits on the paper"),
    Code("JT079", "error", "a let binds no name the engine gives a face"),
)
# What one layout file may draw (JT075), far above the shipped games (at most 7 copies of a
# card, 170 cards in a file, 3 items in a repeat): a count of 10**12 would fill the memory,
# and repeats nested in repeats would draw for ever.
MAX_COPIES = 1_000  # copies of one record's card, or a deck entry's count
MAX_CARDS = 10_000  # cards of one layout file, every deck and copy counted
MAX_ITEMS = 1_000  # items of one `each` (a repeat box, a group of paragraphs)
MAX_BOXES = 10_000  # boxes and paragraphs drawn on one face, repeated ones counted
# Keys whose values are expressions (a message's params values are too).
EXPRESSION_KEYS = frozenset(
    {"when", "each", "count", "copies", "value", "icon", "src", "component", "origin", "form"}
)
LENGTH_KEYS = frozenset({"left", "right", "bottom", "top", "width", "height", "baseline", "radius"})
TEXT_KEYS = frozenset({"text", "label"})  # an expression, unless a message mapping
COLOUR_KEYS = frozenset({"colour", "fill", "stroke", "background", "band_colour", "back_colour"})
# Colours a face's record may choose (the alignment test's back_colour is a name only).
DRAWN_COLOUR_KEYS = COLOUR_KEYS - {"back_colour"}
# Sizes that are numbers (pt, or a face's band in mm), or expressions giving them.
SIZE_KEYS = frozenset({"size", "line_width", "band"})
# A colour written as a bare name is a colour of the theme (or a `let` name); anything
# else (record.faction.colour, theme.ink, a call) is an expression giving one.
COLOUR_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
# A colour written as it is, "#1d2b36": a face's or a box's own colour (not an expression).
HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# The names every face is given (render/layout/faces.py: engine_names' keys, and the
# face's measures in mm, measures' keys; tests/test_layout_language.py keeps them equal).
ENGINE_NAMES = frozenset(
    {"content", "place", "number", "translated", "country", "capitalised", "quoted"}
)
MEASURES = frozenset({"width", "height", "safe", "inner", "band", "lower"})
# Names the engine binds for a face (its record, the image boxes drawn, the colours, the
# names above): a `let` of one would shadow the engine's or be overwritten by it.
RESERVED = frozenset({"record", "drawn", "theme", "label_width"}) | ENGINE_NAMES | MEASURES


class LayoutError(LocatedError):
    """A located problem found while drawing a layout; carries its diagnostic."""


@dataclass(frozen=True)
class Layout(DataFile, kind="layout", suffix=SUFFIX, codes=LAYOUT_FILE_CODES):
    """One checked layout file: faces resolved through `extends`, where each mapping sits."""

    # face name → the face with its parents' keys and boxes (filled by `_resolve`)
    faces: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def colours(self) -> dict[str, str]:
        """Every colour name this file may use → #rrggbb."""
        return {**ENGINE_COLOURS, **self.data.get("theme", {})}

    @property
    def let_names(self) -> frozenset[str]:
        """Every name a `let` of this file binds: the file's, and any face's."""
        faces = self.data["faces"].values()
        mappings = [self.data.get("let", {}), *(face.get("let", {}) for face in faces)]
        return frozenset(name for mapping in mappings for name in mapping)

    def is_colour_expression(self, value: Any) -> bool:
        """Whether a colour key's value is an expression (else a colour of the file).

        A colour of the file is that colour even where a `let` binds its name, and
        "#rrggbb" is that colour.
        """
        if not isinstance(value, str) or value in self.colours or HEX_COLOUR.match(value):
            return False
        return not COLOUR_NAME.match(value) or value in self.let_names

    def locate_as(self, node: Any, like: Any) -> None:
        """Locate a mapping made while drawing (a repeat's item over its template) at `like`."""
        self._pointers[id(node)] = self.pointer(like)


def load_layout(
    path: Path,
    display: str,
    boxes: frozenset[str] = frozenset(),
    drawings: frozenset[str] = frozenset(),
) -> tuple[Layout | None, list[Diagnostic]]:
    """One layout file, checked; `boxes` and `drawings` are the names the pack declares.

    Returns no layout when anything is wrong, with every problem located.
    """
    layout, problems = Layout.read(path, display)
    if layout is None:
        return None, problems
    problems = layout.expression_problems("JT070", _expressions(layout))
    problems += _resolve(layout)
    problems += _colour_problems(layout)
    label_boxes = boxes | frozenset(layout.data.get("textboxes", {}))
    problems += _name_problems(layout, label_boxes, drawings)
    problems += _let_problems(layout)
    if problems:
        return None, problems
    ignored = ignored_keys(layout.data, layout.faces)
    return layout, [layout.problem("JT076", *found) for found in ignored]


@cache
def load_layouts(
    folder: Path,
    root: Path,
    boxes: frozenset[str] = frozenset(),
    drawings: frozenset[str] = frozenset(),
) -> tuple[dict[str, Layout], list[Diagnostic]]:
    """Every `*.layout.yaml` of a folder by name, read once per process, and their problems.

    Files are named in diagnostics by their path from `root`.
    """
    return load_folder(
        folder, root, SUFFIX, lambda path, shown: load_layout(path, shown, boxes, drawings)
    )


def pack_layouts(pack: Pack, project: Path) -> tuple[dict[str, Layout], list[Diagnostic]]:
    """The pack's layouts and their problems (none without a layouts folder).

    Files inside the project are named from it; a pack's own from the folder its
    package sits in (e.g. ttgbuild/packs/jugger/data/layouts/cards.layout.yaml).
    """
    if pack.layouts is None:
        return {}, []
    root = shown_from(pack, pack.layouts, project)
    boxes = frozenset(box.name for box in pack.boxes.load().values()) if pack.boxes else frozenset()
    drawings = frozenset(pack.drawings.load()) if pack.drawings else frozenset()
    return load_layouts(pack.layouts.resolve(), root, boxes, drawings)


def _resolve(layout: Layout) -> list[Diagnostic]:
    """Fill `layout.faces`: each face with its ancestors' keys, boxes replaced by name.

    A face that extends no face of the file, or one of a cycle, is a problem
    and is left out.
    """
    faces: dict[str, dict[str, Any]] = layout.data["faces"]
    problems: list[Diagnostic] = []

    broken: set[str] = set()  # faces already reported (or extending one that is)

    def resolved(name: str, seen: tuple[str, ...]) -> dict[str, Any] | None:
        if name in layout.faces or name in broken:
            return layout.faces.get(name)
        face = faces[name]
        parent_name = face.get("extends")
        if parent_name is None:
            layout.faces[name] = face
            return face
        if parent_name not in faces:
            known = ", ".join(sorted(faces))
            message = f"face {name!r} extends {parent_name!r}, no face of this file ({known})"
            problems.append(layout.problem("JT071", face, message, "extends"))
            broken.add(name)
            return None
        if parent_name in seen:
            cycle = seen[seen.index(parent_name) :]
            message = f"faces extend each other in a cycle: {' → '.join((*cycle, parent_name))}"
            problems.append(layout.problem("JT071", face, message, "extends"))
            broken.update(cycle)
            return None
        parent = resolved(parent_name, (*seen, parent_name))
        if parent is None:
            broken.add(name)
            return None
        layout.faces[name] = _merged(layout, parent, face)
        return layout.faces[name]

    for name in faces:
        resolved(name, (name,))
    return problems


def _merged(layout: Layout, parent: dict[str, Any], face: dict[str, Any]) -> dict[str, Any]:
    """A face over its parent: its keys win; a box named like one of the parent's restates
    only what changes of it, in its place; other boxes come after the parent's."""
    merged = {**parent, **{k: v for k, v in face.items() if k not in ("boxes", "extends")}}
    if "let" in parent and "let" in face:  # the parent's names, then the face's (which win)
        merged["let"] = {**parent["let"], **face["let"]}
        layout.locate_as(merged["let"], face["let"])
    boxes = list(parent.get("boxes", []))
    index = {box["name"]: i for i, box in enumerate(boxes)}
    for box in face.get("boxes", []):
        if box["name"] in index:
            over = {**boxes[index[box["name"]]], **box}
            layout.locate_as(over, box)
            boxes[index[box["name"]]] = over
        else:
            boxes.append(box)
    merged["boxes"] = boxes
    layout.locate_as(merged, face)
    return merged


def _colour_problems(layout: Layout) -> list[Diagnostic]:
    known = layout.colours
    problems = []
    for owner, key, value in _keyed(layout.data, COLOUR_KEYS):
        if key in DRAWN_COLOUR_KEYS and (
            layout.is_colour_expression(value) or HEX_COLOUR.match(str(value))
        ):
            continue  # an expression is checked with the content, when drawn
        if isinstance(value, str) and value not in known:
            problems.append(layout.problem("JT072", owner, _no_colour(value, known), key))
    for owner in _mappings_only(layout.data):
        args = owner.get("args") if "draw" in owner else None
        for name, value in (args or {}).items():
            if name.endswith("colour") and value not in known:
                if layout.is_colour_expression(value):
                    continue
                problems.append(layout.problem("JT072", args, _no_colour(value, known), name))
    return problems


def _no_colour(value: Any, known: Mapping[str, str]) -> str:
    """JT072's message; a "#rrggbb" where only a name will do says how to name it."""
    message = f"no colour {value!r} (colours: {', '.join(sorted(known))})"
    if isinstance(value, str) and HEX_COLOUR.match(value):
        message += f"; name it in the file's theme (theme: {{mine: {value!r}}}) and write mine"
    return message


def _let_problems(layout: Layout) -> list[Diagnostic]:
    """A `let` that binds a name the engine gives every face (JT079), at that name."""
    faces = layout.data["faces"].values()
    problems = []
    for bound in (layout.data.get("let", {}), *(face.get("let", {}) for face in faces)):
        for name in RESERVED & bound.keys():
            message = f"let cannot bind {name!r}: the engine gives every face that name"
            problems.append(layout.problem("JT079", bound, message, name))
    return problems


def _name_problems(
    layout: Layout, boxes: frozenset[str], drawings: frozenset[str]
) -> list[Diagnostic]:
    """Faces a deck names, label boxes and drawings a box names: each must exist."""
    problems = []
    faces = layout.data["faces"]
    for deck in layout.data.get("decks", []):
        if "back" in deck and deck["back"] not in faces:
            problems.append(layout.problem("JT073", deck, f"no face {deck['back']!r}", "back"))
        for card in deck["cards"]:
            if card["face"] not in faces:
                problems.append(layout.problem("JT073", card, f"no face {card['face']!r}", "face"))
    alignment = layout.data.get("alignment", {})
    for key in ("heading_box", "text_box"):
        if key in alignment and alignment[key] not in boxes:
            message = f"no label box {alignment[key]!r} (boxes: {', '.join(sorted(boxes))})"
            problems.append(layout.problem("JT073", alignment, message, key))
    for owner in _mappings_only(layout.data.get("faces")):
        if isinstance(owner.get("textbox"), str) and owner["textbox"] not in boxes:
            message = (
                f"no label box {owner['textbox']!r} (boxes: {', '.join(sorted(boxes)) or 'none'})"
            )
            problems.append(layout.problem("JT073", owner, message, "textbox"))
        if isinstance(owner.get("draw"), str) and owner["draw"] not in drawings:
            message = (
                f"no drawing {owner['draw']!r} (drawings: {', '.join(sorted(drawings)) or 'none'})"
            )
            problems.append(layout.problem("JT073", owner, message, "draw"))
    return problems


def _mappings_only(node: Any) -> Iterator[dict[str, Any]]:
    yield from (found for _pointer, found in containers(node, "") if isinstance(found, dict))


def _keyed(node: Any, keys: frozenset[str]) -> Iterator[tuple[dict[str, Any], str, Any]]:
    for owner in _mappings_only(node):
        for key in keys & owner.keys():
            yield owner, key, owner[key]


def _expressions(layout: Layout) -> Iterator[tuple[dict[str, Any], str, str]]:
    """(owning mapping, key, source) of every expression of a layout file: in its boxes and
    decks, its `let`s, and the colours and sizes written as expressions."""
    node = layout.data
    lets = [node.get("let", {}), *(face.get("let", {}) for face in node["faces"].values())]
    for bound in lets:
        yield from ((bound, name, source) for name, source in bound.items())
    skipped = {id(node.get("theme")), id(node.get("textboxes")), *(id(bound) for bound in lets)}
    for owner in _mappings_only(node):
        if "msg" in owner:  # a message: only its count and params are expressions
            if isinstance(owner.get("count"), str):
                yield owner, "count", owner["count"]
            for name, source in owner.get("params", {}).items():
                yield owner["params"], name, source
            continue
        if id(owner) in skipped:
            continue
        for key, value in owner.items():
            if not isinstance(value, str):
                continue
            piece_record = key == "record" and "kind" in owner
            written = key in EXPRESSION_KEYS or key in LENGTH_KEYS or key in TEXT_KEYS
            colour = key in DRAWN_COLOUR_KEYS and layout.is_colour_expression(value)
            if written or key in SIZE_KEYS or piece_record or colour:
                yield owner, key, value
        if "draw" in owner and isinstance(owner.get("args"), dict):
            args = owner["args"]
            yield from (
                (args, name, v)
                for name, v in args.items()
                if isinstance(v, str)
                and (not name.endswith("colour") or layout.is_colour_expression(v))
            )
