"""A game made of data only: the example `examples/tidewrack/`, its pack.yaml, its broken copies.

The project names its game as a folder of its own (`pack = "pack"` in
ttgbuild.toml) holding pack.yaml, schemas, checks, layouts and sheets, and no
Python. Every command works on it as on an installed game; a broken
pack.yaml is exit 2 with every problem located, never a traceback.
"""

from __future__ import annotations

import json
import pickle
import shutil
from pathlib import Path

import pytest
from conftest import REPO, assert_no_crash, run_cli

from bench.pdfview import open_pdf
from ttgbuild.core.origin import Origin
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.records import DataContent, Record, Records

EXAMPLE = REPO / "examples" / "tidewrack"


@pytest.fixture
def game(tidewrack: Path) -> Path:
    """A copy of the example game to break (conftest's, by this module's name for it)."""
    return tidewrack


def replace(path: Path, old: str, new: str) -> None:
    """Change one text in a file, keeping its other lines where they were."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_example_holds_no_python() -> None:
    assert not [p for p in EXAMPLE.rglob("*") if p.suffix in (".py", ".pyc")]


def test_the_example_is_a_pack_with_its_records(game: Path) -> None:
    pack = pack_of(game)
    assert (pack.name, pack.code_prefix, pack.package) == ("tidewrack", "TW", "")
    assert pack.folders == {"critters": "critter", "pools": "pool"}
    assert pack.files == {"game.yaml": "game"}
    assert [part.file for part in pack.components] == ["cards.pdf", "reference.pdf", "guide.pdf"]
    assert pack.folder == (game / "pack").resolve()


def test_a_missing_field_or_kind_says_which_and_records_survive_pickling() -> None:
    """Expressions read fields and kinds as attributes; worker processes get them pickled."""
    record = Record({"cost": 2, "stats": {"speed": 1}}, Origin("a.yaml"))
    content = DataContent()
    content.add("critters", Records([record]))
    with pytest.raises(AttributeError, match=r"^the record has no field 'costs'$"):
        _ = record.costs
    with pytest.raises(AttributeError, match=r"^the game has no record kind 'critter'$"):
        _ = content.critter
    assert getattr(record.stats, "pace", None) is None
    copied = pickle.loads(pickle.dumps(content)).critters[0]
    assert copied == record and copied.stats.speed == 1 and copied.origin == record.origin


def test_records_read_as_fields_and_know_their_place(game: Path) -> None:
    from ttgbuild.validate.project import validate_project

    loaded, _ = validate_project(game)
    darter = next(c for c in loaded.content.critters if c.id == "kelp-darter")
    assert isinstance(darter, Record)
    assert (darter.cost, darter["pool"], darter.params.pools) == (5, "kelp-bed", 1)
    assert darter.origin.at("cost").pointer == "/cost"
    assert darter.params.origin.at("pools").pointer == "/params/pools"
    assert loaded.content.game.tide[0].origin.pointer == "/tide/0"
    with pytest.raises(TypeError):
        darter["cost"] = 9  # type: ignore[index]


def test_list_shows_a_data_packs_records(game: Path) -> None:
    result = run_cli(game, "list", "pools", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [row["id"] for row in rows] == ["kelp-bed", "rock-shelf", "sand-flat"]
    assert rows[0]["grip_cap"] == 3
    result = run_cli(game, "list", "game")
    assert result.exit_code == 2 and "lists critters, pools" in result.stderr


def test_rules_and_schema_docs_name_the_data_pack(game: Path) -> None:
    result = run_cli(game, "schema-docs")
    assert result.exit_code == 0, result.output
    assert "## Critter — content/critters/<id>.yaml" in result.stdout
    assert "## Game numbers — content/game.yaml" in result.stdout


def test_docs_documents_every_format_from_its_schema() -> None:
    result = run_cli(REPO, "docs")
    assert result.exit_code == 0, result.output
    for title in ("Data pack (`pack`)", "Layout (`layout`)", "Reference sheet (`sheet`)"):
        assert f"## {title}" in result.stdout
    assert "## Rule checks (`checks`)" in result.stdout
    assert "| `code_prefix` | yes | string |" in result.stdout
    result = run_cli(REPO, "docs", "pack")
    assert result.exit_code == 0 and "(`pack`)" in result.stdout
    result = run_cli(REPO, "docs", "packs")
    assert result.exit_code == 2 and "no format 'packs'" in result.stderr


def broken(game: Path, *args: str):
    """Run validate on a broken copy: exit 2, no traceback; the output to check."""
    result = run_cli(game, *(args or ("validate",)))
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    return result.stdout + result.stderr


@pytest.mark.parametrize(
    ("path", "old", "new", "expected"),
    [
        pytest.param(
            "ttgbuild.toml",
            'pack = "pack"',
            'pack = "pak"',
            "ttgbuild.toml:2:0: error JT090: no pack.yaml in pak/",
            id="a missing pack folder, located at the project file",
        ),
        pytest.param(
            "ttgbuild.toml",
            'pack = "pack"',
            'pack = "../elsewhere"',
            "JT090: pack folder '../elsewhere' is outside the project",
            id="a pack folder outside the project",
        ),
        pytest.param(
            "ttgbuild.toml",
            'pack = "pack"',
            'pack = "pack"\ngame = "jugger-ttg"',
            "JT012: names both a game and a pack",
            id="a project naming both a game and a pack",
        ),
        pytest.param(
            "pack/pack.yaml",
            "title: Tidewrack",
            "title: [Tidewrack",
            "pack/pack.yaml:6:8: error JT002",
            id="a syntax error in pack.yaml, located",
        ),
    ],
)
def test_a_project_or_pack_file_that_names_no_usable_pack_is_refused(
    game: Path, path: str, old: str, new: str, expected: str
) -> None:
    replace(game / path, old, new)
    assert expected in broken(game)


def test_pack_yaml_format_errors_are_located_and_all_reported(game: Path) -> None:
    replace(game / "pack/pack.yaml", "code_prefix: TW", "code_prefx: TW")
    replace(game / "pack/pack.yaml", "    folder: pools", "    folder: pools\n    colour: blue")
    output = broken(game)
    assert "pack/pack.yaml:7:1: error JT052: unknown field 'code_prefx'" in output
    assert "did you mean 'code_prefix'" in output
    assert "JT051" in output  # code_prefix is missing
    assert "pack/pack.yaml:18:5: error JT052: unknown field 'colour'" in output


def test_a_schema_the_pack_names_must_exist(game: Path) -> None:
    (game / "pack/schemas/pool.schema.json").unlink()
    output = broken(game)
    assert "pack/pack.yaml:16:11: error JT091: no schema pool.schema.json" in output


def test_a_layout_sheet_or_checks_file_the_pack_names_must_exist(game: Path) -> None:
    replace(game / "pack/pack.yaml", "    layout: critter", "    layout: critters")
    replace(game / "pack/pack.yaml", "    sheet: reference", "    sheet: refrence")
    replace(game / "pack/pack.yaml", "checks: [checks/", "checks: [check/")
    output = broken(game, "build", "--out", str(game / "out"))
    assert "error JT091: layouts/critters.layout.yaml is not a file here" in output
    assert "error JT091: sheets/refrence.sheet.yaml is not a file here" in output
    assert "error JT091: check/tidewrack.checks.yaml is not a file here" in output
    assert not (game / "out").exists()


def test_paths_may_not_leave_the_pack(game: Path) -> None:
    replace(game / "pack/pack.yaml", "layouts: layouts", "layouts: layouts/../../content")
    output = broken(game)
    assert "JT091: layouts/../../content/critter.layout.yaml is outside the pack's folder" in output
    replace(game / "pack/pack.yaml", "layouts: layouts/../../content", "layouts: ../content")
    assert "JT053: layouts text '../content' is not allowed" in broken(game)


def test_clashes_inside_pack_yaml_are_reported(game: Path) -> None:
    replace(game / "pack/pack.yaml", "code_prefix: TW", "code_prefix: JT")
    replace(game / "pack/pack.yaml", "    file: game.yaml", "    folder: pools")
    replace(game / "pack/pack.yaml", "  - file: reference.pdf", "  - file: cards.pdf")
    output = broken(game)
    assert "JT092: JT is the engine's prefix" in output
    assert "JT092: pools is already another kind's folder" in output
    assert "JT092: cards.pdf is already another file of the kit" in output


def test_a_broken_pack_yaml_stops_every_command_that_reads_the_game(game: Path) -> None:
    replace(game / "pack/pack.yaml", 'version: "0.1"', "version: 0.1")
    for command in (("validate",), ("rules",), ("list", "critters"), ("i18n", "extract")):
        assert "JT050" in broken(game, *command)


# Each declarative rule of the example, broken in a copy: (file, old, new, where, code, words).
BROKEN_RULES = [
    (
        "content/critters/kelp-darter.yaml",
        "name: Kelp Darter",
        "name: Ink Lurker",
        "content/critters/kelp-darter.yaml:2:7",
        "TW101",
        "'Ink Lurker' is already used in",
    ),
    (
        "content/critters/glass-shrimp.yaml",
        "id: glass-shrimp",
        "id: glass-prawn",
        "content/critters/glass-shrimp.yaml:1:5",
        "TW102",
        "differs from the file name",
    ),
    (
        "content/critters/kelp-darter.yaml",
        "pool: kelp-bed",
        "pool: kelp-beds",
        "content/critters/kelp-darter.yaml:3:7",
        "TW103",
        "did you mean 'kelp-bed'?",
    ),
    (
        "content/critters/barnacle-brute.yaml",
        "cost: 7\ngrip: 4",
        "cost: 8\ngrip: 5",
        "content/critters/barnacle-brute.yaml:5:7",
        "TW104",
        "grip 5 is more than rock-shelf's",
    ),
    (
        "content/critters/barnacle-brute.yaml",
        "[armoured, sticky]",
        "[armoured, sticky, sly]",
        "content/critters/barnacle-brute.yaml:9:9",
        "TW105",
        "traits has 3 items, not 1..2",
    ),
    (
        "content/pools/rock-shelf.yaml",
        "room: 4",
        "room: 2",
        "content/critters/barnacle-brute.yaml:8:9",
        "TW106",
        "pool rock-shelf holds 3 critter",
    ),
    (
        "content/pools/kelp-bed.yaml",
        "depth: 2",
        "depth: 3",
        "content/pools/rock-shelf.yaml:4:8",
        "TW107",
        "one pool alone must be the deepest",
    ),
    (
        "content/game.yaml",
        "{from: 3, to: 5",
        "{from: 4, to: 5",
        "content/game.yaml:7:3",
        "TW108",
        "no row holds D6 results 3",
    ),
    (
        "content/game.yaml",
        "name: Flood tide, surge: 1",
        "name: Flood tide, surge: 3",
        "content/game.yaml:9:5",
        "TW109",
        "stops rising at position 3: 3, 2",
    ),
    (
        "content/critters/kelp-darter.yaml",
        "cost: 5",
        "cost: 6",
        "content/critters/kelp-darter.yaml:4:7",
        "TW110",
        "cost is 6 but should be 5",
    ),
    (
        "content/game.yaml",
        "shell_tokens: 40",
        "shell_tokens: 10",
        "content/game.yaml:10:15",
        "TW111",
        "shell_tokens is 10; at least 18 are needed",
    ),
    (
        "content/critters/ink-lurker.yaml",
        "params: {grip: 1}",
        "params: {grips: 1}",
        "content/critters/ink-lurker.yaml:10:8",
        "TW112",
        "placeholder {grip} has no value",
    ),
    (
        "content/pools/sand-flat.yaml",
        "name: Sand Flat",
        "name: Sand Flat 2",
        "content/pools/sand-flat.yaml:2:7",
        "TW113",
        "states the number '2'",
    ),
    (
        "content/critters/glass-shrimp.yaml",
        "its pool.",
        "its [pool].",
        "content/critters/glass-shrimp.yaml:10:8",
        "TW114",
        "unknown icon [pool]",
    ),
    (
        "content/game.yaml",
        "budget: 12",
        "budget: 6",
        "content/critters/barnacle-brute.yaml:4:7",
        "TW115",
        "more than the budget of 6",
    ),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "where", "code", "words"),
    BROKEN_RULES,
    ids=[case[4] for case in BROKEN_RULES],
)
def test_each_declared_rule_of_the_example_fails_located(
    game: Path, file: str, old: str, new: str, where: str, code: str, words: str
) -> None:
    replace(game / file, old, new)
    result = run_cli(game, "validate", "--strict")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    found = [line for line in result.stdout.splitlines() if f" {code}: " in line]
    assert found, result.stdout
    assert found[0].startswith(f"{where}: "), found
    assert words in found[0], found


def test_the_example_breaks_each_kind_of_rule_once() -> None:
    from ttgbuild.validate.declared_kinds import KINDS

    text = (EXAMPLE / "pack/checks/tidewrack.checks.yaml").read_text(encoding="utf-8")
    kinds = [line.split(":", 1)[1].strip() for line in text.splitlines() if "  kind:" in line]
    assert sorted(kinds) == sorted(KINDS)
    assert len(BROKEN_RULES) == len(KINDS)


def test_the_example_validates_clean_with_its_catalogs(game: Path) -> None:
    result = run_cli(game, "validate", "--strict")
    assert result.exit_code == 0, result.output
    result = run_cli(game, "i18n", "update", "--check")
    assert result.exit_code == 0, result.output


@pytest.mark.timeout(120)
def test_the_example_builds_both_locales(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_cli(game, "build", "--out", str(out), "--strict")
    assert result.exit_code == 0, result.output
    for locale, words in (
        ("en", ("Kelp Darter", "Lives in: Kelp Bed", "Grip", "up to 1 further", "Tidewrack")),
        ("es", ("Flecha de las algas", "Vive en: Bosque de algas", "Agarre", "hasta 1 más")),
    ):
        cards = open_pdf(out / locale / "cards.pdf")
        # 13 cards in their copies: two fronts and two backs on 3 x 3 sheets, then the
        # alignment test's front and back (the guide sends the user to it).
        assert len(cards) == 6
        text = " ".join(" ".join(page.text().split()) for page in cards)
        assert all(word in text for word in words), (locale, text[:400])
        sheet = open_pdf(out / locale / "reference.pdf")
        assert len(sheet) == 1
    sheet_en = " ".join(open_pdf(out / "en" / "reference.pdf")[0].text().split())
    assert "The box holds 40 shell tokens" in sheet_en and "3\u20135" in sheet_en
    sheet_es = " ".join(open_pdf(out / "es" / "reference.pdf")[0].text().split())
    assert "La caja trae 40 fichas de concha" in sheet_es and "Tabla de mareas" in sheet_es
    picture = open_pdf(out / "es" / "cards.pdf")[0].render(dpi=40)
    assert picture.width > 300 and len(set(picture.tobytes())) > 10  # drawn, not blank


def test_a_sheet_expression_failing_on_the_content_stops_the_build(
    game: Path, tmp_path: Path
) -> None:
    replace(game / "pack/sheets/reference.sheet.yaml", "{number: c.dash}", "{number: c.speed}")
    result = run_cli(game, "build", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    assert "pack/sheets/reference.sheet.yaml:" in result.stdout and "speed" in result.stdout
    assert not (tmp_path / "out").exists()


def test_a_broken_layout_is_located_and_stops_the_build(game: Path, tmp_path: Path) -> None:
    replace(game / "pack/layouts/critter.layout.yaml", "band_colour: sea", "band_colour: ocean")
    result = run_cli(game, "build", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    assert "pack/layouts/critter.layout.yaml:" in result.stdout and "ocean" in result.stdout


def test_a_layout_expression_failing_on_the_content_stops_the_build(
    game: Path, tmp_path: Path
) -> None:
    replace(
        game / "pack/layouts/critter.layout.yaml", "number(record.cost)", "number(record.price)"
    )
    lines = (game / "pack/layouts/critter.layout.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "number(record.price)" in text)
    result = run_cli(game, "build", "--out", str(tmp_path / "out"))
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    assert f"pack/layouts/critter.layout.yaml:{line}:15: error JT074:" in result.stdout
    assert "price" in result.stdout
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("schema", "where", "words"),
    [
        ('{"title": "x",', "pack/schemas/pool.schema.json:1:15", "is not valid JSON"),
        ("[1]", "pack/schemas/pool.schema.json:0:0", 'with an "$id"'),
        ('{"$id": "x"}', "pack/schemas/pool.schema.json:0:0", 'must say "$schema"'),
        (
            '{"$id": "x", D "type": 5}',
            "pack/schemas/pool.schema.json:0:0",
            "not a valid JSON Schema",
        ),
        (
            '{"$id": "x", D "pattern": "^(["}',
            "pack/schemas/pool.schema.json:0:0",
            "'^([' is not a 'regex'",
        ),
        (
            '{"$id": "x", D "$ref": "nothere.schema.json#/x"}',
            "pack/schemas/pool.schema.json:0:0",
            "$ref 'nothere.schema.json#/x' names no schema",
        ),
    ],
    ids=["json", "id", "dialect", "schema", "pattern", "ref"],
)
def test_a_broken_schema_of_the_pack_is_located(
    game: Path, schema: str, where: str, words: str
) -> None:
    dialect = '"$schema": "https://json-schema.org/draft/2020-12/schema",'
    (game / "pack/schemas/pool.schema.json").write_text(schema.replace("D ", dialect), "utf-8")
    output = broken(game)
    assert f"{where}: error JT093: " in output and words in output


def test_a_packaged_pack_is_its_pack_yaml_plus_its_python(tmp_path: Path) -> None:
    """An installed game declared as data gets its logic's Refs and Python kit files added."""
    from ttgbuild.pack import Component, PackError, Ref
    from ttgbuild.source.datapack import packaged

    folder = tmp_path / "site" / "minigame" / "data"
    shutil.copytree(EXAMPLE / "pack", folder)
    odds = Component("odds.pdf", "odds tables", Ref("minigame.odds:draw"))
    pack = packaged(folder, "minigame", (odds,), functions=Ref("minigame.logic:FUNCTIONS"))
    assert pack.package == "minigame" and pack.root is None
    assert pack.functions == Ref("minigame.logic:FUNCTIONS")
    assert [part.file for part in pack.components] == [
        "cards.pdf",
        "reference.pdf",
        "guide.pdf",
        "odds.pdf",
    ]
    assert pack.code_prefix == "TW" and pack.layouts == folder.resolve() / "layouts"

    replace(folder / "pack.yaml", "code_prefix: TW", "code_prefix: JT")
    with pytest.raises(PackError) as caught:  # read on first use of its data
        packaged(folder, "minigame").code_prefix  # noqa: B018
    assert caught.value.diagnostic.file == "minigame/data/pack.yaml"


def test_a_listing_column_no_schema_declares_is_an_error_at_pack_yaml(game: Path) -> None:
    """A misspelt column would list "-" for every record; it is named where it is written."""
    replace(
        game / "pack/pack.yaml",
        "list: [id, name, grip_cap, depth]",
        "list: [id, name, grip_cap, dpeth]",
    )
    output = broken(game)
    assert "pack/pack.yaml:18:" in output and "error JT092: column 'dpeth' is no field of" in output
    assert "[/records/pools/list/3]" in output
