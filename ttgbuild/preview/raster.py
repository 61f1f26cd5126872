"""Pictures of the kit's PDF pages and of the pieces drawn on them, with pypdfium2.

The gallery shows the PDFs that print, never a second drawing of them. A
picture is named by the hash of its bytes and remembered by the hash of the
PDF it came from, so a page of an unchanged PDF is not rasterised again and
an unchanged picture is not written again.
"""

from __future__ import annotations

import hashlib
import io
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from ttgbuild.preview import beneath

FOLDER = "img"
DPI = 100  # sharp enough to read a card's smallest text, small enough to publish
QUALITY = 82

Box = tuple[float, float, float, float]  # left, bottom, width, height in points


@dataclass(frozen=True)
class Crop:
    """One picture wanted from a PDF: a piece's box on a page, or the whole page (None)."""

    page: int  # from 1
    box: Box | None

    def key(self, pdf_sha: str, dpi: int) -> str:
        """What makes this picture the same as one made before."""
        where = "page" if self.box is None else ",".join(f"{v:.2f}" for v in self.box)
        return f"{pdf_sha}/{self.page}/{where}/{dpi}"


def pictures(
    pdf: Path, pdf_sha: str, crops: list[Crop], out: Path, cache: dict[str, str], dpi: int = DPI
) -> dict[Crop, str]:
    """Each crop's picture (path relative to `out`), rasterising only pages not seen before.

    `cache` maps a crop's key to its picture and is updated in place.
    """
    found: dict[Crop, str] = {}
    todo: dict[int, list[Crop]] = defaultdict(list)
    for crop in crops:
        name = cache.get(crop.key(pdf_sha, dpi))
        if name is not None and beneath.is_file(out, name.split("/")):
            found[crop] = name
        else:
            todo[crop.page].append(crop)
    if not todo:
        return found
    document = pypdfium2.PdfDocument(pdf)
    try:
        for number, wanted in sorted(todo.items()):
            page = document[number - 1]
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            height = page.get_height()
            page.close()
            for crop in wanted:
                box = None if crop.box is None else _within(image, crop.box, height, dpi)
                picture = image if box is None else image.crop(box)
                name = _save(picture, out)
                cache[crop.key(pdf_sha, dpi)] = name
                found[crop] = name
    finally:
        document.close()
    return found


def _pixels(box: Box, page_height: float, dpi: int) -> tuple[int, int, int, int]:
    """A box in PDF points (origin lower left) as pixels (origin upper left)."""
    scale = dpi / 72
    left, bottom, width, height = box
    top = page_height - bottom - height
    return (
        round(left * scale),
        round(top * scale),
        round((left + width) * scale),
        round((top + height) * scale),
    )


def _within(image: object, box: Box, page_height: float, dpi: int) -> tuple[int, int, int, int]:
    """The box's pixels, cut to the page and at least one pixel: no box makes a bigger image."""
    width, height = image.size  # type: ignore[attr-defined]
    left, top, right, bottom = _pixels(box, page_height, dpi)
    left, top = min(max(left, 0), width - 1), min(max(top, 0), height - 1)
    return left, top, min(max(right, left + 1), width), min(max(bottom, top + 1), height)


def _save(picture: object, out: Path) -> str:
    """Write a picture as JPEG named by its bytes' hash, unless that file is already there.

    Written into `out/img/` with no link followed (`beneath`): a link in the
    way is refused, never written through.
    """
    buffer = io.BytesIO()
    picture.save(buffer, "JPEG", quality=QUALITY, optimize=True)  # type: ignore[attr-defined]
    data = buffer.getvalue()
    parts = (FOLDER, f"{hashlib.sha256(data).hexdigest()[:20]}.jpg")
    if not beneath.is_file(out, parts):
        beneath.write_file(out, parts, data)
    return "/".join(parts)
