"""Dungeon Bowl's kit parts and words (issue 38), built as a user builds the kit: the turn
track and the rolls on the block reference follow content, the two token sets of a
mirror match differ even in grey, the Spanish sheets use the book's own terms, and no
player's sheet prints a command line or a file path."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.core.printing import PrintSettings
from ttgbuild.packs.dungeonbowl.render import paper, turntrack
from ttgbuild.packs.dungeonbowl.render.tokens import PLATE, side_fills
from ttgbuild.render.ink import SHAPE_CONTRAST, contrast

GAME = REPO / "games" / "dungeon-bowl"
MINUS = "\u2212"  # the printed minus sign of a modifier
TEAMS = sorted((GAME / "content" / "teams").iterdir())

pytestmark = pytest.mark.timeout(240)


def content(root: Path, rel: str) -> dict:
    return yaml.safe_load((root / "content" / rel).read_text(encoding="utf-8"))


def build(root: Path, locales: str) -> Path:
    out = root.parent / f"{root.name}-kit"
    result = run_cli(root, "build", "--locale", locales, "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    return out


def words(path: Path) -> str:
    """The PDF's words, one space apart, a word hyphenated at a line's end read whole."""
    doc = pdfium.PdfDocument(str(path))
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in doc)
    return re.sub(r"[\ufffe\x02]\s*", "", text)


def path_boxes(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    return [obj.get_bounds() for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH])]


def near(a: float, b: float, within: float = 0.6 * mm) -> bool:
    return abs(a - b) <= within  # a stroked path's bounds take in half its line


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kit as shipped, in English and Spanish."""
    root = tmp_path_factory.mktemp("db-parts") / "game"
    shutil.copytree(GAME, root)
    return build(root, "en,es")


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The kit of a copy whose match is longer (the track wraps onto a second line) and
    whose agility and passing numbers differ: what is printed must follow."""
    root = tmp_path_factory.mktemp("db-changed") / "game"
    shutil.copytree(GAME, root)
    path = root / "content" / "game.yaml"
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    game["match"]["team_turns"] = 14
    game["play"]["test"]["target"] = 8
    game["play"]["pass_par"] = 4
    path.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return build(root, "en") / "en", game


def track_squares(tokens: Path, turns: int) -> int:
    """How many turn-track squares tokens.pdf draws: boxes of the track's square size."""
    width = PrintSettings().page[0] - 2 * paper.MARGIN
    side, _ = turntrack.squares(width, turns)
    doc = pdfium.PdfDocument(str(tokens))
    return sum(
        near(b[2] - b[0], side) and near(b[3] - b[1], side)
        for page in doc
        for b in path_boxes(page)
    )


def test_the_turn_track_has_a_row_of_team_turns_per_side(kit: Path) -> None:
    turns = content(GAME, "game.yaml")["match"]["team_turns"]
    assert track_squares(kit / "en" / "tokens.pdf", turns) == len(paper.SIDES) * turns
    text = words(kit / "en" / "tokens.pdf")
    assert "Turn track:" in text
    assert text.count("Turn") >= len(paper.SIDES) * 2  # a fold-over marker per side
    assert "turn track" in words(kit / "en" / "guide.pdf")


def test_the_turn_track_and_the_guide_follow_the_match_length(changed: tuple[Path, dict]) -> None:
    out, game = changed
    turns = game["match"]["team_turns"]
    assert track_squares(out / "tokens.pdf", turns) == len(paper.SIDES) * turns
    assert f"each of the {turns} team turns" in words(out / "guide.pdf")


def test_the_block_reference_prints_the_ag_and_pa_rolls_from_the_data(
    changed: tuple[Path, dict],
) -> None:
    out, game = changed
    text = words(out / "block.pdf")
    test, par = game["play"]["test"], game["play"]["pass_par"]
    ag = next(c for c in game["characteristics"] if c["id"] == "ag")
    needed = [
        min(max(test["target"] - v, test["always_fails"] + 1), test["always_passes"])
        for v in range(ag["min"], ag["max"] + 1)
    ]
    assert f"{test['target']} or more passes" in text
    assert " ".join(f"{n}+" for n in needed) in text
    assert f"PA {MINUS} {par}" in text
    pa = next(c for c in game["characteristics"] if c["id"] == "pa")
    signed = [
        "±0" if v == par else (f"+{v - par}" if v > par else f"{MINUS}{par - v}")
        for v in range(pa["min"], pa["max"] + 1)
    ]
    assert " ".join(signed) in text


@pytest.mark.parametrize("colour", ["#000000", "#ffffff", "#808080", "#777777", "#ffff00"])
def test_the_two_token_sets_differ_in_grey_for_any_colour(colour: str) -> None:
    fills = side_fills(HexColor(colour))
    assert contrast(fills["A"], fills["B"]) >= SHAPE_CONTRAST


def test_every_team_s_two_token_sets_differ_in_grey() -> None:
    for path in TEAMS:
        team = yaml.safe_load(path.read_text(encoding="utf-8"))
        fills = side_fills(HexColor(team["colour"]))
        assert fills["A"] == HexColor(team["colour"])  # set A keeps the team colour
        assert contrast(fills["A"], fills["B"]) >= SHAPE_CONTRAST, team["id"]


def test_every_team_has_a_token_set_per_side_each_face_lettered(kit: Path) -> None:
    text = words(kit / "en" / "tokens.pdf")
    game = content(GAME, "game.yaml")
    most = game["roster"]["max_players"]
    doc = pdfium.PdfDocument(str(kit / "en" / "tokens.pdf"))
    plates = sum(
        near(b[2] - b[0], PLATE[0], 0.3 * mm) and near(b[3] - b[1], PLATE[1], 0.3 * mm)
        for page in doc
        for b in path_boxes(page)
    )
    tokens = 0
    for path in TEAMS:
        team = yaml.safe_load(path.read_text(encoding="utf-8"))
        for side in paper.SIDES:
            assert f"{team['name']}: tokens of team {side}" in text
        tokens += sum(min(p["most"], most) for p in team["positions"])
    assert plates == len(paper.SIDES) * tokens
    letters = re.findall(r"(?<!\S)([AB])(?!\S)", text)
    # A badge on both faces of every player token, on each action marker and turn marker.
    assert len(letters) >= 2 * len(paper.SIDES) * tokens


# The book's Spanish terms (issue 38), each on the sheet that names the thing; labels in
# the project's sentence case, so compared ignoring case.
SPANISH = {
    "dungeon.pdf": ["Jugadores Noqueados", "Jugadores Lesionados", "dado de portal (D6)"],
    "injury.pdf": ["Jugadores Noqueados", "Lesión Grave", "Tabla de Lesiones Graves"],
    "block.pdf": ["Prueba de Precisión", "Impreciso", "Fuera del blanco", "Jugador derribado"],
    "match.pdf": ["Teletransportación", "dado de portal (D6)", "desviado"],
    "guide.pdf": ["rules.pdf", "partido espejo", "marcador de turnos", "dado de portal"],
}
# The words they replace: a kit word where the book has another, or "Desviado" for a
# wild pass or a scatter when the book keeps it for a deflected pass.
NOT_SPANISH = ["¡Herido!", "Precisión del pase", "Portales ", "casilla de KO", "Desviado", "desvía"]


def test_the_spanish_sheets_use_the_book_s_terms(kit: Path) -> None:
    for name, terms in SPANISH.items():
        text = words(kit / "es" / name).casefold()
        for term in terms:
            assert term.casefold() in text, (name, term)
    # rules.pdf has its own tests (tests/test_rules_dungeon_bowl.py).
    for path in sorted(p for p in (kit / "es").glob("*.pdf") if p.name != "rules.pdf"):
        text = words(path)
        for wrong in NOT_SPANISH:
            assert wrong not in text, (path.name, wrong)


# A command, an option, a content path, a file of the project: docs/ says these, never a
# sheet on the table. The kit's own PDF names (the guide's print plan) are no path.
COMMAND = re.compile(
    r"ttgbuild|content/|locales/|\.ya?ml\b|\.po\b|\.toml\b|(?<![\w-])--[a-z]|[\w.-]+/[\w.-]+\.\w+"
)


@pytest.mark.parametrize("locale", ["en", "es"])
def test_no_player_sheet_prints_a_command_line_or_a_file_path(kit: Path, locale: str) -> None:
    for path in sorted((kit / locale).glob("*.pdf")):
        found = COMMAND.findall(words(path))
        assert not found, (path.name, found)


def test_the_block_reference_draws_the_scatter_and_rebound_templates(kit: Path) -> None:
    # Issue 38 (fresh readers): the templates were only in rules.pdf; a scatter or a
    # rebound is rolled at the table, with the block reference in hand.
    for locale, heading, label in (
        ("en", "Scatter and rebound templates", "top of the dungeon map"),
        ("es", "Plantillas de dispersión y de pared", "parte de arriba del mapa de la mazmorra"),
    ):
        text = words(kit / locale / "block.pdf")
        assert heading in text and label in text, locale
        faces = "\u2013".join(("1", "2 3", "4 5", "6"))  # the rebound template: 1-2, 3-4, 5-6
        assert faces in text, locale


def test_tokens_of_one_position_carry_a_number_each(kit: Path) -> None:
    # Issue 38 (fresh readers): players of one position differ on the roster, so each
    # token says which player it is, on both faces.
    game = content(GAME, "game.yaml")
    most = game["roster"]["max_players"]
    text = words(kit / "en" / "tokens.pdf")
    for path in sorted((GAME / "content" / "teams").glob("*.yaml")):
        for position in yaml.safe_load(path.read_text(encoding="utf-8"))["positions"]:
            count = min(position["most"], most)
            if count > 1:
                name = position["name"]
                for n in (1, count):
                    # A name broken at its hyphen on the standing face reads without it.
                    # The number whole: "Hopper 1" is not found in "Hopper 10".
                    names = "|".join(re.escape(v) for v in {name, name.replace("-", "")})
                    seen = len(re.findall(rf"(?:{names}) {n}(?!\d)", text))
                    assert seen >= 4, (name, n)
