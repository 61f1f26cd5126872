"""Rule checks declared as data (`<name>.checks.yaml`): read, checked, and run as registry checks.

Most rules of a game are of a few shapes: ids are unique, a field names
records of another kind, a number lies within bounds, a table covers every
roll of the dice. A game declared as data states such rules in check files
(docs/formats/checks.md) instead of Python: each check has a stable code,
severity and summary like a hand-written one, and clauses of a known kind
whose expressions (`ttgbuild.source.expressions`) read the content.

A check file is read like content: strict YAML, its engine schema, then
every expression and message compiled, so a typo is reported at
file:line:col before any check runs. An expression that fails on the
content (an unknown name, a wrong type) is reported at the expression in
the check file (JT062), never as a traceback. The registry adds a pack's
declared checks after its `register` step (`Registry.add_pack`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.source.expressions import Expression, ExpressionError, compile_expression
from ttgbuild.source.schema import check_format
from ttgbuild.source.yamlsource import Document, load_document
from ttgbuild.validate.declared_kinds import KINDS, ClauseError, Run
from ttgbuild.validate.declared_template import Template, compile_template
from ttgbuild.validate.registry import Finding
from ttgbuild.validate.runner import part_names

if TYPE_CHECKING:
    from ttgbuild.pack import Pack
    from ttgbuild.validate.runner import Context

SUFFIX = ".checks.yaml"
DECLARED_CODES = code_table(
    Code("JT060", "error", "every expression and message in a checks file is valid"),
    Code("JT061", "error", "each declared check's clauses have the keys their kind needs"),
    Code("JT062", "error", "every expression of a declared check evaluates with the content"),
)
# Keys every clause may have, whatever its kind; the kinds' own keys are in KINDS.
COMMON = frozenset(
    {"kind", "when", "each", "as", "where", "let", "at", "field", "fields", "key", "value"}
    | {"message", "messages"}
)
CHECK_KEYS = frozenset({"code", "severity", "summary", "needs", "parts"})
TEXT_KEYS = frozenset(
    {"kind", "as", "field", "fields", "key", "missing_at", "open_ends", "order", "strict"}
)


@dataclass(frozen=True)
class Clause:
    """One clause of a declared check: its kind, its keys, and their compiled forms."""

    kind: str
    spec: Mapping[str, Any]
    pointer: str  # of the clause in its file
    expressions: Mapping[str, Expression]  # key (or let/<name>) → compiled
    templates: Mapping[str, Template]  # message or messages/<name> → compiled


@dataclass(frozen=True)
class DeclaredCheck:
    """A check of a checks file; called with a Context like any registry check."""

    code: Code
    needs: tuple[str, ...]
    clauses: tuple[Clause, ...]
    doc: Document
    functions: Any = None  # the pack's Ref to its expression functions, if any

    def __call__(self, ctx: Context) -> Iterator[Finding]:
        base: dict[str, Any] = dict(self.functions.load()) if self.functions else {}
        base.update(content=ctx.content, file_ids=ctx.file_ids, references=ctx.references)
        for clause in self.clauses:
            try:
                yield from KINDS[clause.kind].run(Run(clause, base, ctx))
            except ClauseError as exc:
                pointer = f"{clause.pointer}/{exc.key}"
                code = DECLARED_CODES["JT062"]
                yield Finding(
                    self.doc.display,
                    pointer,
                    f"check {self.code.code}: {exc.reason}",
                    code=code,
                    place=self.doc.locate(pointer),
                )


def declared_checks(pack: Pack, root: Path | None = None) -> list[DeclaredCheck]:
    """The valid checks of a pack's check files (files with problems add none)."""
    return [check for path in pack.checks for check in _load(pack, path, root)[0]]


def declared_problems(pack: Pack, project: Path) -> list[Diagnostic]:
    """Every problem of a pack's check files, for `validate`."""
    return [diag for path in pack.checks for diag in _load(pack, path, project)[1]]


def unknown_needs(pack: Pack, project: Path, content: Any) -> list[Diagnostic]:
    """A declared check's `needs` naming a record kind the game does not have (JT061).

    The runner skips such a check (its parts never loaded); this says why, at the name,
    so a typo in `needs:` is a located error rather than a check that silently never runs.
    """
    problems = []
    for check in declared_checks(pack, project):
        for index, spec in enumerate(check.doc.data["checks"]):
            if spec.get("code") != check.code.code:
                continue
            for slot, need in enumerate(spec.get("needs", ())):
                if need not in part_names(content):
                    pointer = f"/checks/{index}/needs/{slot}"
                    message = f"check {check.code.code} needs {need!r}, which is no record kind"
                    problems.append(_problem(check.doc, "JT061", pointer, message))
    return problems


def _load(
    pack: Pack, path: Path, root: Path | None
) -> tuple[list[DeclaredCheck], list[Diagnostic]]:
    shown = _shown(pack, path, root)
    try:
        stat = path.stat()
    except OSError:
        return load_checks(path, shown, pack.functions, 0, 0)
    return load_checks(path, shown, pack.functions, stat.st_mtime_ns, stat.st_size)


def _shown(pack: Pack, path: Path, project: Path | None) -> str:
    """A file inside the project is named from it; a pack's own from its package's parent."""
    path = path.resolve()
    roots = [project.resolve()] if project is not None else []
    if pack.package:
        roots.append(pack.folder.parents[pack.package.count(".")])
    for root in roots:
        if path.is_relative_to(root):
            return path.relative_to(root).as_posix()
    return path.as_posix()


@lru_cache(maxsize=32)
def load_checks(
    path: Path, shown: str, functions: Any, mtime_ns: int, size: int
) -> tuple[list[DeclaredCheck], list[Diagnostic]]:
    """One checks file: loaded, schema-checked, every clause's keys and expressions checked.

    Read once per version of the file (its time and size are the cache's key).
    """
    del mtime_ns, size
    doc, problems = load_document(path, shown)
    if doc is None:
        return [], problems
    problems = check_format(doc, "checks")
    if problems:
        return [], problems
    found: list[DeclaredCheck] = []
    for index, spec in enumerate(doc.data["checks"]):
        at = f"/checks/{index}"
        clauses: list[Clause] = []
        if "parts" in spec:
            stray = sorted(set(spec) - CHECK_KEYS)
            if stray:
                problems.append(_problem(doc, "JT061", f"{at}/{stray[0]}", _stray_parts(stray)))
            specs = [(f"{at}/parts/{i}", part) for i, part in enumerate(spec["parts"])]
        elif "kind" not in spec:
            problems.append(_problem(doc, "JT061", at, "a check needs a kind, or parts"))
            specs = []
        else:
            specs = [(at, {k: v for k, v in spec.items() if k not in CHECK_KEYS})]
        for pointer, part in specs:
            clause, clause_problems = _clause(doc, pointer, part)
            problems += clause_problems
            if clause is not None:
                clauses.append(clause)
        if len(clauses) == len(specs) and clauses:
            code = Code(spec["code"], spec["severity"], spec["summary"])
            found.append(
                DeclaredCheck(code, tuple(spec.get("needs", ())), tuple(clauses), doc, functions)
            )
    return (found if not problems else []), problems


def _stray_parts(stray: list[str]) -> str:
    return f"{', '.join(stray)} belongs in each of parts, not beside them"


def _clause(
    doc: Document, pointer: str, spec: Mapping[str, Any]
) -> tuple[Clause | None, list[Diagnostic]]:
    """A clause with its keys checked against its kind and every expression compiled."""
    kind = KINDS[spec["kind"]]
    problems: list[Diagnostic] = []
    missing = [k for k in ("each", *kind.required) if k not in spec]
    missing += [] if not kind.one_of or set(kind.one_of) & set(spec) else [" or ".join(kind.one_of)]
    for name in missing:
        problems.append(_problem(doc, "JT061", pointer, f"a {spec['kind']} clause needs {name}"))
    for key in sorted(set(spec) - COMMON - kind.keys):
        message = f"{key} does not go with a {spec['kind']} clause"
        problems.append(_problem(doc, "JT061", f"{pointer}/{key}", message))
    if "field" in spec and "fields" in spec:
        problems.append(
            _problem(doc, "JT061", f"{pointer}/fields", "give field or fields, not both")
        )
    expressions: dict[str, Expression] = {}
    templates: dict[str, Template] = {}
    sources = [
        (k, v) for k, v in spec.items() if k not in TEXT_KEYS | {"let", "message", "messages"}
    ]
    sources += [(f"let/{k}", v) for k, v in spec.get("let", {}).items()]
    for key, source in sources:
        try:
            expressions[key] = compile_expression(_text(source))
        except ExpressionError as exc:
            problems.append(_problem(doc, "JT060", f"{pointer}/{key}", str(exc)))
    texts = [("message", spec["message"])] if "message" in spec else []
    texts += [(f"messages/{k}", v) for k, v in spec.get("messages", {}).items()]
    for key, text in texts:
        try:
            templates[key] = compile_template(text)
        except ExpressionError as exc:
            problems.append(_problem(doc, "JT060", f"{pointer}/{key}", str(exc)))
    for name in sorted(set(spec.get("messages", {})) - kind.messages):
        known = ", ".join(sorted(kind.messages)) or "none"
        message = f"a {spec['kind']} clause has no message {name!r} (its messages: {known})"
        problems.append(_problem(doc, "JT061", f"{pointer}/messages/{name}", message))
    if problems:
        return None, problems
    return Clause(spec["kind"], spec, pointer, expressions, templates), []


def _text(source: Any) -> str:
    """An expression key's value as expression text: numbers and true/false are written as is."""
    if isinstance(source, bool):
        return "true" if source else "false"
    return source if isinstance(source, str) else repr(source)


def _problem(doc: Document, code: str, pointer: str, message: str) -> Diagnostic:
    line, column = doc.locate(pointer)
    return DECLARED_CODES[code].at(doc.display, line, column, message, pointer)
