"""Format strings in messages: what `%(name)s` and `{name}` a translation must keep.

A message is formatted at run time in one of two ways, and a translation
that breaks the format would stop the build or print garbage:

- `python-format`: template sentences with values, filled with
  `text % values`. A template a pack renders with Jinja2's "newstyle"
  gettext (`Pack.newstyle_templates`) formats every one of its messages,
  flagged or not (other templates format only those with values, which
  Babel flags). `%%` is a literal percent sign; anything else after `%`
  must be one of the English's conversions, exactly (`%(edge)s`).
- `python-brace-format`: content text and code labels, whose `{name}` fields
  ttgbuild fills itself. A field must be a plain name (no `.attr`, `[index]`,
  `!conversion` or `:spec`), and a brace outside a field is malformed.

As `msgfmt -c` does, a %-format translation must use exactly the English's
named conversions, in any order (for `{name}` fields JT812 checks that).
"""

from __future__ import annotations

import re

PYTHON_FORMAT = "python-format"
BRACE_FORMAT = "python-brace-format"

# `%%`, or `%(name)` with flags, width, precision and a conversion letter (group `name`).
_PERCENT = re.compile(
    r"%(?:%|\((?P<name>[^()]*)\)[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa])"
)
_FIELD = re.compile(r"\{([^{}]*)\}")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def formats_of(
    flags: set[str] | frozenset[str],
    locations: list[tuple[str, int | None]],
    newstyle: tuple[str, ...] = (),
) -> set[str]:
    """The formats a message is filled with, from its flags and where it comes from.

    `newstyle` are the catalog references of the templates rendered with
    newstyle gettext (extract.newstyle_references), all of whose messages are
    %-formatted.
    """
    found = {flag for flag in flags if flag in (PYTHON_FORMAT, BRACE_FORMAT)}
    if any(str(path).endswith(newstyle) for path, _line in locations):
        found.add(PYTHON_FORMAT)
    return found


def percent_problems(source: str, text: str) -> list[str]:
    """A `python-format` translation: well-formed, and the English's conversions exactly."""
    problems = []
    used: set[str] = set()
    pos = 0
    for match in re.finditer("%", text):
        if match.start() < pos:
            continue
        found = _PERCENT.match(text, match.start())
        if found is None:
            after = text[match.start() : match.start() + 6]
            problems.append(
                f"{after!r}: a '%' that is neither '%%' (a percent sign) "
                "nor a %(name)s conversion of the English"
            )
            pos = match.start() + 1
            continue
        if found.group("name") is not None:
            used.add(found.group(0))
        pos = found.end()
    expected = {m.group(0) for m in _PERCENT.finditer(source) if m.group("name") is not None}
    problems += _name_problems(expected, used)
    return problems


def brace_problems(source: str, text: str) -> list[str]:
    """A `python-brace-format` translation: plain `{name}` fields only, no stray braces.

    Which names it uses is JT812's to check, for every message.
    """
    problems = []
    for field in _FIELD.findall(text):
        if not _NAME.fullmatch(field):
            problems.append(
                f"{{{field}}} is not a plain placeholder; write a name from the English "
                "in braces, nothing else"
            )
    if _stray_braces(text) and not _stray_braces(source):
        problems.append("a '{' or '}' that is not part of a {placeholder}")
    return problems


def _stray_braces(text: str) -> bool:
    """Whether `text` has a brace outside any {field}."""
    outside = _FIELD.sub("", text)
    return "{" in outside or "}" in outside


def _name_problems(expected: set[str], used: set[str]) -> list[str]:
    parts = []
    if expected - used:
        parts.append(f"missing {', '.join(sorted(expected - used))}")
    if used - expected:
        parts.append(f"not in the English {', '.join(sorted(used - expected))}")
    return [f"placeholders differ from the English: {'; '.join(parts)}"] if parts else []
