"""Helpers for tests that read a game's printed kit as a player would: its text.

The rules tests of every game (tests/test_rules_<game>.py) and the player
sheet test (tests/test_player_sheets.py) share them:

- `game_copy(name, tmp_path)`: a copy of a game's project to build or to break
  (`GAMES` names each game's folder: the root project is Jugger TTG);
- `build_kit(project, locales, out)`: the kit built with the CLI as a user runs
  it (one `ttgbuild build` for all the locales asked for: there is no faster
  way to draw a single file), returning the output folder;
- `pdf_text(path)`: a PDF's text, page by page, and `plain(text)`: the text
  normalised for searching (soft hyphens gone, words broken at line ends
  joined, whitespace squeezed, case folded when asked);
- `player_sheet_violations(text)`: what a player's sheet must never print
  (a command line, a file path, a content/ hint, an option name).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path

import pypdfium2 as pdfium
from conftest import REPO, assert_no_crash, run_cli

# Each game's project folder (the root project is Jugger TTG's).
GAMES = {
    "jugger": REPO,
    "pocket-tactics": REPO / "games" / "pocket-tactics",
    "dungeon-bowl": REPO / "games" / "dungeon-bowl",
    "challengers": REPO / "games" / "challengers",
}
PROJECT_PARTS = ("content", "locales", "ttgbuild.toml", "pack")  # what a project holds
SOFT_HYPHEN = "\u00ad"
HYPHENS = "-\u2010\u2011"  # a hyphen that may end a line where a word was broken

# What a player's sheet never prints: the tool's command lines, a file of the project,
# an option of a command, the content folder. Each pattern names what it finds.
VIOLATIONS = {
    "command line": re.compile(r"\bttgbuild\b", re.IGNORECASE),
    "content hint": re.compile(r"\bcontent\s*/", re.IGNORECASE),
    "file path": re.compile(
        r"[\w.-]+/[\w./-]*\.(?:ya?ml|json|po|pot|py|toml|j2|tsv|md)\b"
        r"|\b[\w-]+\.(?:ya?ml|json|po|pot|py|toml|j2|tsv)\b",
        re.IGNORECASE,
    ),
    "option name": re.compile(r"(?<![\w\u2013-])--[a-z][a-z-]+"),
}


def game_copy(name: str, tmp_path: Path) -> Path:
    """A copy of game `name`'s project (content, catalogs, ttgbuild.toml, a data pack's
    folder) under tmp_path, to build or to change."""
    source = GAMES[name]
    root = tmp_path / name
    root.mkdir(parents=True)
    for part in PROJECT_PARTS:
        found = source / part
        if found.is_dir():
            shutil.copytree(found, root / part)
        elif found.is_file():
            shutil.copy(found, root / part)
    return root


def build_kit(project: Path, locales: Sequence[str], out: Path) -> Path:
    """The project's kit built in `locales` into `out` by the CLI (exit 0 required);
    returns `out`, which holds a folder per locale."""
    result = run_cli(project, "build", "--locale", ",".join(locales), "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    return out


def kit_file(project: Path, file: str, locale: str, out: Path) -> Path:
    """One file of the kit in a locale (the kit is built in that locale to `out`)."""
    path = out / locale / file
    if not path.is_file():
        build_kit(project, [locale], out)
    assert path.is_file(), f"{file} is not in the {locale} kit"
    return path


def pdf_pages(path: Path) -> list[str]:
    """The text of each page of a PDF, as pdfium extracts it."""
    document = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            pages.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return pages
    finally:
        document.close()


def pdf_text(path: Path) -> str:
    """A PDF's whole text, its pages one after the other."""
    return "\n".join(pdf_pages(path))


def plain(value: str, fold: bool = False) -> str:
    """Text normalised for searching: soft hyphens dropped, a word hyphenated at a line's
    end joined again, every run of whitespace one space (and case folded with `fold`).

    A hyphen at a line's end is taken as a break the layout made when a letter
    follows on the next line in lower case ("shoul-\\nder" → "shoulder"); a
    compound split at its own hyphen ("well-\\nKnown") keeps it.
    """
    value = value.replace(SOFT_HYPHEN, "").replace("\r", "\n").replace("\ufffe", "")
    value = re.sub(rf"(\w)[{HYPHENS}]\s*\n\s*(?=[a-zà-öø-ÿ])", r"\1", value)
    value = re.sub(r"\s+", " ", value.replace("\u00a0", " ").replace("\u202f", " ")).strip()
    return value.casefold() if fold else value


def player_sheet_violations(value: str) -> list[tuple[str, str]]:
    """(what, the text around it) for every command line, file path, content/ hint or
    option name in a player's sheet's text: those belong in the docs, not at the table."""
    flat = plain(value)
    found = []
    for what, pattern in VIOLATIONS.items():
        for match in pattern.finditer(flat):
            start, end = max(match.start() - 40, 0), min(match.end() + 40, len(flat))
            found.append((what, flat[start:end]))
    return found


def missing_terms(value: str, terms: Iterable[str]) -> list[str]:
    """The terms (case folded, normalised) that the text does not contain."""
    flat = plain(value, fold=True)
    return [term for term in terms if plain(term, fold=True) not in flat]
