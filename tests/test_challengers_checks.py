"""Challengers!'s rule checks (ttgbuild/packs/challengers/data/checks/), run as a user runs them.

The passing fixture is the shipped game, games/challengers/: `validate --strict`
finds nothing. Each failing fixture is a copy of it with one line changed,
and the check's finding is asserted whole: file:line:col, code and message.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import REPO, assert_no_crash, run_cli

GAME = REPO / "games" / "challengers"

# (case, content file, text, replacement, the finding that must be reported)
CASES = [
    ("CH101", "cards/clock-mender.yaml", "strength: 7", "strength: 12",
     "content/cards/clock-mender.yaml:5:11: error CH101: base strength 12 is more than "
     "level C's cap of 10"),
    ("CH102", "cards/night-guard.yaml", "rarity: uncommon", "rarity: common",
     "content/cards/night-guard.yaml:7:9: error CH102: 3 copies make the card uncommon, "
     "not common"),
    ("CH103", "cards/tram-driver.yaml", "copies: 4", "copies: 5",
     "content/sets/old-town.yaml:3:7: error CH103: Old Town holds 21 cards, copies counted; "
     "a set of kind base holds 20"),
    ("CH104-base", "sets/old-town.yaml", "always_used: true", "always_used: false",
     "content/sets/old-town.yaml:3:7: error CH104: the base set is in every game: "
     "mark it always_used: true"),
    ("CH104-count", "game.yaml", "additional: 6, starter", "additional: 7, starter",
     "content/game.yaml:12:37: error CH104: the content has 6 additional sets; "
     "the game needs at least 7"),
    ("CH104-in-play", "game.yaml", "additional_sets_in_play: 5", "additional_sets_in_play: 7",
     "content/game.yaml:10:26: error CH104: a game uses 7 additional sets, "
     "but the content has 6"),
    ("CH105", "sets/starter-key.yaml", "symbol: key", "symbol: crown",
     "content/sets/starter-key.yaml:4:9: error CH105: symbol 'crown' is already the symbol "
     "of the starter deck in content/sets/starter-crown.yaml:4"),
    ("CH106-holder", "cards/dock-cadet.yaml", "level: A", "level: I",
     "content/cards/dock-cadet.yaml:4:8: error CH106: a level I card belongs to a starter "
     "or robot set, not to star-harbour (additional)"),
    ("CH106-unknown", "cards/dock-cadet.yaml", "level: A", "level: D",
     "content/cards/dock-cadet.yaml:4:8: error CH106: level 'D' is not one of game.yaml's levels"),
    ("CH107-set-only", "cards/pin-spinner.yaml", "keyword: flag-lost", "keyword: on-pick",
     "content/cards/pin-spinner.yaml:7:10: error CH107: keyword 'on-pick' is only for cards of "
     "star-harbour, not of midnight-fair"),
    ("CH107-unknown", "cards/pin-spinner.yaml", "keyword: flag-lost", "keyword: flag-gone",
     "content/cards/pin-spinner.yaml:7:10: error CH107: keyword 'flag-gone' is not one of "
     "game.yaml's keywords; did you mean 'flag-lost'?"),
    ("CH108-per-park", "game.yaml", "fans: [4, 5, 5, 6]", "fans: [4, 5, 6]",
     "content/game.yaml:36:22: error CH108: round 7 has 3 trophies; each of the 4 parks "
     "needs one"),
    ("CH108-falling", "game.yaml", "fans: [4, 5, 5, 6]", "fans: [1, 1, 1, 1]",
     "content/game.yaml:36:5: error CH108: the trophies of round 7 hold fewer fans than "
     "those of round 6"),
    ("CH108-rounds", "game.yaml", "{round: 7, fans", "{round: 8, fans",
     "content/game.yaml:30:3: error CH108: trophies are given for rounds 1, 2, 3, 4, 5, 6, 8; "
     "they must be rounds 1 to 7, in order"),
    ("CH109-parks", "game.yaml", "[1, 1, 2, 2, 3, 3, 4, 4]", "[1, 1, 2, 2, 3, 3, 4, 5]",
     "content/game.yaml:27:41: error CH109: 8 players use 4 parks (one per pair), not 5; "
     "the kit has 4"),
    ("CH109-flags", "game.yaml", 'colour: "#2f6aa6"', 'colour: "#478424"',
     "content/game.yaml:24:47: error CH109: colour #478424 is already the flag colour of "
     "the park in content/game.yaml:23"),
    ("CH110-picks", "diagrams/seat-1.yaml", "level: B, picks: 1", "level: B, picks: 6",
     "content/diagrams/seat-1.yaml:10:33: error CH110: 6 picks; a player keeps 1 to 5 of "
     "the 5 cards drawn"),
    ("CH110-level", "diagrams/seat-1.yaml", "level: B, picks: 1", "level: I, picks: 1",
     "content/diagrams/seat-1.yaml:10:23: error CH110: level 'I' is not a tray level "
     "(the levels drawn in Planning)"),
    ("CH110-trophy", "diagrams/seat-2.yaml", "trophy: 3,", "trophy: 4,",
     "content/diagrams/seat-2.yaml:9:44: error CH110: the band of round 3 plays for "
     "trophy 4; it must be trophy 3"),
    ("CH111", "diagrams/seat-1.yaml", "meadow, meadow, meadow]}", "meadow, meadow, harbour]}",
     "content/diagrams/seat-1.yaml:7:111: error CH111: with 8 players, round 1: park "
     "'harbour' holds 3 seats (seat 1, seat 2, seat 7), not 2"),
    ("CH112", "diagrams/seat-8.yaml", "seat: 8", "seat: 7",
     "content/diagrams/seat-8.yaml:4:7: error CH112: seat 7 already has its diagram in "
     "content/diagrams/seat-7.yaml:4"),
    ("CH113-role", "cards/gearling.yaml", "role: gearling", "role: tinhound",
     "content/game.yaml:59:10: error CH113: 0 Robot cards play the role Gearling; "
     "exactly one must"),
    ("CH113-r-cards", "game.yaml", "chrome-captain, r_cards: 2", "chrome-captain, r_cards: 5",
     "content/game.yaml:64:3: error CH113: the hardest Robot level takes 8 R cards; "
     "the Robot deck has 7"),
    ("CH114", "game.yaml", "fan_token_total: 40", "fan_token_total: 41",
     "content/game.yaml:40:18: error CH114: the fan tokens by value add up to 40, not 41"),
    ("CH114-ladder", "game.yaml", "{level: 2, solo_only", "{level: 3, solo_only",
     "content/game.yaml:64:3: error CH114: the difficulty levels are 1, 3, 3, 4, 5; they "
     "must be 1, 2, 3 ... in order"),
    ("CH105-diagram", "diagrams/seat-8.yaml", "symbol: key", "symbol: lock",
     "content/diagrams/seat-8.yaml:5:9: error CH105: symbol 'lock' is not the symbol of "
     "any starter deck"),
    ("CH115-digits", "cards/pin-spinner.yaml", "worth {fans}", "worth 2",
     "content/cards/pin-spinner.yaml:8:7: error CH115: text states the number '2'; put it in "
     "params and write {name} instead"),
    ("CH113-replaced-twice", "game.yaml", "replace: bolt-buddy", "replace: gearling",
     "content/game.yaml:66:43: error CH113: role 'gearling' is already replaced at "
     "content/game.yaml:65; each role leaves the Robot deck at one level"),
    ("CH113-never-replaced", "game.yaml", "replace: bolt-buddy", "replace: gearling",
     "content/game.yaml:60:10: error CH113: no difficulty level replaces the Robot card "
     "Bolt Buddy; give one level replace: bolt-buddy"),
    ("CH113-level-deleted", "game.yaml",
     "  - {level: 5, solo_only: true, replace: chrome-captain, r_cards: 2}\n", "",
     "content/game.yaml:62:10: error CH113: no difficulty level replaces the Robot card "
     "Chrome Captain; give one level replace: chrome-captain"),
    ("r_cards-required", "game.yaml", "replace: tinhound, r_cards: 1}", "replace: tinhound}",
     "content/game.yaml:67:5: error JT053: item 4 of difficulty: 'r_cards' is a dependency "
     "of 'replace'"),
    ("CH124-level", "game.yaml", "  - {letter: B,", "  - {letter: A,",
     "content/game.yaml:17:14: error CH124: level 'A' is already defined at content/game.yaml:16"),
    ("CH124-park", "game.yaml", "  - {id: harbour,", "  - {id: meadow,",
     "content/game.yaml:24:10: error CH124: park id 'meadow' is already used at "
     "content/game.yaml:23"),
    ("CH124-keyword", "game.yaml", "  - id: from-bench", "  - id: flag-lost",
     "content/game.yaml:49:9: error CH124: keyword id 'flag-lost' is already used at "
     "content/game.yaml:46"),
    ("CH124-role", "game.yaml", "  - {id: tinhound,", "  - {id: gearling,",
     "content/game.yaml:61:10: error CH124: robot role id 'gearling' is already used at "
     "content/game.yaml:59"),
    ("CH124-difficulty", "game.yaml", "  - {level: 3,", "  - {level: 2,",
     "content/game.yaml:66:13: error CH124: difficulty level 2 is already defined at "
     "content/game.yaml:65"),
    ("CH125", "game.yaml", "rarity: {uncommon_max: 3, common_min: 5}",
     "rarity: {uncommon_max: 6, common_min: 2}",
     "content/game.yaml:13:24: error CH125: uncommon_max 6 must be less than common_min 2, "
     "or a card would be both"),
    ("CH126-holding", "game.yaml", "additional], discards_hold: 6}\n  - {letter: C",
     "additional], discards_hold: 8}\n  - {letter: C",
     "content/game.yaml:17:81: error CH126: with 8 players planning at once, level B can have "
     "56 cards away from its tray in round 4 and its discards hold 7 before going back: the "
     "draw pile needs 63 cards, but the sets in play may give only 62 (leaving out "
     "star-harbour)"),
    ("CH126-base-only", "game.yaml", "{letter: A, cap: 3, tray: true, holders: [base, additional]",
     "{letter: A, cap: 3, tray: true, holders: [base]",
     "content/game.yaml:16:69: error CH126: with 1 player planning at once, level A can have 7 "
     "cards away from its tray in round 2 and its discards hold 5 before going back: the draw "
     "pile needs 12 cards, but the sets in play may give only 11"),
    ("CH128", "game.yaml", "holders: [base, additional], discards_hold: 6}\n  - {letter: C",
     "holders: [base, additional]}\n  - {letter: C",
     "content/game.yaml:17:14: error CH128: level B is drawn from a tray: give discards_hold, "
     "how many discards its label holds before they go back under the draw pile"),
    ("CH111-one-player", "diagrams/seat-1.yaml",
     "trophy: 1, parks: [meadow, meadow,", "trophy: 1, parks: [harbour, meadow,",
     "content/diagrams/seat-1.yaml:7:55: error CH111: with 1 player, round 1: seat 1 is at "
     "park 'harbour', which is not in use"),
    ("CH127-unknown", "sets/midnight-fair.yaml", "symbol: tent", "symbol: tnet",
     "content/sets/midnight-fair.yaml:4:9: error CH127: symbol 'tnet' has no drawing in this "
     "kit; did you mean 'tent'?"),
    ("CH127-shared", "sets/midnight-fair.yaml", "symbol: tent", "symbol: tower",
     "content/sets/old-town.yaml:5:9: error CH127: symbol 'tower' is already the symbol of "
     "content/sets/midnight-fair.yaml:4"),
    ("CH115-placeholder", "cards/pin-spinner.yaml", "worth {fans}", "worth {fan}",
     "content/cards/pin-spinner.yaml:8:7: error CH115: placeholder {fan} has no value; define "
     "it in params; did you mean 'fans'?"),
    ("CH117", "game.yaml", "fans: [4, 5, 5, 6]", "fans: [3, 4, 4, 5]",
     "content/game.yaml:36:5: warning CH117: the trophies of round 7 hold no more fans "
     "than those of round 6"),
    ("CH121", "cards/pin-spinner.yaml", "name: Pin Spinner", "name: Strongman",
     "content/cards/strongman.yaml:2:7: error CH121: 'Strongman' is already used in "
     "content/cards/pin-spinner.yaml:2"),
    ("CH122", "cards/pin-spinner.yaml", "id: pin-spinner", "id: pin-spinners",
     "content/cards/pin-spinner.yaml:1:5: error CH122: id 'pin-spinners' differs from the file "
     "name 'pin-spinner.yaml'; rename one to match"),
    ("CH123", "cards/pin-spinner.yaml", "set: midnight-fair", "set: midnight-fun",
     "content/cards/pin-spinner.yaml:3:6: error CH123: set 'midnight-fun' does not exist in "
     "content/sets/; did you mean 'midnight-fair'?"),
]  # fmt: skip


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the shipped game to break."""
    root = tmp_path / "challengers"
    shutil.copytree(GAME, root, ignore=shutil.ignore_patterns("output", "locales"))
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def validate(root: Path) -> tuple[int, str]:
    result = run_cli(root, "validate", "--strict")
    assert_no_crash(result)
    return result.exit_code, result.stdout + result.stderr


def test_the_shipped_game_passes_every_check() -> None:
    """The passing fixture of every check: the game as shipped, warnings included."""
    code, output = validate(GAME)
    assert code == 0, output
    assert "no problems found" in output


@pytest.mark.parametrize(
    ("case", "file", "old", "new", "finding"), CASES, ids=[c[0] for c in CASES]
)
def test_a_broken_rule_is_reported_at_its_line(
    game: Path, case: str, file: str, old: str, new: str, finding: str
) -> None:
    edit(game / "content" / file, old, new)
    code, output = validate(game)
    assert code == 1, output
    assert finding in output.splitlines()[0] or f"\n{finding} [" in f"\n{output}", output


def test_seats_meeting_too_often_is_a_warning_at_the_band(game: Path) -> None:
    """CH116: 8 players replaying round 1's pairings in round 2 is a schedule that works,
    but every pair of round 1 then meets twice where a round robin needs once."""
    for path in sorted((game / "content" / "diagrams").glob("seat-*.yaml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        first, second = (
            next(i for i, s in enumerate(lines) if f"round: {r}," in s) for r in (1, 2)
        )
        park = re.search(r"(\w+)\]\}$", lines[first]).group(1)  # type: ignore[union-attr]
        lines[second] = re.sub(r"\w+\]\}$", park + "]}", lines[second])
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, output = validate(game)
    assert code == 1, output
    assert "0 error(s), 4 warning(s)" in output, output
    assert (
        "content/diagrams/seat-8.yaml:8:90: warning CH116: with 8 players, round 2: "
        "seat 1 and seat 8 meet more often than needed (at most 1) [/bands/1/parks/7]"
    ) in output
    assert output.count("warning CH116") == 4  # one per pair of round 1


def test_the_schedule_problem_is_the_only_error_of_a_broken_band(game: Path) -> None:
    """A seat sent to the wrong park in one round breaks that round alone, at that band."""
    edit(
        game / "content/diagrams/seat-1.yaml",
        "meadow, meadow, meadow]}",
        "meadow, meadow, harbour]}",
    )
    code, output = validate(game)
    assert code == 1
    findings = [line for line in output.splitlines() if " error " in line]
    assert findings and all("CH111: with 8 players, round 1:" in line for line in findings)
    assert all("[/bands/0/parks/7]" in line for line in findings)
