"""A large deck file drawn in parts on several cores is the file drawn whole (issue 22).

The shipped cards are far below the split threshold, so the tests lower it:
the shipped English cards.pdf, drawn in two parts and merged, must have the
same pages in the same order, the same page boxes, document information and
language, every font embedded, and render pixel for pixel like the file one
process draws.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pikepdf
import pypdfium2
import pytest
from conftest import REPO

from ttgbuild import build
from ttgbuild.core.printing import PrintSettings
from ttgbuild.pack import pack_for
from ttgbuild.render import printplan
from ttgbuild.render.layout.sheetparts import Share
from ttgbuild.render.merge import merge
from ttgbuild.validate.project import validate_project

EPOCH = "1700000000"
BOXES = ("/MediaBox", "/TrimBox", "/BleedBox")


@pytest.fixture(scope="module")
def cards_job() -> build.Job:
    """The job drawing the shipped project's English cards.pdf (its pages read back, as
    for the guide)."""
    loaded, _ = validate_project(REPO)
    jobs = build.make_jobs(REPO, pack_for(REPO), ["en"], loaded.content, PrintSettings())
    return replace(next(job for job in jobs if job.part.file == "cards.pdf"), read_pages=True)


@pytest.fixture(scope="module")
def whole_and_split(cards_job) -> tuple[build.Drawn, build.Drawn]:
    """cards.pdf drawn whole (one process) and in parts on two workers, merged."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        (whole,) = build.draw_batch([cards_job], _quiet, processes=1)
        patch.setattr(build, "SPLIT_SHEETS", 2)
        patch.setattr(build, "PART_SHEETS", 1)
        assert len(build.split(cards_job, 2, {})) == 4  # the lowered threshold splits it
        (split,) = build.draw_batch([cards_job], _quiet, processes=2)
    return whole, split


def _quiet(_message: str) -> None:
    pass


def _pages(data: bytes) -> list[tuple[tuple[float, ...], ...]]:
    pdf = pikepdf.open(io.BytesIO(data))
    return [
        tuple(tuple(float(v) for v in page.obj.get(key, page.mediabox)) for key in BOXES)
        for page in pdf.pages
    ]


def test_split_file_has_the_same_pages_and_boxes(whole_and_split):
    whole, split = whole_and_split
    assert split.data != whole.data  # really drawn in parts and merged
    assert len(_pages(whole.data)) > 4
    assert _pages(split.data) == _pages(whole.data)


def test_split_file_keeps_document_information_and_embeds_every_font(whole_and_split):
    a, b = (pikepdf.open(io.BytesIO(d.data)) for d in whole_and_split)
    assert dict(b.docinfo.items()) == dict(a.docinfo.items())  # title, dates, producer
    assert sorted(b.Root.keys()) == sorted(a.Root.keys())
    assert b.Root.Lang == a.Root.Lang
    descriptors = [
        obj
        for obj in b.objects
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"
    ]
    assert descriptors
    assert all("/FontFile2" in d or "/FontFile" in d or "/FontFile3" in d for d in descriptors)
    assert b.check_pdf_syntax() == []


def test_split_file_renders_pixel_for_pixel_like_the_whole(whole_and_split):
    a, b = (pypdfium2.PdfDocument(d.data) for d in whole_and_split)
    try:
        assert len(a) == len(b)
        for number in range(len(a)):
            mine = b[number].render(scale=1).to_pil().tobytes()  # 72 dpi
            assert mine == a[number].render(scale=1).to_pil().tobytes(), f"page {number + 1}"
    finally:
        a.close()
        b.close()


def test_split_file_reports_what_the_whole_reports(whole_and_split):
    whole, split = whole_and_split
    assert not split.errors
    assert set(split.problems) == set(whole.problems)
    assert set(split.translator_diagnostics) == set(whole.translator_diagnostics)


def test_the_same_parts_merge_to_the_same_bytes(whole_and_split, cards_job):
    _, split = whole_and_split
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        patch.setattr(build, "SPLIT_SHEETS", 2)
        patch.setattr(build, "PART_SHEETS", 1)
        (again,) = build.draw_batch([cards_job], _quiet, processes=2)
    assert again.data == split.data


def test_a_file_below_the_threshold_or_for_the_gallery_stays_whole(cards_job):
    assert build.split(cards_job, 2, {}) == [cards_job]  # the shipped cards: a dozen sheets
    gallery = replace(cards_job, placements=True)
    assert build.split(gallery, 2, {"cards.pdf": 1000}) == [gallery]
    assert build.split(cards_job, 1, {"cards.pdf": 1000}) == [cards_job]  # one core


@pytest.mark.parametrize(
    ("sheets", "cores", "parts"), [(39, 2, 1), (40, 2, 4), (115, 2, 4), (115, 16, 11)]
)
def test_a_large_file_is_cut_in_parts_of_ten_sheets_or_more(cards_job, sheets, cores, parts):
    jobs = build.split(cards_job, cores, {"cards.pdf": sheets})
    assert len(jobs) == parts
    if parts > 1:
        assert [job.share.part for job in jobs] == list(range(parts))
        assert {job.share.parts for job in jobs} == {parts}


@pytest.mark.parametrize(
    "weights", [[], [1], [3, 3], [10] * 7, [10] * 40, [10] * 90 + [2] * 11, [1, 50, 1, 1, 1]]
)
@pytest.mark.parametrize("parts", [2, 3, 4])
def test_parts_take_every_sheet_once_in_order(weights, parts):
    owners, work = [], [0] * parts
    for part in range(parts):
        share = Share(part, parts)
        share.plan(weights)
        assert share.sheets == len(weights)
        mine = [sheet for sheet in range(len(weights)) if share.holds(sheet)]
        owners += [part] * len(mine)
        work[part] = sum(weights[sheet] for sheet in mine)
    assert owners == sorted(owners) and len(owners) == len(weights)
    if len(weights) >= 40 * parts and len(set(weights)) == 1:  # equal sheets: equal runs
        assert max(work) - min(work) <= weights[0]


def test_merge_keeps_every_part_and_its_order(whole_and_split):
    whole, _ = whole_and_split
    doubled = merge([whole.data, whole.data])
    assert _pages(doubled) == _pages(whole.data) * 2


def test_the_parts_read_the_pages_the_guide_would_read(whole_and_split):
    """Each part reads back the pages it drew; together they are the merged file's."""
    whole, split = whole_and_split
    assert split.pages == whole.pages == printplan.read_pages(split.data)
    with printplan.pages_read({split.data: split.pages}):
        assert printplan.read_kit({"cards.pdf": split.data}) == {"cards.pdf": split.pages}
