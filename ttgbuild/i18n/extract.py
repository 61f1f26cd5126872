"""Extraction: every string a player reads, from content, code and templates.

Content strings come from `extract_content`, a Babel extractor registered
under the `babel.extractors` entry point `ttgbuild_content`. The schema says
which fields are translatable (`x-translatable`) and how long each may be
(`x-max-chars`), so the extractor and `i18n check` share one source of truth.
Code is scanned for `_()`, `pgettext()`, `ngettext()` and `npgettext()`,
templates through Jinja2's i18n extension. A content text with a count
(`{one: ..., other: ..., count: ...}`) becomes one plural message. A pack's
data files (layouts, reference sheets) hold their sentences as `msg` mappings
(docs/formats/sheets.md): each is one message with its context, plural and
translator comment, found by `data_messages`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract

import ttgbuild
from ttgbuild.core.diagnostics import json_pointer
from ttgbuild.i18n.contentfiles import content_files
from ttgbuild.i18n.paths import content_context
from ttgbuild.pack import Pack
from ttgbuild.source.bookfile import read_book
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.schema import check_format, schemas_at
from ttgbuild.source.variantsfile import CONTEXT as VARIANT_CONTEXT
from ttgbuild.source.variantsfile import FILE as VARIANTS_FILE
from ttgbuild.source.variantsfile import MAX_SUMMARY
from ttgbuild.source.variantsfile import SHOWN as VARIANTS_SHOWN
from ttgbuild.source.yamlsource import load_document

CODE_KEYWORDS = {
    "_": None,
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
    "npgettext": ((1, "c"), 2, 3),
}
# A call of one of those keywords, found without tokenizing (`tr._(` counts, `_row(` does not).
_CALLS = re.compile(rf"\b(?:{'|'.join(map(re.escape, CODE_KEYWORDS))})\s*\(")
# Jinja2's {% trans %} blocks compile to gettext/ngettext calls.
TEMPLATE_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
COMMENT_TAGS = ("Translators:",)
BUDGET_FLAG = "max-length:"  # Weblate's flag: the most characters a translation may have
# Weblate's flags for what a translation must keep and how it is measured (`mark_weblate_flags`).
PLACEHOLDERS_FLAG = "placeholders:"
REPLACEMENTS_FLAG = "replacements:"
XML_FLAG = "xml-text"
# Flags the template gives a message. GNU msgcat and msgmerge drop every flag they do not know,
# so a catalog's copy is restored by `update` and ignored by `update --check`.
TEMPLATE_FLAGS = (BUDGET_FLAG, PLACEHOLDERS_FLAG, REPLACEMENTS_FLAG, XML_FLAG)
# The tokens of a text that do not print as themselves, and what each prints as for a budget:
# a {placeholder} a number of up to two digits, an [icon] one glyph, <b>/<i> markup nothing.
# The same measure as `i18n check` (checks.PLACEHOLDER_WIDTH, ICON_WIDTH); a test ties the two.
PRINTED_AS = (
    (re.compile(r"\{[^{}]*\}"), "##"),
    (re.compile(r"\[[A-Za-z][\w-]*\]"), "#"),
    (re.compile(r"<[^<>]*>"), ""),
)
_UNQUOTABLE = re.compile(r'[,"\\\s]')
STATED_BUDGET = re.compile(r"at\s+most\s+(\d+)\s+characters", re.IGNORECASE)
PACKAGE = Path(ttgbuild.__file__).resolve().parent
PACKS = PACKAGE / "packs"  # the game packs shipped with ttgbuild: scanned only as a pack


def content_kind(path: Path, pack: Pack) -> str | None:
    """The schema kind of a content file of the pack's, from where it sits (None if not content)."""
    if path.parent.name in pack.folders:
        return pack.folders[path.parent.name]
    return pack.files.get(path.name)


def extract_content(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Sequence[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """Babel extractor for content YAML: one pgettext message per translatable field.

    A field written as `{one, other, count}` is one npgettext message (its
    English singular and plural), so translators give every form their
    language has.

    The game pack is the one of the project named by the option `project`
    (the current folder without it): its files say which kind a file is, its
    schemas which fields are translated.

    Files that do not load (or are not content) yield nothing: `validate`
    reports their problems, extraction just skips them.
    """
    del keywords, comment_tags  # every translatable field is a message; no markers in YAML
    pack = pack_of(Path(options.get("project", ".")))
    path = Path(getattr(fileobj, "name", "") or options.get("path", ""))
    kind = content_kind(path, pack)
    if kind is None:
        return
    doc, _ = load_document(path, path.name)
    if doc is None:
        return
    for pattern, budget in schemas_at(pack.schemas).translatable_fields(kind):
        label, what, field = _naming(pack, kind, pattern)
        for pointer, owner, value in _matches(doc.data, pattern):
            forms = plural_forms(value)
            if not (isinstance(value, str) and value.strip()) and forms is None:
                continue
            ident = str(owner.get("id", "")) if isinstance(owner, dict) else ""
            context = content_context(label, ident, field)
            line, _col = doc.locate(pointer)
            comment = _comment(pack, what, owner, f"{label}:{field}", budget)
            if forms is None:
                yield line, "pgettext", (context, value), [comment]
            else:
                count = f"The form is chosen by {{{forms[2]}}}."
                yield line, "npgettext", (context, forms[0], forms[1]), [f"{comment} {count}"]


def plural_forms(value: Any) -> tuple[str, str, str] | None:
    """(one, other, count) of a content text written with a count; None for any other value."""
    if not isinstance(value, dict):
        return None
    forms = value.get("one"), value.get("other"), value.get("count")
    if all(isinstance(f, str) and f.strip() for f in forms):
        return forms  # type: ignore[return-value]
    return None


def _naming(pack: Pack, kind: str, pattern: str) -> tuple[str, str, str]:
    """(msgctxt kind label, what a translator should picture, field name) of a schema path.

    The pack's `context_kinds` name the first segment of the path (or a
    one-object file's kind); a segment it does not name is its own label.
    """
    segment = pattern.split("/")[1] if pattern.count("/") > 1 else kind
    label, what = pack.context_kinds.get(segment, (segment, segment))
    return label, what, pattern.rsplit("/", 1)[1]


def content_budgets(pack: Pack) -> dict[tuple[str, str], int]:
    """Character budget of each translatable field, by (msgctxt kind label, field).

    The sources' messages carry their budget as a `max-length` flag; for an
    entry the sources no longer have, `i18n check` falls back to its field's
    budget from here before any translator comment.
    """
    kinds = sorted(set(pack.folders.values()) | set(pack.files.values()))
    schemas = schemas_at(pack.schemas)
    budgets: dict[tuple[str, str], int] = {}
    for kind in kinds:
        for pattern, budget in schemas.translatable_fields(kind):
            label, _what, field = _naming(pack, kind, pattern)
            if budget:
                budgets[label, field] = budget
    return budgets


def _matches(data: Any, pattern: str) -> Iterator[tuple[str, Any, Any]]:
    """(pointer, owning object, value) for each field a '*'-pattern matches."""
    parts = pattern.strip("/").split("/")

    def walk(node: Any, rest: list[str], pointer: str, owner: Any) -> Iterator[Any]:
        if not rest:
            yield pointer, owner, node
            return
        head, tail = rest[0], rest[1:]
        if head == "*" and isinstance(node, list):
            for index, item in enumerate(node):
                yield from walk(item, tail, f"{pointer}/{index}", item)
        elif isinstance(node, dict) and head in node:
            nxt = node[head]
            yield from walk(nxt, tail, f"{pointer}/{head}", nxt if tail else node)

    yield from walk(data, parts, "", data)


def _comment(pack: Pack, what: str, owner: Any, role_key: str, budget: int) -> str:
    """The automatic translator comment: what the text is, where it prints, its budget.

    Where it prints is the pack's `field_roles` for `label:field`, else for the field.
    """
    roles = pack.field_roles
    name = owner.get("name") if isinstance(owner, dict) else None
    field = role_key if role_key in roles else role_key.split(":")[-1]
    subject = f"{what} {name!r}" if name and field != "name" else what
    role = roles.get(field, field)
    parts = [f"{subject}: {role}."]
    if budget:
        parts.append(f"At most {budget} characters.")
    params = owner.get("params") if isinstance(owner, dict) else None
    if isinstance(params, dict) and params:
        shown = ", ".join(f"{{{k}}} = {v}" for k, v in params.items())
        parts.append(f"Placeholders (keep them): {shown}.")
    if field.endswith("text"):
        parts.append("Write numbers only through placeholders; keep [icon] tokens as they are.")
    return " ".join(parts)


def reference(path: Path, pack: Pack) -> str:
    """How a catalog names a code file: its path from the folder its top package sits in.

    E.g. `ttgbuild/packs/jugger/render/cards.py`, wherever the package is installed.
    """
    folder = pack.folder
    if path.is_relative_to(folder):
        return path.relative_to(folder.parents[pack.package.count(".")]).as_posix()
    return path.relative_to(PACKAGE.parent).as_posix()


def code_files(pack: Pack) -> list[Path]:
    """The engine's modules and the pack's that call a gettext keyword, then templates.

    The engine is the ttgbuild package without the packs shipped under it:
    a project gets the engine's messages and its own game's, no other
    game's. Modules without a call are skipped before Babel tokenizes them:
    most have none, and tokenizing them all cost half a second on every
    `validate`. Both lists are sorted by path, so the catalog's order does
    not depend on where a pack is installed.
    """
    folders = [PACKAGE, pack.folder]
    found = {p for folder in folders for p in folder.rglob("*") if p.suffix in (".py", ".j2")}
    found = {p for p in found if not p.is_relative_to(PACKS) or p.is_relative_to(folders[1])}
    calls = [p for p in sorted(found) if p.suffix == ".py" and _CALLS.search(p.read_text("utf-8"))]
    return calls + sorted(p for p in found if p.suffix == ".j2")


def newstyle_references(pack: Pack) -> tuple[str, ...]:
    """Catalog references of the pack's templates rendered with newstyle gettext."""
    if pack.templates is None:
        return ()
    folder = pack.templates.resolve()
    return tuple(reference(folder / name, pack) for name in pack.newstyle_templates)


def data_files(pack: Pack) -> list[Path]:
    """The pack's data files that may hold messages: its layouts, sheets and boards, by path."""
    folders = ((pack.layouts, "*.layout.yaml"), (pack.sheets, "*.sheet.yaml"))
    found = [
        path
        for folder, pattern in (*folders, (pack.boards, "*.board.yaml"))
        if folder is not None and folder.is_dir()
        for path in folder.rglob(pattern)
        if path.is_file()  # regular files only: a FIFO would block extraction forever
    ]
    return sorted(found)


def data_messages(path: Path) -> Iterator[tuple[int, str | tuple[str, str], str, list[str]]]:
    """(line, msgid or (msgid, msgid_plural), msgctxt, comments) of each `msg` mapping in a file.

    A `msg` mapping is any mapping whose `msg` is text, at any depth; its
    `context` is the msgctxt, `plural` the msgid_plural and `comment` the
    translator comment (its lines kept). A mapping without a context is not a message (its
    file's schema reports it), nor is a file that does not load: `validate`
    names the problem, extraction skips it.
    """
    doc, _ = load_document(path, path.name)
    if doc is None:
        return
    for pointer, node in _msg_mappings(doc.data, ""):
        context = node.get("context")
        if not (isinstance(context, str) and context):
            continue
        line, _col = doc.locate(f"{pointer}/msg")
        plural = node.get("plural")
        message = (node["msg"], plural) if isinstance(plural, str) and plural else node["msg"]
        comment = node.get("comment")
        # One comment line per line written, as Babel keeps a Python comment's lines.
        yield line, message, context, comment.splitlines() if isinstance(comment, str) else []


def _msg_mappings(node: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(pointer, mapping) of every mapping with a text `msg`, in document order."""
    if isinstance(node, dict):
        if isinstance(node.get("msg"), str):
            yield pointer, node
            return
        for key, value in node.items():
            yield from _msg_mappings(value, pointer + json_pointer([str(key)]))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _msg_mappings(item, f"{pointer}/{index}")


def add_data_messages(
    catalog: Catalog, files: Sequence[Path], shown: Callable[[Path], str]
) -> None:
    """Add every `msg` mapping of the data files to the catalog, referenced as `shown(path):line`.

    One function for any data file (a pack's layouts and sheets, a data-only
    pack's files), so every data message is extracted the same way.
    """
    for path in files:
        where = shown(path)
        for line, message, context, comments in data_messages(path):
            catalog.add(message, locations=[(where, line)], auto_comments=comments, context=context)


def add_variant_messages(catalog: Catalog, project: Path, pack: Pack) -> None:
    """Each declared variant's summary (content/variants.yaml) as a message of msgctxt
    `variant`, its translator comment naming the variant and what each placeholder holds.

    The kit prints it in every locale; a file that does not load, or off its
    format, yields nothing (`validate` names its problems).
    """
    path = project / "content" / VARIANTS_FILE
    if not path.is_file():
        return
    doc, _ = load_document(path, VARIANTS_SHOWN)
    if doc is None or check_format(doc, "variants"):
        return
    book = read_book(pack.book, project)[0] if pack.book is not None else None
    topics = {ident: value.topic for ident, value in (book.values.items() if book else ())}
    for index, variant in enumerate(doc.data["variants"]):
        line, _col = doc.locate(f"/variants/{index}/summary")
        comment = variant_comment(variant["id"], variant["changes"], topics)
        catalog.add(
            variant["summary"],
            locations=[(VARIANTS_SHOWN, line)],
            auto_comments=[comment],
            context=VARIANT_CONTEXT,
        )


def variant_comment(ident: str, changes: Sequence[str], topics: Mapping[str, str]) -> str:
    """What a translator reads beside a variant's summary: where it prints, its placeholders."""
    shown = []
    for name in changes:
        topic = f" ({topics[name]})" if name in topics else ""
        shown.append(f"{{{name}}} = this kit's value{topic}, {{book_{name}}} = the book's")
    return (
        f"Variant {ident!r}: a line of the kit's list of changes to the published rules. "
        f"Placeholders (keep them): {'; '.join(shown)}. At most {MAX_SUMMARY} characters."
    )


def extract_messages(project: Path) -> Catalog:
    """A template catalog of every message, with references relative to project or package."""
    pack = pack_of(project)
    catalog = Catalog(project="ttgbuild", fuzzy=False)
    for path in content_files(project):
        shown = path.relative_to(project).as_posix()
        with path.open("rb") as handle:
            for line, message, comments, context in extract(
                "ttgbuild_content", handle, options={"path": str(path), "project": str(project)}
            ):
                catalog.add(
                    message, locations=[(shown, line)], auto_comments=comments, context=context
                )
    add_variant_messages(catalog, project, pack)
    add_data_messages(catalog, data_files(pack), lambda path: reference(path, pack))
    for path in code_files(pack):
        method = "jinja2" if path.suffix == ".j2" else "python"
        shown = reference(path, pack)
        options = {"extensions": "jinja2.ext.i18n", "trimmed": "true"} if method == "jinja2" else {}
        with path.open("rb") as handle:
            for line, message, comments, context in extract(
                method,
                handle,
                TEMPLATE_KEYWORDS if method == "jinja2" else CODE_KEYWORDS,
                COMMENT_TAGS,
                options,
                strip_comment_tags=True,
            ):
                catalog.add(
                    message, locations=[(shown, line)], auto_comments=comments, context=context
                )
    mark_budgets(catalog, pack)
    mark_weblate_flags(catalog)
    return catalog


def is_template_flag(flag: str) -> bool:
    """Whether a flag is one the template gives (a budget, Weblate's placeholders...)."""
    return flag.startswith(TEMPLATE_FLAGS)


def mark_weblate_flags(catalog: Catalog) -> None:
    """Tell Weblate what `i18n check` checks, in flags it knows.

    - `placeholders:` lists the English's {placeholders} and [icon] tokens (for a
      message with a count, those both its forms have): Weblate then reports a
      translation that loses one.
    - `replacements:` makes Weblate's `max-length` measure a translation as it
      prints, as `i18n check` does (`PRINTED_AS`), instead of counting `[sword]`
      as seven characters.
    - `xml-text` marks a text whose English has markup, so Weblate checks its tags.
    """
    for message in catalog:
        if not message.id:
            continue
        forms = [message.id] if isinstance(message.id, str) else list(message.id)
        found = [_tokens(form) for form in forms]
        kept = sorted(set.intersection(*(set(tokens) for tokens in found)) - _tags(found))
        if kept:
            message.flags.add(PLACEHOLDERS_FLAG + ":".join(map(_quoted, kept)))
        if _tags(found):
            message.flags.add(XML_FLAG)
        if flagged_budget(message.flags):
            printed = sorted({(t, _printed(t)) for tokens in found for t in tokens})
            pairs = [f"{_quoted(token)}:{_quoted(shown)}" for token, shown in printed]
            if pairs:
                message.flags.add(REPLACEMENTS_FLAG + ":".join(pairs))


def _tokens(text: str) -> list[str]:
    """The text's tokens that do not print as themselves, in `PRINTED_AS` order.

    A token with a comma, quote or backslash is left out: a PO flag line is split
    at commas, and such a token is no plain placeholder anyway (JT823 says so).
    """
    found = [token for pattern, _shown in PRINTED_AS for token in pattern.findall(text)]
    return [token for token in found if not _UNQUOTABLE.search(token)]


def _tags(found: list[list[str]]) -> set[str]:
    tag = PRINTED_AS[2][0]
    return {token for tokens in found for token in tokens if tag.fullmatch(token)}


def _printed(token: str) -> str:
    return next(shown for pattern, shown in PRINTED_AS if pattern.fullmatch(token))


def _quoted(value: str) -> str:
    """A flag parameter in Weblate's quoting (`_tokens` keeps out what would need escapes)."""
    return f'"{value}"'


def mark_budgets(catalog: Catalog, pack: Pack) -> None:
    """Give every message printed in a limited space its budget as a `max-length:N` flag.

    Weblate and Poedit show the flag; `i18n check` reads it from freshly
    extracted messages, so a stale catalog cannot carry an old budget. A label
    whose msgctxt names one of the pack's fixed boxes (`Pack.boxes`) gets the
    budget worked out from the box and a "Prints in" comment; a content field
    gets its schema's `x-max-chars`; another code string may state one in a
    `Translators: … at most N characters` comment.
    """
    boxes = pack.boxes.load() if pack.boxes else {}  # loads fonts: only when extracting
    content = content_budgets(pack)
    for message in catalog:
        if not message.id:
            continue
        box = boxes.get(message.context or "")
        if box is not None:
            message.auto_comments.append(box.note())
            budget = box.budget
        else:
            budget = stated_budget(message.context, message.auto_comments, content)
        if budget:
            message.flags.add(f"{BUDGET_FLAG}{budget}")


def stated_budget(
    context: str | None, comments: Sequence[str], content: dict[tuple[str, str], int]
) -> int:
    """A content field's budget from its schema, else one a translator comment states (or 0)."""
    parts = (context or "").split(":")
    if len(parts) == 3 and (parts[0], parts[2]) in content:
        return content[parts[0], parts[2]]
    said = STATED_BUDGET.search(" ".join(comments))
    return int(said.group(1)) if said else 0


def flagged_budget(flags: set[str] | frozenset[str]) -> int:
    """The `max-length:N` of a message's flags (0 when it has none, or a broken one)."""
    for flag in flags:
        if flag.startswith(BUDGET_FLAG) and flag[len(BUDGET_FLAG) :].isdigit():
            return int(flag[len(BUDGET_FLAG) :])
    return 0
