"""`i18n init` writes GNU gettext's Plural-Forms and a header naming the game and its team.

The forms come from ttgbuild's table (plurals.py), so they are the same
whatever Babel is installed (Babel 2.19 gives Spanish and French a third
form); where GNU's msginit is installed, its header is the reference.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import REPO, run_cli

from ttgbuild.i18n.paths import catalog_path, template_path

GNU_TWO = "nplurals=2; plural=(n != 1);"
GNU_SLAVIC = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);"
)
EXPECTED = {
    "es": GNU_TWO,
    "de": GNU_TWO,
    "it": GNU_TWO,
    "pt": GNU_TWO,
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ru": GNU_SLAVIC,
}


def header(path: Path) -> dict[str, str]:
    """A .po file's header fields as its bytes say them."""
    head = path.read_text("utf-8").split("\n\n", 1)[0]
    strings = "".join(json.loads(line) for line in head.splitlines() if line.startswith('"'))
    return dict(line.split(": ", 1) for line in strings.split("\n") if ": " in line)


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with no catalogs, then one started for each EXPECTED locale."""
    project = tmp_path_factory.mktemp("started")
    shutil.copytree(REPO / "content", project / "content")
    (project / "locales").mkdir()
    shutil.copy(REPO / "ttgbuild.toml", project / "ttgbuild.toml")
    for locale in EXPECTED:
        result = run_cli(project, "i18n", "init", locale)
        assert result.exit_code == 0, result.output
    return project


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_init_writes_gnu_plural_forms(started: Path, locale: str) -> None:
    path = catalog_path(started, locale)
    assert header(path)["Plural-Forms"] == EXPECTED[locale]
    forms = int(EXPECTED[locale].split(";")[0].split("=")[1])
    text = path.read_text("utf-8")
    entry = text.split('msgid_plural "Crouch count: {stones} stones"\n')[1].split("\n\n")[0]
    assert entry.count("msgstr[") == forms


@pytest.mark.skipif(shutil.which("msginit") is None, reason="GNU gettext's msginit is missing")
@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_init_agrees_with_gnu_msginit(started: Path, locale: str, tmp_path: Path) -> None:
    out = tmp_path / f"{locale}.po"
    pot = str(template_path(started))
    subprocess.run(
        ["msginit", "--no-translator", "-l", locale, "-i", pot, "-o", str(out)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert header(catalog_path(started, locale))["Plural-Forms"] == header(out)["Plural-Forms"]


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_the_header_names_the_game_and_a_team(started: Path, locale: str) -> None:
    fields = header(catalog_path(started, locale))
    assert fields["Project-Id-Version"] == "Jugger TTG 0.1.0"
    for name in ("Language-Team", "Last-Translator"):
        assert "@li.org" not in fields[name] and "FULL NAME" not in fields[name]
        assert fields[name].endswith("translators of Jugger TTG"), fields[name]
    assert fields["Generated-By"] == "ttgbuild"


def test_update_replaces_placeholder_teams_and_keeps_real_ones(tmp_path: Path) -> None:
    project = tmp_path
    shutil.copytree(REPO / "content", project / "content")
    shutil.copytree(REPO / "locales", project / "locales")
    shutil.copy(REPO / "ttgbuild.toml", project / "ttgbuild.toml")
    es, de = catalog_path(project, "es"), catalog_path(project, "de")
    for path, team, translator in (
        (es, "Spanish <LL@li.org>", "FULL NAME <EMAIL@ADDRESS>"),
        (de, "Deutsches Team <team@example.org>", "Erika Muster <erika@example.org>"),
    ):
        text = path.read_text("utf-8")
        old = header(path)
        text = text.replace(f"Language-Team: {old['Language-Team']}", f"Language-Team: {team}")
        text = text.replace(
            f"Last-Translator: {old['Last-Translator']}", f"Last-Translator: {translator}"
        )
        text = text.replace("Project-Id-Version: Jugger TTG", "Project-Id-Version: ttgbuild")
        path.write_text(text, "utf-8")
    assert run_cli(project, "i18n", "update", "--check").exit_code == 0  # headers do not count
    assert run_cli(project, "i18n", "update").exit_code == 0
    assert header(es)["Language-Team"] == "Spanish (español) translators of Jugger TTG"
    assert header(es)["Last-Translator"] == "Spanish (español) translators of Jugger TTG"
    assert header(de)["Language-Team"] == "Deutsches Team <team@example.org>"
    assert header(de)["Last-Translator"] == "Erika Muster <erika@example.org>"
    for path in (es, de):
        assert header(path)["Project-Id-Version"] == "Jugger TTG 0.1.0"


@pytest.mark.parametrize("game", ["challengers", "dungeon-bowl", "pocket-tactics"])
def test_shipped_game_catalogs_name_their_game(game: str) -> None:
    project = REPO / "games" / game
    title = header(template_path(project))["Project-Id-Version"]
    assert not title.startswith("ttgbuild ")
    for path in sorted((project / "locales").glob("*/LC_MESSAGES/ttgbuild.po")):
        fields = header(path)
        assert fields["Project-Id-Version"] == title
        assert "@li.org" not in fields["Language-Team"]
