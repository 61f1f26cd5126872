"""The gallery's pictures are keyed by page content (issue 41): an edit re-rasterises its page only.

A hero's attack is edited between two previews; the second rasterises only
the pages whose drawing changed (counted in this process): one of cards.pdf,
and every picture it shows is the picture a fresh preview (its pages
rasterised on the cores) makes of the same files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_no_crash, run_cli, shipped_copy
from test_preview import Page

from ttgbuild.preview import gallery, pagedigest, raster

HERO = "content/heroes/aoife-callinan.yaml"

pytestmark = pytest.mark.timeout(300)


def pictures(out: Path) -> dict[tuple[str, str, str], str]:
    """Each figure of the gallery's page by kind, record and locale: its picture's bytes' name."""
    page = Page()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    return {(f["data-kind"], f["data-id"], f["data-locale"]): f["img"] for f in page.figures}


def test_an_edit_rasterises_only_its_page_and_matches_a_fresh_preview(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "gallery"
    assert not gallery.write_gallery(project.root, out, ["en"]).failed
    before = pictures(out)

    project.replace(HERO, "attack: 4", "attack: 3")
    rasterised: list[tuple[str, int]] = []
    real = raster._rasterise

    def counted(job: raster._Job, progress: object) -> list[bytes]:
        rasterised.append((job.pdf.name, job.page))
        return real(job, progress)

    monkeypatch.setattr(raster, "_rasterise", counted)
    monkeypatch.setattr(raster, "POOL_PAGES", 10**6)  # in this process, where it is counted
    assert not gallery.write_gallery(project.root, out, ["en"]).failed
    after = pictures(out)

    # The hero's page of cards.pdf, and the rulebook, whose worked example takes the hero
    # with the best attack (its other pages too: a font subset they share changed).
    assert [page for name, page in rasterised if name == "cards.pdf"] == [1]
    assert {name for name, _page in rasterised} == {"cards.pdf", "rules.pdf"}
    changed = {key for key in after if after[key] != before.get(key)}
    assert ("hero", "aoife-callinan", "en") in changed
    assert {kind for kind, _ident, _locale in changed} == {"hero", "rules"}

    fresh = tmp_path / "fresh"  # drawn and rasterised from nothing, on the cores
    result = run_cli(project.root, "preview", "--locale", "en", "--out", str(fresh))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert pictures(fresh) == after
    for name in set(after.values()):
        assert (fresh / name).read_bytes() == (out / name).read_bytes()


def test_a_page_digest_ignores_the_rest_of_the_file(tmp_path: Path) -> None:
    """The same page in two files of different lengths has one digest; another page does not."""
    from reportlab.pdfgen.canvas import Canvas

    def pdf(name: str, pages: list[str]) -> Path:
        path = tmp_path / name
        canvas = Canvas(str(path), invariant=True)
        for text in pages:
            canvas.drawString(72, 720, text)
            canvas.showPage()
        canvas.save()
        return path

    short = pagedigest.page_digests(pdf("short.pdf", ["one", "two"]), "a")
    long = pagedigest.page_digests(pdf("long.pdf", ["one", "three", "two"]), "b")
    assert short[0] == long[0]
    assert len({*short, *long}) == 3
