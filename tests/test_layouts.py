"""Layouts as data (issue 16): every box kind drawn, extends, conditions, repeats, decks,
and every problem of a layout file located (JT070-JT074, the format's own)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from reportlab.lib.units import mm

from bench.pdfview import open_pdf
from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import Translator
from ttgbuild.pack import installed
from ttgbuild.render.context import RenderContext
from ttgbuild.render.icons import InlineIcons
from ttgbuild.render.layout.decks import PackParts, draw_layout
from ttgbuild.source.layoutfile import Layout, LayoutError, load_layout, pack_layouts

JUGGER = installed().packs["jugger-ttg"]

HEAD = """\
theme: {sea: "#2f7f8f"}
textboxes:
  tag: {height: 4, largest: 8, smallest: 5, share: 1}
"""
DECKS = """\
decks:
  - name: critters
    back: back
    cards:
      - {face: critter, each: critters, copies: record.copies}
  - name: numbers
    back: back
    cards:
      - {face: numbered, count: "2"}
"""
FACES = """\
faces:
  base:
    component: "'critter card ' ~ quoted(record.name)"
    origin: record.origin
    piece: {kind: critter, record: record.id}
    band: 12
    band_colour: sea
    boxes:
      - {name: title, text: record.name, size: [12, 6], bold: true, colour: paper,
         left: safe, top: safe, width: inner, height: 6}
      - {name: kind, kind: label, textbox: tag, text: {msg: Critter, context: card kind},
         left: safe, bottom: lower + 1}
  critter:
    extends: base
    boxes:
      - {name: kind, text: {msg: Beast, context: card kind}}
      - {name: frame, kind: shape, shape: roundrect, stroke: sea, line_width: 1, radius: 2,
         left: safe, bottom: safe, width: inner, height: 20}
      - {name: dot, kind: shape, shape: circle, fill: sea, left: 1, bottom: 1, width: 3, height: 3}
      - {name: bar, kind: shape, shape: rect, fill: ink, left: 1, bottom: 5, width: 3, height: 1}
      - {name: rule, kind: shape, shape: line, stroke: ink, left: 1, bottom: 7, width: 3, height: 0}
      - name: stats
        kind: repeat
        columns: 2
        row_gap: 1
        left: safe
        bottom: safe + 22
        width: inner
        height: 20
        box: {kind: stat, textbox: tag}
        items:
          - {value: record.grip, label: {msg: Grip, context: stat}}
          - {value: record.dash, icon: "'star'", label: {msg: Dash, context: stat}, field: dash}
      - {name: sea-note, when: record.wet, text: "'Lives in water'", left: safe, bottom: 2,
         height: 4}
      - {name: big, kind: string, text: record.grip, size: 20, align: center, left: 0,
         width: width, bottom: 45}
      - {name: star, kind: icon, icon: "'star'", left: 2, bottom: 50, width: 5}
      - {name: art, kind: draw, draw: splash, args: {colour: sea, size: record.grip},
         left: 10, bottom: 50, width: 20, height: 10}
      - name: tricks
        family: condensed
        size: [7, 4]
        left: safe
        bottom: 60
        width: inner
        height: 10
        paragraphs:
          - each: record.tricks
            as: trick
            separator: true
            paragraphs:
              - spans:
                  - {text: trick, bold: true}
                  - {when: "trick == 'dig'", text: "' (slow)'", italic: true}
              - {text: "'Pay 1 [star]'"}
      - {name: photo, kind: image, when: record.photo, src: record.photo, left: 40, bottom: 60,
         width: 10, height: 10}
  numbered:
    component: "'number card'"
    piece: {kind: number, record: number}
    boxes:
      - {name: numeral, kind: string, text: number, size: 30, align: center, left: 0,
         width: width, bottom: 30}
  back:
    background: sea
    boxes:
      - name: deck
        kind: label
        textbox: tag
        align: center
        colour: paper
        left: safe
        bottom: safe
        text:
          msg: "{count} critter"
          plural: "{count} critters"
          count: "critters | length"
          context: card back
          params: {count: "critters | length"}
"""


def _critter(ident: str, **fields: Any) -> SimpleNamespace:
    values = {
        "id": ident,
        "name": ident.title(),
        "copies": 1,
        "grip": 3,
        "dash": 2,
        "wet": False,
        "tricks": [],
        "photo": "",
        "origin": Origin(f"content/critters/{ident}.yaml"),
    }
    return SimpleNamespace(**{**values, **fields})


def _load(tmp_path: Path, source: str) -> tuple[Layout | None, list]:
    path = tmp_path / "kit.layout.yaml"
    path.write_text(source, encoding="utf-8")
    return load_layout(path, "pack/layouts/kit.layout.yaml", drawings=frozenset({"splash"}))


class Recorder:
    """A drawing and an icon that remember what they were asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[float, ...], dict[str, Any]]] = []

    def splash(self, canvas, box, **args) -> None:
        self.calls.append(("splash", tuple(round(v / mm, 3) for v in box), args))

    def star(self, canvas, x, y, size) -> None:
        self.calls.append(("star", (round(x / mm, 3), round(y / mm, 3), round(size / mm, 3)), {}))


def _draw(tmp_path: Path, critters: list[SimpleNamespace], source: str = HEAD + FACES + DECKS):
    layout, problems = _load(tmp_path, source)
    assert problems == [] and layout is not None
    recorder = Recorder()
    icons = InlineIcons({"star": recorder.star})
    settings = PrintSettings()
    ctx = RenderContext(None, Translator("en"), settings, content_dir=tmp_path, icons=icons)
    functions = {"critters": critters}
    parts = PackParts(drawings={"splash": recorder.splash}, functions=functions)
    data = draw_layout(ctx, layout, "Test cards", parts)
    pages = [page.text() for page in open_pdf(data)]
    return pages, ctx, recorder


def test_every_box_kind_draws_what_its_record_says(tmp_path: Path) -> None:
    critters = [_critter("crab", grip=4, dash=7, wet=True, tricks=["dig", "pinch"])]
    pages, ctx, recorder = _draw(tmp_path, critters)
    front = pages[0]
    for words in ("Crab", "Beast", "Grip", "Dash", "4", "7", "Lives in water", "dig", "(slow)"):
        assert words in front
    assert "pinch" in front and "Pay 1" in front
    assert "Critter" not in front  # the child face's label replaced its parent's, by name
    assert pages[1].count("1 critter") == 1  # the back page: a plural message filled
    names = [name for name, _box, _args in recorder.calls]
    assert "splash" in names and names.count("star") >= 3  # stat icon, icon box, [star] token
    splash = next(call for call in recorder.calls if call[0] == "splash")
    assert splash[1][2:] == (20.0, 10.0)  # the box in points, as placed
    assert splash[2]["size"] == 4 and splash[2]["colour"].hexval() == "0x2f7f8f"
    assert ctx.problems == []


def test_a_false_condition_leaves_its_box_out(tmp_path: Path) -> None:
    pages, _ctx, _rec = _draw(tmp_path, [_critter("eel", wet=False, tricks=["slide"])])
    assert "Lives in water" not in pages[0] and "(slow)" not in pages[0]
    assert "slide" in pages[0]


def test_copies_and_counts_make_one_card_each(tmp_path: Path) -> None:
    pages, _ctx, _rec = _draw(tmp_path, [_critter("crab", copies=3), _critter("eel", copies=0)])
    assert pages[0].count("Crab") == 3 and "Eel" not in pages[0]
    # numbered cards 1 and 2 on the third page (after the critters' back page)
    assert "1" in pages[2] and "2" in pages[2]


def test_an_unreadable_image_is_reported_at_its_box(tmp_path: Path) -> None:
    (tmp_path / "photo.png").write_bytes(b"not a picture")
    _pages, ctx, _rec = _draw(tmp_path, [_critter("crab", photo="photo.png")])
    (problem,) = ctx.problems
    assert problem.code == "JT903" and problem.box == "photo"
    assert problem.component == "critter card 'Crab'"


def test_text_too_long_is_reported_at_the_box_and_record(tmp_path: Path) -> None:
    _pages, ctx, _rec = _draw(tmp_path, [_critter("crab", name="Crab " * 40)])
    (problem,) = ctx.problems
    assert problem.code == "JT901" and problem.box == "title"
    assert problem.origin.file == "content/critters/crab.yaml"
    # and the layout box that printed it, to widen or shrink instead of the text
    title_line = (HEAD + FACES).splitlines().index(
        "      - {name: title, text: record.name, size: [12, 6], bold: true, colour: paper,"
    ) + 1
    assert problem.declared == f"pack/layouts/kit.layout.yaml:{title_line}"


def test_a_stat_reports_at_its_field(tmp_path: Path) -> None:
    source = (HEAD + FACES + DECKS).replace(
        "{msg: Dash, context: stat}", "{msg: Dash " + "x" * 80 + ", context: stat}"
    )
    _pages, ctx, _rec = _draw(tmp_path, [_critter("crab")], source)
    (problem,) = ctx.problems
    assert problem.origin.pointer == "/dash" and problem.box == "stats"


def _codes(problems: list) -> list[tuple[str, int]]:
    return [(p.code, p.line) for p in problems]


def _line_of(source: str, text: str) -> int:
    return next(i for i, line in enumerate(source.splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("old", "new", "code", "marker"),
    [
        ("text: record.name, size", "text: record.name +, size", "JT070", "record.name +"),
        ("stroke: sea, line_width", "stroke: seaweed, line_width", "JT072", "seaweed"),
        ("textbox: tag, text: {msg: Critter", "textbox: tog, text: {msg: Critter", "JT073", "tog"),
        ("kind: draw, draw: splash", "kind: draw, draw: splosh", "JT073", "splosh"),
        ("{face: numbered,", "{face: numbred,", "JT073", "numbred"),
        ("    extends: base", "    extends: bass", "JT071", "extends: bass"),
        (
            "left: safe, top: safe, width: inner, height: 6}",
            "left: safe, top: safe, wide: 6}",
            "JT-schema",
            "wide: 6",
        ),
    ],
)
def test_each_problem_of_a_layout_file_is_located(
    tmp_path: Path, old: str, new: str, code: str, marker: str
) -> None:
    source = (HEAD + FACES + DECKS).replace(old, new)
    assert source != HEAD + FACES + DECKS
    layout, problems = _load(tmp_path, source)
    assert layout is None and problems
    first = problems[0]
    assert first.file == "pack/layouts/kit.layout.yaml"
    assert first.line == _line_of(source, marker)
    if code != "JT-schema":
        assert first.code == code
    else:
        assert "wide" in first.message


def test_faces_extending_each_other_in_a_cycle_are_reported_once(tmp_path: Path) -> None:
    source = (HEAD + FACES + DECKS).replace("  base:\n", "  base:\n    extends: critter\n")
    layout, problems = _load(tmp_path, source)
    assert layout is None
    cycle = [p for p in problems if p.code == "JT071"]
    assert len(cycle) == 1 and "cycle" in cycle[0].message
    assert cycle[0].line in (
        _line_of(source, "extends: critter"),
        _line_of(source, "extends: base"),
    )


@pytest.mark.parametrize(
    ("old", "new", "marker"),
    [
        ("text: record.name, size", "text: record.nam, size", "record.nam,"),
        ("copies: record.copies}", "copies: record.name}", "copies: record.name"),
        ("icon: \"'star'\", left", "icon: \"'moon'\", left", "'moon'"),
        ("- each: record.tricks", "- each: record.grip", "each: record.grip"),
    ],
)
def test_an_expression_failing_on_a_record_is_located(
    tmp_path: Path, old: str, new: str, marker: str
) -> None:
    source = (HEAD + FACES + DECKS).replace(old, new)
    assert source != HEAD + FACES + DECKS
    with pytest.raises(LayoutError) as caught:
        _draw(tmp_path, [_critter("crab", tricks=["dig"])], source)
    problem = caught.value.diagnostic
    assert problem.code == "JT074" and problem.line == _line_of(source, marker)


def test_jugger_cards_layout_is_valid_and_validate_reads_layouts(tmp_path: Path) -> None:
    layouts, problems = pack_layouts(JUGGER, tmp_path)
    assert problems == [] and "cards" in layouts
    broken = tmp_path / "layouts"
    broken.mkdir()
    (broken / "cards.layout.yaml").write_text("faces: {}\ndecks: []\n", encoding="utf-8")
    _found, problems = pack_layouts(dataclasses.replace(JUGGER, layouts=broken), tmp_path)
    assert problems and problems[0].file == "layouts/cards.layout.yaml"


@pytest.mark.timeout(120)
def test_a_cards_expression_failing_on_the_content_stops_the_build(
    project, run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A bad field stops the build from the drawing job, located (JT074), exit 1."""
    from ttgbuild.packs.jugger.render import layouts

    folder = tmp_path / "layouts"
    shutil.copytree(layouts.LAYOUTS, folder)  # the tokens' and board's layouts as shipped
    source = (layouts.LAYOUTS / "cards.layout.yaml").read_text(encoding="utf-8")
    (folder / "cards.layout.yaml").write_text(
        source.replace("text: record.cost", "text: record.costs"), encoding="utf-8"
    )
    monkeypatch.setattr(layouts, "LAYOUTS", folder)
    result = run("build")
    assert result.exit_code == 1
    assert "JT074" in result.stdout and "record.costs" in result.stdout


def test_let_names_are_shared_in_order_and_through_extends(tmp_path: Path) -> None:
    """The file's `let`, a parent face's and the face's own: each reads the ones before it."""
    source = (HEAD + "let: {greeting: \"'Hi'\"}\n" + FACES + DECKS).replace(
        "    band: 12\n", "    band: 12\n    let: {upper: record.name | upper}\n", 1
    )
    source = (
        source.replace(
            "    extends: base\n",
            '    extends: base\n    let: {shout: "upper ~ \'!\'", colour_of: "theme.sea"}\n',
        )
        .replace(
            "      - {name: kind, text: {msg: Beast, context: card kind}}\n",
            "      - {name: kind, text: {msg: Beast, context: card kind}}\n"
            "      - {name: shout, text: shout ~ ' ' ~ greeting, left: 1, bottom: 30, height: 5}\n",
        )
        .replace("args: {colour: sea,", "args: {colour: colour_of,")
    )
    pages, ctx, recorder = _draw(tmp_path, [_critter("crab")], source)
    assert "CRAB! Hi" in pages[0] and ctx.problems == []
    splash = next(call for call in recorder.calls if call[0] == "splash")
    assert splash[2]["colour"].hexval() == "0x2f7f8f"  # a colour from an expression
