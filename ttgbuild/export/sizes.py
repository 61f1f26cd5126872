"""Card sizes print shops sell, by the name `--size` takes.

Data, not code: a size is its trim in millimetres and the bleed the shops that
sell it ask for. Layouts are drawn at the kit's card size (PrintSettings'
default, poker) and place their boxes in millimetres from the card's edges;
another size close to it is drawn by the same layout at that size and refused
if its text no longer fits (`ttgbuild.export.faces`).

A size much smaller than the design cannot be drawn so: boxes held to opposite
edges would land on each other (at mini euro, 44 x 68 mm, Jugger's weapon
sketch covered its stats), which no text check sees. Such a size is drawn at
a larger card of its own proportions, as large as the design on one side and
larger on the other, and the whole face, bleed included, is then scaled down
to the size (`shrink`): the boxes keep the room they have at the design size,
the type gets smaller with everything else.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttgbuild.core.printing import PrintSettings


@dataclass(frozen=True)
class Size:
    name: str
    width: float  # mm, the trimmed card
    height: float
    bleed: float  # mm on every side
    what: str  # for --help and messages

    @property
    def scale(self) -> float:
        """1 for a size close to the design; else how much its drawing is scaled down."""
        width, height = DESIGN
        if self.width >= LEAST_SHARE * width and self.height >= LEAST_SHARE * height:
            return 1.0
        return min(self.width / width, self.height / height)

    def settings(self) -> PrintSettings:
        """The print settings the cards are drawn at: this size with its bleed, or for a
        size drawn scaled (`scale` < 1), the larger card that scales down to it."""
        scale = self.scale
        size = (self.width / scale, self.height / scale)
        return PrintSettings(card_size_mm=size, bleed_mm=self.bleed / scale)

    def described(self) -> str:
        scaled = f"; the design scaled to {self.scale:.0%}" if self.scale < 1 else ""
        return f"{self.name} {self.width:g} x {self.height:g} mm (bleed {self.bleed:g}{scaled})"


SIZES = {
    size.name: size
    for size in (
        Size("poker", 63, 88, 3, "poker, as the kit prints it"),
        Size("poker-us", 63.5, 88.9, 3.175, "US poker, 2.5 x 3.5 in, bleed 1/8 in"),
        Size("bridge", 57, 89, 3, "bridge"),
        Size("tarot", 70, 120, 3, "tarot"),
        # Mini euro sleeves are sold for 44 x 68 mm cards (some makers print 44 x 67).
        Size("mini-euro", 44, 68, 3, "mini euro, the design scaled down whole"),
    )
}
DESIGN = PrintSettings().card_size_mm  # the size layouts are designed at: the kit's default
# How much smaller than the design a size's side may be and still be drawn at that size;
# a smaller one is drawn scaled (`Size.scale`).
LEAST_SHARE = 0.9
