"""Declaring a pack: the `Pack` a package exports, its printed files, listings and
print plan, and the data folder a pack ships (`packaged`).

Light on purpose: a pack's `__init__` imports it while `ttgbuild --help` lists the games.
"""

from ttgbuild.pack import Component, Listing, Pack, PrintPlan, Ref
from ttgbuild.source.datapack import packaged

__all__ = ["Component", "Listing", "Pack", "PrintPlan", "Ref", "packaged"]
