"""Contrast of every text and icon against what it is printed on (WCAG 2.1 ratios).

Text needs 4.5:1, icons and other figures 3:1. The pairs are read from the
layout files themselves (Jugger's and the example data pack's), so a new box
or a changed theme colour is checked without editing this file: a box's text
sits on its face's ground (the face's `background`, or a full-face shape filled
before it) unless it is paper-coloured on a face with a band, which is where
band text goes. Icons are judged by the pack's `ICON_COLOURS` (outline and
figure). The club emblems are checked from content: charge against field.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from reportlab.lib.colors import Color

from ttgbuild.core.colours import contrast_ratio, relative_luminance
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import emblems, icons, layouts, theme
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


def _fills_face(box: dict[str, Any]) -> bool:
    return not any(key in box for key in ("left", "right", "top", "bottom", "width", "height"))


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


def _in_band(box: dict[str, Any]) -> bool:
    """A box placed from the card's top edge or the band's lower edge sits in the band."""
    top, bottom = str(box.get("top", "")), str(box.get("bottom", box.get("baseline", "")))
    return top in ("safe", "0") or bottom.startswith(("lower +", "height -"))


def _box_pairs(
    where: str,
    boxes: list[dict[str, Any]],
    ground: str,
    band: str | None,
    colours: dict[str, str],
    counter: str | None,
) -> Iterator[Pair]:
    under: dict[str, str] = {}  # a filled shape or drawing's `left` → its colour
    for box in boxes:
        kind = box.get("kind", "text")
        at = f"{where} box {box.get('name', kind)}"
        left = str(box.get("left", ""))
        if kind == "shape" and "fill" in box:
            if _fills_face(box):
                ground = colours[box["fill"]]
            else:
                under[left] = colours[box["fill"]]
        elif kind == "draw" and box.get("draw") in DRAWN_GROUNDS:
            under[left] = DRAWN_GROUNDS[box["draw"]]
        on = next((c for at_left, c in under.items() if left.startswith(at_left)), None)
        if on is None:
            on = colours[band] if band and _in_band(box) else ground
        if kind in TEXT_KINDS:
            yield (at, colours[box.get("colour", "ink")], on, TEXT)
        elif kind == "stat":
            fill = colours[box.get("fill", "paper")]
            yield (f"{at} label", colours[box.get("colour", "muted")], fill, TEXT)
            yield (f"{at} number", colours["ink"], fill, TEXT)
            for item in box.get("items", []) or [{}]:
                name = _literal(item.get("icon", box.get("icon")))
                if name:
                    yield from _icon_pairs(at, name, fill)
        elif kind == "icon":
            name = _literal(box.get("icon")) or (counter if box.get("icon") == "counter" else None)
            if name in icons.ICON_COLOURS:
                yield from _icon_pairs(at, name, on)
        elif kind == "draw" and box.get("draw") == "jugg":
            colour = box.get("args", {}).get("colour", "ink")
            yield (f"{at} jugg", colours[colour], on, ICON)
        elif kind == "repeat":
            template = dict(box.get("box", {}))
            for item in box.get("items", []) or [{}]:
                merged = {**template, **item, "name": box.get("name", "repeat")}
                yield from _box_pairs(where, [merged], on, band, colours, counter)


def layout_pairs(layout: Layout, name: str) -> Iterator[Pair]:
    """Every (where, foreground, background, ratio) a layout file prints."""
    colours = layout.colours
    parents = {face.get("extends") for face in layout.data["faces"].values()}
    for face_name, face in layout.faces.items():
        if face_name in parents:
            continue  # drawn only through the faces that extend it, checked there
        ground = colours[face.get("background", "card-tint")]
        band = face.get("band_colour", "header") if face.get("band") else None
        counter = face_name.removeprefix("counter-") if face_name.startswith("counter-") else None
        where = f"{name}: face {face_name}"
        yield from _box_pairs(where, face.get("boxes", []), ground, band, colours, counter)


def _jugger_pairs() -> list[Pair]:
    pairs: list[Pair] = []
    for name in ("cards", "tokens", "board"):
        pairs += layout_pairs(layouts.layout(name), name)
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
