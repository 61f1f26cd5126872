"""The catalog check runs while the first files are drawn; a failed check still writes nothing.

A drawing that breaks on a catalog before the check has run (a deck's sheets
are counted in the build's own process, before the workers start) is answered
by the check's located errors, never a traceback; with sound catalogs the
break is a real one and goes on.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from test_i18n_build_gate import assert_refused, brace_key, build, shipped, translate

from ttgbuild import build as building
from ttgbuild.core.printing import PrintSettings

__all__ = ["shipped"]  # the fixture, imported to be used here


@pytest.fixture
def broken(shipped: Path, tmp_path: Path) -> tuple[Path, int]:
    """The shipped project with a misspelt placeholder in German; the entry's line."""
    root = tmp_path / "project"
    shutil.copytree(shipped, root)
    key = brace_key(root)
    name = re.search(r"\{([a-z_]+)\}", key[1])[1]
    return root, translate(root, key, f"Übersetzt: {{{name[:-1]}}}")


def _breaks(*_args: object) -> list[building.Job]:
    raise KeyError("a placeholder the translation lacks")


def test_a_failed_check_while_drawing_writes_nothing(broken: tuple[Path, int]) -> None:
    root, line = broken
    assert_refused(build(root), root, line, "JT812")


def test_a_drawing_broken_before_the_check_gives_the_check_s_errors(
    broken: tuple[Path, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, line = broken
    monkeypatch.setattr(building, "split", _breaks)
    assert_refused(build(root), root, line, "JT812")


def test_with_sound_catalogs_a_broken_drawing_is_not_hidden(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(building, "split", _breaks)
    with pytest.raises(KeyError):
        building.build(shipped, tmp_path / "out", PrintSettings(), ["de"])
