"""Dungeon Bowl's rules.pdf, read as a player reads it: every rule topic in every locale,
numbers that follow the content, no command line or file path, and its diagrams' dice.

The kit is built with the CLI as a user builds it (tests/rulestext.py): once in the
three locales from a copy of the game, once in English from a copy whose `play`,
`league` and `match` settings were changed, to see each changed number printed where
the rule states it and a changed ruling print its other sentence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import assert_no_crash, run_cli
from rulestext import (
    build_kit,
    game_copy,
    missing_terms,
    pdf_text,
    plain,
    player_sheet_violations,
)

from ttgbuild.packs.dungeonbowl.render.rulefigures import NEIGHBOURS, marks, shares

GAME = "dungeon-bowl"
LOCALES = ("en", "es", "de")

# The rule topics a match needs (the digest's and the issue's), in each locale's words:
# the glossary's terms (games/dungeon-bowl/locales/glossary.tsv), case folded.
TOPICS = {
    "en": [
        "turnover",
        "team turn",
        "tackle zone",
        "marked",
        "dodging",
        "agility test",
        "picking up",
        "catching",
        "interference",
        "deflect",
        "interception",
        "scatter",
        "bounce",
        "throw-in",
        "scatter template",
        "rebound template",
        "range ruler",
        "accuracy test",
        "wall pass",
        "hand-off",
        "throw quality",
        "landing",
        "being eaten",
        "block dice",
        "offensive assist",
        "defensive assist",
        "push back",
        "follow up",
        "against the wall",
        "armour roll",
        "injury roll",
        "stunned",
        "ko box",
        "casualt",
        "niggling injury",
        "misses the next match",
        "foul",
        "sent off",
        "referee",
        "portal die",
        "teleported",
        "magical mishap",
        "chain reaction",
        "dugout teleport",
        "chest",
        "end zone",
        "touchdown",
        "draw",
        "mercenar",
        "inducement",
        "experience",
        "winnings",
        "team value",
        "coin toss",
        "reserves",
    ],
    "es": [
        "cambio de turno",
        "turno de equipo",
        "zona de placaje",
        "marcado",
        "esquivar",
        "prueba de agilidad",
        "recoger",
        "atrapar",
        "interferencia del pase",
        "desviado",
        "interceptado",
        "dispersión",
        "rebota",
        "saque de banda",
        "plantilla de dispersión",
        "plantilla de pared",
        "regla de alcance",
        "prueba de precisión",
        "lanzar el balón contra la pared",
        "entrega",
        "calidad del lanzamiento",
        "aterriza",
        "devorado",
        "dados de placaje",
        "asistencia ofensiva",
        "asistencia defensiva",
        "empujado hacia atrás",
        "seguir",
        "tirada de armadura",
        "tirada de lesión",
        "aturdido",
        "jugadores noqueados",
        "lesión grave",
        "jugadores lesionados",
        "lesión permanente",
        "pierde el próximo partido",
        "falta",
        "expulsado",
        "árbitro",
        "dado de portal",
        "teletransportación",
        "fallo mágico",
        "reacción en cadena",
        "portal del banquillo",
        "cofre",
        "zona de anotación",
        "touchdown",
        "empate",
        "mercenarios",
        "incentivos",
        "experiencia",
        "ganancias",
        "valor de equipo",
        "lanzamiento de moneda",
        "reservas",
    ],
    "de": [
        "turnover",
        "teamzug",
        "tacklezone",
        "markiert",
        "ausweichen",
        "geschicklichkeitsprobe",
        "aufheben",
        "fangen",
        "stören",
        "abgelenkt",
        "abgefangen",
        "verspring",
        "prallt",
        "einwurf",
        "streuschablone",
        "abprallschablone",
        "reichweitenlineal",
        "genauigkeitswurf",
        "wandpass",
        "übergabe",
        "wurfqualität",
        "landung",
        "gefressen",
        "blockwürfel",
        "offensive unterstützung",
        "defensive unterstützung",
        "zurückgestoßen",
        "nachrücken",
        "rüstungswurf",
        "verletzungswurf",
        "betäubt",
        "k.o.",
        "verletzt",
        "dauerverletzung",
        "setzt das nächste spiel aus",
        "foul",
        "vom platz gestellt",
        "schiedsrichter",
        "portalwürfel",
        "teleportiert",
        "magischer fehlschlag",
        "kettenreaktion",
        "ersatzbank-portal",
        "truhe",
        "endzone",
        "touchdown",
        "unentschieden",
        "söldner",
        "anreiz",
        "erfahrung",
        "einnahmen",
        "teamwert",
        "münzwurf",
        "reservefeld",
    ],
}
# The wrong Spanish terms, which the rules must not print.
NOT_SPANISH = ["¡herido!", "precisión del pase", "se desvía"]


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """rules.pdf's text in every locale, normalised and case folded."""
    root = tmp_path_factory.mktemp("rules")
    project = game_copy(GAME, root)
    out = build_kit(project, LOCALES, root / "kit")
    return {locale: plain(pdf_text(out / locale / "rules.pdf"), fold=True) for locale in LOCALES}


def settings(project: Path) -> dict:
    return yaml.safe_load((project / "content" / "game.yaml").read_text(encoding="utf-8"))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_rule_topic_is_printed(rules: dict[str, str], locale: str) -> None:
    missing = missing_terms(rules[locale], TOPICS[locale])
    assert missing == [], f"rules.pdf ({locale}) never names: {missing}"


@pytest.mark.timeout(120)
def test_spanish_uses_the_books_terms(rules: dict[str, str]) -> None:
    absent = missing_terms(rules["es"], NOT_SPANISH)
    assert absent == NOT_SPANISH
    # "Desviado" names a deflected pass only: the wild pass and the off-target throw
    # have names of their own.
    assert "impreciso" in rules["es"] and "fuera del blanco" in rules["es"]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_no_command_line_or_file_path(rules: dict[str, str], locale: str) -> None:
    assert player_sheet_violations(rules[locale]) == []


@pytest.mark.timeout(120)
def test_numbers_follow_the_content(rules: dict[str, str], tmp_path: Path) -> None:
    """The shipped numbers are printed where the rules state them; changed in a copy,
    the new ones are, and a changed ruling prints its other sentence."""
    game = settings(game_copy(GAME, tmp_path / "shipped"))
    play = game["play"]
    shipped = [
        f"a total of {play['test']['target']} or more passes",
        f"on {play['ko_return']['from']} or more the player moves to the reserves box",
        f"until each has played {game['match']['team_turns']}",
        f"the passer's pa minus {play['pass_par']}",
        f"spends {play['stand_up']} squares of its ma",
        f"earns {game['league']['winnings']['played']} and the winner"
        f" {game['league']['winnings']['won']} more (in thousands of crowns",
        f"a player may make {game['teleport']['safe_teleports']} teleport in one team turn",
        "is knocked down, even on a push back",
        "no player moves more squares than its ma",
        # the readers' rulings that print a number: the turn track's last square,
        # team building's roster size, the wall pass's modifier
        f"on square {game['match']['team_turns']} in your last",
        f"each coach hires {game['roster']['min_players']} to {game['roster']['max_players']}"
        " players",
        f"for a wall pass, \u2212{-play['wall_pass']}",
    ]
    assert [sentence for sentence in shipped if sentence not in rules["en"]] == []

    project = game_copy(GAME, tmp_path / "changed")
    path = project / "content" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in (
        ("    target: 7\n", "    target: 8\n"),
        ("  ko_return: {die: D6, from: 4}", "  ko_return: {die: D6, from: 5}"),
        ("  team_turns: 10\n", "  team_turns: 12\n"),
        ("  pass_par: 3\n", "  pass_par: 2\n"),
        ("  stand_up: 3\n", "  stand_up: 2\n"),
        ("  winnings: {played: 10, won: 10}", "  winnings: {played: 15, won: 10}"),
        ("  wall_push_knocks_down: true", "  wall_push_knocks_down: false"),
        ("  rush: {squares: 0, fail: 1}", "  rush: {squares: 2, fail: 1}"),
        ("  min_players: 7\n", "  min_players: 8\n"),
        ("  wall_pass: -1\n", "  wall_pass: -2\n"),
        ("  safe_teleports: 1\n", "  safe_teleports: 2\n"),
    ):
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    # The book states one safe teleport: a kit that allows two declares it.
    with (project / "content" / "variants.yaml").open("a", encoding="utf-8") as variants:
        variants.write(
            "  - id: two-safe-teleports\n"
            "    changes: [teleport_safe_teleports]\n"
            "    reason: A group that teleports more.\n"
            "    summary: Two teleports in a team turn are safe.\n"
        )
    out = build_kit(project, ["en"], tmp_path / "kit")
    changed = plain(pdf_text(out / "en" / "rules.pdf"), fold=True)
    expected = [
        "a total of 8 or more passes",
        "on 5 or more the player moves to the reserves box",
        "until each has played 12",
        "the passer's pa minus 2",
        "spends 2 squares of its ma",
        "earns 15 and the winner 10 more",
        # the count of safe teleports takes its plural form
        "a player may make 2 teleports in one team turn without harm",
        "a push back does nothing more",
        "a player may move up to 2 more squares",
        "on square 12 in your last",
        "each coach hires 8 to 12 players",
        "for a wall pass, \u22122",
    ]
    assert [sentence for sentence in expected if sentence not in changed] == []
    assert "is knocked down, even on a push back" not in changed
    # The roll an AG needs is printed from the test's target: AG 3 needs 5+ at 8.
    needed = re.search(r"roll needed ((?:\d\+ ?)+)", changed)
    assert needed is not None and needed[1].split()[2] == "5+"


@pytest.mark.timeout(60)
def test_a_ruling_out_of_its_bounds_is_a_located_error(tmp_path: Path) -> None:
    project = game_copy(GAME, tmp_path)
    path = project / "content" / "game.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(i for i, row in enumerate(lines, 1) if row == "    target: 7\n")
    lines[line - 1] = "    target: 99\n"
    path.write_text("".join(lines), encoding="utf-8")
    result = run_cli(project, "validate")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert re.search(rf"content/game\.yaml:{line}:\d+: error JT05\d", result.stdout), result.stdout


def test_templates_give_every_face_one_direction() -> None:
    """The scatter template numbers each of a square's eight neighbours once (a D8); the
    rebound template shares a D6's faces over the three squares away from a wall."""
    assert len(NEIGHBOURS) == 8 and len(set(NEIGHBOURS)) == 8 and (0, 0) not in NEIGHBOURS
    assert shares(6, 3) == [(1, 2), (3, 4), (5, 6)]
    assert shares(8, 3) == [(1, 3), (4, 5), (6, 8)]


def test_the_push_diagram_letters_its_tokens_in_the_reader_s_language() -> None:
    """The blocker's and the target's tokens carry their label's initial in each locale
    (placador → P), never the English B and T beside a Spanish legend."""
    assert marks("blocker", "target") == ("B", "T")
    assert marks("placador", "objetivo") == ("P", "O")
    assert marks("Blocker", "Ziel") == ("B", "Z")
    first, second = marks("bloqueur", "bouc")
    assert first != second and first.startswith("B") and second.startswith("B")


# The second reader's rulings (issue 38, second reading), one phrase each per locale.
SECOND_READING = {
    "en": [
        "tip of a lone wall",
        "only a failed pick-up by a player of the active team",
        "a thrown player's bounce",
        "like the pass it replaces",
        "keeps its state",
        "follows up onto a portal",
        "every teleport after that",
        "setting up is not a teleport",
    ],
    "es": [
        "punta de una pared suelta",
        "solo es cambio de turno un intento de recoger fallido",
        "el rebote de un jugador lanzado",
        "como el pase al que sustituye",
        "conserva su estado",
        "sigue a su objetivo hasta un portal",
        "cada teletransporte más",
        "desplegar jugadores no es teletransportarlos",
    ],
    "de": [
        "spitze einer einzelnen wand",
        "nur ein misslungenes aufheben",
        "das abprallen eines geworfenen spielers",
        "wie der pass, den es ersetzt",
        "behält seinen zustand",
        "auf ein portal nachrückt",
        "jede weitere im selben teamzug",
        "aufstellen ist keine teleportation",
    ],
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_second_readers_rulings_are_printed(rules: dict[str, str], locale: str) -> None:
    missing = missing_terms(rules[locale], SECOND_READING[locale])
    assert missing == [], f"rules.pdf ({locale}) lacks: {missing}"


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_no_placeholder_is_left_unfilled(rules: dict[str, str], locale: str) -> None:
    assert re.findall(r"\{[a-z_]+\}", rules[locale]) == []


# The Spanish second reader's list (issue 38, third round): each ruling it asked for, one
# phrase per locale, and the Spanish wordings it found wrong, which must not come back.
THIRD_READING = {
    "en": [
        "none is empty; at least one holds a player",  # 1 push: a player and two walls
        "put the ruler's end before square 1 on the centre of the passer's square",  # 2
        "a line that only touches a wall's corner is not stopped",  # 3 pass line and walls
        "neither leg may run through a wall",  # 3 wall pass
        "a player who goes prone in the square where the ball lies",  # 4
        "may use it only as the block of its blitz",  # 5 special actions after a move
        "diagonals included",  # 7 chests and every "next to"
        "every bounce and scatter uses the d8",  # 8 one die for bounces
        "the activated player is the one player of the active team",  # 10
        "not an action: the coach may also do this",  # 11 the dugout teleport
        "its own coach rolls the portal die for it",
    ],
    "es": [
        "ninguno está vacío; al menos uno tiene un jugador",
        "pon el extremo de la regla que queda antes del cuadro 1",
        "una línea que solo toca la esquina de una pared no se detiene",
        "ningún trayecto puede atravesar una pared",
        "un jugador que queda boca abajo en el cuadro donde está el balón",
        "solo puede usarla como el placaje de su blitz",
        "diagonales incluidas",
        "todo rebote y toda dispersión usan el d8",
        "el jugador activado es el único jugador del equipo activo",
        "no es una acción: el entrenador también puede hacer esto",
        "su propio entrenador tira por él el dado de portal",
        "plantilla de pared",
        "un «fumble»",  # a word kept from the book, explained where it first appears
        "así llama el juego a un tanto",
    ],
    "de": [
        "keines ist leer; mindestens eines hat einen spieler",
        "lege das ende des lineals vor feld 1",
        "eine linie, die nur eine ecke einer wand berührt",
        "keine strecke durch eine wand",
        "in dem feld zu liegen kommt, in dem der ball liegt",
        "nur als block seines blitz",
        "diagonal eingeschlossen",
        "jedes abprallen und verspringen nutzt den d8",
        "der aktivierte spieler ist der eine spieler des aktiven teams",
        "keine aktion: der trainer darf außerdem",
        "sein eigener trainer würfelt für ihn den portalwürfel",
    ],
}
# Spanish the reader found wrong: a doubled thousand, a player rolling dice, an unclear
# "between two activations", «activo» for two things, «tramos» for the wall pass's legs,
# «pre-partido» and «post-partido» (the book's own later wording is «posterior al partido»).
NOT_SPANISH_AGAIN = [
    "1.000 mil",
    "tirando él mismo",
    "entre dos activaciones",
    "jugador activo ",
    "jugadores activos",
    "los dos tramos",
    "pre-partido",
    "post-partido",
    "plantilla de rebote",
]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_spanish_readers_rulings_are_printed(rules: dict[str, str], locale: str) -> None:
    missing = missing_terms(rules[locale], THIRD_READING[locale])
    assert missing == [], f"rules.pdf ({locale}) lacks: {missing}"


@pytest.mark.timeout(120)
def test_the_spanish_readers_wordings_are_gone(rules: dict[str, str]) -> None:
    assert missing_terms(rules["es"], NOT_SPANISH_AGAIN) == NOT_SPANISH_AGAIN


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_dugout_teleport_is_not_in_the_actions_table(
    rules: dict[str, str], locale: str
) -> None:
    """The actions table lists what a player does; the dugout teleport, the coach's, is
    printed after it, under its own heading row."""
    heading, apart, name = {
        "en": ("action per turn what it does", "not an action:", "dugout teleport"),
        "es": ("acción por turno qué hace", "no es una acción:", "portal del banquillo"),
        "de": ("aktion pro zug was sie tut", "keine aktion:", "ersatzbank-portal"),
    }[locale]
    start = rules[locale].index(heading)
    end = rules[locale].index(apart, start)
    assert name not in rules[locale][start:end]
    assert name in rules[locale][end:]


# The fresh readers' lists (issue 38, round 3): each house ruling or wording they asked
# for, one phrase per locale (docs/games/dungeon-bowl.md, "Rulings added after the fresh
# readers").
FRESH_READERS = {
    "en": [
        "end (also after a turnover)",  # 1 the End step still happens
        "a thrown player is not the activated player",  # 2 a thrown player falling
        "a portal is never a square of an end zone",  # 3 portals and end zones
        "the board prints no letters",  # 3 no A/B on the map
        "a prone player may use a special action only as the block of a blitz",  # 4
        "may not do this in that first team turn",  # 5 the dugout teleport
        "a ball that moves diagonally into a straight wall",  # 6
        "add the two ruler-square numbers",  # 7 wall pass lengths
        "the wall has no printed grid",  # 7 naming a wall square
        "is always a fumble, as for a pass",  # 8 a natural 1 on a throw
        "a ball pulled by a skill is also stopped by players",  # 10 Sticky Tongue
        "tokens of the same position carry numbers",  # 13
    ],
    "es": [
        "final (también tras un cambio de turno)",
        "un jugador lanzado no es el jugador activado",
        "un portal nunca es un cuadro de una zona de anotación",
        "el tablero no lleva letras",
        "un jugador boca abajo solo puede usar una acción especial",
        "no puede hacerlo en ese primer turno",
        "un balón que se mueve en diagonal contra una pared recta",
        "suma los números de esos dos cuadros de la regla",
        "la pared no tiene cuadrícula impresa",
        "siempre es un fumble, como en un pase",
        "también lo detienen los jugadores",
        "las fichas de una misma posición llevan un número",
        "empezando por el equipo que juega el primer turno",  # 14
        "la habilidad placar",  # 14 the skill named apart from the action
    ],
    "de": [
        "ende (auch nach einem turnover)",
        "ein geworfener spieler ist nicht der aktivierte spieler",
        "ein portal ist nie ein feld einer endzone",
        "der spielplan trägt keine buchstaben",
        "sonderaktion nur als block eines blitz",
        "in diesem ersten teamzug nicht",
        "diagonal gegen eine gerade wand",
        "zähl die nummern der beiden linealfelder zusammen",
        "die wand hat kein gedrucktes raster",
        "immer ein patzer, wie bei einem pass",
        "halten auch spieler auf",
        "marker derselben position tragen nummern",
    ],
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_fresh_readers_rulings_are_printed(rules: dict[str, str], locale: str) -> None:
    missing = missing_terms(rules[locale], FRESH_READERS[locale])
    assert missing == [], f"rules.pdf ({locale}) lacks: {missing}"


@pytest.mark.timeout(120)
def test_the_fresh_spanish_reader_s_wordings_are_gone(rules: dict[str, str]) -> None:
    gone = ["que eligió el lanzamiento de moneda", "un portal dentro de una zona de anotación"]
    assert missing_terms(rules["es"], gone) == gone


def test_spanish_step_texts_after_a_colon_start_in_lower_case() -> None:
    # "Lanzamiento de moneda: lanza una moneda…": Spanish writes no capital after a colon.
    from babel.messages.pofile import read_po

    po = Path(__file__).parent.parent / "games" / GAME / "locales" / "es" / "LC_MESSAGES"
    with (po / "ttgbuild.po").open("rb") as f:
        catalog = read_po(f)
    steps = [
        m.string
        for m in catalog
        if (m.context or "").startswith(("pre_match:", "post_match:"))
        and (m.context or "").endswith(":text")
    ]
    assert steps and all(s[:1].islower() for s in steps), steps


# The readers' last round (issue 38, round 4): phrases rules.pdf must print, and the
# ones it must no longer print, per locale.
LAST_READERS = {
    "en": (
        [
            "tries one only when it is teleported onto the ball",  # 1 pick-up by the other team
            "the end step of the team turn (your players who were stunned when this team turn"
            " began turn prone",  # 2 the turnover paragraph says the End step in full
            "during its own team turn (except a thrown player without the ball)",  # 3
            "a block rolls 1 to 3 of them",  # 5 number style: digits from the data
        ],
        ["(pushed, thrown or teleported onto the ball)", "(stunned players turn prone"],
    ),
    "es": (
        [
            "solo lo intenta cuando se teletransporta al cuadro del balón",
            "(tus jugadores que estaban aturdidos al empezar este turno de equipo pasan a boca",
            "durante su propio turno de equipo (salvo un jugador lanzado sin el balón)",
            "un placaje tira de 1 a 3",
            "ocupa el lugar de la acción de placar",  # 5 one name for the action
        ],
        [
            "(empujado, lanzado o teletransportado al balón)",
            "(los aturdidos pasan a boca abajo",
            "un placaje:",
            "salvo un placaje",
            "tira de uno a",
        ],
    ),
    "de": (
        [
            "versucht es nur, wenn er auf das feld des balls teleportiert wird",
            "(die spieler des aktiven teams, die zu beginn dieses teamzugs betäubt waren",
            "im eigenen teamzug umgeworfen (außer ein geworfener spieler ohne den ball)",
            "ein block wirft 1 bis 3 davon",
        ],
        ["(auf den ball gestoßen, geworfen oder teleportiert)", "(betäubte werden liegend"],
    ),
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_readers_items_are_settled(rules: dict[str, str], locale: str) -> None:
    printed, gone = LAST_READERS[locale]
    assert missing_terms(rules[locale], printed) == [], locale
    assert missing_terms(rules[locale], gone) == gone, locale


def _catalog(locale: str) -> list:
    from babel.messages.pofile import read_po

    po = Path(__file__).parent.parent / "games" / GAME / "locales" / locale / "LC_MESSAGES"
    with (po / "ttgbuild.po").open("rb") as f:
        return [m for m in read_po(f) if m.id]


def _strings(message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


@pytest.mark.parametrize("locale", ["es", "de"])
def test_a_percent_sign_never_starts_a_line(locale: str) -> None:
    # "sume 100 %" broke before the %: the translations join number and sign unbreakably.
    broken = [s for m in _catalog(locale) for s in _strings(m) if re.search(r"\d %", s)]
    assert broken == []


def test_spanish_names_the_wall_pass_and_the_actions_as_the_glossary_does() -> None:
    # «Lanzar el balón contra la pared» in sentence case; the Block action is «Placar»
    # everywhere (never «un Placaje»); the Throw Team-mate card names the Pass action.
    texts = [s for m in _catalog("es") for s in _strings(m)]
    assert not [s for s in texts if "Balón contra la Pared" in s]
    assert not [s for s in texts if re.search(r"\bun Placaje\b", s)]
    throws = [
        m.string
        for m in _catalog("es")
        if m.context in ("skill:throw-team-mate:text", "actions:throw-team-mate:text")
    ]
    assert len(throws) == 2 and all("En lugar del Pase" in s for s in throws), throws


def test_english_step_texts_after_a_colon_start_in_lower_case() -> None:
    # "Coin toss: toss a coin…": the step's name, a colon, then its text in lower case.
    procedures = yaml.safe_load(
        (Path(__file__).parent.parent / "games" / GAME / "content" / "procedures.yaml").read_text(
            encoding="utf-8"
        )
    )
    steps = [s["text"] for s in procedures["pre_match"] + procedures["post_match"]]
    assert all(s[:1].islower() for s in steps), steps
