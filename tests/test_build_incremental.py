"""`build` after an edit draws again only the files whose inputs changed (issue 41).

Each file's drawing notes the content files it read (`render.reads`); the
manifest keeps them with the file's fingerprint. After an edit, a file is
kept (its inode stays) when nothing it read changed, and every file of the
kit is byte for byte what a fresh full build writes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import Project, assert_no_crash, run_cli, shipped_copy

from ttgbuild.buildplan import MANIFEST

HERO = "content/heroes/aoife-callinan.yaml"
TALENT = "content/talents/bind-and-turn.yaml"

pytestmark = pytest.mark.timeout(600)


def build(project: Project, out: Path) -> str:
    result = run_cli(project.root, "build", "--locale", "en", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    return result.output


def inodes(out: Path) -> dict[str, int]:
    return {path.name: path.stat().st_ino for path in (out / "en").glob("*.pdf")}


def redrawn(project: Project, out: Path) -> set[str]:
    """Build again; the files replaced (a new inode: the build writes a new file and renames)."""
    before = inodes(out)
    build(project, out)
    after = inodes(out)
    return {name for name in after if after[name] != before.get(name)}


def assert_as_fresh(project: Project, out: Path, tmp_path: Path, name: str) -> None:
    """Every file equals a full build's, into a new folder."""
    fresh = tmp_path / name
    build(project, fresh)
    files = sorted(path.name for path in (fresh / "en").glob("*.pdf"))
    assert files == sorted(path.name for path in (out / "en").glob("*.pdf"))
    for file in files:
        assert (out / "en" / file).read_bytes() == (fresh / "en" / file).read_bytes(), file


def test_an_edited_hero_redraws_only_the_files_that_read_it(tmp_path: Path) -> None:
    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "kit"
    build(project, out)

    project.replace(HERO, "attack: 4", "attack: 3")
    # Cards print the hero; the rulebook's worked example and the tokens read every hero;
    # the guide is handed the files drawn before it. Board, poster and quick reference
    # read no hero.
    assert redrawn(project, out) == {"cards.pdf", "rules.pdf", "tokens.pdf", "guide.pdf"}
    assert_as_fresh(project, out, tmp_path, "fresh")
    assert "up to date" in build(project, out)

    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    parts = manifest["locales"]["en"]["parts"]
    assert HERO in parts["cards.pdf"]["reads"]
    assert HERO not in parts["board.pdf"]["reads"]


def test_edits_added_and_removed_records_stay_byte_identical(tmp_path: Path) -> None:
    """A talent's wording, a new hero (the content's shape: every file), then its removal."""
    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "kit"
    build(project, out)

    project.replace(TALENT, "Duel back.", "Duel back at once.")
    assert "board.pdf" not in redrawn(project, out)
    assert_as_fresh(project, out, tmp_path, "fresh-talent")

    copy = project.path(HERO).read_text(encoding="utf-8")
    copy = copy.replace("id: aoife-callinan", "id: aoife-twin").replace("Aoife", "Twin")
    project.write_text("content/heroes/aoife-twin.yaml", copy)
    assert redrawn(project, out) == set(inodes(out))  # records came: every file is drawn
    assert_as_fresh(project, out, tmp_path, "fresh-added")

    os.remove(project.path("content/heroes/aoife-twin.yaml"))
    build(project, out)
    assert_as_fresh(project, out, tmp_path, "fresh-removed")


def test_a_damaged_file_record_costs_a_full_build_not_a_failure(tmp_path: Path) -> None:
    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "kit"
    build(project, out)
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    manifest["locales"]["en"]["parts"]["cards.pdf"]["reads"] = [7]
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    project.replace(HERO, "attack: 4", "attack: 3")
    result = run_cli(project.root, "build", "--locale", "en", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "damaged" in result.output and MANIFEST in result.output
    assert_as_fresh(project, out, tmp_path, "fresh")
