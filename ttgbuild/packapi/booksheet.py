"""Books: rules text flowed into columns page after page at a fixed size, with its
headings, markers and print pages. Used by name and as a namespace
(`booksheet.heading(...)`).
"""

from ttgbuild.render.booksheet import (
    BODY,
    Pages,
    Setting,
    column_width,
    heading,
    lines,
    marker_indent,
    print_pages,
    render_book,
    solid,
)

__all__ = [
    "BODY",
    "Pages",
    "Setting",
    "column_width",
    "heading",
    "lines",
    "marker_indent",
    "print_pages",
    "render_book",
    "solid",
]
