"""The translators' workflow (`ttgbuild i18n ...`), run as a user would, in a temporary project."""

from __future__ import annotations

import gettext
import json
import os
import re
from pathlib import Path

import pytest
from conftest import REPO
from typer.testing import CliRunner

from ttgbuild.cli import app
from ttgbuild.i18n.glossary import load_glossary

POT = "locales/ttgbuild.pot"
ES = "locales/es/LC_MESSAGES/ttgbuild.po"
# A talent whose text is one string (a text with a count has plural forms: test_plurals.py).
LAST_STAND = "content/talents/last-stand.yaml"
RIPOSTE = "content/talents/riposte.yaml"
SNAP_BACK = "content/talents/snap-back.yaml"
LAST_STAND_ES = (
    "Una Defensa Total que cuesta solo {cost} [stamina] en lugar del precio habitual. "
    "No se puede potenciar."
)
REWORD = ("in place of the usual price", "instead of the usual price")


def translate(project, context: str, text: str, rel: str = ES) -> int:
    """Edit the .po as a translator would: fill in one entry's msgstr. Returns its msgid line."""
    lines = project.path(rel).read_text(encoding="utf-8").split("\n")
    at = lines.index(f'msgctxt "{context}"')
    start = next(i for i in range(at, len(lines)) if lines[i].startswith("msgstr"))
    end = start + 1
    while lines[end].startswith('"'):
        end += 1
    lines[start:end] = [f'msgstr "{text}"']
    project.path(rel).write_text("\n".join(lines), encoding="utf-8")
    return at + 2


def entry(project, context: str, rel: str = ES) -> str:
    """The block of the .po that holds one message, comments included."""
    blocks = project.path(rel).read_text(encoding="utf-8").split("\n\n")
    [found] = [b for b in blocks if f'msgctxt "{context}"' in b]
    return found


def status(run) -> list[dict[str, object]]:
    result = run("i18n", "status", "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def started(project, run):
    """A project with a template and an empty Spanish catalog."""
    assert run("i18n", "extract").exit_code == 0
    assert run("i18n", "init", "es").exit_code == 0
    return project


def test_round_trip(project, run) -> None:
    extracted = run("i18n", "extract")
    assert extracted.exit_code == 0
    total = int(re.fullmatch(rf"{POT}: (\d+) messages \(created\)\n", extracted.stdout)[1])
    assert run("i18n", "init", "es").stdout == (
        f"{ES}: 0 of {total} translated, 0 fuzzy, {total} untranslated, 0 obsolete (created)\n"
    )
    translate(project, "talent:last-stand:text", LAST_STAND_ES)
    translate(project, "talent:riposte:name", "Contraataque")
    assert status(run) == [
        {
            "locale": "es",
            "total": total,
            "translated": 2,
            "fuzzy": 0,
            "untranslated": total - 2,
            "obsolete": 0,
        }
    ]

    project.replace(LAST_STAND, *REWORD)
    assert run("i18n", "extract").stdout == f"{POT}: {total} messages (updated)\n"
    assert run("i18n", "update").stdout == (
        f"{ES}: 1 of {total} translated, 1 fuzzy, {total - 2} untranslated, 0 obsolete (updated)\n"
    )
    block = entry(project, "talent:last-stand:text")
    flags = re.search(r"^#, (.*)$", block, re.MULTILINE).group(1).split(", ")
    assert {"fuzzy", "max-length:170", "python-brace-format"} <= set(flags)
    assert (
        '#| msgid ""\n'
        '#| "A full defence that costs only {cost} [stamina] in place of the usual "\n'
        '#| "price. It cannot be boosted."\n'
        'msgctxt "talent:last-stand:text"\n'
        'msgid ""\n'
        '"A full defence that costs only {cost} [stamina] instead of the usual "\n'
        '"price. It cannot be boosted."\n'
        'msgstr ""\n'
        '"Una Defensa Total que cuesta solo {cost} [stamina] en lugar del precio "\n'
        '"habitual. No se puede potenciar."'
    ) in block
    assert status(run)[0] == {
        "locale": "es",
        "total": total,
        "translated": 1,
        "fuzzy": 1,
        "untranslated": total - 2,
        "obsolete": 0,
    }
    text = run("i18n", "status").stdout.splitlines()
    assert text[0].split() == [
        "locale",
        "done",
        "total",
        "translated",
        "fuzzy",
        "untranslated",
        "obsolete",
    ]
    assert text[1].split() == ["es", "0", "%", str(total), "1", "1", str(total - 2), "0"]

    compiled = run("i18n", "compile")
    assert (
        compiled.stdout == f"locales/es/LC_MESSAGES/ttgbuild.mo: 1 of {total} messages (updated)\n"
    )
    with project.path("locales/es/LC_MESSAGES/ttgbuild.mo").open("rb") as handle:
        mo = gettext.GNUTranslations(handle)
    assert mo.pgettext("talent:riposte:name", "Riposte") == "Contraataque"
    last_stand = project.read(LAST_STAND)["text"]
    assert REWORD[1] in last_stand
    assert mo.pgettext("talent:last-stand:text", last_stand) == last_stand  # fuzzy: left out
    assert run("i18n", "compile").stdout.endswith("(unchanged)\n")


def test_fuzzy_entry_is_a_warning_at_its_line(started, run) -> None:
    translate(started, "talent:last-stand:text", LAST_STAND_ES)
    started.replace(LAST_STAND, *REWORD)
    run("i18n", "extract")
    run("i18n", "update")
    lines = started.path(ES).read_text(encoding="utf-8").split("\n")
    line = lines.index('msgctxt "talent:last-stand:text"') + 2
    rows = json.loads(run("i18n", "check", "--format", "json").stdout)
    [fuzzy] = [r for r in rows if r["code"] == "JT819"]
    assert (fuzzy["file"], fuzzy["line"], fuzzy["severity"]) == (ES, line, "warning")
    assert REWORD[0] in fuzzy["message"]  # the previous English is shown


def test_extract_leaves_an_unchanged_template_alone(project, run) -> None:
    run("i18n", "extract")
    pot = project.path(POT)
    before = pot.read_bytes()
    os.utime(pot, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    again = run("i18n", "extract")
    assert again.exit_code == 0
    assert again.stdout.endswith(" messages (unchanged)\n")
    assert pot.read_bytes() == before
    assert pot.stat().st_mtime_ns == 1_000_000_000_000_000_000


def test_extract_rewrites_when_a_location_moves(project, run) -> None:
    run("i18n", "extract")
    project.replace(RIPOSTE, "id: riposte", "\nid: riposte")
    assert run("i18n", "extract").stdout.endswith(" messages (updated)\n")
    assert "#: content/talents/riposte.yaml:3\n" in project.path(POT).read_text(encoding="utf-8")


def test_update_is_deterministic(started, run) -> None:
    translate(started, "talent:last-stand:text", LAST_STAND_ES)
    started.replace(LAST_STAND, *REWORD)
    run("i18n", "extract")
    assert run("i18n", "update").stdout.endswith("(updated)\n")
    first = started.path(ES).read_bytes()
    again = run("i18n", "update")
    assert again.stdout.endswith("(unchanged)\n")
    assert started.path(ES).read_bytes() == first  # the #| previous text survives too


def test_rewritten_text_keeps_its_translation_as_fuzzy(started, run) -> None:
    translate(started, "talent:snap-back:text", "Devuelve el duelo.")
    source = started.path(SNAP_BACK).read_text(encoding="utf-8")
    old = re.search(r"text: (.*)", source)[1]
    started.replace(SNAP_BACK, old, "Strike back at once.")
    run("i18n", "extract")
    run("i18n", "update")
    block = entry(started, "talent:snap-back:text")
    assert "#, fuzzy" in block
    assert '#| msgid "Duel back with' in block or '#| "Duel back with' in block
    assert 'msgid "Strike back at once."\nmsgstr "Devuelve el duelo."' in block


def test_translator_comments_and_flags_survive_update(started, run) -> None:
    lines = started.path(ES).read_text(encoding="utf-8").split("\n")
    at = lines.index('msgctxt "talent:riposte:name"')
    lines[at:at] = ["# checked with the rules team", "#, ignore-glossary"]  # the earlier name
    started.path(ES).write_text("\n".join(lines), encoding="utf-8")
    translate(started, "talent:riposte:name", "Contraataque")
    run("i18n", "update")
    block = entry(started, "talent:riposte:name")
    assert "# checked with the rules team\n" in block
    # The translator's flag, under Weblate's name and as a comment GNU tools keep, and the budget.
    assert "# ignore-check-glossary\n" in block
    assert "#, ignore-check-glossary, max-length:24\n" in block


def test_obsolete_entry_comes_back_with_its_translation(started, run) -> None:
    translate(started, "talent:riposte:name", "Contraataque")
    good = started.path(RIPOSTE).read_text(encoding="utf-8")
    started.write_text(RIPOSTE, "id: [")  # the file no longer loads, so extraction skips it
    run("i18n", "extract")
    run("i18n", "update")
    assert '#~ msgctxt "talent:riposte:name"' in started.path(ES).read_text(encoding="utf-8")
    assert status(run)[0]["obsolete"] == 2
    started.write_text(RIPOSTE, good)
    run("i18n", "extract")
    run("i18n", "update")
    assert 'msgid "Riposte"\nmsgstr "Contraataque"' in entry(started, "talent:riposte:name")
    assert status(run)[0]["obsolete"] == 0
    assert status(run)[0]["translated"] == 1


def test_new_locale_needs_no_code_change(project, run) -> None:
    created = run("i18n", "init", "pl")  # no template yet: init extracts it first
    assert created.exit_code == 0
    lines = created.stdout.splitlines()
    assert lines[0].startswith(f"{POT}: ") and lines[0].endswith(" (created)")
    assert lines[1].startswith("locales/pl/LC_MESSAGES/ttgbuild.po: 0 of ")
    assert run("i18n", "init", "pt-BR").exit_code == 0
    assert project.path("locales/pt_BR/LC_MESSAGES/ttgbuild.po").is_file()
    assert [row["locale"] for row in status(run)] == ["pl", "pt_BR"]
    header = project.path("locales/pl/LC_MESSAGES/ttgbuild.po").read_text(encoding="utf-8")
    assert '"Language: pl\\n"' in header and "Plural-Forms: nplurals=3;" in header
    assert run("i18n", "update").exit_code == 0
    assert run("i18n", "compile").exit_code == 0
    assert run("i18n", "check").exit_code == 0  # untranslated is only a warning


@pytest.mark.parametrize(
    "locale, code, message",
    [
        ("xx", 2, "'xx' is not a locale Babel's CLDR data knows"),
        ("../evil", 2, "'../evil' is not a locale Babel's CLDR data knows"),
        ("en", 2, "English is the source language"),
        ("es", 1, f"{ES} already exists; run `ttgbuild i18n update`"),
    ],
)
def test_init_refuses(started, run, locale: str, code: int, message: str) -> None:
    before = started.path(ES).read_bytes()
    result = run("i18n", "init", locale)
    assert result.exit_code == code
    assert result.stderr.startswith(f"i18n init: {message}")
    assert "Traceback" not in result.output
    assert started.path(ES).read_bytes() == before


def test_update_without_template(project, run) -> None:
    result = run("i18n", "update")
    assert result.exit_code == 1
    assert result.stdout == (
        f"{POT}:0:0: error JT810: no template yet; run `ttgbuild i18n extract` first\n"
    )


def test_commands_without_catalogs(project, run) -> None:
    run("i18n", "extract")
    for command in ("update", "compile", "status"):
        result = run("i18n", command)
        assert result.exit_code == 0
        assert "no catalogs yet; start one with `ttgbuild i18n init LOCALE`" in result.stderr
    assert status(run) == []


def test_broken_catalog_never_blocks_the_others(started, run) -> None:
    run("i18n", "init", "de")
    started.write_text(ES, 'msgid "a"\nmsgstr "b\n')
    expected = f"{ES}:2:1: error JT810: cannot read the catalog: a string that is not closed"
    for command in ("update", "compile", "status"):
        result = run("i18n", command)
        assert result.exit_code == 1, command
        assert expected in result.output, command
        assert "Traceback" not in result.output
        assert re.search(r"^(de |locales/de/LC_MESSAGES/)", result.stdout, re.M), command


def test_not_a_project(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["i18n", "extract", "--project", str(tmp_path)])
    assert result.exit_code == 2
    assert f"i18n: no content/ folder in {tmp_path} (run in a project" in result.stderr
    assert not (tmp_path / "locales").exists()


def test_unwritable_file_is_reported(started, run) -> None:
    run("i18n", "init", "de")
    mo = started.path("locales/es/LC_MESSAGES/ttgbuild.mo")
    mo.mkdir()  # a folder where the compiled catalog should go: it cannot be replaced
    result = run("i18n", "compile")
    assert result.exit_code == 1
    assert (
        "locales/es/LC_MESSAGES/ttgbuild.mo:0:0: error JT810: cannot write the file: Is a directory"
    ) in result.stdout
    assert "locales/de/LC_MESSAGES/ttgbuild.mo: 0 of " in result.stdout
    assert "Traceback" not in result.output
    leftovers = [p.name for p in mo.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_written_catalogs_read_back_identically(started, run) -> None:
    """A .po with an obsolete entry's `#~|` lines (as GNU msgmerge writes them) still reads."""
    text = started.path(ES).read_text(encoding="utf-8")
    text += '\n#~| msgid "Old"\n#~ msgid "Older"\n#~ msgstr "Viejo"\n'
    started.path(ES).write_text(text, encoding="utf-8")
    result = run("i18n", "update")
    assert result.exit_code == 0, result.output
    assert status(run)[0]["obsolete"] == 1


def test_shipped_glossary_loads() -> None:
    glossary, diagnostics = load_glossary(REPO)
    assert diagnostics == []
    assert {"term", "en", "es", "de"} <= set(glossary.columns)
    assert len(glossary.terms("es")) > 50 and len(glossary.terms("de")) > 50


def test_compiled_catalogs_are_not_committed() -> None:
    assert "*.mo" in (REPO / ".gitignore").read_text(encoding="utf-8").split()


def test_template_header_is_stable(project, run) -> None:
    run("i18n", "extract")
    template = project.path(POT).read_text(encoding="utf-8")
    assert template.startswith("# Translations template for Jugger TTG.\n")
    assert '"Project-Id-Version: Jugger TTG 0.1.0\\n"' in template
