"""Text laid out on pages: columns, sections, figures and tables flowed onto a page,
paragraphs broken between pages, prose sheets with their labels and figures, the
100 % ruler, and type shrunk to fit.
"""

from ttgbuild.render.flow import Column, Figure, Section, Table
from ttgbuild.render.paginate import Item, Lines, Solid
from ttgbuild.render.prose import FigureMaker, Labels, PictureDrawer, SheetLayout, flow_page, label
from ttgbuild.render.sheet import RULER, shrunk

__all__ = [
    "RULER",
    "Column",
    "Figure",
    "FigureMaker",
    "Item",
    "Labels",
    "Lines",
    "PictureDrawer",
    "Section",
    "SheetLayout",
    "Solid",
    "Table",
    "flow_page",
    "label",
    "shrunk",
]
