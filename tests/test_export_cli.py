"""`ttgbuild export` refusing what it cannot do: a clear message, a non-zero exit, nothing written.

On the tidewrack example (a small deck, quick to draw). A refused export
leaves the folder as it was: nothing new, the previous export whole.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.buildplan import UsageError
from ttgbuild.core.origin import Origin
from ttgbuild.export.faces import refuse_unfit
from ttgbuild.export.output import MARKER, replace_folder
from ttgbuild.export.sizes import DESIGN, LEAST_SHARE, SIZES
from ttgbuild.render.context import PrintProblem

TIDEWRACK = REPO / "examples" / "tidewrack"


@pytest.fixture
def tidewrack(tmp_path: Path) -> Path:
    return Path(shutil.copytree(TIDEWRACK, tmp_path / "tidewrack"))


def _export(project: Path, out: Path, *args: str):
    result = run_cli(project, "export", *args, "--out", str(out))
    assert_no_crash(result)
    return result, result.stdout + result.stderr


def test_a_size_that_is_no_preset_is_a_usage_error_naming_the_presets(
    tidewrack: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result, output = _export(tidewrack, out, "print-shop", "--size", "business-card")
    assert result.exit_code == 2
    assert "'business-card' is not one of" in output and "mini-euro" in output, output
    assert not out.exists()


def test_every_preset_is_drawn_at_a_card_whose_boxes_stay_apart() -> None:
    """Close to the design: drawn at its own size. Smaller: drawn at a card at least the
    design's size on both sides, of the preset's proportions, and scaled down to it."""
    for size in SIZES.values():
        drawn = size.settings()
        width, height = drawn.card_size_mm
        if size.scale == 1:
            assert (width, height) == (size.width, size.height)
            assert width >= LEAST_SHARE * DESIGN[0] and height >= LEAST_SHARE * DESIGN[1]
        else:
            assert width >= DESIGN[0] - 1e-9 and height >= DESIGN[1] - 1e-9, size.name
            assert width * size.scale == pytest.approx(size.width)
            assert height * size.scale == pytest.approx(size.height)
            assert drawn.bleed_mm * size.scale == pytest.approx(size.bleed)
    mini = SIZES["mini-euro"]
    assert (mini.width, mini.height, mini.bleed) == (44, 68, 3)
    assert mini.scale == pytest.approx(44 / 63)


@pytest.mark.parametrize("command", ["print-shop", "tts"])
def test_a_folder_without_content_is_not_a_project(tmp_path: Path, command: str) -> None:
    out = tmp_path / "out"
    (tmp_path / "empty").mkdir()
    result, output = _export(tmp_path / "empty", out, command)
    assert result.exit_code == 2
    assert "no content/ folder" in output
    assert not out.exists()


def test_an_unknown_locale_is_refused(tidewrack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result, output = _export(tidewrack, out, "tts", "--locale", "fr")
    assert result.exit_code == 2
    assert "no catalog for locale(s) fr" in output
    assert not out.exists()


def test_content_errors_stop_the_export_located_and_keep_the_previous_one(
    tidewrack: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result, _output = _export(tidewrack, out, "tts")
    assert result.exit_code == 0
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    critter = tidewrack / "content" / "critters" / "barnacle-brute.yaml"
    critter.write_text(critter.read_text().replace("grip: 4", "grip: lots"), encoding="utf-8")
    result, output = _export(tidewrack, out, "tts")
    assert result.exit_code == 1
    assert "content/critters/barnacle-brute.yaml:5:" in output
    assert "nothing written (the previous export is kept)" in output
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    result, _output = _export(tidewrack, out, "tts", "--format", "json")
    assert result.exit_code == 1
    (problem,) = [d for d in json.loads(result.stdout) if d["severity"] == "error"]
    assert (problem["file"], problem["line"]) == ("content/critters/barnacle-brute.yaml", 5)


def test_a_folder_an_export_did_not_write_is_left_alone(tidewrack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    mine = out / "en" / "notes.txt"
    mine.parent.mkdir(parents=True)
    mine.write_text("my own notes", encoding="utf-8")
    result, output = _export(tidewrack, out, "print-shop")
    assert result.exit_code == 2
    assert "was not written by ttgbuild export" in output
    assert [p.name for p in (out / "en").iterdir()] == ["notes.txt"]
    assert [p.name for p in out.iterdir()] == ["en"]  # no temporary folder left behind


def test_a_second_export_replaces_the_first_whole(tidewrack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert _export(tidewrack, out, "print-shop", "--dpi", "100")[0].exit_code == 0
    listed = (out / "en" / MARKER).read_text(encoding="utf-8").splitlines()[1:]
    assert sorted(listed) == sorted(
        p.relative_to(out / "en").as_posix() for p in (out / "en").rglob("*.*") if p.name != MARKER
    )
    result, output = _export(tidewrack, out, "tts")  # other files: the old ones all go
    assert result.exit_code == 0, output
    assert "files written to" in output
    assert not (out / "en" / "cards.csv").exists() and (out / "en" / "saved-object.json").exists()
    assert [p.name for p in out.iterdir()] == ["en"]


@pytest.mark.parametrize(
    "theirs",
    ["tidewrack-en-a4.pdf", "cards/critters/999-mine.png"],  # a build's PDF; a picture of mine
)
def test_an_export_folder_holding_files_it_did_not_write_is_refused_and_kept(
    tidewrack: Path, tmp_path: Path, theirs: str
) -> None:
    """`--out` the build's own output folder: the build's PDFs land beside an export's files."""
    out = tmp_path / "out"
    assert _export(tidewrack, out, "print-shop", "--dpi", "100")[0].exit_code == 0
    (out / "en" / theirs).write_bytes(b"not the export's")
    before = {p: p.read_bytes() for p in (out / "en").rglob("*") if p.is_file()}
    result, output = _export(tidewrack, out, "print-shop", "--dpi", "100")
    assert result.exit_code == 2
    assert f"holds 1 file(s) ttgbuild export did not write ({theirs})" in output, output
    assert "nothing written (the previous export is kept)" in output
    assert {p: p.read_bytes() for p in (out / "en").rglob("*") if p.is_file()} == before
    assert [p.name for p in out.iterdir()] == ["en"]


def test_a_file_named_twice_stops_the_writing_before_anything_is_replaced(tmp_path: Path) -> None:
    folder = tmp_path / "en"
    assert replace_folder(folder, [("a.png", b"first")]) == 1
    with pytest.raises(ValueError, match=r"names b\.png twice"):
        replace_folder(folder, [("b.png", b"1"), ("b.png", b"2")])
    assert (folder / "a.png").read_bytes() == b"first" and not (folder / "b.png").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["en"]


def test_a_size_whose_text_overflows_where_the_design_size_fits_is_refused() -> None:
    def overflow(name: str, box: str) -> PrintProblem:
        origin = Origin(f"content/critters/{name}.yaml", "/trick")
        return PrintProblem("JT901", origin, f"critter card {name!r}", box, "by 2 mm")

    at_design = [overflow("ink-lurker", "trick")]  # a warning the kit has anyway
    bridge = SIZES["bridge"].settings()
    refuse_unfit(bridge, at_design, at_design)
    with pytest.raises(UsageError) as refused:
        refuse_unfit(bridge, [*at_design, overflow("glass-shrimp", "trick")], at_design)
    assert str(refused.value) == (
        "the cards' design does not fit 57 x 89 mm: text that fits at 63 x 88 mm overflows "
        "in 1 box(es): critter card 'glass-shrimp', trick; choose a larger size"
    )
