"""The layout language grown up (issue 37, first step): `let` names, colours and sizes as
expressions, a file's default card size, decks of tokens in their own size, one-sided decks,
and warnings for keys a part ignores.

Each feature is broken in a copy of the tidewrack example and `validate` must say where
(file:line, code, exit 1); and each is shown working in a kit built as a user builds it,
measured in the PDF (page count, page boxes, a colour sampled from the rendered page).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pypdfium2
import pytest
from conftest import REPO, assert_no_crash, run_cli
from reportlab.lib.units import mm

from ttgbuild.render.layout.faces import engine_names, measures
from ttgbuild.source.layoutfile import ENGINE_NAMES, MEASURES, RESERVED

LAYOUT = "pack/layouts/critter.layout.yaml"
LINE = re.compile(r"^(?P<file>\S+):(?P<line>\d+):\d+: (?P<severity>\w+) (?P<code>JT\d+):", re.M)

# What the built kit adds to the example: a file-wide `let` (colours by pool, no record read)
# and card size, the critter's background from it, and a one-sided deck of 30 mm pool tokens
# whose depth numeral grows with the depth (a size written as an expression).
HEAD = """\
card_size: [57, 89]
let:
  shade: "{'kelp-bed': '#2e7d32', 'rock-shelf': '#6d4c41', 'sand-flat': '#f9a825'}"
"""
TOKEN_FACE = """\
  pool-token:
    component: "'pool token ' ~ record.id"
    width: 30
    height: 30
    background: "theme.sand"
    let: {tall: "record.depth >= 3", numeral: "12 + 2 * record.depth"}
    boxes:
      - {name: depth, kind: string, text: number(record.depth), size: numeral, bold: true,
         colour: "'sea' if tall else 'deep'", align: center, left: 0, width: width, bottom: 10}

  back:
"""
TOKEN_DECK = """\
  - name: pools
    cards:
      - {face: pool-token, each: content.pools}

# The duplex alignment test"""


def _grown(source: str) -> str:
    """The example's critter layout with the new features in use (see HEAD and the rest)."""
    source = HEAD + source.replace(
        "    background: foam\n", '    background: "shade[record.pool]"\n'
    )
    source = source.replace("\n  back:\n", "\n" + TOKEN_FACE, 1)
    return source.replace("\n# The duplex alignment test", "\n" + TOKEN_DECK, 1)


def _copy(root: Path, change=None) -> Path:
    shutil.copytree(REPO / "examples" / "tidewrack", root)
    if change is not None:
        path = root / LAYOUT
        path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    return root


def _located(output: str) -> list[tuple[str, int, str, str]]:
    """(file, line, severity, code) of every diagnostic printed."""
    return [(m["file"], int(m["line"]), m["severity"], m["code"]) for m in LINE.finditer(output)]


def _line_of(root: Path, marker: str) -> int:
    lines = (root / LAYOUT).read_text(encoding="utf-8").splitlines()
    (number,) = [i for i, line in enumerate(lines, 1) if marker in line]
    return number


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The grown example built in English: as it is, and with --card-size 63x88."""
    base = tmp_path_factory.mktemp("language")
    root = _copy(base / "tidewrack", _grown)
    found = {}
    for name, args in (("file-size", ()), ("cli-size", ("--card-size", "63x88"))):
        out = base / name
        result = run_cli(root, "build", "--locale", "en", "--force", "--out", str(out), *args)
        assert_no_crash(result)
        assert result.exit_code == 0, result.stdout + result.stderr
        found[name] = out / "en" / "cards.pdf"
    return found


def _trim(pdf: pypdfium2.PdfDocument, index: int) -> tuple[float, float, float, float]:
    return pdf[index].get_trimbox()


@pytest.mark.timeout(120)
def test_a_one_sided_deck_prints_no_back_pages(built: dict[str, Path]) -> None:
    pdf = pypdfium2.PdfDocument(built["file-size"])
    # 13 critter cards, 9 a page: 2 fronts, each with its backs; the tokens' one page with
    # no back; the alignment test's front and back.
    assert len(pdf) == 2 * 2 + 1 + 2
    assert "Tidewrack" in pdf[1].get_textpage().get_text_range()  # a critters' back page
    tokens = pdf[4].get_textpage().get_text_range()
    assert tokens.split()[:3] == ["2", "3", "1"]  # the pools' depths, then the ruler
    assert "Duplex alignment test: front" in pdf[5].get_textpage().get_text_range()


@pytest.mark.timeout(120)
def test_a_token_face_prints_in_its_own_size_in_a_deck(built: dict[str, Path]) -> None:
    left, bottom, right, top = _trim(pypdfium2.PdfDocument(built["file-size"]), 4)
    assert (right - left, top - bottom) == pytest.approx((3 * 30 * mm, 30 * mm))


@pytest.mark.timeout(120)
def test_the_files_card_size_is_used_unless_the_user_chooses_one(
    built: dict[str, Path],
) -> None:
    left, bottom, right, top = _trim(pypdfium2.PdfDocument(built["file-size"]), 0)
    assert (right - left, top - bottom) == pytest.approx((3 * 57 * mm, 3 * 89 * mm))
    left, bottom, right, top = _trim(pypdfium2.PdfDocument(built["cli-size"]), 0)
    assert (right - left, top - bottom) == pytest.approx((3 * 63 * mm, 3 * 88 * mm))
    # the tokens keep their own size whatever the card size
    left, _bottom, right, _top = _trim(pypdfium2.PdfDocument(built["cli-size"]), 4)
    assert right - left == pytest.approx(3 * 30 * mm)


def _colour_at(page: pypdfium2.PdfPage, x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in PDF points, rendered at 150 dpi."""
    scale = 150 / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    return image.getpixel((round(x * scale), round((page.get_height() - y) * scale)))


@pytest.mark.timeout(120)
def test_colours_come_from_data(built: dict[str, Path]) -> None:
    pdf = pypdfium2.PdfDocument(built["file-size"])
    left, _bottom, _right, top = _trim(pdf, 0)
    # The first card (barnacle brute, of the rock shelf): its background from the file's
    # `let`, in the safe margin half way down the card.
    assert _colour_at(pdf[0], left + 1 * mm, top - 60 * mm) == (0x6D, 0x4C, 0x41)
    left, _bottom, _right, top = _trim(pdf, 4)
    assert _colour_at(pdf[4], left + 1 * mm, top - 1 * mm) == (0xE9, 0xD8, 0xA6)  # theme.sand


@pytest.mark.timeout(120)
def test_a_size_written_as_an_expression_sizes_the_text(built: dict[str, Path]) -> None:
    page = pypdfium2.PdfDocument(built["file-size"])[4]
    text = page.get_textpage()
    heights = {}
    for i in range(text.count_rects()):
        left, bottom, right, top = text.get_rect(i)
        heights[text.get_text_bounded(left, bottom, right, top).strip()] = top - bottom
    # depth 3 at 18 pt, depth 1 at 14 pt: the numerals' heights in that ratio
    assert heights["3"] / heights["1"] == pytest.approx(18 / 14, rel=0.05)


def _validate(root: Path, *args: str) -> tuple[int, list[tuple[str, int, str, str]]]:
    result = run_cli(root, "validate", *args)
    assert_no_crash(result)
    return result.exit_code, _located(result.stdout + result.stderr)


BROKEN = [
    # a let failing on the content, located at its own expression
    ('by_id(record.pool)"}', 'by_id(record.pol)"}', "let: {pool:", "JT074"),
    # a let that does not parse
    ('by_id(record.pool)"}', 'by_id(record.pool"}', "let: {pool:", "JT070"),
    # a let reading a name bound after it: lets are evaluated in order
    ('let: {pool: "content', 'let: {early: "pool.depth", pool: "content', "let: {early:", "JT074"),
    # a let taking a name the engine gives every face
    ("let: {pool:", 'let: {width: "1", pool:', "let: {width:", "JT079"),
    ("let: {pool:", 'let: {place: "1", pool:', "let: {place:", "JT079"),
    ("let: {pool:", 'let: {translated: "1", pool:', "let: {translated:", "JT079"),
    # a colour expression whose value is no colour
    ("    background: foam", '    background: "record.name"', 'background: "record.name"', "JT074"),
    # a colour expression that does not parse, and a colour name nobody declared
    ("stroke: tint", 'stroke: "theme["', 'stroke: "theme["', "JT070"),
    ("stroke: tint", "stroke: tide", "stroke: tide", "JT072"),
    # a size or a length written as an expression whose value is no number
    (
        "        size: 14\n        bold: true\n        colour: sand",
        '        size: "record.name"\n        bold: true\n        colour: sand',
        'size: "record.name"',
        "JT074",
    ),
    ("width: inner - 10", 'width: "record.name"', 'width: "record.name"', "JT074"),
    # a pair of sizes (largest, smallest) where only one is drawn: a string's, a stat's
    ("size: 14\n        bold", "size: [14, 7]\n        bold", "[14, 7]", "JT074"),
    ("size: 14\n        bold", 'size: "[14, 7]"\n        bold', "[14, 7]", "JT074"),
    ("{field: grip, value:", "{field: grip, size: [10, 5], value:", "[10, 5]", "JT074"),
    # a line width beyond the format's bounds, from an expression
    ("line_width: 1.5", 'line_width: "pool.depth * 100"', "pool.depth * 100", "JT074"),
]


@pytest.mark.parametrize(("old", "new", "marker", "code"), BROKEN)
def test_a_broken_expression_is_located_by_validate(
    tmp_path: Path, old: str, new: str, marker: str, code: str
) -> None:
    root = _copy(tmp_path / "tidewrack", lambda s: s.replace(old, new, 1))
    assert (root / LAYOUT).read_text(encoding="utf-8") != (
        REPO / "examples" / "tidewrack" / LAYOUT
    ).read_text(encoding="utf-8")
    status, found = _validate(root)
    assert status == 1
    assert (LAYOUT, _line_of(root, marker), "error", code) in found, found


def test_the_grown_example_validates(tmp_path: Path) -> None:
    status, found = _validate(_copy(tmp_path / "tidewrack", _grown), "--strict")
    assert (status, found) == (0, [])


@pytest.mark.parametrize(
    ("old", "new", "marker", "code"),
    [
        # a token face of another size in the same deck
        (
            "      - {face: pool-token, each: content.pools}",
            "      - {face: pool-token, each: content.pools}\n"
            "      - {face: big-token, each: content.pools}",
            "  big-token:",
            "JT077",
        ),
        # a token of no size, and one larger than the paper
        ("    width: 30\n", "    width: 0\n", "    width: 0", "JT074"),
        ("    width: 30\n", "    width: 300\n", "  - name: pools", "JT078"),
        # a card size the format does not allow
        ("card_size: [57, 89]", "card_size: [5, 89]", "card_size:", None),
    ],
)
def test_a_broken_size_is_located_by_validate(
    tmp_path: Path, old: str, new: str, marker: str, code: str | None
) -> None:
    big = "  big-token:\n    extends: pool-token\n    width: 40\n    height: 40\n\n  back:\n"

    def change(source: str) -> str:
        return _grown(source).replace(old, new, 1).replace("\n  back:\n", "\n" + big, 1)

    root = _copy(tmp_path / "tidewrack", change)
    status, found = _validate(root)
    assert status == 1
    line = _line_of(root, marker) if code != "JT077" else _line_of(root, marker) + 2
    located = [(f, n, s) for f, n, s, c in found if code is None or c == code]
    assert (LAYOUT, line, "error") in located, found


@pytest.mark.parametrize(
    ("old", "new", "marker"),
    [
        # a radius on a circle, a size on a shape, copies on an entry with no each
        (
            "        shape: circle\n        fill: sand",
            "        shape: circle\n        radius: 2\n        fill: sand",
            "radius: 2",
        ),
        (
            "        kind: shape\n        shape: circle\n        fill: sea",
            "        kind: shape\n        size: 9\n        shape: circle\n        fill: sea",
            "size: 9",
        ),
        (
            "      - {face: critter, each: content.critters, copies: record.copies}",
            "      - {face: critter, each: content.critters, copies: record.copies}\n"
            "      - {face: back, copies: '2'}",
            "{face: back, copies: '2'}",
        ),
    ],
)
def test_a_key_the_part_ignores_is_a_located_warning(
    tmp_path: Path, old: str, new: str, marker: str
) -> None:
    root = _copy(tmp_path / "tidewrack", lambda s: s.replace(old, new, 1))
    status, found = _validate(root)
    line = _line_of(root, marker)
    assert status == 0 and (LAYOUT, line, "warning", "JT076") in found, found
    status, _found = _validate(root, "--strict")
    assert status == 1


@pytest.mark.timeout(180)
def test_choosing_the_default_size_after_the_files_size_draws_again(tmp_path: Path) -> None:
    """The build cache tells nobody's choice from --card-size 63x88: same numbers, other kit."""
    root = _copy(tmp_path / "tidewrack", _grown)
    out = tmp_path / "out"
    for args in ((), ("--card-size", "63x88")):
        result = run_cli(root, "build", "--locale", "en", "--out", str(out), *args)
        assert_no_crash(result)
        assert result.exit_code == 0, result.stdout + result.stderr
    left, bottom, right, top = _trim(pypdfium2.PdfDocument(out / "en" / "cards.pdf"), 0)
    assert (right - left, top - bottom) == pytest.approx((3 * 63 * mm, 3 * 88 * mm))


def test_every_name_the_engine_gives_a_face_is_reserved() -> None:
    """JT079 refuses a `let` of each name engine_names and measures bind (a fake context:
    only the names matter)."""
    tr = SimpleNamespace(number=None, content=None, country=None)
    ctx = SimpleNamespace(tr=tr, content=None, place=None, settings=SimpleNamespace(safe=0.0))
    assert set(engine_names(ctx)) == ENGINE_NAMES
    assert set(measures(ctx, (0.0, 0.0, 1.0, 1.0), 0.0)) == MEASURES
    assert ENGINE_NAMES | MEASURES <= RESERVED


@pytest.mark.timeout(120)
def test_a_file_of_one_sided_decks_prints_no_alignment_test(tmp_path: Path) -> None:
    """With the critters' back gone no deck prints backs: two front pages, no duplex test."""
    root = _copy(tmp_path / "tidewrack", lambda s: s.replace("    back: back\n", "", 1))
    out = tmp_path / "out"
    result = run_cli(root, "build", "--locale", "en", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    pdf = pypdfium2.PdfDocument(out / "en" / "cards.pdf")
    assert len(pdf) == 2
    assert all("alignment" not in page.get_textpage().get_text_range() for page in pdf)


@pytest.mark.timeout(120)
def test_a_colour_written_as_it_is_is_drawn(tmp_path: Path) -> None:
    """`background: "#1d2b36"` is that colour: it validates and the card is painted in it."""
    literal = '    background: "#1d2b36"\n'
    root = _copy(tmp_path / "tidewrack", lambda s: s.replace("    background: foam\n", literal, 1))
    assert _validate(root, "--strict") == (0, [])
    out = tmp_path / "out"
    result = run_cli(root, "build", "--locale", "en", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    pdf = pypdfium2.PdfDocument(out / "en" / "cards.pdf")
    left, _bottom, _right, top = _trim(pdf, 0)
    assert _colour_at(pdf[0], left + 1 * mm, top - 60 * mm) == (0x1D, 0x2B, 0x36)
