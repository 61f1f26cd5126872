"""Ink saver: the same kit without large fills, for every game without its pack's help.

A build with `--ink saver` draws each file under `using(Ink.saver)`; every
PDF is made by `pdf.new_canvas`, which then hands the painters an
`InkSaverCanvas` instead of ReportLab's. That canvas draws any filled shape
larger than LARGE (card backgrounds and bands, card backs, board fields) as
a pale tint of its colour, and keeps text legible: text that stood out from
a large fill but would not on its tint (white on a dark band) is drawn in
the fill's own colour, or in ink, instead. Small fills and pictures are
drawn as they are: recolouring a badge would hide the number printed on it.
Icons and emblems are drawn whole in their colours under `keep`: the
engine's icon painters use it (and a pack's painter may), so a picture is
never half tinted.

Only what a painter draws through the canvas's shape and text methods is
seen; a painter that writes raw PDF operators is drawn unchanged.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, toColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from ttgbuild.core.colours import luminance_ratio, rgb_luminance
from ttgbuild.core.printing import Ink
from ttgbuild.render import style
from ttgbuild.render.kitcanvas import KitCanvas

LARGE = 150 * mm * mm  # a fill whose bounding box is larger than this (square points) is large
TINT = 0.15  # a large fill keeps this share of its colour; the rest is paper
TEXT_CONTRAST = 4.5  # WCAG's least contrast for text
SHAPE_CONTRAST = 3.0  # WCAG's least contrast for graphics: a shape that stood out this much
PAPER_WHITE = 0.9  # luminance from which a shape is white, lost on a pale tint
SAME = 1.05  # colours closer than this contrast look alike (a disc on its own colour)

_SAVING: ContextVar[bool] = ContextVar("ink_saving", default=False)

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@contextlib.contextmanager
def using(ink: Ink) -> Iterator[None]:
    """Make every canvas `pdf.new_canvas` hands out inside the block follow `ink`."""
    token = _SAVING.set(Ink(ink) is Ink.saver)
    try:
        yield
    finally:
        _SAVING.reset(token)


@contextlib.contextmanager
def keep(canvas: Canvas) -> Iterator[None]:
    """Draw the block's shapes in their own colours, whatever their size: an icon, emblem or
    badge is one picture, and tinting its large parts only would split it (pale halves
    beside dark details, white details lost on a tint). Does nothing on a full-ink canvas."""
    if not isinstance(canvas, InkSaverCanvas):
        yield
        return
    canvas._keeping += 1
    try:
        yield
    finally:
        canvas._keeping -= 1


def canvas_class() -> type[Canvas]:
    """The canvas class for the ink setting in force (`using`)."""
    return InkSaverCanvas if _SAVING.get() else KitCanvas


def saving(canvas: Canvas) -> bool:
    """Whether `canvas` draws without large fills (its painters may, e.g., avoid forms)."""
    return isinstance(canvas, InkSaverCanvas)


def luminance(colour: Color) -> float:
    """WCAG relative luminance of an RGB colour."""
    return rgb_luminance(colour.rgb())


def contrast(one: Color, other: Color) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    return luminance_ratio(luminance(one), luminance(other))


def tint(colour: Color) -> Color:
    """A pale version of `colour`: TINT of it, the rest white paper."""
    red, green, blue = colour.rgb()
    return Color(*(1 - TINT + TINT * v for v in (red, green, blue)))


def _corners(x: float, y: float, width: float, height: float) -> list[tuple[float, float]]:
    """The four corners of a box: under a rotation the bounding box needs them all."""
    return [(x, y), (x + width, y), (x, y + height), (x + width, y + height)]


def _between(x1: float, y1: float, x2: float, y2: float) -> list[tuple[float, float]]:
    """The corners of the box between two opposite corners (an ellipse's, a wedge's)."""
    return _corners(x1, y1, x2 - x1, y2 - y1)


def _filling(name: str, points: Callable[[dict[str, Any]], list[tuple[float, float]]]) -> Any:
    """A canvas method that draws like ReportLab's `name`, through `InkSaverCanvas._filled`:
    `points` reads the shape's extent from the call's arguments (by ReportLab's names)."""
    original = getattr(Canvas, name)
    signature = inspect.signature(original)

    def method(self: InkSaverCanvas, *args: Any, **kwargs: Any) -> None:
        call = signature.bind(self, *args, **kwargs)
        call.apply_defaults()
        draw = functools.partial(original, self, *args, **kwargs)
        self._filled(draw, call.arguments["fill"], points(call.arguments))

    method.__name__ = name
    method.__doc__ = original.__doc__
    return method


@dataclass(frozen=True)
class _Fill:
    """A filled area already drawn: where, in what colour, and its colour before tinting."""

    box: Box
    drawn: Color | None  # None: a picture, whose colours are not known
    original: Color | None = None  # set when the fill was tinted


class InkSaverCanvas(KitCanvas):
    """The kit's canvas, drawing large fills as tints and keeping text and icons legible."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fills: list[_Fill] = []
        self._outer: list[list[_Fill]] = []
        self._keeping = 0  # inside `keep`: draw every shape as it is

    # --- what was drawn where, in the page's (or form's) own coordinates

    def _box(self, points: list[tuple[float, float]]) -> Box:
        a, b, c, d, e, f = self._currentMatrix
        xs = [a * x + c * y + e for x, y in points]
        ys = [b * x + d * y + f for x, y in points]
        return min(xs), min(ys), max(xs), max(ys)

    def _under(self, x: float, y: float) -> _Fill | None:
        """The fill drawn last under the point (x, y) of user space."""
        px, py, _, _ = self._box([(x, y)])
        return self._under_page(px, py)

    def _under_page(self, px: float, py: float) -> _Fill | None:
        """The fill drawn last under the point (px, py) of the page (or form)."""
        for fill in reversed(self._fills):
            x0, y0, x1, y1 = fill.box
            if x0 <= px <= x1 and y0 <= py <= y1:
                return fill
        return None

    def _legible(self, colour: Color, under: _Fill | None) -> Color:
        """`colour`, or a colour that stands out from a tinted fill under it at least as well
        as it did from the full fill (up to TEXT_CONTRAST): large white type on a mid band
        may stand out by only 4:1 there, and by nothing on the band's pale tint."""
        if under is None or under.original is None or under.drawn is None:
            return colour
        least = min(contrast(colour, under.original), TEXT_CONTRAST)
        if contrast(colour, under.drawn) >= least:
            return colour  # as legible as before
        if contrast(under.original, under.drawn) >= least:
            return under.original
        return toColor(style.INK)

    def _filled(
        self, draw: Callable[[], None], fill: int, points: list[tuple[float, float]]
    ) -> None:
        """Draw a shape; a large filled one as a tint, remembered for the text drawn on it."""
        if not fill:
            draw()
            return
        box = self._box(points)
        colour = toColor(self._fillColorObj)
        area = (box[2] - box[0]) * (box[3] - box[1])
        if area <= LARGE or self._keeping:
            self._small(draw, box, colour)
            return
        drawn = tint(colour)
        self.saveState()
        self.setFillColor(drawn)
        draw()
        self.restoreState()
        self._fills.append(_Fill(box, drawn, colour))

    def _small(self, draw: Callable[[], None], box: Box, colour: Color) -> None:
        """Draw a shape in its colour, unless it lies on a tinted fill: one of that fill's own
        colour (a disc on its like-coloured field, unseen) takes the tint too, and a white detail of
        an icon (`keep`) that stood out from it (SHAPE_CONTRAST) but would vanish on the tint
        (a counter's white star) takes a colour that stands out (`_legible`). Other shapes keep
        their colour: a white badge carries a dark number."""
        under = self._under_page((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if under is not None and under.original is not None and under.drawn is not None:
            if contrast(colour, under.original) < SAME:
                self._draw_in(draw, under.drawn)
                self._fills.append(_Fill(box, under.drawn, colour))
                return
            kept = self._legible(colour, under)
            # an icon's detail in the paper's colour; elsewhere white is a badge under a number
            white = self._keeping and luminance(colour) >= PAPER_WHITE
            if kept is not colour and white and contrast(colour, under.original) >= SHAPE_CONTRAST:
                self._draw_in(draw, kept)
                self._fills.append(_Fill(box, kept))
                return
        draw()
        self._fills.append(_Fill(box, colour))

    def _draw_in(self, draw: Callable[[], None], colour: Color) -> None:
        self.saveState()
        self.setFillColor(colour)
        draw()
        self.restoreState()

    # --- ReportLab's drawing methods that fill (`_filling`, below the class)

    rect = _filling("rect", lambda a: _corners(a["x"], a["y"], a["width"], a["height"]))
    roundRect = _filling("roundRect", lambda a: _corners(a["x"], a["y"], a["width"], a["height"]))
    ellipse = _filling("ellipse", lambda a: _between(a["x1"], a["y1"], a["x2"], a["y2"]))
    wedge = _filling("wedge", lambda a: _between(a["x1"], a["y1"], a["x2"], a["y2"]))
    drawPath = _filling("drawPath", lambda a: path_points(a["aPath"]) or [(0.0, 0.0)])

    def drawImage(
        self,
        image: Any,
        x: float,
        y: float,
        width: float | None = None,
        height: float | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        result = Canvas.drawImage(self, image, x, y, width, height, *args, **kwargs)
        if width is not None and height is not None:
            self._fills.append(_Fill(self._box([(x, y), (x + width, y + height)]), None))
        return result

    # --- text

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> PDFTextObject:
        text = Canvas.beginText(self, x, y, direction)
        text.ink_origin = (x, y)  # where the text starts: what it is drawn over
        return text

    def drawText(self, aTextObject: PDFTextObject) -> None:
        x, y = getattr(aTextObject, "ink_origin", (aTextObject._x0, aTextObject._y0))
        under = self._under(x + 0.5, y + 0.3 * self._fontsize)
        colour = toColor(self._fillColorObj)
        kept = self._legible(colour, under)
        if kept is colour:
            Canvas.drawText(self, aTextObject)
            return
        self.saveState()
        self.setFillColor(kept)
        Canvas.drawText(self, aTextObject)
        self.restoreState()

    # --- pages and forms start with nothing drawn

    def showPage(self) -> None:
        Canvas.showPage(self)
        self._fills = []

    def beginForm(self, *args: Any, **kwargs: Any) -> None:
        self._outer.append(self._fills)
        self._fills = []
        Canvas.beginForm(self, *args, **kwargs)

    def endForm(self, **extra: Any) -> None:
        Canvas.endForm(self, **extra)
        self._fills = self._outer.pop() if self._outer else []


def path_points(path: Any) -> list[tuple[float, float]]:
    """The points a ReportLab path object goes through (its control points too), read from
    its PDF code ("x y m x y l ... x y w h re"): enough for the bounding box."""
    points: list[tuple[float, float]] = []
    numbers: list[float] = []
    for token in path.getCode().split():
        try:
            numbers.append(float(token))
            continue
        except ValueError:
            pass
        if token == "re" and len(numbers) == 4:
            x, y, w, h = numbers
            points += [(x, y), (x + w, y + h)]
        else:
            points += list(zip(numbers[0::2], numbers[1::2], strict=False))
        numbers = []
    return points
