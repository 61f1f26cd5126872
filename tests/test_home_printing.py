"""Home printing, measured on built kits: nothing that matters near the paper's edge on A4
and Letter, marks only at cuts, TrimBox and BleedBox on every page, a readable alignment
test, and the ink saver."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import astuple
from pathlib import Path

import pypdfium2
import pytest
from conftest import REPO, run_cli
from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bench.pdfview import Drawing, Page, Point, Rect, boxes_written, open_pdf
from ttgbuild.core.printing import Ink, Paper, PrintSettings
from ttgbuild.render import fonts, ink
from ttgbuild.render.ink import LARGE, TEXT_CONTRAST, contrast, luminance
from ttgbuild.render.layout.decks import CROSS, _cross_places
from ttgbuild.render.sheet import (
    EDGE_CLEAR,
    FILL_CLEAR,
    MARK_LENGTH,
    TRIM_CLEAR,
    Furniture,
    card_grid,
    mark_lines,
    mark_span,
)

TIDEWRACK = REPO / "examples" / "tidewrack"
PAPERS = ("a4", "letter")
TOLERANCE = 0.05 * mm
PICTURE_SIDE = 40 * mm  # an icon or emblem drawn whole (`ink.keep`) is no larger
NOTE = "Print at 100 % (actual size), never 'fit to page'."
# The saver kit's files checked, with the most ink each may use, as a share of the full kit's
# (text-heavy pages save less: their ink is mostly type).
SAVER_FILES = {
    "tidewrack": {"cards.pdf": 0.5, "reference.pdf": 0.5},
    "jugger": {
        "cards.pdf": 0.5,
        "tokens.pdf": 0.5,
        "board.pdf": 0.5,
        "quickref.pdf": 0.8,
        "guide.pdf": 0.8,
    },
}
# Every file of Jugger's home kit (the print shop's board is for a shop's press, not a home
# printer, and is left out).
JUGGER_FILES = ("cards.pdf", "tokens.pdf", "board.pdf", "quickref.pdf", "guide.pdf", "rules.pdf")
KIT_FILES = {"tidewrack": ("cards.pdf", "reference.pdf"), "jugger": JUGGER_FILES}


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Tidewrack's kit and Jugger's, in English, on A4 and on Letter: each locale folder."""
    out = tmp_path_factory.mktemp("kits")
    built = {}
    for paper in PAPERS:
        for game, root in (("tidewrack", TIDEWRACK), ("jugger", REPO)):
            target = out / f"{game}-{paper}"
            result = run_cli(
                root, "build", "--out", str(target), "--locale", "en", "--paper", paper
            )
            assert result.exit_code == 0, result.output
            built[game, paper] = target / "en"
    return built


# The files whose strokes are measured: board pages hold strokes running past the paper
# (the field clipped to its tile: the pixel test below sees nothing there), which the stroke
# reader cannot tell from a stroke printed there.
STROKE_FILES = {
    **KIT_FILES,
    "jugger": ("cards.pdf", "tokens.pdf", "guide.pdf", "quickref.pdf", "rules.pdf"),
}


def kit_pdfs(
    kits: dict[tuple[str, str], Path], files: dict[str, tuple[str, ...]] = KIT_FILES
) -> list[tuple[str, Path]]:
    return [(paper, kits[game, paper] / name) for (game, paper) in kits for name in files[game]]


def edge_distance(rect: Rect, page: Page) -> float:
    return min(rect.x0, rect.y0, page.width - rect.x1, page.height - rect.y1)


def strokes(page: Page) -> list[tuple[Point, Point, Drawing]]:
    """Every straight stroked line of a page (top-down coordinates) with its drawing."""
    found = []
    for drawing in page.drawings():
        if drawing.stroke is None:
            continue
        for item in drawing.items:
            if item[0] == "l":
                found.append((item[1], item[2], drawing))
    return found


def test_marks_lines_and_text_keep_5_mm_from_every_paper_edge(kits) -> None:
    for paper, path in kit_pdfs(kits, STROKE_FILES):
        for page in open_pdf(path):
            where = f"{paper} {path.parent.parent.name}/{path.name} page {page.number + 1}"
            for a, b, _drawing in strokes(page):
                near = edge_distance(Rect.around((a, b)), page)
                assert near >= EDGE_CLEAR - TOLERANCE, (where, a, b, near / mm)
            for span in page.spans():
                near = edge_distance(span.bbox, page)
                assert near >= EDGE_CLEAR - TOLERANCE, (where, span.text, near / mm)


def test_nothing_is_printed_in_the_outer_4_mm(kits) -> None:
    """Bleed fill may come within 4 mm of the edge, nothing nearer (rendered pixels)."""
    for paper, path in kit_pdfs(kits):
        pdf = pypdfium2.PdfDocument(path)
        for index in range(len(pdf)):
            image = pdf[index].render(scale=1).to_pil().convert("L")
            band = math.floor(FILL_CLEAR - 0.3 * mm)  # pixels are points at scale 1
            width, height = image.size
            pixels = image.load()
            dark = [
                (x, y)
                for y in range(height)
                for x in (*range(band), *range(width - band, width))
                if pixels[x, y] < 250
            ] + [
                (x, y)
                for x in range(width)
                for y in (*range(band), *range(height - band, height))
                if pixels[x, y] < 250
            ]
            assert not dark, (paper, path.name, index + 1, dark[:3])


def test_letter_marks_for_the_vertical_cuts_reach_into_the_bleed_not_the_edge() -> None:
    grid = card_grid(PrintSettings(Paper.letter))
    height = grid.page[1]
    near, far = mark_span(grid.top, 1, height, grid.bleed)
    assert far == pytest.approx(height - EDGE_CLEAR)
    assert near == pytest.approx(grid.top + TRIM_CLEAR)  # 1.7 mm long, over the bleed
    a4 = card_grid(PrintSettings(Paper.a4))
    near, far = mark_span(a4.top, 1, a4.page[1], a4.bleed)
    assert near == pytest.approx(a4.top + a4.bleed + 1 * mm)
    assert far - near == pytest.approx(MARK_LENGTH)


def cut_marks(page: Page) -> list[tuple[float, float, float, float]]:
    """The crop marks of a page: short black hairlines, as (x0, y0, x1, y1) with y up."""
    height = page.height
    found = []
    for a, b, drawing in strokes(page):
        black = drawing.stroke is not None and max(drawing.stroke) < 0.01
        if black and math.dist(a, b) <= MARK_LENGTH + TOLERANCE and drawing.width < 0.3:
            found.append((a.x, height - a.y, b.x, height - b.y))
    return found


def same_line(one, other) -> bool:
    ends = [(one[0], one[1]), (one[2], one[3])]
    return all(
        any(math.dist(p, q) < TOLERANCE for q in ((other[0], other[1]), (other[2], other[3])))
        for p in ends
    )


def filled_cells(page: Page, settings: PrintSettings) -> list[tuple[int, int]]:
    """The grid cells that hold a card: those with text on them."""
    grid = card_grid(settings)
    height = page.height
    cells = []
    for row in range(grid.rows):
        for column in range(grid.columns):
            x, y = grid.origin(row, column)
            box = Rect(x, height - y - grid.cell_height, x + grid.cell_width, height - y)
            if page.text(clip=box).strip():
                cells.append((row, column))
    return cells


@pytest.mark.parametrize("paper", PAPERS)
def test_marks_stand_only_at_cuts_a_page_makes(kits, paper) -> None:
    settings = PrintSettings(Paper(paper))
    grid = card_grid(settings)
    doc = open_pdf(kits["tidewrack", paper] / "cards.pdf")
    fronts = [doc[i] for i in range(0, len(doc) - 2, 2)]  # before the alignment test
    last = fronts[-1]
    cells = filled_cells(last, settings)
    assert 0 < len(cells) < grid.capacity  # tidewrack's last sheet is part full
    expected = mark_lines(grid.holding(cells))
    found = cut_marks(last)
    assert len(found) == len(expected) < len(mark_lines(grid))
    assert all(any(same_line(f, e) for e in expected) for f in found)
    full = cut_marks(fronts[0])
    assert len(full) == len(mark_lines(grid)) == 2 * (grid.columns + 1 + grid.rows + 1)


def test_every_page_has_a_trim_box_inside_its_bleed_box_inside_the_sheet(kits) -> None:
    for (game, paper), folder in kits.items():
        for path in sorted(folder.glob("*.pdf")):
            doc = open_pdf(path)
            for page in doc:
                where = (game, paper, path.name, page.number + 1)
                assert {"TrimBox", "BleedBox"} <= boxes_written(doc, page.number), where
                trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
                assert inside(bleed, media) and inside(trim, bleed), where


def inside(inner: Rect, outer: Rect) -> bool:
    """`inner` lies within `outer`, give or take the PDF's rounding (0.01 pt)."""
    return (
        inner.x0 >= outer.x0 - 0.01
        and inner.y0 >= outer.y0 - 0.01
        and inner.x1 <= outer.x1 + 0.01
        and inner.y1 <= outer.y1 + 0.01
    )


@pytest.mark.parametrize("paper", PAPERS)
def test_a_card_fronts_trim_box_is_its_cut_grid_and_bleed_box_its_bleed(kits, paper) -> None:
    settings = PrintSettings(Paper(paper))
    doc = open_pdf(kits["tidewrack", paper] / "cards.pdf")
    for index in range(0, len(doc) - 2, 2):  # card fronts, before the alignment test
        page = doc[index]
        grid = card_grid(settings).holding(filled_cells(page, settings))
        x0, y0, x1, y1 = grid.trim_area()
        height = page.height
        expected = Rect(x0, height - y1, x1, height - y0)
        assert all(
            abs(a - b) < 0.01 for a, b in zip(astuple(page.trimbox), astuple(expected), strict=True)
        )
        grown = expected.grown(grid.bleed)
        assert all(
            abs(a - b) < 0.01 for a, b in zip(astuple(page.bleedbox), astuple(grown), strict=True)
        )


@pytest.mark.parametrize("paper", PAPERS)
def test_backs_leave_the_ruler_and_the_print_note_on_white_paper(kits, paper) -> None:
    path = kits["jugger", paper] / "cards.pdf"
    doc = open_pdf(path)
    for index in range(1, len(doc) - 2, 2):  # back pages, before the alignment test
        spans = [span for span in doc[index].spans() if "100" in span.text or "50 mm" in span.text]
        assert len(spans) == 2, index
        image = doc[index].render(dpi=144).convert("L")
        for span in spans:
            box = [round(v * 2) for v in astuple(span.bbox)]
            crop = image.crop(box).tobytes()
            white = sum(1 for v in crop if v > 240) / len(crop)
            assert white > 0.5, (paper, index + 1, span.text, white)


@pytest.fixture(scope="module")
def offset_kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Tidewrack's cards with backs moved towards the ruler: A4 0,-3 and Letter -1.5,0."""
    out = tmp_path_factory.mktemp("offset")
    built = {}
    for paper, offset in (("a4", "0,-3"), ("letter", "-1.5,0")):
        target = out / paper
        result = run_cli(
            TIDEWRACK, "build", "--out", str(target), "--locale", "en", "--paper", paper,
            "--back-offset", offset,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        built[paper] = target / "en" / "cards.pdf"
    return built


@pytest.mark.parametrize("paper", PAPERS)
def test_backs_moved_towards_the_ruler_keep_their_bleed_and_the_ruler_its_paper(
    offset_kits, paper
) -> None:
    """The ruler and note make way: each back keeps at least 2 mm of bleed on every side,
    and nothing comes nearer the paper's edge than EDGE_CLEAR."""
    doc = open_pdf(offset_kits[paper])
    for index in range(1, len(doc) - 2, 2):  # back pages, before the alignment test
        page = doc[index]
        trim, bleed = page.trimbox, page.bleedbox
        sides = (trim.x0 - bleed.x0, trim.y0 - bleed.y0, bleed.x1 - trim.x1, bleed.y1 - trim.y1)
        assert min(sides) >= 2 * mm - 0.01, (paper, index + 1, [v / mm for v in sides])
        for a, b, _drawing in strokes(page):
            assert edge_distance(Rect.around((a, b)), page) >= EDGE_CLEAR - TOLERANCE
        for span in page.spans():
            near = edge_distance(span.bbox, page)
            assert near >= EDGE_CLEAR - TOLERANCE, (span.text, near / mm)


@pytest.mark.parametrize("size", [(150.0, 150.0), (150.0, 80.0), (100.0, 230.0), (63.0, 88.0)])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_print_note_and_ruler_stay_on_the_paper_with_any_card_size(paper, size) -> None:
    """One large card a row leaves no second gap between marks: the note goes after the
    ruler then, and no letter of it comes nearer the paper's edge than EDGE_CLEAR."""
    settings = PrintSettings(Paper(paper), card_size_mm=size)
    grid = card_grid(settings)
    furniture = Furniture(NOTE, "= 50 mm", (6, 4), (5, 4))
    fonts.register()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=grid.page)
    furniture.on_grid_sheet(canvas, grid)
    canvas.save()
    page = open_pdf(buffer.getvalue())[0]
    words = " ".join(page.text().split())
    assert NOTE in words and "= 50 mm" in words, words
    for span in page.spans():
        near = edge_distance(span.bbox, page)
        assert near >= EDGE_CLEAR - TOLERANCE, (span.text, near / mm)
        if span.text == NOTE:  # and not over a crop mark's place (the cuts)
            box = span.bbox
            xs, ys = grid.cuts()
            if grid.furniture_side == "bottom":
                assert not any(box.x0 - mm < x < box.x1 + mm for x in xs), xs
            else:
                cuts = [page.height - y for y in ys]
                assert not any(box.y0 - mm < y < box.y1 + mm for y in cuts), cuts


@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -1.5), (-10.0, 10.0)])
@pytest.mark.parametrize("paper", PAPERS)
def test_alignment_crosses_front_and_back_stay_clear_of_the_edge(paper, offset) -> None:
    settings = PrintSettings(Paper(paper), back_offset_mm=offset)
    grid = card_grid(settings)
    dx, dy = settings.back_offset
    xs, ys = _cross_places(grid, settings.back_offset)
    width, height = grid.page
    for x in xs:
        for shift in (0.0, dx):
            assert EDGE_CLEAR + CROSS - 0.01 <= x + shift <= width - EDGE_CLEAR - CROSS + 0.01
    for y in ys:
        for shift in (0.0, dy):
            assert EDGE_CLEAR + CROSS - 0.01 <= y + shift <= height - EDGE_CLEAR - CROSS + 0.01
    assert len(xs) == grid.columns + 1 and len(ys) == grid.rows + 1


@pytest.mark.parametrize(
    ("paper", "duplex", "offset"),
    [("letter", "short", (0.0, 3.0)), ("a4", "long", (3.0, 0.0)), ("a4", "long", (-2.0, 1.5))],
)
def test_every_alignment_cross_reads_the_offset_a_drift_would_produce(paper, duplex, offset):
    """Seen through the paper, each front cross has a back cross behind it, moved by exactly
    the back offset (mirrored by the turn of the sheet): the outer ones read like the inner."""
    settings = PrintSettings(Paper(paper), duplex=duplex, back_offset_mm=offset)
    grid = card_grid(settings)
    width, height = grid.page
    dx, dy = settings.back_offset
    xs, ys = _cross_places(grid, settings.back_offset)
    fronts = {(round(x, 6), round(y, 6)) for x in xs for y in ys}
    for x in xs:
        for y in ys:
            bx, by = x + dx, y + dy  # a back cross, where the back page draws it
            seen = (width - bx, by) if duplex == "long" else (bx, height - by)
            drift = (-dx, dy) if duplex == "long" else (dx, -dy)  # the offset, turned over
            front = (round(seen[0] - drift[0], 6), round(seen[1] - drift[1], 6))
            assert front in fronts, (x / mm, y / mm, seen, drift)


def test_the_alignment_test_says_how_to_read_the_offset_and_what_to_do_with_the_pdfs(kits):
    page = open_pdf(kits["jugger", "a4"] / "cards.pdf")[-1]
    words = " ".join(page.text().split())
    assert "to the right of the red one, X is that many mm" in words
    assert "--" not in words  # it speaks to whoever prints: no option names (issue 38)
    assert "(X = 0, Y = 0)" in words  # the offset this sheet was printed with
    assert "shift for the back side" in words  # what to do with only the PDFs
    assert "X = +2, Y = +1" in words  # the worked example, drawn
    front = " ".join(open_pdf(kits["jugger", "a4"] / "cards.pdf")[-2].text().split())
    assert "add it to the back offset this sheet was printed with" in front  # as the back says


# --- ink saver -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saver(kits) -> dict[str, tuple[Path, Path]]:
    """Each game's A4 kit built again with --ink saver into the same folder: (full, saver)."""
    built = {}
    for game, root in (("tidewrack", TIDEWRACK), ("jugger", REPO)):
        target = kits[game, "a4"].parent
        result = run_cli(root, "build", "--out", str(target), "--locale", "en", "--ink", "saver")
        assert result.exit_code == 0, result.output
        assert "ink-saver" in result.output
        built[game] = (target / "en", target / "ink-saver" / "en")
    return built


def ink_coverage(path: Path) -> float:
    """The mean share of ink over a PDF's pages (0 white, 1 black), from 36 dpi pixels."""
    pdf = pypdfium2.PdfDocument(path)
    total = 0.0
    for index in range(len(pdf)):
        data = pdf[index].render(scale=0.5).to_pil().convert("L").tobytes()
        total += sum(255 - v for v in data) / (255 * len(data))
    return total / len(pdf)


def span_contrasts(path: Path) -> list[tuple[int, str, float]]:
    """Each text span's page, text and contrast with the fill drawn last under its centre."""
    return span_contrasts_of(path.read_bytes())


def span_contrasts_of(data: bytes) -> list[tuple[int, str, float]]:
    """`span_contrasts` of a PDF held in memory."""
    found = []
    for page in open_pdf(data):
        fills = [d for d in page.drawings() if d.fill is not None]
        for span in page.runs():
            centre = span.bbox.centre
            under = [d for d in fills if d.seqno < span.seqno and d.rect.contains(centre)]
            back = Color(*under[-1].fill) if under else Color(1, 1, 1)
            found.append((page.number + 1, span.text, contrast(Color(*span.colour), back)))
    return found


def test_both_kits_live_side_by_side_each_with_its_cache(saver) -> None:
    full, saved = saver["tidewrack"]
    assert sorted(p.name for p in full.iterdir()) == sorted(p.name for p in saved.iterdir())
    again = run_cli(TIDEWRACK, "build", "--out", str(full.parent), "--locale", "en")
    assert again.exit_code == 0 and "up to date" in again.output, again.output


@pytest.mark.parametrize("game", ["tidewrack", "jugger"])
def test_ink_saver_prints_the_same_kit_without_large_fills(saver, game) -> None:
    full, saved = saver[game]
    for name, most in SAVER_FILES[game].items():
        assert len(open_pdf(saved / name)) == len(open_pdf(full / name))
        for page in open_pdf(saved / name):
            for drawing in page.drawings():
                rect, fill = drawing.rect, drawing.fill
                big = rect.width > PICTURE_SIDE or rect.height > PICTURE_SIDE  # not an icon
                if fill is not None and rect.width * rect.height > LARGE and big:
                    assert luminance(Color(*fill)) > 0.6, (name, page.number + 1, fill)
        assert ink_coverage(saved / name) < most * ink_coverage(full / name), name
        before, after = span_contrasts(full / name), span_contrasts(saved / name)
        assert [(page, text) for page, text, _ in before] == [(p, t) for p, t, _ in after]
        for (page, text, was), (_, _, now) in zip(before, after, strict=True):
            assert now >= min(was, TEXT_CONTRAST) - 0.01, (name, page, text, was, now)


def saver_page(draw: Callable[[Canvas], None]) -> bytes:
    """A one-page PDF (200 by 100 mm) of what `draw` paints on an ink saver's canvas."""
    buffer = io.BytesIO()
    with ink.using(Ink.saver):
        canvas = ink.canvas_class()(buffer, pagesize=(200 * mm, 100 * mm))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_ink_saver_draws_a_kept_picture_whole_in_its_colours() -> None:
    """Inside `ink.keep` (icons, emblems) a large fill keeps its colour; outside it is tinted."""
    navy = Color(0.1, 0.15, 0.4)

    def draw(canvas: Canvas) -> None:
        canvas.setFillColor(navy)
        canvas.rect(0, 0, 30 * mm, 30 * mm, stroke=0, fill=1)
        with ink.keep(canvas):
            canvas.rect(50 * mm, 50 * mm, 30 * mm, 30 * mm, stroke=0, fill=1)

    page = open_pdf(saver_page(draw))[0]
    fills = [d.fill for d in page.drawings() if d.fill is not None]
    assert len(fills) == 2
    assert luminance(Color(*fills[0])) > 0.6  # tinted
    assert all(abs(a - b) < 0.01 for a, b in zip(fills[1], navy.rgb(), strict=True))


def test_ink_saver_recolours_large_white_type_that_stood_out_by_less_than_4_5() -> None:
    """White bold type on a mid green band stands out by about 4:1; on the band's tint it
    would vanish, so the saver draws it in a colour that stands out at least as well."""
    green = Color(0.2, 0.55, 0.3)

    def draw(canvas: Canvas) -> None:
        canvas.setFillColor(green)
        canvas.rect(0, 0, 200 * mm, 40 * mm, stroke=0, fill=1)
        canvas.setFillColor(Color(1, 1, 1))
        canvas.setFont("Helvetica-Bold", 16)
        canvas.drawString(10 * mm, 15 * mm, "Title")

    was = contrast(Color(1, 1, 1), green)
    assert 3 < was < TEXT_CONTRAST
    [(_, text, now)] = span_contrasts_of(saver_page(draw))
    assert text == "Title" and now >= was, now
