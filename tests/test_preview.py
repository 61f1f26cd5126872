"""`ttgbuild preview`: the static review gallery (issue 21), without a browser.

The HTML is read with the standard library's parser, the way a test of the
contract the browser tests rely on should: items, filters, diagnostics, links.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
from babel.messages.pofile import read_po
from conftest import REPO, Project, assert_no_crash, run_cli, shipped_copy

from ttgbuild.packs.jugger.render.boxes import HERO_STAT
from ttgbuild.preview import raster

DE_PO = "locales/de/LC_MESSAGES/ttgbuild.po"
TOO_LONG = "Verteidigungsbereitschaftswert"  # no hero card stat box holds it
LOCALES = ("en", "es", "de")
# Every kind of piece the Jugger kit prints, and a page of each sheet.
KINDS = {"hero", "weapon", "qwik", "stone", "point", "back", "token", "counter", "base"}
KINDS |= {"dice", "tile", "mat", "rules", "quickref", "guide"}


class Page(HTMLParser):
    """The elements of a gallery page the tests look at, with their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.figures: list[dict] = []
        self._figure: dict | None = None
        self._diag: dict | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        self.elements.append((tag, found))
        classes = found.get("class", "").split()
        if tag == "figure" and "item" in classes:
            self._figure = {**found, "img": None, "diags": []}
            self.figures.append(self._figure)
        elif tag == "img" and self._figure is not None:
            self._figure["img"] = found["src"]
        elif tag == "li" and "diag" in classes:
            self._diag = {"code": found["data-code"], "links": []}
            if self._figure is not None:
                self._figure["diags"].append(self._diag)
        elif tag == "a" and "diag-link" in classes and self._diag is not None:
            self._diag["links"].append(found["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "figure":
            self._figure = None
        elif tag == "li":
            self._diag = None

    def ids(self) -> set[str]:
        return {attrs["id"] for _tag, attrs in self.elements if "id" in attrs}


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def anchor_exists(gallery: Path, href: str) -> bool:
    """Does the link open a file of the gallery that has the element it points at?"""
    parts = urlsplit(href)
    target = gallery / parts.path
    return target.is_file() and parts.fragment in parse(target).ids()


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Project, Path, int]]:
    """The shipped project, its German 'Defence' too long for its box, previewed once."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TTGBUILD_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        project = shipped_copy(tmp_path_factory.mktemp("shipped"))
        with project.path(DE_PO).open("rb") as handle:
            line = read_po(handle).get("Defence", "hero card stat").lineno
        # Not the glossary's term, so the glossary check is told to let it be (same lines).
        old = f'#, max-length:{HERO_STAT.budget}\nmsgctxt "hero card stat"\nmsgid "Defence"\n'
        new = old.replace("\n", ", ignore-glossary\n", 1)
        project.replace(DE_PO, old + 'msgstr "Parade"', new + f'msgstr "{TOO_LONG}"')
        gallery = project.path("gallery")
        result = run_cli(project.root, "preview", "--out", str(gallery))
        assert_no_crash(result)
        assert result.exit_code == 0, result.output
        yield project, gallery, line


def test_the_gallery_shows_every_kind_of_piece_in_every_locale(shipped) -> None:
    _project, gallery, _line = shipped
    page = parse(gallery / "index.html")
    seen = {(figure["data-kind"], figure["data-locale"]) for figure in page.figures}
    assert {(kind, locale) for kind in KINDS for locale in LOCALES} <= seen
    for figure in page.figures:
        assert (gallery / figure["img"]).is_file(), figure
        assert figure["data-id"] and figure["data-problems"].isdigit()
    heroes = {f["data-id"] for f in page.figures if f["data-kind"] == "hero"}
    assert heroes == {path.stem for path in (REPO / "content" / "heroes").glob("*.yaml")}


def test_the_gallery_has_its_filters(shipped) -> None:
    _project, gallery, _line = shipped
    page = parse(gallery / "index.html")
    tags = {attrs.get("id"): (tag, attrs) for tag, attrs in page.elements if "id" in attrs}
    assert tags["filter-kind"][0] == "select"
    assert tags["filter-id"][0] == "input"
    assert tags["filter-locale"][0] == "select"
    assert tags["filter-problems"][0] == "input"
    assert tags["filter-problems"][1]["type"] == "checkbox"
    options = {attrs["value"] for tag, attrs in page.elements if tag == "option"}
    assert set(LOCALES) | KINDS <= options


def test_a_translation_too_long_shows_on_each_hero_in_that_locale_linked_to_its_entry(
    shipped,
) -> None:
    _project, gallery, line = shipped
    page = parse(gallery / "index.html")
    heroes = [f for f in page.figures if f["data-kind"] == "hero"]
    for figure in heroes:
        codes = [diag["code"] for diag in figure["diags"]]
        if figure["data-locale"] == "de":
            assert "JT901" in codes and figure["data-problems"] != "0", figure
        else:
            assert figure["data-problems"] == "0", figure
    german = next(f for f in heroes if f["data-locale"] == "de")
    links = [link for diag in german["diags"] for link in diag["links"]]
    entry = f"source/{DE_PO}.html#L{line}"
    assert entry in links, links
    assert all(anchor_exists(gallery, link) for link in links), links


def test_a_hero_text_that_overflows_shows_on_that_hero_linked_to_its_line(project: Project):
    project.replace(
        "content/heroes/aoife-callinan.yaml", 'name: "Aoife Callinan"', f'name: "{"W" * 40}"'
    )
    gallery = project.path("gallery")
    result = run_cli(project.root, "preview", "--out", str(gallery))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    page = parse(gallery / "index.html")
    hero = next(
        f for f in page.figures if (f["data-kind"], f["data-id"]) == ("hero", "aoife-callinan")
    )
    assert hero["data-problems"] != "0"
    name_line = "source/content/heroes/aoife-callinan.yaml.html#L3"
    assert any(d["code"] == "JT901" and name_line in d["links"] for d in hero["diags"]), hero
    assert anchor_exists(gallery, name_line)
    others = [f for f in page.figures if f["data-kind"] == "hero" and f is not hero]
    assert others and all(f["data-problems"] == "0" for f in others)


def test_a_content_error_gives_the_error_page_and_exit_1(project: Project) -> None:
    project.replace("content/heroes/aoife-callinan.yaml", "reflexes: 4", "reflexes: 7")
    gallery = project.path("gallery")
    result = run_cli(project.root, "preview", "--out", str(gallery))
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    page = parse(gallery / "index.html")
    assert ("body", {"data-state": "error", "style": "--locales: 1"}) in page.elements
    assert not page.figures
    links = [
        attrs["href"]
        for tag, attrs in page.elements
        if tag == "a" and "diag-link" in attrs.get("class", "")
    ]
    wanted = "source/content/heroes/aoife-callinan.yaml.html#L9"
    assert wanted in links, links
    assert anchor_exists(gallery, wanted)


def test_a_second_run_reuses_every_picture(project: Project, monkeypatch) -> None:
    gallery = project.path("gallery")
    first = run_cli(project.root, "preview", "--out", str(gallery))
    assert first.exit_code == 0, first.output
    pictures = {path: path.stat().st_mtime_ns for path in (gallery / "img").iterdir()}
    assert pictures

    def refuse(*_args, **_kwargs):
        raise AssertionError("a page of an unchanged PDF was rasterised again")

    monkeypatch.setattr(raster, "pypdfium2", SimpleNamespace(PdfDocument=refuse))
    second = run_cli(project.root, "preview", "--out", str(gallery))
    assert_no_crash(second)
    assert second.exit_code == 0, second.output
    assert {path: path.stat().st_mtime_ns for path in (gallery / "img").iterdir()} == pictures


def test_a_changed_hero_gets_a_new_picture_and_the_others_are_kept(project: Project) -> None:
    gallery = project.path("gallery")
    assert run_cli(project.root, "preview", "--out", str(gallery)).exit_code == 0
    before = {f["data-id"]: f["img"] for f in heroes(gallery)}
    mtimes = {name: (gallery / name).stat().st_mtime_ns for name in before.values()}
    project.replace("content/heroes/aoife-callinan.yaml", "cost: 12", "cost: 11")
    again = run_cli(project.root, "preview", "--out", str(gallery))
    assert again.exit_code == 0, again.output
    after = {f["data-id"]: f["img"] for f in heroes(gallery)}
    assert after["aoife-callinan"] != before["aoife-callinan"]
    assert not (gallery / before["aoife-callinan"]).exists()  # no longer shown: removed
    for ident, name in after.items():
        if ident != "aoife-callinan":
            assert name == before[ident]
            assert (gallery / name).stat().st_mtime_ns == mtimes[name]


def heroes(gallery: Path) -> list[dict]:
    return [f for f in parse(gallery / "index.html").figures if f["data-kind"] == "hero"]
