"""What players hold at the table never sends them to a computer (issue 38).

Every PDF of every game's kit is paper a group plays from: the rules,
reference and setup sheets, the cards, tokens and boards, and the guide (it
tells whoever prints and cuts the kit what to do, at the table too). None
may print a command line, a file path, a content/ hint or a command's
option: those belong in the docs. Each game's kit is built once per module
with the CLI, in English, and Jugger's in Spanish as well. No exception:
a card deck's duplex alignment test speaks to whoever prints the kit too
(the printer's own back-side shift, or asking whoever made the files),
never naming the build option.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rulestext import GAMES, build_kit, pdf_text, player_sheet_violations

pytestmark = pytest.mark.timeout(300)

LOCALES = {"jugger": ("en", "es")}  # other games: English


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's kit, built lazily once for this module: game → output folder."""
    built: dict[str, Path] = {}

    class Kits(dict[str, Path]):
        def __missing__(self, game: str) -> Path:
            out = tmp_path_factory.mktemp(game)
            built[game] = build_kit(GAMES[game], LOCALES.get(game, ("en",)), out)
            return built[game]

    return Kits()


CASES = [(game, locale) for game in GAMES for locale in LOCALES.get(game, ("en",))]


@pytest.mark.parametrize(("game", "locale"), CASES, ids=[f"{g}-{loc}" for g, loc in CASES])
def test_no_player_sheet_prints_a_command_or_a_file(
    kits: dict[str, Path], game: str, locale: str
) -> None:
    folder = kits[game] / locale
    files = sorted(folder.glob("*.pdf"))
    assert files, f"no PDF in {folder}"
    found = []
    for path in files:
        for what, around in player_sheet_violations(pdf_text(path)):
            found.append(f"{path.name}: {what}: …{around}…")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("value", "kinds"),
    [
        ("Any matchup: ttgbuild assault-odds.", {"command line"}),
        ("Set yours in content/rules.yaml.", {"content hint", "file path"}),
        ("see games/dungeon-bowl/content/game.yaml", {"content hint", "file path"}),
        ("edit rules.yaml first", {"file path"}),
        ("build with --paper letter", {"option name"}),
        ("Roll 2\u20134 dice; a 3-4 result — a well-known rule, 1.5 hexes, 100 % scale.", set()),
        ("Terrain: content of the box; and/or the sea.", set()),
    ],
)
def test_the_checker_finds_what_players_must_not_see(value: str, kinds: set[str]) -> None:
    assert {what for what, _ in player_sheet_violations(value)} == kinds
