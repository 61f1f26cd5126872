"""Pages of a PDF drawn apart as pictures, with pypdfium2, saved as PNG by Pillow.

Sizes are worked out from millimetres, never from what the rasteriser
rounds to: a page is rendered at the scale of the resolution asked for and
cut to the exact number of pixels its length gives (pdfium rounds a page's
size up, so at most a sliver of the outer bleed, under a pixel, is left off).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator

import pypdfium2
from PIL import Image

from ttgbuild.core.printing import INCH, MM

MM_PER_INCH = INCH / MM  # 25.4, as the print settings convert


def pixels(length_mm: float, dpi: float) -> int:
    """How many whole pixels a length covers at `dpi`."""
    return round(length_mm / MM_PER_INCH * dpi)


def render(pdf: bytes, numbers: Iterable[int], dpi: float) -> Iterator[tuple[int, Image.Image]]:
    """The pages `numbers` (from 0), in order, as RGB pictures at `dpi` cut to their exact size.

    One at a time: at 1200 dpi a card's picture takes some 45 MB, so a caller
    saves each before the next is drawn rather than holding a deck's worth.
    """
    document = pypdfium2.PdfDocument(pdf)
    try:
        for number in sorted(set(numbers)):
            page = document[number]
            width_mm, height_mm = page.get_width() / MM, page.get_height() / MM
            bitmap = page.render(scale=dpi / INCH)
            image = bitmap.to_pil().convert("RGB")
            bitmap.close()
            page.close()
            size = (pixels(width_mm, dpi), pixels(height_mm, dpi))
            yield number, image.crop((0, 0, *size)) if image.size != size else image
    finally:
        document.close()


def png(image: Image.Image, dpi: float) -> bytes:
    """The picture as PNG bytes with its resolution recorded (the pHYs chunk)."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi))
    return buffer.getvalue()
