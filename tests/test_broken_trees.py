"""A corpus of broken content trees: each must give exit 1, a located message naming the
broken file, and never a traceback."""

from __future__ import annotations

import pytest
import yaml

from ttgbuild.source import yamlparse

HERO = "content/heroes/kirra-maddock.yaml"
TALENT = "content/talents/shield-wall.yaml"
GOOD_HERO = """id: kirra-maddock
name: Kirra Maddock
team: ember-city
country: "AU"
preferred: long-sword
cost: 10
will: 4
reflexes: 4
fortitude: 2
light_feet: 1
attack: 3
defence: 2
focus: 6
stamina: 5
talents: [overhead-strike, settle-the-score]
"""


def hero_with(old: str, new: str) -> str:
    assert old in GOOD_HERO
    return GOOD_HERO.replace(old, new)


# name -> (file, text or bytes written there, expected code, expected line)
CASES: dict[str, tuple[str, str | bytes, str, int]] = {
    "unclosed-flow-list": (
        HERO,
        hero_with("[overhead-strike, settle-the-score]", "[overhead-strike, settle-the-score"),
        "JT002",
        16,
    ),
    "bad-indentation": (HERO, hero_with("will: 4", "  will: 4"), "JT002", 7),
    "tab-indentation": (HERO, "id: x\nname:\n\tfoo: 1\n", "JT002", 3),
    "unterminated-quote": (HERO, hero_with('"AU"', '"AU'), "JT002", 4),
    "duplicate-key": (HERO, GOOD_HERO + "cost: 3\n", "JT003", 16),
    "alias": (HERO, hero_with("cost: 10", "cost: &c 10") + "stamina2: *c\n", "JT004", 16),
    "billion-laughs": (
        HERO,
        "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b]\n",
        "JT004",
        2,
    ),
    "merge-key": (HERO, "base: {x: 1}\n<<: {y: 2}\n", "JT004", 2),
    "python-tag": (HERO, "id: !!python/object/apply:os.system [echo hi]\n", "JT007", 1),
    "custom-tag": (HERO, hero_with("cost: 10", "cost: !money 10"), "JT007", 6),
    "integer-key": (HERO, GOOD_HERO + "7: seven\n", "JT007", 16),
    "list-at-top": (HERO, "- id: kirra-maddock\n", "JT005", 1),
    "scalar-at-top": (HERO, "just some words\n", "JT005", 1),
    "empty-file": (HERO, "", "JT005", 1),
    "comments-only": (HERO, "# nothing here\n", "JT005", 1),
    "two-documents": (HERO, GOOD_HERO + "---\nid: again\n", "JT002", 16),
    "deep-nesting": (HERO, "a: " + "[" * 40 + "]" * 40 + "\n", "JT006", 1),
    "huge-nesting": (HERO, "a: " + "[" * 40000 + "]" * 40000 + "\n", "JT006", 1),
    # Past libyaml 0.2.6's own limit (1,000 levels) in a file too small to be pre-scanned.
    "nesting-past-the-parsers-limit": (HERO, "a: " + "[" * 1500 + "]" * 1500 + "\n", "JT006", 1),
    "nesting-then-broken": (HERO, "a: " + "[" * 1500 + "}\n", "JT006", 1),
    "broken-big-file": (
        HERO,
        hero_with("[overhead-strike, settle-the-score]", "[overhead-strike, settle-the-score")
        + "# "
        + "x" * 20000
        + "\n",
        "JT002",
        17,
    ),
    "latin1-bytes": (HERO, GOOD_HERO.replace("Kirra", "K\xefrra").encode("latin-1"), "JT001", 2),
    "utf16-file": (HERO, GOOD_HERO.encode("utf-16"), "JT001", 1),
    "control-character": (HERO, hero_with("Kirra Maddock", "Kirra\x07Maddock"), "JT001", 2),
    "nul-byte": (HERO, hero_with("Kirra Maddock", "Kirra\x00Maddock"), "JT001", 2),
    "oversized-file": (HERO, GOOD_HERO + "# " + "x" * (1024 * 1024) + "\n", "JT001", 1),
    "string-for-number": (HERO, hero_with("cost: 10", 'cost: "ten"'), "JT050", 6),
    "float-for-integer": (HERO, hero_with("cost: 10", "cost: 10.5"), "JT050", 6),
    "infinite-number": (HERO, hero_with("cost: 10", "cost: .inf"), "JT050", 6),
    "huge-number": (HERO, hero_with("cost: 10", "cost: " + "9" * 400), "JT104", 6),
    "norway-boolean": (HERO, hero_with('"AU"', "NO"), "JT050", 4),
    "date-for-text": (HERO, hero_with("Kirra Maddock", "2024-01-01"), "JT050", 2),
    "missing-field": (HERO, hero_with("will: 4\n", ""), "JT051", 1),
    "unknown-field": (HERO, GOOD_HERO + "speed: 3\n", "JT052", 16),
    "misspelt-field": (HERO, hero_with("reflexes", "reflex"), "JT052", 8),
    "bad-id-form": (HERO, hero_with("id: kirra-maddock", "id: Kirra Maddock"), "JT053", 1),
    "too-many-talents": (
        HERO,
        hero_with("settle-the-score]", "settle-the-score, a, b]"),
        "JT053",
        15,
    ),
    "wrong-enum": (
        TALENT,
        "id: shield-wall\nname: Shield Wall\nkeyword: sometimes\n"
        "cost: {kind: focus, amount: 3}\ntext: Defend.\n",
        "JT053",
        3,
    ),
    "unknown-reference": (HERO, hero_with("team: ember-city", "team: nowhere"), "JT109", 3),
    "missing-rules-file": ("content/rules.yaml", b"", "JT005", 1),
    "very-long-name": (HERO, hero_with("Kirra Maddock", "K" * 5000), "JT053", 2),
}


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_tree_is_reported(project, run, name: str) -> None:
    file, text, code, line = CASES[name]
    project.write_text(file, text)
    result = run("validate")
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output
    assert "Traceback" not in output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    located = [row for row in result.stdout.splitlines() if row.startswith(f"{file}:")]
    assert located, f"no diagnostic names {file}:\n{output}"
    assert any(
        f": error {code}: " in row and row.startswith(f"{file}:{line}:") for row in located
    ), output


def libyaml_gives_up_at(text: str, index: int) -> yaml.MarkedYAMLError:
    """The error libyaml 0.2.6 raises at its nesting limit, made by hand: any libyaml then."""
    mark = yaml.Mark("<unicode string>", index, 0, index, None, None)
    return yaml.scanner.ScannerError(
        "while increasing flow level", mark, "exceeded maximum nesting depth", mark
    )


def test_a_parser_giving_up_deep_in_a_run_of_brackets_is_refused_as_nesting() -> None:
    """At the 33rd level (the top mapping is the first), whatever libyaml's words."""
    text = "a: " + "[" * 999 + "[" * 2000
    assert yamlparse.too_deep_before(text, libyaml_gives_up_at(text, 1002)) == (1, 35)


@pytest.mark.parametrize("index", [5, 30])
def test_a_parser_giving_up_before_deep_nesting_is_a_syntax_error(index: int) -> None:
    text = "a: [[[b, c] d\n" + "[" * 40
    assert yamlparse.too_deep_before(text, libyaml_gives_up_at(text, index)) is None


def test_missing_content_file_is_named(project, run) -> None:
    project.path("content/board.yaml").unlink()
    result = run("validate")
    assert result.exit_code == 1
    assert (
        "content/board.yaml:0:0: error JT010: board.yaml is missing: the game's board data "
        "must be in content/board.yaml"
    ) in result.stdout


def test_no_content_folder(tmp_path) -> None:
    from typer.testing import CliRunner

    from ttgbuild.cli import app

    result = CliRunner().invoke(app, ["validate", "--project", str(tmp_path)])
    assert result.exit_code == 2  # a usage error, naming where it looked
    assert f"validate: no content/ folder in {tmp_path} (run in a project" in result.stderr


def test_every_problem_reported_at_once(project, run) -> None:
    project.write_text(HERO, hero_with("cost: 10", 'cost: "ten"') + "speed: 3\n")
    project.write_text("content/heroes/greta-ankerwald.yaml", "a: [\n")
    project.edit(TALENT, lambda d: d.__setitem__("keyword", "sometimes"))
    result = run("validate", "--format", "json")
    codes = {(d["file"], d["code"]) for d in __import__("json").loads(result.stdout)}
    assert {
        (HERO, "JT050"),
        (HERO, "JT052"),
        ("content/heroes/greta-ankerwald.yaml", "JT002"),
        (TALENT, "JT053"),
    } <= codes


def test_unknown_file_is_a_warning(project, run) -> None:
    project.write_text("content/heroes/notes.txt", "draft ideas")
    result = run("validate")
    assert result.exit_code == 0
    assert "content/heroes/notes.txt:0:0: warning JT011:" in result.stdout
    assert run("validate", "--strict").exit_code == 1


def test_every_duplicate_key_in_a_file_is_reported(project, run) -> None:
    project.write_text(HERO, GOOD_HERO + "cost: 3\nwill: 2\n")
    rows = run("validate").stdout.splitlines()
    assert [r.split(": error ")[0] for r in rows if "JT003" in r] == [
        f"{HERO}:16:1",
        f"{HERO}:17:1",
    ]


def test_content_file_linking_out_of_the_project_is_not_read(project, run) -> None:
    outside = project.root.parent / "outside.yaml"
    outside.write_text("id: secret\n", encoding="utf-8")
    project.path("content/talents/leak.yaml").symlink_to(outside)
    result = run("validate")
    assert result.exit_code == 1
    assert (
        "content/talents/leak.yaml:0:0: error JT001: is a link to a file outside the project; "
        "content must live in the project"
    ) in result.stdout
    assert "secret" not in result.stdout


def test_no_heroes_gives_one_clear_error(project, run) -> None:
    for hero in project.path("content/heroes").glob("*.yaml"):
        hero.unlink()
    result = run("validate")
    assert result.exit_code == 1
    assert result.stdout == (
        "content/heroes:0:0: error JT010: no heroes found: add one file per hero as "
        "content/heroes/<id>.yaml\n"
    )
