"""`build` and `validate` run every catalog check: a broken translation never reaches paper.

Each test copies the shipped project, breaks one German entry the way a
translator might, and runs the CLI as a user would: exit 1, the catalog file
and the entry's line in the report, and nothing written.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po, write_po
from conftest import REPO
from conftest import run_cli as cli
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

DE = "locales/de/LC_MESSAGES/ttgbuild.po"
GUIDE = "ttgbuild/packs/jugger/templates/assembly.j2"


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped content with a German catalog started from it (one locale: short builds)."""
    root = tmp_path_factory.mktemp("gate")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    (root / "locales").mkdir()
    shutil.copy(REPO / "locales/glossary.tsv", root / "locales/glossary.tsv")
    assert cli(root, "i18n", "init", "de").exit_code == 0
    return root


def entries(root: Path) -> list[Any]:
    with (root / DE).open("rb") as handle:
        return [m for m in read_po(handle) if m.id and isinstance(m.id, str)]


def pick(root: Path, want: Callable[[Any], bool]) -> tuple[str | None, str]:
    """(msgctxt, msgid) of the first catalog entry `want` accepts."""
    found = next(m for m in entries(root) if want(m))
    return found.context, found.id


def from_guide(message: Any) -> bool:
    return any(path == GUIDE for path, _ in message.locations)


def percent_key(root: Path) -> tuple[str | None, str]:
    """A guide sentence with a value: `%(name)s` in a python-format message."""
    return pick(root, lambda m: from_guide(m) and "%(" in m.id)


def heading_key(root: Path) -> tuple[str | None, str]:
    """A guide heading without values: Jinja2 %-formats it all the same."""
    return pick(root, lambda m: from_guide(m) and "%" not in m.id)


def brace_key(root: Path) -> tuple[str | None, str]:
    """A label of the pack's code or data with a {placeholder} (like "Preferred: {weapon}")."""
    return pick(
        root,
        lambda m: (
            "python-brace-format" in m.flags
            and any(path.startswith("ttgbuild/packs/jugger/") for path, _ in m.locations)
        ),
    )


@pytest.fixture
def project(shipped: Path, tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(shipped, root)
    return root


def build(root: Path) -> Any:
    return cli(root, "build", "--locale", "de", "--out", str(root / "out"))


def translate(root: Path, key: tuple[str | None, str], text: str) -> int:
    """Give one entry of the German catalog a translation; return its msgid line."""
    path = root / DE
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    message = catalog.get(key[1], key[0])
    assert message is not None, key
    message.string = text
    message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=76)
    with path.open("rb") as handle:
        return read_po(handle).get(key[1], key[0]).lineno


def written(root: Path) -> list[Path]:
    return [path for path in (root / "out").rglob("*") if path.is_file()]


def assert_refused(result: Any, root: Path, line: int, code: str) -> None:
    assert result.exit_code == 1, result.output
    assert f"{DE}:{line}:0: error {code}: " in result.output, result.output
    assert "nothing written" in result.output
    assert written(root) == []


def test_shipped_catalog_builds(shipped: Path, tmp_path: Path) -> None:
    result = cli(shipped, "build", "--locale", "de", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert " error " not in result.output


def test_misspelt_placeholder_stops_the_build(project: Path) -> None:
    key = brace_key(project)
    name = re.search(r"\{([a-z_]+)\}", key[1])[1]
    line = translate(project, key, f"Übersetzt: {{{name[:-1]}}}")  # {stones} → {stone}
    assert_refused(build(project), project, line, "JT812")


def test_plain_percent_in_a_percent_format_string_is_located(project: Path) -> None:
    key = percent_key(project)
    names = " ".join(re.findall(r"%\([a-z_]+\)s", key[1]))
    line = translate(project, key, f"Drucke mit 100 % (Originalgröße): {names}.")
    result = build(project)
    assert_refused(result, project, line, "JT823")
    assert "internal error" not in result.output


@pytest.mark.parametrize("change", ["rename", "drop", "width"])
def test_renamed_or_dropped_conversion_stops_the_build(project: Path, change: str) -> None:
    key = percent_key(project)
    name = re.search(r"%\(([a-z_]+)\)s", key[1])[1]
    text = {"rename": f"%({name}x)s", "drop": "", "width": f"%({name})10s"}[change]
    line = translate(project, key, f"Übersetzt {text} hier.")
    assert_refused(build(project), project, line, "JT823")


def test_percent_in_a_template_heading_without_values(project: Path) -> None:
    line = translate(project, heading_key(project), "Karten (% fertig)")
    assert_refused(build(project), project, line, "JT823")


def test_well_formed_percent_translation_builds(project: Path) -> None:
    key = percent_key(project)
    names = " ".join(re.findall(r"%\([a-z_]+\)s", key[1]))
    translate(project, key, f"Drucke mit 100 %% (Originalgröße): {names}.")
    translate(project, heading_key(project), "Karten (%% fertig)")
    result = build(project)
    assert result.exit_code == 0, result.output
    assert " error " not in result.output


def test_validate_reports_the_same(project: Path) -> None:
    line = translate(project, percent_key(project), "100 % kaputt")
    result = cli(project, "validate")
    assert result.exit_code == 1
    assert f"{DE}:{line}:0: error JT823: " in result.output


def test_warnings_stay_warnings(project: Path) -> None:
    """Untranslated entries are warnings: the build goes on (and fails only with --strict)."""
    result = build(project)
    assert result.exit_code == 0, result.output
    assert " warning JT820: " in result.output
    strict = cli(project, "build", "--locale", "de", "--strict", "--out", str(project / "o2"))
    assert strict.exit_code == 1


def test_glossary_change_rebuilds(project: Path) -> None:
    """The glossary decides JT818, so an up-to-date build is checked again when it changes."""
    translate(project, ("weapon:chain:name", "chain"), "Kette")
    assert build(project).exit_code == 0
    glossary = project / "locales/glossary.tsv"
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace("\tKette\t", "\tKettchen\t"),
        encoding="utf-8",
    )
    result = build(project)
    assert result.exit_code == 1, result.output
    assert " error JT818: " in result.output


# --- fuzzing: no translation makes the build crash ----------------------------------------

FORMAT_TOKENS = [
    "%",
    "%%",
    "%(x)s",
    "%(edge)s",
    "%(ruler)s",
    "%(edge)d",
    "%(edge)999999999s",
    "%s",
    "%(",
    "{",
    "}",
    "{{",
    "}}",
    "{0}",
    "{}",
    "{a.b}",
    "{a[0]}",
    "{a!r}",
    "{stones:>999999}",
    "{stones}",
    "{stones!s}",
    "\ud800",
    "\udfff",
    "\x00",
    "\u00a0",
    "\u202f",
]
format_text = st.lists(
    st.one_of(st.sampled_from(FORMAT_TOKENS), st.text(max_size=3)), min_size=1, max_size=6
).map("".join)
TARGETS = {"percent": percent_key, "heading": heading_key, "brace": brace_key}
LOCATED = re.compile(r"^locales/de/LC_MESSAGES/ttgbuild\.po:[1-9]\d*:\d+: error JT8\d\d: ", re.M)


@settings(
    max_examples=12,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(target=st.sampled_from(sorted(TARGETS)), text=format_text)
@example(target="percent", text="100 % %(ruler)s")
@example(target="percent", text="{a!r} %(edge)s %")
@example(target="brace", text="{stones:>999999} {a.b} {a[0]} {0} {")
@example(target="heading", text="%(x)s")
@example(target="brace", text="Steine\ud800 {stones}")
def test_hostile_format_translations_are_located_errors_or_harmless(
    shipped: Path, tmp_path_factory: pytest.TempPathFactory, target: str, text: str
) -> None:
    root = tmp_path_factory.mktemp("fuzz") / "project"
    shutil.copytree(shipped, root)
    # A .po file is text: a lone surrogate cannot be saved, so it goes in as a replacement.
    key = TARGETS[target](root)
    translate(root, key, text.encode("utf-8", "replace").decode("utf-8"))
    result = build(root)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output
    if result.exit_code == 1:
        assert LOCATED.search(result.output), result.output
        assert written(root) == []
