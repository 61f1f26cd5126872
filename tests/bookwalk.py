"""Walking a game's book in tests: every value mutated in a copy must be named by JT031.

Each game's `tests/test_book_<game>.py` and the engine's `tests/test_book.py`
use these helpers:

- `book_values(path)`: the values of a pack's book.yaml (the engine's reader);
- `project_copy(source, dest)`: a throw-away copy of a project (links followed);
- `mutate(project, value)`: the content at the value's `at` changed in the copy,
  in place with ruamel.yaml's round trip (comments, quotes and the other lines
  kept), so it departs from the book while its file still passes its schema
  where a change can; returns the content file and line JT031 must name;
- `declare_variant(project, value_id)`: a variant changing that value added to
  content/variants.yaml;
- `compare(project)`: the book comparison `validate` runs, in this process,
  without the rule checks and catalogs (fast enough for a hundred values);
- `run_validate(project)`: `ttgbuild validate` through the real CLI (in process);
- `flat`, `restoring`, `edit`, `by_id` and the `assert_*` checks: the steps the
  games' book tests share (a walked value, a shipped variant dropped, the real
  command, wrong variants).
"""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.util import load_yaml_guess_indent
from typer.testing import CliRunner

from tests.conftest import assert_no_crash
from ttgbuild.cli import app
from ttgbuild.core.diagnostics import Diagnostic, json_pointer, pointer_parts
from ttgbuild.source.bookfile import BookValue, read_book
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import load_document
from ttgbuild.validate.book import MISSING, compare_project, value_at

BOOK_CODES = ("JT030", "JT031", "JT032", "JT033", "JT034")
_ENUM_LIKE = re.compile(r"^[a-z][a-z0-9_-]{0,30}$")
MAX_TRIES = 12  # changes tried before one keeps the file valid under its schema
LOCALES = ("en", "es", "de")
_HEADINGS = {  # the heading of a kit's list of variants as each locale's catalog prints it
    "en": "This kit changes the published rules of {}:",
    "es": "Este kit cambia las reglas publicadas de {}:",
    "de": "Dieses Kit ändert die veröffentlichten Regeln von {}:",
}


def headings(title: str) -> dict[str, str]:
    """The heading of the list of variants of the game `title`, by locale."""
    return {locale: text.format(title) for locale, text in _HEADINGS.items()}


def book_values(path: Path) -> list[BookValue]:
    """Every value of a book.yaml, in its order; AssertionError naming its problems."""
    book, problems = read_book(path, path.parent)
    assert book is not None, "\n".join(d.as_text() for d in problems)
    return list(book.values.values())


def project_copy(source: Path, dest: Path) -> Path:
    """A copy of a project (links followed, no built output) to break at will."""
    ignore = shutil.ignore_patterns("output", "__pycache__")
    shutil.copytree(source, dest, symlinks=False, ignore=ignore)
    return dest


def compare(project: Path) -> list[Diagnostic]:
    """The book comparison `validate` runs (JT030-JT034), in this process."""
    return compare_project(project)


def book_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Only the book's codes of a list of diagnostics."""
    return [d for d in diagnostics if d.code in BOOK_CODES]


def run_validate(project: Path, *args: str) -> Any:
    """`ttgbuild validate` on the project as a user types it (CliRunner, in process)."""
    return CliRunner().invoke(app, ["validate", *args, "--project", str(project)])


def flat(text: str) -> str:
    """Printed text without the line breaks, hyphens and soft hyphens wrapping adds."""
    return re.sub(r"[\s\-\u00ad\ufffe]", "", text)


@contextmanager
def restoring(root: Path, *files: str) -> Iterator[None]:
    """The files as they were when the block ends, whatever it changed."""
    saved = {name: (root / name).read_bytes() for name in files}
    try:
        yield
    finally:
        for name, data in saved.items():
            (root / name).write_bytes(data)


def edit(root: Path, file: str, old: str, new: str) -> None:
    """The first `old` of the project's file replaced by `new` (AssertionError without one)."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, (file, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def edit_content(root: Path, file: str, before: str, after: str) -> None:
    """The one `before` of the project's content file replaced by `after`."""
    path = root / "content" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(before) == 1, before
    path.write_text(text.replace(before, after), encoding="utf-8")


def by_id(diagnostics: list) -> dict[str, list]:
    """Diagnostics by the book value their message names first."""
    found: dict[str, list] = {}
    for d in diagnostics:
        found.setdefault(d.message.split(":")[0].split("/")[0], []).append(d)
    return found


def assert_named_then_silenced(
    project: Path,
    value: BookValue,
    place: tuple[str, int],
    diagnostics: Callable[[Path], list[Diagnostic]],
) -> None:
    """A changed value is one JT031 at the changed place naming the value and its book
    line; a variant declared for it leaves `diagnostics(project)` empty."""
    file, line = place
    found = diagnostics(project)
    assert [d.code for d in found] == ["JT031"], (value.id, [d.as_text() for d in found])
    (diagnostic,) = found
    assert (diagnostic.file, diagnostic.line) == (file, line), value.id
    assert diagnostic.message.startswith(value.id), diagnostic.message
    assert value.where in diagnostic.message, diagnostic.message
    declare_variant(project, value.id)
    assert diagnostics(project) == [], value.id


def assert_dropped_variant_located(
    game: Path,
    variant: str,
    values: dict[str, BookValue],
    located: Callable[[Path, BookValue], int],
) -> None:
    """With the shipped variant removed from variants.yaml, each value it changes is a
    JT031 at the line `located` gives, naming its book line."""
    path = game / "content" / "variants.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    (dropped,) = [v for v in data["variants"] if v["id"] == variant]
    data["variants"].remove(dropped)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    found = by_id(book_diagnostics(compare(game)))
    assert sorted(found) == sorted(dropped["changes"])
    for name, (diagnostic,) in found.items():
        value = values[name]
        assert diagnostic.code == "JT031" and diagnostic.file == f"content/{value.file}"
        assert value.where in diagnostic.message
        assert diagnostic.line == located(game, value), name


def assert_validate_fails_then_passes(
    game: Path,
    said: list[str],
    value_id: str,
    summary: str | None = None,
    gone: tuple[str, ...] = ("JT03",),
) -> None:
    """`validate` fails, its output saying each of `said`; with a variant declared for
    `value_id` it passes, its output saying none of `gone`."""
    result = run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    for text in said:
        assert text in result.output, text
    declare_variant(game, value_id, summary)
    result = run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    for code in gone:
        assert code not in result.output, code


def assert_wrong_variants_located(game: Path, extra: str, typo_of: str) -> None:
    """`extra` (an unused variant, then one naming `typo_of` misspelt, on its 6th line)
    appended to variants.yaml: JT033 at the first, JT032 at the misspelt name."""
    path = game / "content" / "variants.yaml"
    before = path.read_text(encoding="utf-8")
    path.write_text(before + extra, encoding="utf-8")
    first = before.count("\n") + 1
    found = book_diagnostics(compare(game))
    codes = {(d.code, d.file, d.line) for d in found}
    assert ("JT033", "content/variants.yaml", first) in codes
    unknown = [d for d in found if d.code == "JT032"]
    assert unknown and unknown[0].line == first + 5 and typo_of in unknown[0].message


def assert_unused_and_unknown_reported(game: Path, unused: str, unknown: str) -> None:
    """A variant for a value the content plays as the book (JT033) and one for no value of
    the book (JT032), both reported in variants.yaml."""
    declare_variant(game, unused)
    declare_variant(game, unknown)
    codes = {(d.code, d.file) for d in book_diagnostics(compare(game))}
    assert codes == {("JT033", "content/variants.yaml"), ("JT032", "content/variants.yaml")}


def mutate(project: Path, value: BookValue) -> tuple[str, int]:
    """Change the content at `value.at` in the copy so it departs from the book.

    int +1 (else -1, +2...), a bool negated, a string replaced by another one
    of the same file (one under the same key first), a list loses its last
    item (one item: that item is changed), a mapping has its first leaf
    changed. The first change that keeps the file valid under its schema is
    kept (else the first one tried). Returns the content file as diagnostics
    name it (`content/game.yaml`) and the line of the changed node, where JT031
    must point. ValueError when content has nothing at `at`.
    """
    path = project / "content" / value.file
    text = path.read_text(encoding="utf-8")
    _, data = _round_trip(text)
    target = value_at(data, value.pointer)
    if target is MISSING:
        raise ValueError(f"{value.id}: content has nothing at {value.at}")
    key = pointer_parts(value.pointer)[-1] if value.pointer else ""
    strings = _strings(data, key)
    first: tuple[str, str] | None = None
    for tries, (parts, edit) in enumerate(_edits(target, [], strings)):
        if tries >= MAX_TRIES:
            break
        yaml, changed = _round_trip(text)
        _apply(changed, pointer_parts(value.pointer) + parts, edit)
        written = _dumped(yaml, changed)
        pointer = value.pointer + json_pointer(parts)
        if first is None:
            first = (written, pointer)
        path.write_text(written, encoding="utf-8")
        if _schema_valid(project, value.file, path):
            return _place(path, value.file, pointer)
    if first is None:
        raise ValueError(f"{value.id}: no change can be made to {value.at} (an empty list?)")
    path.write_text(first[0], encoding="utf-8")
    return _place(path, value.file, first[1])


def declare_variant(project: Path, value_id: str, summary: str | None = None) -> str:
    """Add a variant changing `value_id` to content/variants.yaml; returns its id."""
    path = project / "content" / "variants.yaml"
    yaml = YAML()
    yaml.width = 4096
    data = yaml.load(path.read_text(encoding="utf-8")) if path.exists() else None
    if not data:
        data = {"variants": []}
    ident = "test-" + value_id.replace("_", "-")
    data["variants"].append(
        {
            "id": ident,
            "changes": [value_id],
            "reason": "A test declares this change.",
            "summary": summary
            or f"This kit plays {{{value_id}}} where the book has {{book_{value_id}}}.",
        }
    )
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return ident


def _round_trip(text: str) -> tuple[YAML, Any]:
    """ruamel.yaml set to write the file back as it was written: its indents, its quotes."""
    _, indent, block_seq_indent = load_yaml_guess_indent(text)
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # no line is folded: the others keep their numbers
    yaml.indent(mapping=indent or 2, sequence=indent or 2, offset=block_seq_indent or 0)
    return yaml, yaml.load(text)


def _dumped(yaml: YAML, data: Any) -> str:
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    return buffer.getvalue()


def _edits(node: Any, parts: list[Any], strings: list[str]) -> Iterator[tuple[list[Any], Any]]:
    """(path below `at`, edit) of each change to try: ("set", value) or ("drop",)."""
    if isinstance(node, bool):
        yield parts, ("set", not node)
    elif isinstance(node, int):
        for step in (1, -1, 2, -2, 10):
            yield parts, ("set", int(node) + step)
    elif isinstance(node, float):
        for step in (0.5, -0.5, 1.0):
            yield parts, ("set", float(node) + step)
    elif isinstance(node, str):
        for other in [s for s in strings if s != node][: MAX_TRIES - 3]:
            yield parts, ("set", other)
        if re.search(r"\d", node):  # "D6" → "D7": a pattern's form kept
            yield parts, ("set", re.sub(r"\d+", lambda m: str(int(m.group()) + 1), node, count=1))
        if node.swapcase() != node:
            yield parts, ("set", node.swapcase())
        yield parts, ("set", f"{node} (changed)")
    elif isinstance(node, list):
        if len(node) > 1:
            yield parts, ("drop",)
        elif node:
            yield from _edits(node[0], [*parts, 0], strings)
    elif isinstance(node, dict):
        if node:
            key = next(iter(node))
            yield from _edits(node[key], [*parts, key], strings)
    elif node is None:
        yield parts, ("set", 0)


def _apply(data: Any, parts: list[Any], edit: tuple[Any, ...]) -> None:
    node = data
    for part in parts[:-1] if edit[0] == "set" else parts:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if edit[0] == "drop":
        node.pop()
    else:
        last = parts[-1]
        node[int(last) if isinstance(node, list) else last] = edit[1]


def _strings(data: Any, key: str) -> list[str]:
    """Enum-looking strings of the file: those under `key` first, then any, in file order."""
    same: list[str] = []
    others: list[str] = []
    stack: list[tuple[Any, Any]] = [(None, data)]
    while stack:
        name, node = stack.pop(0)
        if isinstance(node, dict):
            stack.extend(node.items())
        elif isinstance(node, list):
            stack.extend((name, item) for item in node)
        elif isinstance(node, str) and _ENUM_LIKE.match(node):
            (same if name == key else others).append(str(node))
    return list(dict.fromkeys(same + others))


def _schema_valid(project: Path, file: str, path: Path) -> bool:
    """Whether the changed file still loads and passes its kind's schema."""
    pack = pack_of(project)
    parts = file.split("/")
    kind = pack.folders.get(parts[0]) if len(parts) == 2 else pack.files.get(file)
    doc, problems = load_document(path, f"content/{file}")
    if doc is None or problems:
        return False
    if kind is None:
        return True
    return not schemas_at(pack.schemas).check_document(doc, kind)


def _place(path: Path, file: str, pointer: str) -> tuple[str, int]:
    doc, _ = load_document(path, f"content/{file}")
    assert doc is not None, f"the changed content/{file} does not load"
    return f"content/{file}", doc.locate(pointer)[0]
