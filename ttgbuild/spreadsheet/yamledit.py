"""Edit a YAML file in place: change the values asked for, keep every other byte.

ruamel.yaml's round trip keeps comments, key order and quoting; the file's
indentation is found by trying the layouts content files use and keeping the
one that writes the untouched file back byte for byte. ruamel reads YAML 1.2,
the project's loader (PyYAML) YAML 1.1, where a bare `NO` is false: a new text
value that PyYAML would read as something else is written in double quotes,
and every edited file is read back with PyYAML and compared with what was
meant before anything is written.
"""

from __future__ import annotations

import difflib
import io
import json
from collections.abc import Mapping
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.error import YAMLError as RuamelError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, ScalarString
from ruamel.yaml.tokens import CommentToken

from ttgbuild.spreadsheet.tables import MISSING

# (mapping, sequence, offset) indents: `- id:` flush with its key, or two in from it.
_LAYOUTS = ((2, 2, 0), (2, 4, 2), (4, 4, 2), (4, 6, 4))
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class EditError(ValueError):
    """The file cannot be edited safely; the message says why."""


class Editor:
    """One file's round-trip document: edit it, then `text()` gives the file as it will be."""

    def __init__(self, text: str) -> None:
        self.yaml, self.data = _round_trip(text)

    def set(self, path: tuple[str | int, ...], value: Any) -> None:
        """Set (or, given MISSING, remove) the value at a path; missing mappings are made."""
        set_path(self.data, path, value, styled=True)

    def append(self, path: tuple[str | int, ...], record: Mapping[str, Any]) -> None:
        """Add a record at the end of the list at a path, in block form like its neighbours."""
        items = self.data
        for part in path:
            items = items[part]
        made = CommentedMap()
        for key, value in record.items():
            made[key] = _styled(value, MISSING)
        tail = _pop_tail(items, len(items) - 1) if isinstance(items, CommentedSeq) and items else ""
        items.append(made)
        if tail:  # the list's trailing comment or blank line stays after its last item
            _give_tail(items, len(items) - 1, tail)

    def text(self) -> str:
        out = io.StringIO()
        self.yaml.dump(self.data, out)
        return out.getvalue()


def set_path(data: Any, path: tuple[str | int, ...], value: Any, styled: bool = False) -> None:
    """Set or remove a value in nested mappings and lists, for round-trip and plain data alike."""
    *parents, last = path
    target = data
    for part in parents:
        if isinstance(target, list):
            target = target[part]  # type: ignore[index]
            continue
        if not isinstance(target.get(part), (Mapping, list)):
            target[part] = _new_map() if styled else {}
        target = target[part]
    if value is MISSING:
        if isinstance(target, (CommentedMap, CommentedSeq)):
            remove(target, last)
        elif isinstance(target, list):
            del target[last]  # type: ignore[arg-type]
        else:
            target.pop(last, None)
        return
    old = target[last] if isinstance(target, list) else target.get(last, MISSING)
    if not styled:
        target[last] = value
        return
    new = _styled(value, old)
    tail = _pop_tail(target, last) if new is not old and _is_block(old) else ""
    target[last] = new
    if tail:
        _give_tail(target, last, tail)


def remove(container: CommentedMap | CommentedSeq, key: Any) -> None:
    """Delete an entry, keeping the comment lines and blank lines that follow it.

    ruamel.yaml files a full-line comment (and blank lines) under the entry before
    it, so deleting `portrait:` would delete the comment above `cost:` too; those
    lines move to the entry before (or to the top of the collection) first.
    """
    if isinstance(container, CommentedMap) and key not in container:
        return
    keys = list(container) if isinstance(container, CommentedMap) else list(range(len(container)))
    place = keys.index(key)
    tail = _lead(container, key) + _pop_tail(container, key)
    del container[key]
    if not tail:
        return
    if place > 0:
        _give_tail(container, keys[place - 1], tail)
        return
    if container.ca.comment is None:
        container.ca.comment = [None, []]
    if container.ca.comment[1] is None:
        container.ca.comment[1] = []
    container.ca.comment[1].append(CommentToken(tail, CommentMark(0), None))


def _is_block(node: Any) -> bool:
    return (
        isinstance(node, (CommentedMap, CommentedSeq))
        and len(node) > 0
        and not node.fa.flow_style()
    )


def _last(node: CommentedMap | CommentedSeq) -> Any:
    return list(node)[-1] if isinstance(node, CommentedMap) else len(node) - 1


def _lead(container: Any, key: Any) -> str:
    """Comment lines ruamel.yaml files before an entry (after a flow value), as text."""
    slot = container.ca.items.get(key)
    before = slot[1] if slot and isinstance(slot[1], list) else []
    tokens = [t for t in before if isinstance(t, CommentToken)]
    return "".join(" " * t.column + t.value for t in tokens)


def _pop_tail(container: Any, key: Any) -> str:
    """The comment lines after an entry (not its own end-of-line comment), taken off it.

    A block collection's trailing lines sit under its deepest last entry.
    """
    node = container[key]
    if _is_block(node):
        found = _pop_tail(node, _last(node))
        if found:
            return found
    slot = container.ca.items.get(key)
    token = slot[_slot(container)] if slot else None
    if not isinstance(token, CommentToken) or "\n" not in token.value:
        return ""
    cut = token.value.index("\n") + 1
    tail = token.value[cut:]
    token.value = token.value[:cut]
    return tail


def _give_tail(container: Any, key: Any, tail: str) -> None:
    """Put comment lines after an entry (after a block collection's deepest last entry)."""
    node = container[key]
    if _is_block(node):
        _give_tail(node, _last(node), tail)
        return
    slot = container.ca.items.setdefault(key, [None, None, None, None])
    place = _slot(container)
    if isinstance(slot[place], CommentToken):
        slot[place].value += tail
    else:
        slot[place] = CommentToken("\n" + tail, CommentMark(0), None)


def _slot(container: Any) -> int:
    """Where ruamel.yaml keeps the comment after an entry: a list item's first, a key's third."""
    return 0 if isinstance(container, CommentedSeq) else 2


def same(a: Any, b: Any) -> bool:
    """Equal as content: a flag is never a number (True == 1 in Python), quotes do not count."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return set(a) == set(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, str) and isinstance(b, str):
        return str(a) == str(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def reads_as(text: str, meant: Any) -> bool:
    """Whether the project's loader reads the text as the data meant."""
    try:
        return same(yaml.load(text, Loader=_LOADER), meant)
    except yaml.YAMLError:
        return False


def new_file_text(data: Mapping[str, Any]) -> str:
    """A new record's file: block mappings, short lists and mappings in flow form."""
    return yaml.safe_dump(
        dict(data), sort_keys=False, allow_unicode=True, default_flow_style=None, width=10**6
    )


def _round_trip(text: str) -> tuple[YAML, Any]:
    """A ruamel YAML set to the file's layout, and the file's document."""
    for mapping, sequence, offset in _LAYOUTS:
        handler = _handler(mapping, sequence, offset)
        try:
            data = handler.load(text)
        except RuamelError as exc:
            raise EditError(f"cannot be edited in place: {exc}") from None
        out = io.StringIO()
        handler.dump(data, out)
        if out.getvalue() == text:
            return handler, data
    raise EditError(
        "its layout cannot be kept by an in-place edit (unusual indentation or line breaks, "
        "or an empty value written `null` or `~`, which the edit would write as nothing); "
        "edit it by hand, or reformat it first (two-space indents, `key:` for an empty value)"
    )


def _handler(mapping: int, sequence: int, offset: int) -> YAML:
    handler = YAML()
    handler.preserve_quotes = True
    handler.width = 10**6  # never fold a long line that was one line
    handler.indent(mapping=mapping, sequence=sequence, offset=offset)
    return handler


def _new_map() -> CommentedMap:
    made = CommentedMap()
    made.fa.set_flow_style()
    return made


def _styled(value: Any, old: Any) -> Any:
    """The new value in the old one's style: its quotes, its flow or block form, in place."""
    if isinstance(value, Mapping):
        if isinstance(old, CommentedMap):
            for key in [k for k in old if k not in value]:
                remove(old, key)
            for key, item in value.items():
                if key not in old or not same(old[key], item):
                    old[key] = _styled(item, old.get(key, MISSING))
            return old
        made = _new_map()
        for key, item in value.items():
            made[key] = _styled(item, MISSING)
        return made
    if isinstance(value, list):
        if isinstance(old, CommentedSeq) and bool(value):  # an empty list is `[]`
            tail = _pop_tail(old, len(old) - 1) if _is_block(old) and len(old) != len(value) else ""
            _restyle_items(old, value)
            if tail:  # a longer or shorter block list keeps the lines after it
                _give_tail(old, len(old) - 1, tail)
            return old
        made = CommentedSeq(_styled(item, MISSING) for item in value)
        made.fa.set_flow_style()
        return made
    if isinstance(value, str):
        if isinstance(old, ScalarString):
            return type(old)(value)
        if not reads_as(value, value):  # PyYAML would read it as a number, a flag, a date...
            return DoubleQuotedScalarString(value)
    return value


def _restyle_items(old: CommentedSeq, value: list[Any]) -> None:
    """Make a list hold the new items in place: the items that stay keep their comments.

    Items are lined up with difflib (equal as content); a changed item is edited where
    it stands, a removed one goes with `remove` (the comment lines after it stay), a new
    one is inserted (ruamel.yaml moves the comments of the items after it along).
    Blocks are handled from the end so the places of those before stay right.
    """
    matcher = difflib.SequenceMatcher(
        None, [_key(item) for item in old], [_key(item) for item in value], autojunk=False
    )
    for tag, start, end, new_start, new_end in reversed(matcher.get_opcodes()):
        if tag == "equal":
            continue
        kept = min(end - start, new_end - new_start)
        for offset in range(kept):
            if not same(old[start + offset], value[new_start + offset]):
                old[start + offset] = _styled(value[new_start + offset], old[start + offset])
        for index in reversed(range(start + kept, end)):
            remove(old, index)
        for offset in range(kept, new_end - new_start):
            old.insert(start + offset, _styled(value[new_start + offset], MISSING))


def _key(item: Any) -> str:
    """An item as comparable text for lining lists up (a flag is never a number)."""
    return json.dumps(item, sort_keys=True, default=str, ensure_ascii=False)
