"""Legality of a player's team file: size, uniqueness, positions, weapons, budget, synergy.

Every limit comes from content/rules.yaml; the team file's shape from
schemas/team-file.schema.json. All problems are reported at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ttgbuild.packapi.content import Document, load_document, schemas_at
from ttgbuild.packapi.diagnostics import Code, Diagnostic, code_table, json_pointer, sort_key
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.model import Content, Format

TEAM_CODES = code_table(
    Code("JT701", "error", "a team has exactly the format's number of heroes"),
    Code("JT702", "error", "a hero appears at most once in a team"),
    Code("JT703", "error", "every hero in a team exists"),
    Code("JT704", "error", "every weapon in a team exists"),
    Code("JT705", "error", "a team fields the rules' numbers of Qwiks, defenders and reserves"),
    Code("JT706", "error", "Qwiks and reserves carry no weapon"),
    Code("JT707", "error", "every defender carries exactly one weapon"),
    Code("JT708", "error", "a team fields no more chains than allowed"),
    Code("JT709", "error", "a team brings at least the required chains"),
    Code("JT710", "error", "a team's recruitment costs stay within the format's budget"),
)

IN_PLAY = ("qwik", "defender")


@dataclass
class TeamReport:
    """The result of a team check, shaped like cli.md's JSON."""

    legal: bool
    cost: int
    budget: int
    synergy: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    readable: bool = True

    def as_json(self) -> dict[str, object]:
        return {
            "legal": self.legal,
            "cost": self.cost,
            "budget": self.budget,
            "synergy": self.synergy,
            "diagnostics": [d.as_json() for d in self.diagnostics],
        }


def check_team(path: Path, display: str, content: Content) -> TeamReport:
    """Check one team file against loaded, valid content."""
    doc, diags = load_document(path, display)
    if doc is None:
        return TeamReport(False, 0, 0, 0, diags, readable=False)
    schema_errors = schemas_at(PACK.schemas).check_document(doc, "team-file")
    if schema_errors:
        return TeamReport(False, 0, 0, 0, sorted(schema_errors, key=sort_key))
    rules = content.rules
    fmt = rules.formats[doc.data["format"]]
    entries = doc.data["heroes"]
    heroes = {h.id: h for h in content.heroes}
    known = [e for e in entries if e["hero"] in heroes]
    cost = sum(heroes[e["hero"]].cost for e in known)
    in_play = Counter(heroes[e["hero"]].team for e in known if e["position"] in IN_PLAY)
    synergy = sum(rules.synergy_for(n) for n in in_play.values())
    found = sorted(
        (_diag(doc, *problem) for problem in _problems(entries, fmt, content, cost)),
        key=sort_key,
    )
    return TeamReport(not found, cost, fmt.budget, synergy, found)


def _diag(doc: Document, code: str, message: str, pointer: str) -> Diagnostic:
    line, column = doc.locate(pointer)
    return TEAM_CODES[code].at(doc.display, line, column, message, pointer)


def _problems(
    entries: list[dict[str, str]], fmt: Format, content: Content, cost: int
) -> Iterator[tuple[str, str, str]]:
    """(code, message, pointer) of every rule the team breaks."""
    rules = content.rules
    heroes = {h.id for h in content.heroes}
    weapons = {w.id: w for w in content.weapons}
    if len(entries) != fmt.team_size:
        yield (
            "JT701",
            f"a {fmt.id}-game team has exactly {fmt.team_size} heroes, this one has {len(entries)}",
            "/heroes",
        )
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        where = json_pointer(["heroes", i])
        hero, position, weapon = entry["hero"], entry["position"], entry.get("weapon")
        if hero not in heroes:
            yield "JT703", f"hero '{hero}' does not exist in content/heroes/", where + "/hero"
        elif hero in seen:
            yield "JT702", f"hero '{hero}' is already in this team", where + "/hero"
        seen.add(hero)
        if position != "defender" and weapon is not None:
            yield ("JT706", f"a {position} carries no weapon; remove '{weapon}'", where + "/weapon")
        elif position == "defender" and weapon is None:
            yield "JT707", f"defender '{hero}' needs exactly one weapon", where
        elif weapon is not None and weapon not in weapons:
            yield (
                "JT704",
                f"weapon '{weapon}' does not exist in content/weapons.yaml",
                where + "/weapon",
            )
    counts = Counter(e["position"] for e in entries)
    wanted = {
        "qwik": rules.qwiks_in_play,
        "defender": rules.defenders_in_play,
        "reserve": fmt.team_size - fmt.in_play,
    }
    for position, number in wanted.items():
        if counts[position] != number:
            yield (
                "JT705",
                f"a {fmt.id}-game team has {number} {position}(s), this one has {counts[position]}",
                "/heroes",
            )
    chains = sum(
        1
        for e in entries
        if e["position"] == "defender" and e.get("weapon") in weapons and weapons[e["weapon"]].chain
    )
    if chains > rules.chains_max:
        yield "JT708", f"{chains} chains; a team fields at most {rules.chains_max}", "/heroes"
    if chains < rules.chains_min:
        yield "JT709", f"{chains} chains; a team brings at least {rules.chains_min}", "/heroes"
    if cost > fmt.budget:
        yield (
            "JT710",
            f"team costs {cost}, over the {fmt.id}-game budget of {fmt.budget}",
            "/heroes",
        )
