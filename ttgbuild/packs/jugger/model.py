"""The game's content as frozen dataclasses: what renderers and checks read.

No I/O here. Every object remembers where it came from (`Origin`) so that a
rule about it can point at the exact file and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ttgbuild.packapi.diagnostics import Origin


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    team: str
    country: str
    preferred: str
    cost: int
    will: int
    reflexes: int
    fortitude: int
    light_feet: int
    attack: int
    defence: int
    focus: int
    stamina: int
    talents: tuple[str, ...]
    origin: Origin
    portrait: str | None = None


HERO_NUMBERS = (
    "cost",
    "will",
    "reflexes",
    "fortitude",
    "light_feet",
    "attack",
    "defence",
    "focus",
    "stamina",
)


@dataclass(frozen=True)
class BonusDice:
    pool: str
    dice: int


@dataclass(frozen=True)
class Talent:
    id: str
    name: str
    keyword: str
    cost_kind: str
    cost_amount: int
    text: str
    origin: Origin
    required: str | None = None
    trigger: str | None = None
    bonus_dice: BonusDice | None = None
    bonus_attack_boostable: bool | None = None
    params: dict[str, int] = field(default_factory=dict)
    # A text that counts something: `text` is its English singular, `text_plural` the
    # form for every other number, and `text_count` names the placeholder that decides.
    text_plural: str | None = None
    text_count: str | None = None

    def placeholders(self) -> dict[str, int]:
        """Values the text may name as {placeholder}: params, the cost and bonus dice."""
        values = dict(self.params)
        values["cost"] = self.cost_amount
        if self.bonus_dice is not None:
            values["bonus_dice"] = self.bonus_dice.dice
        return values


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    attack: int
    defence: int
    range: int
    crouch_count: int
    chain: bool
    origin: Origin
    flavour: str = ""  # an optional line of flavour for its card
    padded_ends: int = 1  # 1 or 2: how the card's sketch draws the weapon


@dataclass(frozen=True)
class Position:
    """The Qwik position card: the runner carries no weapon."""

    id: str
    name: str
    origin: Origin


@dataclass(frozen=True)
class Emblem:
    """A club's emblem as content gives it; render/emblems.py draws it."""

    shape: str
    division: str
    charge: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Team:
    id: str
    name: str
    country: str
    origin: Origin
    emblem: Emblem | None = None


@dataclass(frozen=True)
class Format:
    id: str
    points_to_win: int
    team_size: int
    budget: int
    in_play: int


@dataclass(frozen=True)
class MoveType:
    id: str
    min: int
    max: int
    cost: int


@dataclass(frozen=True)
class Trigger:
    id: str
    name: str


@dataclass(frozen=True)
class Choices:
    """The project's choices where no rulebook decides (rules.yaml `choices`); each gates checks."""

    pools_fit_owned_dice: bool
    passive_talents_free: bool
    move_band_minimums: bool


@dataclass(frozen=True)
class TieHits:
    """Who is hit when both sides roll the same number of juggs (rules.yaml `tie_hits`).

    Data, not code, so that the odds, the rules of play and the quick reference
    read one answer and the book can check it (the German book differs, DE 753).
    """

    full_defence: bool  # the target is hit on a tie
    duel: bool  # both are hit on a tie (doubles); False: nobody is
    no_defence: bool  # the target is hit on a tie


@dataclass(frozen=True)
class Rules:
    """Game numbers from content/rules.yaml (see its schema for meanings)."""

    dice_per_player: int
    faces: tuple[int, ...]
    # Whether `faces` is the kit's guess (no rulebook gives them) or a group's own dice.
    faces_assumed: bool
    formats: dict[str, Format]
    qwiks_in_play: int
    defenders_in_play: int
    weapons_max: int
    chains_min: int
    chains_max: int
    synergy: tuple[int, ...]
    attributes: dict[str, tuple[int, int]]
    activation_first: int
    activation_last: int
    movement: tuple[MoveType, ...]
    max_move_per_activation: int
    exhausted: dict[str, int]
    out_of_bounds_crouch: int
    # Crouch count tokens a crouched hero sheds at each stone maintenance.
    crouch_counts_per_stone: int
    # Hexes from the jugg at which a defender sweeps at the far cost (rules.yaml distances).
    sweep_far_distance: int
    # Hexes a won wrestle pushes the loser (rules.yaml distances).
    push_hexes: int
    # Crouched heroes one hero may pin at a time (rules.yaml pins_per_hero).
    pins_per_hero: int
    costs: dict[str, int]
    throw_hexes: int
    tie_hits: TieHits
    triggers: tuple[Trigger, ...]
    draft: dict[str, int]
    choices: Choices
    origin: Origin

    def synergy_for(self, count: int) -> int:
        """Table 2 for `count` in-play heroes of one team; past the table, one more per hero."""
        if count <= 0:
            return 0
        if count <= len(self.synergy):
            return self.synergy[count - 1]
        return self.synergy[-1] + (count - len(self.synergy))

    def largest_team(self) -> int:
        """The most heroes a team holds in any format, reserves included."""
        return max(f.team_size for f in self.formats.values())

    def most_in_play(self) -> int:
        """The most heroes one side has in play at once in any format."""
        return max(f.in_play for f in self.formats.values())


@dataclass(frozen=True)
class Area:
    columns: tuple[int, int]
    rows: tuple[int, int]

    def hexes(self) -> list[tuple[int, int]]:
        """Every hex of the area (column, row); both ends of each range are inside."""
        return [
            (c, r)
            for c in range(self.columns[0], self.columns[1] + 1)
            for r in range(self.rows[0], self.rows[1] + 1)
        ]


@dataclass(frozen=True)
class Board:
    columns: int
    rows: int
    centre: tuple[int, int]
    goals: dict[str, tuple[int, int]]
    start_zones: dict[str, Area]
    corner_lines: tuple[tuple[tuple[int, int], ...], ...]
    origin: Origin

    def contains(self, hex_: tuple[int, int]) -> bool:
        return 0 <= hex_[0] < self.columns and 0 <= hex_[1] < self.rows

    def mirror(self, hex_: tuple[int, int]) -> tuple[int, int]:
        """The hex at the same place seen from the other end of the field.

        The reflection is across the centre hex's column, not the board's middle:
        columns at equal distances from it share their half-hex shift, so this is
        a true symmetry of the grid and keeps hex distances to the centre. With an
        even number of columns the board's middle runs between two columns, where
        no hex-for-hex mirror exists.
        """
        return 2 * self.centre[0] - hex_[0], hex_[1]


@dataclass(frozen=True)
class Kit:
    stone_cards: int
    point_cards: int
    weapon_cards: dict[str, int]
    counters: dict[str, int]
    bases: dict[str, int]
    dice: int
    origin: Origin


@dataclass
class Content:
    """Everything read from content/: parts whose files are missing or invalid are None/absent."""

    heroes: list[Hero] = field(default_factory=list)
    talents: list[Talent] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)
    qwik: Position | None = None
    teams: list[Team] = field(default_factory=list)
    rules: Rules | None = None
    board: Board | None = None
    kit: Kit | None = None
