"""What layout and sheet files share (ttgbuild.source.datafile): which files of a folder are
read, and problems located at a key of any name."""

from __future__ import annotations

import os
from pathlib import Path

from ttgbuild.source.sheetfile import load_sheets

LABELS = "labels:\n  a/b~c: {x: {msg: X, context: c}}\n"


def test_a_key_with_a_slash_or_tilde_is_located_at_its_escaped_pointer(tmp_path: Path) -> None:
    (tmp_path / "one.sheet.yaml").write_text(LABELS, "utf-8")
    (tmp_path / "two.sheet.yaml").write_text(LABELS, "utf-8")
    (problem,) = load_sheets(tmp_path, tmp_path).diagnostics
    assert problem.code == "JT083" and problem.file == "two.sheet.yaml"
    assert problem.pointer == "/labels/a~1b~0c"
    assert (problem.line, problem.column) == (2, 10)  # the table, not `labels` around it


def test_only_regular_files_of_the_folder_are_read_named_from_the_root(tmp_path: Path) -> None:
    """A FIFO would block reading forever, a broken link is no file: neither is read."""
    folder = tmp_path / "sheets"
    folder.mkdir()
    (folder / "read.sheet.yaml").write_text("sections: [1]\n", "utf-8")  # a format problem
    os.mkfifo(folder / "pipe.sheet.yaml")
    (folder / "gone.sheet.yaml").symlink_to(folder / "nowhere")
    (folder / "other.yaml").write_text("sections: []\n", "utf-8")
    sheets = load_sheets(folder, tmp_path)
    assert sheets.by_name == {}
    assert [d.file for d in sheets.diagnostics] == ["sheets/read.sheet.yaml"]
