"""Jugger TTG's content model, built from the schema-valid documents the loader hands over.

The engine's loader reads and schema-checks the files the pack names
(`PACK.files` and `PACK.folders`); this turns the documents of each kind
into the model's dataclasses. Only valid documents arrive, so every field
the schema requires is there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ttgbuild.packapi.content import Document
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packs.jugger.model import (
    Area,
    Board,
    BonusDice,
    Choices,
    Content,
    Emblem,
    Format,
    Hero,
    Kit,
    MoveType,
    Position,
    Rules,
    Talent,
    Team,
    TieHits,
    Trigger,
    Weapon,
)


def build(content: Content, valid: Mapping[str, list[Document]]) -> None:
    """Fill the content model from the schema-valid documents of each kind."""
    for doc in valid.get("hero", []):
        content.heroes.append(_hero(doc.data, Origin(doc.display)))
    for doc in valid.get("talent", []):
        content.talents.append(_talent(doc.data, Origin(doc.display)))
    for doc in valid.get("weapons", []):
        origin = Origin(doc.display)
        content.weapons = [
            _weapon(w, origin.at("weapons", i)) for i, w in enumerate(doc.data["weapons"])
        ]
        qwik = doc.data["qwik"]
        content.qwik = Position(qwik["id"], qwik["name"], origin.at("qwik"))
    for doc in valid.get("teams", []):
        origin = Origin(doc.display)
        content.teams = [
            Team(t["id"], t["name"], t["country"], origin.at("teams", i), _emblem(t.get("emblem")))
            for i, t in enumerate(doc.data["teams"])
        ]
    for doc in valid.get("rules", []):
        content.rules = _rules(doc.data, Origin(doc.display))
    for doc in valid.get("board", []):
        content.board = _board(doc.data, Origin(doc.display))
    for doc in valid.get("kit", []):
        data = doc.data
        content.kit = Kit(
            data["stone_cards"],
            data["point_cards"],
            dict(data["weapon_cards"]),
            dict(data["counters"]),
            dict(data["bases"]),
            data["dice"],
            Origin(doc.display),
        )


def _hero(data: dict[str, Any], origin: Origin) -> Hero:
    return Hero(
        id=data["id"],
        name=data["name"],
        team=data["team"],
        country=data["country"],
        preferred=data["preferred"],
        cost=data["cost"],
        will=data["will"],
        reflexes=data["reflexes"],
        fortitude=data["fortitude"],
        light_feet=data["light_feet"],
        attack=data["attack"],
        defence=data["defence"],
        focus=data["focus"],
        stamina=data["stamina"],
        talents=tuple(data["talents"]),
        origin=origin,
        portrait=data.get("portrait"),
    )


def _talent(data: dict[str, Any], origin: Origin) -> Talent:
    bonus = data.get("bonus_dice")
    attack = data.get("bonus_attack")
    text = data["text"]
    counted = isinstance(text, dict)  # {one, other, count}: the schema allows only these two
    return Talent(
        id=data["id"],
        name=data["name"],
        keyword=data["keyword"],
        cost_kind=data["cost"]["kind"],
        cost_amount=data["cost"].get("amount", 0),
        text=text["one"] if counted else text,
        origin=origin,
        required=data.get("required"),
        trigger=data.get("trigger"),
        bonus_dice=BonusDice(bonus["pool"], bonus["dice"]) if bonus else None,
        bonus_attack_boostable=attack["boostable"] if attack else None,
        params=dict(data.get("params", {})),
        text_plural=text["other"] if counted else None,
        text_count=text["count"] if counted else None,
    )


def _weapon(data: dict[str, Any], origin: Origin) -> Weapon:
    return Weapon(
        data["id"],
        data["name"],
        data["attack"],
        data["defence"],
        data["range"],
        data["crouch_count"],
        data.get("chain", False),
        origin,
        data.get("flavour", ""),
        data.get("padded_ends", 1),
    )


def _emblem(data: dict[str, Any] | None) -> Emblem | None:
    """A club's emblem fields (the schema's defaults filled in), or None without one."""
    if data is None:
        return None
    division, charge = data.get("division", "plain"), data.get("charge", "none")
    return Emblem(data["shape"], division, charge, tuple(data["colours"]))


def _rules(data: dict[str, Any], origin: Origin) -> Rules:
    costs = dict(data["costs"])
    throw = costs.pop("throw")
    costs["throw"] = throw["cost"]
    return Rules(
        dice_per_player=data["dice"]["per_player"],
        faces=tuple(data["dice"]["faces"]),
        faces_assumed=data["dice"].get("faces_assumed", True),
        formats={name: Format(name, **fmt) for name, fmt in data["formats"].items()},
        qwiks_in_play=data["positions"]["qwik"],
        defenders_in_play=data["positions"]["defender"],
        weapons_max=data["weapons_on_field"]["max"],
        chains_min=data["weapons_on_field"]["chains_min"],
        chains_max=data["weapons_on_field"]["chains_max"],
        synergy=tuple(data["synergy"]),
        attributes={k: (v["min"], v["max"]) for k, v in data["attributes"].items()},
        activation_first=data["activation_order"]["first"],
        activation_last=data["activation_order"]["last"],
        movement=tuple(MoveType(**m) for m in data["movement"]["types"]),
        max_move_per_activation=data["movement"]["max_per_activation"],
        exhausted=dict(data["exhausted"]),
        out_of_bounds_crouch=data["out_of_bounds_crouch"],
        crouch_counts_per_stone=data["crouch_counts_per_stone"],
        sweep_far_distance=data["distances"]["sweep_far"],
        push_hexes=data["distances"]["push"],
        pins_per_hero=data["pins_per_hero"],
        costs=costs,
        throw_hexes=throw["hexes"],
        tie_hits=TieHits(**data["tie_hits"]),
        triggers=tuple(Trigger(t["id"], t["name"]) for t in data["reaction_triggers"]),
        draft=dict(data["draft"]),
        choices=Choices(**data["choices"]),
        origin=origin,
    )


def _board(data: dict[str, Any], origin: Origin) -> Board:
    def hex_(value: list[int]) -> tuple[int, int]:
        return value[0], value[1]

    return Board(
        columns=data["columns"],
        rows=data["rows"],
        centre=hex_(data["centre"]),
        goals={side: hex_(v) for side, v in data["goals"].items()},
        start_zones={
            side: Area(hex_(v["columns"]), hex_(v["rows"]))
            for side, v in data["start_zones"].items()
        },
        corner_lines=tuple(tuple(hex_(h) for h in line) for line in data["corner_lines"]),
        origin=origin,
    )
