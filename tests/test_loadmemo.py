"""YAML files that loaded clean, remembered between runs (ttgbuild.source.loadmemo).

A remembered load must give exactly what parsing gives, for exactly the same
text only; a file with a problem, a changed character, another schema or a
damaged memo file all mean the work is done again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, Project

from ttgbuild.source import loadmemo, yamlparse
from ttgbuild.source.schema import SchemaSet
from ttgbuild.source.yamlsource import Document, load_document

HERO = "content/heroes/kirra-maddock.yaml"


def fresh_run() -> loadmemo.LoadMemo:
    """What the next run finds: this run's memo written, then read anew."""
    loadmemo.memo().save()
    loadmemo._current = None
    return loadmemo.memo()


def refuse_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def parse(text: str, prescan: bool) -> None:
        raise AssertionError("parsed, though remembered")

    monkeypatch.setattr(yamlparse, "load_text", parse)


def test_an_unchanged_file_is_not_parsed_again_and_loads_alike(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = project.path(HERO)
    first, problems = load_document(path, HERO)
    assert first is not None and not problems
    fresh_run()
    refuse_parsing(monkeypatch)
    again, problems = load_document(path, HERO)
    assert again is not None and not problems
    assert again.data == first.data
    assert again.data is not first.data


def test_a_changed_character_is_parsed_again(project: Project) -> None:
    path = project.path(HERO)
    load_document(path, HERO)
    fresh_run()
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    changed = text.replace("attack: ", "attack: 1", 1)  # same file time: only the text tells
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    doc, _ = load_document(path, HERO)
    assert doc is not None
    assert doc.data["attack"] == project.read(HERO)["attack"]


def test_the_data_given_is_a_new_object_each_time(project: Project) -> None:
    path = project.path(HERO)
    first, _ = load_document(path, HERO)
    assert first is not None
    name = first.data["name"]
    first.data["name"] = "Changed in memory"
    again, _ = load_document(path, HERO)
    assert again is not None and again.data["name"] == name
    after, _ = load_document(path, HERO)
    assert after is not None and after.data["name"] == name


def test_a_file_with_a_problem_is_never_remembered(project: Project) -> None:
    project.write_text("content/heroes/twice.yaml", "id: twice\nid: twice\n")
    path = project.path("content/heroes/twice.yaml")
    for _ in range(2):
        doc, problems = load_document(path, "twice.yaml")
        assert doc is None and [p.code for p in problems] == ["JT003"]
        memo = fresh_run()
        assert memo.recall(memo.name(path), path.read_text(encoding="utf-8")) is None


def test_a_date_is_loaded_every_time_not_remembered(tmp_path: Path) -> None:
    path = tmp_path / "dated.yaml"
    path.write_text("id: dated\nreleased: 2024-05-01\n", encoding="utf-8")
    doc, problems = load_document(path, "dated.yaml")
    assert doc is not None and not problems
    assert str(doc.data["released"]) == "2024-05-01"
    memo = fresh_run()
    assert memo.recall(memo.name(path), path.read_text(encoding="utf-8")) is None


@pytest.mark.parametrize("stored", [b"", b"not marshal", b"\xff" * 64, b"N"])
def test_a_damaged_memo_file_is_not_used(project: Project, stored: bytes) -> None:
    path = project.path(HERO)
    first, _ = load_document(path, HERO)
    memo = fresh_run()
    memo.path.write_bytes(stored)
    loadmemo._current = None
    assert loadmemo.memo().known == {}
    again, _ = load_document(path, HERO)
    assert first is not None and again is not None and again.data == first.data


def test_loads_kept_under_another_key_are_not_used(project: Project) -> None:
    path = project.path(HERO)
    load_document(path, HERO)
    memo = loadmemo.memo()
    memo.key = "another Python, PyYAML or reading code"
    memo.changed = True
    fresh_run()
    assert loadmemo.memo().known == {}


def test_a_schema_verdict_is_remembered_for_the_same_text_and_schemas(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    schemas = SchemaSet(REPO / "ttgbuild/packs/jugger/schemas")
    doc, _ = load_document(project.path(HERO), HERO)
    assert doc is not None
    assert schemas.check_document(doc, "hero") == []
    fresh_run()
    again, _ = load_document(project.path(HERO), HERO)
    assert again is not None

    def refuse(kind: str) -> None:
        raise AssertionError("checked again, though remembered")

    monkeypatch.setattr(schemas, "known_valid", refuse)
    assert schemas.check_document(again, "hero") == []


def test_a_verdict_is_not_taken_under_other_schemas(project: Project, tmp_path: Path) -> None:
    shipped = REPO / "ttgbuild/packs/jugger/schemas"
    stricter = tmp_path / "schemas"
    stricter.mkdir()
    for schema in shipped.glob("*.schema.json"):
        (stricter / schema.name).write_bytes(schema.read_bytes())
    hero = stricter / "hero.schema.json"
    hero.write_text(
        hero.read_text(encoding="utf-8").replace('"maxLength": 40', '"maxLength": 2', 1),
        encoding="utf-8",
    )
    assert '"maxLength": 2' in hero.read_text(encoding="utf-8")  # no hero name fits
    doc, _ = load_document(project.path(HERO), HERO)
    assert doc is not None
    assert SchemaSet(shipped).check_document(doc, "hero") == []
    assert SchemaSet(stricter).check_document(doc, "hero") != []


def test_a_document_made_by_hand_is_always_checked(project: Project) -> None:
    schemas = SchemaSet(REPO / "ttgbuild/packs/jugger/schemas")
    doc, _ = load_document(project.path(HERO), HERO)
    assert doc is not None and schemas.check_document(doc, "hero") == []
    broken = {**doc.data, "attack": "three"}
    made = Document(doc.path, doc.display, doc.text, broken)
    assert [d.code for d in schemas.check_document(made, "hero")] != []


def test_a_validate_with_every_file_remembered_reads_no_yaml(
    project: Project, own_cache: Path
) -> None:
    """The shipped project, validated twice: the second run never imports PyYAML."""
    script = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('yaml loaded:', 'yaml' in sys.modules))\n"
        f"sys.argv = ['ttgbuild', 'validate', '--project', {str(project.root)!r}]\n"
        "from ttgbuild.launch import main\n"
        "main()\n"
    )
    env = {**os.environ, "TTGBUILD_CACHE_DIR": str(own_cache)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False
        )
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0]
    assert "yaml loaded: True" in runs[0].stdout
    assert "yaml loaded: False" in runs[1].stdout
    assert runs[0].stdout.replace("True", "False") == runs[1].stdout


def _nested(style: str, levels: int) -> str:
    """A document whose data is nested `levels` deep (as load_document counts), in a style
    using as few opening characters as YAML allows."""
    if style == "block":  # a: {b: {c: ...}} written as indented keys, one `:` a level
        lines = [" " * i + f"k{i}:" for i in range(levels - 2)]
        return "\n".join(lines) + "\n" + " " * (levels - 2) + "leaf: 1\n"
    if style == "items":  # a list of lists in the compact `- - -` form, one `-` a level
        return "a:\n" + "- " * (levels - 2) + "1\n"
    return "a: " + "[" * (levels - 2) + "1" + "]" * (levels - 2) + "\n"


@pytest.mark.parametrize("style", ["block", "items", "flow"])
def test_nesting_is_refused_just_past_the_limit_in_every_style(tmp_path: Path, style: str) -> None:
    """The count of opening characters that spares most files the walk never hides a
    document nested too deep: at the limit it loads, one level past it is refused."""
    from ttgbuild.source.yamlsource import MAX_DEPTH, _depth

    for levels, refused in ((MAX_DEPTH, False), (MAX_DEPTH + 1, True)):
        path = tmp_path / f"{style}-{levels}.yaml"
        path.write_text(_nested(style, levels), encoding="utf-8")
        doc, problems = load_document(path, path.name)
        assert [p.code for p in problems] == (["JT006"] if refused else []), (style, levels)
        if not refused:
            assert doc is not None and _depth(doc.data) == levels


@pytest.mark.parametrize(
    "text",
    [
        "a:\n" + "- " * 30 + "? k\n",  # 31 lists and a mapping opened by `?`
        "a:\n" + "- " * 30 + "{k}\n",  # 31 lists and a flow mapping opened by `{`
    ],
)
def test_nesting_opened_by_question_marks_and_braces_is_counted(tmp_path: Path, text: str) -> None:
    from ttgbuild.source.yamlsource import MAX_DEPTH

    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    _doc, problems = load_document(path, path.name)
    assert [p.code for p in problems] == ["JT006"]
    assert MAX_DEPTH == 32  # the texts above are one level past it


def test_another_command_or_project_does_not_empty_the_memo(
    project: Project, tmp_path: Path
) -> None:
    """What earlier runs kept is carried over: a run reading other files adds to it."""
    path = project.path(HERO)
    load_document(path, HERO)
    fresh_run()
    other = tmp_path / "other.yaml"
    other.write_text("id: other\n", encoding="utf-8")
    load_document(other, "other.yaml")  # a run that reads only another file
    memo = fresh_run()
    text = path.read_text(encoding="utf-8")
    assert memo.recall(memo.name(path), text) is not None
    assert memo.recall(memo.name(other), "id: other\n") is not None


def test_a_run_that_finds_nothing_new_writes_nothing(project: Project) -> None:
    path = project.path(HERO)
    load_document(path, HERO)
    memo = fresh_run()
    written = memo.path.stat().st_mtime_ns
    load_document(path, HERO)
    memo.save()
    assert memo.path.stat().st_mtime_ns == written
    assert oct(memo.path.stat().st_mode & 0o777) == oct(loadmemo.MODE)


def test_a_worker_process_never_writes_the_memo(
    project: Project, own_cache: Path, tmp_path: Path
) -> None:
    """A build's workers (spawned ones run their exit handlers) leave the memo to the
    parent: one that read a single file would otherwise replace it."""
    load_document(project.path(HERO), HERO)
    fresh_run()
    script = (
        "import multiprocessing as mp, sys\n"
        "def work(path):\n"
        "    from pathlib import Path\n"
        "    from ttgbuild.source.yamlsource import load_document\n"
        "    Path(path).write_text('id: worker\\n')\n"
        "    load_document(Path(path), 'w.yaml')\n"
        "if __name__ == '__main__':\n"
        "    p = mp.get_context('spawn').Process(target=work, args=(sys.argv[1],))\n"
        "    p.start(); p.join(); sys.exit(p.exitcode)\n"
    )
    env = {**os.environ, "TTGBUILD_CACHE_DIR": str(own_cache), "PYTHONPATH": str(REPO)}
    (tmp_path / "spawner.py").write_text(script, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(tmp_path / "spawner.py"), str(project.root / "w.yaml")],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loadmemo._current = None
    memo = loadmemo.memo()
    path = project.path(HERO)
    assert memo.recall(memo.name(path), path.read_text(encoding="utf-8")) is not None
    assert memo.recall(memo.name(project.root / "w.yaml"), "id: worker\n") is None
