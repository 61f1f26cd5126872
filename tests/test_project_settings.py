"""ttgbuild.toml's [print]: print settings a user fixes once, run as a user runs the CLI.

On the tidewrack example, a data-only game whose kit builds in about a second.
Kits are compared byte for byte (SOURCE_DATE_EPOCH set): a kit built from the
file's settings equals the one built with the same settings typed as options.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, assert_no_crash, run_cli

from bench.pdfview import open_pdf
from ttgbuild.core.printing import MM, Duplex, Ink, Paper, PrintSettings
from ttgbuild.core.tomlkeys import key_place
from ttgbuild.options import print_settings

TIDEWRACK = REPO / "examples" / "tidewrack"
GAME = 'pack = "pack"\n'
SETTINGS = """
[print]
paper = "letter"
card-size = "57x89"
bleed = 2
duplex = "short"
back-offset = "0.5,-0.3"
ink = "saver"
"""
TYPED = (
    *("--paper", "letter", "--card-size", "57x89", "--bleed", "2", "--duplex", "short"),
    *("--back-offset", "0.5,-0.3", "--ink", "saver"),
)
DEFAULTS_TYPED = (
    *("--paper", "a4", "--card-size", "63x88", "--bleed", "3", "--duplex", "long"),
    *("--back-offset", "0,0", "--ink", "full"),
)
KIT = ("cards.pdf", "guide.pdf", "reference.pdf")
LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)


@pytest.fixture(autouse=True)
def dated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # kits byte for byte comparable


def tidewrack(root: Path, settings: str = "") -> Path:
    """A copy of the tidewrack project whose ttgbuild.toml names its pack, then `settings`."""
    project = Path(shutil.copytree(TIDEWRACK, root))
    (project / "ttgbuild.toml").write_text(GAME + settings, encoding="utf-8")
    return project


def build(project: Path, out: Path, *options: str) -> Path:
    result = run_cli(project, "build", "--locale", "en", "--out", str(out), *options)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    return out


def kit(folder: Path) -> dict[str, bytes]:
    return {name: (folder / "en" / name).read_bytes() for name in KIT}


def page_size(pdf: Path) -> tuple[float, float]:
    page = open_pdf(pdf)[0]
    return round(page.width, 2), round(page.height, 2)


def test_the_files_settings_are_used_as_if_typed_on_the_command_line(tmp_path: Path) -> None:
    from_file = build(tidewrack(tmp_path / "file", SETTINGS), tmp_path / "file-out")
    typed = build(tidewrack(tmp_path / "typed"), tmp_path / "typed-out", *TYPED)
    assert not (from_file / "en").exists()  # ink = "saver": the kit is in OUT/ink-saver/
    assert kit(from_file / "ink-saver") == kit(typed / "ink-saver")
    assert page_size(from_file / "ink-saver" / "en" / "cards.pdf") == LETTER


def test_the_command_line_overrides_the_file_even_with_the_default_value(
    tmp_path: Path,
) -> None:
    overridden = build(
        tidewrack(tmp_path / "file", SETTINGS), tmp_path / "file-out", *DEFAULTS_TYPED
    )
    default = build(tidewrack(tmp_path / "plain"), tmp_path / "plain-out")
    assert kit(overridden) == kit(default)
    assert not (overridden / "ink-saver").exists()


def test_an_option_given_overrides_only_its_own_setting(tmp_path: Path) -> None:
    project = tidewrack(tmp_path / "p", SETTINGS)
    assert print_settings(project, "build", paper=Paper.a4, ink=None) == PrintSettings(
        Paper.a4, (57.0, 89.0), 2.0, Duplex.short, (0.5, -0.3), Ink.saver
    )


def test_a_project_without_print_builds_as_before(tmp_path: Path) -> None:
    """No [print] (or an empty one): the built-in defaults, A4 and the full-colour kit."""
    plain = build(tidewrack(tmp_path / "plain"), tmp_path / "plain-out")
    empty = build(tidewrack(tmp_path / "empty", "\n[print]\n"), tmp_path / "empty-out")
    assert kit(plain) == kit(empty)
    assert page_size(plain / "en" / "cards.pdf") == A4
    assert print_settings(tmp_path / "plain", "build") == PrintSettings()


def test_an_unknown_key_in_print_is_located_with_a_suggestion(tmp_path: Path) -> None:
    project = tidewrack(tmp_path / "p", '\n[print]\npaper = "letter"\nback_ofset = "0.5,-0.3"\n')
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "ttgbuild", "build", "--out", str(out)],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == (
        "ttgbuild.toml:5:1: error JT013: unknown key 'back_ofset' in [print]; "
        "did you mean 'back-offset'? [/print/back_ofset]\n"
    )
    assert result.stderr == "build: ttgbuild.toml's [print] cannot be used; nothing was done\n"
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('prnt = "letter"\n', "2:1"),
        ("[prnt]\n", "3:2"),  # a table of an unknown name: at its name in the header
    ],
)
def test_an_unknown_top_level_key_is_located_with_a_suggestion(
    tmp_path: Path, text: str, where: str
) -> None:
    project = tidewrack(tmp_path / "p", ("\n" if text.startswith("[") else "") + text)
    result = run_cli(project, "build", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert (
        f"ttgbuild.toml:{where}: error JT012: unknown key 'prnt'; did you mean 'print'?\n"
        in result.stdout
    )


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ('paper = "a5"', "paper: 'a5' is not one of: a4, letter"),
        ("bleed = -1", "bleed: -1 is outside 0..6 mm"),
        ("bleed = 6.5", "bleed: 6.5 is outside 0..6 mm"),
        ('bleed = "3"', "bleed: must be a number of mm, e.g. bleed = 3, not text"),
        ('card-size = "63-88"', "card-size: '63-88' is not WIDTHxHEIGHT in mm, e.g. 63x88"),
        ('card-size = "20x88"', "card-size: each side must be between 30 and 150 mm"),
        ("card-size = [63, 88]", 'card-size: must be text, e.g. card-size = "63x88", not an array'),
        ('back-offset = "1.5"', "back-offset: '1.5' is not X,Y in mm, e.g. 1.5,-0.5"),
        (
            'back-offset = "20,0"',
            "back-offset: an offset of more than 10 mm means the printer needs fixing",
        ),
        ("duplex = true", "duplex: must be text, one of: long, short; not true or false"),
        ('ink = "normal"', "ink: 'normal' is not one of: full, saver"),
    ],
)
def test_a_bad_value_is_located_at_its_key(tmp_path: Path, setting: str, message: str) -> None:
    project = tidewrack(tmp_path / "p", f"# the printer upstairs\n[print]\n  {setting}\n")
    out = tmp_path / "out"
    result = run_cli(project, "build", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 2, result.output
    key = setting.split(" =")[0]
    assert result.stdout == f"ttgbuild.toml:4:3: error JT013: {message} [/print/{key}]\n"
    assert not out.exists()


def test_every_command_that_prints_reports_every_problem_at_once(tmp_path: Path) -> None:
    project = tidewrack(tmp_path / "p", '\n[print]\nbleed = 9\nink = "normal"\n')
    for command in (["preview"], ["export", "tts"], ["export", "print-shop"]):
        result = run_cli(project, *command, "--out", str(tmp_path / "out"))
        assert_no_crash(result)
        assert result.exit_code == 2, result.output
        assert [row.split(": error ")[0] for row in result.stdout.splitlines()] == [
            "ttgbuild.toml:4:1",
            "ttgbuild.toml:5:1",
        ]
        assert f"{' '.join(command)}: ttgbuild.toml's [print] cannot be used" in result.stderr
    assert not (tmp_path / "out").exists()
    assert run_cli(project, "validate").exit_code == 0  # only the commands that print read it


def test_a_print_shop_export_takes_the_files_card_size_unless_given_a_size(
    tmp_path: Path,
) -> None:
    project = tidewrack(tmp_path / "p", '\n[print]\ncard-size = "57x89"\nbleed = 2\n')
    sizes = {}
    for name, options in (("file", ()), ("given", ("--size", "poker"))):
        out = tmp_path / name
        result = run_cli(project, "export", "print-shop", "--out", str(out), *options)
        assert result.exit_code == 0, result.output
        width, height = page_size(out / "en" / "cards.pdf")
        sizes[name] = round(width / MM, 1), round(height / MM, 1)
    assert sizes == {"file": (61.0, 93.0), "given": (69.0, 94.0)}  # the card and its bleed


def test_preview_draws_its_kit_with_the_files_settings(tmp_path: Path) -> None:
    project = tidewrack(tmp_path / "p", '\n[print]\npaper = "letter"\n')
    out = tmp_path / "gallery"
    result = run_cli(project, "preview", "--locale", "en", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert page_size(out / "kit" / "en" / "cards.pdf") == LETTER


def test_rules_lists_the_print_settings_code(tmp_path: Path) -> None:
    rules = json.loads(run_cli(tidewrack(tmp_path / "p"), "rules", "--format", "json").stdout)
    assert {"code": "JT013", "source": "engine"}.items() <= next(
        rule for rule in rules if rule["code"] == "JT013"
    ).items()


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ('game = "x"\n[print]\npaper = "a5"\n', (3, 1)),
        ('[print]\n"paper" = "a5"\n', (2, 1)),
        ('game = "x"\nprint.paper = "a5"\n', (2, 7)),
        ('print = { bleed = 3, paper = "a5" }\n', (1, 22)),
        ('[other]\npaper = 1\n[ print ] # mine\n\tpaper="a5"\n', (4, 2)),
        ("[print.paper]\nx = 1\n", (1, 8)),
        ('[print]\nbleed = 3\nx = """\npaper = 1"""\n', (1, 2)),  # a string's lines: the table's
        ('game = "x"\n', (0, 0)),  # nowhere: the whole file
    ],
)
def test_a_key_is_found_however_toml_lets_it_be_written(text: str, place: tuple[int, int]) -> None:
    assert key_place(text, "paper", "print") == place
