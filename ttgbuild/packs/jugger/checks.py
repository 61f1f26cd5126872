"""The Jugger TTG pack's codes: its content checks and the codes it reports elsewhere.

The engine calls `register` with a registry scoped to this pack (code prefix
"JT"); nothing is registered by importing a check module.
"""

from __future__ import annotations

from ttgbuild.packapi.checks import Registry
from ttgbuild.packs.jugger import art, rules
from ttgbuild.packs.jugger.kitsize import SIZE_CODE
from ttgbuild.packs.jugger.teamcheck import TEAM_CODES


def register(registry: Registry) -> None:
    """Add every content check of the pack, then the codes its team check and build report."""
    for module in (rules, art):
        module.checks.register(registry)
    registry.add_codes([*TEAM_CODES.values(), SIZE_CODE])
