"""Plurals: a count picks the form its language wants, in code, templates and content.

Polish is the test language because it has three forms (1; 2-4, 22-24;
0, 5-21, 25...), so a kit that only knows "1 or not 1" shows up here.
"""

from __future__ import annotations

import gettext
import json
import shutil
import subprocess
import sys
from pathlib import Path

import babel.messages.catalog
import pytest
import yaml
from babel import Locale
from babel.plural import PluralRule
from conftest import REPO, run_cli

from bench.pdfview import open_pdf
from ttgbuild.i18n import catalogs, plurals
from ttgbuild.i18n.extract import extract_messages
from ttgbuild.i18n.paths import catalog_path
from ttgbuild.i18n.runtime import Translator, load_translator
from ttgbuild.validate.project import validate_project

COUNTS = (0, 1, 2, 5, 22)
CROUCH_ONE, CROUCH_OTHER = "Crouch count: {stones} stone", "Crouch count: {stones} stones"
INTERCEPT = "talent:intercept:text"
# Polish forms: [0] for 1, [1] for 2-4 and 22-24, [2] for 0, 5-21, 25...
PL_CROUCH = (
    "Czas przykucnięcia: {stones} kolejka",
    "Czas przykucnięcia: {stones} kolejki",
    "Czas przykucnięcia: {stones} kolejek",
)
PL_INTERCEPT = (
    "Gdy jugg zostanie rzucony, zrób szybki krok o najwyżej {hexes} pole.",
    "Gdy jugg zostanie rzucony, zrób szybki krok o najwyżej {hexes} pola.",
    "Gdy jugg zostanie rzucony, zrób szybki krok o najwyżej {hexes} pól.",
)


def crouch_context() -> str | None:
    """The weapon card's crouch count line's msgctxt, whatever the code calls it today."""
    for message in extract_messages(REPO):
        if message.id and not isinstance(message.id, str) and message.id[0] == CROUCH_ONE:
            return message.context
    raise AssertionError("the crouch count line is not a plural message")


CROUCH = (crouch_context(), CROUCH_ONE, CROUCH_OTHER)


def ttgbuild(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the CLI in `project` as a user would, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "ttgbuild", *args],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )


def copy_project(target: Path) -> Path:
    for folder in ("content", "locales"):
        shutil.copytree(REPO / folder, target / folder)
    shutil.copy(REPO / "ttgbuild.toml", target / "ttgbuild.toml")
    return target


def fill(project: Path, locale: str, forms: dict[tuple[str | None, str], tuple[str, ...]]) -> None:
    """Translate entries, given by (msgctxt, English singular), the way a script would."""
    path = catalog_path(project, locale)
    catalog = catalogs.read_catalog(path, str(path), catalogs.cldr_locale(locale))
    for (context, singular), strings in forms.items():
        message = catalog.get(singular, context)
        assert message is not None, singular
        message.string = strings if len(strings) > 1 else strings[0]
        message.flags.discard("fuzzy")
    catalogs.write_if_changed(path, catalogs.render(catalog), str(path))


def translated(project: Path, locale: str) -> int:
    """How many entries `i18n status` counts as translated for `locale`."""
    rows, _ = catalogs.status(project)
    return next(row.translated for row in rows if row.locale == locale)


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.text().split()) for page in open_pdf(path))


@pytest.fixture(scope="module")
def polish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with a new Polish catalog, a few entries translated."""
    project = copy_project(tmp_path_factory.mktemp("pl"))
    result = ttgbuild(project, "i18n", "init", "pl")
    assert result.returncode == 0, result.stderr
    intercept = yaml.safe_load((project / "content/talents/intercept.yaml").read_text("utf-8"))
    fill(
        project,
        "pl",
        {
            CROUCH[:2]: PL_CROUCH,
            (INTERCEPT, intercept["text"]["one"]): PL_INTERCEPT,
        },
    )
    return project


# --- (a) the run-time translator picks the form -----------------------------------


@pytest.mark.parametrize("n", COUNTS)
def test_english_takes_the_singular_for_one_only(n: int) -> None:
    tr = Translator("en")
    expected = CROUCH[1] if n == 1 else CROUCH[2]
    assert tr.npgettext(*CROUCH, n) == expected
    assert tr.ngettext("{n} page", "{n} pages", n) == ("{n} page" if n == 1 else "{n} pages")


@pytest.mark.parametrize(
    ("locale", "one", "other"),
    [
        ("de", "Strafzeit: {stones} Stein", "Strafzeit: {stones} Steine"),
        ("es", "Conteo de agachado: {stones} piedra", "Conteo de agachado: {stones} piedras"),
    ],
)
@pytest.mark.parametrize("n", COUNTS)
def test_shipped_catalogs_pick_their_form(locale: str, one: str, other: str, n: int) -> None:
    tr = load_translator(REPO, locale)
    assert tr.npgettext(*CROUCH, n) == (one if n == 1 else other)
    assert not [d for d in tr.diagnostics if d.code == "JT801"]


@pytest.mark.parametrize(("n", "form"), [(0, 2), (1, 0), (2, 1), (5, 2), (22, 1)])
def test_polish_has_three_forms(polish: Path, n: int, form: int) -> None:
    tr = load_translator(polish, "pl")
    assert tr.npgettext(*CROUCH, n) == PL_CROUCH[form]
    printed = tr.fill(tr.npgettext(*CROUCH, n), {"stones": n})
    assert printed == PL_CROUCH[form].replace("{stones}", str(n))


def test_a_count_is_written_the_locales_way() -> None:
    tr = load_translator(REPO, "de")
    assert tr.fill(tr.npgettext(*CROUCH, 1000), {"stones": 1000}) == "Strafzeit: 1.000 Steine"


def test_a_missing_plural_falls_back_to_english_with_one_warning(polish: Path) -> None:
    tr = load_translator(polish, "pl")
    singular, plural = "Print the {count} tile page", "Print the {count} tile pages"
    assert tr.ngettext(singular, plural, 5) == plural
    assert tr.ngettext(singular, plural, 1) == singular
    warnings = [d for d in tr.diagnostics if d.code == "JT801"]
    assert len(warnings) == 1 and "tile page" in warnings[0].message


def test_a_plural_with_a_form_missing_is_not_used(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert ttgbuild(project, "i18n", "init", "pl").returncode == 0
    fill(project, "pl", {CROUCH[:2]: (*PL_CROUCH[:2], "")})
    tr = load_translator(project, "pl")
    assert tr.npgettext(*CROUCH, 5) == CROUCH[2]
    assert any(d.code == "JT801" for d in tr.diagnostics)
    assert translated(project, "pl") == 0


def test_content_text_picks_its_form_from_the_count_placeholder(polish: Path) -> None:
    tr = load_translator(polish, "pl")
    intercept = yaml.safe_load((polish / "content/talents/intercept.yaml").read_text("utf-8"))
    one, other = intercept["text"]["one"], intercept["text"]["other"]
    for hexes, form in ((1, 0), (2, 1), (5, 2)):
        printed = tr.content(
            "talent", "intercept", "text", one, {"hexes": hexes}, plural=other, count="hexes"
        )
        assert printed == PL_INTERCEPT[form].replace("{hexes}", str(hexes))
    english = Translator("en")
    assert "{hexes}" not in english.content(
        "talent", "intercept", "text", one, {"hexes": 1}, plural=other, count="hexes"
    )
    assert english.content(
        "talent", "intercept", "text", one, {"hexes": 1}, plural=other, count="hexes"
    ) == one.replace("{hexes}", "1")


# --- extraction and catalogs ------------------------------------------------------------


def test_the_template_has_plural_entries_from_content_code_and_templates() -> None:
    template = extract_messages(REPO)
    plural = {(m.context, m.id[0]): m for m in template if m.id and not isinstance(m.id, str)}
    assert (CROUCH[0], CROUCH[1]) in plural
    assert plural[CROUCH[0], CROUCH[1]].id[1] == CROUCH[2]
    assert any(context == INTERCEPT for context, _ in plural)
    assert any("%(tiles)s tile page" in singular for _, singular in plural)
    assert any(
        "The form is chosen by {hexes}" in " ".join(m.auto_comments)
        for (context, _), m in plural.items()
        if context == INTERCEPT
    )


def test_init_writes_polish_plural_forms(polish: Path) -> None:
    text = catalog_path(polish, "pl").read_text("utf-8")
    assert header_field(catalog_path(polish, "pl"), "Plural-Forms") == GETTEXT_PLURAL_FORMS["pl"]
    assert 'msgid_plural "Crouch count: {stones} stones"' in text
    assert 'msgstr[2] "Czas przykucnięcia: {stones} kolejek"' in text


def test_update_gives_each_catalog_its_number_of_forms(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert ttgbuild(project, "i18n", "init", "pl").returncode == 0
    po = catalog_path(project, "pl")
    # A catalog written with two forms (say, copied from Spanish) gets its third back.
    text = po.read_text("utf-8").replace('msgstr[2] ""\n', "")
    po.write_text(text, "utf-8")
    assert ttgbuild(project, "i18n", "update").returncode == 0
    entry = po.read_text("utf-8").split('msgid_plural "Crouch count: {stones} stones"\n')[1]
    assert entry.startswith('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n')
    es = catalog_path(project, "es").read_text("utf-8")
    entry = es.split('msgid_plural "Crouch count: {stones} stones"\n')[1]
    assert entry.startswith("msgstr[0] ") and "msgstr[2]" not in entry.split("\n\n")[0]


def test_status_counts_a_plural_only_when_every_form_is_filled(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert ttgbuild(project, "i18n", "init", "pl").returncode == 0
    fill(project, "pl", {CROUCH[:2]: (*PL_CROUCH[:2], "")})
    assert translated(project, "pl") == 0
    fill(project, "pl", {CROUCH[:2]: PL_CROUCH})
    assert translated(project, "pl") == 1


def test_a_text_gaining_a_count_keeps_its_translation_as_fuzzy_forms(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / "content/talents/intercept.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    data["text"] = "When the jugg is thrown, step up to {hexes} hexes."
    path.write_text(yaml.safe_dump(data), "utf-8")
    assert ttgbuild(project, "i18n", "extract").returncode == 0
    assert ttgbuild(project, "i18n", "update").returncode == 0
    fill(
        project,
        "es",
        {(INTERCEPT, data["text"]): ("Al lanzarse el jugg, avanza {hexes} casillas.",)},
    )
    data["text"] = {"one": "Step {hexes} hex.", "other": "Step {hexes} hexes.", "count": "hexes"}
    path.write_text(yaml.safe_dump(data), "utf-8")
    assert ttgbuild(project, "i18n", "extract").returncode == 0
    result = ttgbuild(project, "i18n", "update")
    assert result.returncode == 0, result.stderr
    es = catalogs.read_catalog(catalog_path(project, "es"), "es", catalogs.cldr_locale("es"))
    message = es.get("Step {hexes} hex.", INTERCEPT)
    assert message.fuzzy
    assert list(message.string) == ["Al lanzarse el jugg, avanza {hexes} casillas."] * 2


# --- the Plural-Forms header: gettext's rule, whichever Babel is installed ------------------

# What GNU gettext's msginit writes (gettext-tools/src/plural-table.c), and the usual six-form
# Arabic rule. Babel 2.19's CLDR gives es, fr, it and pt_BR a third form for multiples of a
# million, and its expressions are spelt differently; a catalog must not follow it.
SLAVIC = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);"
)
GETTEXT_PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ru": SLAVIC,
    "uk": SLAVIC,
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "sk": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "ja": "nplurals=1; plural=0;",
    "ko": "nplurals=1; plural=0;",
    "zh_Hant_TW": "nplurals=1; plural=0;",
    "ar": (
        "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
        "n%100>=11 ? 4 : 5);"
    ),
}
# A rule no Babel gives any language: Babel made to claim it for every locale.
CLAIMED = (4, "(n % 4)")


def header_field(path: Path, name: str) -> str:
    """A header field of a .po file as its bytes say (its strings joined, no Babel reading)."""
    header = path.read_text("utf-8").split("\n\n", 1)[0]
    strings = "".join(json.loads(line) for line in header.splitlines() if line.startswith('"'))
    values = [line.split(": ", 1)[1] for line in strings.split("\n") if line.startswith(name)]
    assert len(values) == 1, strings
    return values[0]


def without_revision_date(path: Path) -> str:
    """A new catalog's text but for the times it and its template were made (two runs a
    minute apart differ there, nowhere else)."""
    lines = path.read_text("utf-8").splitlines(keepends=True)
    times = ('"PO-Revision-Date:', '"POT-Creation-Date:')
    return "".join(line for line in lines if not line.startswith(times))


def fresh_project(target: Path) -> Path:
    """The project with no catalog, so any locale can be started, and no template: the
    first `init` extracts it with the Babel installed (the shipped one is the newest's)."""
    shutil.copytree(REPO / "content", target / "content")
    (target / "locales").mkdir()
    shutil.copy(REPO / "ttgbuild.toml", target / "ttgbuild.toml")
    return target


@pytest.fixture
def babel_claims_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel made to give every locale CLAIMED, and to be another version."""
    monkeypatch.setattr(babel.messages.catalog, "get_plural", lambda locale: CLAIMED)
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "99.0")
    monkeypatch.setattr(
        Locale, "plural_form", property(lambda self: PluralRule({"one": "n is 1", "few": "n is 2"}))
    )


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with a catalog started, in this process, for every GETTEXT_PLURAL_FORMS locale."""
    project = fresh_project(tmp_path_factory.mktemp("started"))
    for locale in GETTEXT_PLURAL_FORMS:
        result = run_cli(project, "i18n", "init", locale)
        assert result.exit_code == 0, result.output
        assert "plural table" not in result.output
    return project


@pytest.mark.parametrize("locale", sorted(GETTEXT_PLURAL_FORMS))
def test_init_writes_gettexts_plural_forms(started: Path, locale: str) -> None:
    path = catalog_path(started, locale)
    assert header_field(path, "Plural-Forms") == GETTEXT_PLURAL_FORMS[locale]
    assert header_field(path, "Generated-By") == "ttgbuild"


def test_init_writes_two_forms_for_each_spanish_count(started: Path) -> None:
    text = catalog_path(started, "es").read_text("utf-8")
    entry = text.split('msgid_plural "Crouch count: {stones} stones"\n')[1].split("\n\n")[0]
    assert entry == 'msgstr[0] ""\nmsgstr[1] ""'


@pytest.mark.parametrize("locale", ["es", "pl", "ja"])
def test_init_writes_the_same_catalog_whatever_babel_says(
    started: Path, tmp_path: Path, babel_claims_otherwise: None, locale: str
) -> None:
    assert babel.messages.catalog.Catalog(locale=locale).num_plurals == CLAIMED[0]
    project = fresh_project(tmp_path)
    result = run_cli(project, "i18n", "init", locale)
    assert result.exit_code == 0, result.output
    ours, theirs = catalog_path(started, locale), catalog_path(project, locale)
    assert without_revision_date(theirs) == without_revision_date(ours)


def test_a_locale_missing_from_the_table_gets_babels_rule_and_says_so(
    tmp_path: Path, babel_claims_otherwise: None
) -> None:
    assert plurals.gettext_plural_forms("sw") is None  # Swahili: no row
    project = fresh_project(tmp_path)
    result = run_cli(project, "i18n", "init", "sw")
    assert result.exit_code == 0, result.output
    assert "ttgbuild's plural table has no sw" in result.stdout
    assert (
        header_field(catalog_path(project, "sw"), "Plural-Forms") == "nplurals=4; plural=(n % 4);"
    )


def test_update_rewrites_no_catalog_for_a_new_babel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`update` keeps each catalog's Generated-By, so it agrees with `update --check`."""
    project = fresh_project(tmp_path)
    for locale in ("es", "de"):
        assert run_cli(project, "i18n", "init", locale).exit_code == 0
    de = catalog_path(project, "de")  # as an older Babel wrote it
    de.write_text(
        de.read_text("utf-8").replace("Generated-By: ttgbuild", "Generated-By: Babel 2.14.0"),
        "utf-8",
    )
    before = {locale: catalog_path(project, locale).read_bytes() for locale in ("es", "de")}
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "99.0")
    assert run_cli(project, "i18n", "update", "--check").exit_code == 0
    result = run_cli(project, "i18n", "update")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("(unchanged)") == 2, result.stdout
    assert {locale: catalog_path(project, locale).read_bytes() for locale in before} == before


def test_a_catalog_without_plural_forms_takes_the_tables_rule(
    tmp_path: Path, babel_claims_otherwise: None
) -> None:
    """Not Babel's: its forms are read as two, so the Spanish of a million is the plural."""
    project = copy_project(tmp_path)
    path = catalog_path(project, "es")
    lines = path.read_text("utf-8").splitlines(keepends=True)
    path.write_text("".join(line for line in lines if "Plural-Forms" not in line), "utf-8")
    tr = load_translator(project, "es")
    assert tr.plural_forms == GETTEXT_PLURAL_FORMS["es"]
    for n, form in ((1, "piedra"), (2, "piedras"), (1_000_000, "piedras")):
        assert tr.npgettext(*CROUCH, n) == f"Conteo de agachado: {{stones}} {form}"
    assert not [d for d in tr.diagnostics if d.code == "JT801"]


@pytest.mark.parametrize("locale", sorted(json.loads(plurals.TABLE.read_text("utf-8"))["forms"]))
def test_each_rule_of_the_table_uses_its_forms_and_reads_back(locale: str) -> None:
    """Every number takes one of nplurals forms, each form is taken, and Babel reads the
    header back as written (it rewrites what it cannot parse)."""
    forms = plurals.gettext_plural_forms(locale)
    assert forms is not None
    count = int(forms.split(";")[0].removeprefix("nplurals="))
    rule = gettext.c2py(forms.split("plural=", 1)[1].removesuffix(";"))
    assert {rule(n) for n in range(2000)} == set(range(count))
    catalog = babel.messages.catalog.Catalog(locale=locale)
    catalog.mime_headers = [("Plural-Forms", forms)]
    assert catalog.plural_forms == forms


# --- content rules ---------------------------------------------------------------------


def diagnostics_after(project: Path, text: object) -> list[tuple[str, str]]:
    path = project / "content/talents/intercept.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    data["text"] = text
    path.write_text(yaml.safe_dump(data), "utf-8")
    _, found = validate_project(project)
    return [(d.code, d.pointer) for d in found if d.file.endswith("intercept.yaml")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            {"one": "Step {hexes} hex.", "other": "Step 2 hexes.", "count": "hexes"},
            ("JT210", "/text/other"),
        ),
        (
            {"one": "Step {hexes} hex.", "other": "Step {steps} hexes.", "count": "hexes"},
            ("JT208", "/text/other"),
        ),
        (
            {"one": "Pay {cost} [focsu].", "other": "Step {hexes} hexes.", "count": "hexes"},
            ("JT211", "/text/one"),
        ),
        (
            {"one": "Step {hexes} hex.", "other": "Step {hexes} hexes.", "count": "steps"},
            ("JT213", "/text/count"),
        ),
        ({"one": "Step {hexes} hex.", "other": "Step {hexes} hexes."}, ("JT051", "/text")),
    ],
)
def test_both_forms_are_checked(tmp_path: Path, text: object, expected: tuple[str, str]) -> None:
    project = copy_project(tmp_path)
    assert expected in diagnostics_after(project, text)


def test_a_count_may_name_cost_or_bonus_dice(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    text = {
        "one": "Step {hexes} hex for {cost} [focus].",
        "other": "Steps: {hexes}.",
        "count": "cost",
    }
    assert diagnostics_after(project, text) == []


# --- (b) and (c): the printed kit -------------------------------------------------------


def test_polish_kit_prints_the_form_for_each_number(polish: Path) -> None:
    """Intercept's 2 hexes take form 1; crouch counts of 3 and 5 stones forms 1 and 2."""
    out = polish / "out"
    result = ttgbuild(polish, "build", "--locale", "pl", "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    printed = pdf_text(out / "pl/cards.pdf")
    assert "o najwyżej 2 pola." in printed
    crouches = {
        w["crouch_count"]
        for w in yaml.safe_load((polish / "content/weapons.yaml").read_text("utf-8"))["weapons"]
    }
    for stones in crouches:
        form = 0 if stones == 1 else 1 if stones in (2, 3, 4) else 2
        assert PL_CROUCH[form].replace("{stones}", str(stones)) in printed


def test_changing_a_count_from_one_to_two_switches_the_english(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / "content/talents/give-ground.yaml"
    before = pdf_text(build_english(project, "one"))
    assert "up to 1 hex directly away" in before
    path.write_text(path.read_text("utf-8").replace("hexes: 1", "hexes: 2"), "utf-8")
    after = pdf_text(build_english(project, "two"))
    assert "up to 2 hexes directly away" in after
    assert "1 hex directly" not in after


def build_english(project: Path, name: str) -> Path:
    result = ttgbuild(project, "build", "--locale", "en", "--out", str(project / name))
    assert result.returncode == 0, result.stdout + result.stderr
    return project / name / "en/cards.pdf"
