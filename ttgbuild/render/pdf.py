"""PDF documents that are reproducible: same input, byte-identical file.

ReportLab's invariant mode fixes the document id and dates; with
`SOURCE_DATE_EPOCH` set, that time is used instead of ReportLab's fixed one.
ReportLab reads the variable itself, so it is checked first (`sourcedate`):
a value ReportLab would misread or could not print is refused, never stamped.
Pages are drawn into memory; the build writes files atomically.
"""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.sourcedate import source_date_epoch
from ttgbuild.render import fonts


def new_canvas(
    pagesize: tuple[float, float], title: str, subject: str, lang: str
) -> tuple[Canvas, io.BytesIO]:
    """A canvas drawing into memory with the kit's fonts and fixed metadata."""
    source_date_epoch()  # raises InvalidSourceDate before ReportLab reads the variable
    fonts.register()
    rl_config.invariant = 1  # set in code: environment or settings files could change it
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.REGULAR,
        initialFontSize=9,
        lang=lang,
    )
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("ttgbuild")
    canvas.setCreator("ttgbuild")
    return canvas, buffer


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.save()
    return buffer.getvalue()
