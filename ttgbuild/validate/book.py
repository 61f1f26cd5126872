"""The content compared with its game's book, and the kit's declared variants (JT031, JT033).

A value the book states (ttgbuild.source.bookfile) must be what content holds
at its `at`, unless a variant of content/variants.yaml changes it: a kit that
departs from the published rules says so, with its reason, and prints the
change. Each departure is located at the content node that differs (the
deepest one), naming the book's value and line. A value whose content file
did not load or failed its schema is not compared: that file's own errors
explain it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer, pointer_parts
from ttgbuild.core.readfile import links_outside
from ttgbuild.pack import Pack
from ttgbuild.source.bookfile import Book, BookValue, read_book
from ttgbuild.source.variantsfile import SHOWN as VARIANTS_SHOWN
from ttgbuild.source.variantsfile import Variant, Variants, read_variants
from ttgbuild.source.yamlsource import Document, load_document

if TYPE_CHECKING:
    from ttgbuild.source.loader import Loaded

COMPARE_CODES = code_table(
    Code(
        "JT031", "error", "content holds what the game's book states, or a variant declares why not"
    ),
    Code("JT033", "error", "every declared variant changes a book value the content departs from"),
)
SHOWN_LENGTH = 80  # a value quoted in a message, at most
ADVICE = "declare a variant in content/variants.yaml if this kit means it"
MISSING = object()  # no value at a pointer (None is a value content may hold)


@dataclass(frozen=True)
class Departure:
    """Where content differs from one book value: the content node and what differs."""

    value: BookValue
    file: str  # the content file as shown, e.g. content/game.yaml
    pointer: str  # of the differing node in that file
    text: str  # "content says 4, the book says 3"
    doc: Document | None = field(default=None, compare=False, repr=False)  # None: no file
    key: bool = False  # located at the node's key (a key content lacks or adds)

    def diagnostic(self) -> Diagnostic:
        """The JT031 of an undeclared departure. Only then is the node located: locating
        parses the file again, and a declared departure prints nothing, so a validate whose
        files were all remembered never imports the YAML parser (tests/test_loadmemo.py)."""
        value = self.value
        sub = self.pointer.removeprefix(value.pointer) if self.pointer != value.pointer else ""
        message = f"{value.id}{sub}: {self.text} ({value.where}, {value.topic}); {ADVICE}"
        line, column = (0, 0) if self.doc is None else self.doc.locate(self.pointer, key=self.key)
        return COMPARE_CODES["JT031"].at(self.file, line, column, message, self.pointer)


@dataclass(frozen=True)
class Comparison:
    """What comparing a project with its book found: the departures and what was compared."""

    departures: dict[str, Departure]  # by value id
    compared: frozenset[str]  # ids whose content could be read (a broken file's are not)


def book_of(pack: Pack, project: Path) -> tuple[Book | None, list[Diagnostic]]:
    """The pack's book and its problems (JT030); (None, []) for a game with no book."""
    if pack.book is None:
        return None, []
    return read_book(pack.book, project)


def book_problems(project: Path, pack: Pack, loaded: Loaded) -> list[Diagnostic]:
    """Every JT030-JT034 problem of a project whose content `loaded` holds: what `validate`
    reports, all at once."""
    book, problems = book_of(pack, project)
    if problems:  # a broken book compares nothing, and names no value a variant could change
        return problems
    variants = read_variants(project, None if book is None else frozenset(book.values))
    if variants is not None:
        problems += variants.problems
    if book is None:
        return problems
    broken = {d.file for d in loaded.diagnostics if d.severity == "error"}
    found = compare(book, project, loaded.documents, broken)
    declared = variants.declared if variants is not None else frozenset()
    problems += [d.diagnostic() for i, d in found.departures.items() if i not in declared]
    if variants is not None:
        problems += _unused(variants, book, found)
    return problems


def compare_project(project: Path) -> list[Diagnostic]:
    """The book comparison of a project alone (JT030-JT034), content loaded here: the
    function validate runs, for a caller that wants only it (a test walking a book)."""
    from ttgbuild.source.datapack import pack_of
    from ttgbuild.source.loader import load_content

    pack = pack_of(project)
    return book_problems(project, pack, load_content(project, pack))


def compare(
    book: Book, project: Path, documents: dict[str, Document], broken: set[str]
) -> Comparison:
    """Each book value against the content: departures by id, and the ids compared.

    `documents` are the loaded content files by shown name; a file named in
    `broken` (an error of its own) is not compared.
    """
    departures: dict[str, Departure] = {}
    compared = set()
    for value in book.values.values():
        shown = f"content/{value.file}"
        if shown in broken:
            continue
        compared.add(value.id)
        doc = documents.get(shown)
        if doc is None:
            text = f"content has no {value.file} (the book says {_shown(value.value)})"
            departures[value.id] = Departure(value, shown, value.pointer, text)
            continue
        found = value_at(doc.data, value.pointer)
        if found is MISSING:
            text = f"content has no {value.pointer or '/'} in {value.file}"
            departures[value.id] = Departure(value, shown, value.pointer, text, doc)
            continue
        differs = _difference(found, value.value, value.pointer, value.unordered)
        if differs is not None:
            pointer, text, key = differs
            departures[value.id] = Departure(value, shown, pointer, text, doc, key)
    return Comparison(departures, frozenset(compared))


def content_values(book: Book, project: Path) -> dict[str, Any]:
    """What content holds at each book value's place, by id (a value it lacks is left out):
    the `{value_id}` placeholders of a variant's summary."""
    values: dict[str, Any] = {}
    read: dict[str, Document | None] = {}
    for value in book.values.values():
        if value.file not in read:
            path = project / "content" / value.file
            outside = links_outside(path, project)  # never read, as the loader refuses it
            read[value.file] = None if outside else load_document(path, f"content/{value.file}")[0]
        doc = read[value.file]
        found = value_at(doc.data, value.pointer) if doc is not None else MISSING
        if found is not MISSING:
            values[value.id] = found
    return values


def _unused(variants: Variants, book: Book, found: Comparison) -> list[Diagnostic]:
    """JT033 for each variant none of whose values departs, all of them compared."""
    problems = []
    for variant in variants.variants:
        names = [name for name in variant.changes if name in book.values]
        if not names or any(name not in found.compared for name in names):
            continue
        if not any(name in found.departures for name in names):
            message = (
                f"variant {variant.id!r} is unused: content plays the book's "
                f"{', '.join(names)}; remove the variant, or change the content it declares"
            )
            problems.append(_variant_problem(variant, "JT033", message))
    return problems


def _variant_problem(variant: Variant, code: str, message: str) -> Diagnostic:
    line, column = variant.where()
    return COMPARE_CODES[code].at(VARIANTS_SHOWN, line, column, message)


def value_at(data: Any, pointer: str) -> Any:
    """The value at a JSON Pointer, or MISSING; the book tests mutate content through it."""
    node = data
    for part in pointer_parts(pointer):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return MISSING
    return node


def same(content: Any, book: Any, unordered: bool = False) -> bool:
    """Whether a content value equals the book's: numbers numerically (a bool is no
    number), mappings by keys, lists in order or, `unordered`, as multisets at every depth."""
    if isinstance(content, bool) or isinstance(book, bool):
        return type(content) is type(book) and content == book
    if isinstance(content, int | float) and isinstance(book, int | float):
        return content == book
    if isinstance(content, dict) and isinstance(book, dict):
        return content.keys() == book.keys() and all(
            same(content[k], book[k], unordered) for k in content
        )
    if isinstance(content, list) and isinstance(book, list):
        if len(content) != len(book):
            return False
        if not unordered:
            return all(same(c, b) for c, b in zip(content, book, strict=True))
        return not _unmatched(content, book)[0]
    return type(content) is type(book) and content == book


def _unmatched(content: list[Any], book: list[Any]) -> tuple[list[int], list[int]]:
    """Indices of the content items and of the book items that no item of the other matches
    (equality is an equivalence, so matching greedily pairs as many as can be)."""
    left = list(range(len(book)))
    lone = []
    for index, item in enumerate(content):
        match = next((b for b in left if same(item, book[b], True)), None)
        if match is None:
            lone.append(index)
        else:
            left.remove(match)
    return lone, left


def _difference(
    content: Any, book: Any, pointer: str, unordered: bool
) -> tuple[str, str, bool] | None:
    """(pointer, what differs, whether to point at the key) of the deepest differing node."""
    if same(content, book, unordered):
        return None
    if isinstance(content, dict) and isinstance(book, dict):
        return next(_mapping_difference(content, book, pointer, unordered))
    if isinstance(content, list) and isinstance(book, list):
        if unordered:
            lone, left = _unmatched(content, book)
            if len(lone) == 1 and len(left) == 1:
                at = f"{pointer}/{lone[0]}"
                return _difference(content[lone[0]], book[left[0]], at, True)
        elif len(content) == len(book):
            for index, (c, b) in enumerate(zip(content, book, strict=True)):
                if not same(c, b):
                    return _difference(c, b, f"{pointer}/{index}", False)
        text = (
            f"content lists {len(content)} items, the book {len(book)}: content says "
            f"{_shown(content)}, the book says {_shown(book)}"
        )
        return pointer, text, False
    return pointer, f"content says {_shown(content)}, the book says {_shown(book)}", False


def _mapping_difference(
    content: dict[str, Any], book: dict[str, Any], pointer: str, unordered: bool
) -> Iterator[tuple[str, str, bool]]:
    for key in book:
        if key not in content:
            text = f"content has no {_shown(key)} (the book says {_shown(book[key])})"
            yield pointer, text, False
    for key in content:
        at = pointer + json_pointer([key])
        if key not in book:
            yield at, f"content has {_shown(key)}, which the book does not", True
            continue
        differs = _difference(content[key], book[key], at, unordered)
        if differs is not None:
            yield differs


def _shown(value: Any) -> str:
    """A value as a message quotes it: YAML-like flow, at most SHOWN_LENGTH characters."""
    text = _flow(value)
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"


def _flow(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return json.dumps(value[: SHOWN_LENGTH * 2], ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value[:20]) + "]"
    if isinstance(value, dict):
        items = list(value.items())[:20]
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in items) + "}"
    if isinstance(value, int) and abs(value) >= 10**12:
        return "a huge number"
    return str(value)


def variants_of(project: Path, pack: Pack) -> list[Variant]:
    """The variants the project declares against its game's book, well-formed ones only
    (`validate` reports the others); none for a game with no book or a project with none.

    What a pack's Python prints in its rules (with `ttgbuild.render.variants`).
    """
    book, _ = book_of(pack, project)
    if book is None:
        return []
    variants = read_variants(project, frozenset(book.values))
    return list(variants.variants) if variants is not None else []


@dataclass(frozen=True)
class ChangedValue:
    """One book value a variant changes: what content holds and what the book says."""

    id: str
    topic: str
    content: str  # shown as messages show values; "nothing" when content lacks it
    book: str
    where: str  # the book's file and line

    def as_json(self) -> dict[str, str]:
        return {
            "value": self.id,
            "topic": self.topic,
            "content": self.content,
            "book": self.book,
            "book_line": self.where,
        }


@dataclass(frozen=True)
class VariantReport:
    """A variant as `ttgbuild rules --variants` lists it."""

    variant: Variant
    changes: tuple[ChangedValue, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.variant.id,
            "changes": [change.as_json() for change in self.changes],
            "reason": self.variant.reason,
            "summary": self.variant.summary,
        }


def variant_reports(project: Path, pack: Pack) -> tuple[list[VariantReport], list[Diagnostic]]:
    """The project's declared variants with the values each changes, and the book's and the
    variants file's own problems (JT030, JT032, JT034): what `rules --variants` shows."""
    book, problems = book_of(pack, project)
    if problems:
        return [], problems
    variants = read_variants(project, None if book is None else frozenset(book.values))
    if variants is None:
        return [], problems
    problems += variants.problems
    if book is None:
        return [], problems
    held = content_values(book, project)
    reports = []
    for variant in variants.variants:
        changes = tuple(
            ChangedValue(
                name,
                book.values[name].topic,
                _shown(held[name]) if name in held else "nothing",
                _shown(book.values[name].value),
                book.values[name].where,
            )
            for name in variant.changes
            if name in book.values
        )
        reports.append(VariantReport(variant, changes))
    return reports, problems
