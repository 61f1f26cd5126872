"""Forbidden wordings per locale (`locales/<locale>/style.tsv`) and the rule `i18n check` applies.

The glossary says which word to use; a style list says which wordings must
never come back once a reviewer has removed them: a wrong register (Spanish
vosotros forms in tú text), a retired term ("Staff (Bastón)"), a term used
for the wrong concept (German "Duell" where the English says dual action).
Like Weblate's "forbidden translation" glossary flag, but a pattern, so one
row covers every inflection.

The file is tab-separated with a header row `forbidden`, `english`, `use`,
`why`:

- `forbidden`: a Python regular expression searched in every translated form,
  ignoring case (`(?-i:...)` makes a part case-sensitive). Placeholders,
  [icons] and markup are blanked first, so a pattern never matches inside them.
- `english` (may be empty): a regular expression, ignoring case; the row
  applies only to entries whose English matches it. This is how a word is
  forbidden for one concept only.
- `use` and `why`: printed with the diagnostic, so the translator knows what
  to write instead.

A translation matching a row is an error (JT825) at the entry's line. An
unreadable list or a broken pattern is an error (JT826) at the list's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.i18n.glossary import TOKENS
from ttgbuild.i18n.paths import locales_dir
from ttgbuild.i18n.tablefiles import STYLE_FILE
from ttgbuild.i18n.tsv import TableError, read_table

STYLE_CODE = Code("JT825", "error", "a translation uses no wording its locale's style.tsv forbids")
STYLE_FILE_CODE = Code(
    "JT826", "error", "a locale's style.tsv is UTF-8 with its header and valid patterns"
)
COLUMNS = ("forbidden", "english", "use", "why")


@dataclass(frozen=True)
class StyleRule:
    """One row of a style list: what not to write, where, and what to write instead."""

    forbidden: re.Pattern[str]
    english: re.Pattern[str] | None
    use: str
    why: str
    line: int


def load_style(project: Path, locale: str) -> tuple[list[StyleRule], list[Diagnostic]]:
    """The locale's forbidden wordings; a locale without a list simply has none."""
    shown = f"locales/{locale}/{STYLE_FILE}"
    try:
        table = read_table(locales_dir(project) / locale / STYLE_FILE, "the style list")
    except TableError as exc:
        return [], [_problem(shown, exc.line, str(exc))]
    if table is None:
        return [], []
    header = tuple(cell.strip() for cell in table[0]) if table else ()
    if header[: len(COLUMNS)] != COLUMNS:
        expected = ", ".join(COLUMNS)
        return [], [_problem(shown, 1, f"the header row must be: {expected} (tab-separated)")]
    rules: list[StyleRule] = []
    problems: list[Diagnostic] = []
    for line, row in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        cells = dict(zip(COLUMNS, (cell.strip() for cell in row), strict=False))
        try:
            rules.append(_rule(cells, line))
        except ValueError as exc:
            problems.append(_problem(shown, line, str(exc)))
    return rules, problems


def _rule(cells: dict[str, str], line: int) -> StyleRule:
    """A row as a rule; ValueError says what is wrong with it."""
    if not cells.get("forbidden"):
        raise ValueError("the 'forbidden' column is empty")
    if not cells.get("use"):
        raise ValueError("the 'use' column is empty: say what to write instead")
    patterns = []
    for column in ("forbidden", "english"):
        source = cells.get(column, "")
        try:
            patterns.append(re.compile(source, re.IGNORECASE) if source else None)
        except re.error as exc:
            raise ValueError(f"the {column!r} pattern {source!r} is broken: {exc}") from exc
    forbidden, english = patterns
    assert forbidden is not None
    return StyleRule(forbidden, english, cells["use"], cells.get("why", ""), line)


def _problem(shown: str, line: int, message: str) -> Diagnostic:
    return STYLE_FILE_CODE.at(shown, line, 0, message)


def check_style(source: str, translation: str, rules: list[StyleRule]) -> list[str]:
    """One problem per rule the translation breaks, quoting the offending words."""
    words = TOKENS.sub(" ", translation)  # `{crouch_count}` is no wording, never a match
    problems = []
    for rule in rules:
        if rule.english is not None and not rule.english.search(source):
            continue
        found = rule.forbidden.search(words)
        if found:
            why = f" ({rule.why})" if rule.why else ""
            problems.append(
                f"style: {found.group(0)!r} is not to be written; use {rule.use}{why} "
                f"[{STYLE_FILE} line {rule.line}]"
            )
    return problems
