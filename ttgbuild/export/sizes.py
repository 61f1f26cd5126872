"""Card sizes print shops sell, by the name `--size` takes.

Data, not code: a size is its trim in millimetres and the bleed the shops that
sell it ask for. Layouts are drawn at the kit's card size (PrintSettings'
default, poker) and place their boxes in millimetres from the card's edges;
another size is drawn by the same layout and refused if its text no longer
fits (`ttgbuild.export.faces`).

Only sizes close to the design are offered: on a much smaller card, boxes held
to opposite edges land on each other (at mini euro, 44 x 68 mm, Jugger's
weapon sketch covers its stats), which no text check sees. Mini euro is
therefore not a preset; a layout designed for it would be a layout of its own.
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
    )
}
DESIGN = PrintSettings().card_size_mm  # the size layouts are designed at: the kit's default
# How much smaller than the design a preset's side may be (tests hold every preset to it).
LEAST_SHARE = 0.9
