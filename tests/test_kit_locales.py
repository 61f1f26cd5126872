"""Kits in other languages: per-string fallback, new locales without code, no English left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import REPO
from typer.testing import CliRunner

from bench.pdfview import open_pdf
from ttgbuild.cli import app

SHIPPED = ("es", "de")
# English words that legitimately stay in every kit: names and the game's own terms.
KEEP = {"Jugger TTG", "Jugg", "Qwik", "Q-tip", "Q-Tip"}


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.text().split()) for page in open_pdf(path))


def test_a_new_locale_builds_without_code_changes(project, run):
    assert run("i18n", "extract").exit_code == 0
    assert run("i18n", "init", "pl").exit_code == 0
    po = project.path("locales/pl/LC_MESSAGES/ttgbuild.po")
    text = po.read_text(encoding="utf-8")
    text = text.replace(
        'msgctxt "hero card stat"\nmsgid "Reflexes"\nmsgstr ""',
        'msgctxt "hero card stat"\nmsgid "Reflexes"\nmsgstr "Refleks"',
    )
    po.write_text(text, encoding="utf-8")
    result = run("build", "--locale", "pl", "--out", str(project.path("output")))
    assert result.exit_code == 0, result.output
    printed = pdf_text(project.path("output/pl/cards.pdf"))
    assert "Refleks" in printed
    assert "Hiszpania" in printed  # country names come from CLDR
    # Every other string falls back to English, each with one located warning.
    assert "locales/pl/LC_MESSAGES/ttgbuild.po:" in result.stdout
    assert "warning JT801: no translation for 'Will' (hero card stat); English is printed" in (
        result.stdout
    )
    assert "Will" in printed
    strict = run("build", "--locale", "pl", "--strict", "--out", str(project.path("strict")))
    assert strict.exit_code == 1
    assert not project.path("strict").exists()


def test_english_is_never_copied_into_a_new_catalog(project, run):
    run("i18n", "extract")
    run("i18n", "init", "pl")
    with project.path("locales/pl/LC_MESSAGES/ttgbuild.po").open("rb") as handle:
        catalog = read_po(handle)
    forms = [m.string if isinstance(m.string, tuple) else (m.string,) for m in catalog if m.id]
    assert all(not any(strings) for strings in forms)  # plural messages have several


def english_fragments(locale: str) -> list[str]:
    """Literal pieces of English source text whose translation differs, long enough to spot."""
    with (REPO / f"locales/{locale}/LC_MESSAGES/ttgbuild.po").open("rb") as handle:
        catalog = read_po(handle)
    pieces = []
    for message in catalog:
        if not message.id or message.string == message.id:
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)  # plurals
        for english in forms:
            for piece in re.split(r"\{[a-z_]+\}|\[[a-z_]+\]", english):
                piece = piece.strip(" .,:;·")
                if len(piece) >= 5 and " " in piece and piece not in KEEP:
                    pieces.append(piece)
    return pieces


@pytest.fixture(scope="module")
def shipped_kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(
        app,
        [
            "build",
            "--project",
            str(REPO),
            "--out",
            str(out),
            "--locale",
            ",".join(SHIPPED),
            "--strict",
        ],
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("locale", SHIPPED)
def test_shipped_kits_hold_no_untranslated_english(shipped_kit, locale):
    fragments = english_fragments(locale)
    assert len(fragments) > 60  # the check has something to look for
    files = ("cards.pdf", "tokens.pdf", "board.pdf", "board-print-shop.pdf", "quickref.pdf")
    for name in (*files, "rules.pdf", "guide.pdf"):
        printed = pdf_text(shipped_kit / locale / name)
        left = [f for f in fragments if f in printed]
        assert not left, (locale, name, left[:5])


@pytest.mark.parametrize("locale", SHIPPED)
def test_shipped_catalogs_are_complete(locale, run):
    result = CliRunner().invoke(app, ["i18n", "status", "--format", "json", "--project", str(REPO)])
    rows = {row["locale"]: row for row in __import__("json").loads(result.stdout)}
    row = rows[locale]
    assert row["translated"] == row["total"] > 100
    assert row["fuzzy"] == row["untranslated"] == 0


def test_template_and_code_strings_reach_the_template(project, run):
    assert run("i18n", "extract").exit_code == 0
    pot = project.path("locales/ttgbuild.pot").read_text(encoding="utf-8")
    assert "#: ttgbuild/packs/jugger/templates/assembly.j2:" in pot
    assert 'msgid "Building your Jugger TTG kit"' in pot
    assert 'msgctxt "hero card stat"\nmsgid "Reflexes"' in pot
    assert "#. Translators: label beside a printed ruler" not in pot  # tag stripped
    assert "#. label beside a printed ruler; {length} is its length in mm." in pot
