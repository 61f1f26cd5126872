"""The PDFs of a file drawn in parts, put back together as one.

A large deck file is drawn by several jobs, each its own run of sheets
(`render.layout.sheetparts`); this makes the file a user gets: every part's
pages in order, each with its own page boxes, fonts and pictures. The first
part is the base, so the document's title, dates, language and viewer
settings are the ones a whole drawing writes. qpdf (pikepdf) copies the
pages' streams as they are, neither decoded nor compressed: putting hundreds
of pages together takes a few hundredths of a second. The document id is computed
from the content, so the same parts always give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence


def merge(parts: Sequence[bytes]) -> bytes:
    """One PDF of the parts' pages in order, with the first part's document settings."""
    # Imported here: only a build with a file large enough to split needs it (0.1 s).
    import pikepdf

    whole, *rest = [pikepdf.open(io.BytesIO(data)) for data in parts]
    for part in rest:  # each stays open until the whole is saved: its pages are copied then
        whole.pages.extend(part.pages)
    out = io.BytesIO()
    whole.save(
        out,
        # Every stream copied as ReportLab wrote it: neither decoded nor compressed (qpdf
        # would compress the font files, half a second for a few hundred pages).
        stream_decode_level=pikepdf.StreamDecodeLevel.none,
        compress_streams=False,
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
        deterministic_id=True,
    )
    return out.getvalue()


def prepare() -> None:
    """Import pikepdf now: the build does it while its workers draw a split file's parts,
    rather than after them, when it merges the parts with the other core idle."""
    import pikepdf  # noqa: F401
