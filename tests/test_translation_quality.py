"""Translation quality of the shipped catalogs, beyond what a translation must keep.

Every project that ships catalogs is held to the same gates: the root game
(Jugger TTG), each game pack's starter (games/<name>) and the data-only
example (examples/tidewrack).

- Forbidden wordings (`locales/<locale>/style.tsv`, JT825): each defect a
  review removed comes back in a copied project and is reported at its entry;
  the shipped catalogs have none.
- Spanish labels are in sentence case, not English Title Case, and no label
  shouts (`¡…!`) where the English does not.
- Every plural form keeps the English's placeholders.
- Every header names its game, a language team and a translator.
- The catalogs pass GNU gettext's `msgfmt -c --check-format` and
  translate-toolkit's `pofilter` with the exclusions docs/translating.md
  documents (section "Checked with gettext and translate-toolkit").
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from conftest import REPO

from ttgbuild.i18n.checks import check_catalogs
from ttgbuild.source.datapack import pack_of

ES = "locales/es/LC_MESSAGES/ttgbuild.po"
DE = "locales/de/LC_MESSAGES/ttgbuild.po"

# Every project that ships catalogs, by the name its pack has.
PROJECTS = {
    "jugger-ttg": REPO,
    "challengers": REPO / "games/challengers",
    "dungeon-bowl": REPO / "games/dungeon-bowl",
    "pocket-tactics": REPO / "games/pocket-tactics",
    "tidewrack": REPO / "examples/tidewrack",
}


def _catalogs() -> list[tuple[str, str]]:
    """(project, locale) of every shipped catalog."""
    return [
        (name, po.parts[-3])
        for name, root in PROJECTS.items()
        for po in sorted(root.glob("locales/*/LC_MESSAGES/ttgbuild.po"))
    ]


CATALOGS = _catalogs()
SPANISH = [name for name, locale in CATALOGS if locale == "es"]


def _po(project: str, locale: str) -> Path:
    return PROJECTS[project] / f"locales/{locale}/LC_MESSAGES/ttgbuild.po"


def _read(project: str, locale: str):
    with _po(project, locale).open("rb") as f:
        return read_po(f, locale=locale)


def test_every_project_ships_its_catalogs() -> None:
    """The gates below run on each of these: a project losing its catalogs is noticed."""
    assert {name for name, _ in CATALOGS} == set(PROJECTS)
    assert set(SPANISH) == set(PROJECTS)
    assert len(CATALOGS) == 9


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

# Capitalised inside a Spanish label on purpose, by project: names, the stats' names,
# a game's named parts (Challengers!' decks, the Robot opponent, the Planning phase).
PROPER = {
    "jugger-ttg": {"Qwik", "Qwiks", "Jugger", "TTG", "Voluntad", "Reflejos", "Fortaleza"},
    "challengers": {"Robot", "Planificación", "Cromo", "Nova", "Omega"}
    | {"Rayo", "Corona", "Gota", "Llave", "Hoja", "Luna", "Estrella", "Sol"},
    "dungeon-bowl": {"Stunty", "Blitz"},
    "pocket-tactics": set(),
    "tidewrack": set(),
}
# Proper names, written as their names are: contexts whose labels the rule skips.
NAMED = {
    "jugger-ttg": ("team:",),  # club names
    "challengers": ("parks:", "set:"),  # the parks' and the card sets' names
    "dungeon-bowl": ("team:", "roster:", "dungeon:"),  # teams and the dungeon
    "pocket-tactics": ("faction:",),
    "tidewrack": (),
}
WORD = re.compile(r"[A-Za-zÁÉÍÓÚÑáéíóúñü][\wÁÉÍÓÚÑáéíóúñü-]*")


def title_case_words(text: str, proper: set[str] = PROPER["jugger-ttg"]) -> list[str]:
    """Capitalised words after a label's first word that are neither names nor abbreviations."""
    text = re.sub(r"\{[^{}]*\}|\[[\w-]+\]|<[^<>]*>|\([A-Z]+\)", " ", text)
    words = WORD.findall(text.split(":")[0])
    return [w for w in words[1:] if w[0].isupper() and not w.isupper() and w not in proper]


def _is_label(english: str) -> bool:
    """A label: an English without sentence punctuation, of six words at most."""
    return not re.search(r"[.;!?]\s|[.;!?]$", english) and len(english.split()) <= 6


def _labels(project: str, locale: str) -> list[tuple[str, str, str]]:
    """(context, English, translation) of every label that is not a proper name."""
    labels = []
    for message in _read(project, locale):
        english = message.id if isinstance(message.id, str) else message.id[0]
        if not english or (message.context or "").startswith(NAMED[project] or "\0"):
            continue
        if not _is_label(english):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        labels += [(message.context or "", english, form) for form in forms if form]
    return labels


def test_title_case_words_are_found() -> None:
    assert title_case_words("Espada y Escudo") == ["Escudo"]
    assert title_case_words("Puntos de Concentración (PC):") == ["Concentración"]
    assert title_case_words("Puntos de concentración (PC):") == []
    assert title_case_words("Juggers en juego: {qwiks} Qwik") == []


@pytest.mark.parametrize("project", SPANISH)
def test_spanish_labels_are_in_sentence_case(project) -> None:
    labels = _labels(project, "es")
    assert len(labels) > (150 if project == "jugger-ttg" else 10)  # headings, heads, names seen
    proper = PROPER[project]
    offending = [(ctx, text) for ctx, _en, text in labels if title_case_words(text, proper)]
    assert offending == []


def test_a_title_case_label_in_a_game_is_found() -> None:
    """Dungeon Bowl's block results once read `¡Jugador Derribado!`: each part is caught."""
    assert title_case_words("¡Jugador Derribado!", PROPER["dungeon-bowl"]) == ["Derribado"]
    assert title_case_words("Tabla de lesiones de stunty", PROPER["dungeon-bowl"]) == []
    assert title_case_words("Capitán Rayo", PROPER["challengers"]) == []
    assert title_case_words("Dron de Carga", PROPER["challengers"]) == ["Carga"]


def shouting(english: str, translation: str) -> bool:
    """A label that exclaims (Spanish `¡…!` or a final `!`) where its English does not."""
    return "!" not in english and ("¡" in translation or translation.rstrip().endswith("!"))


def test_shouting_is_found() -> None:
    assert shouting("Both Down", "¡Ambos derribados!")
    assert shouting("Casualty", "Verletzt!")
    assert not shouting("The ball!", "¡El balón!")
    assert not shouting("Both Down", "Ambos derribados")


@pytest.mark.parametrize(("project", "locale"), CATALOGS)
def test_no_label_shouts_where_the_english_does_not(project, locale) -> None:
    offending = [
        (ctx, text) for ctx, english, text in _labels(project, locale) if shouting(english, text)
    ]
    assert offending == []


FIELD = re.compile(r"\{[a-z_][a-z0-9_]*\}|%\([a-z_][a-z0-9_]*\)[a-z]")


def lost_placeholders(plural_english: str, forms: tuple[str, ...]) -> list[tuple[int, str]]:
    """(form index, placeholder) for each placeholder of the English plural a form has fewer of.

    Every form is compared with the English plural: a form is printed for
    counts the English singular never sees (Spanish msgstr[0] also serves 0
    in some languages, German's for 1 only), so each keeps every value.
    """
    wanted = Counter(FIELD.findall(plural_english))
    lost = []
    for index, form in enumerate(forms):
        if form:
            have = Counter(FIELD.findall(form))
            lost += [(index, field) for field in sorted(wanted) if have[field] < wanted[field]]
    return lost


def test_a_lost_plural_placeholder_is_found() -> None:
    """The shipped defect: Dungeon Bowl's msgstr[0] kept one of the English's two {count}."""
    english = "Fold the {count} block-die nets into cubes; a block rolls at most {count} of them."
    forms = ("Dobla el desarrollo en un cubo; tira como mucho {count}.", "{count} {count}")
    assert lost_placeholders(english, forms) == [(0, "{count}")]


@pytest.mark.parametrize(("project", "locale"), CATALOGS)
def test_every_plural_form_keeps_its_placeholders(project, locale) -> None:
    lost = []
    for message in _read(project, locale):
        if isinstance(message.id, tuple) and message.string:
            found = lost_placeholders(message.id[1], tuple(message.string))
            lost += [(message.context, message.id[0], *item) for item in found]
    assert lost == []


# --- Headers: the game, its language team, a translator ------------------------------------

BABEL_TEAM = "<LL@li.org>"  # Babel's placeholder address: `es <LL@li.org>`, `Spanish <LL@li.org>`
DEFAULT_TRANSLATOR = "FULL NAME <EMAIL@ADDRESS>"


def header_problems(catalog, game: str) -> list[str]:
    """What a catalog's header lacks: the game's name, a real team, a translator."""
    problems = []
    if game not in (catalog.project or "") + " " + (catalog.version or ""):
        problems.append(f"Project-Id-Version {catalog.project} {catalog.version} names not {game}")
    team = catalog.language_team or ""
    if not team.strip() or BABEL_TEAM in team:
        problems.append(f"Language-Team is Babel's default {team!r}")
    if (catalog.last_translator or DEFAULT_TRANSLATOR) == DEFAULT_TRANSLATOR:
        problems.append("Last-Translator is the default")
    return problems


@pytest.mark.parametrize(("project", "locale"), CATALOGS)
def test_every_header_names_its_game_and_language_team(project, locale) -> None:
    game = pack_of(PROJECTS[project]).title
    assert header_problems(_read(project, locale), game) == []


def test_a_default_header_is_found() -> None:
    catalog = Catalog(
        project="ttgbuild", version="0.1.0", language_team="de <LL@li.org>", locale="de"
    )
    assert len(header_problems(catalog, "Dungeon Bowl")) == 3
    catalog.project, catalog.version = "Dungeon Bowl", "0.1"
    catalog.language_team = "German <dungeon-bowl-de@example.org>"
    catalog.last_translator = "Dungeon Bowl German translation"
    assert header_problems(catalog, "Dungeon Bowl") == []


# --- GNU gettext and translate-toolkit ------------------------------------------------------

# pofilter's default tests, less those documented as deliberate for the locale
# (docs/translating.md, "Checked with gettext and translate-toolkit").
POFILTER_EXCLUDED = {
    "es": ["acronyms", "unchanged", "startcaps", "doublequoting", "singlequoting", "puncspacing"],
    "de": ["acronyms", "unchanged", "startcaps", "doublequoting", "singlequoting", "puncspacing"],
}
# Single entries a test flags on purpose, by (project, locale): (test, context or start of
# the English).
NUMBER_COLUMN = {(test, "#") for test in ("purepunc", "endpunc", "long", "startpunc", "simplecaps")}
POFILTER_ACCEPTED = {
    ("jugger-ttg", "es"): {("simplecaps", "weapon:")},  # weapon names print capitalised
    ("jugger-ttg", "de"): {
        ("brackets", "<b>Line of sight (LoS).</b>"),
        ("brackets", "A target is in line of sight"),
    },
    # "Diagrama de torneo n.º 3": the abbreviation's dot is no sentence; the Robot is a name.
    ("challengers", "es"): {("sentencecount", "Tournament diagram no."), ("simplecaps", "Robot")},
    # The shirt-number column "#" is "N.º"/"Nr.", "Most" is "Máx."/"Max."; German writes "K.o.".
    # The dugout's KO box is the book's "casilla de Jugadores Noqueados" (L115), in words.
    # The pre- and post-match step texts print after "Name:", so Spanish starts them in lower case.
    ("dungeon-bowl", "es"): NUMBER_COLUMN
    | {("endpunc", "Most"), ("simplecaps", "dugout:ko:name")}
    | {("simplecaps", "pre_match:"), ("simplecaps", "post_match:")},
    ("dungeon-bowl", "de"): NUMBER_COLUMN | {("endpunc", "Most"), ("endpunc", "KO")},
}
FINDING = re.compile(r"\(pofilter\) (\w+):")


def pofilter_findings(
    po: Path, locale: str, out: Path, project: str = "jugger-ttg"
) -> list[tuple[str, str, str]]:
    """(test, context, English) of every finding pofilter reports, less the project's accepted."""
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
                for name, start in POFILTER_ACCEPTED.get((project, locale), ())
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
@pytest.mark.parametrize(("project", "locale"), CATALOGS)
def test_pofilter_finds_nothing_undocumented(project, locale, tmp_path) -> None:
    found = pofilter_findings(_po(project, locale), locale, tmp_path / "out.po", project)
    assert found == []


@needs_pofilter
def test_pofilter_reports_a_doubled_word(shipped, tmp_path) -> None:
    shipped.replace(DE, 'msgstr "Keine Verteidigung"', 'msgstr "Keine keine Verteidigung"')
    found = pofilter_findings(shipped.path(DE), "de", tmp_path / "out.po")
    assert found == [("doublewords", "quickref", "No defence")]


@needs_msgfmt
@pytest.mark.parametrize(("project", "locale"), CATALOGS)
def test_msgfmt_check_is_clean(project, locale) -> None:
    po = _po(project, locale)
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
