"""PDF documents that are reproducible: same input, byte-identical file.

ReportLab's invariant mode fixes the document id and dates; with
`SOURCE_DATE_EPOCH` set, that time is used instead of ReportLab's fixed one.
ReportLab reads the variable itself, so it is checked first (`sourcedate`):
a value ReportLab would misread or could not print is refused, never stamped.
Pages are drawn into memory; the build writes files atomically.

Every page carries a TrimBox and a BleedBox (print shops and preflight tools
read them): the whole sheet unless a page says otherwise (`page_boxes`; card
sheets give their cut grid and its bleed).
"""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.sourcedate import source_date_epoch
from ttgbuild.render import fonts, ink

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in points


def new_canvas(
    pagesize: tuple[float, float], title: str, subject: str, lang: str
) -> tuple[Canvas, io.BytesIO]:
    """A canvas drawing into memory with the kit's fonts and fixed metadata."""
    source_date_epoch()  # raises InvalidSourceDate before ReportLab reads the variable
    fonts.register()
    rl_config.invariant = 1  # set in code: environment or settings files could change it
    buffer = io.BytesIO()
    canvas = ink.canvas_class()(
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
    page_boxes(canvas, pagesize)
    return canvas, buffer


def page_boxes(
    canvas: Canvas, page: tuple[float, float], trim: Box | None = None, bleed: Box | None = None
) -> None:
    """The TrimBox and BleedBox of the page being drawn and the pages after it.

    Without `trim` the finished piece is the sheet itself; without `bleed` the
    bleed is the trim. The BleedBox always holds the TrimBox and stays on the
    sheet (ReportLab writes what it is given).
    """
    width, height = page
    trim = trim or (0.0, 0.0, width, height)
    bleed = bleed or trim
    bleed = (
        max(0.0, min(bleed[0], trim[0])),
        max(0.0, min(bleed[1], trim[1])),
        min(width, max(bleed[2], trim[2])),
        min(height, max(bleed[3], trim[3])),
    )
    canvas.setTrimBox(list(trim))
    canvas.setBleedBox(list(bleed))


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.save()
    return buffer.getvalue()
