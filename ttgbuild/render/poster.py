"""Standard poster sheets for a print shop's file, and the smallest that holds a board.

A board printed in one piece at a print shop must come out at 100 %, so the
sheet is the smallest standard size of the kit's paper family that holds it
with a margin all round: ISO 216 for kits printed on A4, US sizes (tabloid,
ARCH C, ARCH D, ARCH E) for Letter. Packs with a print-shop file share this
table instead of each keeping its own.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from ttgbuild.core.printing import Paper

# (name, width, height in mm, landscape), smallest first.
POSTERS: dict[Paper, tuple[tuple[str, float, float], ...]] = {
    Paper.a4: (("A3", 420, 297), ("A2", 594, 420), ("A1", 841, 594), ("A0", 1189, 841)),
    Paper.letter: (
        ("11 x 17 in", 431.8, 279.4),
        ("18 x 24 in", 609.6, 457.2),
        ("24 x 36 in", 914.4, 609.6),
        ("36 x 48 in", 1219.2, 914.4),
    ),
}


def smallest(
    size: tuple[float, float], paper: Paper, margin: float
) -> tuple[str, tuple[float, float]]:
    """The smallest poster (name, landscape size in points) holding `size` with `margin` round.

    Past the largest, the largest: a board that big is the content's choice to make smaller.
    """
    sheets = POSTERS[paper]
    for name, width, height in sheets:
        if width * mm >= size[0] + 2 * margin and height * mm >= size[1] + 2 * margin:
            return name, (width * mm, height * mm)
    name, width, height = sheets[-1]
    return name, (width * mm, height * mm)
