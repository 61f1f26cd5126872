"""A card's rarity, derived from its copies: the rulebook prints no rarity, it follows from them.

A design printed in few copies is uncommon, one printed in many is common,
and the usual count in between has no label. The thresholds are game.yaml's
`rarity` (uncommon_max, common_min), so the kit and the check agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def rarity(copies: int, thresholds: Mapping[str, Any]) -> str:
    """`uncommon`, `common`, or "" (no label) for a design printed `copies` times."""
    if copies <= thresholds["uncommon_max"]:
        return "uncommon"
    if copies >= thresholds["common_min"]:
        return "common"
    return ""
