"""Extraction: every string a player reads, from content, code and templates.

Content strings come from `extract_content`, a Babel extractor registered
under the `babel.extractors` entry point `ttgbuild_content`. The schema says
which fields are translatable (`x-translatable`) and how long each may be
(`x-max-chars`), so the extractor and `i18n check` share one source of truth.
Code is scanned for `_()`, `pgettext()`, `ngettext()` and `npgettext()`,
templates through Jinja2's i18n extension. A content text with a count
(`{one: ..., other: ..., count: ...}`) becomes one plural message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract

import ttgbuild
from ttgbuild.i18n.paths import content_context
from ttgbuild.source.loader import FOLDERS, SINGLE_FILES
from ttgbuild.source.schema import translatable_fields
from ttgbuild.source.yamlsource import load_document

# What the first segment of a translatable path (or a one-object file's kind)
# is called in a msgctxt, and how a translator should picture it.
CONTEXT_KINDS: dict[str, tuple[str, str]] = {
    "talent": ("talent", "talent"),
    "teams": ("team", "team (club) name"),
    "weapons": ("weapon", "weapon"),
    "qwik": ("qwik", "the Qwik position card"),
    "reaction_triggers": ("trigger", "reaction trigger"),
}
FIELD_ROLES = {
    "name": "name printed as a heading",
    "text": "rules text printed on hero cards",
    "trigger:name": "the game event a reaction answers, read after 'React when'",
}
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
STATED_BUDGET = re.compile(r"at\s+most\s+(\d+)\s+characters", re.IGNORECASE)
PACKAGE = Path(ttgbuild.__file__).resolve().parent


def content_kind(path: Path) -> str | None:
    """The schema kind of a content file, from where it sits (None if not content)."""
    if path.parent.name in FOLDERS:
        return FOLDERS[path.parent.name]
    return SINGLE_FILES.get(path.name)


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

    Files that do not load (or are not content) yield nothing: `validate`
    reports their problems, extraction just skips them.
    """
    del keywords, comment_tags  # every translatable field is a message; no markers in YAML
    path = Path(getattr(fileobj, "name", "") or options.get("path", ""))
    kind = content_kind(path)
    if kind is None:
        return
    doc, _ = load_document(path, path.name)
    if doc is None:
        return
    for pattern, budget in translatable_fields(kind):
        label, what, field = _naming(kind, pattern)
        for pointer, owner, value in _matches(doc.data, pattern):
            forms = plural_forms(value)
            if not (isinstance(value, str) and value.strip()) and forms is None:
                continue
            ident = str(owner.get("id", "")) if isinstance(owner, dict) else ""
            context = content_context(label, ident, field)
            line, _col = doc.locate(pointer)
            comment = _comment(what, owner, f"{label}:{field}", budget)
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


def _naming(kind: str, pattern: str) -> tuple[str, str, str]:
    """(msgctxt kind label, what a translator should picture, field name) of a schema path."""
    segment = pattern.split("/")[1] if pattern.count("/") > 1 else kind
    label, what = CONTEXT_KINDS.get(segment, (segment, segment))
    return label, what, pattern.rsplit("/", 1)[1]


def content_budgets() -> dict[tuple[str, str], int]:
    """Character budget of each translatable field, by (msgctxt kind label, field).

    The sources' messages carry their budget as a `max-length` flag; for an
    entry the sources no longer have, `i18n check` falls back to its field's
    budget from here before any translator comment.
    """
    kinds = sorted(set(FOLDERS.values()) | set(SINGLE_FILES.values()))
    budgets: dict[tuple[str, str], int] = {}
    for kind in kinds:
        for pattern, budget in translatable_fields(kind):
            label, _what, field = _naming(kind, pattern)
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


def _comment(what: str, owner: Any, role_key: str, budget: int) -> str:
    """The automatic translator comment: what the text is, where it prints, its budget."""
    name = owner.get("name") if isinstance(owner, dict) else None
    field = role_key if role_key in FIELD_ROLES else role_key.split(":")[-1]
    subject = f"{what} {name!r}" if name and field != "name" else what
    role = FIELD_ROLES.get(field, field)
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


def content_files(project: Path) -> list[Path]:
    """Content files that can hold translatable text, in a stable order."""
    root = project / "content"
    files = [root / name for name in SINGLE_FILES if (root / name).is_file()]
    for folder, kind in FOLDERS.items():
        if translatable_fields(kind):  # heroes have none: thousands of them need not be read
            # Regular files only: opening a FIFO would wait forever (validate names it).
            files.extend(sorted(p for p in (root / folder).glob("*.yaml") if p.is_file()))
    return files


def code_files() -> list[Path]:
    """The package's modules that call a gettext keyword, and its templates, in a stable order.

    Modules without a call are skipped before Babel tokenizes them: most have
    none, and tokenizing them all cost half a second on every `validate`.
    """
    modules = [p for p in sorted(PACKAGE.rglob("*.py")) if _CALLS.search(p.read_text("utf-8"))]
    return modules + sorted(PACKAGE.rglob("*.j2"))


def extract_messages(project: Path) -> Catalog:
    """A template catalog of every message, with references relative to project or package."""
    catalog = Catalog(project="ttgbuild", fuzzy=False)
    for path in content_files(project):
        shown = path.relative_to(project).as_posix()
        with path.open("rb") as handle:
            for line, message, comments, context in extract(
                "ttgbuild_content", handle, options={"path": str(path)}
            ):
                catalog.add(
                    message, locations=[(shown, line)], auto_comments=comments, context=context
                )
    for path in code_files():
        method = "jinja2" if path.suffix == ".j2" else "python"
        shown = path.relative_to(PACKAGE.parent).as_posix()
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
    mark_budgets(catalog)
    return catalog


def mark_budgets(catalog: Catalog) -> None:
    """Give every message printed in a limited space its budget as a `max-length:N` flag.

    Weblate and Poedit show the flag; `i18n check` reads it from freshly
    extracted messages, so a stale catalog cannot carry an old budget. A label
    whose msgctxt names a fixed box (`render.boxes`) gets the budget worked
    out from the box and a "Prints in" comment; a content field gets its
    schema's `x-max-chars`; another code string may state one in a
    `Translators: … at most N characters` comment.
    """
    from ttgbuild.packs.jugger.render.boxes import BY_CONTEXT  # loads fonts: only when extracting

    content = content_budgets()
    for message in catalog:
        if not message.id:
            continue
        box = BY_CONTEXT.get(message.context or "")
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
