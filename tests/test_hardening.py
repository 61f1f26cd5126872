"""Hostile input: paths out of the project, absurd sizes and numbers, oversized catalogs.

Each case is written the way an attacker (or an unlucky designer) would write
it, and must give a located diagnostic with its code and a non-zero exit,
never a crash; next to it, the closest legal input must pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_no_crash
from PIL import Image

from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n import limits
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.render.context import MAX_PIXELS, RenderContext
from ttgbuild.source import loader
from ttgbuild.source.artpaths import MAX_ART_BYTES
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import MAX_DIGITS
from ttgbuild.validate.project import validate_project

JUGGER = schemas_at(PACK.schemas)

HERO = "content/heroes/kirra-maddock.yaml"
WEAPONS = "content/weapons.yaml"
TALENT = "content/talents/pounce.yaml"
PO = "locales/es/LC_MESSAGES/ttgbuild.po"
REPO = Path(__file__).resolve().parent.parent


def add_portrait(project, yaml_value: str) -> None:
    """Give the hero a portrait line, written as raw YAML (so escapes like \\0 are kept)."""
    project.replace(HERO, "stamina: 5\n", f"stamina: 5\nportrait: {yaml_value}\n")


def errors(result, code: str) -> list[str]:
    return [row for row in result.stdout.splitlines() if f" error {code}: " in row]


def assert_clean_failure(result) -> None:
    assert_no_crash(result)
    assert result.exit_code == 1, result.stdout + result.stderr


# --- paths from content ---------------------------------------------------------------


@pytest.fixture
def outside(project) -> Path:
    """A file and a folder next to the project: what a link out of it would reach."""
    folder = project.root.parent / f"{project.root.name}-outside"
    folder.mkdir()
    Image.new("RGB", (8, 8)).save(folder / "secret.png")
    return folder


@pytest.mark.parametrize(
    "yaml_value, problem",
    [
        ("../secret.png", "must not climb out of content/ with '..'"),
        ("art/../../secret.png", "must not climb out of content/ with '..'"),
        ("/etc/passwd", "must be relative to content/, not absolute"),
        ("'C:\\art\\x.png'", "must be relative to content/, not absolute"),
        ("'C:x.png'", "must be relative to content/, not absolute"),
        ("'\\\\server\\share\\x.png'", "must be relative to content/, not absolute"),
        ('"art/a\\0b.png"', "contains the invisible or control character U+0000"),
        ('"art/\\e[31mred.png"', "contains the invisible or control character U+001B"),
        ('"art/\\u202Egnp.exe"', "contains the invisible or control character U+202E"),
        ("' '", "is empty; give a path relative to content/, e.g. art/name.png"),
        ("art/nothing.png", "does not exist in content/"),
        ("art", "is not a file (a folder or a device)"),
    ],
)
def test_portrait_path_is_refused_at_its_field(project, run, yaml_value, problem) -> None:
    project.path("content/art").mkdir()
    add_portrait(project, yaml_value)
    result = run("validate")
    assert_clean_failure(result)
    found = errors(result, "JT113")
    assert len(found) == 1, result.stdout
    assert found[0].startswith(f"{HERO}:16:11: error JT113: portrait ")
    assert found[0].endswith(f" {problem} [/portrait]")


def test_portrait_link_to_a_file_outside_is_refused(project, run, outside) -> None:
    project.path("content/art").mkdir()
    project.path("content/art/me.png").symlink_to(outside / "secret.png")
    add_portrait(project, "art/me.png")
    result = run("validate")
    assert_clean_failure(result)
    assert errors(result, "JT113") == [
        f"{HERO}:16:11: error JT113: portrait 'art/me.png' leads outside content/ "
        "through a link [/portrait]"
    ]


def test_portrait_in_a_linked_folder_outside_is_refused(project, run, outside) -> None:
    project.path("content/art").symlink_to(outside, target_is_directory=True)
    add_portrait(project, "art/secret.png")
    result = run("validate")
    assert_clean_failure(result)
    assert "leads outside content/ through a link" in errors(result, "JT113")[0]


def test_portrait_link_loop_is_refused(project, run) -> None:
    project.path("content/art").mkdir()
    project.path("content/art/a.png").symlink_to("b.png")
    project.path("content/art/b.png").symlink_to("a.png")
    add_portrait(project, "art/a.png")
    result = run("validate")
    assert_clean_failure(result)
    assert errors(result, "JT113")[0].endswith(
        "portrait 'art/a.png' is a loop of links [/portrait]"
    )


def test_portrait_too_big_is_refused(project, run) -> None:
    project.path("content/art").mkdir()
    with project.path("content/art/huge.png").open("wb") as handle:
        handle.truncate(MAX_ART_BYTES + 1)  # sparse: costs no disk
    add_portrait(project, "art/huge.png")
    result = run("validate")
    assert_clean_failure(result)
    assert f"is {MAX_ART_BYTES + 1} bytes; an image may be at most" in errors(result, "JT113")[0]


def test_portrait_inside_content_passes_even_through_an_inside_link(project, run) -> None:
    project.path("content/art").mkdir()
    Image.new("RGB", (8, 8)).save(project.path("content/art/kirra.png"))
    project.path("content/art/current.png").symlink_to("kirra.png")
    add_portrait(project, "art/current.png")
    result = run("validate", "--format", "json")
    assert "JT113" not in result.stdout, result.stdout


def _render_context(project) -> RenderContext:
    loaded, _ = validate_project(project.root)
    tr = load_translator(project.root, "en")
    return RenderContext(loaded.content, tr, PrintSettings(), content_dir=project.path("content"))


def test_renderer_rechecks_a_portrait_swapped_for_a_link_after_validation(project, outside) -> None:
    from ttgbuild.core.origin import Origin

    project.path("content/art").mkdir()
    Image.new("RGB", (8, 8)).save(project.path("content/art/kirra.png"))
    ctx = _render_context(project)
    where = (Origin(HERO, "/portrait"), "hero card", "portrait")
    assert ctx.portrait("art/kirra.png", where) is not None and ctx.problems == []
    project.path("content/art/kirra.png").unlink()
    project.path("content/art/kirra.png").symlink_to(outside / "secret.png")
    assert ctx.portrait("art/kirra.png", where) is None
    assert [(p.code, p.detail) for p in ctx.problems] == [
        ("JT903", "portrait 'art/kirra.png' leads outside content/ through a link")
    ]


def test_renderer_refuses_a_portrait_with_too_many_pixels(project) -> None:
    from ttgbuild.core.origin import Origin

    project.path("content/art").mkdir()
    side = int(MAX_PIXELS**0.5) + 1
    Image.new("1", (side, side)).save(project.path("content/art/vast.png"))
    Image.new("1", (side - 1, side - 1)).save(project.path("content/art/large.png"))
    ctx = _render_context(project)
    where = (Origin(HERO, "/portrait"), "hero card", "portrait")
    assert ctx.portrait("art/large.png", where) is not None
    assert ctx.portrait("art/vast.png", where) is None
    assert [p.detail for p in ctx.problems] == [
        f"portrait 'art/vast.png' is {side} x {side} pixels; "
        f"a portrait may have at most {MAX_PIXELS}"
    ]


@pytest.mark.parametrize("suffix", ["png", "jpg"])
def test_truncated_portrait_is_reported_not_a_crash(project, run, suffix) -> None:
    """Regression: a file whose header reads but whose pixels are cut off crashed drawing."""
    project.path("content/art").mkdir()
    whole = project.path(f"content/art/whole.{suffix}")
    Image.effect_noise((200, 200), 60).convert("RGB").save(whole)
    project.write_text(f"content/art/cut.{suffix}", whole.read_bytes()[: whole.stat().st_size // 2])
    add_portrait(project, f"art/cut.{suffix}")
    result = run("build", "--locale", "en", "--out", str(project.path("out")))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert (
        f"{HERO}:16:11: warning JT903: en: hero card 'Kirra Maddock', portrait: cannot print: "
        f"portrait 'art/cut.{suffix}' cannot be read as an image (OSError); "
        "box declared at ttgbuild/packs/jugger/data/layouts/cards.layout.yaml:"
    ) in result.stdout


# --- limits: sizes, numbers, counts ------------------------------------------------------


def _walk(node, path: str = ""):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}/{i}")


# Hero numbers are bounded by the ranges in content/rules.yaml (JT104), not by the schema.
HERO_NUMBERS_CHECKED_BY_RULES = "hero.schema.json"


def test_every_schema_value_has_a_size_limit() -> None:
    """No string without a length limit, list without a count limit, open map without one."""
    unbounded = []
    for name, schema in JUGGER.texts.items():
        for path, node in _walk(schema):
            kind = node.get("type")
            closed_pattern = "pattern" in node and not any(q in node["pattern"] for q in "*+,")
            if kind == "string" and "maxLength" not in node and not closed_pattern:
                unbounded.append(f"{name}{path}: string")
            if kind == "array" and "maxItems" not in node and node.get("items") is not False:
                unbounded.append(f"{name}{path}: list")
            open_map = isinstance(node.get("additionalProperties"), dict)
            if kind == "object" and open_map and "maxProperties" not in node:
                unbounded.append(f"{name}{path}: mapping")
            bounded = "maximum" in node and "minimum" in node
            if kind == "integer" and name != HERO_NUMBERS_CHECKED_BY_RULES and not bounded:
                unbounded.append(f"{name}{path}: integer")
    assert unbounded == []


def test_translated_fields_are_longer_than_their_print_budget() -> None:
    """maxLength is a hard stop well above the x-max-chars budget translators aim for."""
    for name, schema in JUGGER.texts.items():
        for path, node in _walk(schema):
            if node.get("x-translatable"):
                assert node["maxLength"] >= node["x-max-chars"], f"{name}{path}"


@pytest.mark.parametrize(
    "file, old, new, code, line, message",
    [
        (
            HERO,
            "cost: 10",
            "cost: 1" + "0" * 5000,
            "JT008",
            7,
            f"a number 5001 digits long; at most {MAX_DIGITS} are allowed",
        ),
        (HERO, "cost: 10", "cost: 10.0", "JT050", 7, "cost must be a whole number, found 10.0"),
        (HERO, "cost: 10", "cost: .nan", "JT050", 7, "cost must be a whole number, found nan"),
        (HERO, "cost: 10", "cost: -" + "9" * 400, "JT104", 7, "cost (a huge number) is outside"),
        (
            HERO,
            '"Kirra Maddock"',
            "2024-13-45",
            "JT002",
            3,
            "YAML cannot read '2024-13-45' (month must be in 1..12); quote it to make it text",
        ),
        (
            HERO,
            '"Kirra Maddock"',
            '"' + "K" * 41 + '"',
            "JT053",
            3,
            "name must be at most 40 characters long, has 41",
        ),
        (
            WEAPONS,
            "range: 1",
            "range: 1" + "0" * 400,
            "JT053",
            None,
            "range must be at most 1000, found a huge number",
        ),
        (
            "content/kit.yaml",
            "stone_cards: 10",
            "stone_cards: 10.0",
            "JT050",
            2,
            "stone_cards must be a whole number, found 10.0",
        ),
        (
            "content/kit.yaml",
            "dice: 16",
            "dice: 1.0e+400",
            "JT050",
            None,
            "dice must be a whole number, found inf",
        ),
    ],
)
def test_absurd_values_get_located_messages(project, run, file, old, new, code, line, message):
    project.replace(file, old, new)
    result = run("validate")
    assert_clean_failure(result)
    found = [row for row in errors(result, code) if row.startswith(f"{file}:")]
    assert found, result.stdout
    if line is not None:
        assert found[0].startswith(f"{file}:{line}:"), found
    assert message in found[0], found


def test_too_many_list_items(project, run) -> None:
    def more_weapons(data):
        data["weapons"] += [dict(data["weapons"][0], id=f"w{i}") for i in range(50)]

    project.edit(WEAPONS, more_weapons)
    result = run("validate")
    assert_clean_failure(result)
    assert f"{WEAPONS}:2:1: error JT053: weapons needs at most 50 items, has 55" in result.stdout


def test_too_many_params(project, run) -> None:
    project.edit(TALENT, lambda data: data.update(params={f"p{i}": 1 for i in range(9)}))
    result = run("validate")
    assert_clean_failure(result)
    assert "error JT053: params needs at most 8 entries" in result.stdout


def test_file_count_cap_is_above_the_benchmark_and_says_what_it_did(project, monkeypatch) -> None:
    assert loader.MAX_FILES > 10_000  # the benchmark validates 10,000 generated heroes
    monkeypatch.setattr(loader, "MAX_FILES", 5)
    _, diags = validate_project(project.root)
    capped = [d for d in diags if d.file == "content/heroes" and d.code == "JT010"]
    assert len(capped) == 1 and capped[0].severity == "error"
    assert "30 files in heroes/; at most 5 are read" in capped[0].message


def test_largest_legal_numbers_build_without_crashing(project, run) -> None:
    """The schema's bounds themselves reach arithmetic and print: exit 0 or 1, never 3."""
    project.replace(WEAPONS, "range: 1", "range: 6")  # weapons.schema.json's maximum
    project.edit(
        TALENT, lambda data: data["params"].update({k: 1000 for k in data.get("params", {})})
    )
    project.replace("content/kit.yaml", "stone_cards: 10", "stone_cards: 1000")
    result = run("build", "--locale", "en", "--out", str(project.path("out")))
    assert_no_crash(result)
    assert result.exit_code in (0, 1), result.stdout + result.stderr


def test_team_file_with_absurd_values_is_reported(project, run) -> None:
    project.write_text(
        "team.yaml",
        "format: short\ncolour: 1" + "0" * 5000 + "\nheroes: [{hero: .inf, position: 3.5}]\n",
    )
    result = run("team", "check", str(project.path("team.yaml")))
    assert_no_crash(result)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert "error JT008" in result.stdout + result.stderr


def test_hostile_keys_and_names_are_shown_escaped_and_short(project, run) -> None:
    """Diagnostics quote content: escape sequences must not reach the terminal raw, and a
    100,000-character key must not become a 100,000-character message (the pointer after
    it stays exact, for tools)."""
    project.replace(HERO, '"Kirra Maddock"', '"Kirra\\e[2J\\u202e"')
    project.replace(HERO, "stamina: 5\n", "stamina: 5\n? " + "k" * 100_000 + "\n: 1\n")
    result = run("validate")
    assert_clean_failure(result)
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    unknown = next(row for row in errors(result, "JT052") if row.startswith(HERO))
    message = unknown.split(" [/", 1)[0]
    assert message.endswith(
        f"unknown field '{'k' * 37}...' in the file; known fields: attack, "
        "cost, country, defence, focus, fortitude, id, light_feet, name, "
        "portrait, preferred, reflexes, stamina, talents, team, will"
    )
    project.replace(HERO, "? " + "k" * 100_000 + "\n: 1\n", "")
    # Control and bidi characters are refused in names (JT053), so the hero is left out.
    listed = run("list", "heroes")
    assert listed.exit_code == 1 and "Kirra" not in listed.stdout
    assert "\x1b" not in listed.stdout + listed.stderr


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_file_name_that_is_not_utf8_is_reported(project, fmt) -> None:
    """Regression: such a name reached JSON output as a lone surrogate, which a strict
    UTF-8 terminal cannot write (an internal error)."""
    heroes = os.fsencode(project.path("content/heroes"))
    os.link(os.fsencode(project.path(HERO)), heroes + b"/bad\xff.yaml")
    result = subprocess.run(
        [sys.executable, "-m", "ttgbuild", "validate", "--format", fmt],
        cwd=project.root,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        check=False,
    )
    stdout = result.stdout.decode("utf-8")  # valid UTF-8 whatever the file names
    assert result.returncode == 1, result.stderr
    if fmt == "json":
        files = {d["file"] for d in json.loads(stdout) if d["code"] == "JT101"}
        assert files == {"content/heroes/bad\udcff.yaml"}  # decodes to the name's own bytes
    else:
        assert "content/heroes/bad\\udcff.yaml:2:5: error JT101: " in stdout


# --- catalogs -------------------------------------------------------------------------------


@pytest.fixture
def es_project(project):
    """The test project with the shipped Spanish catalog."""
    target = project.path(PO)
    target.parent.mkdir(parents=True)
    target.write_bytes((REPO / PO).read_bytes())
    return project


def test_shipped_catalog_is_within_the_limits(es_project) -> None:
    tr = load_translator(es_project.root, "es")
    assert [d for d in tr.diagnostics if d.code in ("JT802", "JT803")] == []
    assert tr.messages


def test_oversized_catalog_is_refused_before_reading(es_project) -> None:
    with es_project.path(PO).open("ab") as handle:
        handle.write(b"# padding\n" * (limits.MAX_CATALOG_BYTES // 10 + 1))
    tr = load_translator(es_project.root, "es")
    assert [(d.file, d.code, d.severity) for d in tr.diagnostics] == [(PO, "JT803", "error")]
    assert "bytes; at most" in tr.diagnostics[0].message and not tr.messages


def test_catalog_with_too_many_entries_is_refused(es_project, monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_ENTRIES", 10)
    tr = load_translator(es_project.root, "es")
    assert [d.code for d in tr.diagnostics] == ["JT803"]
    assert "entries; at most 10 are allowed" in tr.diagnostics[0].message


def test_overlong_translation_is_refused_at_its_line(es_project, run) -> None:
    long = "x" * (limits.MAX_TRANSLATION_CHARS + 1)
    text = es_project.path(PO).read_text(encoding="utf-8")
    text += f'\nmsgid "A message of my own"\nmsgstr "{long}"\n'
    es_project.path(PO).write_text(text, encoding="utf-8")
    line = text.count("\n") - 1  # the msgid line
    result = run("build", "--locale", "es", "--out", str(es_project.path("out")))
    assert_clean_failure(result)
    assert (
        f"{PO}:{line}:0: error JT803: translation of 'A message of my own' is "
        f"{len(long)} characters; at most {limits.MAX_TRANSLATION_CHARS} are allowed"
    ) in result.stdout
    assert not es_project.path("out/es").exists()


def test_translators_tools_apply_the_same_catalog_limits(es_project, run, monkeypatch) -> None:
    """`validate` and `i18n check` read catalogs their own way; the bounds hold there too."""
    long = "x" * (limits.MAX_TRANSLATION_CHARS + 1)
    text = es_project.path(PO).read_text(encoding="utf-8")
    text += f'\nmsgid "A message of my own"\nmsgstr "{long}"\n'
    es_project.path(PO).write_text(text, encoding="utf-8")
    line = text.count("\n") - 1  # the msgid line
    for command in (("validate",), ("i18n", "check")):
        result = run(*command)
        assert_clean_failure(result)
        assert f"{PO}:{line}:0: error JT803: translation of 'A message of my own' is " in (
            result.stdout
        )
    monkeypatch.setattr(limits, "MAX_ENTRIES", 10)
    result = run("i18n", "check")
    assert_clean_failure(result)
    assert "entries; at most 10 are allowed" in result.stdout
    monkeypatch.setattr(limits, "MAX_CATALOG_BYTES", 1000)
    result = run("validate")
    assert_clean_failure(result)
    assert f"{PO}:0:0: error JT803: the catalog is " in result.stdout


def test_translation_the_fonts_cannot_draw_is_reported_at_its_line(es_project, run) -> None:
    """Regression (fuzzer): the page note is drawn directly, so its missing glyphs went unseen."""
    text = es_project.path(PO).read_text(encoding="utf-8")
    note = "msgid \"Print at 100 % (actual size), never 'fit to page'.\""
    line = text.splitlines().index(note) + 1
    start = text.index(note)
    end = text.index("\n\n", start)
    # (The fuzzer's `{nope}` is left out: a stray placeholder now stops the build, JT812.)
    entry = f'{note}\nmsgstr "&\\t\u2066 \u05e9\u05dc\u05d5\u05dd"'
    es_project.path(PO).write_text(text[:start] + entry + text[end:], encoding="utf-8")
    result = run("build", "--locale", "es", "--out", str(es_project.path("out")))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert (
        f'{PO}:{line}:0: warning JT902: es: translation of "Print at 100 % (actual size), '
        "never 'fit\": the fonts have no glyph for U+05D5 U+05DC U+05DD U+05E9 U+2066"
    ) in result.stdout


def test_unreadable_catalog_is_reported(es_project) -> None:
    es_project.path(PO).unlink()
    es_project.path(PO).mkdir()
    tr = load_translator(es_project.root, "es")
    assert [d.code for d in tr.diagnostics] == ["JT810"]  # the reader `validate` uses
    assert "cannot read the catalog: is a folder" in tr.diagnostics[0].message


def test_new_codes_are_listed(run) -> None:
    listed = run("rules").stdout
    for code in ("JT008", "JT113", "JT803"):
        assert f"\n{code} " in listed, code


@pytest.mark.timeout(20)
def test_portrait_swapped_for_a_fifo_after_validation_is_not_waited_on(tmp_path) -> None:
    """The renderer reads a portrait only if it is still a regular file when it opens it."""
    from ttgbuild.render.context import _open_image

    fifo = tmp_path / "face.png"
    os.mkfifo(fifo)
    reader, problem = _open_image(fifo)
    assert reader is None
    assert problem is not None and "FIFO" in problem
