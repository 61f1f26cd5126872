"""Catalogs an outside attacker (or an unlucky translator) breaks: issue 14.

`validate`, `i18n check` and `build` judge a catalog by one reader
(`catalogs.read_catalog`), so what one accepts the others accept; a locale
folder whose catalog cannot be read is an error, never a language silently
left out; and no file under `locales/` (or the check cache) is read unless it
is a regular file, so a FIFO or /dev/zero cannot hang a command or fill memory.
Every test runs the CLI as a user would, on a copy of the shipped project
with its German catalog only (builds stay short).
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, project_copy_of
from conftest import run_cli as cli

DE = "locales/de/LC_MESSAGES/ttgbuild.po"
MO = "locales/de/LC_MESSAGES/ttgbuild.mo"
HEADER = '"Content-Type: text/plain; charset=utf-8\\n"'


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("catalogs")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    (root / "locales").mkdir()
    for name in ("glossary.tsv", "ttgbuild.pot"):
        shutil.copy(REPO / "locales" / name, root / "locales" / name)
    shutil.copytree(REPO / "locales/de", root / "locales/de")
    return root


@pytest.fixture
def project(shipped: Path, tmp_path: Path) -> Path:
    return project_copy_of(shipped, tmp_path)


def build(root: Path, *locales: str) -> Any:
    chosen = ["--locale", ",".join(locales)] if locales else []
    return cli(root, "build", *chosen, "--out", str(root / "out"))


def refused(result: Any, root: Path, located: str) -> None:
    """Exit 1 with `located` (file:line:column: severity code: message start) in the report."""
    assert result.exit_code == 1, result.output
    assert located in result.output, result.output
    assert "internal error" not in result.output
    if (root / "out").exists():
        assert not [path for path in (root / "out").rglob("*") if path.is_file()]


def lines(root: Path) -> list[str]:
    return (root / DE).read_text(encoding="utf-8").splitlines()


def entry_without_context(root: Path) -> tuple[str, int]:
    """The msgid line and line number of a translated entry with no msgctxt."""
    text = lines(root)
    for number, line in enumerate(text[20:], 21):
        if (
            line.startswith('msgid "')
            and line != 'msgid ""'
            and not text[number - 2].startswith("msgctxt")
        ):
            return line, number
    raise AssertionError("no entry without a context")


# --- one reader for validate and build ---------------------------------------------------


@pytest.mark.timeout(60)
def test_charset_is_taken_from_the_header_not_a_comment(project: Path) -> None:
    """A `charset=` in a comment let validate read UTF-8 while the build crashed on foo-9."""
    text = lines(project)
    header = text.index(HEADER)
    text[header] = HEADER.replace("utf-8", "foo-9")
    text.insert(0, "# charset=utf-8")
    (project / DE).write_text("\n".join(text) + "\n", encoding="utf-8")
    located = f"{DE}:{header + 2}:0: error JT810: unknown charset 'foo-9' in the header"
    refused(cli(project, "validate"), project, located)
    refused(build(project, "de"), project, located)


@pytest.mark.timeout(120)
def test_catalog_with_a_byte_order_mark_builds_as_it_validates(project: Path) -> None:
    (project / DE).write_bytes(b"\xef\xbb\xbf" + (project / DE).read_bytes())
    assert cli(project, "validate").exit_code == 0
    result = build(project, "de")
    assert result.exit_code == 0, result.output
    assert " error " not in result.output and "JT801" not in result.output
    assert (project / "out/de/rules.pdf").is_file()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("command", [("validate",), ("i18n", "check"), ("build", "de")])
def test_duplicate_entry_is_located_at_the_second(project: Path, command: tuple[str, ...]) -> None:
    msgid, first = entry_without_context(project)
    text = (project / DE).read_text(encoding="utf-8")
    (project / DE).write_text(f'{text}\n{msgid}\nmsgstr "Nochmal"\n', encoding="utf-8")
    second = len(lines(project)) - 1
    result = build(project, "de") if command[0] == "build" else cli(project, *command)
    said = f"duplicate message definition: msgid {msgid[7:-1]!r} is already defined at line"
    refused(result, project, f"{DE}:{second}:0: error JT810: {said} {first}; ")


@pytest.mark.timeout(60)
def test_duplicate_entry_with_a_context_is_located(project: Path) -> None:
    text = lines(project)
    start = next(i for i, line in enumerate(text) if line.startswith('msgctxt "talent:'))
    end = text.index("", start)
    (project / DE).write_text("\n".join([*text, "", *text[start:end]]) + "\n", encoding="utf-8")
    second = len(text) + 3  # blank line, msgctxt, then the msgid line
    result = cli(project, "validate")
    refused(result, project, f"{DE}:{second}:0: error JT810: duplicate message definition: ")
    assert f"(msgctxt {text[start][9:-1]!r}) is already defined at line {start + 2}" in (
        result.output
    )


# --- a broken locale is an error, never left out ----------------------------------------


def break_catalog(root: Path, how: str) -> str:
    """Put something unreadable where the German catalog is; the message start it gives."""
    path = root / DE
    path.unlink()
    if how == "folder":
        path.mkdir()
        return "cannot read the catalog: is a folder, not a regular file"
    if how == "fifo":
        os.mkfifo(path)
        return "cannot read the catalog: is a named pipe (FIFO), not a regular file"
    if how == "dev-zero":
        path.symlink_to("/dev/zero")
        return "cannot read the catalog: is a device, not a regular file"
    return "no catalog in the locale folder 'de'"  # "missing": the folder is still there


@pytest.mark.timeout(30)
@pytest.mark.parametrize("how", ["folder", "fifo", "dev-zero", "missing"])
def test_broken_locale_stops_validate_and_build(project: Path, how: str) -> None:
    located = f"{DE}:0:0: error JT810: {break_catalog(project, how)}"
    refused(cli(project, "validate"), project, located)
    refused(build(project), project, located)  # every locale the project has
    refused(build(project, "de"), project, located)


def test_a_folder_for_english_without_a_catalog_asks_for_nothing(project: Path) -> None:
    """Every locale folder counts, but English needs no catalog: an empty en/ is no error."""
    (project / "locales/en").mkdir()
    result = cli(project, "validate")
    assert result.exit_code == 0, result.output
    (project / "locales/en/LC_MESSAGES").mkdir()
    (project / "locales/en/LC_MESSAGES/ttgbuild.po").write_text("", encoding="utf-8")
    result = cli(project, "validate")
    assert result.exit_code == 1
    assert "error JT811: English is the source language" in result.stdout


@pytest.mark.timeout(30)
@pytest.mark.parametrize("how", ["file", "fifo"])
def test_locales_that_cannot_be_listed_stop_validate_and_build(project: Path, how: str) -> None:
    """Before: no locale found, so every language was silently left out."""
    shutil.rmtree(project / "locales")
    if how == "fifo":
        os.mkfifo(project / "locales")
    else:
        (project / "locales").write_text("not a folder\n", encoding="utf-8")
    located = "locales:0:0: error JT810: cannot list the locale folders: "
    refused(cli(project, "validate"), project, located)
    refused(cli(project, "i18n", "check"), project, located)
    refused(build(project), project, located)


@pytest.mark.timeout(30)
def test_unreadable_catalog_stops_the_build(project: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads files whatever their mode")
    (project / DE).chmod(0)
    refused(build(project), project, f"{DE}:0:0: error JT810: cannot read the catalog: ")


# --- nothing under locales/ is read unless it is a regular file ----------------------------


@pytest.mark.timeout(30)
@pytest.mark.parametrize("how", ["fifo", "dev-zero"])
@pytest.mark.parametrize(
    ("rel", "located"),
    [
        ("locales/glossary.tsv", "error JT822: cannot read the glossary: is a "),
        ("locales/de/style.tsv", "error JT826: cannot read the style list: is a "),
    ],
    ids=["glossary", "style"],
)
def test_hostile_glossary_or_style_list(project: Path, how: str, rel: str, located: str) -> None:
    path = project / rel
    path.unlink()
    if how == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    refused(cli(project, "validate"), project, f"{rel}:0:0: {located}")
    refused(cli(project, "i18n", "check"), project, f"{rel}:0:0: {located}")


@pytest.mark.timeout(30)
@pytest.mark.parametrize("how", ["fifo", "dev-zero"])
def test_hostile_template(project: Path, how: str) -> None:
    path = project / "locales/ttgbuild.pot"
    path.unlink()
    if how == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    result = cli(project, "i18n", "update")
    kind = "a named pipe (FIFO)" if how == "fifo" else "a device"
    refused(
        result,
        project,
        f"locales/ttgbuild.pot:0:0: error JT810: cannot read the catalog: is {kind}",
    )
    assert cli(project, "i18n", "update", "--check").exit_code == 1
    result = cli(project, "i18n", "extract")  # a generated file: written anew
    assert result.exit_code == 0, result.output
    assert stat.S_ISREG(os.lstat(path).st_mode)


@pytest.mark.timeout(60)
def test_compile_replaces_a_fifo_where_the_mo_goes(project: Path) -> None:
    """Writing compares the old bytes first; that read must not wait on a FIFO."""
    os.mkfifo(project / MO)
    result = cli(project, "i18n", "compile")
    assert result.exit_code == 0, result.output
    assert stat.S_ISREG(os.lstat(project / MO).st_mode)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("how", ["fifo", "dev-zero"])
def test_hostile_check_cache_is_not_used(project: Path, own_cache: Path, how: str) -> None:
    first = cli(project, "validate")
    stored = sorted(own_cache.glob("*.json"))
    assert stored, "validate remembers its catalog checks"
    for path in stored:
        path.unlink()
        if how == "fifo":
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")
    again = cli(project, "validate")
    assert (again.exit_code, again.output) == (first.exit_code, first.output)
