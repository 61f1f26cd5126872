"""The game packs' entry points, read from the distributions' folders, are importlib.metadata's."""

from __future__ import annotations

import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from ttgbuild.core import entrypoints


def dist(site: Path, folder: str, text: str | None) -> None:
    """A distribution's metadata folder in `site`, with `text` as its entry_points.txt."""
    (site / folder).mkdir(parents=True)
    (site / folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {folder}\n")
    if text is not None:
        (site / folder / "entry_points.txt").write_text(text, encoding="utf-8")


def as_pairs(points) -> list[tuple[str, str]]:
    return [(point.name, point.value) for point in points]


def test_the_scan_finds_what_importlib_metadata_finds(tmp_path: Path, monkeypatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    dist(first, "tiny_game-0.1.dist-info", "# a comment\n[ttgbuild.packs]\n tiny = tiny:PACK \n")
    dist(first, "Other.Game-2.egg-info", "[console_scripts]\nx = y:z\n[ttgbuild.packs]\nb=o.p:Q\n")
    dist(first, "nothing-1.0.dist-info", None)
    dist(second, "Tiny.Game-0.2.dist-info", "[ttgbuild.packs]\nshadowed = tiny2:PACK\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "gone"), str(second), *sys.path])
    found = as_pairs(entrypoints.group("ttgbuild.packs"))
    assert ("tiny", "tiny:PACK") in found and ("b", "o.p:Q") in found
    assert ("shadowed", "tiny2:PACK") not in found  # the first distribution of a name wins
    assert sorted(found) == sorted(as_pairs(entry_points(group="ttgbuild.packs")))


def test_a_zip_on_sys_path_is_left_to_importlib_metadata(tmp_path: Path, monkeypatch) -> None:
    archive = tmp_path / "packs.zip"
    archive.write_bytes(b"")
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    assert not entrypoints._folders_tell_all()
    found = as_pairs(entrypoints.group("ttgbuild.packs"))
    assert sorted(found) == sorted(as_pairs(entry_points(group="ttgbuild.packs")))


def test_an_entry_point_loads_its_attribute_path() -> None:
    point = entrypoints.EntryPoint("x", "ttgbuild.core.entrypoints : EntryPoint.load [extra]")
    assert point.load() is entrypoints.EntryPoint.load
    with pytest.raises(ValueError, match="is not module:attribute"):
        entrypoints.EntryPoint("x", "not a module").load()
