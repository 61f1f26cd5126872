"""Pictures of the kit's PDF pages and of the pieces drawn on them, with pypdfium2.

The gallery shows the PDFs that print, never a second drawing of them. A
picture is named by the hash of its bytes and remembered under two keys: its
PDF's hash with the page number (a file as it was: not even opened), and the
digest of the PAGE it came from (`pagedigest`: the page's own drawing and
everything it uses). So an edit to one card changes one page of its file,
and only that page is rasterised again; every other picture is found by a
key and neither decoded nor encoded again. The pages that are rasterised are
spread over the cores (`parallel.run_all`: forked workers, one per core at
most); each worker renders each crop of a page alone (`render`: a piece's
pixels only) and encodes it (`encode`, the one encoder), and this process
writes the pictures (`save`).
"""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from ttgbuild.core import parallel
from ttgbuild.preview import beneath, pagedigest

FOLDER = "img"
DPI = 100  # sharp enough to read a card's smallest text, small enough to publish
QUALITY = 82
# Below this many pages to rasterise, this process does them itself: starting workers
# (a fork each, some 20 ms) costs more than it saves on two or three pages.
POOL_PAGES = 4

Box = tuple[float, float, float, float]  # left, bottom, width, height in points


@dataclass(frozen=True)
class Crop:
    """One picture wanted from a PDF: a piece's box on a page, or the whole page (None)."""

    page: int  # from 1
    box: Box | None

    def key(self, page: str, dpi: int) -> str:
        """What makes this picture the same as one made before: its page, box and dpi.

        `page` is the page's digest, or its PDF's hash and number.
        """
        where = "page" if self.box is None else ",".join(f"{v:.2f}" for v in self.box)
        return f"{page}/{where}/{dpi}"


@dataclass(frozen=True)
class Source:
    """A PDF and the pictures wanted from it; `sha` (its bytes' hash) names its page digests."""

    pdf: Path
    sha: str
    crops: tuple[Crop, ...]


@dataclass(frozen=True)
class _Job:
    """One page to rasterise and the boxes to cut from it (pickles: sent to a worker)."""

    pdf: Path
    page: int
    boxes: tuple[Box | None, ...]
    dpi: int


def pictures(
    sources: Sequence[Source], out: Path, cache: dict[str, str], dpi: int = DPI
) -> list[dict[Crop, str]]:
    """Each source's crops' pictures (paths relative to `out`), in the sources' order.

    A crop is looked up by its PDF's hash first (a file as it was: its pages
    are not even read), then by its page's digest; only pages with a crop
    found neither way are rasterised, on the cores. `cache` maps both keys of a
    crop to its picture and is updated in place.
    """
    found: list[dict[Crop, str]] = [{} for _ in sources]
    todo: dict[tuple[int, int], list[tuple[Crop, list[str]]]] = {}  # (source, page) -> keys
    for index, source in enumerate(sources):
        whole = {crop: crop.key(f"{source.sha}/{crop.page}", dpi) for crop in source.crops}
        if all(_known(cache, key, out) for key in whole.values()):  # a PDF as it was: no digests
            found[index] = {crop: cache[key] for crop, key in whole.items()}
            continue
        digests = pagedigest.page_digests(source.pdf, source.sha)
        for crop in source.crops:
            if not 1 <= crop.page <= len(digests):
                continue  # a page the PDF lacks has no picture
            key = crop.key(digests[crop.page - 1], dpi)
            if _known(cache, key, out):
                found[index][crop] = cache[whole[crop]] = cache[key]
            else:
                todo.setdefault((index, crop.page), []).append((crop, [key, whole[crop]]))
    places = sorted(todo)
    jobs = [
        _Job(sources[index].pdf, number, tuple(crop.box for crop, _key in todo[index, number]), dpi)
        for index, number in places
    ]
    workers = None if len(jobs) >= POOL_PAGES else 1
    encoded = parallel.run_all(_rasterise, jobs, lambda _message: None, processes=workers)
    for (index, number), pictures_of_page in zip(places, encoded, strict=True):
        for (crop, keys), data in zip(todo[index, number], pictures_of_page, strict=True):
            name = save(data, out)
            cache.update(dict.fromkeys(keys, name))
            found[index][crop] = name
    return found


def _known(cache: dict[str, str], key: str, out: Path) -> bool:
    """Is there a picture for this key, still in the gallery's folder?"""
    name = cache.get(key)
    return name is not None and beneath.is_file(out, name.split("/"))


def _rasterise(job: _Job, _progress: object) -> list[bytes]:
    """The page's pictures as JPEG bytes, one per box (in a worker, or in this process)."""
    document = pypdfium2.PdfDocument(job.pdf)
    try:
        page = document[job.page - 1]
        pictures = [encode(render(page, box, job.dpi)) for box in job.boxes]
        page.close()
    finally:
        document.close()
    return pictures


def render(page: pypdfium2.PdfPage, box: Box | None, dpi: int = DPI) -> object:
    """A page's picture (`box` None) or the picture of a piece at `box`, as a PIL image.

    A piece is rendered alone, its pixels only (`pixels`): a fraction of the
    page's work, and the same picture whether the page around it was drawn in
    full or with this piece only (`watch`). pdfium places a cut-out render on
    the whole page's pixel grid, so a picture never depends on who renders it.
    """
    scale = dpi / 72
    if box is None:
        return page.render(scale=scale).to_pil().convert("RGB")
    width, height = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
    left, top, right, bottom = _within((width, height), box, page.get_height(), dpi)
    # pypdfium2 rounds a crop up to whole pixels: half a pixel less is exactly these pixels.
    crop = [(pixel - 0.5) / scale for pixel in (left, height - bottom, width - right, top)]
    return page.render(scale=scale, crop=crop).to_pil().convert("RGB")


def encode(image: object) -> bytes:
    """A picture as JPEG bytes: the one place a picture is encoded, so a gallery is the same
    whoever makes it."""
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=QUALITY, optimize=True)  # type: ignore[attr-defined]
    return buffer.getvalue()


def pixels(box: Box, page_height: float, dpi: int) -> tuple[int, int, int, int]:
    """A box in PDF points (origin lower left) as the pixels wholly inside it (origin upper
    left): a piece's picture shows none of a neighbour that ends at its edge."""
    scale = dpi / 72
    left, bottom, width, height = box
    top = page_height - bottom - height
    inward = 1e-6  # a box edge on a pixel edge, give or take float error, keeps that pixel
    return (
        math.ceil(left * scale - inward),
        math.ceil(top * scale - inward),
        math.floor((left + width) * scale + inward),
        math.floor((top + height) * scale + inward),
    )


def _within(
    size: tuple[int, int], box: Box, page_height: float, dpi: int
) -> tuple[int, int, int, int]:
    """The box's pixels, cut to the page and at least one pixel: no box makes a bigger image."""
    width, height = size
    left, top, right, bottom = pixels(box, page_height, dpi)
    left, top = min(max(left, 0), width - 1), min(max(top, 0), height - 1)
    return left, top, min(max(right, left + 1), width), min(max(bottom, top + 1), height)


def save(data: bytes, out: Path) -> str:
    """Write a JPEG named by its bytes' hash, unless that file is already there.

    Written into `out/img/` with no link followed (`beneath`): a link in the
    way is refused, never written through.
    """
    parts = (FOLDER, f"{hashlib.sha256(data).hexdigest()[:20]}.jpg")
    if not beneath.is_file(out, parts):
        beneath.write_file(out, parts, data)
    return "/".join(parts)
