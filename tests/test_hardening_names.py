"""Issue 14, names and ids: look-alike duplicates, invisible characters, trailing newlines.

Each case runs `ttgbuild validate` on a broken copy of the shipped content, as
a designer would, and on a fixed copy that must pass.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Project

from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.rules import looks
from ttgbuild.source.fastpath import ecma_pattern
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import load_document

JUGGER = schemas_at(PACK.schemas)

HERO = "content/heroes/kirra-maddock.yaml"
OTHER = "content/heroes/noor-elzinga.yaml"
TALENT = "content/talents/intercept.yaml"
ZERO_WIDTH = ["\u200b", "\u200d", "\u2060", "\ufeff"]
BIDI = ["\u202a", "\u202e", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c"]


def validate(run: Callable[..., Any]) -> tuple[int, list[dict[str, Any]]]:
    result = run("validate", "--format", "json")
    return result.exit_code, json.loads(result.stdout)


def copy_hero(project: Project, new_id: str, name: str) -> None:
    """A second hero, otherwise valid, named `name`."""
    data = project.read(HERO)
    data["id"] = new_id
    data["name"] = name
    project.write(f"content/heroes/{new_id}.yaml", data)


# --- case 1: names that look the same are duplicates ------------------------------------


def _line_of(project: Project, rel: str, text: str) -> int:
    lines = project.path(rel).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize(
    "respell",
    [
        pytest.param(lambda n: unicodedata.normalize("NFD", n), id="nfd"),
        pytest.param(lambda n: n.replace(" ", "\u00a0"), id="no-break-space"),
        pytest.param(lambda n: n.replace(" ", "  "), id="two-spaces"),
        pytest.param(lambda n: n.upper(), id="case"),
        pytest.param(lambda n: n.replace("a", "\uff41"), id="full-width"),
    ],
)
def test_hero_names_that_look_the_same_are_duplicates(project, run, respell) -> None:
    project.edit(HERO, lambda d: d.update(name="Kirra Maddóck"))
    copy_hero(project, "zz-copy", respell("Kirra Maddóck"))
    code, diags = validate(run)
    dups = [d for d in diags if d["code"] == "JT103"]
    assert code == 1
    assert len(dups) == 1
    assert dups[0]["file"] == "content/heroes/zz-copy.yaml"
    assert dups[0]["line"] == _line_of(project, "content/heroes/zz-copy.yaml", "name:")
    # Both places are named: the second by the diagnostic, the first in its message.
    first = f"{HERO}:{_line_of(project, HERO, 'name:')}"
    assert first in dups[0]["message"]


def test_look_alike_message_says_they_look_the_same(project, run) -> None:
    copy_hero(project, "zz-copy", "Kirra\u00a0Maddock")
    _, diags = validate(run)
    (dup,) = [d for d in diags if d["code"] == "JT103"]
    assert "looks the same as 'Kirra Maddock'" in dup["message"]


def test_duplicate_team_id_names_both_lines(project, run) -> None:
    project.edit("content/teams.yaml", lambda d: d["teams"][1].update(id=d["teams"][0]["id"]))
    _, diags = validate(run)
    (dup,) = [d for d in diags if d["code"] == "JT102"]
    first = _line_of(project, "content/teams.yaml", "id: rust-harbour")
    assert dup["line"] > first
    assert dup["message"].endswith(f"is already used in content/teams.yaml:{first}")


def test_distinct_names_pass(project, run) -> None:
    """A different accent is a different name, not a look-alike."""
    project.edit(HERO, lambda d: d.update(name="Kirra Maddock"))
    copy_hero(project, "zz-copy", "Kirra Maddóck")
    code, diags = validate(run)
    assert [d for d in diags if d["code"] == "JT103"] == []
    assert code == 0


def test_look_alike_team_weapon_and_talent_names(project, run) -> None:
    def teams(data: dict) -> None:
        data["teams"][1]["name"] = data["teams"][0]["name"].replace(" ", "\u00a0")

    def weapons(data: dict) -> None:
        data["weapons"][1]["name"] = unicodedata.normalize("NFD", "Ş" + data["weapons"][0]["name"])
        data["weapons"][0]["name"] = "Ş" + data["weapons"][0]["name"]

    project.edit("content/teams.yaml", teams)
    project.edit("content/weapons.yaml", weapons)
    talent = project.read(TALENT)
    project.edit(
        "content/talents/pounce.yaml",
        lambda d: d.update(name=talent["name"].replace("I", "\uff29")),
    )
    _, diags = validate(run)
    files = sorted(d["file"] for d in diags if d["code"] == "JT103")
    assert files == ["content/talents/pounce.yaml", "content/teams.yaml", "content/weapons.yaml"]


@pytest.mark.parametrize("invisible", [*ZERO_WIDTH, *BIDI, "\u00ad"])
def test_key_drops_invisible_characters(invisible: str) -> None:
    """Even where no schema guards a name, an invisible character does not make it new."""
    assert looks(f"Kirra{invisible} Maddock") == looks("kirra maddock")


# --- case 2: invisible and bidi characters ----------------------------------------------


@pytest.mark.parametrize("char", [*ZERO_WIDTH, *BIDI])
def test_name_with_invisible_character_is_refused(project, run, char: str) -> None:
    copy_hero(project, "zz-copy", f"Kirra{char} Maddock")
    code, diags = validate(run)
    (diag,) = [d for d in diags if d["file"] == "content/heroes/zz-copy.yaml"]
    assert code == 1
    assert (diag["code"], diag["pointer"]) == ("JT053", "/name")
    assert f"U+{ord(char):04X}" in diag["message"]
    assert diag["line"] == _line_of(project, "content/heroes/zz-copy.yaml", "name:")


# Every id-like or short field of every content kind: (file, change that puts `value` there).
def _set(rel: str, *path: Any) -> tuple[str, Callable[[Project, str], None]]:
    def apply(project: Project, value: str) -> None:
        def change(data: Any) -> None:
            for part in path[:-1]:
                data = data[part]
            data[path[-1]] = value

        project.edit(rel, change)

    return rel, apply


def _rekey(rel: str, *path: Any, key: str) -> tuple[str, Callable[[Project, str], None]]:
    """Rename a mapping key: `value` replaces `key`."""

    def apply(project: Project, value: str) -> None:
        def change(data: Any) -> None:
            for part in path:
                data = data[part]
            data[value] = data.pop(key)

        project.edit(rel, change)

    return rel, apply


FIELDS = {
    "hero id": _set(HERO, "id"),
    "hero name": _set(HERO, "name"),
    "hero team": _set(HERO, "team"),
    "hero country": _set(HERO, "country"),
    "hero preferred": _set(HERO, "preferred"),
    "hero talent": _set(HERO, "talents", 0),
    "hero portrait": _set(HERO, "portrait"),
    "talent id": _set(TALENT, "id"),
    "talent name": _set(TALENT, "name"),
    "talent required": _set(TALENT, "required"),
    "talent trigger": _set(TALENT, "trigger"),
    "talent text count": _set(TALENT, "text", "count"),
    "talent param": _rekey(TALENT, "params", key="hexes"),
    "team id": _set("content/teams.yaml", "teams", 0, "id"),
    "team name": _set("content/teams.yaml", "teams", 0, "name"),
    "team country": _set("content/teams.yaml", "teams", 0, "country"),
    "weapon id": _set("content/weapons.yaml", "weapons", 0, "id"),
    "weapon name": _set("content/weapons.yaml", "weapons", 0, "name"),
    "qwik id": _set("content/weapons.yaml", "qwik", "id"),
    "qwik name": _set("content/weapons.yaml", "qwik", "name"),
    "trigger id": _set("content/rules.yaml", "reaction_triggers", 0, "id"),
    "trigger name": _set("content/rules.yaml", "reaction_triggers", 0, "name"),
    "move type id": _set("content/rules.yaml", "movement", "types", 0, "id"),
    "kit weapon": _rekey("content/kit.yaml", "weapon_cards", key="staff"),
}
# What each field holds in the shipped content, so a bad character can be added to it.
PLAIN = {"hero country": "DE", "team country": "DE", "talent param": "hexes"}


@pytest.mark.parametrize("char", ["\u200b", "\u202e", "\ufeff", "\n"])
@pytest.mark.parametrize("field", sorted(FIELDS))
def test_short_field_refuses_invisible_characters_and_newlines(
    project, run, field: str, char: str
) -> None:
    rel, apply = FIELDS[field]
    value = PLAIN.get(field, "art/x.png" if field == "hero portrait" else "staff")
    apply(project, value + char)
    code, diags = validate(run)
    assert code == 1
    # A portrait path has its own check (JT113, packs/jugger/art.py); other fields the schema's.
    codes = ("JT113",) if field == "hero portrait" else ("JT053", "JT052")
    found = [d for d in diags if d["file"] == rel and d["code"] in codes]
    assert found, diags
    assert all(d["line"] > 0 for d in found)


@pytest.mark.parametrize("char", ["\u200b", "\n"])
def test_team_file_ids_refuse_invisible_characters_and_newlines(project, run, char: str) -> None:
    team = project.read("content/heroes/kirra-maddock.yaml")
    project.write(
        "team.yaml",
        {
            "format": "short",
            "colour": "red",
            "heroes": [{"hero": team["id"] + char, "position": "qwik"}],
        },
    )
    result = run("team", "check", str(project.path("team.yaml")))
    assert result.exit_code != 0
    assert "JT053" in result.stdout + result.stderr


# --- case 3: a trailing newline (YAML block scalar) -------------------------------------


def test_block_scalar_id_is_refused_where_it_is(project, run) -> None:
    project.replace(HERO, "id: kirra-maddock", "id: |\n  kirra-maddock")
    code, diags = validate(run)
    (diag,) = [d for d in diags if d["file"] == HERO]
    assert code == 1
    assert (diag["code"], diag["pointer"], diag["line"]) == ("JT053", "/id", 2)


def test_folded_name_is_refused(project, run) -> None:
    project.replace(HERO, 'name: "Kirra Maddock"', "name: >\n  Kirra Maddock")
    code, diags = validate(run)
    (diag,) = [d for d in diags if d["file"] == HERO]
    assert (code, diag["code"], diag["pointer"]) == (1, "JT053", "/name")
    assert "U+000A (a line break)" in diag["message"]


def test_name_with_inner_newline_is_refused(project, run) -> None:
    project.edit(HERO, lambda d: d.update(name="Kirra\nMaddock"))
    code, diags = validate(run)
    assert code == 1
    assert [(d["code"], d["pointer"]) for d in diags if d["file"] == HERO] == [("JT053", "/name")]


@pytest.mark.parametrize(
    "text",
    [
        "text: |\n  Nothing at all.\n  Still nothing.\n",
        "text: >\n  Nothing at all,\n  folded.\n",
        'text: "Nothing\\tat all."\n',
    ],
)
def test_multi_line_talent_text_passes(project, run, text: str) -> None:
    project.write_text(
        "content/talents/spare.yaml",
        "id: spare\nname: Spare\nkeyword: passive\ncost: {kind: free}\n" + text,
    )
    code, diags = validate(run)
    assert [d for d in diags if d["severity"] == "error"] == []
    assert code == 0


def test_multi_line_plural_text_passes(project, run) -> None:
    project.replace(TALENT, 'one: "When', 'one: "When\\n')
    code, diags = validate(run)
    assert [d for d in diags if d["file"] == TALENT and d["severity"] == "error"] == []
    assert code == 0


def test_talent_text_refuses_other_controls(project, run) -> None:
    project.replace(TALENT, 'one: "When', 'one: "When\\u202e\\r')
    code, diags = validate(run)
    assert code == 1
    assert [(d["code"], d["pointer"]) for d in diags if d["file"] == TALENT] == [
        ("JT053", "/text/one")
    ]


# --- the pattern dialect, in both validation paths ---------------------------------------


def _patterns(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        return own + [p for value in node.values() for p in _patterns(value)]
    if isinstance(node, list):
        return [p for value in node for p in _patterns(value)]
    return []


SHIPPED_PATTERNS = sorted({p for schema in JUGGER.texts.values() for p in _patterns(schema)})


@pytest.mark.parametrize("source", SHIPPED_PATTERNS, ids=lambda s: s[:24])
def test_shipped_patterns_use_only_what_ecma_pattern_translates(source: str) -> None:
    """ecma_pattern translates `$` only; `.`, \\d, \\w, \\s and \\b mean other things in Python."""
    unescaped = re.sub(r"\\u[0-9a-fA-F]{4}", "", source)
    assert not re.search(r"\\[dDwWsSbB]|(?<!\\)\.", unescaped)


PROSE = JUGGER.texts["defs.schema.json"]["$defs"]["prose"]["pattern"]


@pytest.mark.parametrize(
    "source", [p for p in SHIPPED_PATTERNS if p != PROSE], ids=lambda s: s[:24]
)
def test_no_one_line_pattern_takes_a_final_newline(source: str) -> None:
    samples = {"^[A-Z]{2}$": "DE", "^[a-z][a-z0-9_]*$": "hexes", "^#[0-9a-fA-F]{6}$": "#c8102e"}
    sample = samples.get(source, "kirra-maddock")
    assert ecma_pattern(source).search(sample)
    assert not ecma_pattern(source).search(sample + "\n")


def test_ecma_dollar_is_the_very_end() -> None:
    assert ecma_pattern("^a$").search("a")
    assert not ecma_pattern("^a$").search("a\n")
    assert ecma_pattern("^[$]$").search("$")
    assert ecma_pattern(r"^\$$").search("$")


def test_fast_path_and_jsonschema_agree_on_a_trailing_newline(project) -> None:
    """The fast path must not call a document valid that jsonschema refuses."""
    project.replace(HERO, "id: kirra-maddock", "id: |\n  kirra-maddock")
    doc, problems = load_document(project.path(HERO), HERO)
    assert doc is not None and problems == []
    fast = JUGGER.known_valid("hero")
    assert fast is not None
    assert fast(doc.data) is False
    assert [d.code for d in JUGGER.check_document(doc, "hero")] == ["JT053"]


def test_every_cf_character_is_refused_in_names() -> None:
    """The line pattern covers Unicode's format characters (Cf) of the running Python."""
    line = ecma_pattern(JUGGER.texts["defs.schema.json"]["$defs"]["line"]["pattern"])
    cf = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"]
    assert [f"U+{ord(c):04X}" for c in cf if line.search(c)] == []
