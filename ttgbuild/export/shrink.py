"""A PDF's pages scaled down whole, page boxes and all, with pikepdf (qpdf).

A print-shop preset much smaller than the size layouts are designed at is
drawn at a larger card of its own proportions and then scaled down
uniformly (`ttgbuild.export.sizes`): every box keeps its place relative to
the others, so none can land on another, and the card's bleed scales with
it to the bleed the shop asks for.
"""

from __future__ import annotations

import io

BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


def shrink(pdf: bytes, scale: float) -> bytes:
    """The PDF with every page's drawing and boxes multiplied by `scale` (0 < scale <= 1)."""
    if scale == 1:
        return pdf
    import pikepdf  # about 0.1 s to import: only when a size is scaled (as render/merge.py)

    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            page.contents_coalesce()
            page.contents_add(f"q {scale:.6f} 0 0 {scale:.6f} 0 0 cm\n".encode(), prepend=True)
            page.contents_add(b"\nQ")
            for name in BOXES:
                if name in page.obj:
                    box = [float(value) * scale for value in page.obj[name]]
                    page.obj[name] = pikepdf.Array(box)
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
        return out.getvalue()
