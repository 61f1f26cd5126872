"""Jugger's colours are stated once: the layout files' `theme:`, which the Python painters read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from reportlab.lib.colors import HexColor

from ttgbuild.packs.jugger.render import theme
from ttgbuild.source.yamlsource import load_document


def _declared(name: str) -> dict[str, str]:
    doc, problems = load_document(theme.LAYOUTS / f"{name}.layout.yaml", name)
    assert doc is not None, problems
    return doc.data["theme"]


def test_layout_files_that_name_a_colour_give_it_one_value():
    cards, tokens = _declared("cards"), _declared("tokens")
    shared = cards.keys() & tokens.keys()
    assert shared  # eye-red prints on token discs and on the alignment page's backs
    assert {name: cards[name] for name in shared} == {name: tokens[name] for name in shared}


def test_painters_print_the_colours_the_layouts_declare():
    declared = {**_declared("cards"), **_declared("tokens")}
    assert HexColor(declared["focus"]) == theme.FOCUS
    assert HexColor(declared["eye-red"]) == theme.EYE_RED
    assert {side: HexColor(declared[side]) for side in ("red", "blue")} == theme.TEAM_COLOURS
    decks = ("hero", "weapon", "stone", "point")
    assert {deck: HexColor(declared[deck]) for deck in decks} == theme.DECK_COLOURS
    assert theme.COUNTER_COLOURS["crouch_template"] == HexColor(declared["crouch-template"])


def test_a_changed_layout_colour_reaches_the_painters(tmp_path: Path, monkeypatch):
    shutil.copytree(theme.LAYOUTS, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "tokens.layout.yaml"
    path.write_text(path.read_text().replace('focus: "#2c6fb7"', 'focus: "#123456"'))
    monkeypatch.setattr(theme, "LAYOUTS", tmp_path)
    assert theme._layout_theme("tokens")["focus"] == HexColor("#123456")


@pytest.mark.parametrize(
    "text",
    [
        "theme: [unclosed\n",  # no YAML: validate reports JT002
        'theme:\n  focus: "#zz6fb7"\n  gold: 12\n',  # no colours: JT053
        "faces: {}\n",  # no theme at all: JT072 where a face names one
    ],
)
def test_a_broken_layout_theme_never_stops_the_import(tmp_path: Path, monkeypatch, text: str):
    """validate imports the drawing code for the drawings' names, then reports the file's
    problems located; a colour the files do not give stands in meanwhile."""
    (tmp_path / "tokens.layout.yaml").write_text(text)
    monkeypatch.setattr(theme, "LAYOUTS", tmp_path)
    colours = theme._layout_theme("tokens")
    assert colours["focus"] == theme.MISSING and colours["stamina"] == theme.MISSING
