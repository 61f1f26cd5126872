"""`i18n check`: what a translation must keep from its English source.

Every problem is located at the catalog file and the entry's line (its
`msgid` line) and every catalog is checked even when another is broken, so a
translator sees all problems at once. Only translated, non-fuzzy entries are
checked against their source: fuzzy and empty ones are reported as such
(warnings; failures with --strict) and never printed anyway. The glossary
rule is explained in `ttgbuild.i18n.glossary`.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from ttgbuild.core.characters import SOFT_HYPHEN
from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, sort_key
from ttgbuild.core.paths import display_path
from ttgbuild.i18n.catalogs import (
    IO_CODE,
    STALE_CODE,
    CatalogError,
    cldr_locale,
    msgid_of,
    read_shared,
)
from ttgbuild.i18n.checkcache import source_facts
from ttgbuild.i18n.extract import (
    content_budgets,
    flagged_budget,
    newstyle_references,
    stated_budget,
)
from ttgbuild.i18n.formats import (
    BRACE_FORMAT,
    PYTHON_FORMAT,
    brace_problems,
    formats_of,
    percent_problems,
)
from ttgbuild.i18n.glossary import (
    GLOSSARY_CODE,
    IGNORE_FLAG,
    Glossary,
    Term,
    check_terms,
    load_glossary,
)
from ttgbuild.i18n.paths import (
    SOURCE_LOCALE,
    catalog_path,
    checked_locales,
    locales_dir,
    unlisted_locales,
)
from ttgbuild.i18n.style import STYLE_CODE, STYLE_FILE_CODE, StyleRule, check_style, load_style
from ttgbuild.source.datapack import pack_of

CATALOG_CODES = code_table(
    IO_CODE,
    Code(
        "JT811",
        "error",
        "a catalog's folder names a locale CLDR knows, and not English (the source)",
    ),
    Code("JT812", "error", "a translation has the same {placeholders} as its English"),
    Code("JT813", "error", "a translation has the same [icon] tokens as its English, as often"),
    Code(
        "JT814", "error", "markup is balanced and only <b>/<i>, and only where the English has it"
    ),
    Code("JT815", "error", "no msgctxt (or kind:id:field text) leaks into a translation"),
    Code("JT816", "error", "a translation fits its field's character budget"),
    Code(
        "JT817",
        "error",
        "a translation writes no number its English lacks (numbers come from placeholders)",
    ),
    Code("JT818", "error", "glossary terms are translated as locales/glossary.tsv says"),
    Code(
        "JT823",
        "error",
        "a translation is well-formed for its format (python-format, python-brace-format)",
    ),
    GLOSSARY_CODE,
    STYLE_CODE,
    STYLE_FILE_CODE,
    Code(
        "JT819",
        "warning",
        "no fuzzy entries (the English changed, or a guess): review, then drop the flag",
    ),
    Code("JT820", "warning", "every entry is translated"),
    STALE_CODE,
    Code(
        "JT824",
        "warning",
        "a label is within the estimated budget of the box it prints in (max-length); "
        "the build measures it exactly (JT901)",
    ),
    Code(
        "JT829",
        "warning",
        "a soft hyphen (U+00AD) is inside a word and in text that wraps, where a line may "
        "break at it",
    ),
)

PLACEHOLDERS = re.compile(r"\{[^{}]*\}")
ICONS = re.compile(r"\[[A-Za-z][\w-]*\]")
TAGS = re.compile(r"<[^<>]*>")
ALLOWED_TAGS = {"<b>": "b", "</b>": "b", "<i>": "i", "</i>": "i"}
CONTEXT_LIKE = re.compile(r"(?<![\w:])[a-z]+:[a-z0-9-]+:[a-z_]+(?![\w:])")
NUMBERS = re.compile(r"\d+")
# How long a token prints: a placeholder is a number of up to two digits, an icon one glyph.
PLACEHOLDER_WIDTH = 2
ICON_WIDTH = 1
# A soft hyphen that can never be a break: at a word's start or end, doubled, or beside a
# hyphen (the line may break after that hyphen already).
USELESS_SOFT_HYPHEN = re.compile(
    r"(?:^|(?<=[\s\-\u2010\u00ad]))\u00ad|\u00ad(?=$|[\s\-\u2010\u00ad])"
)


Key = tuple[str, str | None]  # (msgid, msgctxt) of a message
Keys = set[Key]


@dataclass(frozen=True)
class Budgets:
    """Where a message's budget comes from: the current sources, the schemas, fixed boxes."""

    sources: dict[Key, int]  # each current message's max-length flag
    content: dict[tuple[str, str], int]  # each content field's, by (msgctxt kind label, field)
    boxes: frozenset[str]  # the msgctxts of labels printed in the pack's fixed boxes
    one_line: frozenset[str] = frozenset()  # those of boxes one line high: never wrapped


@dataclass(frozen=True)
class Entry:
    """One translated text and what it is checked against."""

    source: str
    text: str
    context: str
    budget: int
    terms: list[Term]
    formats: frozenset[str] = frozenset()
    box: bool = False  # the budget is a fixed box's estimate, not a field's limit
    style: tuple[StyleRule, ...] = ()  # the locale's forbidden wordings (style.tsv)
    one_line: bool = False  # it prints in a box one line high, so it is never wrapped


def check_catalogs(project: Path, locales: list[str] | None = None) -> list[Diagnostic]:
    """Every problem in the project's catalogs (or those of `locales`), sorted by file and line."""
    unlisted = unlisted_locales(project)
    if unlisted:
        shown = display_path(locales_dir(project), project)
        return [IO_CODE.at(shown, 0, 0, f"cannot list the locale folders: {unlisted}")]
    folders = checked_locales(project, locales)
    if not folders:
        return []
    glossary, diagnostics = load_glossary(project)
    # Formats and budgets (max-length flags) of the current sources: a stale catalog's cannot count.
    formats, budgets = source_facts(project)
    pack = pack_of(project)  # the same for every locale: worked out once
    fixed = pack.boxes.load() if pack.boxes else {}
    one_line = frozenset(context for context, box in fixed.items() if box.lines == 1)
    sources = Budgets(budgets, content_budgets(pack), frozenset(fixed), one_line)
    newstyle = newstyle_references(pack)
    for locale in folders:
        diagnostics += _check_catalog(project, locale, glossary, formats, sources, newstyle)
    return sorted(diagnostics, key=sort_key)


def _check_catalog(
    project: Path,
    locale: str,
    glossary: Glossary,
    formats: dict[Key, frozenset[str]],
    sources: Budgets,
    newstyle: tuple[str, ...],
) -> list[Diagnostic]:
    path = catalog_path(project, locale)
    shown = display_path(path, project)
    if locale == SOURCE_LOCALE:
        if not os.path.lexists(path):
            return []  # a locales/en/ folder without a catalog asks for nothing
        why = "English is the source language: its text lives in content/ and the code"
        return [_diag(shown, 0, "JT811", f"{why}, so it has no catalog")]
    found: list[Diagnostic] = []
    cldr = cldr_locale(locale)
    if cldr is None:
        found.append(_diag(shown, 0, "JT811", f"{locale!r} is not a locale CLDR knows"))
    if not os.path.lexists(path):
        why = (
            f"no catalog in the locale folder {locale!r}: start one with "
            f"`ttgbuild i18n init {locale}`, or remove the folder"
        )
        return [*found, IO_CODE.at(shown, 0, 0, why)]
    try:
        catalog = read_shared(path, shown, cldr)  # the build loads its translator next
    except CatalogError as exc:
        return [*found, exc.diagnostic]
    terms = glossary.terms(str(cldr)) if cldr else []
    style, found_in_style = load_style(project, locale)
    found += found_in_style
    for message in catalog:
        if message.id:
            # Formats come from the sources (a translator cannot drop them), plus the entry's flags.
            known = formats.get((msgid_of(message), message.context), frozenset())
            used = known | formats_of(message.flags, message.locations, newstyle)
            found += _check_message(message, shown, terms, sources, frozenset(used), tuple(style))
    found += _missing(catalog, set(formats), shown)
    return found


def _check_message(
    message: Message,
    shown: str,
    terms: list[Term],
    budgets: Budgets,
    formats: frozenset[str],
    style: tuple[StyleRule, ...] = (),
) -> list[Diagnostic]:
    line = message.lineno
    source = msgid_of(message) if isinstance(message.id, str) else message.id[-1]
    if message.fuzzy:
        was = f"; the English was {message.previous_id[0]!r}" if message.previous_id else ""
        note = f"fuzzy: review the translation of {source!r}, then remove the fuzzy flag{was}"
        return [_diag(shown, line, "JT819", note)]
    forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
    if not all(forms):
        return [_diag(shown, line, "JT820", f"not translated yet: {source!r}")]
    context = message.context or ""
    budget = _budget(message, budgets)
    skip_glossary = IGNORE_FLAG in message.flags
    box = context in budgets.boxes
    found = []
    for text in forms:
        glossary = [] if skip_glossary else terms
        one_line = context in budgets.one_line
        entry = Entry(source, text, context, budget, glossary, formats, box, style, one_line)
        for code, check in CHECKS:
            found += [_diag(shown, line, code, problem) for problem in check(entry)]
        found += [_diag(shown, line, "JT824", p) for p in _box_length(entry)]
    return found


def _missing(catalog: Catalog, current: Keys, shown: str) -> list[Diagnostic]:
    """One warning when the catalog's messages are not the sources' (`update` would fix it)."""
    absent = sorted((ctx or "", msgid) for msgid, ctx in current if catalog.get(msgid, ctx) is None)
    gone = sum((msgid_of(m), m.context) not in current for m in catalog if m.id)
    if not absent and not gone:
        return []
    parts = []
    if absent:
        parts.append(
            f"{len(absent)} message(s) of the current sources are missing (e.g. {absent[0][1]!r})"
        )
    if gone:
        parts.append(f"{gone} message(s) are no longer in the sources")
    steps = "run `ttgbuild i18n extract` and `ttgbuild i18n update`"
    return [STALE_CODE.at(shown, 0, 0, f"{'; '.join(parts)}; {steps}")]


def _diag(file: str, line: int, code: str, message: str) -> Diagnostic:
    return CATALOG_CODES[code].at(file, line, 0, message)


def _budget(message: Message, budgets: Budgets) -> int:
    """The budget the current sources give a message (its `max-length` flag).

    An entry the sources no longer have keeps what it states itself: its flag,
    its field's schema budget or a translator comment's "at most N characters".
    """
    key = (msgid_of(message), message.context)
    if key in budgets.sources:
        return budgets.sources[key]
    return flagged_budget(message.flags) or stated_budget(
        message.context, message.auto_comments, budgets.content
    )


# --- the checks: each returns its problems with one translation --------------------------


def _placeholders(entry: Entry) -> list[str]:
    source, text = set(PLACEHOLDERS.findall(entry.source)), set(PLACEHOLDERS.findall(entry.text))
    if source == text:
        return []
    return [f"placeholders differ from the English: {_difference(source, text)}"]


def _icons(entry: Entry) -> list[str]:
    source, text = Counter(ICONS.findall(entry.source)), Counter(ICONS.findall(entry.text))
    if source == text:
        return []
    return [f"icon tokens differ from the English: {_difference(source, text)}"]


def _difference(source: set[str] | Counter[str], text: set[str] | Counter[str]) -> str:
    """'missing {a}; unknown {b}', listing a token once per missing or extra use."""
    missing, extra = Counter(source), Counter(text)
    missing.subtract(text)
    extra.subtract(source)
    parts = []
    for label, counts in (("missing", missing), ("not in the English", extra)):
        tokens = sorted(counts.elements())
        if tokens:
            parts.append(f"{label} {', '.join(tokens)}")
    return "; ".join(parts)


def _markup(entry: Entry) -> list[str]:
    """Only <b> and <i>, only if the English has that tag, properly nested and closed."""
    allowed = {ALLOWED_TAGS[t] for t in TAGS.findall(entry.source) if t in ALLOWED_TAGS}
    refused: dict[str, str] = {}  # one problem per offending tag, however often it is used
    nesting: list[str] = []
    open_tags: list[str] = []
    for tag in TAGS.findall(entry.text):
        name = ALLOWED_TAGS.get(tag)
        if name is None:
            refused.setdefault(tag, f"markup {tag} is not allowed (only <b> and <i>)")
        elif name not in allowed:
            refused.setdefault(name, f"markup <{name}> is not in the English; keep its markup")
        elif not tag.startswith("</"):
            open_tags.append(name)
        elif open_tags and open_tags[-1] == name:
            open_tags.pop()
        elif name in open_tags:
            nesting.append(f"markup {tag} comes before </{open_tags[-1]}>: tags must nest")
            del open_tags[len(open_tags) - 1 - open_tags[::-1].index(name)]
        else:
            nesting.append(f"markup {tag} closes a tag that is not open")
    problems = [*refused.values(), *nesting]
    problems += [f"markup <{name}> is never closed" for name in open_tags]
    if "<" in TAGS.sub("", entry.text) and "<" not in TAGS.sub("", entry.source):
        problems.append("a '<' that starts no complete tag")
    return problems


def _context_leak(entry: Entry) -> list[str]:
    """Context is for translators: it must not appear in the printed text."""
    problems = []
    context = entry.context
    said = re.compile(rf"(?<!\w){re.escape(context)}(?!\w)") if context else None
    if said and said.search(entry.text) and not said.search(entry.source):
        problems.append(f"the context {context!r} is part of the translation; leave it out")
    for found in CONTEXT_LIKE.findall(entry.text):
        if found != context and found not in entry.source:
            problems.append(f"{found!r} looks like a message context (kind:id:field); leave it out")
    return problems


def _length(entry: Entry) -> list[str]:
    """Over a field's budget (JT816, an error): the schema holds the English to it too."""
    return [] if entry.box else _over_budget(entry)


def _box_length(entry: Entry) -> list[str]:
    """Over a fixed box's budget (JT824, a warning): an estimate, the build measures exactly."""
    return _over_budget(entry) if entry.box else []


def _over_budget(entry: Entry) -> list[str]:
    if not entry.budget:
        return []
    printed = PLACEHOLDERS.sub("#" * PLACEHOLDER_WIDTH, entry.text)
    printed = TAGS.sub("", ICONS.sub("#" * ICON_WIDTH, printed))
    if len(printed) <= entry.budget:
        return []
    where = f"the {entry.context!r} box's estimated " if entry.box else ""
    return [
        f"{len(printed)} characters as printed, over {where}budget of {entry.budget} "
        f"(a placeholder counts {PLACEHOLDER_WIDTH}, an icon {ICON_WIDTH}); shorten it to fit"
    ]


def _numbers(entry: Entry) -> list[str]:
    """Numbers must come from placeholders, so the kit cannot print a stale one."""

    def numbers(text: str) -> set[str]:
        return set(NUMBERS.findall(ICONS.sub("", PLACEHOLDERS.sub("", text))))

    extra = sorted(numbers(entry.text) - numbers(entry.source), key=int)
    if not extra:
        return []
    return [
        f"number(s) {', '.join(extra)} not in the English; "
        "write numbers through its {placeholders} instead"
    ]


def _glossary(entry: Entry) -> list[str]:
    return check_terms(entry.source, entry.text, entry.terms) if entry.terms else []


def _style(entry: Entry) -> list[str]:
    return check_style(entry.source, entry.text, list(entry.style))


def _soft_hyphens(entry: Entry) -> list[str]:
    """Soft hyphens where no line can break at them (JT829, a warning).

    The build prints a soft hyphen only where a line breaks at it (render/hyphenate.py),
    so one inside a word of wrapped text is the translator's hint and is welcome. One
    at a word's start or end, doubled or beside a hyphen is never a break; in a label
    of a box one line high (the page note, a stat's name) no line breaks at all.
    """
    if SOFT_HYPHEN not in entry.text:
        return []
    problems = []
    useless = len(USELESS_SOFT_HYPHEN.findall(entry.text))
    if useless:
        problems.append(
            f"{useless} soft hyphen(s) (U+00AD) at a word's start or end, doubled or beside "
            "a hyphen, where no line breaks; put one only between two syllables"
        )
    if entry.one_line:
        problems.append(
            f"a soft hyphen (U+00AD) in a label of the {entry.context!r} box, one line high: "
            "it never breaks there; leave it out"
        )
    return problems


def _format(entry: Entry) -> list[str]:
    """What would stop formatting (the build) or print a broken placeholder."""
    problems = []
    if PYTHON_FORMAT in entry.formats:
        problems += [f"python-format: {p}" for p in percent_problems(entry.source, entry.text)]
    if BRACE_FORMAT in entry.formats:
        problems += [f"python-brace-format: {p}" for p in brace_problems(entry.source, entry.text)]
    return problems


CHECKS: list[tuple[str, Callable[[Entry], list[str]]]] = [
    ("JT812", _placeholders),
    ("JT813", _icons),
    ("JT814", _markup),
    ("JT815", _context_leak),
    ("JT816", _length),
    ("JT817", _numbers),
    ("JT818", _glossary),
    ("JT823", _format),
    (STYLE_CODE.code, _style),
    ("JT829", _soft_hyphens),
]
