"""Pocket-Tactics' rule checks PT101-PT122, each broken in a copy of the game's project.

Every case changes one line of games/pocket-tactics and runs `ttgbuild
validate` as a user would; the finding must be the exact line (file, line,
column, code, message, pointer). The unchanged project is the passing case.
"""

# ruff: noqa: E501  (the expected findings are whole output lines)

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bookwalk import declare_variant
from tests.conftest import assert_no_crash, run_cli

GAME = Path(__file__).resolve().parents[1] / "games" / "pocket-tactics"

# (case, content file, text before, text after, exit code, the finding's line)
CASES = [
    (
        "types-too-many",
        "units/bramble-stag.yaml",
        "types: [beast]",
        "types: [beast, human, soldier, spirit]",
        1,
        "content/units/bramble-stag.yaml:5:8: error PT101: Bramble Stag has 4 types; a unit has at most 3 [/types]",
    ),
    (
        "types-unknown",
        "units/bramble-stag.yaml",
        "types: [beast]",
        "types: [beest]",
        1,
        "content/units/bramble-stag.yaml:5:9: error PT101: type 'beest' is not in the game's types (content/game.yaml); did you mean 'beast'? [/types/0]",
    ),
    (
        "affinity-none",
        "units/wisp.yaml",
        "affinity: [meadow, water]",
        "affinity: []",
        1,
        "content/units/wisp.yaml:6:11: error PT102: Wisp has 0 affinity terrains; a unit has at least 1 [/affinity]",
    ),
    (
        "affinity-unknown",
        "units/wisp.yaml",
        "affinity: [meadow, water]",
        "affinity: [meadow, lava]",
        1,
        "content/units/wisp.yaml:6:20: error PT102: affinity terrain 'lava' is not in content/terrains/ [/affinity/1]",
    ),
    (
        "budget",
        "units/wisp.yaml",
        "cost: 15",
        "cost: 14",
        1,
        "content/factions/thornmoot-circle.yaml:3:7: error PT103: Thornmoot Circle's units cost 99 points; a standard faction costs exactly 100 [/mode]",
    ),
    (
        "mode",
        "factions/thornmoot-circle.yaml",
        "mode: standard",
        "mode: skirmish",
        1,
        "content/factions/thornmoot-circle.yaml:3:7: error PT103: mode 'skirmish' is not one of the game's modes (content/game.yaml) [/mode]",
    ),
    (
        "few-units",
        "game.yaml",
        "min_units: 3 ",
        "min_units: 6 ",
        1,
        "content/factions/brasshollow-guild.yaml:1:5: error PT104: Brasshollow Guild has 5 units; a faction needs at least 6 [/id]",
    ),
    (
        "opening",
        "game.yaml",
        "opening_deployment: 3",
        "opening_deployment: 4",
        1,
        "content/game.yaml:8:21: error PT104: the opening deployment of 4 units is more than a faction's minimum of 3 [/opening_deployment]",
    ),
    (
        "dice",
        "units/wisp.yaml",
        "offence: {dice: 0}",
        "offence: {dice: -1}",
        1,
        "content/units/wisp.yaml:8:19: error PT105: melee/offence/dice of Wisp is -1; a pool rolls 0..5 dice here (assault.max_dice 5 counts the kicker) [/melee/offence/dice]",
    ),
    (
        "dice-max",
        "units/wisp.yaml",
        "offence: {dice: 0}",
        "offence: {dice: 6}",
        1,
        "content/units/wisp.yaml:8:19: error PT105: melee/offence/dice of Wisp is 6; a pool rolls 0..5 dice here (assault.max_dice 5 counts the kicker) [/melee/offence/dice]",
    ),
    (
        "dice-max-kicker",
        "units/gearwright.yaml",
        "offence: {dice: 2, kicker: 4}",
        "offence: {dice: 5, kicker: 4}",
        1,
        "content/units/gearwright.yaml:15:19: error PT105: power/offence/dice of Gearwright is 5; a pool rolls 0..4 dice here (assault.max_dice 5 counts the kicker) [/power/offence/dice]",
    ),
    (
        "power-kind",
        "units/wisp.yaml",
        "kind: arcane",
        "kind: psychic",
        1,
        "content/units/wisp.yaml:14:9: error PT105: power kind 'psychic' is not arcane, tech or magitech as the game declares them [/power/kind]",
    ),
    (
        "kicker",
        "units/gearwright.yaml",
        "kicker: 4",
        "kicker: 7",
        1,
        "content/units/gearwright.yaml:15:30: error PT106: power/offence/kicker of Gearwright is 7; a kicker is a die's face, 0..6 [/power/offence/kicker]",
    ),
    (
        "kicker-neg",
        "units/gearwright.yaml",
        "kicker: 4",
        "kicker: -1",
        1,
        "content/units/gearwright.yaml:15:30: error PT106: power/offence/kicker of Gearwright is -1; a kicker is a die's face, 0..6 [/power/offence/kicker]",
    ),
    (
        "test-ability",
        "abilities/scry.yaml",
        "ability: power",
        "ability: magic",
        1,
        "content/abilities/scry.yaml:4:17: error PT107: test ability 'magic' is not melee, ballistic or power [/test/ability]",
    ),
    (
        "test-side",
        "abilities/scry.yaml",
        "side: offence",
        "side: attack",
        1,
        "content/abilities/scry.yaml:4:30: error PT107: test side 'attack' is not offence or defence [/test/side]",
    ),
    (
        "test-target",
        "abilities/scry.yaml",
        "target: 5",
        "target: 7",
        1,
        "content/abilities/scry.yaml:4:47: error PT107: test target 7 is not a face of the die, 1..6 [/test/target]",
    ),
    (
        "test-one",
        "abilities/scry.yaml",
        "target: 5",
        "target: 1",
        1,
        "content/abilities/scry.yaml:4:47: warning PT115: Scry's test against 1 always succeeds [/test/target]",
    ),
    (
        "test-kicker",
        "abilities/scry.yaml",
        "target: 5",
        "target: 4",
        1,
        "content/units/moss-oracle.yaml:17:12: warning PT115: Moss Oracle's kicker alone passes the test of scry [/abilities]",
    ),
    (
        "hazard-trigger",
        "terrains/water.yaml",
        "trigger: enter",
        "trigger: swim",
        1,
        "content/terrains/water.yaml:6:19: error PT108: hazard trigger 'swim' is not one of the game's triggers [/hazard/trigger]",
    ),
    (
        "hazard-effect",
        "terrains/water.yaml",
        "effect: captured",
        "effect: drowned",
        1,
        "content/terrains/water.yaml:6:58: error PT108: hazard effect 'drowned' is not one of the game's effects [/hazard/effect]",
    ),
    (
        "hazard-range",
        "terrains/water.yaml",
        "to: 3",
        "to: 9",
        1,
        "content/terrains/water.yaml:6:32: error PT108: the fail range of Water holds every face: the test always fails [/hazard/fail]",
    ),
    (
        "hazard-empty",
        "terrains/water.yaml",
        "from: 1, to: 3",
        "from: 4, to: 3",
        1,
        "content/terrains/water.yaml:6:32: error PT108: the fail range 4..3 of Water is empty [/hazard/fail]",
    ),
    (
        "hazard-all",
        "terrains/water.yaml",
        "to: 3",
        "to: 6",
        1,
        "content/terrains/water.yaml:6:32: error PT108: the fail range of Water holds every face: the test always fails [/hazard/fail]",
    ),
    (
        "groove-none",
        "terrains/cave.yaml",
        "grooves: [NE, SW]",
        "grooves: []",
        1,
        "content/terrains/cave.yaml:8:15: error PT109: a tunnel tile needs at least one grooved edge [/tunnels/1/grooves]",
    ),
    (
        "groove-edge",
        "terrains/cave.yaml",
        "grooves: [NE, SW]",
        "grooves: [NE, W]",
        1,
        "content/terrains/cave.yaml:8:20: error PT109: 'W' is not a hex edge (N, NE, SE, S, SW, NW); did you mean 'SW'? [/tunnels/1/grooves/1]",
    ),
    (
        "groove-twice",
        "terrains/cave.yaml",
        "grooves: [NE, SW]",
        "grooves: [NE, NE]",
        1,
        "content/terrains/cave.yaml:8:15: error PT109: a tunnel tile names edge NE twice; each grooved edge once [/tunnels/1/grooves]",
    ),
    (
        "affinity-tiles",
        "terrains/swamp.yaml",
        "tiles: 3",
        "tiles: 0",
        1,
        "content/terrains/swamp.yaml:5:8: error PT109: Swamp is a unit's affinity terrain but the kit holds no Swamp tile [/tiles]",
    ),
    (
        "directions-face",
        "game.yaml",
        "{face: 6, edge: NW}",
        "{face: 5, edge: NW}",
        1,
        "content/game.yaml:41:3: error PT110: no row holds D6 results 6 [/directions]",
    ),
    (
        "directions-edge",
        "game.yaml",
        "{face: 6, edge: NW}",
        "{face: 6, edge: N}",
        1,
        "content/game.yaml:46:21: error PT110: two faces move towards edge N (first: content/game.yaml:41) [/directions/5/edge]",
    ),
    (
        "directions-unknown",
        "game.yaml",
        "{face: 6, edge: NW}",
        "{face: 6, edge: W}",
        1,
        "content/game.yaml:46:21: error PT110: 'W' is not a hex edge (N, NE, SE, S, SW, NW); did you mean 'SW'? [/directions/5/edge]",
    ),
    (
        "counters-key",
        "game.yaml",
        "  melee: [melee]\n",
        "  melee: [melee]\n  psychic: [arcane]\n",
        1,
        "content/game.yaml:36:3: error PT111: 'psychic' in the counter table is not an attack kind [/counters/psychic]",
    ),
    (
        "counters-missing",
        "game.yaml",
        "  melee: [melee]\n",
        "",
        1,
        "content/game.yaml:30:10: error PT111: no defence may answer a melee assault: give it a row in counters [/attack_kinds/0/id]",
    ),
    (
        "counters-value",
        "game.yaml",
        "  melee: [melee]\n",
        "  melee: [melee, fists]\n",
        1,
        "content/game.yaml:30:10: error PT111: the counters of melee name fists, not a combat ability's kind [/attack_kinds/0/id]",
    ),
    (
        "magitech",
        "game.yaml",
        "magitech_declares: [arcane, tech]",
        "magitech_declares: [arcane, steam]",
        1,
        "content/game.yaml:39:29: error PT111: a magitech power cannot be declared as 'steam': not an attack kind [/magitech_declares/1]",
    ),
    (
        "assault-kind",
        "game.yaml",
        "  melee: [melee, arcane, tech]",
        "  melee: [melee, arcane, steam]",
        1,
        "content/game.yaml:92:26: error PT111: an assault cannot be declared as 'steam': not an attack kind [/assaults/melee/2]",
    ),
    (
        "base",
        "game.yaml",
        "defence_dice: 3",
        "defence_dice: 0",
        1,
        "content/game.yaml:48:17: error PT112: a base's 0 defence dice are outside 1..5 [/base/defence_dice]",
    ),
    (
        "max-dice",
        "game.yaml",
        "max_dice: 5 ",
        "max_dice: 6 ",
        1,
        "content/game.yaml:63:13: error PT117: assault.max_dice 6 is outside 1..5: a stat card shows at most 5 dice of a side, its kicker included [/assault/max_dice]",
    ),
    (
        "odds-dice",
        "game.yaml",
        "  - {offence: {dice: 1}, defence: {dice: 1}}",
        "  - {offence: {dice: -1, kicker: 9}, defence: {dice: 1}}",
        1,
        "content/game.yaml:68:22: error PT117: odds row offence/dice is -1; a side rolls 0..4 dice here (assault.max_dice 5 counts the kicker) [/odds/0/offence/dice]",
    ),
    (
        "odds-kicker",
        "game.yaml",
        "  - {offence: {dice: 1}, defence: {dice: 1}}",
        "  - {offence: {dice: -1, kicker: 9}, defence: {dice: 1}}",
        1,
        "content/game.yaml:68:34: error PT117: odds row offence/kicker is 9; a kicker is a die's face, 0..6 [/odds/0/offence/kicker]",
    ),
    (
        "odds-huge",
        "game.yaml",
        "  - {offence: {dice: 1}, defence: {dice: 1}}",
        "  - {offence: {dice: 30}, defence: {dice: 30}}",
        1,
        "content/game.yaml:68:43: error PT117: odds row defence/dice is 30; a side rolls 0..5 dice here (assault.max_dice 5 counts the kicker) [/odds/0/defence/dice]",
    ),
    (
        "die-nets",
        "game.yaml",
        "die_nets: 6 ",
        "die_nets: -3 ",
        1,
        "content/game.yaml:65:13: error PT118: kit.die_nets -3 is outside 1..20: an assault rolls at most four pools of assault.max_dice dice [/kit/die_nets]",
    ),
    (
        "die-nets-many",
        "game.yaml",
        "die_nets: 6 ",
        "die_nets: 21 ",
        1,
        "content/game.yaml:65:13: error PT118: kit.die_nets 21 is outside 1..20: an assault rolls at most four pools of assault.max_dice dice [/kit/die_nets]",
    ),
    (
        "mats",
        "game.yaml",
        "mats: 2 ",
        "mats: 99 ",
        1,
        "content/game.yaml:66:9: error PT118: kit.mats is 99; the kit prints one mat per player (2) [/kit/mats]",
    ),
    (
        "abilities-vocabulary",
        "game.yaml",
        "  - {id: power, name: Power}",
        "  - {id: power, name: Power}\n  - {id: psychic, name: Psychic}",
        1,
        "content/game.yaml:19:3: error PT119: the combat abilities are melee, ballistic, power, psychic; a unit's stat card and schema have exactly melee, ballistic and power [/abilities]",
    ),
    (
        "test-dice",
        "game.yaml",
        "test_dice: [1, 2, 3]",
        "test_dice: [1, 2, 9]",
        1,
        "content/game.yaml:79:14: error PT123: the ability-test table rolls 9 dice; each row rolls 1..5 [/reference/test_dice]",
    ),
    (
        "test-targets",
        "game.yaml",
        "test_targets: [2, 3, 4, 5, 6]",
        "test_targets: [0, 3, 4, 5, 7]",
        1,
        "content/game.yaml:80:17: error PT123: the ability-test table shows target 0, 7; a target is a face of the die, 1..6 [/reference/test_targets]",
    ),
    (
        "example",
        "game.yaml",
        "counter: {offence: [6, 4], defence: [6, 3]}",
        "counter: {offence: [6, 2], defence: [6, 3]}",
        1,
        "content/game.yaml:82:5: error PT123: the worked example shows both units captured: the strike and the counter each need dice 1..6, highest first, as many on each side, every pair a hit or a tie and one a hit [/reference/example]",
    ),
    (
        "digits",
        "abilities/vault.yaml",
        "up to {units} tiles",
        "up to 2 tiles",
        1,
        "content/abilities/vault.yaml:3:7: error PT113: text states the number '2'; put it in params and write {name} instead [/text]",
    ),
    (
        "placeholder",
        "abilities/vault.yaml",
        "up to {units} tiles",
        "up to {unit} tiles",
        1,
        "content/abilities/vault.yaml:3:7: error PT113: placeholder {unit} has no value; define it in params; did you mean 'units'? [/text]",
    ),
    (
        "ability-unknown",
        "units/wisp.yaml",
        "abilities: []",
        "abilities: [teleport]",
        1,
        "content/units/wisp.yaml:17:13: error PT114: special ability 'teleport' is not in content/abilities/ [/abilities/0]",
    ),
    (
        "ability-unused",
        "units/moss-oracle.yaml",
        "abilities: [scry]",
        "abilities: []",
        1,
        "content/abilities/scry.yaml:1:5: warning PT116: no unit has the special ability 'scry' [/id]",
    ),
    (
        "file-name",
        "units/wisp.yaml",
        "id: wisp",
        "id: wisp-two",
        1,
        "content/units/wisp.yaml:1:5: error PT120: id 'wisp-two' differs from the file name 'wisp.yaml'; rename one to match [/id]",
    ),
    (
        "name",
        "units/wisp.yaml",
        "name: Wisp",
        "name: Fen Hound",
        1,
        "content/units/wisp.yaml:2:7: error PT121: 'Fen Hound' is already used in content/units/fen-hound.yaml:2 [/name]",
    ),
    (
        "faction",
        "units/wisp.yaml",
        "faction: thornmoot-circle",
        "faction: thornmoot",
        1,
        "content/units/wisp.yaml:3:10: error PT122: faction 'thornmoot' is not in content/factions/; did you mean 'thornmoot-circle'? [/faction]",
    ),
]


def project(tmp_path: Path) -> Path:
    """A copy of the game's project (content, catalogs, ttgbuild.toml), no built kit."""
    copy = tmp_path / "pocket-tactics"
    shutil.copytree(GAME, copy, ignore=shutil.ignore_patterns("output"))
    return copy


def changed(tmp_path: Path, file: str, before: str, after: str) -> Path:
    """A copy of the project with `before` replaced by `after` in one content file."""
    game = project(tmp_path)
    path = game / "content" / file
    text = path.read_text("utf-8")
    assert before in text
    path.write_text(text.replace(before, after, 1), "utf-8")
    return game


def test_the_game_validates_strictly_clean(tmp_path: Path) -> None:
    result = run_cli(project(tmp_path), "validate", "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "no problems found" in result.output


@pytest.mark.parametrize(
    ("case", "file", "before", "after", "status", "line"), CASES, ids=[c[0] for c in CASES]
)
def test_a_broken_rule_is_found_and_located(
    tmp_path: Path, case: str, file: str, before: str, after: str, status: int, line: str
) -> None:
    del case
    result = run_cli(changed(tmp_path, file, before, after), "validate", "--strict")
    assert_no_crash(result)
    assert result.exit_code == status, result.output
    assert line in result.stdout.splitlines(), result.output


# (case, content file, text before, text after): the edge a rule allows still validates
PASSING = [
    (
        "largest-pool",
        "units/gearwright.yaml",
        "offence: {dice: 2, kicker: 4}",
        "offence: {dice: 4, kicker: 4}",
    ),
    ("five-dice", "units/wisp.yaml", "offence: {dice: 0}", "offence: {dice: 5}"),
    (
        "odds-largest",
        "game.yaml",
        "  - {offence: {dice: 1}, defence: {dice: 1}}",
        "  - {offence: {dice: 4, kicker: 6}, defence: {dice: 5}}",
    ),
    ("die-nets-most", "game.yaml", "die_nets: 6 ", "die_nets: 20 "),
    (
        "abilities-reordered",
        "game.yaml",
        "  - {id: melee, name: Melee}\n  - {id: ballistic, name: Ballistic}",
        "  - {id: ballistic, name: Ballistic}\n  - {id: melee, name: Melee}",
    ),
    (
        "example-longer",
        "game.yaml",
        "counter: {offence: [6, 4], defence: [6, 3]}",
        "counter: {offence: [6, 5, 2], defence: [6, 5, 1]}",
    ),
]


# The passing cases that change a value the book states (data/book.yaml): its id.
DEPARTS_FROM_BOOK = {"example-longer": "worked_example"}


@pytest.mark.parametrize(("case", "file", "before", "after"), PASSING, ids=[c[0] for c in PASSING])
def test_a_value_the_rules_allow_passes(
    tmp_path: Path, case: str, file: str, before: str, after: str
) -> None:
    root = changed(tmp_path, file, before, after)
    strict = ["--strict"]
    if case in DEPARTS_FROM_BOOK:  # the rules allow it, the book says otherwise: a variant
        declare_variant(root, DEPARTS_FROM_BOOK[case])
        strict = []  # its summary is not in the catalogs (JT821, a warning)
    result = run_cli(root, "validate", *strict)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output


def test_every_declared_code_has_a_failing_case() -> None:
    codes = {line.split(" ")[2].rstrip(":") for *_, line in CASES}
    listed = run_cli(GAME, "rules")
    declared = {row.split()[0] for row in listed.stdout.splitlines() if row.startswith("PT")}
    assert declared and declared <= codes, sorted(declared - codes)


def test_validate_runs_as_a_user_types_it(tmp_path: Path) -> None:
    """The installed command on a broken copy: exit 1, the finding on stdout, no traceback."""
    game = project(tmp_path)
    path = game / "content" / "units" / "wisp.yaml"
    path.write_text(path.read_text("utf-8").replace("cost: 15", "cost: 14"), "utf-8")
    command = [sys.executable, "-m", "ttgbuild", "validate", "--project", str(game)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "error PT103: Thornmoot Circle's units cost 99 points" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("before", "after", "own"),
    [
        ("cost: 15", "cost: fifteen", "content/units/wisp.yaml:4:7: error JT050:"),
        ("types: [spirit]", "types: 7", "content/units/wisp.yaml:5:8: error JT050:"),
    ],
)
def test_a_unit_that_fails_its_schema_gives_no_wrong_sum_or_count(
    tmp_path: Path, before: str, after: str, own: str
) -> None:
    """Cascade honesty: a unit left out of the content for its own error is not counted as
    missing from its faction's budget (PT103), army size (PT104) or abilities' use (PT116)."""
    result = run_cli(changed(tmp_path, "units/wisp.yaml", before, after), "validate", "--strict")
    assert_no_crash(result)
    assert result.exit_code == 1
    lines = [
        line for line in result.stdout.splitlines() if " error " in line or " warning " in line
    ]
    assert len(lines) == 1 and lines[0].startswith(own), result.output
