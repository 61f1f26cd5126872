"""Issue 34: a data pack's own files that link out of the project are refused, not read,
as content files and check files that do so are (tests/test_loader_links.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import assert_no_crash, run_cli


def _link_out(root: Path, rel: str) -> Path:
    """Move a file of the project outside it and leave a link in its place."""
    inside = root / rel
    outside = root.parent / f"outside-{inside.name}"
    shutil.move(inside, outside)
    inside.symlink_to(outside)
    return outside


def test_a_pack_yaml_linking_out_of_the_project_is_refused(tidewrack: Path) -> None:
    _link_out(tidewrack, "pack/pack.yaml")
    result = run_cli(tidewrack, "validate")
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    assert "pack/pack.yaml:0:0: error JT097: is a link to a file outside the project" in (
        result.stdout + result.stderr
    )


@pytest.mark.parametrize("rel", ["pack/layouts/extra.layout.yaml", "pack/sheets/extra.sheet.yaml"])
def test_a_layout_or_sheet_linking_out_of_the_project_is_not_read(
    tidewrack: Path, rel: str
) -> None:
    """A file the kit does not name is still read by `validate` (every file of the folder);
    one the kit names is refused by pack.yaml's own rule (JT091)."""
    outside = tidewrack.parent / "outside.yaml"
    outside.write_text("{ not: yaml: at: all", "utf-8")  # read, it would be a YAML error
    (tidewrack / rel).symlink_to(outside)
    result = run_cli(tidewrack, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    output = result.stdout + result.stderr
    assert f"{rel}:0:0: error JT097: is a link to a file outside the project" in output, output
    assert "outside.yaml" not in output


def test_links_inside_the_project_are_read(tidewrack: Path) -> None:
    layout = tidewrack / "pack/layouts/critter.layout.yaml"
    moved = tidewrack / "pack/critter.layout.txt"
    shutil.move(layout, moved)
    layout.symlink_to("../critter.layout.txt")
    result = run_cli(tidewrack, "validate")
    assert_no_crash(result)
    assert "JT097" not in result.stdout + result.stderr
    assert result.exit_code == 0, result.output
