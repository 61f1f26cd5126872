"""The game logic Challengers!'s check files and layouts call by name (the pack's `functions`)."""

from __future__ import annotations

from ttgbuild.packs.challengers.drawings import symbol_names
from ttgbuild.packs.challengers.rarity import rarity
from ttgbuild.packs.challengers.schedule import meeting_problems, schedule_problems
from ttgbuild.packs.challengers.supply import supply_problems

FUNCTIONS = {
    "rarity": rarity,
    "schedule_problems": schedule_problems,
    "meeting_problems": meeting_problems,
    "symbol_names": symbol_names,
    "supply_problems": supply_problems,
}
