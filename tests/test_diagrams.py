"""Rules diagrams: each scene shows exactly what the geometry computes, and the diagrams
draw within their boxes.

`pytest tests/test_diagrams.py --basetemp=/tmp/diagrams` keeps the test page
(`.../test_page0/diagrams.pdf`) to look at.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

from bench.pdfview import Rect, open_pdf
from ttgbuild.geometry.hexgrid import Facing, Grid, distance, reachable
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.arcs import attack_side, in_front_arc, in_rear_arc
from ttgbuild.packs.jugger.model import MoveType
from ttgbuild.packs.jugger.render import diagrams
from ttgbuild.packs.jugger.sight import has_line_of_sight
from ttgbuild.render import text
from ttgbuild.render.pdf import finish, new_canvas
from ttgbuild.source.loader import load_content

REPO = Path(__file__).resolve().parent.parent
BOX = (60 * mm, 45 * mm)
LABELS = {
    "front": "Front arc",
    "rear": "Rear arc",
    "flank": "Flank attack",
    "back": "Back attack",
    "walk": "Walk",
    "run": "Run",
    "sprint": "Sprint",
    "blocked": "Blocked",
    "clear": "Clear",
}


@pytest.fixture(scope="module")
def movement() -> tuple[MoveType, ...]:
    content = load_content(REPO, PACK).content
    assert content.rules is not None
    return content.rules.movement


def _hero(scene: diagrams.Scene) -> diagrams.Token:
    return scene.tokens[0]


def test_arc_scene_shades_what_the_arcs_say() -> None:
    scene = diagrams.arc_scene()
    hero = _hero(scene)
    assert hero.facing is not None
    front = {h for h in scene.hexes if in_front_arc(hero.hex, hero.facing, h)}
    rear = {h for h in scene.hexes if in_rear_arc(hero.hex, hero.facing, h)}
    assert {h for h, key in scene.tints.items() if key == "front"} == front
    assert {h for h, key in scene.tints.items() if key == "rear"} == rear
    assert front and rear
    assert hero.hex not in scene.tints


def test_attack_scenes_are_a_flank_and_a_back_attack() -> None:
    flank, back = diagrams.attack_scenes()
    assert (flank.caption, back.caption) == ("flank", "back")
    for scene in (flank, back):
        defender, start, end = scene.tokens
        assert defender.facing is not None
        assert scene.caption == attack_side(defender.hex, defender.facing, start.hex, end.hex)
        (path,) = scene.paths
        assert (path[0], path[-1]) == (start.hex, end.hex)
        assert defender.hex not in path
        assert all(distance(a, b) == 1 for a, b in itertools.pairwise(path))
        assert distance(end.hex, defender.hex) == 1  # attacks from next to it
    assert in_front_arc(flank.tokens[0].hex, Facing.N, flank.tokens[1].hex)
    assert in_rear_arc(back.tokens[0].hex, Facing.N, back.tokens[1].hex)


def test_reach_scene_bands_come_from_the_movement_table(movement: tuple[MoveType, ...]) -> None:
    scene = diagrams.reach_scene(movement, rows=9)
    hero, *others = scene.tokens
    occupied = {t.hex for t in others}
    longest = max(m.max for m in movement)
    columns = diagrams.reach_columns(movement)
    assert columns > 2 * longest  # the longest move fits either side
    steps = reachable(hero.hex, longest, occupied, Grid(columns, columns + 9))
    for hex_ in scene.hexes:
        expected = next(
            (m.id for m in movement if hex_ in steps and m.min <= steps[hex_] <= m.max), None
        )
        assert scene.tints.get(hex_) == expected, hex_
    assert set(scene.legend) == {m.id for m in movement}
    assert not occupied & set(scene.tints)
    # The wall makes some hexes further than their distance: the shading shows the detour.
    assert any(steps[h] > distance(hero.hex, h) for h in scene.tints)


def test_reach_scene_follows_other_limits() -> None:
    """No 3/6/9 in the drawing: other limits give other bands."""
    moves = (MoveType("walk", 1, 2, 0), MoveType("run", 3, 4, 1))
    scene = diagrams.reach_scene(moves, rows=7)
    hero = _hero(scene).hex
    assert set(scene.tints.values()) == {"walk", "run"}
    assert max(distance(hero, h) for h in scene.tints) == 4
    assert scene.tints[(hero[0] + 2, hero[1])] == "walk"
    assert scene.tints[(hero[0] + 4, hero[1])] == "run"


def test_sight_scenes_show_blocked_and_clear() -> None:
    blocked, clear = diagrams.sight_scenes()
    assert (blocked.caption, clear.caption) == ("blocked", "clear")
    for scene, expected in ((blocked, False), (clear, True)):
        viewer, target, other = scene.tokens
        assert viewer.facing is not None
        crouched = {other.hex} if other.crouched else set()
        occupied = {t.hex for t in scene.tokens}
        seen = has_line_of_sight(viewer.hex, viewer.facing, target.hex, occupied, crouched)
        assert seen is expected
        assert len(scene.sight) == 2
        assert all(line.clear is expected for line in scene.sight)
    assert clear.tokens[2].crouched and not blocked.tokens[2].crouched


def _page(path: Path, movement: tuple[MoveType, ...]) -> list[tuple[float, float, float, float]]:
    """All four diagrams on one A4 page, each in a 60 x 45 mm box; returns the boxes."""
    canvas, buffer = new_canvas(A4, "Diagrams", "test", "en")
    boxes = []
    for i, draw in enumerate(
        [
            diagrams.front_rear_arc,
            diagrams.flank_and_back,
            lambda *a: diagrams.movement_reach(*a, movement),
            diagrams.line_of_sight,
        ]
    ):
        x = 20 * mm + (i % 2) * 85 * mm
        y = A4[1] - 80 * mm - (i // 2) * 65 * mm
        canvas.setStrokeColorRGB(0.85, 0.85, 0.85)
        canvas.setLineWidth(0.2)
        canvas.rect(x, y, *BOX)
        draw(canvas, x, y, *BOX, LABELS)
        boxes.append((x, y, *BOX))
    canvas.showPage()
    path.write_bytes(finish(canvas, buffer))
    return boxes


def test_page_draws_every_diagram_inside_its_box(
    tmp_path: Path, movement: tuple[MoveType, ...]
) -> None:
    out = tmp_path / "diagrams.pdf"
    boxes = _page(out, movement)
    page = open_pdf(out)[0]
    height = page.height
    words = page.text()
    for label in LABELS.values():
        assert label in words
    for m in movement:
        assert f"{LABELS[m.id]} {m.min}\u2013{m.max}" in words
    drawn = [d.rect for d in page.drawings()]
    for x, y, w, h in boxes:
        box = Rect(x, height - y - h, x + w, height - y)
        inside = [r for r in drawn if box.intersects(r)]
        assert len(inside) > 20  # hexes, tokens, lines
        for rect in inside:
            assert box.grown(0.5).contains(rect)


def test_legend_limits_come_from_the_movement_argument(tmp_path: Path) -> None:
    moves = (MoveType("walk", 1, 2, 0), MoveType("run", 3, 5, 1))
    canvas, buffer = new_canvas(A4, "Diagrams", "test", "en")
    diagrams.movement_reach(canvas, 20 * mm, 100 * mm, *BOX, LABELS, moves)
    canvas.showPage()
    out = tmp_path / "reach.pdf"
    out.write_bytes(finish(canvas, buffer))
    words = open_pdf(out)[0].text()
    assert "Walk 1\u20132" in words
    assert "Run 3\u20135" in words
    assert "Sprint" not in words


def test_captions_go_through_the_given_fitter() -> None:
    """A caption too long for its slot comes back from the fitter as not fitting, so a
    caller passing a reporting fitter (RenderContext.fit) gets a JT901 warning."""
    seen: list[text.Fitted] = []

    def recording(*args: object) -> text.Fitted:
        block = text.fit(*args)  # type: ignore[arg-type]
        seen.append(block)
        return block

    canvas, _ = new_canvas(A4, "Diagrams", "test", "en")
    long_labels = {**LABELS, "rear": "An extraordinarily long caption " * 6}
    diagrams.front_rear_arc(canvas, 20 * mm, 100 * mm, *BOX, long_labels, fit=recording)
    assert len(seen) == 2
    assert seen[0].fits
    assert not seen[1].fits
