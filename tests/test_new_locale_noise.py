"""A new locale's build: one warning per untranslated message and one summary line.

A locale just started with `i18n init` has every message untranslated. The
build prints each in English: it says so once per message (JT801 where it
printed the English, the catalog check's JT820 for the rest), never both at
one entry, and one JT828 line per locale says how many there are.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import project_copy_of, shipped_copy
from conftest import run_cli as cli

FR = "locales/fr/LC_MESSAGES/ttgbuild.po"
PER_ENTRY = {"JT801", "JT819", "JT820"}

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped project with French started from its template and nothing translated."""
    root = shipped_copy(tmp_path_factory.mktemp("noise")).root
    assert cli(root, "i18n", "init", "fr").exit_code == 0
    return root


@pytest.fixture
def project(started: Path, tmp_path: Path) -> Path:
    return project_copy_of(started, tmp_path)


def status(root: Path) -> dict[str, int]:
    result = cli(root, "i18n", "status", "--format", "json")
    return next(row for row in json.loads(result.stdout) if row["locale"] == "fr")


def build_fr(root: Path, *extra: str) -> list[dict[str, object]]:
    out = root / "output"
    result = cli(root, "build", "--locale", "fr", "--out", str(out), "--format", "json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_one_warning_per_untranslated_message(project: Path) -> None:
    counts = status(project)
    assert counts["untranslated"] == counts["total"] > 100
    found = build_fr(project)
    per_entry = [d for d in found if d["file"] == FR and d["code"] in PER_ENTRY]
    lines = Counter(d["line"] for d in per_entry)
    assert all(line > 0 for line in lines)
    assert max(lines.values()) == 1  # never JT801 and JT820 for the same entry
    assert len(per_entry) == counts["untranslated"]
    summary = [d for d in found if d["code"] == "JT828"]
    assert len(summary) == 1
    assert summary[0]["file"] == FR and summary[0]["severity"] == "warning"
    total = counts["total"]
    assert f"fr: {total} of {total} messages untranslated" in str(summary[0]["message"])
    # The whole report is those and nothing else: one line per message and the summary.
    assert len([d for d in found if d["file"] == FR]) == counts["untranslated"] + 1


def test_an_up_to_date_build_says_the_same(project: Path) -> None:
    first = build_fr(project)
    again = build_fr(project)
    assert again == first


def test_a_fuzzy_entry_is_reported_once_and_counted(project: Path) -> None:
    po = project / FR
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "hero card stat"\nmsgid "Will"\nmsgstr ""'
    assert entry in text
    po.write_text(
        text.replace(entry, '#, fuzzy\nmsgctxt "hero card stat"\nmsgid "Will"\nmsgstr "Volonté"'),
        encoding="utf-8",
    )
    found = build_fr(project)
    line = next(
        number
        for number, row in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
        if row == 'msgid "Will"'
    )
    at_entry = [d["code"] for d in found if d["file"] == FR and d["line"] == line]
    assert at_entry == ["JT801"]  # the catalog check's JT819 is not said a second time
    summary = next(d for d in found if d["code"] == "JT828")
    assert "(1 of them fuzzy)" in str(summary["message"])


def test_checks_still_list_every_untranslated_entry(project: Path) -> None:
    """`i18n check` is the translator's list: every JT820 stays there."""
    result = cli(project, "i18n", "check", "--format", "json")
    found = json.loads(result.stdout)
    untranslated = [d for d in found if d["file"] == FR and d["code"] == "JT820"]
    assert len(untranslated) == status(project)["untranslated"]
    assert not [d for d in found if d["code"] == "JT828"]


def test_a_complete_locale_has_no_summary(tmp_path: Path) -> None:
    root = shipped_copy(tmp_path / "project").root
    result = cli(root, "build", "--locale", "de", "--out", str(root / "o"), "--format", "json")
    assert result.exit_code == 0, result.output
    assert not [d for d in json.loads(result.stdout) if d["code"] in {"JT828", "JT801"}]
