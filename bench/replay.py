"""The same drawing, without ttgbuild: a kit's PDFs read back as drawing operations and replayed.

A floor is only honest if it does the work the real build does. This module
reads the PDFs ttgbuild wrote (with bench/pdfview.py, the tests' reader too,
before any timing) into a list of operations per page: every path with its
segments, fill and stroke, every run of text (each text object the kit drew)
with its font, size, colour, position and direction, every image. The floors
then draw exactly that with a plain PDF library and no layout logic:
`reportlab` (what ttgbuild itself uses underneath) and `fpdf2` (the other
pure-Python PDF writer). `counts` tallies characters and path segments per
file, so the report can show that kit and floor drew the same.

Usage:
  python -m bench.replay extract KIT_DIR OPS_DIR      (untimed set-up)
  python -m bench.replay draw reportlab|fpdf2 OPS_DIR OUT_DIR   (the timed floor)
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the timed floor imports only what it draws with
    from bench.pdfview import Page, Rect

OPS_FILE = "ops.json"


def extract(kit: Path, out: Path) -> None:
    """Write every PDF under `kit` as drawing operations (ops.json) and its images (files)."""
    from bench.pdfview import open_pdf

    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, list[dict[str, Any]]] = {}
    images: dict[str, str] = {}  # an image's file by the digest of its stream
    for path in sorted(kit.rglob("*.pdf")):
        pages = [_page(page, out, images, path.stem) for page in open_pdf(path)]
        files[path.relative_to(kit).as_posix()] = pages
    (out / OPS_FILE).write_text(json.dumps(files), encoding="utf-8")


def _page(page: Page, out: Path, images: dict[str, str], stem: str) -> dict:
    """One page: its size, paths, text runs and images, in PDF points from the top left."""
    paths = [
        {
            "s": [_segment(item) for item in drawing.items],
            "fill": drawing.fill,
            "stroke": drawing.stroke,
            "width": drawing.width,
            "eo": drawing.even_odd,
        }
        for drawing in page.drawings()
    ]
    texts = []
    for run in page.runs():
        if run.text:  # a run of blanks draws nothing
            origin = run.chars[0].origin
            angle = round(math.degrees(run.chars[0].angle), 3) % 360
            text = "".join(char.text for char in run.chars)
            texts.append([run.font, run.size, run.colour, origin.x, origin.y, angle, text])
    placed = []
    for picture in page.pictures():
        digest = hashlib.sha256(bytes(picture.image.get_data())).hexdigest()
        if digest not in images:
            prefix = f"{stem}-{len(images)}"
            picture.image.extract(out / prefix)  # the suffix says the format PDFium chose
            images[digest] = next(out.glob(f"{prefix}.*")).name
        box = picture.rect
        placed.append([images[digest], box.x0, box.y0, box.width, box.height])
    return {"w": page.width, "h": page.height, "paths": paths, "texts": texts, "images": placed}


def _segment(item: tuple) -> list:
    """A path's piece as JSON: ["l", x0, y0, x1, y1], ["c", eight numbers], ["re", x, y, w, h]."""
    kind, *where = item
    if kind == "re":
        box: Rect = where[0]
        return ["re", box.x0, box.y0, box.width, box.height]
    return [kind, *(value for point in where for value in point)]


def counts(folder: Path) -> dict[str, tuple[int, int]]:
    """Characters of text (blanks aside) and path segments in every PDF under `folder`, by file.

    A rectangle is four segments, whether a writer spelled it `re` or as four lines.
    """
    from bench.pdfview import open_pdf

    found = {}
    for path in sorted(folder.rglob("*.pdf")):
        characters = segments = 0
        for page in open_pdf(path):
            segments += sum(
                4 if kind == "re" else 1 for drawing in page.drawings() for kind in drawing.kinds
            )
            characters += sum(not char.blank for run in page.runs() for char in run.chars)
        found[path.relative_to(folder).as_posix()] = (characters, segments)
    return found


def font_files() -> dict[str, Path]:
    """Every Fira font file the kit may use, by its name (FiraSans-Bold, ...)."""
    import fontpkg_fira_sans
    import fontpkg_fira_sans_condensed

    files = {}
    for package in (fontpkg_fira_sans, fontpkg_fira_sans_condensed):
        for path in (Path(package.ROOT) / "files").glob("*.ttf"):
            files[path.stem] = path
    return files


def _font_file(name: str, available: dict[str, Path]) -> Path:
    """The file of the font PDFium names (subset tag dropped); the replay stops without one."""
    if name not in available:
        raise SystemExit(f"replay: no font file for {name!r}")
    return available[name]


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
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(_font_file(name, available))))
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
                canvas.setFillColorRGB(*colour)
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
            if name not in families:
                pdf.add_font(name, fname=str(_font_file(name, available)))
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
            for name, x0, y0, w, h in page["images"]:
                pdf.image(str(folder / name), x0, y0, w, h)
            for name, size, colour, x, y, angle, text in page["texts"]:
                pdf.set_font(font(name), size=size)
                pdf.set_text_color(*(round(255 * c) for c in colour))
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
