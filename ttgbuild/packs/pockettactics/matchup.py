"""Which dice face which in an assault: a unit, a base or written pools, for a declared kind.

Reads the rules from content: the counter table (what may answer an attack
kind), what a magitech power may be declared as, and what a base defends
with. A unit that cannot answer the attack kind rolls nothing back, and a
base never counter-attacks (docs/games/pocket-tactics.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ttgbuild.packs.pockettactics.odds import Pool, Side

_POOL = r"(\d+)(?:\+(\d+))?"
_WRITTEN = re.compile(rf"^{_POOL}/{_POOL}$")
BASE = "base"


class MatchupError(ValueError):
    """A side or kind the content does not allow, said in words for the command line."""


def pool_of(data: Mapping[str, Any]) -> Pool:
    """A content pool ({dice, kicker?}) as a Pool."""
    return Pool(int(data["dice"]), None if data.get("kicker") is None else int(data["kicker"]))


def written(text: str) -> Side | None:
    """`2+4/1`: offence 2 dice and kicker 4, defence 1 die; None if not written so."""
    found = _WRITTEN.match(text.strip())
    if found is None:
        return None
    o, ok, d, dk = found.groups()
    return Side(
        Pool(int(o), None if ok is None else int(ok)), Pool(int(d), None if dk is None else int(dk))
    )


def ability_for(unit: Mapping[str, Any], kind: str) -> str | None:
    """Which of the unit's abilities (melee, ballistic, power) rolls for an attack kind."""
    if kind in ("melee", "ballistic"):
        return kind
    power = unit["power"]["kind"]
    return "power" if power == kind or (power == "magitech") else None


def attacker_side(spec: str, kind: str, content: Any) -> Side:
    """The attacker's pools: a unit id (its ability for `kind`) or written pools."""
    side = written(spec)
    if side is not None:
        return side
    unit = _unit(spec, content)
    game = content.game
    ability = ability_for(unit, kind)
    if unit["power"]["kind"] == "magitech" and kind not in game["magitech_declares"]:
        ability = None if ability == "power" else ability
    if ability is None:
        raise MatchupError(f"{spec} cannot assault as {kind}: its power is {unit['power']['kind']}")
    return Side(pool_of(unit[ability]["offence"]), pool_of(unit[ability]["defence"]))


def defender_side(spec: str, kind: str, content: Any) -> Side:
    """The defender's pools: a unit's answering ability (nothing if none may answer),
    the base's dice, or written pools."""
    side = written(spec)
    if side is not None:
        return side
    game = content.game
    if spec == BASE:
        return Side(Pool(0), Pool(int(game["base"]["defence_dice"])))
    unit = _unit(spec, content)
    answers = game["counters"].get(kind, ())
    for ability in ("melee", "ballistic", "power"):
        own = unit[ability].get("kind", ability)
        if own in answers:
            return Side(pool_of(unit[ability]["offence"]), pool_of(unit[ability]["defence"]))
    return Side(Pool(0), Pool(0))


def _unit(ident: str, content: Any) -> Mapping[str, Any]:
    for unit in content.units:
        if unit["id"] == ident:
            return unit
    known = ", ".join(sorted(u["id"] for u in content.units))
    raise MatchupError(
        f"{ident!r} is neither a unit id, the word {BASE} (a defending base), nor pools"
        f" written like 2+4/1 (units: {known})"
    )
