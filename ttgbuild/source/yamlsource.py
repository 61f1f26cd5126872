"""Read one YAML file into plain data, reporting every way it can be broken.

Speed matters (issue: thousands of hero files), so files are parsed with
libyaml through PyYAML (`yamlparse`) and positions are *not* recorded while
loading. Only when a diagnostic needs a line and column is the file composed
again into PyYAML's node graph, whose marks give the position of any value.
Valid files never pay for positions, and a file whose text loaded clean in an
earlier run is not parsed again (`loadmemo`): its data is remembered.

Content files are plain data, so the loader refuses YAML features that only
serve to surprise: anchors and aliases (the "billion laughs" blow-up), merge
keys, tags, non-text keys, duplicate keys (PyYAML would silently keep the
last), several documents in one file, and absurd nesting (libyaml's composer
recurses in C and crashes on very deep input, so big files are pre-scanned).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer, pointer_parts
from ttgbuild.core.readfile import FileTooBig, NotRegularFile, read_regular
from ttgbuild.source import loadmemo

if TYPE_CHECKING:
    import yaml

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 32
# libyaml's C composer recurses once per nesting level; below this size a file
# cannot nest deep enough to exhaust the C stack, so the pre-scan is skipped.
PRESCAN_BYTES = 16 * 1024
# Python refuses to convert integers of more than 4300 digits (a denial-of-service
# guard); no game number comes near this many, so longer ones are refused first.
MAX_DIGITS = 1000

LOAD_CODES = code_table(
    Code("JT001", "error", "the file can be read, is at most 1 MiB and is UTF-8 text"),
    Code("JT002", "error", "the file is well-formed YAML"),
    Code("JT003", "error", "no key appears twice in one mapping"),
    Code("JT004", "error", "no YAML anchors, aliases or merge keys"),
    Code("JT005", "error", "the file holds exactly one document, a mapping"),
    Code("JT006", "error", f"nesting stays within {MAX_DEPTH} levels"),
    Code("JT007", "error", "no YAML tags; mapping keys are text"),
    Code("JT008", "error", f"numbers are written with at most {MAX_DIGITS} digits"),
)


class ContentError(Exception):
    """A located problem found while constructing data; carries its diagnostic code."""

    def __init__(self, code: str, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line
        self.column = column


def load_value(text: str) -> Any:
    """`yamlparse.load_value` (a spreadsheet cell's value), PyYAML imported when asked."""
    from ttgbuild.source import yamlparse

    return yamlparse.load_value(text)


@dataclass
class Document:
    """A loaded file: its data, and positions computed on demand."""

    path: Path
    display: str
    text: str
    data: Any
    _root: yaml.Node | None = field(default=None, repr=False)
    # Each mapping node's keys indexed once, by the node's id: a file with
    # thousands of reported keys would otherwise scan its keys once per report.
    _keys: dict[int, dict[str, tuple[yaml.Node, yaml.Node]]] = field(
        default_factory=dict, repr=False
    )
    # Its file's entry in `loadmemo` when load_document made it from the file's own text:
    # its schema verdicts are remembered there. None: made by hand, or not kept.
    remembered: loadmemo.Entry | None = field(default=None, repr=False, compare=False)

    def locate(self, pointer: str, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the value at `pointer`, or of its key with `key=True`.

        A pointer into something that does not exist yields the position of
        its deepest existing parent, which is where a missing field belongs.
        """
        from ttgbuild.source import yamlparse

        if self._root is None:
            self._root = yamlparse.compose(self.text)
        node = self._root
        if node is None:
            return 1, 1
        where = yamlparse.mark(node)
        for part in pointer_parts(pointer):
            child, key_node = self._child(node, part)
            if child is None:
                break
            node = child
            where = yamlparse.mark(key_node if key and key_node is not None else child)
        return where

    def _child(self, node: yaml.Node, part: str) -> tuple[yaml.Node | None, yaml.Node | None]:
        from ttgbuild.source import yamlparse

        keys = self._keys.get(id(node))
        if keys is None:
            keys = yamlparse.mapping_keys(node)
            if keys is not None:
                self._keys[id(node)] = keys
        if keys is not None:
            return keys.get(part, (None, None))
        items = yamlparse.sequence_items(node)
        if items is not None and part.isdigit() and int(part) < len(items):
            return items[int(part)], None
        return None, None


def load_document(path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
    """Load one YAML file; on any problem return no document and a located diagnostic."""

    def fail(code: str, message: str, line: int = 1, column: int = 1):
        return None, [LOAD_CODES[code].at(display, line, column, message)]

    try:
        raw = read_regular(path, MAX_BYTES)
    except FileTooBig as exc:
        return fail("JT001", f"file is {exc.size} bytes; content files may be at most {MAX_BYTES}")
    except NotRegularFile as exc:  # a FIFO would block forever, a device never end
        return fail("JT001", str(exc), 0, 0)
    except OSError as exc:
        return fail("JT001", f"cannot read file: {exc.strerror or exc}", 0, 0)
    text, problem = _decode(raw)
    if problem is not None:
        return fail("JT001", problem[0], problem[1], problem[2])
    memo = loadmemo.memo()
    name = memo.name(path)
    recalled = memo.recall(name, text)
    if recalled is not None:
        return Document(path, display, text, recalled[0], remembered=recalled[1]), []
    from ttgbuild.source import yamlparse

    try:
        data, found = yamlparse.load_text(text, len(raw) > PRESCAN_BYTES)
    except ContentError as exc:
        return fail(exc.code, exc.message, exc.line, exc.column)
    if found:
        return None, [LOAD_CODES[p.code].at(display, p.line, p.column, p.message) for p in found]
    if data is None:
        return fail("JT005", "file is empty; expected a mapping of fields")
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a single value ({type(data).__name__})"
        return fail("JT005", f"expected a mapping of fields at the top, found {kind}")
    if _may_nest_deeper(text) and _depth(data) > MAX_DEPTH:
        return fail("JT006", f"data is nested more than {MAX_DEPTH} levels deep")
    return Document(path, display, text, data, remembered=memo.add(name, text, data)), []


def _decode(raw: bytes) -> tuple[str, tuple[str, int, int] | None]:
    """Decode UTF-8 (a UTF-8 BOM is allowed); name the first bad byte's position otherwise."""
    for bom, name in (
        (b"\xff\xfe\x00\x00", "UTF-32"),
        (b"\x00\x00\xfe\xff", "UTF-32"),
        (b"\xff\xfe", "UTF-16"),
        (b"\xfe\xff", "UTF-16"),
    ):
        if raw.startswith(bom):
            return "", (f"file is {name}; save it as UTF-8", 1, 1)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line, column = text_position(raw, exc.start)
        byte = raw[exc.start]
        return "", (f"file is not valid UTF-8 (byte 0x{byte:02x}); save it as UTF-8", line, column)


def text_position(text: str | bytes, index: int) -> tuple[int, int]:
    """1-based line and column of an offset into decoded text or raw bytes."""
    before = text[:index]
    newline = b"\n" if isinstance(before, bytes) else "\n"
    return before.count(newline) + 1, index - (before.rfind(newline) + 1) + 1


def _may_nest_deeper(text: str) -> bool:
    """Whether a text could hold data nested more than MAX_DEPTH levels, told by counting.

    Every mapping or list needs a character of its own to open it (a key's `:`, an
    item's `-`, `[`, `{` or `?`), so the data is nested at most one level more than
    the text has such characters (counting them elsewhere, in words, only raises the
    bound). A hero's file has about twenty: its data is then not walked (`_depth`).
    """
    openers = sum(text.count(mark) for mark in ":-[{?")
    return openers + 1 > MAX_DEPTH


def _depth(data: Any) -> int:
    """Nesting depth of loaded data (a value inside a mapping at the top is at level 2),
    iteratively (no recursion limit to hit); stops counting once past MAX_DEPTH.

    Only mappings and lists are walked: a scalar's level is its container's plus one,
    so thousands of files do not each push every value on the stack.
    """
    if not isinstance(data, dict | list):
        return 1
    deepest = 1
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if children:
            deepest = max(deepest, level + 1)
            if level + 1 > MAX_DEPTH:
                return level + 1
            stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return deepest


def containers(node: Any, pointer: str = "") -> Iterator[tuple[str, Any]]:
    """(JSON pointer, node) of every mapping and list under `node`, to locate problems that
    checks find later in a data file's already-parsed values."""
    if isinstance(node, dict):
        yield pointer, node
        for key, value in node.items():
            yield from containers(value, pointer + json_pointer([key]))
    elif isinstance(node, list):
        yield pointer, node
        for index, item in enumerate(node):
            yield from containers(item, f"{pointer}/{index}")
