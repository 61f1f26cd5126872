"""The functions Jugger's check files may call by name (the pack's `functions`).

Game logic that a check file cannot state in an expression lives beside the
rule it serves: the most demanding team (kit_demand.py, JT603) and the WCAG
contrast of two colours (core/colours.py, JT114: an emblem's own charge
colour must show on its field).
"""

from __future__ import annotations

from ttgbuild.packapi.colours import contrast_ratio
from ttgbuild.packs.jugger.kit_demand import points_demand

FUNCTIONS = {"points_demand": points_demand, "contrast_ratio": contrast_ratio}
