"""Reading outside files: only regular files, never more than the limit (issue 14)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ttgbuild.core.readfile import FileTooBig, NotRegularFile, read_regular


def test_reads_a_regular_file_within_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"hello")
    assert read_regular(path, 5) == b"hello"


def test_refuses_a_file_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"x" * 11)
    with pytest.raises(FileTooBig):
        read_regular(path, 10)


@pytest.mark.timeout(10)
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotRegularFile, match="FIFO"):
        read_regular(fifo, 10)


@pytest.mark.timeout(10)
def test_dev_zero_and_links_to_it_are_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.po"
    link.symlink_to("/dev/zero")
    for path in (Path("/dev/zero"), link):
        with pytest.raises(NotRegularFile, match="device"):
            read_regular(path, 1 << 20)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NotRegularFile, match="folder"):
        read_regular(tmp_path, 10)
