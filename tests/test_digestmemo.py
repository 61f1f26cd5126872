"""The code fingerprint's digests remembered by stat (core/digestmemo.py) never hide an edit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ttgbuild.core import digestmemo, fingerprint


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small code tree whose files count as settled at once (no waiting seconds)."""
    monkeypatch.setattr(digestmemo, "SETTLE_NS", -(10**18))
    root = tmp_path / "code"
    (root / "sub").mkdir(parents=True)
    (root / "a.py").write_text("A = 1\n")
    (root / "sub" / "b.yaml").write_text("b: 2\n")
    return root


def memo_files() -> list[Path]:
    return sorted(Path(os.environ["TTGBUILD_CACHE_DIR"]).glob("digests-*.json"))


def test_remembered_digest_is_the_hashed_one(tree: Path) -> None:
    plain = fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES)
    assert fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True) == plain
    assert len(memo_files()) == 1
    assert fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True) == plain


def test_remembered_digest_is_used_while_the_stat_holds(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    read: list[Path] = []
    monkeypatch.setattr(fingerprint, "file_digest", lambda path: read.append(path) or "x")
    fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    assert read == []


def test_same_size_edit_with_its_old_time_is_hashed_again(tree: Path) -> None:
    target = tree / "a.py"
    before = fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    times = os.stat(target)
    target.write_text("A = 2\n")  # the same size
    os.utime(target, ns=(times.st_atime_ns, times.st_mtime_ns))  # and its old time back
    after = fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    assert after != before
    assert after == fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES)


def test_added_and_removed_files_change_the_digest(tree: Path) -> None:
    before = fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    (tree / "c.py").write_text("C = 3\n")
    added = fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    (tree / "c.py").unlink()
    assert added != before
    assert fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True) == before


def test_files_changed_just_now_are_not_remembered(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(digestmemo, "SETTLE_NS", 2_000_000_000)
    fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    assert memo_files() == [] or '"files": {}' in memo_files()[0].read_text()


@pytest.mark.parametrize("stored", ["not json", '{"format": 1, "files": {"x": [1]}}', "[]"])
def test_a_broken_memo_is_not_used(tree: Path, stored: str) -> None:
    plain = fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES)
    fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True)
    [memo] = memo_files()
    memo.write_text(stored)
    assert fingerprint.tree_digest(tree, fingerprint.CODE_SUFFIXES, memo=True) == plain
