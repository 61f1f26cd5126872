"""Card sizes print shops sell, by the name `--size` takes.

Data, not code: a size is its trim in millimetres and the bleed the shops that
sell it ask for. Layouts are drawn at the kit's card size (PrintSettings'
default, poker) and place their boxes in millimetres from the card's edges;
another size is drawn by the same layout and refused if its text no longer
fits (`ttgbuild.export.faces`).
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

    def settings(self) -> PrintSettings:
        """The print settings that draw a card of this size with its bleed."""
        return PrintSettings(card_size_mm=(self.width, self.height), bleed_mm=self.bleed)

    def described(self) -> str:
        return f"{self.name} {self.width:g} x {self.height:g} mm (bleed {self.bleed:g})"


SIZES = {
    size.name: size
    for size in (
        Size("poker", 63, 88, 3, "poker, as the kit prints it"),
        Size("poker-us", 63.5, 88.9, 3.175, "US poker, 2.5 x 3.5 in, bleed 1/8 in"),
        Size("bridge", 57, 89, 3, "bridge"),
        Size("tarot", 70, 120, 3, "tarot"),
        Size("mini-euro", 44, 68, 3, "mini euro"),
    )
}
DESIGN = PrintSettings().card_size_mm  # the size layouts are designed at: the kit's default
# Boxes sit in mm from the card's edges, so a card much smaller than the design puts boxes
# held to opposite edges on top of each other (at mini euro, 44 x 68 mm, Jugger's weapon
# sketch covers its stats): each side may be at most this much smaller than the design's.
LEAST_SHARE = 0.9


def too_small(width: float, height: float) -> bool:
    """Whether a card of this size is too small for the layouts' design (see LEAST_SHARE)."""
    return width < LEAST_SHARE * DESIGN[0] or height < LEAST_SHARE * DESIGN[1]
