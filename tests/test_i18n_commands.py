"""`i18n check/status --locale`, the `i18n update --check` gate and `i18n glossary` export."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import REPO
from typer.testing import CliRunner

from ttgbuild.cli import app

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
TALENT = "content/talents/riposte.yaml"


@pytest.fixture
def started(project, run):
    """A project with a fresh template and untranslated es and de catalogs."""
    shutil_copy_glossary(project.root)
    assert run("i18n", "init", "es").exit_code == 0
    assert run("i18n", "init", "de").exit_code == 0
    return project


def shutil_copy_glossary(root: Path) -> None:
    (root / "locales").mkdir(exist_ok=True)
    (root / "locales/glossary.tsv").write_bytes((REPO / "locales/glossary.tsv").read_bytes())


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in (root / "locales").rglob("*.po*")}


# --- --locale --------------------------------------------------------------------------------


def test_status_of_chosen_locales(started, run) -> None:
    rows = json.loads(run("i18n", "status", "--format", "json", "--locale", "de").stdout)
    assert [row["locale"] for row in rows] == ["de"]
    rows = json.loads(run("i18n", "status", "--format", "json", "--locale", "es, de").stdout)
    assert [row["locale"] for row in rows] == ["de", "es"]


def test_check_of_chosen_locales(started, run) -> None:
    result = run("i18n", "check", "--format", "json", "--locale", "es")
    files = {row["file"] for row in json.loads(result.stdout)}
    assert files == {"locales/es/LC_MESSAGES/ttgbuild.po"}


@pytest.mark.parametrize("locale", ["fr", "es,fr", "en", ","])
@pytest.mark.parametrize("command", ["check", "status"])
def test_unknown_locale_is_a_usage_error(started, run, command: str, locale: str) -> None:
    result = run("i18n", command, "--locale", locale)
    assert result.exit_code == 2, result.output
    assert "no catalog for" in result.output and "this project has de, es" in result.output


# --- the CI gate: update --check --------------------------------------------------------------


def test_gate_passes_on_current_catalogs_however_untranslated(started, run) -> None:
    before = snapshot(started.root)
    result = run("i18n", "update", "--check")
    assert result.exit_code == 0, result.output
    assert snapshot(started.root) == before


def test_gate_fails_on_changed_content_and_writes_nothing(started, run) -> None:
    started.replace(TALENT, 'name: "Riposte"', 'name: "Counter"')
    before = snapshot(started.root)
    result = run("i18n", "update", "--check")
    assert result.exit_code == 1, result.output
    assert "locales/ttgbuild.pot:0:0: warning JT821: the template is out of date" in result.output
    assert "locales/es/LC_MESSAGES/ttgbuild.po:0:0: warning JT821: " in result.output
    assert "1 message(s) to add, 1 to remove" in result.output
    assert snapshot(started.root) == before
    assert run("i18n", "extract").exit_code == 0
    assert run("i18n", "update", "--check").exit_code == 1  # the catalogs still lag
    assert run("i18n", "update").exit_code == 0
    assert run("i18n", "update", "--check").exit_code == 0


def test_gate_sees_a_moved_location(started, run) -> None:
    """Same messages, another line: `extract` would rewrite the template, so it is stale."""
    path = started.path(TALENT)
    path.write_text("# a comment\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("i18n", "update", "--check")
    assert result.exit_code == 1
    assert "comments, locations or flags of its messages changed" in result.output


def test_gate_reports_an_unreadable_catalog(started, run) -> None:
    started.write_text("locales/de/LC_MESSAGES/ttgbuild.po", 'msgid "unclosed\n')
    result = run("i18n", "update", "--check")
    assert result.exit_code == 1
    assert "locales/de/LC_MESSAGES/ttgbuild.po:1:1: error JT810" in result.output


def test_shipped_template_and_catalogs_are_current() -> None:
    """The CI gate on the repository itself: extract and update have been run."""
    result = CliRunner().invoke(app, ["i18n", "update", "--check", "--project", str(REPO)])
    assert result.exit_code == 0, result.output


# --- glossary export -------------------------------------------------------------------------


def glossary_rows() -> list[dict[str, str]]:
    text = (REPO / "locales/glossary.tsv").read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))


def test_tbx_round_trips_every_term(started, run, tmp_path: Path) -> None:
    out = tmp_path / "glossary.tbx"
    result = run("i18n", "glossary", "--format", "tbx", "--out", str(out))
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert root.tag == "martif" and root.get("type") == "TBX-Basic"
    found = []
    for entry in root.iter("termEntry"):
        terms = {
            lang_set.get(XML_LANG): lang_set.findtext("tig/term")
            for lang_set in entry.iter("langSet")
        }
        found.append((terms, entry.findtext("note") or ""))
    rows = [row for row in glossary_rows() if row["en"].strip()]
    expected = [
        ({lang: row[lang].strip() for lang in ("en", "es", "de") if row[lang].strip()}, row["note"])
        for row in rows
    ]
    assert found == expected
    assert len({entry.get("id") for entry in root.iter("termEntry")}) == len(rows)


def test_csv_round_trips_one_language(started, run) -> None:
    result = run("i18n", "glossary", "--format", "csv", "--locale", "es")
    assert result.exit_code == 0, result.output
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(table[0]) == ["source", "target"]
    expected = [
        {"source": row["en"].strip(), "target": row["es"].strip()}
        for row in glossary_rows()
        if row["en"].strip() and row["es"].strip()
    ]
    assert table == expected


@pytest.mark.parametrize(("args", "says"), [((), "--locale"), (("--locale", "fr"), "no 'fr'")])
def test_csv_needs_a_known_language(started, run, args: tuple[str, ...], says: str) -> None:
    result = run("i18n", "glossary", "--format", "csv", *args)
    assert result.exit_code == 2
    assert says in result.output


def test_broken_glossary_is_reported(started, run) -> None:
    started.write_text("locales/glossary.tsv", b"term\tes\n\xff\n")
    result = run("i18n", "glossary")
    assert result.exit_code == 1
    assert "error JT822" in result.output
