"""Content folder → model: find every file, load it, check its schema, build dataclasses.

Everything is read before anything is judged, and a broken file never stops
the others from being read: the result carries every diagnostic found plus
the model built from the files that passed their schema.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.filetree import MAX_FOLDER_DEPTH, walk_files
from ttgbuild.core.origin import Origin
from ttgbuild.packs.jugger.model import (
    Area,
    Board,
    BonusDice,
    Choices,
    Content,
    Format,
    Hero,
    Kit,
    MoveType,
    Position,
    Rules,
    Talent,
    Team,
    Trigger,
    Weapon,
)
from ttgbuild.source.schema import check_document
from ttgbuild.source.yamlsource import Document, load_document

# Files with exactly one document each, and the schema kind that checks them.
SINGLE_FILES = {
    "rules.yaml": "rules",
    "weapons.yaml": "weapons",
    "teams.yaml": "teams",
    "board.yaml": "board",
    "kit.yaml": "kit",
}
# Folders with one file per object.
FOLDERS = {"heroes": "hero", "talents": "talent"}
MAX_FILES = 20_000

LAYOUT_CODES = code_table(
    Code("JT010", "error", "every content file the game needs exists"),
    Code("JT011", "warning", "content/ holds only files ttgbuild reads"),
)


@dataclass
class Loaded:
    """The outcome of reading a content folder."""

    content: Content
    documents: dict[str, Document] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # Ids whose files exist, valid or not: references to them are not reported
    # as unknown, because the file's own errors already explain the problem.
    file_ids: dict[str, set[str]] = field(default_factory=dict)
    # Talent ids named by every parsed hero file, schema-valid or not, so that a
    # talent is not called unused just because its hero has an error elsewhere.
    talent_refs: set[str] = field(default_factory=set)

    def locate(self, file: str, pointer: str, key: bool = False) -> tuple[int, int]:
        """Line and column of a value (or its key) in a loaded file; (0, 0) if unknown."""
        doc = self.documents.get(file)
        return doc.locate(pointer, key=key) if doc else (0, 0)

    def whole_file(self, path: Path, project: Path, code: str, message: str) -> None:
        """Record a problem about a file or folder as a whole (line and column 0)."""
        self.diagnostics.append(LAYOUT_CODES[code].at(display_path(path, project), 0, 0, message))


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


def load_content(project: Path) -> Loaded:
    """Read and schema-check all of `project/content`, building the model from valid files."""
    content_dir = project / "content"
    loaded = Loaded(Content())
    if not content_dir.is_dir():
        loaded.whole_file(
            content_dir,
            project,
            "JT010",
            "no content folder here; run in a project or pass --project DIR",
        )
        return loaded
    valid: dict[str, list[Document]] = {}
    inside = _Inside(project.resolve())
    for path, kind in _discover(content_dir, project, loaded):
        shown = display_path(path, project)
        if not inside(path):
            loaded.whole_file(
                path,
                project,
                "JT001",
                "is a link to a file outside the project; content must live in the project",
            )
            continue
        doc, diags = load_document(path, shown)
        loaded.diagnostics.extend(diags)
        if doc is None:
            continue
        loaded.documents[doc.display] = doc
        if kind == "hero" and isinstance(doc.data.get("talents"), list):
            loaded.talent_refs.update(t for t in doc.data["talents"] if isinstance(t, str))
        errors = check_document(doc, kind)
        loaded.diagnostics.extend(errors)
        if not errors:
            valid.setdefault(kind, []).append(doc)
    _build(loaded.content, valid)
    return loaded


class _Inside:
    """Whether a file resolves to a place inside the project, links followed.

    Resolving every one of thousands of files costs a system call per folder
    on its path; a file that is not itself a link lies where its folder
    resolves to, so each folder is resolved once.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folders: dict[Path, bool] = {}

    def __call__(self, path: Path) -> bool:
        if path.is_symlink():
            return path.resolve().is_relative_to(self.root)
        folder = path.parent
        if folder not in self.folders:
            self.folders[folder] = folder.resolve().is_relative_to(self.root)
        return self.folders[folder]


def _discover(content_dir: Path, project: Path, loaded: Loaded) -> list[tuple[Path, str]]:
    found: list[tuple[Path, str]] = []
    for name, kind in SINGLE_FILES.items():
        path = content_dir / name
        if os.path.lexists(path):  # a FIFO or a folder is read as one, to say what it is
            found.append((path, kind))
        else:
            loaded.whole_file(
                path,
                project,
                "JT010",
                f"{name} is missing: the game's {kind} data must be in content/{name}",
            )
    for folder, kind in FOLDERS.items():
        directory = content_dir / folder
        files = sorted(directory.glob("*.yaml")) if directory.is_dir() else []
        if not files:
            loaded.whole_file(
                directory,
                project,
                "JT010",
                f"no {folder} found: add one file per {kind} as content/{folder}/<id>.yaml",
            )
        loaded.file_ids[kind] = {p.stem for p in files}
        found.extend((p, kind) for p in files[:MAX_FILES])
        if len(files) > MAX_FILES:
            loaded.whole_file(
                directory,
                project,
                "JT010",
                f"{len(files)} files in {folder}/; at most {MAX_FILES} are read",
            )
    known = {p for p, _ in found} | {content_dir / n for n in SINGLE_FILES}
    art = content_dir / "art"  # portraits; like dotfiles and dot-folders, not documents
    tree = walk_files(content_dir, skip=lambda p: p.name.startswith(".") or p == art)
    strays = [
        (
            [p for p in tree.files if p not in known],
            "not a content file ttgbuild reads; content is .yaml files in content/, "
            "content/heroes/ and content/talents/",
        ),
        (
            [p for p in tree.others if p not in known],
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


def _build(content: Content, valid: dict[str, list[Document]]) -> None:
    for doc in valid.get("hero", []):
        content.heroes.append(_hero(doc.data, Origin(doc.display)))
    for doc in valid.get("talent", []):
        content.talents.append(_talent(doc.data, Origin(doc.display)))
    for doc in valid.get("weapons", []):
        origin = Origin(doc.display)
        content.weapons = [
            _weapon(w, origin.at("weapons", i)) for i, w in enumerate(doc.data["weapons"])
        ]
        qwik = doc.data["qwik"]
        content.qwik = Position(qwik["id"], qwik["name"], origin.at("qwik"))
    for doc in valid.get("teams", []):
        origin = Origin(doc.display)
        content.teams = [
            Team(t["id"], t["name"], t["country"], origin.at("teams", i))
            for i, t in enumerate(doc.data["teams"])
        ]
    for doc in valid.get("rules", []):
        content.rules = _rules(doc.data, Origin(doc.display))
    for doc in valid.get("board", []):
        content.board = _board(doc.data, Origin(doc.display))
    for doc in valid.get("kit", []):
        data = doc.data
        content.kit = Kit(
            data["stone_cards"],
            data["point_cards"],
            dict(data["weapon_cards"]),
            dict(data["counters"]),
            dict(data["bases"]),
            data["dice"],
            Origin(doc.display),
        )


def _hero(data: dict[str, Any], origin: Origin) -> Hero:
    return Hero(
        id=data["id"],
        name=data["name"],
        team=data["team"],
        country=data["country"],
        preferred=data["preferred"],
        cost=data["cost"],
        will=data["will"],
        reflexes=data["reflexes"],
        fortitude=data["fortitude"],
        light_feet=data["light_feet"],
        attack=data["attack"],
        defence=data["defence"],
        focus=data["focus"],
        stamina=data["stamina"],
        talents=tuple(data["talents"]),
        origin=origin,
        portrait=data.get("portrait"),
    )


def _talent(data: dict[str, Any], origin: Origin) -> Talent:
    bonus = data.get("bonus_dice")
    attack = data.get("bonus_attack")
    text = data["text"]
    counted = isinstance(text, dict)  # {one, other, count}: the schema allows only these two
    return Talent(
        id=data["id"],
        name=data["name"],
        keyword=data["keyword"],
        cost_kind=data["cost"]["kind"],
        cost_amount=data["cost"].get("amount", 0),
        text=text["one"] if counted else text,
        origin=origin,
        required=data.get("required"),
        trigger=data.get("trigger"),
        bonus_dice=BonusDice(bonus["pool"], bonus["dice"]) if bonus else None,
        bonus_attack_boostable=attack["boostable"] if attack else None,
        params=dict(data.get("params", {})),
        text_plural=text["other"] if counted else None,
        text_count=text["count"] if counted else None,
    )


def _weapon(data: dict[str, Any], origin: Origin) -> Weapon:
    return Weapon(
        data["id"],
        data["name"],
        data["attack"],
        data["defence"],
        data["range"],
        data["crouch_count"],
        data.get("chain", False),
        origin,
    )


def _rules(data: dict[str, Any], origin: Origin) -> Rules:
    costs = dict(data["costs"])
    throw = costs.pop("throw")
    costs["throw"] = throw["cost"]
    return Rules(
        dice_per_player=data["dice"]["per_player"],
        faces=tuple(data["dice"]["faces"]),
        faces_assumed=data["dice"].get("faces_assumed", True),
        formats={name: Format(name, **fmt) for name, fmt in data["formats"].items()},
        qwiks_in_play=data["positions"]["qwik"],
        defenders_in_play=data["positions"]["defender"],
        weapons_max=data["weapons_on_field"]["max"],
        chains_min=data["weapons_on_field"]["chains_min"],
        chains_max=data["weapons_on_field"]["chains_max"],
        synergy=tuple(data["synergy"]),
        attributes={k: (v["min"], v["max"]) for k, v in data["attributes"].items()},
        activation_first=data["activation_order"]["first"],
        activation_last=data["activation_order"]["last"],
        movement=tuple(MoveType(**m) for m in data["movement"]["types"]),
        max_move_per_activation=data["movement"]["max_per_activation"],
        exhausted=dict(data["exhausted"]),
        out_of_bounds_crouch=data["out_of_bounds_crouch"],
        costs=costs,
        throw_hexes=throw["hexes"],
        triggers=tuple(Trigger(t["id"], t["name"]) for t in data["reaction_triggers"]),
        draft=dict(data["draft"]),
        choices=Choices(**data["choices"]),
        origin=origin,
    )


def _board(data: dict[str, Any], origin: Origin) -> Board:
    def hex_(value: list[int]) -> tuple[int, int]:
        return value[0], value[1]

    return Board(
        columns=data["columns"],
        rows=data["rows"],
        centre=hex_(data["centre"]),
        goals={side: hex_(v) for side, v in data["goals"].items()},
        start_zones={
            side: Area(hex_(v["columns"]), hex_(v["rows"]))
            for side, v in data["start_zones"].items()
        },
        corner_lines=tuple(tuple(hex_(h) for h in line) for line in data["corner_lines"]),
        origin=origin,
    )
