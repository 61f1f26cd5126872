"""Catalog checks remembered between runs answer exactly as the checks would.

A second `validate` with nothing changed is answered from the cache (the
checks cannot even run); a changed catalog, glossary or content text is
checked again; a cache folder that cannot be used changes nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import REPO
from typer.testing import CliRunner

from ttgbuild.cli import app
from ttgbuild.i18n import checks, extract

DE = "locales/de/LC_MESSAGES/ttgbuild.po"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """The shipped content with the shipped German catalog and glossary."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    (tmp_path / "locales/de/LC_MESSAGES").mkdir(parents=True)
    shutil.copy(REPO / DE, tmp_path / DE)
    shutil.copy(REPO / "locales/glossary.tsv", tmp_path / "locales/glossary.tsv")
    return tmp_path


def validate(root: Path) -> str:
    result = CliRunner().invoke(app, ["validate", "--project", str(root)])
    assert result.exit_code in (0, 1), result.output
    return result.output


def no_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make running the catalog checks or extraction fail the test."""

    def refuse(*_args: object) -> None:
        raise AssertionError("ran again")

    monkeypatch.setattr(checks, "check_catalogs", refuse)
    monkeypatch.setattr(extract, "extract_messages", refuse)


def break_placeholder(root: Path) -> None:
    """Rename a placeholder in one German translation (JT812), keeping the file's lines."""
    text = (root / DE).read_text("utf-8")
    start = text.index('msgstr "', text.index("{cost}"))
    brace = text.index("{", start)
    (root / DE).write_text(text[: brace + 1] + "nope}" + text[text.index("}", brace) + 1 :])


def test_nothing_changed_is_answered_from_the_cache(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = validate(root)
    no_checks(monkeypatch)
    assert validate(root) == first


def test_an_edited_catalog_is_checked_again(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "JT812" not in validate(root)
    break_placeholder(root)
    monkeypatch.setattr(extract, "extract_messages", None)  # the sources are still remembered
    assert "JT812" in validate(root)


def test_an_edited_content_text_is_extracted_again(root: Path) -> None:
    assert "JT821" not in validate(root)
    talent = next((root / "content/talents").glob("*.yaml"))
    talent.write_text(
        talent.read_text("utf-8").replace("name: ", "name: Renamed ", 1), encoding="utf-8"
    )
    assert "JT821" in validate(root)  # the catalog lacks the new name


def test_an_edited_glossary_is_checked_again(root: Path) -> None:
    first = validate(root)
    (root / "locales/glossary.tsv").write_bytes(b"\xff\xfe not utf-8")
    assert validate(root) != first


@pytest.mark.parametrize("kind", ["a file", "garbage"])
def test_an_unusable_cache_changes_nothing(
    root: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    folder = tmp_path_factory.mktemp("odd")
    expected = validate(root)
    if kind == "a file":
        (folder / "cache").write_text("not a folder")
        monkeypatch.setenv("TTGBUILD_CACHE_DIR", str(folder / "cache"))
    else:
        monkeypatch.setenv("TTGBUILD_CACHE_DIR", str(folder))
        validate(root)
        for stored in folder.iterdir():
            stored.write_text('{"format": 1, "key": "x", "rows": [')
    assert validate(root) == expected
    break_placeholder(root)
    assert "JT812" in validate(root)
