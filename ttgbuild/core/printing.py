"""The print settings a user chooses: paper, card size, bleed, duplex, back offset, ink.

One shape from the command line (or the project's ttgbuild.toml, whose
[print] table `ttgbuild.source.printfile` reads with the same parsers and
bounds as the options) through the build cache to every renderer.
Lengths are kept in millimetres, as the user gave them, so they key the cache
exactly and this module needs no ReportLab (an up-to-date build loads no
renderer); the renderers read them in PDF points through properties, worked
out with the same expressions ReportLab's units use, so every point is the
same float.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

INCH = 72.0  # PDF points per inch
MM = INCH / 2.54 * 0.1  # points per millimetre, as reportlab.lib.units.mm computes it
SAFE = 3.0  # mm inside the trim that text and art keep free of
BLEED_RANGE = (0, 6)  # mm, the bleed `--bleed` and ttgbuild.toml's [print] accept
CARD_SIDE_RANGE = (30, 150)  # mm, each side of a card
MAX_BACK_OFFSET = 10.0  # mm either way; more means the printer needs fixing, not an offset
# Compiled on first use (re keeps them): most commands read neither setting as text.
SIZE = r"^\s*(\d+(?:\.\d+)?)\s*[xX\u00d7]\s*(\d+(?:\.\d+)?)\s*$"
OFFSET = r"^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$"


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


class DefaultCardSize(tuple[float, float]):
    """The card size nobody chose (neither --card-size nor ttgbuild.toml's [print]): equal
    to any tuple of the same size, but a layout's own `card_size` may replace it
    (render/layout/decks.py), where one the user chose always wins."""


@dataclass(frozen=True)
class PrintSettings:
    """Everything about the printer and paper a user may set (lengths in mm)."""

    paper: Paper = Paper.a4
    card_size_mm: tuple[float, float] = DefaultCardSize((63.0, 88.0))
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
            # Nobody's choice is its own key: a layout's `card_size` may replace it.
            "card_size": list(self.card_size_mm) if chosen_card_size(self) else "default",
            "bleed": self.bleed_mm,
            "duplex": self.duplex.value,
            "back_offset": list(self.back_offset_mm),
            "ink": self.ink.value,
        }


def chosen_card_size(settings: PrintSettings) -> bool:
    """Whether the user chose the card size (on the command line or in ttgbuild.toml)."""
    return not isinstance(settings.card_size_mm, DefaultCardSize)


# The two settings written as text, read alike from the command line and from
# ttgbuild.toml, so both accept the same forms and say the same about the rest.


def card_size_of(text: str) -> tuple[float, float]:
    """A card size written WIDTHxHEIGHT in mm ("63x88"); ValueError saying what is wrong."""
    found = re.match(SIZE, text)
    if not found:
        raise ValueError(f"{text!r} is not WIDTHxHEIGHT in mm, e.g. 63x88")
    width, height = float(found.group(1)), float(found.group(2))
    least, most = CARD_SIDE_RANGE
    if not (least <= width <= most and least <= height <= most):
        raise ValueError(f"each side must be between {least:g} and {most:g} mm")
    return width, height


def back_offset_of(text: str) -> tuple[float, float]:
    """A back offset written X,Y in mm ("1.5,-0.5"); ValueError saying what is wrong."""
    found = re.match(OFFSET, text)
    if not found:
        raise ValueError(f"{text!r} is not X,Y in mm, e.g. 1.5,-0.5")
    x, y = float(found.group(1)), float(found.group(2))
    if abs(x) > MAX_BACK_OFFSET or abs(y) > MAX_BACK_OFFSET:
        raise ValueError(
            f"an offset of more than {MAX_BACK_OFFSET:g} mm means the printer needs fixing"
        )
    return x, y
