"""Contrast of every text and icon against what it is printed on (WCAG 2.1 ratios).

Text needs 4.5:1, icons and other figures 3:1. The pairs are read from the
layout files themselves (Jugger's and the example data pack's), so a new box
or a changed theme colour is checked without editing this file. Each face is
walked as the renderer paints it: every box's rectangle comes from the
renderer's own placing (faces._place, the file's position expressions
evaluated with the face's measures and label boxes), and what a text or icon
sits on is the last fill under its centre: the face's `background`, its band,
or a filled shape or drawing painted before it. Icons are judged by the pack's
`ICON_COLOURS` (outline and figure). The club emblems are checked from
content: charge against field.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from reportlab.lib.colors import Color
from reportlab.lib.units import mm

from ttgbuild.core.colours import contrast_ratio, relative_luminance
from ttgbuild.core.printing import PrintSettings
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import emblems, icons, layouts, theme
from ttgbuild.render.layout import faces
from ttgbuild.render.layout.decks import file_boxes
from ttgbuild.source.expressions import compile_expression
from ttgbuild.source.layoutfile import Layout, load_layouts
from ttgbuild.source.loader import load_content

ROOT = Path(__file__).resolve().parents[1]
TEXT, ICON = 4.5, 3.0
TEXT_KINDS = {"text", "label", "string"}
Pair = tuple[str, str, str, float]  # (where, foreground, background, required ratio)
# The pack's drawings that text is printed on, by the colour they fill: the cost shield.
DRAWN_GROUNDS = {"shield": "#" + theme.GOLD.hexval()[2:]}


def _hex(colour: Color) -> str:
    return "#" + colour.hexval()[2:]


def _literal(value: Any) -> str | None:
    """An icon name written as a quoted literal expression (`"'jugg'"`), else None."""
    if isinstance(value, str) and len(value) > 2 and value[0] == value[-1] == "'":
        return value[1:-1]
    return None


def _icon_pairs(where: str, name: str, ground: str) -> Iterator[Pair]:
    outline, figure = icons.ICON_COLOURS[name]
    outline_hex = _hex(outline)
    if figure is None:
        yield (f"{where} icon {name}", outline_hex, ground, ICON)
        return
    figure_hex = _hex(figure)
    yield (f"{where} icon {name} figure on its outline", figure_hex, outline_hex, ICON)
    # The icon shows by its outline against the ground, or else by its figure.
    best = max((outline_hex, figure_hex), key=lambda c: contrast_ratio(c, ground))
    yield (f"{where} icon {name}", best, ground, ICON)


Rect = tuple[float, float, float, float]  # x, y, w, h in points, from the face's lower left
# Names the page code binds when it asks for a face (render/tokens.py, render/board.py),
# in mm: a field token's width and thickness under a base, a card's inner width.
STAND_INS = {"token_width": 20.8, "token_thickness": 0.6, "card_inner": 57.0}
SETTINGS = SimpleNamespace(settings=PrintSettings())  # the default card (63 x 88 mm)


def _face_frame(layout: Layout, face: dict[str, Any]) -> Rect:
    """The face's trim box: its own width and height (tokens), else the card's."""
    size = []
    for key, card in (
        ("width", PrintSettings().card_width),
        ("height", PrintSettings().card_height),
    ):
        value = face.get(key)
        if value is None:
            size.append(card)
        else:
            size.append(
                (value if not isinstance(value, str) else compile_expression(value).evaluate({}))
                * mm
            )
    return (0.0, 0.0, size[0], size[1])


def _rect(kit: faces.Kit, box: dict[str, Any], frame: Rect, scope: dict[str, Any]) -> Rect:
    """Where the renderer places the box: faces._place with the box's expressions and its
    label box, as faces._box calls it; a box set on a baseline without one is that line."""
    textbox = kit.boxes[box["textbox"]] if "textbox" in box else None
    sized = box.get("kind", "text") == "label" and textbox is not None
    across = textbox.across(frame[2] - 2 * SETTINGS.settings.safe) if sized else None
    x, y, w, h = faces._place(kit, box, frame, scope, textbox if sized else None, across)
    if "baseline" in box and "bottom" not in box and "top" not in box and not sized:
        y, h = frame[1] + faces._length(kit, box, "baseline", scope), 0.0
    return x, y, w, h


def _inside(point: tuple[float, float], rect: Rect) -> bool:
    x, y, w, h = rect
    return x - 0.01 <= point[0] <= x + w + 0.01 and y - 0.01 <= point[1] <= y + h + 0.01


class _Walk:
    """One face walked as it is painted: the fills laid so far, by rectangle, in order."""

    def __init__(
        self, layout: Layout, face: dict[str, Any], where: str, counter: str | None, boxes: Any
    ):
        self.colours, self.where, self.counter = layout.colours, where, counter
        self.kit = faces.Kit(layout, SETTINGS, None, {**boxes, **file_boxes(layout)}, {})
        self.frame = _face_frame(layout, face)
        band = face.get("band", 0) * mm
        self.scope: dict[str, Any] = {
            **layout.data.get("settings", {}),
            **STAND_INS,
            **faces.measures(SETTINGS, self.frame, band),
            "drawn": frozenset(),
        }
        _x, _y, w, h = self.frame
        self.fills: list[tuple[Rect, str]] = [
            (self.frame, self.colours[face.get("background", "card-tint")])
        ]
        if band:
            colour = self.colours[face.get("band_colour", "header")]
            self.fills.append(((0.0, h - band, w, band), colour))

    def under(self, rect: Rect) -> str:
        """The colour of the last fill under the box's centre."""
        x, y, w, h = rect
        centre = (x + w / 2, y + h / 2)
        found = [c for fill, c in self.fills if _inside(centre, fill)]
        assert found, f"{self.where}: a box at {rect} lies off the face {self.frame}"
        return found[-1]

    def pairs(self, boxes: list[dict[str, Any]], frame: Rect) -> Iterator[Pair]:
        for box in boxes:
            yield from self._box(box, frame)

    def _box(self, box: dict[str, Any], frame: Rect) -> Iterator[Pair]:
        colours = self.colours
        kind = box.get("kind", "text")
        at = f"{self.where} box {box.get('name', kind)}"
        rect = _rect(self.kit, box, frame, self.scope)
        if kind == "shape" and "fill" in box:
            self.fills.append((rect, colours[box["fill"]]))
        elif kind == "draw" and box.get("draw") in DRAWN_GROUNDS:
            self.fills.append((rect, DRAWN_GROUNDS[box["draw"]]))
        elif kind in TEXT_KINDS:
            yield (at, colours[box.get("colour", "ink")], self.under(rect), TEXT)
        elif kind == "stat":
            fill = colours[box.get("fill", "paper")]
            yield (f"{at} label", colours[box.get("colour", "muted")], fill, TEXT)
            yield (f"{at} number", colours["ink"], fill, TEXT)
            for item in box.get("items", []) or [{}]:
                name = _literal(item.get("icon", box.get("icon")))
                if name:
                    yield from _icon_pairs(at, name, fill)
        elif kind == "icon":
            name = _literal(box.get("icon")) or (
                self.counter if box.get("icon") == "counter" else None
            )
            if name in icons.ICON_COLOURS:
                yield from _icon_pairs(at, name, self.under(rect))
        elif kind == "draw" and box.get("draw") == "jugg":
            colour = box.get("args", {}).get("colour", "ink")
            yield (f"{at} jugg", colours[colour], self.under(rect), ICON)
        elif kind == "repeat":
            yield from self._repeat(box, rect)

    def _repeat(self, box: dict[str, Any], rect: Rect) -> Iterator[Pair]:
        """The template in each cell, as faces._repeat lays the cells (for `each`, whose
        items are the record's, the first cell)."""
        template = dict(box.get("box", {}))
        items = box.get("items", []) if "each" not in box else [{}]
        columns = box.get("columns", 1)
        rows = max(1, math.ceil(len(items) / columns))
        gap = box.get("row_gap", 0) * mm
        x, y, w, h = rect
        cell_w, cell_h = w / columns, (h - (rows - 1) * gap) / rows
        for index, item in enumerate(items):
            r, c = divmod(index, columns)
            cell = (x + c * cell_w, y + h - (r + 1) * cell_h - r * gap, cell_w, cell_h)
            yield from self._box({**template, **item, "name": box.get("name", "repeat")}, cell)


def layout_pairs(layout: Layout, name: str, boxes: Any = None) -> Iterator[Pair]:
    """Every (where, foreground, background, ratio) a layout file prints."""
    parents = {face.get("extends") for face in layout.data["faces"].values()}
    for face_name, face in layout.faces.items():
        if face_name in parents:
            continue  # drawn only through the faces that extend it, checked there
        counter = face_name.removeprefix("counter-") if face_name.startswith("counter-") else None
        walk = _Walk(layout, face, f"{name}: face {face_name}", counter, boxes or {})
        yield from walk.pairs(face.get("boxes", []), walk.frame)


def _jugger_pairs() -> list[Pair]:
    pairs: list[Pair] = []
    for name in ("cards", "tokens", "board"):
        pairs += layout_pairs(layouts.layout(name), name, layouts.BOXES)
    return pairs


def _example_pairs() -> list[Pair]:
    folder = ROOT / "examples" / "tidewrack" / "pack" / "layouts"
    found, _problems = load_layouts(folder, ROOT)
    return [pair for name, layout in found.items() for pair in layout_pairs(layout, name)]


def test_ratio_known_values() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # WCAG's example
    assert contrast_ratio("#c8372d", "#ee8a1d") == contrast_ratio("#ee8a1d", "#c8372d")
    assert relative_luminance("#ffffff") == pytest.approx(1.0)
    with pytest.raises(ValueError):
        relative_luminance("#fff")


def test_the_walk_sees_the_cards_texts_and_icons() -> None:
    """The pairs cover what the brief named: band text, stat icons, the tokens' light feet."""
    wheres = " | ".join(where for where, *_ in _jugger_pairs())
    for expected in (
        "cards: face hero box name",
        "icon light_feet",
        "tokens: face standee-red box light-feet icon light_feet",
        "cards: face stone-back box deck",
        "tokens: face counter-focus box icon icon focus",
    ):
        assert expected in wheres


@pytest.mark.parametrize("pairs", [_jugger_pairs, _example_pairs], ids=["jugger", "tidewrack"])
def test_every_text_and_icon_stands_out(pairs: Any) -> None:
    failing = [
        f"{where}: {fg} on {bg} is {contrast_ratio(fg, bg):.2f}:1, needs {need}:1"
        for where, fg, bg, need in pairs()
        if contrast_ratio(fg, bg) < need
    ]
    assert not failing, "\n".join(failing)


def test_club_emblems_charges_stand_out() -> None:
    """Each club's charge against both field colours (content/teams.yaml), 3:1."""
    content = load_content(ROOT, PACK).content
    assert content.teams and all(team.emblem for team in content.teams)
    failing = [
        f"{team.id}: {emblems.charge_colour(team.emblem)} on {field}"
        for team in content.teams
        if team.emblem and team.emblem.charge != "none"
        for field in team.emblem.colours[:2]
        if contrast_ratio(emblems.charge_colour(team.emblem), field) < ICON
    ]
    assert not failing, failing


@pytest.mark.parametrize("ground", ["card-tint", "paper"])
def test_icons_inline_in_text_stand_out(ground: str) -> None:
    """A `[token]` icon in a talent's text or a page's prose sits on the card's tint or paper."""
    colours = layouts.layout("cards").colours
    failing = [
        f"{where}: {fg} on {bg} is {contrast_ratio(fg, bg):.2f}:1"
        for name in icons.ICON_COLOURS
        for where, fg, bg, need in _icon_pairs(f"inline on {ground}", name, colours[ground])
        if contrast_ratio(fg, bg) < need
    ]
    assert not failing, failing


def test_the_walk_flags_a_pale_text_and_a_pale_icon() -> None:
    """A failing fixture: white band text on a pale band and light grey text on paper (what
    a careless theme change would print) fail; the free ring's grey on paper passes."""
    faces = {
        "pale": {
            "background": "paper",
            "band": 15,
            "band_colour": "pale",
            "boxes": [
                {"name": "title", "colour": "paper", "top": "safe"},
                {"name": "body", "colour": "rule", "bottom": "safe"},
                {"name": "cost", "kind": "icon", "icon": "'free'", "bottom": "safe"},
            ],
        }
    }
    colours = {"paper": "#ffffff", "rule": "#b9bfc9", "pale": "#f0e0a0", "ink": "#1d1f24"}
    fake = SimpleNamespace(colours=colours, faces=faces, data={"faces": faces})
    ratios = {
        where: contrast_ratio(fg, bg) >= need for where, fg, bg, need in layout_pairs(fake, "t")
    }
    assert ratios == {
        "t: face pale box title": False,  # white on the pale band
        "t: face pale box body": False,  # rule grey on paper
        "t: face pale box cost icon free": True,  # the free ring's grey on paper: 4.4:1
    }


def test_the_walk_places_boxes_by_geometry() -> None:
    """A failing fixture for how a box's place is written: `bottom: height - 80` sits at the
    card's foot, not in the band; a filled shape placed without `left` lies under what is
    inside it only. The paper-coloured text off the band and off the shape fails."""
    faces_ = {
        "banded": {
            "background": "paper",
            "band": 15,
            "band_colour": "dark",
            "boxes": [
                {"name": "in-band", "colour": "paper", "left": 4, "bottom": "height - 10"},
                {"name": "at-foot", "colour": "paper", "left": 4, "bottom": "height - 80"},
            ],
        },
        "shape": {
            "background": "paper",
            "boxes": [
                {
                    "name": "patch",
                    "kind": "shape",
                    "fill": "dark",
                    "right": 3,
                    "bottom": 3,
                    "width": 12,
                    "height": 12,
                },
                {
                    "name": "on-patch",
                    "colour": "paper",
                    "right": 4,
                    "bottom": 6,
                    "width": 10,
                    "height": 4,
                },
                {
                    "name": "off-patch",
                    "colour": "paper",
                    "left": 4,
                    "top": 30,
                    "width": 20,
                    "height": 4,
                },
            ],
        },
    }
    for face in faces_.values():
        for box in face["boxes"]:
            box.setdefault("height", 4)
            box.setdefault("width", 20)
    colours = {"paper": "#ffffff", "dark": "#2f3b4c", "ink": "#1d1f24", "card-tint": "#f3efe6"}
    fake = SimpleNamespace(colours=colours, faces=faces_, data={"faces": faces_})
    ratios = {
        where: contrast_ratio(fg, bg) >= need for where, fg, bg, need in layout_pairs(fake, "t")
    }
    assert ratios == {
        "t: face banded box in-band": True,
        "t: face banded box at-foot": False,  # was taken for band text by its `height -`
        "t: face shape box on-patch": True,
        "t: face shape box off-patch": False,  # was matched to the shape keyed ""
    }
