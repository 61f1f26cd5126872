"""Drawing helpers every game's painters use."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas


def polygon(
    canvas: Canvas,
    points: list[tuple[float, float]],
    fill: Color,
    stroke: Color | None,
    width: float = 0.5,
) -> None:
    """A closed filled shape, stroked too when `stroke` is given: hexes, triangles, bolts."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(width)
    canvas.drawPath(path, fill=1, stroke=1 if stroke is not None else 0)
