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

import shutil
from functools import cache
from pathlib import Path

import pytest
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
            "This is this kit's rule for its paper trays",
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
            "Esta es la regla de este kit",
            "Como la dificultad anterior",
            "Así, fuera del juego en solitario",
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
