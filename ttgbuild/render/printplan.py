"""A kit's print plan, counted from the drawn files: which file, how many pages, what paper.

A guide drawn after the kit's other files of its locale (`Component.after_kit`)
is handed their PDFs (`RenderContext.kit_files`). It reads their pages here
rather than trusting numbers typed into a sheet, so the plan says what was
really drawn on the paper the user chose. How each file is printed (sides,
stock) is the component's `PrintPlan`, declared in the pack (pack.yaml's kit
entries for a data pack).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pypdfium2
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from ttgbuild.pack import Component
from ttgbuild.render.context import RenderContext


@dataclass(frozen=True)
class Page:
    """One page of a drawn file: its size in points and its words, spaces squeezed."""

    size: tuple[float, float]
    text: str


Kit = Mapping[str, tuple[Page, ...]]


def read_kit(files: Mapping[str, bytes]) -> Kit:
    """The pages of the kit's files drawn before the guide (none for a file not drawn)."""
    kit: dict[str, tuple[Page, ...]] = {}
    for name, data in files.items():
        if not data:
            kit[name] = ()
            continue
        document = pypdfium2.PdfDocument(data)
        try:
            kit[name] = tuple(
                Page(page.get_size(), " ".join(page.get_textpage().get_text_range().split()))
                for page in document
            )
        finally:
            document.close()
    return kit


def paper_name(ctx: RenderContext, kit: Kit, file: str) -> str:
    """The paper a file is printed on: A4 or Letter, or its own size in mm (a poster)."""
    pages = kit.get(file)
    width, height = sorted(pages[0].size if pages else ctx.settings.page)
    for name, size in (("A4", A4), ("Letter", LETTER)):
        if abs(width - min(size)) < 2 and abs(height - max(size)) < 2:
            return name
    across, tall = ctx.tr.number(round(width / mm)), ctx.tr.number(round(height / mm))
    return f"{across} \u00d7 {tall} mm"


@dataclass(frozen=True)
class PlanRow:
    """One row of the print plan, as a sheet's table cells read it (`print_plan` rows).

    `pages` is the count (0 when the file was not drawn, as when a sheet is
    checked before a build) and `page_count` the same in the locale's digits
    (a dash for 0). `sides` is a label id: `one`, `both_long` or `both_short`;
    `stock` is `paper`, `card` or the pack's own weight text.
    """

    file: str
    summary: str  # the pack's English summary, for a sheet without a `kit_files` label
    pages: int
    page_count: str
    paper: str
    sides: str
    stock: str


def plan(
    ctx: RenderContext, components: Sequence[Component], own: str, own_pages: int
) -> list[PlanRow]:
    """Every file of the kit in the pack's order, those drawn after the kit (the guide)
    last, counted from `ctx.kit_files`.

    `own` is the file being drawn (the guide itself, not among the drawn
    files), which has `own_pages` pages on the context's paper.
    """
    kit = read_kit(ctx.kit_files)
    rows = []
    for part in sorted(components, key=lambda part: part.after_kit):
        count = own_pages if part.file == own else len(kit.get(part.file, ()))
        printing = part.printing
        sides = "one"
        if printing.sides == "both":
            sides = f"both_{printing.edge or ctx.settings.duplex.value}"
        rows.append(
            PlanRow(
                file=part.file,
                summary=part.summary,
                pages=count,
                page_count=ctx.tr.number(count) if count else "\u2013",
                paper=paper_name(ctx, kit, part.file),
                sides=sides,
                stock=printing.stock,
            )
        )
    return rows
