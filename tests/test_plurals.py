"""Plurals: a count picks the form its language wants, in code, templates and content.

Polish is the test language because it has three forms (1; 2-4, 22-24;
0, 5-21, 25...), so a kit that only knows "1 or not 1" shows up here.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
import yaml
from conftest import REPO

from ttgbuild.i18n import catalogs
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
    return " ".join(" ".join(page.get_text().split()) for page in pymupdf.open(path))


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
    assert '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 :' in text
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
