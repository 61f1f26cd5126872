"""A kit's print plan, counted from the drawn files: which file, how many pages, what paper.

A guide drawn after the kit's other files of its locale (`Component.after_kit`)
is handed their PDFs (`RenderContext.kit_files`). It reads their pages here
rather than trusting numbers typed into a sheet, so the plan says what was
really drawn on the paper the user chose. How each file is printed (sides,
stock) is the component's `PrintPlan`, declared in the pack (pack.yaml's kit
entries for a data pack).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import pypdfium2
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from ttgbuild.pack import Component
from ttgbuild.render.context import RenderContext
from ttgbuild.render.poster import POSTERS


class Words:
    """The words of one drawn file's pages, read the first time any is asked for.

    Of a kit's files only a guide looks for words, and in few files (Jugger's
    tokens.pdf headings): reading every page's words took a third of the time
    spent reading the kit back, so a file's words wait until a page's `text` is
    read, unless its component asks for them (`Component.words_read`): then the
    worker that drew it reads them with its pages (`read_pages`), beside the others.
    """

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pages: list[str] | None = None

    def of(self, number: int) -> str:
        """The words of page `number` (from 0), spaces squeezed."""
        if self.pages is None:
            document = pypdfium2.PdfDocument(self.data)
            try:
                self.pages = [_words(page) for page in document]
            finally:
                document.close()
        return self.pages[number]


def _words(page: pypdfium2.PdfPage) -> str:
    return " ".join(page.get_textpage().get_text_range().split())


@dataclass(frozen=True)
class Page:
    """One page of a drawn file: its size in points and its words, spaces squeezed;
    `trim` is its TrimBox's size when that is smaller than the page (a page with bleed).

    The words are `given`, or read from `words` (page `number` of its file) when
    `text` is first asked for: `read_kit` gives each file's pages their `Words`.
    """

    size: tuple[float, float]
    given: str | None = None
    trim: tuple[float, float] | None = None
    words: Words | None = field(default=None, compare=False, repr=False)
    number: int = field(default=0, compare=False)

    @property
    def text(self) -> str:
        if self.given is not None:
            return self.given
        return self.words.of(self.number) if self.words else ""


Kit = Mapping[str, tuple[Page, ...]]


# Files whose pages are read already (file bytes → pages): the build has each worker read
# the file it drew, in parallel, rather than the guide reading them all afterwards alone.
_read: dict[bytes, tuple[Page, ...]] = {}


@contextmanager
def pages_read(known: Mapping[bytes, tuple[Page, ...]]) -> Iterator[None]:
    """While inside, `read_kit` takes these files' pages as given instead of reading them."""
    _read.update(known)
    try:
        yield
    finally:
        _read.clear()


def read_kit(files: Mapping[str, bytes]) -> Kit:
    """The pages of the kit's files drawn before the guide (none for a file not drawn)."""
    kit: dict[str, tuple[Page, ...]] = {}
    for name, data in files.items():
        words = Words(data)
        pages = _read.get(data) or read_pages(data)
        kit[name] = tuple(replace(page, words=words, number=n) for n, page in enumerate(pages))
    return kit


def read_pages(data: bytes, words: bool = False) -> tuple[Page, ...]:
    """The pages of one drawn PDF (none for a file not drawn), their sizes; their words too
    with `words` (else `read_kit` has them read when asked for)."""
    if not data:
        return ()
    document = pypdfium2.PdfDocument(data)
    try:
        return tuple(_page(page, words) for page in document)
    finally:
        document.close()


def _page(page: pypdfium2.PdfPage, words: bool) -> Page:
    size = page.get_size()
    left, bottom, right, top = page.get_trimbox()
    trim = (right - left, top - bottom)
    cut = trim if trim[0] < size[0] - 0.5 or trim[1] < size[1] - 0.5 else None
    return Page(size, given=_words(page) if words else None, trim=cut)


def _home(size: tuple[float, float]) -> str | None:
    """ "A4" or "Letter" for a page of that size either way up, else None."""
    width, height = sorted(size)
    for name, paper in (("A4", A4), ("Letter", LETTER)):
        if abs(width - min(paper)) < 2 and abs(height - max(paper)) < 2:
            return name
    return None


def paper_name(ctx: RenderContext, kit: Kit, file: str) -> str:
    """The paper a file is printed on: A4 or Letter; else (a poster) its trimmed sheet, a
    standard poster by its name (an ISO one with its size in mm: A2 (594 x 420 mm), with
    a multiplication sign), another by its size in mm.

    Home-printed files carry a TrimBox too (the cards' grid): their paper is the page's.
    """
    pages = kit.get(file)
    size = pages[0].size if pages else ctx.settings.page
    home = _home(size)
    if home is not None:
        return home
    width, height = sorted(pages[0].trim or size)
    number = ctx.tr.number
    for name, across, tall in (sheet for sheets in POSTERS.values() for sheet in sheets):
        if abs(width / mm - tall) < 1 and abs(height / mm - across) < 1:
            if name.endswith(" in"):  # a US size is named by its size
                return name.replace(" x ", " \u00d7 ")
            return f"{name} ({number(round(across))} \u00d7 {number(round(tall))} mm)"
    return f"{number(round(width / mm))} \u00d7 {number(round(height / mm))} mm"


def bleed(kit: Kit, file: str) -> float:
    """The bleed round a poster's trimmed sheet, mm: 0 for a file printed on A4 or Letter
    or without a TrimBox inside its page."""
    pages = kit.get(file)
    if not pages or pages[0].trim is None or _home(pages[0].size) is not None:
        return 0.0
    return (pages[0].size[0] - pages[0].trim[0]) / 2 / mm


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
