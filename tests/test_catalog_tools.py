"""Catalogs saved by translators' tools stay current, keep their budgets and exemptions.

Poedit pipes every save through GNU msgcat, Weblate's add-on runs msgmerge,
scripts use polib or translate-toolkit: each re-wraps strings (and some the
comments) and GNU's tools drop every flag they do not know. Every shipped
catalog (the root project, each game, the example) goes through each tool on a
copy; `i18n update --check` must still pass and `i18n check` must say what it
said before, and `i18n update` must give back the template's flags.

Also here: the Weblate flags the template carries, measured as Weblate measures.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO, run_cli

from ttgbuild.i18n import catalogs
from ttgbuild.i18n.checks import ICON_WIDTH, ICONS, PLACEHOLDER_WIDTH, PLACEHOLDERS, TAGS
from ttgbuild.i18n.extract import is_template_flag
from ttgbuild.i18n.paths import catalog_path, template_path

NO_GETTEXT = "GNU gettext's msgcat/msgmerge are not installed (Debian: apt-get install gettext)"
NO_GNU = shutil.which("msgcat") is None or shutil.which("msgmerge") is None
needs_gettext = pytest.mark.skipif(NO_GNU, reason=NO_GETTEXT)

# Every project with shipped catalogs: the root, each game (games/<name> links to its pack's
# starter) and the example.
PROJECTS = {
    "root": REPO,
    **{f"games/{p.name}": p for p in sorted((REPO / "games").iterdir()) if p.is_dir()},
    "examples/tidewrack": REPO / "examples" / "tidewrack",
}


def _msgcat(po: Path, pot: Path) -> None:
    subprocess.run(["msgcat", "-o", str(po), str(po)], check=True)


def _msgmerge(po: Path, pot: Path) -> None:
    """As Weblate's msgmerge add-on and Poedit's "Update from POT" run it."""
    subprocess.run(
        ["msgmerge", "--quiet", "--previous", "-o", str(po), str(po), str(pot)], check=True
    )


def _msgmerge_no_location(po: Path, pot: Path) -> None:
    """As a Poedit or Weblate set to save without `#:` source references does."""
    subprocess.run(
        ["msgmerge", "--quiet", "--no-location", "-o", str(po), str(po), str(pot)], check=True
    )


def _polib(po: Path, pot: Path) -> None:
    import polib

    polib.pofile(str(po)).save()


def _translate_toolkit(po: Path, pot: Path) -> None:
    """Read and written by translate-toolkit's PO storage, as Weblate does."""
    from translate.storage import pypo

    store = pypo.pofile.parsefile(str(po))
    po.write_bytes(bytes(store))


TOOLS: dict[str, Callable[[Path, Path], None]] = {
    "msgcat": _msgcat,
    "msgmerge": _msgmerge,
    "msgmerge --no-location": _msgmerge_no_location,
    "polib": _polib,
    "translate-toolkit": _translate_toolkit,
}


def copy_project(source: Path, target: Path) -> Path:
    """What extraction and the checks read of a project: the root's content, catalogs and
    settings, a starter project whole (a data pack's `pack/` too)."""
    if source != REPO:
        shutil.copytree(source, target, dirs_exist_ok=True)
        return target
    for folder in ("content", "locales"):
        shutil.copytree(source / folder, target / folder)
    shutil.copy(source / "ttgbuild.toml", target / "ttgbuild.toml")
    return target


def findings(project: Path) -> set[tuple[str, str, str]]:
    """What `i18n check` says, without lines (a tool's wrapping moves entries)."""
    result = run_cli(project, "i18n", "check", "--format", "json")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return {(d["code"], d["file"], d["message"]) for d in json.loads(result.stdout)}


def template_flags(project: Path) -> dict[tuple[str, str | None], set[str]]:
    """Each message's flags the template gives, by (msgid, msgctxt)."""
    template = catalogs.read_catalog(template_path(project), "template", None)
    return {
        (catalogs.msgid_of(m), m.context): {f for f in m.flags if is_template_flag(f)}
        for m in template
        if m.id
    }


@pytest.fixture(scope="module", params=sorted(PROJECTS))
def shipped(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    """A copy of a shipped project, what `i18n check` says of it, and its locales."""
    project = copy_project(PROJECTS[request.param], tmp_path_factory.mktemp("shipped"))
    locales = catalogs.catalog_locales(project)
    assert locales, f"{request.param} ships no catalog"
    return project, findings(project), locales


@pytest.mark.timeout(120)
@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_a_catalog_saved_by_a_tool_stays_current_and_checked_the_same(
    shipped: tuple, tool: str, tmp_path: Path
) -> None:
    if tool.startswith("msg") and NO_GNU:
        pytest.skip(NO_GETTEXT)  # polib and translate-toolkit need no GNU tool
    source, before, locales = shipped
    project = copy_project(source, tmp_path / "project")
    pot = template_path(project)
    for locale in locales:
        path = catalog_path(project, locale)
        original = path.read_bytes()
        TOOLS[tool](path, pot)
        assert path.read_bytes() != original or tool == "translate-toolkit"
    checked = run_cli(project, "i18n", "update", "--check")
    assert checked.exit_code == 0, checked.output
    assert findings(project) == before

    assert run_cli(project, "i18n", "update").exit_code == 0
    wanted = template_flags(project)
    for locale in locales:
        path = catalog_path(project, locale)
        catalog = catalogs.read_catalog(path, str(path), catalogs.cldr_locale(locale))
        got = {
            (catalogs.msgid_of(m), m.context): {f for f in m.flags if is_template_flag(f)}
            for m in catalog
            if m.id
        }
        assert got == wanted, f"{locale}: update did not restore the template's flags"
    assert run_cli(project, "i18n", "update", "--check").exit_code == 0


@needs_gettext
def test_msgcat_drops_unknown_flags_but_keeps_the_glossary_comment(tmp_path: Path) -> None:
    """Why budgets live in the template and an exemption in a comment: what GNU keeps."""
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        "# ignore-check-glossary\n"
        '#, ignore-check-glossary, max-length:9, python-brace-format, placeholders:"{n}"\n'
        'msgid "a {n}"\nmsgstr "b {n}"\n',
        "utf-8",
    )
    _msgcat(po, po)
    text = po.read_text("utf-8")
    assert "# ignore-check-glossary\n" in text
    assert "#, python-brace-format\n" in text  # every other flag is gone


def test_a_glossary_exemption_as_a_comment_alone_exempts_the_entry(tmp_path: Path) -> None:
    """The comment is what survives Poedit; the flag comes back with `update`."""
    project = copy_project(REPO, tmp_path)
    path = catalog_path(project, "de")
    blocks = path.read_text("utf-8").split("\n\n")
    exempt = [i for i, block in enumerate(blocks) if GLOSSARY_MARK.search(block)]
    assert exempt, "the German catalog has no exempt entry to test with"
    before = findings(project)
    for i in exempt:  # neither flag nor comment: as a tool that knew neither would leave it
        blocks[i] = GLOSSARY_MARK.sub("", blocks[i]).replace("\n#, \n", "\n")
    bare = findings_of_text(project, path, "\n\n".join(blocks))
    assert {code for code, _file, _message in bare - before} == {"JT818"}

    for i in exempt:  # the comment line alone
        blocks[i] = "# ignore-check-glossary\n" + blocks[i]
    assert findings_of_text(project, path, "\n\n".join(blocks)) == before
    assert run_cli(project, "i18n", "update", "--check").exit_code == 0
    assert run_cli(project, "i18n", "update").exit_code == 0
    flags = [line for line in path.read_text("utf-8").splitlines() if line.startswith("#, ")]
    assert sum("ignore-check-glossary" in line for line in flags) == len(exempt)


# The exemption in any of its forms: a comment line, the flag by Weblate's or the old name.
GLOSSARY_MARK = re.compile(
    r"^# ignore-check-glossary\n"
    r"|(?<=#, )ignore-(?:check-)?glossary(?:, )?|, ignore-(?:check-)?glossary",
    re.MULTILINE,
)


def findings_of_text(project: Path, path: Path, text: str) -> set[tuple[str, str, str]]:
    path.write_text(text, "utf-8")
    return findings(project)


def test_the_gate_still_sees_a_catalog_missing_a_message(tmp_path: Path) -> None:
    """Ignoring wrapping and tool flags must not hide a real difference."""
    project = copy_project(REPO, tmp_path)
    path = catalog_path(project, "es")
    entries = path.read_text("utf-8").split("\n\n")
    path.write_text("\n\n".join(entries[:1] + entries[2:]), "utf-8")
    result = run_cli(project, "i18n", "update", "--check")
    assert result.exit_code == 1
    assert "JT821" in result.output


# --- the Weblate flags of the template -----------------------------------------------


def weblate_parameters(flag: str) -> list[str]:
    """A flag's colon-separated parameters, double-quoted ones unquoted (Weblate's syntax)."""
    return [
        quoted if quoted or bare == "" else bare
        for quoted, bare in re.findall(r'"((?:[^"\\]|\\.)*)"|([^:"]+)', flag.split(":", 1)[1])
    ]


def weblate_length(text: str, flags: set[str]) -> int:
    """The length Weblate's max-length check measures: the text after `replacements:`."""
    for flag in flags:
        if flag.startswith("replacements:"):
            values = weblate_parameters(flag)
            for old, new in zip(values[::2], values[1::2], strict=True):
                text = text.replace(old, new)
    return len(text)


def printed_length(text: str) -> int:
    """How `i18n check` measures a translation against its budget (JT816)."""
    printed = PLACEHOLDERS.sub("#" * PLACEHOLDER_WIDTH, text)
    return len(TAGS.sub("", ICONS.sub("#" * ICON_WIDTH, printed)))


@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_weblate_measures_every_budget_as_ttgbuild_prints_it(name: str) -> None:
    project = PROJECTS[name]
    template = catalogs.read_catalog(template_path(project), "template", None)
    flags = {(catalogs.msgid_of(m), m.context): m.flags for m in template if m.id}
    measured = 0
    for locale in catalogs.catalog_locales(project):
        path = catalog_path(project, locale)
        for message in catalogs.read_catalog(path, str(path), catalogs.cldr_locale(locale)):
            given = flags.get((catalogs.msgid_of(message), message.context), set())
            if not message.id or not any(f.startswith("max-length:") for f in given):
                continue
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            english = message.id if isinstance(message.id, tuple) else (message.id,)
            for text in (*forms, *english):
                assert weblate_length(text, given) == printed_length(text), (text, given)
                measured += 1
    assert measured


def test_placeholders_and_markup_are_flagged_for_weblate() -> None:
    template = catalogs.read_catalog(template_path(REPO), "template", None)
    seen = {"placeholders": 0, "xml-text": 0}
    for message in template:
        if not message.id or isinstance(message.id, tuple):
            continue
        tokens = set(PLACEHOLDERS.findall(message.id) + ICONS.findall(message.id))
        listed = [f for f in message.flags if f.startswith("placeholders:")]
        if tokens:
            assert listed, message.id
            assert set(weblate_parameters(listed[0])) == tokens
            seen["placeholders"] += 1
        else:
            assert not listed
        assert ("xml-text" in message.flags) == bool(TAGS.search(message.id))
        seen["xml-text"] += "xml-text" in message.flags
    assert seen["placeholders"] > 10


def test_no_flag_ttgbuild_writes_is_unknown_to_weblate() -> None:
    """`ignore-glossary` was ttgbuild's own name; Weblate's is `ignore-check-glossary`."""
    known = re.compile(
        r"^(fuzzy|python-format|python-brace-format|ignore-check-glossary|xml-text"
        r"|max-length:\d+|placeholders:.+|replacements:.+)$"
    )
    for project in PROJECTS.values():
        for path in [template_path(project)] + [
            catalog_path(project, locale) for locale in catalogs.catalog_locales(project)
        ]:
            for line in path.read_text("utf-8").splitlines():
                if line.startswith("#, "):
                    unknown = [f for f in line[3:].split(", ") if not known.match(f)]
                    assert not unknown, (path, line)


def test_the_round_trips_run_the_cli_as_installed(tmp_path: Path) -> None:
    """A smoke test of the gate as a subprocess, as CI runs it, on one tool's save."""
    if shutil.which("msgcat") is None:
        pytest.skip(NO_GETTEXT)
    project = copy_project(PROJECTS["games/dungeon-bowl"], tmp_path)
    for locale in catalogs.catalog_locales(project):
        _msgcat(catalog_path(project, locale), template_path(project))
    result = subprocess.run(
        [sys.executable, "-m", "ttgbuild", "i18n", "update", "--check"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
