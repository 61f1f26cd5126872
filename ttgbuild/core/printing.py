"""The print settings a user chooses: paper, card size, bleed, duplex, back offset, ink.

One shape from the command line through the build cache to every renderer.
Lengths are kept in millimetres, as the user gave them, so they key the cache
exactly and this module needs no ReportLab (an up-to-date build loads no
renderer); the renderers read them in PDF points through properties, worked
out with the same expressions ReportLab's units use, so every point is the
same float.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

INCH = 72.0  # PDF points per inch
MM = INCH / 2.54 * 0.1  # points per millimetre, as reportlab.lib.units.mm computes it
SAFE = 3.0  # mm inside the trim that text and art keep free of


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


class Duplex(StrEnum):
    """How the printer turns the sheet: backs mirror columns (long edge) or rows (short)."""

    long = "long"
    short = "short"


class Ink(StrEnum):
    """Full colour, or the ink saver: the same kit with large fills drawn as pale tints."""

    full = "full"
    saver = "saver"


PAGES = {  # points, as reportlab.lib.pagesizes has them
    Paper.a4: (210 * MM, 297 * MM),
    Paper.letter: (8.5 * INCH, 11 * INCH),
}


@dataclass(frozen=True)
class PrintSettings:
    """Everything about the printer and paper a user may set (lengths in mm)."""

    paper: Paper = Paper.a4
    card_size_mm: tuple[float, float] = (63.0, 88.0)
    bleed_mm: float = 3.0
    duplex: Duplex = Duplex.long
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    ink: Ink = Ink.full

    def __post_init__(self) -> None:
        # Plain strings become the enums, so `settings.duplex is Duplex.long` holds either way.
        object.__setattr__(self, "paper", Paper(self.paper))
        object.__setattr__(self, "duplex", Duplex(self.duplex))
        object.__setattr__(self, "ink", Ink(self.ink))

    @property
    def page(self) -> tuple[float, float]:
        return PAGES[self.paper]

    @property
    def card_width(self) -> float:
        return self.card_size_mm[0] * MM

    @property
    def card_height(self) -> float:
        return self.card_size_mm[1] * MM

    @property
    def bleed(self) -> float:
        return self.bleed_mm * MM

    @property
    def safe(self) -> float:
        return SAFE * MM

    @property
    def back_offset(self) -> tuple[float, float]:
        x, y = self.back_offset_mm
        return x * MM, y * MM

    def key(self) -> dict[str, object]:
        """The settings as plain JSON values, for the build cache to compare."""
        return {
            "paper": self.paper.value,
            "card_size": list(self.card_size_mm),
            "bleed": self.bleed_mm,
            "duplex": self.duplex.value,
            "back_offset": list(self.back_offset_mm),
            "ink": self.ink.value,
        }
