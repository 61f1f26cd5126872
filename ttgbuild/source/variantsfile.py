"""A kit's declared departures from its game's book: `content/variants.yaml` read and checked.

Every game may hold this file (the loader does not call it a stray). Each
variant names the book values it changes, says why, and gives the sentence
the kit prints in every locale. The file's own problems are JT032 (its
shape, ids, the values it names) and JT034 (a summary that cannot print
from data); whether each variant is used is compared in
`ttgbuild.validate.book` (JT033).
"""

from __future__ import annotations

import difflib
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.source.yamlsource import Document

FILE = "variants.yaml"
SHOWN = f"content/{FILE}"
MAX_SUMMARY = 300
BOOK_PREFIX = "book_"
CONTEXT = "variant"  # msgctxt of a summary in the catalogs (ttgbuild.i18n.extract)
VARIANT_CODES = code_table(
    Code(
        "JT032",
        "error",
        "content/variants.yaml is well-formed: unique ids, each naming values of the game's "
        "book, each value changed by one variant at most",
    ),
    Code(
        "JT034",
        "error",
        f"a variant's summary prints from data: placeholders of its values only, no digits, "
        f"at most {MAX_SUMMARY} characters",
    ),
)
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Variant:
    """One declared departure: the book values it changes, why, and what the kit prints."""

    id: str
    changes: tuple[str, ...]
    reason: str
    summary: str
    doc: Document = field(compare=False, repr=False)  # content/variants.yaml, as read
    at: str = ""  # the JSON Pointer of its entry there

    def where(self) -> tuple[int, int]:
        """Line and column of its `id:`, worked out only when a problem is reported there:
        locating parses the file again, and a validate whose files were all remembered
        must not import the YAML parser (tests/test_loadmemo.py)."""
        return self.doc.locate(f"{self.at}/id")


@dataclass(frozen=True)
class Variants:
    """The file as read: the variants whose entries are well-formed, and every problem."""

    variants: tuple[Variant, ...]
    problems: tuple[Diagnostic, ...]
    document: Document | None  # None: the file did not load

    @property
    def declared(self) -> frozenset[str]:
        """Every book value id some variant names (well-formed or not, to spare a cascade)."""
        return frozenset(name for variant in self.variants for name in variant.changes)


def read_variants(project: Path, book_ids: frozenset[str] | None) -> Variants | None:
    """The project's variants file checked against its game's book (its value ids; None: the
    game has no book), or None when the project has no such file."""
    path = project / "content" / FILE
    if not path.exists() and not path.is_symlink():
        return None
    from ttgbuild.source.schema import check_format
    from ttgbuild.source.yamlsource import load_document

    doc, problems = load_document(path, SHOWN)
    if doc is not None:
        problems += check_format(doc, "variants")
    if doc is None or problems:
        return Variants((), tuple(_recoded(p) for p in problems), doc)
    variants: list[Variant] = []
    found: list[Diagnostic] = []
    if book_ids is None:
        message = "this game declares no book; a variant changes a value of the game's book"
        found.append(_problem(doc, "/variants", "JT032", message))
        return Variants((), tuple(found), doc)
    changed_by: dict[str, str] = {}
    for index, entry in enumerate(doc.data["variants"]):
        at = f"/variants/{index}"
        ident = entry["id"]
        twice = any(v.id == ident for v in variants)
        if twice:
            found.append(_problem(doc, f"{at}/id", "JT032", f"variant id {ident!r} is used twice"))
        for position, name in enumerate(entry["changes"]):
            where = f"{at}/changes/{position}"
            if name not in book_ids:
                found.append(_problem(doc, where, "JT032", _unknown(name, book_ids)))
            elif name in changed_by:
                message = f"book value {name!r} is already changed by variant {changed_by[name]!r}"
                found.append(_problem(doc, where, "JT032", message))
            else:
                changed_by[name] = ident
        found += [
            _problem(doc, f"{at}/summary", "JT034", f"{ident}: {message}")
            for message in summary_problems(entry["summary"], entry["changes"])
        ]
        if twice:
            continue
        variants.append(
            Variant(ident, tuple(entry["changes"]), entry["reason"], entry["summary"], doc, at)
        )
    return Variants(tuple(variants), tuple(found), doc)


def placeholders(changes: list[str] | tuple[str, ...]) -> list[str]:
    """The placeholders a summary of these changes may use: each value, then the book's."""
    return [*changes, *(BOOK_PREFIX + name for name in changes)]


def summary_problems(summary: str, changes: list[str] | tuple[str, ...]) -> list[str]:
    """Why a summary cannot be printed from data (empty when it can)."""
    problems = []
    if len(summary) > MAX_SUMMARY:
        problems.append(f"summary has {len(summary)} characters; at most {MAX_SUMMARY}")
    try:
        fields = _parsed(summary)
    except ValueError as exc:
        return [*problems, f"summary's braces do not close ({exc}); write {{value_id}}"]
    allowed = placeholders(changes)
    if any(_DIGIT.search(text) for text, *_rest in fields):
        shown = ", ".join(f"{{{name}}}" for name in allowed)
        problems.append(f"summary writes a number; numbers come from data: use {shown}")
    for _text, name, spec, conversion in fields:
        if name is not None and (spec or conversion or name not in allowed):
            problems.append(f"placeholder {{{name}}} is none of {', '.join(allowed)}")
    return problems


def _parsed(summary: str) -> list[tuple[str, str | None, str | None, str | None]]:
    return list(string.Formatter().parse(summary))


def _unknown(name: str, book_ids: frozenset[str]) -> str:
    close = difflib.get_close_matches(name, sorted(book_ids), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown book value {name!r}{hint}"


def _problem(doc: Document, pointer: str, code: str, message: str) -> Diagnostic:
    line, column = doc.locate(pointer)
    return VARIANT_CODES[code].at(SHOWN, line, column, message, pointer)


def _recoded(diag: Diagnostic) -> Diagnostic:
    """A load or schema problem of the file, under the variants' code (its message kept)."""
    code = VARIANT_CODES["JT032"]
    return code.at(diag.file, diag.line, diag.column, diag.message, diag.pointer)
