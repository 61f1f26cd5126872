"""Contrast measured on the printed PDFs themselves, whatever drew them.

The layout-level test (test_contrast.py) reads colour pairs from layout files;
games whose pages are drawn in Python give it nothing to read. Here every page
of a built kit is measured instead:

- text: each span's colour (bench/pdfview.py's `Page.spans`) against the ground
  under it, the most common rendered pixel colour in the span's box once the
  pixels close to the text colour (glyphs and their anti-aliased edges) are
  left out. WCAG 2.1: 4.5:1, or 3:1 for large text (18 pt, or 14 pt bold).
- icons: each filled path under 1 cm² against the last filled path drawn
  before it whose box holds it (or the paper), 3:1.

Run as a script (`python -m tests.printed_contrast KIT_DIR`) to list every
failure of a built kit.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from bench.pdfview import Page, Rect, open_pdf
from ttgbuild.core.colours import contrast_ratio

DPI = 100
TEXT, LARGE_TEXT, ICON = 4.5, 3.0, 3.0
TINT = 1.5  # fainter than this against its ground: a tint or watermark, not an icon
ICON_AREA = (72 / 2.54) ** 2  # 1 cm² in pt²
NEAR_TEXT = 80  # pixels within this (sum of channel differences) of the text colour are glyph
PAPER = (1.0, 1.0, 1.0)
RGB = tuple[float, float, float]


@dataclass(frozen=True)
class Failure:
    """One piece of ink too close in colour to what it is printed on."""

    file: str
    page: int
    what: str  # "text 'Foo'" or "icon at (x, y) 5x5 mm"
    ink: str
    ground: str
    ratio: float
    needed: float

    def __str__(self) -> str:
        return (
            f"{self.file} p{self.page} {self.what}: {self.ink} on {self.ground} "
            f"{self.ratio:.2f}:1 < {self.needed}:1"
        )


def _hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def _blend(top: RGB, under: RGB, opacity: float) -> RGB:
    return tuple(t * opacity + u * (1 - opacity) for t, u in zip(top, under, strict=True))  # type: ignore[return-value]


def _ground(pixels: Image.Image, ink: RGB) -> RGB | None:
    """The most common pixel colour of a box, leaving out what is near the ink's colour
    (of equally common ones, the lowest: red first, then green, then blue)."""
    ink255 = [round(c * 255) for c in ink]
    counted = pixels.getcolors(pixels.width * pixels.height) or []
    keep = [
        (count, colour)
        for count, colour in counted
        if sum(abs(c - i) for c, i in zip(colour, ink255, strict=True)) > NEAR_TEXT
    ]
    if not keep:
        return None
    _count, best = min(keep, key=lambda found: (-found[0], found[1]))
    return (best[0] / 255, best[1] / 255, best[2] / 255)


def _large(size: float, bold: bool) -> bool:
    return size >= 18 or (bold and size >= 14)


def text_failures(name: str, number: int, page: Page, image: Image.Image) -> Iterator[Failure]:
    scale = DPI / 72
    for span in page.spans():
        text = span.text
        if not text or span.alpha == 0:
            continue
        box = image.crop(
            (
                max(0, int(span.bbox.x0 * scale)),
                max(0, int(span.bbox.y0 * scale)),
                min(image.width, int(span.bbox.x1 * scale) + 1),
                min(image.height, int(span.bbox.y1 * scale) + 1),
            )
        )
        if box.width <= 0 or box.height <= 0:
            continue
        ink = span.colour
        ground = _ground(box, ink)
        if ground is None:
            continue
        needed = LARGE_TEXT if _large(span.size, span.bold) else TEXT
        ratio = contrast_ratio(_hex(ink), _hex(ground))
        if ratio < needed:
            yield Failure(
                name, number, f"text {text[:30]!r}", _hex(ink), _hex(ground), ratio, needed
            )


def _holds(outer: Rect, inner: Rect) -> bool:
    return (
        outer.x0 <= inner.x0 + 0.01
        and outer.y0 <= inner.y0 + 0.01
        and outer.x1 >= inner.x1 - 0.01
        and outer.y1 >= inner.y1 - 0.01
    )


def _is_tile(rect: Rect, rects: list[Rect]) -> bool:
    """One of a grid of equal shapes touching each other (board squares, hexes): a ground."""
    grown = rect.grown(0.5)
    neighbours = [
        other
        for other in rects
        if other != rect
        and abs(other.width - rect.width) < 0.5
        and abs(other.height - rect.height) < 0.5
        and grown.intersects(other)
    ]
    return len(neighbours) >= 2


def icon_failures(name: str, number: int, page: Page) -> Iterator[Failure]:
    """Small filled shapes against the fill under them.

    A small fill that something is printed on (a text span, or a later fill
    inside it) is a ground, a table cell or a swatch, not an icon: what sits
    on it is measured instead; so is one of a grid of touching equal shapes.
    A fill the same colour as its ground is part of a larger shape (drawn in
    pieces), invisible on its own by design. A fill
    fainter than TINT against its ground is a watermark or tint (decoration,
    which WCAG exempts: the card art's faded tents, empty table cells). A shape
    with an outline (0.5 pt or more) shows by whichever of outline and fill
    stands out more. A translucent fill is a wash over what is under it (the
    board's overlap strips), not an icon.
    """
    fills: list[tuple[Rect, RGB]] = []  # every filled path so far, with its effective colour
    unders: list[RGB] = []
    strokes: list[RGB | None] = []
    washes: list[bool] = []
    for path in page.drawings():
        if path.fill is None:
            continue
        rect = path.rect
        under = next(
            (colour for outer, colour in reversed(fills) if _holds(outer, rect) and outer != rect),
            PAPER,
        )
        fills.append((rect, _blend(path.fill, under, path.fill_opacity)))
        unders.append(under)
        strokes.append(path.stroke if path.width >= 0.5 else None)
        washes.append(path.fill_opacity < 1.0)
    centres = [span.bbox.centre for span in page.spans() if span.text]
    rects = [rect for rect, _ in fills]
    for index, ((rect, colour), under, stroke) in enumerate(
        zip(fills, unders, strokes, strict=True)
    ):
        if (
            washes[index]
            or rect.is_empty
            or rect.width * rect.height >= ICON_AREA
            or _hex(colour) == _hex(under)
        ):
            continue
        if any(rect.contains(point) for point in centres) or any(
            _holds(rect, later) for later, _ in fills[index + 1 :]
        ):
            continue
        if _is_tile(rect, rects):
            continue
        ratio = contrast_ratio(_hex(colour), _hex(under))
        if ratio < TINT:
            continue
        if stroke is not None and contrast_ratio(_hex(stroke), _hex(under)) > ratio:
            colour, ratio = stroke, contrast_ratio(_hex(stroke), _hex(under))
        if ratio < ICON:
            mm = 25.4 / 72
            where = (
                f"icon at ({rect.x0 * mm:.0f}, {rect.y0 * mm:.0f}) mm, "
                f"{rect.width * mm:.1f}x{rect.height * mm:.1f} mm"
            )
            yield Failure(name, number, where, _hex(colour), _hex(under), ratio, ICON)


def pdf_failures(path: Path) -> list[Failure]:
    """Every text and icon of one PDF below its contrast."""
    failures: list[Failure] = []
    for page in open_pdf(path):
        failures += text_failures(path.name, page.number + 1, page, page.render(DPI))
        failures += icon_failures(path.name, page.number + 1, page)
    return failures


def kit_failures(kit: Path) -> list[Failure]:
    return [failure for pdf in sorted(kit.glob("*.pdf")) for failure in pdf_failures(pdf)]


if __name__ == "__main__":
    found = kit_failures(Path(sys.argv[1]))
    for failure in found:
        print(failure)
    print(f"{len(found)} failures")
