"""PyYAML's side of reading content: the strict loaders, and every way a text can fail them.

`yamlsource` reads and decodes files and remembers clean loads (`loadmemo`);
only a text it has not seen is parsed here, so a run whose files are all
remembered never imports PyYAML (a twentieth of `validate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import yaml

from ttgbuild.source.yamlsource import MAX_DEPTH, MAX_DIGITS, ContentError, text_position

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


def mark(node: yaml.Node) -> tuple[int, int]:
    """A node's line and column, 1-based."""
    return node.start_mark.line + 1, node.start_mark.column + 1


def _refuse_tag(loader: Any, node: yaml.Node) -> Any:
    raise ContentError("JT007", f"YAML tag {node.tag} is not allowed", *mark(node))


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
    return ContentError("JT002", message, *mark(node))


def _construct_int(loader: Any, node: yaml.Node) -> Any:
    """An integer of at most MAX_DIGITS digits (`_readable` makes an unreadable one JT002:
    `0b_` is called an int by the resolver and refused by int())."""
    if len(node.value) > MAX_DIGITS:
        message = f"a number {len(node.value)} digits long; at most {MAX_DIGITS} are allowed"
        raise ContentError("JT008", message, *mark(node))
    return loader.construct_yaml_int(node)


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
    table[_INT_TAG] = _readable(_construct_int)
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
        if not isinstance(node, yaml.MappingNode):  # `!!map xy`: PyYAML's located refusal
            return super().construct_mapping(node, deep)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise ContentError("JT004", "YAML merge keys (<<) are not allowed", *mark(key_node))
            if not isinstance(key_node, yaml.ScalarNode):  # `? [a, b]` or `{a: 1}: 2`
                kind = "a mapping" if isinstance(key_node, yaml.MappingNode) else "a list"
                message = f"a mapping key must be text, not {kind}"
                self.problems.append(ContentError("JT007", message, *mark(key_node)))
                continue
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, str):
                message = f"mapping key {_short(key_node.value)!r} must be text; quote it"
                self.problems.append(ContentError("JT007", message, *mark(key_node)))
            elif key in mapping:
                message = f"duplicate key '{key}'; the first value would be silently replaced"
                self.problems.append(ContentError("JT003", message, *mark(key_node)))
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
            raise ContentError("JT004", "YAML aliases are not allowed in content", *mark(node))
        return super().construct_object(node, deep)


def _loader(text: str) -> _StrictLoader:
    """The strict loader for `text`: one that watches for aliases if it could hold one."""
    return _AliasRefusingLoader(text) if "&" in text else _PlainLoader(text)


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
    deep = _first_too_deep(_events(text))
    if deep is not None:
        raise _too_deep(*deep)


def _first_too_deep(events: Iterable[yaml.Event]) -> tuple[int, int] | None:
    """Line and column of the first mapping or list opened more than MAX_DEPTH levels deep."""
    depth = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return _line_col(event.start_mark)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


def _too_deep(line: int, column: int) -> ContentError:
    return ContentError("JT006", f"data is nested more than {MAX_DEPTH} levels deep", line, column)


def too_deep_before(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int] | None:
    """Where the text before a parser's error opens a mapping or list more than MAX_DEPTH
    levels deep (line, column), or None: tells ttgbuild's own refusal of deep nesting from
    a syntax error, whichever libyaml PyYAML bundles.

    libyaml 0.2.6 (PyYAML 6.0.4's wheels; 6.0.1's have 0.2.5) gives up at 1,000 levels
    with an error of its own wording, and it reads a run of `[` or `{` ahead before
    handing over their events (any of them might start a key), so such a run stops it
    before a walk of its events has counted MAX_DEPTH. The text up to the error ends
    before the level libyaml refused, and its end makes libyaml hand the events over. A
    shorter text can only nest less, so what this finds is in the whole text too; it
    finds nothing for a real syntax error nested less deep.
    """
    mark = error.problem_mark
    if mark is None or not 0 < mark.index <= len(text):
        return None
    try:
        return _first_too_deep(_events(text[: mark.index]))
    except yaml.YAMLError:  # the shortened text fails before it nests that deep
        return None


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


def load_text(text: str, prescan: bool) -> tuple[Any, list[ContentError]]:
    """A text's data and the problems that do not stop reading it (duplicate or non-text
    keys, anchors). ContentError, located, for one that does (`prescan`: a text big
    enough to be checked for deep nesting before libyaml's recursive composer sees it).
    """
    try:
        if prescan:
            _prescan(text)
        loader = _loader(text)
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except ContentError as exc:
        if exc.code == "JT004" and "alias" in exc.message:
            exc.line, exc.column = _first_alias(text) or (exc.line, exc.column)
        raise
    except yaml.reader.ReaderError as exc:
        line, column = text_position(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        message = f"control character U+{char:04X} is not allowed in YAML"
        raise ContentError("JT001", message, line, column) from None
    except yaml.MarkedYAMLError as exc:
        deep = too_deep_before(text, exc)
        if deep is not None:
            raise _too_deep(*deep) from None
        raise ContentError("JT002", *_syntax_message(exc, text)) from None
    except (yaml.YAMLError, RecursionError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else exc
        raise ContentError("JT002", f"cannot parse YAML: {first}", 1, 1) from None
    problems = list(loader.problems)
    anchor = _first_anchor(text) if "&" in text else None  # no '&', no anchor: no second parse
    if anchor is not None:
        message = "YAML anchors (&name) are not allowed in content; write the value out"
        problems.append(ContentError("JT004", message, *anchor))
    return data, problems


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


def compose(text: str) -> yaml.Node | None:
    """PyYAML's node graph of a text already loaded: its marks locate any value."""
    return yaml.compose(text, Loader=_BASE_LOADER)


def mapping_keys(node: Any) -> dict[str, tuple[Any, Any]] | None:
    """A mapping node's text keys → (value node, key node), the first of each; None if
    the node is no mapping."""
    if not isinstance(node, yaml.MappingNode):
        return None
    keys: dict[str, tuple[Any, Any]] = {}
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode):
            keys.setdefault(key_node.value, (value_node, key_node))
    return keys


def sequence_items(node: Any) -> list[Any] | None:
    """A sequence node's item nodes; None if the node is no sequence."""
    return node.value if isinstance(node, yaml.SequenceNode) else None
