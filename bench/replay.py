"""The same drawing, without ttgbuild: a kit's PDFs read back as drawing operations and replayed.

A floor is only honest if it does the work the real build does. This module
reads the PDFs ttgbuild wrote (with PyMuPDF, before any timing) into a list
of operations per page: every path with its segments, fill and stroke, every
run of text with its font, size, colour, position and direction, every
image. The floors then draw exactly that with a plain PDF library and no
layout logic: `reportlab` (what ttgbuild itself uses underneath) and `fpdf2`
(the other pure-Python PDF writer). `counts` tallies characters and path
segments per file, so the report can show that kit and floor drew the same.

Usage:
  python -m bench.replay extract KIT_DIR OPS_DIR      (untimed set-up)
  python -m bench.replay draw reportlab|fpdf2 OPS_DIR OUT_DIR   (the timed floor)
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

OPS_FILE = "ops.json"


def extract(kit: Path, out: Path) -> None:
    """Write every PDF under `kit` as drawing operations (ops.json) and its images (files)."""
    import pymupdf

    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, list[dict[str, Any]]] = {}
    images: dict[int, str] = {}
    for path in sorted(kit.rglob("*.pdf")):
        pages = []
        with pymupdf.open(path) as document:
            for page in document:
                pages.append(_page(document, page, out, images, path.stem))
        files[path.relative_to(kit).as_posix()] = pages
    (out / OPS_FILE).write_text(json.dumps(files), encoding="utf-8")


def _page(document: Any, page: Any, out: Path, images: dict[int, str], stem: str) -> dict:
    """One page: its size, paths, text runs and images, in PDF points from the top left."""
    paths = []
    for drawing in page.get_drawings():
        segments = []
        for item in drawing["items"]:
            kind = item[0]
            if kind == "l":
                segments.append(["l", *_xy(item[1]), *_xy(item[2])])
            elif kind == "c":
                segments.append(["c", *(v for p in item[1:5] for v in _xy(p))])
            elif kind == "re":
                rect = item[1]
                segments.append(["re", rect.x0, rect.y0, rect.width, rect.height])
            elif kind == "qu":
                quad = item[1]
                corners = (quad.ul, quad.ur, quad.lr, quad.ll)
                segments.append(["qu", *(v for p in corners for v in _xy(p))])
        paths.append(
            {
                "s": segments,
                "fill": drawing.get("fill"),
                "stroke": drawing.get("color") if "s" in (drawing.get("type") or "") else None,
                "width": drawing.get("width") or 0,
                "close": bool(drawing.get("closePath")),
                "eo": bool(drawing.get("even_odd")),
            }
        )
    texts = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            cos, sin = line["dir"]
            angle = round(math.degrees(math.atan2(-sin, cos)), 3)
            for span in line["spans"]:
                if span["text"].strip():
                    x, y = span["origin"]
                    texts.append(
                        [span["font"], span["size"], span["color"], x, y, angle, span["text"]]
                    )
    placed = []
    for info in page.get_image_info(xrefs=True):
        xref = info.get("xref") or 0
        if xref <= 0:
            continue
        if xref not in images:
            picture = document.extract_image(xref)
            name = f"{stem}-{xref}.{picture['ext']}"
            (out / name).write_bytes(picture["image"])
            images[xref] = name
        x0, y0, x1, y1 = info["bbox"]
        placed.append([images[xref], x0, y0, x1 - x0, y1 - y0])
    return {
        "w": page.rect.width,
        "h": page.rect.height,
        "paths": paths,
        "texts": texts,
        "images": placed,
    }


def _xy(point: Any) -> tuple[float, float]:
    return point.x, point.y


def counts(folder: Path) -> dict[str, tuple[int, int]]:
    """Characters of text and path segments in every PDF under `folder`, by file."""
    import pymupdf

    found = {}
    for path in sorted(folder.rglob("*.pdf")):
        characters = segments = 0
        with pymupdf.open(path) as document:
            for page in document:
                # A rectangle or quad is four edges, however a writer spelled it: PyMuPDF
                # reads four joined lines back as one quad, four separate ones as lines.
                segments += sum(
                    4 if item[0] in ("re", "qu") else 1
                    for drawing in page.get_drawings()
                    for item in drawing["items"]
                )
                for block in page.get_text("dict")["blocks"]:
                    for line in block.get("lines", []):
                        characters += sum(len(s["text"].strip()) for s in line["spans"])
        found[path.relative_to(folder).as_posix()] = (characters, segments)
    return found


def font_files() -> dict[str, Path]:
    """Every Fira font file the kit may use, by the name PyMuPDF reports (subset tag removed)."""
    import fontpkg_fira_sans
    import fontpkg_fira_sans_condensed

    files = {}
    for package in (fontpkg_fira_sans, fontpkg_fira_sans_condensed):
        for path in (Path(package.ROOT) / "files").glob("*.ttf"):
            files[path.stem] = path
    return files


def _font_name(reported: str, available: dict[str, Path]) -> str:
    """The font file's name for what PyMuPDF reports: subset tag gone, a cut-off name completed.

    PyMuPDF gives `FiraSansCondensed-Regula` for FiraSansCondensed-Regular
    (PDF names of 24 characters or more are cut); "" when no file matches.
    """
    name = reported.split("+", 1)[1] if "+" in reported[:7] else reported
    if name in available:
        return name
    return next((stem for stem in sorted(available) if stem.startswith(name)), "")


def _rgb(value: int) -> tuple[float, float, float]:
    return ((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255


def _points(segment: list) -> Iterator[tuple[float, float]]:
    values = segment[1:]
    return zip(values[0::2], values[1::2], strict=True)


def _steps(segments: list[list]) -> Iterator[tuple]:
    """A path's segments as drawing steps (top-left coordinates), for every back-end.

    ("re", x, y, w, h) for a rectangle; otherwise ("m", x, y) where a segment
    does not start at the current point, then ("l", x, y) or ("c", x1, y1, x2,
    y2, x3, y3): joined segments stay one subpath, so fills come out whole.
    """
    at = None  # the current point
    for segment in segments:
        if segment[0] == "re":
            yield ("re", *segment[1:])
            at = None
            continue
        points = list(_points(segment))
        if points[0] != at:
            yield ("m", *points[0])
        if segment[0] == "c":
            yield ("c", *points[1], *points[2], *points[3])
        else:
            yield from (("l", *point) for point in points[1:])
        at = points[-1]


def draw_reportlab(ops: dict, folder: Path, out: Path) -> None:
    """Replay with ReportLab's canvas: one PDF per kit file, fonts embedded as subsets."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    available = font_files()
    registered: set[str] = set()

    def font(name: str) -> str:
        found = _font_name(name, available)
        if not found:
            raise SystemExit(f"replay: no font file for {name!r}")
        name = found
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(available[name])))
            registered.add(name)
        return name

    for file, pages in ops.items():
        target = out / file
        target.parent.mkdir(parents=True, exist_ok=True)
        canvas = Canvas(str(target))
        for page in pages:
            height = page["h"]
            canvas.setPageSize((page["w"], height))
            for shape in page["paths"]:
                path = canvas.beginPath()
                for step, *values in _steps(shape["s"]):
                    if step == "re":
                        x, y, w, h = values
                        path.rect(x, height - y - h, w, h)
                    else:
                        flipped = [v if i % 2 == 0 else height - v for i, v in enumerate(values)]
                        {"m": path.moveTo, "l": path.lineTo, "c": path.curveTo}[step](*flipped)
                if shape["close"]:
                    path.close()
                if shape["fill"]:
                    canvas.setFillColorRGB(*shape["fill"])
                if shape["stroke"]:
                    canvas.setStrokeColorRGB(*shape["stroke"])
                    canvas.setLineWidth(shape["width"])
                canvas.drawPath(
                    path,
                    stroke=1 if shape["stroke"] else 0,
                    fill=1 if shape["fill"] else 0,
                    fillMode=1 if shape["eo"] else 0,
                )
            for name, x0, y0, w, h in page["images"]:
                canvas.drawImage(str(folder / name), x0, height - y0 - h, w, h, mask="auto")
            for name, size, colour, x, y, angle, text in page["texts"]:
                canvas.setFont(font(name), size)
                canvas.setFillColorRGB(*_rgb(colour))
                if angle:
                    canvas.saveState()
                    canvas.translate(x, height - y)
                    canvas.rotate(angle)
                    canvas.drawString(0, 0, text)
                    canvas.restoreState()
                else:
                    canvas.drawString(x, height - y, text)
            canvas.showPage()
        canvas.save()


def draw_fpdf2(ops: dict, folder: Path, out: Path) -> None:
    """Replay with fpdf2: the same paths, images and text runs, fonts embedded as subsets."""
    from fpdf import FPDF
    from fpdf.drawing import DeviceRGB

    available = font_files()

    for file, pages in ops.items():
        target = out / file
        target.parent.mkdir(parents=True, exist_ok=True)
        pdf = FPDF(unit="pt")
        pdf.set_auto_page_break(False)
        pdf.set_margin(0)
        families: set[str] = set()

        def font(name: str, pdf: FPDF = pdf, families: set[str] = families) -> str:
            found = _font_name(name, available)
            if not found:
                raise SystemExit(f"replay: no font file for {name!r}")
            name = found
            if name not in families:
                pdf.add_font(name, fname=str(available[name]))
                families.add(name)
            return name

        for page in pages:
            pdf.add_page(format=(page["w"], page["h"]))
            for shape in page["paths"]:
                if not shape["s"]:
                    continue
                with pdf.new_path() as path:
                    if shape["fill"]:
                        path.style.fill_color = DeviceRGB(*shape["fill"])
                    if shape["stroke"]:
                        path.style.stroke_color = DeviceRGB(*shape["stroke"])
                    path.style.stroke_width = shape["width"] if shape["stroke"] else 0
                    path.style.paint_rule = _paint_rule(shape)
                    path.style.auto_close = False  # fpdf2 closes every path unless told
                    for step, *values in _steps(shape["s"]):
                        moves = {"m": path.move_to, "l": path.line_to, "c": path.curve_to}
                        (path.rectangle if step == "re" else moves[step])(*values)
                    if shape["close"]:
                        path.close()
            for name, x0, y0, w, h in page["images"]:
                pdf.image(str(folder / name), x0, y0, w, h)
            for name, size, colour, x, y, angle, text in page["texts"]:
                pdf.set_font(font(name), size=size)
                pdf.set_text_color(*(round(255 * c) for c in _rgb(colour)))
                if angle:
                    with pdf.rotation(angle, x, y):
                        pdf.text(x, y, text)
                else:
                    pdf.text(x, y, text)
        pdf.output(str(target))


def _paint_rule(shape: dict) -> Any:
    """fpdf2's paint rule for a path: what it fills and strokes, by the even-odd rule if asked."""
    from fpdf.enums import PathPaintRule

    fill, stroke = bool(shape["fill"]), bool(shape["stroke"])
    if fill and stroke:
        return (
            PathPaintRule.STROKE_FILL_EVENODD if shape["eo"] else PathPaintRule.STROKE_FILL_NONZERO
        )
    if fill:
        return PathPaintRule.FILL_EVENODD if shape["eo"] else PathPaintRule.FILL_NONZERO
    return PathPaintRule.STROKE if stroke else PathPaintRule.DONT_PAINT


DRAWERS = {"reportlab": draw_reportlab, "fpdf2": draw_fpdf2}


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"] and len(argv) == 3:
        extract(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[:1] == ["draw"] and len(argv) == 4 and argv[1] in DRAWERS:
        folder = Path(argv[2])
        ops = json.loads((folder / OPS_FILE).read_text(encoding="utf-8"))
        DRAWERS[argv[1]](ops, folder, Path(argv[3]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
