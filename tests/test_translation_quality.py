"""Translation quality of the shipped es and de catalogs, beyond what a translation must keep.

- Forbidden wordings (`locales/<locale>/style.tsv`, JT825): each defect a
  review removed comes back in a copied project and is reported at its entry;
  the shipped catalogs have none.
- Spanish labels are in sentence case, not English Title Case.
- The catalogs pass GNU gettext's `msgfmt -c --check-format` and
  translate-toolkit's `pofilter` with the exclusions docs/translating.md
  documents (section "Checked with gettext and translate-toolkit").
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import REPO

from ttgbuild.i18n.checks import check_catalogs

ES = "locales/es/LC_MESSAGES/ttgbuild.po"
DE = "locales/de/LC_MESSAGES/ttgbuild.po"


@pytest.fixture
def shipped(project):
    """The test's project with the shipped locales/ (catalogs, glossary, style lists)."""
    shutil.rmtree(project.path("locales"))
    shutil.copytree(REPO / "locales", project.path("locales"))
    return project


def _line_of(project, rel: str, msgid_start: str, context: str) -> int:
    """The line of the msgid of the entry with this context whose English starts so."""
    lines = project.path(rel).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if line == f'msgctxt "{context}"':
            following = " ".join(lines[number : number + 3])
            if msgid_start in following.replace('" "', ""):
                return number + 1
    raise AssertionError(f"no entry {context!r} {msgid_start!r} in {rel}")


def _style_errors(project) -> list:
    return [d for d in check_catalogs(project.root) if d.code in ("JT825", "JT826")]


# (catalog, context, start of the English, shipped wording, the defect put back)
DEFECTS = [
    (ES, "weapon:staff:name", "staff", 'msgstr "Bastón"', 'msgstr "Staff (Bastón)"'),
    (ES, "quickref", "light feet: extra hexes", "casillas extra", "hexes extra"),
    (ES, "quickref", "Roll for initiative again.", "Se vuelve a tirar", "Volved a tirar"),
    (ES, "quickref", "Roll for initiative again.", "Se vuelve a tirar", "Podéis tirar"),
    (ES, "quickref", "Roll for initiative again.", "Se vuelve a tirar por", "Tirad por vuestra"),
    (ES, "quickref", "Roll for initiative again.", "Se vuelve a tirar", "Ustedes tiran"),
    (ES, "quickref", "Full defence: the target is hit", "es alcanzado", "es golpeado"),
    (
        DE,
        "quickref",
        "No defence",
        'msgstr "Keine Verteidigung"',
        'msgstr "kann nicht verteidigen"',
    ),
    (
        DE,
        "quickref action",
        "with an unready chain",
        "wenn die Kette nicht parat ist",
        "mit nicht parater Kette",
    ),
    (DE, "talent keyword", "Dual action", 'msgstr "Konteraktion"', 'msgstr "Duell"'),
    (DE, "talent keyword", "Standard defence", 'msgstr "Standardverteidigung"', 'msgstr "Parade"'),
    (DE, "counter", "Crouch count", 'msgstr "Strafzeit"', 'msgstr "Strafzeit-Marker"'),
    (DE, "quickref", "Roll for initiative again.", "Erneut um die Initiative", "Eure Initiative"),
]


@pytest.mark.parametrize(("rel", "context", "english", "good", "bad"), DEFECTS)
def test_each_removed_defect_is_reported_at_its_entry(
    shipped, rel, context, english, good, bad
) -> None:
    line = _line_of(shipped, rel, f'msgid "{english}', context)
    text = shipped.path(rel).read_text(encoding="utf-8").splitlines()
    window = "\n".join(text[line - 1 : line + 6])
    assert good in window, f"{good!r} is not near line {line} of {rel}"
    text[line - 1 : line + 6] = window.replace(good, bad, 1).split("\n")
    shipped.write_text(rel, "\n".join(text) + "\n")
    found = _style_errors(shipped)
    assert {(d.file, d.line, d.code) for d in found} == {(rel, line, "JT825")}, found
    assert "style:" in found[0].message and "use " in found[0].message


def test_shipped_catalogs_use_no_forbidden_wording(shipped) -> None:
    assert _style_errors(shipped) == []


def test_the_right_wording_next_to_a_forbidden_one_passes(shipped) -> None:
    """'kann sich nicht verteidigen' is the fix, and a duel may be named beside dual action."""
    shipped.replace(DE, 'msgstr "Keine Verteidigung"', 'msgstr "Kann sich nicht verteidigen"')
    assert _style_errors(shipped) == []
    found = [d.message for d in check_catalogs(shipped.root) if d.code == "JT825"]
    assert found == []


def test_a_broken_style_list_is_located(shipped) -> None:
    rel = "locales/de/style.tsv"
    lines = shipped.path(rel).read_text(encoding="utf-8").splitlines()
    lines.insert(2, "(unclosed\t\tsomething\twhy")
    lines.insert(3, "\t\t\tno pattern")
    shipped.write_text(rel, "\n".join(lines) + "\n")
    found = [(d.file, d.line, d.code) for d in _style_errors(shipped)]
    assert found == [(rel, 3, "JT826"), (rel, 4, "JT826")]


def test_a_style_list_without_its_header_is_refused(shipped) -> None:
    shipped.write_text("locales/es/style.tsv", "pattern\tuse\nfoo\tbar\n")
    found = [(d.file, d.line, d.code) for d in _style_errors(shipped)]
    assert found == [("locales/es/style.tsv", 1, "JT826")]


# --- Spanish labels: sentence case, not English Title Case -------------------------------

# Capitalised inside a Spanish label on purpose: names, the stats' names, abbreviations.
PROPER = {"Qwik", "Qwiks", "Jugger", "TTG", "Voluntad", "Reflejos", "Fortaleza"}
WORD = re.compile(r"[A-Za-zÁÉÍÓÚÑáéíóúñü][\wÁÉÍÓÚÑáéíóúñü-]*")


def title_case_words(text: str) -> list[str]:
    """Capitalised words after a label's first word that are neither names nor abbreviations."""
    text = re.sub(r"\{[^{}]*\}|\[[\w-]+\]|<[^<>]*>|\([A-Z]+\)", " ", text)
    words = WORD.findall(text.split(":")[0])
    return [w for w in words[1:] if w[0].isupper() and not w.isupper() and w not in PROPER]


def _labels(locale: str) -> list[tuple[str, str]]:
    """(context, translation) of every label: an English without sentence punctuation."""
    with (REPO / f"locales/{locale}/LC_MESSAGES/ttgbuild.po").open("rb") as f:
        catalog = read_po(f, locale=locale)
    labels = []
    for message in catalog:
        english = message.id if isinstance(message.id, str) else message.id[0]
        if not english or (message.context or "").startswith("team:"):
            continue  # club names are proper names
        if re.search(r"[.;!?]\s|[.;!?]$", english) or len(english.split()) > 6:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        labels += [(message.context or "", form) for form in forms if form]
    return labels


def test_title_case_words_are_found() -> None:
    assert title_case_words("Espada y Escudo") == ["Escudo"]
    assert title_case_words("Puntos de Concentración (PC):") == ["Concentración"]
    assert title_case_words("Puntos de concentración (PC):") == []
    assert title_case_words("Juggers en juego: {qwiks} Qwik") == []


def test_spanish_labels_are_in_sentence_case() -> None:
    labels = _labels("es")
    assert len(labels) > 150  # the headings, table heads, card labels and names are all seen
    offending = [(ctx, text) for ctx, text in labels if title_case_words(text)]
    assert offending == []


# --- GNU gettext and translate-toolkit ------------------------------------------------------

# pofilter's default tests, less those documented as deliberate for the locale
# (docs/translating.md, "Checked with gettext and translate-toolkit").
POFILTER_EXCLUDED = {
    "es": ["acronyms", "unchanged", "startcaps", "doublequoting", "singlequoting", "puncspacing"],
    "de": ["acronyms", "unchanged", "startcaps", "doublequoting", "singlequoting", "puncspacing"],
}
# Single entries a test flags on purpose: (test, context, start of the English).
POFILTER_ACCEPTED = {
    "es": {("simplecaps", "weapon:")},  # weapon names print capitalised, as the book's
    "de": {
        ("brackets", "<b>Line of sight (LoS).</b>"),
        ("brackets", "A target is in line of sight"),
    },
}
FINDING = re.compile(r"\(pofilter\) (\w+):")


def pofilter_findings(po: Path, locale: str, out: Path) -> list[tuple[str, str, str]]:
    """(test, context, English) of every finding pofilter reports, less the accepted ones."""
    command = [sys.executable, "-m", "translate.filters.pofilter", "--progress=none"]
    command += [f"--language={locale}", "--nofuzzy", "-i", str(po), "-o", str(out)]
    command += [f"--excludefilter={name}" for name in POFILTER_EXCLUDED[locale]]
    subprocess.run(command, check=True, capture_output=True)
    if not out.exists():  # pofilter writes no file when nothing fails
        return []
    with out.open("rb") as f:
        catalog = read_po(f)
    findings = []
    for message in catalog:
        english = message.id if isinstance(message.id, str) else message.id[0]
        context = message.context or ""
        for test in FINDING.findall("\n".join(message.user_comments)):
            accepted = any(
                test == name and (context.startswith(start) or english.startswith(start))
                for name, start in POFILTER_ACCEPTED[locale]
            )
            if not accepted:
                findings.append((test, context, english))
    return findings


def _pofilter_available() -> bool:
    try:
        import translate.filters.pofilter  # noqa: F401
    except ImportError:
        return False
    return True


needs_pofilter = pytest.mark.skipif(
    not _pofilter_available(),
    reason="translate-toolkit is not installed (pip install -e '.[test]')",
)
needs_msgfmt = pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed"
)


@needs_pofilter
@pytest.mark.parametrize("locale", ["es", "de"])
def test_pofilter_finds_nothing_undocumented(locale, tmp_path) -> None:
    po = REPO / f"locales/{locale}/LC_MESSAGES/ttgbuild.po"
    assert pofilter_findings(po, locale, tmp_path / "out.po") == []


@needs_pofilter
def test_pofilter_reports_a_doubled_word(shipped, tmp_path) -> None:
    shipped.replace(DE, 'msgstr "Keine Verteidigung"', 'msgstr "Keine keine Verteidigung"')
    found = pofilter_findings(shipped.path(DE), "de", tmp_path / "out.po")
    assert found == [("doublewords", "quickref", "No defence")]


@needs_msgfmt
@pytest.mark.parametrize("locale", ["es", "de"])
def test_msgfmt_check_is_clean(locale) -> None:
    po = REPO / f"locales/{locale}/LC_MESSAGES/ttgbuild.po"
    result = subprocess.run(
        ["msgfmt", "-c", "--check-format", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


@needs_msgfmt
def test_msgfmt_check_fails_on_a_broken_format(shipped) -> None:
    """A python-format entry whose translation loses its %(ruler)s placeholder."""
    shipped.replace(ES, "exactamente %(ruler)s mm", "exactamente mm")
    result = subprocess.run(
        ["msgfmt", "-c", "--check-format", "-o", "/dev/null", str(shipped.path(ES))],
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0 and "ruler" in result.stderr
