"""Challengers!'s rulebook (rules.pdf) and the trays' supply proof.

rules.pdf is drawn in each locale as `build` draws it (the pack's own kit file,
in this process, so only that file is drawn) and read back: every rule topic
of the book appears in the locale's own terms (the game's glossary), its
numbers follow the content, and no player's sheet prints a command line or a
file path. The supply proof (supply.py, check CH126) is run on the shipped
game for every player count, broken on purpose through the CLI, and its bound
is checked against an exhaustive search of every order of play on small games.
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po
from conftest import REPO, assert_no_crash, run_cli
from rulestext import missing_terms, plain, player_sheet_violations

from bench.pdfview import open_pdf
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.challengers.supply import supply_table
from ttgbuild.render.context import RenderContext
from ttgbuild.source.datapack import pack_of
from ttgbuild.validate.project import validate_project

GAME = REPO / "games" / "challengers"
PLAYER_SHEETS = ("rules.pdf", "reference.pdf", "setup.pdf", "guide.pdf")
# The book's rule topics (digest sections 2.2-2.10), in each locale's glossary terms.
TOPICS = {
    "en": [
        "tournament diagram",
        "park",
        "flag",
        "trophy",
        "fans",
        "tray",
        "draw pile",
        "discards",
        "redraw",
        "remove",
        "starter deck",
        "base set",
        "additional sets",
        "Planning",
        "Combat",
        "start player",
        "base strength",
        "bench",
        "exhausted pile",
        "keyword",
        "final",
        "Robot",
        "difficulty",
        "solo",
        "first game",
        "reveal",
    ],
    "es": [
        "diagrama de torneo",
        "parque",
        "bandera",
        "trofeo",
        "hinchas",
        "bandeja",
        "montón",
        "descartes",
        "volver a robar",
        "quitar",
        "mazo de inicio",
        "conjunto básico",
        "conjuntos adicionales",
        "planificación",
        "combate",
        "jugador inicial",
        "fuerza básica",
        "banquillo",
        "montón de cartas agotadas",
        "palabra clave",
        "final",
        "robot",
        "dificultad",
        "solitario",
        "primera partida",
        "mostrar",
        "elegir",
        "reserva",
    ],
    "de": [
        "turnierplan",
        "park",
        "flagge",
        "trophäe",
        "fans",
        "ablage",
        "nachziehstapel",
        "abwurf",
        "neu ziehen",
        "entfern",
        "startdeck",
        "grundset",
        "zusatzsets",
        "planung",
        "kampf",
        "startspieler",
        "grundstärke",
        "bank",
        "erschöpft-stapel",
        "schlüsselwort",
        "finale",
        "roboter",
        "schwierigkeit",
        "solo",
        "ersten partie",
    ],
}


def render(root: Path, file: str, locale: str, content: object = None) -> str:
    """One kit file as `build` draws it for the locale, read back as one line of text."""
    if content is None:
        content = validate_project(root)[0].content
    part = next(c for c in pack_of(root).components if c.file == file)
    ctx = RenderContext(
        content, load_translator(root, locale), PrintSettings(), content_dir=root / "content"
    )
    pages = open_pdf(part.render(ctx, **part.options))
    return plain("\n".join(page.text() for page in pages))


@cache
def shipped_content() -> object:
    return validate_project(GAME)[0].content


@cache
def shipped(file: str, locale: str) -> str:
    return render(GAME, file, locale, shipped_content())


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the shipped game to change."""
    return Path(shutil.copytree(GAME, tmp_path / "challengers", symlinks=False))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", sorted(TOPICS))
def test_every_rule_topic_of_the_book_is_in_the_rulebook(locale: str) -> None:
    assert missing_terms(shipped("rules.pdf", locale), TOPICS[locale]) == []


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", sorted(TOPICS))
def test_no_player_sheet_prints_a_command_or_a_path(locale: str) -> None:
    for file in PLAYER_SHEETS:
        assert player_sheet_violations(shipped(file, locale)) == [], file


def test_the_spanish_kit_uses_the_book_terms() -> None:
    """Issue 38: mostrar, not revelar; reserva, not pila; elegir, not quedarse; reverso."""
    text = " ".join(shipped(file, "es") for file in PLAYER_SHEETS).lower()
    for wrong in ("revel", "pila de trofeos", "dorso", "te quedas", "quédate"):
        assert wrong not in text, wrong
    for right in ("muestra", "reserva", "elegir", "reverso"):
        assert right in text, right


def test_the_rules_print_simultaneous_planning_and_the_settled_questions() -> None:
    """What a group had to guess: the Robot at difficulty 1, looking at the deck, the
    redraw's timing, which parks, the first game's set; planning at once."""
    text = shipped("rules.pdf", "en")
    for needed in (
        "Everyone plans at the same time",
        "At difficulty 1 its deck is its 8 level I cards and nothing else",
        "you may neither look at your deck nor change its order",
        "you may redraw before or after choosing the first",
        "use the parks with the lowest numbers",
        "Choose 5 of the 6 additional sets",
        "In your first game, leave Star Harbour out.",
    ):
        assert needed in text, needed
    assert "one after another" not in text


# The second readers' lists (issue 38, after the six sets): what each reader could not find,
# as the kit now prints it, per locale. Cards: the same effect reads the same on every card.
READERS = {
    "en": {
        "rules.pdf": (
            "Base set: Old Town, used in every game",
            "Add the base set, Old Town, which is in every game",
            "one in between carries no rarity word",
            "if still tied, the tied players decide it at random",
            "if still tied, decide it at random",
            "as long as it keeps at least 6 cards",
            "choose exactly as many as the diagram's card icons show",
            "the supply never runs out",
            "Trophies lie secret side down",
            "sits at the park its top row (round 1) shows",
            "Discards lie face down beside the bottom edge of their tray label",
            "As the difficulty before",
        ),
        "reference.pdf": (
            "you may neither look at your deck nor change its order",
            "If your deck is empty when you must attack",
            "exhausted pile",
            "if still tied, decide it at random",
            "draw that many again from the same tray",
        ),
        "guide.pdf": ("Base set, in every game: Old Town (cards)", "secret side down"),
    },
    "es": {
        "rules.pdf": (
            "Conjunto básico: Casco Viejo, se usa en todas las partidas",
            "torneo de «captura la bandera»",
            "se decide al azar",
            "siempre que le queden al menos 6",
            "con el reverso hacia abajo",
            "en el parque que indica su fila superior",
            "Los descartes van boca abajo junto al borde inferior",
            "Como la dificultad anterior",
            "Por eso, fuera de una partida en solitario",
        ),
        "setup.pdf": ("Usa los diagramas de torneo",),
        "reference.pdf": ("se decide al azar", "robar otras tantas de la misma bandeja"),
    },
}


@pytest.mark.parametrize("locale", sorted(READERS))
def test_what_the_readers_could_not_find_is_printed(locale: str) -> None:
    for file, sentences in READERS[locale].items():
        text = shipped(file, locale)
        for sentence in sentences:
            assert sentence in text, (file, sentence)
    setup = shipped("setup.pdf", locale)
    for vosotros in ("Usad ", "dejad ", "franja", "boca abajo el montón de cada ronda"):
        assert vosotros not in setup, vosotros


# The last items of the second readers' lists (issue 38): what each locale now prints, and
# the wordings they flagged, which must not come back (Spanish calques, a cross-reference
# naming a title the section does not have, "iguale" alone, "as strong as").
LAST_ITEMS = {
    "en": {
        "rules.pdf": (
            "if neither of you holds a trophy (always so in round one) or your best trophies "
            "are of the same round, decide it at random",
            "Fan tokens are public, whatever the player count",
            "Only trophy backs are secret",
            "Give every park in use one trophy of each round",
            "Put the trophies left over back in the box unseen",
            "until their total strength matches or beats that of the card holding the flag",
            "Sort the cards of all the sets in play by level",
            "On the cards of Old Town, the set's name is followed by “base set”",
            "there is no final (see Two players and solo).",
            "the Robot takes the empty seat (see The Robot).",
            "Redraw: once in each Planning phase",
            "use tokens of another value or any other marker",
        ),
        "reference.pdf": ("if neither of you holds a trophy", "Fan tokens are public"),
        "setup.pdf": ("Put the trophies left over back in the box unseen",),
        "parks.pdf": ("If you must bench a card and no seat is free, you lose the combat.",),
    },
    "es": {
        "rules.pdf": (
            "si ninguno de los dos tiene trofeos (como ocurre siempre en la primera ronda)",
            "Las fichas de hincha son públicas, sea cual sea el número de jugadores",
            "Devuelve a la caja los trofeos que sobren sin mirarlos",
            "hasta que su fuerza total iguale o supere la de la carta con la bandera",
            "Separa por nivel las cartas de todos los conjuntos en juego",
            "al nombre del conjunto le sigue «conjunto básico»",
            "no hay final (ver «Dos jugadores y en solitario»).",
            "el Robot ocupa el asiento libre (ver «El Robot»).",
            "una vez por fase de Planificación",
            "separados por el ancho de 3 cartas",
            "Límite de descartes",
            "usa fichas de otro valor",
        ),
        "reference.pdf": ("si ninguno de los dos tiene trofeos", "iguale o supere"),
        "parks.pdf": (
            "Si tienes que enviar una carta al banquillo y no te queda ningún "
            "asiento libre, pierdes el combate.",
        ),
    },
    "de": {
        "rules.pdf": (
            "hat keiner von beiden eine Trophäe",
            "Fan-Marker sind bei jeder Spielerzahl öffentlich",
            "Lege übrige Trophäen ungesehen in die Schachtel zurück",
            "erreicht oder übertrifft",
            "Sortiere die Karten aller Sets im Spiel nach Stufe",
            "der Zusatz „Grundset“",
            "(siehe „Zu zweit und solo“).",
            "(siehe „Der Roboter“).",
        ),
        "parks.pdf": (
            "Musst du eine Karte auf die Bank legen und ist kein Platz mehr frei, "
            "verlierst du den Kampf.",
        ),
    },
}
FLAGGED = {
    "en": (
        "as strong as the card holding the flag",
        "up to 1 time",
        "use change",
        "a card to bench with no seat free loses",
    ),
    "es": (
        "iguale la",
        "usa cambio",
        "de vuelta",
        "hasta 1 vez",
        "espacio de 3",
        "mostrada por ti",
        "lo indican bajo",
        "separa todas sus cartas",
        "Así,",
        "ver Dos jugadores",
    ),
    "de": ("so stark sind wie", "siehe Zwei Personen", "sagen es unter"),
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", sorted(LAST_ITEMS))
def test_the_second_readers_last_items_are_printed(locale: str) -> None:
    for file, sentences in LAST_ITEMS[locale].items():
        text = shipped(file, locale)
        for sentence in sentences:
            assert sentence in text, (file, sentence)
    for file in ("rules.pdf", "reference.pdf", "setup.pdf", "parks.pdf"):
        text = shipped(file, locale)
        for flagged in FLAGGED[locale]:
            assert flagged not in text, (file, flagged)


def test_the_robot_draws_its_therefore_from_the_trophy_rule() -> None:
    """'Outside a solo game the Robot therefore…' follows the sentence it draws on."""
    for locale, trophy, therefore, then in (
        ("en", "where it keeps it.", "Outside a solo game the Robot therefore", "Any player"),
        ("es", "donde se lo guarda.", "Por eso, fuera de una partida", "Cualquier jugador"),
    ):
        text = shipped("rules.pdf", locale)
        at = text.index(trophy)
        assert text.index(therefore) == at + len(trophy) + 1, locale
        assert text.index(then) > text.index(therefore), locale


# The third, fresh readers' lists (issue 38, round 3): each item as the kit now prints it,
# per locale and file, and the wordings they flagged (patterns), which must not come back.
THIRD_READERS = {
    "en": {
        "rules.pdf": (
            "you may discard all the drawn cards you still hold, never just some,",
            "discard the others face down onto that tray's discards",
            "Discards lie face down beside the bottom edge of their tray label",
            "shuffle each level into a face-down draw pile beside the top edge of its tray label",
            "gather your deck: your bench, your half of the park",
            "In a solo game, you play against the Robot",
            "sits at the park its top row (round 1) shows in the column for the number of players",
            "each card that leaves prints the lowest difficulty at which it is out",
        ),
        "reference.pdf": (
            "you may discard all the drawn cards you still hold, never just some,",
            "discard the others face down onto that tray's discards",
            "In a solo game, you play against the Robot",
            "The final is played at any park, with the usual start player; "
            "its trophy is the win itself.",
            "your trophies with their backs (the fans) up",
        ),
        "setup.pdf": (
            "Which parks: use the parks with the lowest numbers",
            "in the column for the number of players",
            "with room for a pile of cards beside the top and the bottom edge of each",
        ),
        "guide.pdf": (
            "print it once for each player, 8 copies for a full table",
            "the draw pile lies face down beside its top edge, the discards face down "
            "beside its bottom edge",
        ),
        "cards.pdf": (
            "Face down, beside the top edge",
            "Face down, beside the bottom edge",
            "At 6 cards, shuffle them under the draw pile",
            "Leaves the Robot deck at difficulty 2 and higher",
        ),
    },
    "es": {
        "rules.pdf": (
            "puedes descartar todas las cartas robadas que aún tengas en la mano, "
            "nunca solo algunas",
            "pon las demás boca abajo en los descartes de esa bandeja",
            "Los descartes van boca abajo junto al borde inferior de su etiqueta de bandeja",
            "En una partida en solitario, juegas contra el Robot",
            "recoge tu mazo: tu banquillo",
            "cada carta que sale de su mazo indica a partir de qué dificultad queda fuera",
        ),
        "reference.pdf": (
            "nunca solo algunas",
            "Quien gana toma el trofeo superior",
            "con el reverso (los hinchas) hacia arriba",
            "el jugador inicial se decide como siempre",
        ),
        "setup.pdf": ("Qué parques: usa los de número más bajo",),
        "guide.pdf": ("imprímelo una vez por jugador, 8 copias para el máximo de jugadores",),
        "cards.pdf": (
            "Sale del mazo del Robot a partir de la dificultad 2",
            "Tu siguiente carta mostrada en este combate obtiene +2 a la fuerza",
            "Boca abajo, junto al borde superior",
        ),
    },
    "de": {
        "rules.pdf": (
            "darfst du alle gezogenen Karten, die du noch hältst, abwerfen, nie nur einige",
            "lege die übrigen verdeckt auf den Abwurf",
            "Der Abwurf liegt verdeckt am unteren Rand seines Ablageschilds",
            "In einer Solopartie spielst du gegen den Roboter",
            "deine Bank, deine Parkhälfte",
        ),
        "reference.pdf": (
            "mit der Rückseite (den Fans) nach oben",
            "der Startspieler wird wie üblich bestimmt",
        ),
        "setup.pdf": ("Welche Parks: die mit den niedrigsten Nummern",),
        "cards.pdf": ("Verdeckt, am oberen Rand", "Verlässt das Roboterdeck ab Schwierigkeit 2"),
    },
}
THIRD_FLAGGED = {
    "en": (
        r"paper trays",
        r"upper half",
        r"\bSolo, you play",
        r"gather your deck: the bench",
        r"player count's column",
        r"cards here",
        r"secret side up",
    ),
    "es": (
        r"\bcog(e|er|es|en)\b",
        r"reverso secreto hacia arriba",
        r"jugador inicial de siempre",
        r"en la dificultad \d",
        r"Al mostrar tu siguiente carta",
        r"mitad superior",
        r"regla de este kit",
    ),
    "de": (
        r"geheimen Seite nach oben",
        r"Ablage-Etikett",
        r"obere Hälfte",
        r"mit dem Startspieler wie üblich",
    ),
}


@pytest.mark.timeout(180)
@pytest.mark.parametrize("locale", sorted(THIRD_READERS))
def test_the_third_readers_items_are_printed(locale: str) -> None:
    """Issue 38, round 3: the redraw takes every drawn card still held, discards go face down
    beside their tray label (a label is one card in size), the rules name printed parts and
    not files, the setup card says which parks and the reference card where the final is
    played, and the guide says how many reference cards to print."""
    for file, sentences in THIRD_READERS[locale].items():
        text = shipped(file, locale)
        for sentence in sentences:
            assert sentence in text, (file, sentence)
    for file in ("rules.pdf", "reference.pdf", "setup.pdf", "guide.pdf", "cards.pdf"):
        text = shipped(file, locale)
        for flagged in THIRD_FLAGGED[locale]:
            assert not re.search(flagged, text), (file, flagged)
        # Players' sheets name the printed parts; only the guide (for whoever prints) names files.
        if file != "guide.pdf":
            assert not re.search(r"\((diagrams|parks|tokens)\.pdf\)", text), file


FOURTH_READERS = {
    "en": {
        "rules.pdf": (
            "The row shows the round, and with it the trophy played for",
            "or pass it when several are discarded at once, shuffle them all and slide them "
            "under the draw pile",
            "Cards are drawn only from the top of the draw pile, never from the discards.",
        ),
        "guide.pdf": (
            "When the discards reach or pass the number the label shows, shuffle them all",
        ),
    },
    "es": {
        "rules.pdf": (
            "La fila indica la ronda, y con ella el trofeo en juego",
            "o lo superen al descartar varias cartas a la vez, barájalos todos",
            "Las cartas se roban siempre de encima del montón, nunca de los descartes.",
            "Volver a robar: una vez por fase de Planificación",
            "Límite de descartes",
            "devolver el resto a la caja",
        ),
        "setup.pdf": ("devolver el resto a la caja",),
        "guide.pdf": ("o lo superen, barájalos todos",),
    },
    "de": {
        "rules.pdf": (
            "Sie nennt die Runde und damit die Trophäe",
            "oder mehr, weil mehrere Karten auf einmal abgeworfen wurden, mische alle",
            "Gezogen wird nur oben vom Nachziehstapel, nie vom Abwurf.",
            "Neu ziehen: einmal in jeder Planungsphase",
        ),
        "guide.pdf": ("Erreicht oder überschreitet der Abwurf die Zahl",),
    },
}
FOURTH_FLAGGED = {
    "en": ("never drawn straight back", "The row gives the trophy", "you have 1 redraw"),
    "es": ("1 vez", "Descartes que caben", "los demás a la caja", "La fila indica el trofeo"),
    "de": ("nie gleich wieder gezogen", "1-mal", "Sie nennt die Trophäe"),
}


@pytest.mark.timeout(180)
@pytest.mark.parametrize("locale", sorted(FOURTH_READERS))
def test_the_final_readers_items_are_printed(locale: str) -> None:
    """Issue 38, round 4: reshuffled discards go under the draw pile, all of them even past
    the label's number, with no promise that a discard is never drawn again; the redraw
    happens "once" in words; a diagram row shows the round (and so the trophy); Spanish
    table header and the additional sets left over, right for any count."""
    for file, sentences in FOURTH_READERS[locale].items():
        text = shipped(file, locale)
        for sentence in sentences:
            assert sentence in text, (file, sentence)
    for file in ("rules.pdf", "reference.pdf", "setup.pdf", "guide.pdf"):
        text = shipped(file, locale)
        for flagged in FOURTH_FLAGGED[locale]:
            assert flagged not in text, (file, flagged)


def test_the_rules_name_the_printed_parts_not_their_files() -> None:
    """'What you need' lists each part by the title it prints under, in every locale."""
    for locale, parts in (
        ("en", ("Tournament diagrams 9", "Park mats 4", "Trophies 28", "Fan tokens 40", "Flags 4")),
        ("es", ("Diagramas de torneo 9", "Tapetes de parque 4", "Trofeos 28", "Banderas 4")),
        ("de", ("Turnierpläne 9", "Parkpläne 4", "Trophäen 28", "Fan-Marker 40", "Flaggen 4")),
    ):
        text = shipped("rules.pdf", locale)
        for part in parts:
            assert part in text, (locale, part)


@pytest.mark.timeout(120)
def test_the_guide_counts_reference_cards_from_the_player_count(game: Path) -> None:
    """The print plan has no copies column: the guide says it, from players.max."""
    path = game / "content" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    old = "players: {min: 1, max: 8}"
    assert text.count(old) == 1
    path.write_text(text.replace(old, "players: {min: 1, max: 6}"), encoding="utf-8")
    content = validate_project(game)[0].content
    guide = render(game, "guide.pdf", "en", content)
    assert "print it once for each player, 6 copies for a full table" in guide


@pytest.mark.timeout(120)
def test_a_cross_reference_follows_its_sections_heading(game: Path) -> None:
    """A "see …" prints the heading's own translation: retitle a section, the reference follows."""
    po = game / "locales" / "es" / "LC_MESSAGES" / "ttgbuild.po"
    text = po.read_text(encoding="utf-8")
    old = 'msgid "Two players and solo"\nmsgstr "Dos jugadores y en solitario"'
    assert text.count(old) == 1
    po.write_text(
        text.replace(old, 'msgid "Two players and solo"\nmsgstr "Partidas de dos y en solitario"'),
        encoding="utf-8",
    )
    rules = render(game, "rules.pdf", "es")
    assert "no hay final (ver «Partidas de dos y en solitario»)." in rules
    assert "Dos jugadores y en solitario" not in rules


# Each Spanish calque the readers flagged, put back in a copied project: `i18n check` reports
# it at its entry (games/challengers/locales/es/style.tsv, JT825).
CALQUES = [
    ("{redraws} vez por fase de Planificación", "hasta {redraws} vez por fase de Planificación"),
    ("usa fichas de otro valor", "usa cambio"),
    (
        "Tu siguiente carta mostrada en este combate obtiene",
        "La siguiente carta mostrada por ti en este combate obtiene",
    ),
    (
        "Tu siguiente carta mostrada en este combate obtiene +{bonus} a la fuerza",
        "Al mostrar tu siguiente carta en este combate, esta obtiene +{bonus} de fuerza",
    ),
    ("Quien gana toma el trofeo superior", "Quien gana coge el trofeo superior"),
    (
        "Sale del mazo del Robot a partir de la dificultad {level}",
        "Sale del mazo del Robot en la dificultad {level}",
    ),
    ("y el jugador inicial se decide como siempre", ", con el jugador inicial de siempre"),
    ("con el reverso (los hinchas) hacia arriba", "con el reverso secreto hacia arriba"),
    ('msgstr "Límite de descartes"', 'msgstr "Descartes antes de barajarlos de vuelta"'),
    ("separados por el ancho de {gap} cartas", "dejando un espacio de {gap} cartas"),
    ("iguale o supere la de la carta", "iguale la de la carta"),
]


@pytest.mark.parametrize(("good", "bad"), CALQUES)
def test_a_spanish_calque_put_back_is_reported(game: Path, good: str, bad: str) -> None:
    po = game / "locales" / "es" / "LC_MESSAGES" / "ttgbuild.po"
    text = po.read_text(encoding="utf-8").replace('"\n"', "")  # one line per msgstr
    assert good in text, good
    po.write_text(text.replace(good, bad, 1), encoding="utf-8")
    line = next(n for n, row in enumerate(text.replace(good, bad, 1).splitlines(), 1) if bad in row)
    result = run_cli(game, "i18n", "check")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    found = [row for row in result.output.splitlines() if "JT825" in row]
    assert len(found) == 1, result.output
    assert "locales/es/LC_MESSAGES/ttgbuild.po:" in found[0]
    reported = int(found[0].split("ttgbuild.po:")[1].split(":")[0])
    assert reported <= line, (reported, line)


def test_equal_card_effects_read_the_same_in_every_locale() -> None:
    """Sky Glider and Ringmaster (and the bench cards) print one wording per locale."""
    for locale in ("es", "de"):
        po = GAME / "locales" / locale / "LC_MESSAGES" / "ttgbuild.po"
        by_text: dict[str, set[str]] = {}
        with po.open("rb") as handle:
            for message in read_po(handle):
                context = message.context or ""
                if context.startswith("card:") and context.endswith(":text"):
                    by_text.setdefault(str(message.id), set()).add(str(message.string))
        assert {t: s for t, s in by_text.items() if len(s) > 1} == {}, locale


@pytest.mark.timeout(120)
def test_the_rulebook_numbers_follow_the_content(game: Path) -> None:
    """Kit decisions changed in content are printed where the rule states them."""
    path = game / "content" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("bench_seats: 6", "bench_seats: 5")
    text = text.replace("additional], discards_hold: 6}", "additional], discards_hold: 4}")
    path.write_text(text, encoding="utf-8")
    content = validate_project(game)[0].content
    english = render(game, "rules.pdf", "en", content)
    assert "a bench has 5 seats" in english
    assert "a bench has 6 seats" not in english
    assert "Discards before shuffling back A 4 B 4 C 4" in english
    assert "un banquillo tiene 5 asientos" in render(game, "rules.pdf", "es", content)


def test_the_supply_is_proven_for_every_player_count() -> None:
    """The shipped trays: for 1-8 players, every tray level, its worst moment and the
    fewest cards any choice of five additional sets gives, never short."""
    content = shipped_content()
    table = supply_table(content)
    game = content.game
    counts = range(game.players.min, game.players.max + 1)
    assert {(need.level, need.players) for need in table} == {
        (letter, n) for letter in "ABC" for n in counts
    }
    assert all(need.spare >= 0 for need in table), [n for n in table if n.spare < 0]
    eight = {need.level: need for need in table if need.players == 8}
    # Every seat keeps 2 A cards in round 1 and holds 5 in round 2: 8 x 7 away at once.
    assert (eight["A"].round, eight["A"].most_out) == (2, 56)
    assert (eight["B"].round, eight["B"].most_out) == (4, 56)
    assert (eight["C"].round, eight["C"].most_out) == (7, 64)


def test_a_tray_that_could_run_dry_is_reported_at_its_holding(game: Path) -> None:
    """CH126 through the CLI: a tray label holding more discards than the spare cards
    allow is an error at that level's discards_hold, naming the count and the round."""
    path = game / "content" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    old = "{letter: B, cap: 5, tray: true, holders: [base, additional], discards_hold: 6}"
    assert old in text
    path.write_text(text.replace(old, old.replace("hold: 6", "hold: 60")), encoding="utf-8")
    result = run_cli(game, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    found = [line for line in result.output.splitlines() if "CH126" in line]
    assert found, result.output
    line = text[: text.index(old)].count("\n") + 1
    assert all(f"content/game.yaml:{line}:" in f for f in found), found
    assert any("with 8 players planning at once, level B" in f for f in found), found
    assert all("[/levels/1/discards_hold]" in f for f in found), found


# The bound, against every order of play. A tiny game: `players` each draw `draw`
# cards per round from one tray, may redraw once (discarding the hand still held and
# drawing as many), choose cards one at a time up to the round's picks, then discard
# the rest; discards go under the draw pile when they reach `hold`. A search over
# every interleaving finds whether some order reaches a draw with the pile empty.


def _runs_dry(players: int, draw: int, picks: tuple[int, ...], hold: int, supply: int) -> bool:
    # each seat: cards still to draw, hand, chosen, redrawn, done
    start = tuple((draw, 0, 0, False, False) for _ in range(players))
    seen: set[tuple[int, int, int, tuple[tuple[int, int, int, bool, bool], ...]]] = set()
    stack = [(0, supply, 0, start)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        rnd, pile, discards, seats = state
        if all(s[4] for s in seats):
            if rnd + 1 < len(picks):
                stack.append((rnd + 1, pile, discards, start))
            continue
        for i, (todo, hand, chosen, redrawn, done) in enumerate(seats):
            if done:
                continue
            moves = []
            if todo:
                if pile == 0:
                    return True
                moves.append((pile - 1, discards, 0, (todo - 1, hand + 1, chosen, redrawn, False)))
            else:
                if hand and chosen < picks[rnd]:
                    moves.append((pile, discards, 0, (0, hand - 1, chosen + 1, redrawn, False)))
                if hand and not redrawn:
                    moves.append((pile, discards, hand, (hand, 0, chosen, True, False)))
                if chosen == picks[rnd]:
                    moves.append((pile, discards, hand, (0, 0, chosen, redrawn, True)))
            for new_pile, new_discards, thrown, seat in moves:
                new_discards += thrown
                if new_discards >= hold:
                    new_pile, new_discards = new_pile + new_discards, 0
                after = (*seats[:i], seat, *seats[i + 1 :])
                stack.append((rnd, new_pile, new_discards, after))
    return False


def _bound(players: int, draw: int, picks: tuple[int, ...], hold: int) -> int:
    """supply.py's bound for one tray drawn every round: earlier picks plus a hand each."""
    return players * (sum(picks[:-1]) + draw) + hold - 1


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("players", "draw", "picks", "hold"),
    [(1, 3, (1, 2), 2), (2, 3, (2, 1), 2), (2, 2, (1, 1), 3), (3, 2, (1,), 2), (2, 3, (1,), 4)],
)
def test_the_bound_is_exactly_the_worst_order_of_play(
    players: int, draw: int, picks: tuple[int, ...], hold: int
) -> None:
    """With the bound's supply no order of play finds the pile empty; with one card
    fewer some order does: the bound is the worst case, not an estimate."""
    need = _bound(players, draw, picks, hold)
    assert not _runs_dry(players, draw, picks, hold, need)
    assert _runs_dry(players, draw, picks, hold, need - 1)


def test_every_cross_reference_names_a_heading_of_the_rulebook() -> None:
    """heading('…', '…') in rules.sheet.yaml names a section of rules.pdf by its own
    message, so a reference can neither drift nor point at a section that is not there."""
    sheet_path = REPO / "ttgbuild/packs/challengers/data/sheets/rules.sheet.yaml"
    sheet = yaml.safe_load(sheet_path.read_text(encoding="utf-8"))
    headings = {(s["heading"]["msg"], s["heading"]["context"]) for s in sheet["sections"]}
    calls = re.findall(r"heading\('([^']+)', '([^']+)'\)", sheet_path.read_text(encoding="utf-8"))
    assert len(calls) >= 2
    assert [call for call in calls if call not in headings] == []
