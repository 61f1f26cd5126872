"""The source layer and extraction read any pack's record kinds, schemas and messages.

A tiny throwaway game ("tiny": a board file and a folder of pieces that name
abilities) is written as an importable package in a temporary folder; the
loader, the schema set, the schema docs and the extractor must serve it as
they serve Jugger TTG, with nothing of Jugger's leaking in.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ttgbuild import pack as pack_module
from ttgbuild.i18n import extract
from ttgbuild.pack import Installed, Pack
from ttgbuild.packs.jugger import PACK as JUGGER
from ttgbuild.source import schemadoc
from ttgbuild.source.loader import load_content
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import Document

PIECE_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.org/tiny/piece.schema.json",
    "title": "Piece",
    "description": "One game piece.",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "name", "abilities"],
    "properties": {
        "id": {"type": "string", "maxLength": 20, "description": "The piece's id."},
        "name": {
            "type": "string",
            "maxLength": 40,
            "x-translatable": True,
            "x-max-chars": 20,
            "description": "Printed on the piece.",
        },
        "abilities": {
            "type": "array",
            "maxItems": 3,
            "items": {"type": "string", "maxLength": 20},
            "description": "Ids of the piece's abilities.",
        },
    },
}
BOARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.org/tiny/board.schema.json",
    "title": "Board",
    "description": "The board.",
    "type": "object",
    "additionalProperties": False,
    "required": ["size"],
    "properties": {"size": {"type": "integer", "minimum": 2, "maximum": 9, "description": "Side."}},
}
LABELS = 'def labels(tr):\n    return tr._("Roll again")\n'


@dataclass
class TinyContent:
    pieces: list[str] = field(default_factory=list)
    size: int = 0


def tiny_build(content: TinyContent, valid: Mapping[str, list[Document]]) -> None:
    content.pieces = sorted(doc.data["id"] for doc in valid.get("piece", []))
    content.size = next((doc.data["size"] for doc in valid.get("board", [])), 0)


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Pack]:
    """The tiny game as the one installed pack, its package importable."""
    package = tmp_path / "site" / "tinygame"
    (package / "schemas").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "labels.py").write_text(LABELS, encoding="utf-8")
    for kind, schema in (("piece", PIECE_SCHEMA), ("board", BOARD_SCHEMA)):
        text = json.dumps(schema, indent=2)
        (package / "schemas" / f"{kind}.schema.json").write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    importlib.invalidate_caches()
    pack = Pack(
        name="tiny",
        title="Tiny",
        version="0",
        code_prefix="TY",
        package="tinygame",
        schemas=package / "schemas",
        templates=None,
        files={"board.yaml": "board"},
        folders={"pieces": "piece"},
        new_content=TinyContent,
        build_content=tiny_build,
        register=lambda registry: None,
        components=(),
        references={"piece": ("abilities", "ability")},
        context_kinds={"piece": ("piece", "game piece")},
        field_roles={"name": "name printed on the piece"},
        schema_order=(
            ("piece.schema.json", "content/pieces/<id>.yaml"),
            ("board.schema.json", "content/board.yaml"),
        ),
        asset_folders=("pictures",),
    )
    monkeypatch.setattr(pack_module, "installed", lambda name=None: Installed({"tiny": pack}, {}))
    yield pack
    sys.modules.pop("tinygame", None)


def _project(root: Path) -> Path:
    content = root / "project" / "content"
    (content / "pieces").mkdir(parents=True)
    (content / "pictures").mkdir()
    (content / "pictures" / "meeple.png").write_bytes(b"not read")
    (content / "board.yaml").write_text("size: 5\n", encoding="utf-8")
    (content / "pieces" / "rook.yaml").write_text(
        "id: rook\nname: Rook\nabilities: [slide]\n", encoding="utf-8"
    )
    (content / "pieces" / "bishop.yaml").write_text(
        "id: bishop\nname: Bishop\nabilities: [glide]\ncolour: red\n", encoding="utf-8"
    )
    (content.parent / "ttgbuild.toml").write_text('game = "tiny"\n', encoding="utf-8")
    return content.parent


def test_loader_builds_another_games_model_from_its_valid_files(tiny: Pack, tmp_path) -> None:
    project = _project(tmp_path)
    loaded = load_content(project, tiny)
    assert isinstance(loaded.content, TinyContent)
    assert loaded.content.pieces == ["rook"]  # bishop fails its schema
    assert loaded.content.size == 5
    assert loaded.file_ids == {"piece": {"rook", "bishop"}}
    # Named by every parsed file, valid or not.
    assert loaded.references == {"ability": {"slide", "glide"}}
    assert [(d.file, d.code) for d in loaded.diagnostics] == [
        ("content/pieces/bishop.yaml", "JT052")
    ]


def test_loader_words_missing_and_stray_files_from_the_packs_lists(tiny: Pack, tmp_path) -> None:
    project = _project(tmp_path)
    (project / "content" / "board.yaml").unlink()
    for piece in (project / "content" / "pieces").iterdir():
        piece.unlink()
    (project / "content" / "notes.txt").write_text("x", encoding="utf-8")
    shown = [(d.file, d.code, d.message) for d in load_content(project, tiny).diagnostics]
    assert shown == [
        (
            "content/board.yaml",
            "JT010",
            "board.yaml is missing: the game's board data must be in content/board.yaml",
        ),
        (
            "content/pieces",
            "JT010",
            "no pieces found: add one file per piece as content/pieces/<id>.yaml",
        ),
        (
            "content/notes.txt",
            "JT011",
            "not a content file ttgbuild reads; content is .yaml files in content/ and "
            "content/pieces/",
        ),
    ]  # the pack's asset folder (pictures) holds no strays


def test_jugger_stray_files_are_worded_as_before(project) -> None:
    project.path("content/notes.txt").write_text("x", encoding="utf-8")
    (stray,) = [d for d in load_content(project.root, JUGGER).diagnostics if d.code == "JT011"]
    assert stray.message == (
        "not a content file ttgbuild reads; content is .yaml files in content/, "
        "content/heroes/ and content/talents/"
    )


def test_each_schema_folder_is_one_set_compiled_once(tiny: Pack) -> None:
    mine, jugger = schemas_at(tiny.schemas), schemas_at(JUGGER.schemas)
    assert schemas_at(tiny.schemas) is mine
    assert mine.validator("piece") is mine.validator("piece")
    assert mine.known_valid("piece") is mine.known_valid("piece")
    assert sorted(mine.texts) == ["board.schema.json", "piece.schema.json"]
    assert "hero.schema.json" in jugger.texts
    assert mine.translatable_fields("piece") == [("/name", 20)]
    assert mine.character_patterns == {}  # no defs.schema.json: no character patterns
    assert len(jugger.character_patterns) == 2


def test_schema_docs_of_another_game(tiny: Pack) -> None:
    text = schemadoc.render(tiny)
    assert "## Piece — content/pieces/<id>.yaml" in text
    row = "| `name` | yes | string | Printed on the piece. *Translatable, 20 characters.* |"
    assert row in text
    assert "hero" not in text.lower()


def test_another_game_gets_the_engines_messages_and_its_own_only(tiny: Pack, tmp_path) -> None:
    files = extract.code_files(tiny)
    assert any(p.name == "labels.py" and p.parent.name == "tinygame" for p in files)
    assert not [p for p in files if p.is_relative_to(extract.PACKS)]
    catalog = extract.extract_messages(_project(tmp_path))
    places = {path for message in catalog for path, _line in message.locations}
    assert "tinygame/labels.py" in places
    assert not [p for p in places if p.startswith("ttgbuild/packs/")]
    rook = catalog.get("Rook", "piece:rook:name")
    assert rook is not None
    assert rook.auto_comments == ["game piece: name printed on the piece. At most 20 characters."]
    assert "max-length:20" in rook.flags


def test_jugger_messages_keep_their_package_relative_references() -> None:
    files = extract.code_files(JUGGER)
    rulebook = next(p for p in files if p.name == "rulebook.py")
    assert extract.reference(rulebook, JUGGER) == "ttgbuild/packs/jugger/render/rulebook.py"
    assert extract.newstyle_references(JUGGER) == ("ttgbuild/packs/jugger/templates/assembly.j2",)
