"""Hostile content files and trees (issue 14): each is bounded in time, located, never a crash.

Many unknown keys, FIFOs and devices where a content file belongs, a folder
nested far deeper than Python's recursion limit, an anchor nobody uses and a
mapping or list used as a key.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import assert_no_crash

from ttgbuild.core.filetree import MAX_FOLDER_DEPTH, walk_files
from ttgbuild.source.yamlsource import load_document

HERO = "content/heroes/kirra-maddock.yaml"


def rows(result, code: str) -> list[str]:
    return [row for row in result.stdout.splitlines() if f" {code}: " in row]


def load_text(tmp_path: Path, text: str) -> list[tuple[int, int, str, str]]:
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    _doc, diagnostics = load_document(path, "doc.yaml")
    return [(d.line, d.column, d.code, d.message) for d in diagnostics]


# --- many unknown keys: locating every diagnostic stays linear --------------------------


@pytest.mark.timeout(60)  # about 40 s before, on a busy machine; the next test guards the lookup
def test_twenty_thousand_unknown_keys_are_each_reported_at_their_line(project, run) -> None:
    text = project.path(HERO).read_text(encoding="utf-8")
    first_line = text.count("\n") + 1
    extra = "".join(f"unknown_{i}: {i}\n" for i in range(20_000))
    project.write_text(HERO, text + extra)
    assert len((text + extra).encode()) < 1024 * 1024
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    unknown = rows(result, "JT052")
    assert len(unknown) == 20_000
    assert unknown[0].startswith(f"{HERO}:{first_line}:1: error JT052: unknown field 'unknown_0'")
    last = first_line + 19_999
    assert unknown[-1].startswith(f"{HERO}:{last}:1: error JT052: unknown field 'unknown_19999'")


@pytest.mark.timeout(10)  # about 20 s of CPU before: each lookup scanned every key
def test_locating_keys_of_a_wide_mapping_is_linear(tmp_path: Path) -> None:
    count = 20_000
    path = tmp_path / "wide.yaml"
    path.write_text("".join(f"k{i}: {i}\n" for i in range(count)), encoding="utf-8")
    doc, diagnostics = load_document(path, "wide.yaml")
    assert doc is not None and not diagnostics
    where = [doc.locate(f"/k{i}", key=True) for i in range(count)]
    assert where == [(i + 1, 1) for i in range(count)]
    assert doc.locate("/k19999") == (count, len("k19999: ") + 1)


# --- FIFOs, devices and folders where a content file belongs ------------------------------


@pytest.mark.timeout(20)
@pytest.mark.parametrize("folder", ["heroes", "talents"])  # talents: text extraction too
def test_fifo_among_content_files_is_reported_not_waited_on(project, run, folder) -> None:
    os.mkfifo(project.path(f"content/{folder}/x.yaml"))
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    fifo = "error JT001: is a named pipe (FIFO), not a regular file"
    expected = f"content/{folder}/x.yaml:0:0: {fifo}"
    assert expected in result.stdout.splitlines()


@pytest.mark.timeout(20)
def test_single_content_files_that_are_not_files_say_what_they_are(project, run) -> None:
    project.path("content/rules.yaml").unlink()
    os.mkfifo(project.path("content/rules.yaml"))
    project.path("content/kit.yaml").unlink()
    project.path("content/kit.yaml").mkdir()
    os.mkfifo(project.path("content/.pipe"))
    project.path("content/board.yaml").unlink()
    project.path("content/board.yaml").symlink_to(".pipe")  # a link inside, to a FIFO
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    fifo = "error JT001: is a named pipe (FIFO), not a regular file"
    assert f"content/rules.yaml:0:0: {fifo}" in lines
    assert f"content/board.yaml:0:0: {fifo}" in lines
    assert "content/kit.yaml:0:0: error JT001: is a folder, not a regular file" in lines
    assert not rows(result, "JT010"), result.stdout  # they exist: not "missing"


@pytest.mark.timeout(20)
def test_stray_fifo_in_content_is_named_not_skipped(project, run) -> None:
    project.path("content/notes").mkdir()
    os.mkfifo(project.path("content/notes/pipe"))
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout
    assert any(
        row.startswith("content/notes/pipe:0:0: warning JT011: not a regular file")
        for row in rows(result, "JT011")
    ), result.stdout


@pytest.mark.timeout(20)
def test_rules_linked_to_dev_zero_is_refused(project, run) -> None:
    project.path("content/rules.yaml").unlink()
    project.path("content/rules.yaml").symlink_to("/dev/zero")
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert any(
        row.startswith("content/rules.yaml:0:0: error JT001: ") for row in rows(result, "JT001")
    )


@pytest.mark.timeout(20)
def test_load_document_refuses_fifos_and_devices_without_reading(tmp_path: Path) -> None:
    """Team files are read through load_document too: its message must be clean."""
    fifo = tmp_path / "team.yaml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.yaml"
    zero.symlink_to("/dev/zero")
    for path, what in ((fifo, "a named pipe (FIFO)"), (zero, "a device"), (tmp_path, "a folder")):
        doc, diagnostics = load_document(path, path.name)
        assert doc is None
        assert [(d.line, d.column, d.code, d.message) for d in diagnostics] == [
            (0, 0, "JT001", f"is {what}, not a regular file")
        ]


@pytest.mark.timeout(60)
def test_build_with_a_fifo_in_content_writes_nothing(project, run, tmp_path: Path) -> None:
    os.mkfifo(project.path("content/heroes/x.yaml"))
    out = tmp_path / "kit"
    result = run("build", "--locale", "en", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 1
    assert "content/heroes/x.yaml:0:0: error JT001: is a named pipe (FIFO)" in result.stdout
    assert not out.exists() or not any(out.rglob("*.pdf"))


# --- a folder nested far deeper than the recursion limit ----------------------------------


def nest(folder: Path, levels: int) -> None:
    """`levels` folders named 'd', one in the other, made through folder handles (no long paths)."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(levels):
            os.mkdir("d", dir_fd=handle)
            inner = os.open("d", os.O_RDONLY, dir_fd=handle)
            os.close(handle)
            handle = inner
    finally:
        os.close(handle)


def remove_nested(folder: Path) -> None:
    """Remove what `nest` made, without recursion: pytest's own clean-up recurses and
    would fail on this tree in a later run."""
    handle = os.open(folder, os.O_RDONLY)
    handles = [handle]
    try:
        while "d" in os.listdir(handle):
            handle = os.open("d", os.O_RDONLY, dir_fd=handle)
            handles.append(handle)
        while len(handles) > 1:
            inner = handles.pop()
            for name in os.listdir(inner):
                os.unlink(name, dir_fd=inner)
            os.close(inner)
            os.rmdir("d", dir_fd=handles[-1])
    finally:
        for handle in handles:
            os.close(handle)


@pytest.fixture
def deep_content(project):
    """The project, with 1,500 folders nested in content/ (removed again afterwards)."""
    nest(project.path("content"), 1500)
    yield project
    remove_nested(project.path("content"))


@pytest.mark.timeout(60)
def test_folder_nested_1500_levels_is_a_warning_not_a_crash(deep_content, run) -> None:
    project = deep_content
    project.write_text("content/d/d/stray.txt", "not content")
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout
    deep = "content/" + "/".join(["d"] * (MAX_FOLDER_DEPTH + 1))
    assert (
        f"{deep}:0:0: warning JT011: folder nested more than {MAX_FOLDER_DEPTH} levels "
        "inside content/; not searched further"
    ) in result.stdout.splitlines()
    assert any(
        row.startswith("content/d/d/stray.txt:0:0: warning JT011")
        for row in result.stdout.splitlines()
    )
    strict = run("validate", "--strict")
    assert_no_crash(strict)
    assert strict.exit_code == 1


@pytest.mark.timeout(20)
def test_walk_does_not_follow_folder_links(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "file.yaml").write_text("x: 1\n")
    (tmp_path / "a" / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "link.yaml").symlink_to(tmp_path / "a" / "file.yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    tree = walk_files(tmp_path)
    assert sorted(tree.files) == [tmp_path / "a" / "file.yaml", tmp_path / "link.yaml"]
    assert tree.too_deep == []


# --- anchors and complex keys ------------------------------------------------------------


def test_an_anchor_without_alias_is_refused_at_the_anchor(tmp_path: Path) -> None:
    message = "YAML anchors (&name) are not allowed in content; write the value out"
    assert load_text(tmp_path, "a: 1\nb: &n 2\n") == [(2, 4, "JT004", message)]
    assert load_text(tmp_path, "a:\n  - &item {x: 1}\n") == [(2, 5, "JT004", message)]


def test_an_ampersand_in_text_is_not_an_anchor(tmp_path: Path) -> None:
    assert load_text(tmp_path, 'a: "sword & shield"\nb: rock & roll\nc: "&x"\n') == []


def test_an_anchor_in_a_hero_fails_validate(project, run) -> None:
    project.replace(HERO, "cost: 10", "cost: &c 10")
    result = run("validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert any(row.startswith(f"{HERO}:7:7: error JT004: ") for row in rows(result, "JT004"))


@pytest.mark.parametrize(
    ("text", "where", "kind"),
    [
        ("? [a, b]\n: 1\n", (1, 3), "a list"),
        ("[a]: 1\n", (1, 1), "a list"),
        ("{a: 1}: 2\n", (1, 1), "a mapping"),
        ("x:\n  ? {a: 1}\n  : 2\n", (2, 5), "a mapping"),
    ],
)
def test_a_complex_key_is_named_plainly(tmp_path: Path, text: str, where, kind: str) -> None:
    found = load_text(tmp_path, text)
    assert found == [(*where, "JT007", f"a mapping key must be text, not {kind}")]
    assert "Node" not in found[0][3]


def test_a_long_non_text_key_is_cut_in_the_message(tmp_path: Path) -> None:
    found = load_text(tmp_path, "9" * 500 + ".5: 1\n")
    assert len(found) == 1 and found[0][2] == "JT007"
    assert len(found[0][3]) < 100


# --- a collection tag on the wrong kind of value -------------------------------------------


@pytest.mark.parametrize(
    "text", ["name: !!map xy\n", "name: !!map [1, 2]\n", "name: !!seq {a: 1}\n"]
)
def test_a_collection_tag_on_the_wrong_value_is_located_not_a_crash(
    tmp_path: Path, text: str
) -> None:
    """`!!map` on a text or a list (and `!!seq` on a mapping) reached the strict loader's
    mapping code, which ended in an internal error; PyYAML's own refusal is located."""
    assert [(line, column, code) for line, column, code, _ in load_text(tmp_path, text)] == [
        (1, 7, "JT002")
    ]
