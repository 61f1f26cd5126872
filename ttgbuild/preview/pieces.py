"""One kit file drawn for `watch`: recording what each piece read, drawing only some pieces.

`draw_traced` draws a file as `build.draw` does (the same painter, the same
context, the same page), with two differences: every read is recorded
(`depends`), per piece and for the file outside its pieces; and with `only`
set, a piece not in it is placed but not drawn (`RenderContext.skips`), so
an edit to one hero draws that hero's card and nothing else on its sheet.
A piece's picture is cut from its page at its box, so it is the same picture
whether its neighbours were drawn or not.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.build import Job
from ttgbuild.core.diagnostics import LocatedError
from ttgbuild.core.origin import Origin
from ttgbuild.preview import depends
from ttgbuild.preview.depends import Read
from ttgbuild.render import ink, printplan
from ttgbuild.render.context import Piece, PrintProblem, RenderContext
from ttgbuild.render.hyphenate import hyphenating
from ttgbuild.render.layout.decks import PLANS, Plans
from ttgbuild.render.layout.sheetparts import Share, sharing

Key = tuple[str, str]  # a piece's kind and record: a row of the gallery


@dataclass
class TracingContext(RenderContext):
    """A render context that records each piece's reads and draws only the pieces asked for."""

    only: frozenset[Key] | None = None  # None: every piece
    reads: dict[Key, set[Read]] = field(default_factory=dict)
    share: Sheets | None = None  # a deck file's sheets being drawn
    sheet_of_page: dict[int, int] = field(default_factory=dict)  # pages with pieces placed

    def place_item(
        self, canvas: Canvas, piece: Piece, box: tuple[float, float, float, float]
    ) -> None:
        super().place_item(canvas, piece, box)
        if self.share is not None:
            self.sheet_of_page[canvas.getPageNumber()] = self.share.current

    def skips(self, piece: Piece) -> bool:
        return self.only is not None and (piece.kind, piece.record) not in self.only

    @contextlib.contextmanager
    def drawing(
        self, canvas: Canvas, piece: Piece, box: tuple[float, float, float, float]
    ) -> Iterator[None]:
        sink = self.reads.setdefault((piece.kind, piece.record), set())
        with super().drawing(canvas, piece, box), depends.reading_into(sink):
            yield

    def portrait(self, rel: str, where: tuple[Origin, str, str]) -> ImageReader | None:
        depends.note(("art", rel))
        return super().portrait(rel, where)


@dataclass
class Sheets(Share):
    """The sheets of a deck file to draw (None: all), and the one being drawn.

    A deck file lays out every card, then draws only these sheets (`Share.holds`),
    each whole: the same pages as the whole file's, a fraction of the work. The
    sheet being drawn names the pages (`TracingContext.sheet_of_page`), since a
    sheet is one page or two (a deck with backs), and the drawing of some
    sheets numbers its pages from 1.
    """

    wanted: frozenset[int] | None = None
    current: int = -1

    def plan(self, weights: list[int]) -> None:
        self.sheets = len(weights)

    def holds(self, sheet: int) -> bool:
        if self.wanted is not None and sheet not in self.wanted:
            return False
        self.current = sheet
        return True


@dataclass(frozen=True)
class TracedJob:
    """A build job, the pieces to draw (None: all) and, for a deck file, the sheets holding them.

    `plans`, for a drawing in this process only (never sent to a worker), keeps the
    file's decks laid out from one drawing to the next (`decks.Plans`)."""

    job: Job
    only: frozenset[Key] | None = None
    sheets: frozenset[int] | None = None  # None: every sheet (or not a deck file)
    plans: Plans | None = None


@dataclass
class Traced:
    """A file drawn for the gallery: its PDF, placements and problems, and what it read."""

    locale: str
    component: str
    data: bytes
    placements: list  # render.context.Placement
    problems: list[PrintProblem]
    reads: dict[Key, set[Read]]  # per piece drawn
    file_reads: set[Read]  # outside every piece: a change redraws the whole file
    translator_diagnostics: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    pages: tuple[printplan.Page, ...] = ()
    seconds: float = 0.0  # how long it took to draw
    sheet_of_page: dict[int, int] = field(default_factory=dict)  # a deck file's pages' sheets


def draw_traced(traced: TracedJob, progress: Callable[[str], None]) -> Traced:
    """Draw one file of one locale, recording reads (in a worker process, or in this one)."""
    started = time.perf_counter()
    job = traced.job
    tr = depends.traced_translator(job.translator.fresh())
    ctx = job.context(tr, progress, TracingContext)
    assert isinstance(ctx, TracingContext)
    ctx.only = traced.only
    ctx.placements = []
    file_reads: set[Read] = set()
    try:
        with depends.recording(job.content), depends.reading_into(file_reads):
            # Some sheets: part 0 of 2, not the last, so no alignment test pages either.
            if job.part.deck:
                whole = traced.sheets is None
                ctx.share = Sheets(0, 1) if whole else Sheets(0, 2, wanted=traced.sheets)
            with ink.using(job.settings.ink), sharing(ctx.share), hyphenating(job.locale):
                token = PLANS.set(traced.plans)
                try:
                    data = job.part.render(ctx, **job.part.options)
                finally:
                    PLANS.reset(token)
    except LocatedError as exc:
        return Traced(
            job.locale, job.part.file, b"", [], [], {}, set(), tr.diagnostics, [exc.diagnostic]
        )
    pages = printplan.read_pages(data, job.part.words_read) if job.read_pages else ()
    return Traced(
        job.locale,
        job.part.file,
        data,
        ctx.placements,
        ctx.problems,
        ctx.reads,
        file_reads,
        tr.diagnostics,
        [],
        pages,
        time.perf_counter() - started,
        ctx.sheet_of_page,
    )
