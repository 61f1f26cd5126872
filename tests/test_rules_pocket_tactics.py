"""Pocket-Tactics' rules.pdf read as players read it: every topic, the data's numbers, no tool.

The kit is built once in English, Spanish and German and once more in English from
a copy whose numbers and rulings were changed (with the variants the book then
requires), and the PDFs' text is searched:

- every rule topic appears in every locale, each as the glossary words it
  (games/pocket-tactics/locales/glossary.tsv: the Spanish column holds the
  book's own terms), and the Spanish kit never says the words the issue
  found instead of the book's;
- the numbers and rulings printed follow content/game.yaml, and declared
  variants print before the first chapter;
- no sheet of the kit prints a command line, a file path or a content/ hint;
- the house rulings issue 38's fresh readers asked for (re-rolling a die again, Scry
  after a hop, a tile touching only the first base, which hazard test comes first) are
  printed in every locale, the Spanish kit has none of the calques they found, and the
  mats name the players as the rules do;
- the setup diagrams obey the front-edge rule they illustrate (placement.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulestext import (
    GAMES,
    build_kit,
    game_copy,
    pdf_pages,
    pdf_text,
    plain,
    player_sheet_violations,
)

from ttgbuild.geometry.hexgrid import Cube, Facing
from ttgbuild.i18n.glossary import fold, stem
from ttgbuild.i18n.tsv import read_table
from ttgbuild.packs.pockettactics.kit import rules
from ttgbuild.packs.pockettactics.placement import (
    distance,
    in_order,
    may_lay,
    second_base_spots,
    step,
)

pytestmark = pytest.mark.timeout(240)

LOCALES = ("en", "es", "de")
KIT = (
    "rules.pdf",
    "reference.pdf",
    "guide.pdf",
    "cards.pdf",
    "tiles.pdf",
    "tokens.pdf",
    "mats.pdf",
)
# The rule topics of the book (and of what the kit adds), as glossary rows: each must be
# printed in rules.pdf in every locale in the glossary's words for it.
TOPICS = (
    "unit", "faction", "army", "stat card", "type", "affinity terrain", "special ability",
    "cost", "kicker", "melee", "ballistic", "arcane", "tech", "magitech", "tile", "draw",
    "front edge", "base", "reserve", "assault", "ranged assault", "extended range",
    "opponent", "hit", "stalemate", "re-roll", "die", "hazardous tile", "hazard test",
    "cave", "ice", "maze", "swamp", "water", "tunnel tile", "groove", "random movement",
    "line of sight", "ability test",
)  # fmt: skip
# What the Spanish kit said instead of the book's terms (issue 38), never printed again.
NOT_THE_BOOKS = ("características", "rival", "impacto", " saca ")


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped project's kit in every locale."""
    return build_kit(GAMES["pocket-tactics"], LOCALES, tmp_path_factory.mktemp("pt-kit"))


def glossary() -> dict[str, dict[str, str]]:
    """The game's glossary rows by term."""
    table = read_table(GAMES["pocket-tactics"] / "locales" / "glossary.tsv", "the glossary")
    assert table is not None
    header = table[0]
    return {row[0]: dict(zip(header, row, strict=False)) for row in table[1:] if row}


def printed(term: str, text: str) -> bool:
    """Whether `text` holds the term's words in order, each as its stem (so "losetas de
    túnel" holds "Loseta de túnel"), case, accents and line breaks ignored."""
    words = [re.escape(stem(word)) + r"[\w-]*" for word in fold(term).split()]
    return re.search(r"\b" + r"\s+".join(words), fold(plain(text))) is not None


@pytest.mark.parametrize("locale", LOCALES)
def test_every_rule_topic_is_printed_in_the_glossarys_words(kit: Path, locale: str) -> None:
    text = pdf_text(kit / locale / "rules.pdf")
    rows = glossary()
    words = {term: rows[term].get(locale) or (term if locale == "en" else "") for term in TOPICS}
    missing = [
        f"{term} ({word})" for term, word in words.items() if word and not printed(word, text)
    ]
    assert missing == []


def test_the_spanish_kit_speaks_with_the_books_terms(kit: Path) -> None:
    for file in KIT:
        text = fold(plain(pdf_text(kit / "es" / file)))
        assert [word for word in NOT_THE_BOOKS if fold(word) in text] == [], file
    rules_text = pdf_text(kit / "es" / "rules.pdf")
    for term in ("carta de estadísticas", "roba", "oponente", "golpe", "aristas frontales"):
        assert printed(term, rules_text), term


@pytest.mark.parametrize("locale", ("en", "es"))
def test_no_sheet_prints_a_command_line_or_a_path(kit: Path, locale: str) -> None:
    found = {file: player_sheet_violations(pdf_text(kit / locale / file)) for file in KIT}
    assert {file: hits for file, hits in found.items() if hits} == {}


def test_the_shipped_rules_print_the_contents_numbers_and_rulings(kit: Path) -> None:
    text = plain(pdf_text(kit / "en" / "rules.pdf"))
    assert "An army is worth 100 points" in text
    assert "The first player chooses 3 units of their army" in text
    assert "then the second player does the same" in text  # one deployment order (issue 38)
    assert "The base rolls 3 defensive dice" in text
    assert "face 1 points straight away from the first player" in text
    assert "A unit put on a tile by the opponent rolls no hazard test there." in text
    assert "tested on entering or leaving (Ice) is the exception" in text
    assert "This kit changes the published rules" not in text  # the kit plays the book
    assert re.search(r"Page 1 of (\d+)", text) is not None
    # issue 38's readers: the rulings they could not find are printed, from the data
    assert "an assault may need up to 10 dice" in text  # assault_dice over the cards
    assert "The kit's die nets make 6" in text
    assert "the player laying the tile picks one" in text
    assert "some of the Cave · Complex tiles have them" in text
    assert "tested on entering (Cave · Ice · Water)" in text
    assert "a kicker of 0 without a partner ties" in text
    assert "the player who made the assault wins" in text
    assert "the game is a draw" not in text
    for ability in ("Lure", "Rallying Call", "Shield Wall", "Vault", "Scry", "Long Shot"):
        assert ability in text, ability  # the abilities table prints every ability's text
    assert "tests its melee offence against 6" in text  # with its numbers filled


def test_the_reference_says_how_to_hold_the_direction_diagram(kit: Path) -> None:
    text = plain(pdf_text(kit / "en" / "reference.pdf"))
    assert "Hold the diagram with face 1 pointing away from the first player's seat" in text
    assert "except on entering Ice" in text  # the same ice ruling as the rulebook
    assert "then the second player does the same" in text
    assert "no unit may move onto the enemy base" in text
    assert "tested on entering (Cave · Ice · Water)" in text
    assert "the player who made the assault wins" in text


# Issue 38, the second Spanish reader: each ruling printed where a player looks for it.
SECOND_READER_RULINGS = {
    "rules.pdf": (
        # adjacency across a tunnel edge, where adjacency is defined and with the tunnels
        "Two tiles are adjacent, or next to each other, when they share an edge, whether or "
        "not it has grooves",
        "An edge without joined grooves blocks only moves and assaults across it: the two "
        "tiles are still adjacent.",
        # re-rolls are for assault dice, not ability tests (Re-rolls and Ability tests)
        "Re-rolls are used only on an assault's dice, offensive and defensive. An ability "
        "test, even one rolled during an assault, takes no re-rolls",
        # Scry and a slide on ice
        "A random move is a slide, not a move: it ends the unit's action",
        "A slide (a random move) is not a move",
        "after a slide on ice there is no second step",
        # only attacking dice hit
        "an offensive die without a partner hits, and a defensive die without a partner "
        "stops the hit",
        # Lure, shorter and read one way
        "move an enemy that is next to any of your units onto a free tile next to this unit",
    ),
    "reference.pdf": (
        "are still adjacent, so they assist and count for abilities",
        "Re-rolls are used only on an assault's dice",
        "A slide (a random move) is not a move",
        "an offensive die without a partner hits, a defensive die without a partner stops the hit",
    ),
}
# A term kept from the book's Spanish, and what must follow its first use on each sheet.
KEPT_TERMS = (
    ("es", "rules.pdf", "lanzamientos adicionales", "volver a tirar uno de esos dados"),
    ("es", "reference.pdf", "lanzamiento adicional", "vuelve a tirar uno de los dados"),
    ("es", "rules.pdf", "kicker", "dado fijo"),
    ("es", "reference.pdf", "kicker", "dado fijo"),
    ("en", "rules.pdf", "re-rolls", "rolling one of those dice again"),
    ("en", "rules.pdf", "kicker", "a fixed die"),
)


def test_the_second_spanish_readers_rulings_are_printed(kit: Path) -> None:
    for file, sentences in SECOND_READER_RULINGS.items():
        text = plain(pdf_text(kit / "en" / file))
        assert [s for s in sentences if s not in text] == [], file
    reference = plain(pdf_text(kit / "en" / "reference.pdf"))
    assert "unopposed rolled die hits" not in reference  # a defender's die never hits


def test_terms_kept_from_the_book_are_explained_where_first_used(kit: Path) -> None:
    for locale, file, term, explanation in KEPT_TERMS:
        text = plain(pdf_text(kit / locale / file), fold=True)
        first = text.index(term)
        assert explanation in text[first : first + 160], (locale, file, term)


def test_magitech_agrees_in_spanish(kit: Path) -> None:
    """A compound of two adjectives keeps its first invariable: mágico-tecnológica."""
    for file in KIT:
        text = plain(pdf_text(kit / "es" / file), fold=True)
        assert re.search(r"m[aá]gica-?\s*tecnol", text) is None, file
    assert re.search(
        r"m[aá]gico-?\s*tecnol[oó]gica", plain(pdf_text(kit / "es" / "rules.pdf"), fold=True)
    )


# Issue 38, the third (fresh) readers: the house rulings they asked for, printed in every
# locale where a player looks (docs/games/pocket-tactics.md, "Rulings of this kit").
THIRD_READER_RULINGS = {
    ("en", "rules.pdf"): (
        "may roll the same die again more than once, one re-roll each time; only its last "
        "result counts",
        "whether that move was a step or a hop",
        "A new tile must touch at least one tile already laid or the first base (touching "
        "the first base alone is enough)",
        "rolls the test of the tile it leaves first",
        "Kicker: a fixed die",  # not "the book's name for" one: the player has no book
    ),
    ("en", "reference.pdf"): (
        "The same die may be rolled again with each further re-roll",
        "whether that move was a step or a hop",
        "A new tile must touch at least one laid tile or the first base (the base alone is "
        "enough)",
        "roll the test of the tile left first",
    ),
    ("en", "cards.pdf"): ("after its step or hop it may take a second step",),
    ("es", "rules.pdf"): (
        "puede volver a tirar el mismo dado más de una vez",
        "tanto si fue un paso como un salto",
        "basta con tocar solo la primera base",
        "hace primero la prueba de la loseta de la que sale",
        "Kicker: un dado fijo",
        "Traza una línea recta",
        "lo más cerca posible de su propia base",
        "un sexto de vuelta (60°) cada vez",
        "al salir de ella o asaltar desde ella",
    ),
    ("es", "reference.pdf"): (
        "Un mismo dado puede volver a tirarse",
        "basta con la base sola",
        "haz primero la prueba de la loseta de la que sales",
        "Un kicker es un dado fijo",
    ),
    ("de", "rules.pdf"): (
        "denselben Würfel mehr als einmal neu werfen",
        "ob sie ein Schritt oder ein Sprung war",
        "die erste Basis allein genügt",
        "legt zuerst die Probe des Felds ab, das sie verlässt",
    ),
}
# The Spanish wordings the third reader found calqued or speaking of a book the player has not.
SPANISH_CALQUES = (
    "nombre que da el libro", "borde recto", "menos pasos", "asaltar fuera",
    "asalto fuera", "de sexto en sexto",
)  # fmt: skip


def test_the_third_readers_rulings_are_printed_in_every_locale(kit: Path) -> None:
    missing = {
        (locale, file): [s for s in sentences if s not in plain(pdf_text(kit / locale / file))]
        for (locale, file), sentences in THIRD_READER_RULINGS.items()
    }
    assert {where: found for where, found in missing.items() if found} == {}


# Issue 38, the readers' last round: wordings they found unclear, printed as settled (the
# Ice row names the assault out of it; the kicker is first what a card shows; Long Shot
# counts steps, not straight lines; Shield Wall names its unit; the reference's set-up
# and turn say who re-rolls, who picks next and who starts) and never again as they were.
LAST_READER_ITEMS = {
    ("en", "rules.pdf"): (
        "On entry, exit or assault",
        "Kicker: a fixed die, one that is never rolled and always shows its number, from 0 "
        "to 6. A card shows it as a square with a dashed outline",
    ),
    ("en", "reference.pdf"): (
        "On entry, exit or assault",
        "Each player rolls a die, rolling again on a tie",
        "then the first player picks another",
        "The first player starts; then players alternate",
    ),
    ("en", "cards.pdf"): ("up to 3 steps away (gaps counted)", "Not for this unit,"),
    ("es", "rules.pdf"): (
        "Al entrar, salir o asaltar",
        "Kicker: un dado fijo, que nunca se tira y siempre muestra su número, de 0 a 6. En "
        "la carta es el cuadrado de borde discontinuo",
    ),
    ("es", "reference.pdf"): (
        "Al entrar, salir o asaltar",
        "Cada jugador tira un dado, y se repite si hay empate",
        "luego el primer jugador escoge otra",
        "Empieza el primer jugador; después los jugadores se alternan",
    ),
    ("es", "cards.pdf"): ("a 3 pasos como máximo (huecos incluidos)", "No vale para esta unidad,"),
    ("de", "rules.pdf"): ("Betreten, Verlassen, Angriff", "Auf der Karte ist er das Quadrat"),
    ("de", "reference.pdf"): (
        "Betreten, Verlassen, Angriff",
        "bei Gleichstand noch einmal",
        "danach nimmt der erste Spieler eine andere",
        "Der erste Spieler fängt an",
    ),
    ("de", "cards.pdf"): ("bis 3 Schritte weit (Lücken mitgezählt)", "Nicht für diese Einheit,"),
}
LAST_READER_FOUND = {
    "en": ("Entering or leaving", "a number in brackets after a value", "Not for itself"),
    "es": ("Al entrar o salir", "No vale para ella", "pasos en línea recta", "Kicker: un número"),
    "de": (
        "Beim Betreten oder Verlassen",
        "Nicht für sich",
        "gerade übers Raster",
        "Kicker: eine Zahl",
    ),
}


def test_the_last_readers_items_are_printed_as_settled(kit: Path) -> None:
    missing = {
        (locale, file): [s for s in sentences if s not in plain(pdf_text(kit / locale / file))]
        for (locale, file), sentences in LAST_READER_ITEMS.items()
    }
    assert {where: found for where, found in missing.items() if found} == {}
    found = {
        (locale, file): [s for s in wordings if s in plain(pdf_text(kit / locale / file))]
        for locale, wordings in LAST_READER_FOUND.items()
        for file in ("rules.pdf", "reference.pdf", "cards.pdf")
    }
    assert {where: left for where, left in found.items() if left} == {}


def test_the_spanish_kit_has_no_calques_and_no_book_to_refer_to(kit: Path) -> None:
    for file in KIT:
        text = plain(pdf_text(kit / "es" / file), fold=True)
        assert [c for c in SPANISH_CALQUES if c in text] == [], file


@pytest.mark.parametrize(
    ("locale", "titles"),
    [("en", ("First player", "Second player")), ("es", ("Primer jugador", "Segundo jugador"))],
)
def test_the_mats_name_the_players_as_the_rules_do(
    kit: Path, locale: str, titles: tuple[str, str]
) -> None:
    pages = [plain(page) for page in pdf_pages(kit / locale / "mats.pdf")]
    assert [title for title in titles if not any(p.startswith(title) for p in pages)] == []
    assert not any(re.search(r"(Player|Jugador) \d", page) for page in pages)


def test_numbers_and_rulings_follow_the_data(tmp_path: Path) -> None:
    project = game_copy("pocket-tactics", tmp_path)
    game = project / "content" / "game.yaml"
    source = game.read_text(encoding="utf-8")
    for old, new in (
        ("opening_deployment: 3", "opening_deployment: 2"),
        ("  defence_dice: 3", "  defence_dice: 4"),
        ("  assist: 1 ", "  assist: 2 "),
        ("{face: 1, edge: N}", "{face: 1, edge: S}"),
        ("{face: 4, edge: S}", "{face: 4, edge: N}"),
        ("up: first-player", "up: owner"),
        ("placed_test: false", "placed_test: true"),
        ("ice_entry: after", "ice_entry: before"),
        ("both_captured: attacker", "both_captured: draw"),
        ("die_nets: 6 ", "die_nets: 8 "),
    ):
        assert old in source, old
        source = source.replace(old, new)
    game.write_text(source, encoding="utf-8")
    (project / "content" / "variants.yaml").write_text(
        "variants:\n"
        "  - id: house-rules\n"
        "    changes: [opening_deployment, base_defence_dice, assist_rerolls]\n"
        "    reason: A test of the printed numbers.\n"
        "    summary: Bases roll {base_defence_dice} dice instead of {book_base_defence_dice}.\n",
        encoding="utf-8",
    )
    text = plain(pdf_text(build_kit(project, ["en"], tmp_path / "out") / "en" / "rules.pdf"))
    assert "The first player chooses 2 units of their army" in text
    assert "The base rolls 4 defensive dice" in text
    assert "each giving 2 re-rolls" in text
    assert "face 4 points straight towards the enemy base" in text
    assert "A unit put on a hazardous tile by the opponent rolls that tile's hazard test." in text
    assert "a random move starts from the tile the attacker came from" in text
    assert "is the exception" not in text
    assert "the game is a draw" in text
    assert "the player who made the assault wins" not in text
    assert "The kit's die nets make 8:" in text
    changes = text.index("This kit changes the published rules of Pocket-Tactics")
    assert text.index("Bases roll 4 dice instead of 3.") > changes
    assert changes < text.index("The game")  # before the first chapter


def test_the_setup_diagrams_obey_the_front_edge_rule() -> None:
    first = rules.FIRST
    laying = [rules.walked(path) for path in rules.LAYING]
    finished = [rules.walked(path) for path in rules.FINISHED]
    assert in_order(first, laying) and in_order(first, finished)
    spots = second_base_spots(first, finished)
    farthest = max(distance(first, tile) for tile in finished)
    assert spots and all(
        any(
            distance(first, step(spot, f)) == farthest and step(spot, f) in finished for f in Facing
        )
        for spot, _steps in spots
    )
    assert len({steps for _spot, steps in spots}) > 1  # the picture shows a nearer place too


def test_a_tile_may_touch_laid_tiles_only_on_their_front_edges() -> None:
    base = Cube(0, 0, 0)
    ahead = step(base, Facing.N)
    assert may_lay(ahead, {base})
    assert not may_lay(step(base, Facing.S), {base})  # it would touch the base's back edge
    assert not may_lay(step(base, Facing.NE), {base, ahead})  # it touches `ahead`'s SE edge
    assert not may_lay(Cube(5, -5, 0), {base})  # touching nothing
    assert not may_lay(base, {base})  # taken
    # touching only the first base is enough (issue 38, third readers: the rule's one sentence)
    assert may_lay(step(base, Facing.NE), {base, step(base, Facing.NW)})
