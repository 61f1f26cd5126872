"""Layout faces placed by a pack's own page code (issue 16): tokens, mats and their texts.

A layout without decks, faces with their own size, messages outside any face,
text centred on its box, dashed outlines and hexes; Jugger's tokens and board
layouts valid and a failing expression in them stopping the build located.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from reportlab.lib.units import mm

from bench.pdfview import content, open_pdf
from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import PrintSettings
from ttgbuild.geometry.hexgrid import HexLayout
from ttgbuild.i18n.runtime import Translator
from ttgbuild.pack import installed
from ttgbuild.render.context import RenderContext
from ttgbuild.render.icons import InlineIcons
from ttgbuild.render.layout.decks import PackParts
from ttgbuild.render.layout.pieces import Pieces
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.source.layoutfile import Layout, LayoutError, load_layout, pack_layouts

JUGGER = installed().packs["jugger-ttg"]

SOURCE = """\
theme: {sea: "#2f7f8f"}
messages:
  heading: {msg: Shells, context: tokens}
  count:
    msg: "{count} shell"
    plural: "{count} shells"
    count: count
    context: tokens
    params: {count: count}
faces:
  shell:
    width: 20
    height: 2 * 5
    component: "'shell ' ~ quoted(record.name)"
    origin: record.origin
    piece: {kind: shell, record: record.id}
    boxes:
      - {name: ground, kind: shape, shape: hex, fill: sea, stroke: ink, line_width: 0.5}
      - {name: ring, kind: shape, shape: circle, stroke: ink, dash: [3, 2], left: 2, bottom: 2,
         width: 6, height: 6}
      - {name: top, text: record.name, size: [8, 8], left: 0, bottom: 0, width: 20, height: 10}
      - {name: middle, text: record.name, size: [8, 8], valign: middle, left: 0, bottom: 0,
         width: 20, height: 10}
  sizeless:
    boxes:
      - {name: dot, kind: shape, shape: circle, fill: sea}
"""
SHELL = SimpleNamespace(id="conch", name="Conch", origin=Origin("content/shells/conch.yaml"))


def _load(tmp_path: Path, source: str = SOURCE) -> tuple[Layout | None, list]:
    path = tmp_path / "shells.layout.yaml"
    path.write_text(source, encoding="utf-8")
    return load_layout(path, "pack/layouts/shells.layout.yaml")


def _pieces(tmp_path: Path, locale: str = "en") -> tuple[Pieces, RenderContext, object, object]:
    layout, problems = _load(tmp_path)
    assert problems == [] and layout is not None
    ctx = RenderContext(None, Translator(locale), PrintSettings(), icons=InlineIcons({}))
    canvas, buffer = new_canvas(ctx.settings.page, "Shells", "shells", locale)
    return Pieces(ctx, canvas, layout, PackParts()), ctx, canvas, buffer


def _stream(data: bytes) -> str:
    return content(open_pdf(data), 0)


def test_a_layout_of_faces_needs_no_decks_and_a_face_has_its_own_size(tmp_path: Path) -> None:
    pieces, _ctx, _canvas, _buffer = _pieces(tmp_path)
    card = pieces.face("shell", record=SHELL)
    assert [round(v / mm, 6) for v in pieces.size(card)] == [20, 10]
    assert card.piece is not None and card.piece.record == "conch"
    assert card.where[1] == "shell 'Conch'"


def test_the_files_messages_are_translated_and_filled(tmp_path: Path) -> None:
    pieces, _ctx, _canvas, _buffer = _pieces(tmp_path)
    assert pieces.message("heading") == "Shells"
    assert pieces.message("count", count=1) == "1 shell"
    assert pieces.message("count", count=3) == "3 shells"


def test_a_face_draws_in_the_box_it_is_given(tmp_path: Path) -> None:
    """Hex corners are the hex grid's; a dashed outline; text at the top or on the middle."""
    pieces, _ctx, canvas, buffer = _pieces(tmp_path)
    card = pieces.face("shell", record=SHELL)
    pieces.draw(card, (100, 200, 20 * mm, 10 * mm))
    canvas.showPage()
    data = finish(canvas, buffer)
    stream = _stream(data)
    assert "[3 2] 0 d" in stream and "[] 0 d" in stream
    first = HexLayout(10 * mm).corners(0, 0)[0]
    corner = f"{100 + first[0]:.4f}".rstrip("0").rstrip(".")
    assert re.search(rf"\b{re.escape(corner)} \S+ m\b", stream), stream[:400]
    page = open_pdf(data)[0]
    tops = sorted(word.bbox.y0 for word in page.words() if word.text == "Conch")
    assert len(tops) == 2 and tops[1] - tops[0] > 5  # the centred one sits lower


def test_an_unknown_face_or_message_or_a_sizeless_token_is_located(tmp_path: Path) -> None:
    pieces, _ctx, _canvas, _buffer = _pieces(tmp_path)
    for ask in (
        lambda: pieces.face("pearl"),
        lambda: pieces.message("pearls"),
        lambda: pieces.size(pieces.face("sizeless")),
    ):
        with pytest.raises(LayoutError) as caught:
            ask()
        problem = caught.value.diagnostic
        assert problem.code == "JT073" and problem.file == "pack/layouts/shells.layout.yaml"
        assert problem.line > 0


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("valign: middle", "valign: bottom"),
        ("dash: [3, 2]", "dash: [3]"),
        ("shape: hex", "shape: star"),
        ("height: 2 * 5", "height: 2 *"),
    ],
)
def test_a_bad_new_key_is_reported_at_its_line(tmp_path: Path, old: str, new: str) -> None:
    source = SOURCE.replace(old, new)
    layout, problems = _load(tmp_path, source)
    assert layout is None and problems
    line = next(i for i, text in enumerate(source.splitlines(), 1) if new in text)
    assert problems[0].line == line


def test_juggers_tokens_and_board_layouts_are_valid(tmp_path: Path) -> None:
    layouts, problems = pack_layouts(JUGGER, tmp_path)
    assert problems == []
    assert {"cards", "tokens", "board"} <= set(layouts)
    assert "decks" not in layouts["tokens"].data and "messages" in layouts["board"].data


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("tokens", "text: record.name", "text: record.nmae"),
        ("board", "when: heading", "when: headng"),
    ],
)
def test_a_tokens_or_board_expression_failing_stops_the_build(
    project, run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, old: str, new: str
) -> None:
    """The drawing job stops the build, located, exit 1, nothing written."""
    from ttgbuild.packs.jugger.render import layouts

    folder = tmp_path / "layouts"
    folder.mkdir()
    for path in layouts.LAYOUTS.glob("*.layout.yaml"):
        source = path.read_text(encoding="utf-8")
        if path.name == f"{name}.layout.yaml":
            assert old in source
            source = source.replace(old, new)
        (folder / path.name).write_text(source, encoding="utf-8")
    monkeypatch.setattr(layouts, "LAYOUTS", folder)
    result = run("build")
    assert result.exit_code == 1, result.stdout
    assert "JT074" in result.stdout and new.split(": ")[1] in result.stdout
    assert f"{name}.layout.yaml:" in result.stdout
