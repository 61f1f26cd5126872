"""The project glossary (`locales/glossary.tsv`) and the rule `i18n check` applies with it.

The file is tab-separated with a header row: `term`, `en`, one column per
locale (`es`, `de`, ...; a column named like the locale, else like its
language) and `note`. A term may end in a parenthetical, usually an
abbreviation: `focus points (FP)`.

The rule (JT818), designed to catch a wrong term without flagging natural prose:

- Rows whose target is empty or equals the English (ignoring case) are skipped
  for that locale, as are locales without a column.
- Label rule. When a message's English IS a term (its full form, the form
  without the parenthetical, or the abbreviation alone, e.g. "Will",
  "stamina points", "RC"), the translation must be that locale's term: the
  full form, the form without the parenthetical, or, for an abbreviation,
  the target abbreviation. Compared ignoring case, spacing and a final ':'.
- Prose rule. Otherwise, every term the English contains as a whole phrase
  outside {placeholders}, [icons] and markup (exact word forms, ignoring
  case; abbreviations matched case-sensitively; longest match first, so
  "full defence" wins over "defence") must show up in
  the translation: the translation must contain the stem of the target's
  first word (case, accents and umlauts ignored; trailing vowels, n, r and s
  trimmed down to four letters, so "Angriff" also matches "Angriffe",
  "Gegenangriff" and "Levantar" matches "levanta"), or the target's
  abbreviation as a word. Matching inside words lets German compounds pass.
- Wording the rule cannot see (a verb form that changes its stem, a German
  separable verb, an English homonym such as "point to") is accepted by
  marking the entry with Weblate's flag `#, ignore-check-glossary` after checking
  it by hand. GNU msgcat and msgmerge (so Poedit) drop flags they do not know, so
  the mark is kept as a translator comment line too (`catalogs` reads either).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.i18n.paths import locales_dir
from ttgbuild.i18n.tablefiles import GLOSSARY_FILE
from ttgbuild.i18n.tsv import TableError, read_table

GLOSSARY_CODE = Code("JT822", "error", "locales/glossary.tsv is UTF-8 with an 'en' column")
IGNORE_FLAG = "ignore-check-glossary"  # Weblate's name for skipping its glossary check
LEGACY_IGNORE_FLAG = "ignore-glossary"  # ttgbuild's earlier name, still read
_PARENTHETICAL = re.compile(r"(.*?)\s*\(([^()]*)\)")
# Placeholders, icon tokens and markup are not words: `{weapon}` must not count as "weapon".
TOKENS = re.compile(r"\{[^{}]*\}|\[[A-Za-z][\w-]*\]|<[^<>]*>")
_TRIMMED = "aeiounrs"
_MIN_STEM = 4
# A term's place in its list and what the label rule expects: the wording and its folded forms.
_Hit = tuple[int, tuple[str, frozenset[str]]]
_Labels = tuple[dict[str, _Hit], dict[str, _Hit]]  # by folded form, by abbreviation
_last_labels: tuple[list[Term], _Labels] | None = None


@dataclass(frozen=True)
class Term:
    """One glossary row, seen from one locale."""

    english: str
    target: str

    @property
    def english_parts(self) -> tuple[str, str]:
        return split(self.english)

    @property
    def target_parts(self) -> tuple[str, str]:
        return split(self.target)


@dataclass(frozen=True)
class Glossary:
    """The rows of glossary.tsv: its column names and one dict per row."""

    columns: tuple[str, ...] = ()
    rows: tuple[dict[str, str], ...] = ()

    def terms(self, locale: str) -> list[Term]:
        """The terms to check for a locale, longest English first."""
        column = locale if locale in self.columns else locale.split("_")[0]
        if column not in self.columns or column == "en":
            return []
        found = [
            Term(row["en"].strip(), row[column].strip())
            for row in self.rows
            if row.get("en", "").strip()
            and row.get(column, "").strip()
            and fold(row["en"]) != fold(row[column])
        ]
        return sorted(found, key=lambda term: -len(term.english))


def load_glossary(project: Path) -> tuple[Glossary, list[Diagnostic]]:
    """Read locales/glossary.tsv; a project without one simply has an empty glossary."""
    shown = f"locales/{GLOSSARY_FILE}"
    try:
        table = read_table(locales_dir(project) / GLOSSARY_FILE, "the glossary")
    except TableError as exc:
        return Glossary(), [_problem(shown, exc.line, str(exc))]
    if table is None:
        return Glossary(), []
    if not table or "en" not in table[0]:
        return Glossary(), [_problem(shown, 1, "the header row has no 'en' column")]
    header = tuple(cell.strip() for cell in table[0])
    rows = tuple(dict(zip(header, row, strict=False)) for row in table[1:] if any(row))
    return Glossary(header, rows), []


def _problem(shown: str, line: int, message: str) -> Diagnostic:
    return GLOSSARY_CODE.at(shown, line, 0, message)


@cache
def split(term: str) -> tuple[str, str]:
    """A term's main form and its parenthetical: 'focus points (FP)' → ('focus points', 'FP')."""
    found = _PARENTHETICAL.fullmatch(term.strip())
    return (found.group(1), found.group(2).strip()) if found else (term.strip(), "")


@cache
def fold(text: str) -> str:
    """Lower case without accents or umlauts, single spaces: what matching compares.

    Remembered: every message is compared with every term, so the same few
    hundred strings are folded tens of thousands of times per check.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.split())


def stem(word: str) -> str:
    """A word without its inflection, roughly: trailing vowels, n, r, s trimmed to 4 letters."""
    folded = fold(word)
    while len(folded) > _MIN_STEM and folded[-1] in _TRIMMED:
        folded = folded[:-1]
    return folded


def check_terms(source: str, translation: str, terms: list[Term]) -> list[str]:
    """Problems of one translation under the label rule or, if it is no label, the prose rule."""
    source, translation = TOKENS.sub(" ", source), TOKENS.sub(" ", translation)
    label = _label_term(source, terms)
    if label is None:
        return _check_prose(source, translation, terms)
    expected, allowed = label
    if _label(translation) in allowed:
        return []
    return [f"glossary: {source.strip()!r} is a glossary term, so write {expected!r}"]


def _label_term(source: str, terms: list[Term]) -> tuple[str, frozenset[str]] | None:
    """If the English IS a term: the expected translation and the (folded) forms allowed.

    The first term (longest first) whose folded form or abbreviation the English is;
    looked up in `_labels`, not compared with every term for every message.
    """
    by_label, by_abbreviation = _labels(terms)
    found = [
        hit
        for hit in (by_label.get(_label(source)), by_abbreviation.get(source.strip().rstrip(":")))
        if hit is not None
    ]
    return min(found, key=lambda hit: hit[0])[1] if found else None  # a tie: the label form


def _labels(terms: list[Term]) -> _Labels:
    """`_index` of this list of terms, remembered for the list a catalog check passes for
    every message (the very same list object: hashing 70 terms per message would cost more
    than the lookup saves; a locale's list is never changed once `Glossary.terms` made it)."""
    global _last_labels
    if _last_labels is None or _last_labels[0] is not terms:
        _last_labels = (terms, _index(terms))
    return _last_labels[1]


def _index(terms: list[Term]) -> _Labels:
    """Each folded term form, and each abbreviation, with the first term (by its place) it
    names and what that term's label rule expects."""
    by_label: dict[str, _Hit] = {}
    by_abbreviation: dict[str, _Hit] = {}
    for place, term in enumerate(terms):
        head, abbreviation = term.english_parts
        target_head, target_abbreviation = term.target_parts
        allowed = frozenset({fold(term.target), fold(target_head)})
        for form in (fold(term.english), fold(head)):
            by_label.setdefault(form, (place, (term.target, allowed)))
        if abbreviation:
            expected = target_abbreviation or target_head
            by_abbreviation.setdefault(
                abbreviation, (place, (expected, frozenset({fold(expected)})))
            )
    return by_label, by_abbreviation


def _label(text: str) -> str:
    return fold(text).rstrip(" :")


def _check_prose(source: str, translation: str, terms: list[Term]) -> list[str]:
    """Each term the English uses must be recognisable in the translation."""
    folded = fold(translation)
    problems = []
    for term, phrase in _terms_in(source, terms):
        target_head, target_abbreviation = term.target_parts
        needle = stem(target_head.split()[0])
        if needle in folded or (
            target_abbreviation
            and re.search(rf"(?<!\w){re.escape(fold(target_abbreviation))}(?!\w)", folded)
        ):
            continue
        problems.append(
            f"glossary: the English says {phrase!r}, so use {term.target!r} "
            f"(no word containing {needle!r}); if the wording is right, "
            f"mark the entry with a translator comment line '# {IGNORE_FLAG}'"
        )
    return problems


@cache
def _phrase_patterns(english: str) -> tuple[tuple[re.Pattern[str], str | None, bool], ...]:
    """How a term shows up in English prose: its main form (any case), its abbreviation (exact).

    Each pattern comes with a needle, text it cannot match without (lower case
    where case is ignored), and whether it ignores case: a substring test
    spares the regular expression for most terms of most messages. Ignoring
    case, that test is exact only in ASCII (Unicode case rules match 'k' with
    the Kelvin sign), so a term outside ASCII has no needle and always runs.
    """
    head, abbreviation = split(english)
    needle = head.lower() if head.isascii() else None
    patterns = [(re.compile(rf"(?<!\w){re.escape(head)}(?!\w)", re.IGNORECASE), needle, True)]
    if abbreviation:
        patterns.append(
            (re.compile(rf"(?<!\w){re.escape(abbreviation)}(?!\w)"), abbreviation, False)
        )
    return tuple(patterns)


def _terms_in(source: str, terms: list[Term]) -> list[tuple[Term, str]]:
    """Terms the English uses as whole phrases, longest first, without overlaps."""
    spans: list[tuple[int, int, Term]] = []
    lowered = source.lower() if source.isascii() else None  # None: no needle test ignoring case
    for term in terms:
        for pattern, needle, ignore_case in _phrase_patterns(term.english):
            haystack = lowered if ignore_case else source
            if needle is None or haystack is None or needle in haystack:
                spans.extend((m.start(), m.end(), term) for m in pattern.finditer(source))
    taken: list[tuple[int, int]] = []
    found: list[tuple[Term, str]] = []
    for start, end, term in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):
        if any(start < b and a < end for a, b in taken):
            continue
        taken.append((start, end))
        if all(term is not seen for seen, _ in found):
            found.append((term, source[start:end]))
    return found
