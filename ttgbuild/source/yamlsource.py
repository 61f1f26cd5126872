"""Read one YAML file into plain data, reporting every way it can be broken.

Speed matters (issue: thousands of hero files), so files are parsed with
libyaml through PyYAML and positions are *not* recorded while loading. Only
when a diagnostic needs a line and column is the file composed again into
PyYAML's node graph, whose marks give the position of any value. Valid files
never pay for positions.

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
from typing import Any

import yaml

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer, pointer_parts
from ttgbuild.core.readfile import FileTooBig, NotRegularFile, read_regular

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

_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_ALLOWED_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)
_INT_TAG = "tag:yaml.org,2002:int"
_STR_TAG = "tag:yaml.org,2002:str"
# Plain scalars this short are mostly keys and numbers, repeated in every file:
# their tags are remembered (up to this many) instead of matched again.
_RESOLVED_LENGTH = 32
_RESOLVED_MAX = 8192
_RESOLVED: dict[str, str] = {}  # a short plain scalar → its tag, shared by all files


class ContentError(Exception):
    """A located problem found while constructing data; carries its diagnostic code."""

    def __init__(self, code: str, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line
        self.column = column


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _refuse_tag(loader: Any, node: yaml.Node) -> Any:
    raise ContentError("JT007", f"YAML tag {node.tag} is not allowed", *_mark(node))


def _readable(construct: Any) -> Any:
    """A scalar constructor whose ValueError (a date-like scalar that is no date, e.g.
    2024-13-45) becomes a located JT002 telling the designer to quote it."""

    def run(loader: Any, node: yaml.Node) -> Any:
        try:
            return construct(loader, node)
        except ValueError as exc:
            if not isinstance(node, yaml.ScalarNode):
                raise
            raise _unreadable(node, exc) from None

    return run


def _unreadable(node: yaml.ScalarNode, exc: ValueError) -> ContentError:
    message = f"YAML cannot read {node.value[:40]!r} ({exc}); quote it to make it text"
    return ContentError("JT002", message, *_mark(node))


def _construct_int(loader: Any, node: yaml.Node) -> Any:
    """An integer of at most MAX_DIGITS digits; one the safe loader cannot read is JT002."""
    if len(node.value) > MAX_DIGITS:
        message = f"a number {len(node.value)} digits long; at most {MAX_DIGITS} are allowed"
        raise ContentError("JT008", message, *_mark(node))
    try:
        return loader.construct_yaml_int(node)
    except ValueError as exc:  # `0b_`: the resolver calls it an int, int() refuses it
        if not isinstance(node, yaml.ScalarNode):
            raise
        raise _unreadable(node, exc) from None


def _constructors() -> dict[str | None, Any]:
    """Tag → constructor: the safe loader's for the allowed tags, every other tag refused.

    Checking tags, digits and unreadable scalars in the table rather than in an
    overridden `construct_object` keeps the common case (a string) free of an
    extra Python call per value: thousands of files hold hundreds of thousands.
    """
    safe = yaml.constructor.SafeConstructor.yaml_constructors
    table: dict[str | None, Any] = {tag: safe[tag] for tag in _ALLOWED_TAGS}
    for name in ("float", "timestamp"):
        tag = f"tag:yaml.org,2002:{name}"
        table[tag] = _readable(safe[tag])
    table[_INT_TAG] = _construct_int
    table[None] = _refuse_tag  # any tag not above
    return table


class _StrictLoader(_BASE_LOADER):  # type: ignore[misc, valid-type]
    """PyYAML's safe loader, refusing merge keys, tags and duplicate keys.

    Tags stop loading at once (what follows could be code); duplicate and
    non-text keys are collected in `problems` so a file with several of them
    reports them all. Aliases are refused by `_AliasRefusingLoader`, needed only
    when the text holds an `&`: without an anchor there can be no alias.
    """

    yaml_constructors = _constructors()

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.problems: list[ContentError] = []

    def resolve(self, kind: type, value: Any, implicit: tuple[bool, bool]) -> str:
        """PyYAML's tag for a node, called once per scalar (hundreds of thousands).

        With no path resolvers (none is ever added), a quoted scalar is text and a
        plain one's tag depends on its text alone: short ones are looked up once.
        """
        if kind is yaml.ScalarNode and not self.yaml_path_resolvers:
            if not implicit[0]:
                return _STR_TAG
            if len(value) <= _RESOLVED_LENGTH:
                tag = _RESOLVED.get(value)
                if tag is None:
                    tag = super().resolve(kind, value, implicit)
                    if len(_RESOLVED) < _RESOLVED_MAX:
                        _RESOLVED[value] = tag
                return tag
        return super().resolve(kind, value, implicit)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[str, Any]:
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise ContentError(
                    "JT004", "YAML merge keys (<<) are not allowed", *_mark(key_node)
                )
            if not isinstance(key_node, yaml.ScalarNode):  # `? [a, b]` or `{a: 1}: 2`
                kind = "a mapping" if isinstance(key_node, yaml.MappingNode) else "a list"
                message = f"a mapping key must be text, not {kind}"
                self.problems.append(ContentError("JT007", message, *_mark(key_node)))
                continue
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, str):
                message = f"mapping key {_short(key_node.value)!r} must be text; quote it"
                self.problems.append(ContentError("JT007", message, *_mark(key_node)))
            elif key in mapping:
                message = f"duplicate key '{key}'; the first value would be silently replaced"
                self.problems.append(ContentError("JT003", message, *_mark(key_node)))
            else:
                mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


class _PlainLoader(_StrictLoader):
    """The strict loader for a text without anchors (so without aliases): a text value
    is the node's own text, and a plain decimal number its int(), taken without
    PyYAML's bookkeeping for aliases (thousands of files, hundreds of thousands of values).
    """

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node.__class__ is yaml.ScalarNode:
            tag = node.tag
            if tag == _STR_TAG:
                return node.value
            value = node.value
            # The resolver tags only ASCII digits as an int; a leading 0 means octal.
            if tag == _INT_TAG and value.isdigit() and value[0] != "0" and len(value) <= MAX_DIGITS:
                return int(value)
        return super().construct_object(node, deep)


class _AliasRefusingLoader(_StrictLoader):
    """The strict loader that also stops at an alias (the "billion laughs" blow-up)."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node in self.constructed_objects or node in self.recursive_objects:
            raise ContentError("JT004", "YAML aliases are not allowed in content", *_mark(node))
        return super().construct_object(node, deep)


def _loader(text: str) -> _StrictLoader:
    """The strict loader for `text`: one that watches for aliases if it could hold one."""
    return _AliasRefusingLoader(text) if "&" in text else _PlainLoader(text)


def load_value(text: str) -> Any:
    """One YAML value held in a short text (a spreadsheet cell), refused as content is:
    the first problem raises ContentError. Anchors and depth are the caller's to pre-check
    (the loader builds before it could refuse them)."""
    loader = _AliasRefusingLoader(text)
    try:
        data = loader.get_single_data()
    finally:
        loader.dispose()
    if loader.problems:
        raise loader.problems[0]
    return data


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

    def locate(self, pointer: str, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the value at `pointer`, or of its key with `key=True`.

        A pointer into something that does not exist yields the position of
        its deepest existing parent, which is where a missing field belongs.
        """
        if self._root is None:
            self._root = yaml.compose(self.text, Loader=_BASE_LOADER)
        node = self._root
        if node is None:
            return 1, 1
        where = _mark(node)
        for part in pointer_parts(pointer):
            child, key_node = self._child(node, part)
            if child is None:
                break
            node = child
            where = _mark(key_node if key and key_node is not None else child)
        return where

    def _child(self, node: yaml.Node, part: str) -> tuple[yaml.Node | None, yaml.Node | None]:
        if isinstance(node, yaml.MappingNode):
            keys = self._keys.get(id(node))
            if keys is None:
                keys = {}
                for key_node, value_node in node.value:
                    if isinstance(key_node, yaml.ScalarNode):
                        keys.setdefault(key_node.value, (value_node, key_node))
                self._keys[id(node)] = keys
            return keys.get(part, (None, None))
        if isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            return node.value[int(part)], None
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
    try:
        if len(raw) > PRESCAN_BYTES:
            _prescan(text)
        loader = _loader(text)
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except ContentError as exc:
        if exc.code == "JT004" and "alias" in exc.message:
            exc.line, exc.column = _first_alias(text) or (exc.line, exc.column)
        return fail(exc.code, exc.message, exc.line, exc.column)
    except yaml.reader.ReaderError as exc:
        line, column = _position(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return fail("JT001", f"control character U+{char:04X} is not allowed in YAML", line, column)
    except yaml.MarkedYAMLError as exc:
        return fail("JT002", *_syntax_message(exc, text))
    except (yaml.YAMLError, RecursionError) as exc:
        return fail("JT002", f"cannot parse YAML: {str(exc).splitlines()[0] if str(exc) else exc}")
    problems = [
        LOAD_CODES[p.code].at(display, p.line, p.column, p.message) for p in loader.problems
    ]
    anchor = _first_anchor(text) if "&" in text else None  # no '&', no anchor: no second parse
    if anchor is not None:
        message = "YAML anchors (&name) are not allowed in content; write the value out"
        problems.append(LOAD_CODES["JT004"].at(display, *anchor, message))
    if problems:
        return None, problems
    if data is None:
        return fail("JT005", "file is empty; expected a mapping of fields")
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a single value ({type(data).__name__})"
        return fail("JT005", f"expected a mapping of fields at the top, found {kind}")
    if _depth(data) > MAX_DEPTH:
        return fail("JT006", f"data is nested more than {MAX_DEPTH} levels deep")
    return Document(path, display, text, data), []


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
        line, column = _position(raw, exc.start)
        byte = raw[exc.start]
        return "", (f"file is not valid UTF-8 (byte 0x{byte:02x}); save it as UTF-8", line, column)


def _position(text: str | bytes, index: int) -> tuple[int, int]:
    """1-based line and column of an offset into decoded text or raw bytes."""
    before = text[:index]
    newline = b"\n" if isinstance(before, bytes) else "\n"
    return before.count(newline) + 1, index - (before.rfind(newline) + 1) + 1


def _syntax_message(exc: yaml.MarkedYAMLError, text: str) -> tuple[str, int, int]:
    problem = exc.problem or "malformed YAML"
    mark = exc.problem_mark or exc.context_mark
    if "end of stream" in problem and exc.context_mark is not None:
        # An unclosed quote or bracket is found at the end; point where it was opened.
        mark = exc.context_mark
        problem += " (not closed)"
    if exc.context and "expected a single document" in exc.context:
        return "file holds more than one YAML document; use one per file", *_line_col(mark)
    lines = text.splitlines()
    if mark is not None and mark.line < len(lines) and lines[mark.line][mark.column :][:1] == "\t":
        problem += " (tabs cannot indent YAML; use spaces)"
    message = f"YAML syntax: {problem}"
    if exc.context:
        message = f"YAML syntax: {exc.context}: {problem}"
    return message, *_line_col(mark)


def _line_col(mark: yaml.Mark | None) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _events(text: str) -> Iterator[yaml.Event]:
    return yaml.parse(text, Loader=_BASE_LOADER)


def _prescan(text: str) -> None:
    """Walk parser events (no recursion) to refuse deep nesting before composing."""
    depth = 0
    for event in _events(text):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line, column = _line_col(event.start_mark)
                raise ContentError(
                    "JT006", f"data is nested more than {MAX_DEPTH} levels deep", line, column
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _first_alias(text: str) -> tuple[int, int] | None:
    """Position of the first alias (*name), to point at the reuse rather than the anchor."""
    try:
        for event in _events(text):
            if isinstance(event, yaml.AliasEvent):
                return _line_col(event.start_mark)
    except yaml.YAMLError:
        return None
    return None


def _first_anchor(text: str) -> tuple[int, int] | None:
    """Position of the first anchored value (&name), used by an alias or not."""
    for event in _events(text):
        if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
            return _line_col(event.start_mark)
    return None


def _short(value: str) -> str:
    """A scalar as a message quotes it: a hostile long one is cut."""
    return value if len(value) <= 40 else value[:37] + "..."


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
