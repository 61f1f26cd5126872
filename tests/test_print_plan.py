"""The print plan a data pack's guide prints: every kit file, its pages and paper as built.

Each adopting game is built once (one locale, A4) and its guide's table is
read back from the PDF; the rows must agree with the files beside it. A
pack.yaml that says how to print a file wrongly, or a guide whose
`kit_files` labels name a file the kit lacks, is refused located.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2
import pytest
from conftest import REPO, assert_no_crash, run_cli
from reportlab.lib.units import mm

from ttgbuild.render.poster import POSTERS
from ttgbuild.source.datapack import pack_of

GAMES = {
    "challengers": REPO / "games" / "challengers",
    "tidewrack": REPO / "examples" / "tidewrack",
    "dungeon-bowl": REPO / "games" / "dungeon-bowl",
    "pocket-tactics": REPO / "games" / "pocket-tactics",
}


def _pages(path: Path) -> list[tuple[float, float]]:
    document = pypdfium2.PdfDocument(path)
    try:
        return [page.get_size() for page in document]
    finally:
        document.close()


def _text(path: Path) -> str:
    document = pypdfium2.PdfDocument(path)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def _paper(path: Path) -> str:
    """A4 or Letter by the page; a poster by its TrimBox: a standard sheet by name."""
    width, height = sorted(_pages(path)[0])
    if abs(width - 595.3) < 2 and abs(height - 841.9) < 2:
        return "A4"
    if abs(width - 612) < 2 and abs(height - 792) < 2:
        return "Letter"
    document = pypdfium2.PdfDocument(path)
    try:
        left, bottom, right, top = document[0].get_trimbox()
    finally:
        document.close()
    width, height = sorted((right - left, top - bottom))
    for name, across, tall in (sheet for sheets in POSTERS.values() for sheet in sheets):
        if abs(width / mm - tall) < 1 and abs(height / mm - across) < 1:
            if name.endswith(" in"):
                return name.replace(" x ", " \u00d7 ")
            return f"{name} ({round(across)} \u00d7 {round(tall)} mm)"
    return f"{round(width / mm)} \u00d7 {round(height / mm)} mm"


@pytest.fixture(scope="module", params=sorted(GAMES))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """(project, folder of one locale's built files) of each adopting game."""
    project = GAMES[request.param]
    out = tmp_path_factory.mktemp(request.param)
    result = run_cli(project, "build", "--locale", "en", "--out", str(out), "--strict")
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    return project, out / "en"


def test_every_kit_file_has_a_row_with_its_built_pages_and_paper(built) -> None:
    project, folder = built
    pack = pack_of(project)
    guide = _text(folder / "guide.pdf")
    files = [part.file for part in pack.components]
    for part in pack.components:
        assert part.file in guide, f"{part.file} has no row in the print plan"
        pages = _pages(folder / part.file)
        paper = _paper(folder / part.file)
        # The row: the file, what it holds (wrapped), then its pages and paper.
        found = re.search(
            re.escape(part.file)
            + r"\s.*?\s(\d+)\s+(A4|Letter|A\d\s+\(\d+\s+\u00d7\s+\d+\s+mm\)"
            + r"|\d+\s+\u00d7\s+\d+\s+(?:mm|in))\s",
            guide,
            re.DOTALL,
        )
        assert found is not None, f"no pages and paper after {part.file}"
        assert int(found.group(1)) == len(pages), part.file
        assert " ".join(found.group(2).split()) == paper, part.file
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(files)


def test_how_each_file_is_printed_comes_from_pack_yaml() -> None:
    pack = pack_of(GAMES["tidewrack"])
    printing = {part.file: part.printing for part in pack.components}
    assert (printing["cards.pdf"].sides, printing["cards.pdf"].stock) == ("both", "card")
    assert printing["reference.pdf"].sides == "one"
    guide = next(part for part in pack.components if part.file == "guide.pdf")
    assert guide.after_kit


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "tidewrack"
    shutil.copytree(GAMES["tidewrack"], root)
    return root


def _refused(game: Path, *args: str, code: int = 2) -> str:
    """Run a command on a broken copy: exit `code` (2: the pack, 1: a build's problems)."""
    result = run_cli(game, *args)
    assert_no_crash(result)
    assert result.exit_code == code, result.output
    return result.stdout + result.stderr


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_bad_sides_value_is_located(game: Path) -> None:
    _replace(game / "pack/pack.yaml", "sides: both ", "sides: three")
    output = _refused(game, "validate")
    assert re.search(r"pack/pack\.yaml:\d+:\d+: error JT05\d: .*three", output), output
    assert "[/kit/0/sides]" in output


def test_an_edge_on_a_one_sided_file_is_located(game: Path) -> None:
    _replace(
        game / "pack/pack.yaml", "    sheet: reference\n", "    sheet: reference\n    edge: short\n"
    )
    output = _refused(game, "validate")
    assert "error JT092: only a file printed on both sides has an edge [/kit/1/edge]" in output


def test_a_plan_naming_a_file_the_kit_lacks_is_located(game: Path, tmp_path: Path) -> None:
    sheet = game / "pack/sheets/guide.sheet.yaml"
    _replace(sheet, "    reference.pdf: {msg:", "    referenc.pdf: {msg:")
    output = _refused(game, "build", "--locale", "en", "--out", str(tmp_path / "out"), code=1)
    assert re.search(r"guide\.sheet\.yaml:\d+:\d+: error JT081: referenc\.pdf is no file", output)
    assert "error JT081: label table kit_files lacks the kit's reference.pdf" in output
    assert not (tmp_path / "out" / "en" / "guide.pdf").exists()


def test_words_read_with_the_pages_are_the_words_read_later(tmp_path: Path) -> None:
    """A component with `words_read` (Jugger's tokens.pdf) has its pages' words read by the
    worker that drew it; the guide finds the same words, and is the same file, either way."""
    from dataclasses import replace

    from ttgbuild.build import draw, draw_jobs, make_jobs, read_pack_data
    from ttgbuild.core.printing import PrintSettings
    from ttgbuild.render import printplan
    from ttgbuild.validate.project import validate_project

    pack = pack_of(REPO)
    assert [c.file for c in pack.components if c.words_read] == ["tokens.pdf"]
    loaded, _ = validate_project(REPO)
    jobs = make_jobs(REPO, pack, ["en"], loaded.content, PrintSettings())
    read_pack_data(pack, REPO)
    tokens = next(job for job in jobs if job.part.file == "tokens.pdf")
    drawn = draw(replace(tokens, read_pages=True), lambda _message: None)
    later = printplan.Words(drawn.data)
    assert len(drawn.pages) > 1
    assert [page.text for page in drawn.pages] == [later.of(n) for n in range(len(drawn.pages))]
    assert any("Fold" in page.text or "fold" in page.text for page in drawn.pages)

    def guide(words_read: bool) -> bytes:
        kit = [
            replace(job, part=replace(job.part, words_read=words_read))
            if job.part.file == "tokens.pdf"
            else job
            for job in jobs
        ]
        done = draw_jobs(kit, lambda _message: None, processes=1)
        return next(d.data for d in done if d.component == "guide.pdf")

    assert guide(True) == guide(False)
