"""Parts built for scissors and glue (issue 20): measured in the kit a user builds.

Counters are squares on shared cut lines, a few two-sided counters fold over,
paper dice have glue tabs, base slots have clearance, each player has a mat
page, and the print shop's board is a file of its own at a standard poster
size with bleed. Counts and sizes come from the content and the layout files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from reportlab.lib.units import mm

from bench.pdfview import Page, Point, Rect, open_pdf, same_colour
from tests.conftest import REPO, declare_departures, run_cli
from ttgbuild.packs.jugger.render import layouts, theme, tokens
from ttgbuild.render import style
from ttgbuild.render.layout import cutsheet, dicenet

TOLERANCE = 0.05 * mm
POSTERS = {"a4": (594, 420), "letter": (609.6, 457.2)}  # A2; 18 x 24 in (ARCH C)


def build(root: Path, *args: str) -> Path:
    result = run_cli(root, "build", "--locale", "en", "--strict", "--out", str(root / "out"), *args)
    assert result.exit_code == 0, result.output
    return root / "out" / "en"


def new_project(root: Path) -> Path:
    shutil.copytree(REPO / "content", root / "content")
    (root / "ttgbuild.toml").write_text('game = "jugger-ttg"\n', encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, tmp_path_factory) -> tuple[str, Path]:
    """The English kit on each paper, built once for the module (strict: no overflow)."""
    root = new_project(tmp_path_factory.mktemp(f"parts-{request.param}"))
    return request.param, build(root, "--paper", request.param)


def kit_counts() -> dict[str, int]:
    return yaml.safe_load((REPO / "content" / "kit.yaml").read_text(encoding="utf-8"))["counters"]


def close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def cut_rects(page: Page, width: float, height: float) -> list[Rect]:
    """The stroked rectangles of `width` x `height` points on the page (cut outlines)."""
    return [
        d.rect
        for d in page.drawings()
        if d.type == "s"
        and d.kinds == ("re",)
        and close(d.rect.width, width)
        and close(d.rect.height, height)
    ]


def test_counters_are_squares_whose_neighbours_share_their_cut_lines(kit):
    _paper, out = kit
    layout = layouts.layout("tokens")
    side = layout.faces["counter"]["width"] * mm
    squares = {
        name: n
        for name, n in kit_counts().items()
        if name not in tokens.BACKS
        and layout.faces[f"counter-{name}"].get("background")
        and layout.faces[f"counter-{name}"].get("width") == layout.faces["counter"]["width"]
    }
    assert sum(squares.values()) > 200  # the focus, stamina, crouch count ... counters
    found = 0
    edges: list[Rect] = []
    for page in open_pdf(out / "tokens.pdf"):
        cells = cut_rects(page, side, side)
        found += len(cells)
        corners = {(round(r.x0, 1), round(r.y0, 1)) for r in cells}
        for r in cells:
            right = (round(r.x1, 1), round(r.y0, 1)) in corners  # its right edge is shared
            below = (round(r.x0, 1), round(r.y1, 1)) in corners  # so is its bottom edge
            edges += [r] * (right + below)
        alone = [
            r
            for r in cells
            if not any(
                (round(x, 1), round(y, 1)) in corners
                for x, y in ((r.x1, r.y0), (r.x0, r.y1), (r.x0 - side, r.y0), (r.x0, r.y0 - side))
            )
        ]
        assert not alone  # every counter shares a cut with a neighbour
    assert found == sum(squares.values())
    assert len(edges) > 1.5 * found  # a grid: most counters share two cuts


def test_two_sided_counters_fold_over_with_both_faces_and_a_fold_line(kit):
    _paper, out = kit
    layout = layouts.layout("tokens")
    limit = layout.data["settings"]["fold_over_at_most"]
    count = kit_counts()["chain_ready"]
    assert 0 < count <= limit
    side = layout.faces["counter"]["width"] * mm
    pairs = []
    for page in open_pdf(out / "tokens.pdf"):
        for rect in cut_rects(page, 2 * side, side):
            folds = [
                d
                for d in page.drawings()
                if d.type == "s"
                and d.dashes
                and close(d.rect.x0, rect.x0 + side)
                and close(d.rect.x1, rect.x0 + side)
                and close(d.rect.y0, rect.y0)
                and close(d.rect.y1, rect.y1)
            ]
            front = page.text(clip=Rect(rect.x0, rect.y0, rect.x0 + side, rect.y1))
            back = page.text(clip=Rect(rect.x0 + side, rect.y0, rect.x1, rect.y1))
            pairs.append((len(folds), " ".join(front.split()), " ".join(back.split())))
    assert pairs == [(1, "Chain ready", "Chain thrown")] * count


def test_many_two_sided_counters_get_a_mirrored_back_page_instead(tmp_path):
    root = new_project(tmp_path)
    kit_file = root / "content" / "kit.yaml"
    text = kit_file.read_text(encoding="utf-8")
    limit = layouts.layout("tokens").data["settings"]["fold_over_at_most"]
    kit_file.write_text(
        text.replace("chain_ready: 2", f"chain_ready: {limit + 1}"), encoding="utf-8"
    )
    declare_departures(root)  # more chain tokens than the box's, on purpose
    doc = open_pdf(build(root) / "tokens.pdf")
    texts = [" ".join(page.text().split()) for page in doc]
    (front,) = [i for i, t in enumerate(texts) if "Two-sided counters (print both sides)" in t]
    assert texts[front].count("Chain ready") == limit + 1
    assert texts[front + 1].count("Chain thrown") == limit + 1  # the page behind it
    side = layouts.layout("tokens").faces["counter"]["width"] * mm
    cells = cut_rects(doc[front], side, side)
    backs = [d.rect for d in doc[front + 1].drawings() if d.type == "f"]
    width = doc[front].width
    for cell in cells:  # long-edge duplex: each back lies behind its front, columns mirrored
        behind = Point(width - (cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2)
        off = cutsheet.BLEED + TOLERANCE  # a back on the block's edge grows into 2 bleeds
        assert any(
            abs((r.x0 + r.x1) / 2 - behind.x) <= off and abs((r.y0 + r.y1) / 2 - behind.y) <= off
            for r in backs
            if r.width < 2 * side
        ), cell
    assert not any("fold it on the dashed line" in t for t in texts)


def test_every_pair_of_die_edges_that_meet_has_exactly_one_glue_tab():
    """Roll a cube over the net: each square's edges become cube edges; glue pairs match."""
    opposite = {"N": "S", "S": "N", "W": "E", "E": "W"}
    start = dicenet.CUBE.cells[0]
    faces = {start: {"down": "D", "up": "U", "N": "n", "S": "s", "W": "w", "E": "e"}}
    todo = [start]
    while todo:
        cell = todo.pop()
        for side, (dx, dy) in dicenet.STEP.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in dicenet.CUBE.cells and nxt not in faces:
                old, back = faces[cell], opposite[side]
                new = dict(old)
                new.update(down=old[side], up=old[back], **{back: old["down"], side: old["up"]})
                faces[nxt] = new
                todo.append(nxt)
    assert len({f["down"] for f in faces.values()}) == 6  # the net folds into a cube
    free: dict[frozenset[str], list[tuple[int, int, str]]] = {}
    for (column, row), f in faces.items():
        for side, (dx, dy) in dicenet.STEP.items():
            if (column + dx, row + dy) not in dicenet.CUBE.cells:
                free.setdefault(frozenset((f["down"], f[side])), []).append((column, row, side))
    assert len(free) == 7 and all(len(edges) == 2 for edges in free.values())
    for edges in free.values():
        assert sum(edge in dicenet.CUBE.tabs for edge in edges) == 1, edges


def test_dice_nets_are_printed_with_their_glue_tabs(kit):
    _paper, out = kit
    dice = yaml.safe_load((REPO / "content" / "kit.yaml").read_text(encoding="utf-8"))["dice"]
    tint = style.CARD_TINT.rgb()
    tabs = 0
    for page in open_pdf(out / "tokens.pdf"):
        for d in page.drawings():
            if same_colour(d.fill, tint) and d.kinds == ("l", "l", "l") and d.type == "fs":
                tabs += 1
    assert tabs == len(dicenet.CUBE.tabs) * dice


def test_base_slots_are_the_token_foot_plus_the_clearance(kit):
    _paper, out = kit
    layout = layouts.layout("tokens")
    settings = layout.data["settings"]
    width = (layout.faces["standee"]["width"] + settings["slot_clearance"]) * mm
    thickness = (2 * settings["card_thickness"] + settings["slot_clearance"]) * mm
    bases = sum(yaml.safe_load((REPO / "content" / "kit.yaml").read_text())["bases"].values())
    slots = 0
    for page in open_pdf(out / "tokens.pdf"):
        slots += len(
            [
                d
                for d in page.drawings()
                if d.type == "fs" and close(d.rect.width, width) and close(d.rect.height, thickness)
            ]
        )
    assert slots == bases
    assert settings["slot_clearance"] > 0


def test_each_player_has_one_mat_page_with_every_hero_in_play(kit):
    _paper, out = kit
    rules = yaml.safe_load((REPO / "content" / "rules.yaml").read_text(encoding="utf-8"))
    in_play = max(f["in_play"] for f in rules["formats"].values())
    texts = [" ".join(page.text().split()) for page in open_pdf(out / "board.pdf")]
    for side in ("red", "blue"):
        (mat,) = [t for t in texts if f"Player mat, {side} team" in t]
        assert mat.count("hero in play") == in_play
        for zone in ("Reserve", "Score and time", "stone cards", "point cards"):
            assert zone in mat, (side, zone)


def test_the_print_shop_board_is_its_own_poster_file_with_bleed(kit):
    paper, out = kit
    bleed = layouts.layout("board").data["settings"]["print_shop_bleed"] * mm
    (page,) = open_pdf(out / "board-print-shop.pdf")
    trim, box, media = page.trimbox, page.bleedbox, page.mediabox
    width, height = POSTERS[paper]
    assert close(trim.width, width * mm) and close(trim.height, height * mm)
    assert close(box.width, trim.width + 2 * bleed) and close(box.height, trim.height + 2 * bleed)
    assert box == media
    corner = page.render(dpi=20).getpixel((0, 0))  # the frame's colour runs into the bleed
    header = [c * 255 for c in style.HEADER.rgb()]
    assert all(abs(a - b) <= 2 for a, b in zip(corner, header, strict=True)), corner
    assert "Print at 100 %" in page.text()
    size = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}[paper]
    for tile in open_pdf(out / "board.pdf"):
        assert sorted((tile.width, tile.height)) == pytest.approx(sorted(size), abs=0.1)


def test_a_shared_cut_block_knows_its_outer_edges():
    """The bleed goes only where a counter has no neighbour (a short last row included)."""
    block = cutsheet.Block(tuple([None] * 7), 3, (10.0, 10.0))  # type: ignore[list-item]
    assert block.rows == 3
    assert block.outer(0) == (True, False, False, True)  # top left
    assert block.outer(1) == (False, False, False, True)  # top row, neighbours all round
    assert block.outer(3) == (True, False, False, False)  # the last row's counter below it
    assert block.outer(4) == (False, True, False, False)  # nothing below it
    assert block.outer(5) == (False, True, True, False)  # nothing below it, at the right end
    assert block.outer(6) == (True, True, True, False)  # the last row's only counter


def test_crop_marks_stand_only_in_line_with_cuts_that_reach_them():
    """A short last row: no bottom mark under its empty cells, no right mark beside them."""
    block = cutsheet.Block(tuple([None] * 7), 3, (10.0, 10.0))  # type: ignore[list-item]
    xs, ys = block.cuts(0, 0)
    marks = cutsheet.marks(block, 0, 0)
    bottom = {x0 for x0, y0, x1, y1 in marks if x0 == x1 and y0 == 0}
    right = {y0 for x0, y0, x1, y1 in marks if y0 == y1 and x1 == block.width}
    assert bottom == set(xs[:2])  # the last row is one cell: its two cuts
    assert right == set(ys[1:])  # not the bottom edge, which no right-hand cell has
    assert len(marks) == len(xs) + 2 + len(ys) + 3


def mark_lines(page: Page) -> list[Rect]:
    """The crop marks of shared-cut blocks: cut-coloured strokes one mark long."""
    out = []
    for d in page.drawings():
        if d.type != "s" or d.kinds != ("l",) or not same_colour(d.stroke, style.CUT.rgb()):
            continue
        r = d.rect
        if close(max(r.width, r.height), cutsheet.MARK_LENGTH) and min(r.width, r.height) < 0.01:
            out.append(r)
    return out


def cut_outlines(page: Page) -> list[Rect]:
    """Every cut-coloured stroked rectangle on the page: the cells of shared-cut blocks."""
    return [
        d.rect
        for d in page.drawings()
        if d.type == "s" and d.kinds == ("re",) and same_colour(d.stroke, style.CUT.rgb())
    ]


def assert_marks_in_line_with_cuts(pdf: Path) -> int:
    """Every crop mark ≥ 5 mm from the paper's edge, beyond the bleed, in line with a cut of
    a cell that reaches it (none beside empty cells); returns the marks seen."""
    away = cutsheet.BLEED + cutsheet.MARK_GAP  # from a cell's edge to its mark
    seen = 0
    for page in open_pdf(pdf):
        cells = cut_outlines(page)
        for m in mark_lines(page):
            seen += 1
            edge = 5 * mm - TOLERANCE
            assert m.x0 >= edge and m.y0 >= edge, m
            assert page.width - m.x1 >= edge and page.height - m.y1 >= edge, m
            if m.width < 0.01:  # vertical: above or below a cell whose side it continues
                assert any(
                    (close(m.x0, c.x0) or close(m.x0, c.x1))
                    and (close(c.y0 - m.y1, away) or close(m.y0 - c.y1, away))
                    for c in cells
                ), (pdf.name, page.number, m)
            else:
                assert any(
                    (close(m.y0, c.y0) or close(m.y0, c.y1))
                    and (close(c.x0 - m.x1, away) or close(m.x0 - c.x1, away))
                    for c in cells
                ), (pdf.name, page.number, m)
    return seen


def test_token_blocks_crop_marks_are_in_line_with_cuts_clear_of_bleed_and_paper_edge(kit):
    _paper, out = kit
    assert assert_marks_in_line_with_cuts(out / "tokens.pdf") > 20


OTHER_GAMES = {"pocket-tactics": ("tokens.pdf", "mats.pdf"), "dungeon-bowl": ("tokens.pdf",)}


@pytest.fixture(scope="module", params=sorted(OTHER_GAMES))
def other_kit(request, tmp_path_factory) -> tuple[str, Path]:
    """Another game's English kit on Letter (the tighter edges), built once for the module."""
    game = REPO / "games" / request.param
    out = tmp_path_factory.mktemp(request.param)
    args = ("build", "--locale", "en", "--strict", "--paper", "letter", "--out", str(out))
    result = run_cli(game, *args)
    assert result.exit_code == 0, result.output
    return request.param, out / "en"


def glue_tabs(pdf: Path) -> int:
    """Glue tabs drawn by the engine's die net: three-sided tinted trapezoids."""
    tint = style.CARD_TINT.rgb()
    tabs = 0
    for page in open_pdf(pdf):
        for d in page.drawings():
            if same_colour(d.fill, tint) and d.kinds == ("l", "l", "l") and d.type == "fs":
                tabs += 1
    return tabs


def test_other_games_dice_have_glue_tabs_and_their_tokens_share_cuts(other_kit):
    """Pocket-Tactics and Dungeon Bowl print the engine's nets and fold-over blocks."""
    from ttgbuild.packs.dungeonbowl.render import tokens as bowl
    from ttgbuild.packs.pockettactics.kit import pages as tactics

    game, out = other_kit
    content = REPO / "games" / game / "content" / "game.yaml"
    kit = yaml.safe_load(content.read_text(encoding="utf-8"))["kit"]
    dice = kit["die_nets"] if game == "pocket-tactics" else kit["block_dice"]
    nets = out / OTHER_GAMES[game][-1]
    assert glue_tabs(nets) == len(dicenet.CUBE.tabs) * dice
    token = tactics.TOKEN if game == "pocket-tactics" else bowl.TOKEN
    pairs = 0
    for page in open_pdf(out / "tokens.pdf"):
        cells = cut_rects(page, 2 * token, token)
        pairs += len(cells)
        shared = [
            c
            for c in cells
            if any(
                c is not o and (close(c.x1, o.x0) or close(c.y1, o.y0) or close(c.y0, o.y1))
                for o in cells
            )
        ]
        assert len(shared) >= len(cells) - 1, (game, page.number)  # a lone last pair at most
    assert pairs > 10
    assert assert_marks_in_line_with_cuts(out / "tokens.pdf") > 10


def hex_widths(page: Page) -> set[float]:
    """Widths (mm, to 0.01) of the field's hexes: six-sided paths filled in the pitch colour."""
    return {
        round(d.rect.width / mm, 2)
        for d in page.drawings()
        if same_colour(d.fill, theme.PITCH.rgb()) and d.kinds == ("l",) * 6
    }


def test_the_poster_prints_its_field_at_full_size(kit):
    """The print shop's hexes are as large as the home-printed tiles' (100 %, not scaled)."""
    _paper, out = kit
    tiles = [p for p in open_pdf(out / "board.pdf") if "Board tile" in p.text()]
    assert tiles
    sizes = set().union(*(hex_widths(page) for page in tiles))
    (poster,) = open_pdf(out / "board-print-shop.pdf")
    assert len(sizes) == 1 and hex_widths(poster) == sizes, (hex_widths(poster), sizes)
