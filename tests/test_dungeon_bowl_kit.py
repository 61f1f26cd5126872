"""Dungeon Bowl's kit, built once for this module as a user builds it: its files, its
page counts worked out from the content, no text that does not fit, exact odds printed."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from reportlab.lib.units import mm

from tests.conftest import REPO, assert_no_crash, run_cli
from ttgbuild.core.printing import PrintSettings
from ttgbuild.pack import installed
from ttgbuild.packs.dungeonbowl.render.board import tile_squares
from ttgbuild.packs.dungeonbowl.render.paper import MARGIN
from ttgbuild.packs.dungeonbowl.render.tokens import PLATE, RULER_H, TAB, ruler_pieces
from ttgbuild.render.sheet import card_grid

GAME = REPO / "games" / "dungeon-bowl"
PACK = installed().packs["dungeon-bowl"]
LOCALE = "de"  # the longest words of the three


def content(rel: str) -> dict:
    return yaml.safe_load((GAME / "content" / rel).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("dungeon-bowl")
    shutil.copytree(GAME, root / "game")
    out = root / "kit"
    result = run_cli(root / "game", "build", "--locale", LOCALE, "--strict", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "no problems found" in result.stdout + result.stderr  # no JT901 overflow, no JT902
    return out / LOCALE


def pages(path: Path) -> int:
    return len(pdfium.PdfDocument(str(path)))


def words(path: Path) -> str:
    """The PDF's words, a word hyphenated across two lines read whole: PDFium marks the
    hyphen the layout drew at a line's end as U+FFFE (or U+0002)."""
    doc = pdfium.PdfDocument(str(path))
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in doc)
    return re.sub(r"[\ufffe\x02]\s*", "", text)


def test_the_kit_holds_every_file_the_pack_lists(kit: Path) -> None:
    listed = sorted(part.file for part in PACK.components)
    assert sorted(p.name for p in kit.iterdir()) == listed
    assert {"dungeon.pdf", "tokens.pdf", "players.pdf", "injury.pdf"} <= set(listed)


def test_every_locale_of_the_project_is_catalogued() -> None:
    catalogs = sorted(p.parent.parent.name for p in (GAME / "locales").glob("*/LC_MESSAGES/*.po"))
    assert catalogs == ["de", "es"]


def test_each_reference_sheet_is_one_page(kit: Path) -> None:
    for sheet in ("match", "block", "injury", "rosters", "guide", "roster-form"):
        assert pages(kit / f"{sheet}.pdf") == 1, sheet


def test_player_cards_are_one_per_position_with_backs(kit: Path) -> None:
    positions = sum(
        len(content(f"teams/{t.name}")["positions"]) for t in (GAME / "content" / "teams").iterdir()
    )
    capacity = card_grid(PrintSettings()).capacity
    assert pages(kit / "players.pdf") == 2 * math.ceil(positions / capacity)


def test_every_player_card_shows_its_team_emblem_below_the_skills(kit: Path) -> None:
    positions = sum(
        len(content(f"teams/{t.name}")["positions"]) for t in (GAME / "content" / "teams").iterdir()
    )
    layout = yaml.safe_load(
        (Path(PACK.layouts) / "players.layout.yaml").read_text(encoding="utf-8")
    )
    box = next(b for b in layout["faces"]["player"]["boxes"] if b["name"] == "emblem")
    doc = pdfium.PdfDocument(str(kit / "players.pdf"))
    shields = [
        b
        for index in range(0, len(doc), 2)  # front pages; each is followed by its backs
        for b in path_boxes(doc[index])
        if near(b[2] - b[0], box["width"] * mm, 1 * mm)
        and near(b[3] - b[1], box["height"] * mm, 1 * mm)
    ]
    assert len(shields) == positions


def test_a_card_back_title_is_centred_on_the_card(kit: Path) -> None:
    # A back is one drawing repeated (a form), read in its own coordinates: the torch
    # frame inside the card, and the title's words on one line within it.
    back = pdfium.PdfDocument(str(kit / "players.pdf"))[1]
    frames = [b for b in path_boxes(back) if 50 * mm < b[2] - b[0] < 63 * mm]
    assert frames
    frame = frames[0]
    words_in = [
        b
        for b in text_boxes(back)
        if frame[0] < (b[0] + b[2]) / 2 < frame[2] and frame[1] < (b[1] + b[3]) / 2 < frame[3]
    ]
    assert words_in
    left, right = min(b[0] for b in words_in), max(b[2] for b in words_in)
    bottom, top = min(b[1] for b in words_in), max(b[3] for b in words_in)
    assert near((left + right) / 2, (frame[0] + frame[2]) / 2, 1 * mm)  # was 1.8 mm left
    assert near((bottom + top) / 2, (frame[1] + frame[3]) / 2, 3 * mm)


def test_the_dungeon_is_one_sheet_then_its_tiles_then_two_dugout_mats(kit: Path) -> None:
    rows = content("dungeon.yaml")["map"]
    across, down = tile_squares(PrintSettings().page, content("game.yaml")["kit"]["square_mm"] * mm)
    tiles = math.ceil(len(rows[0]) / across) * math.ceil(len(rows) / down)
    assert pages(kit / "dungeon.pdf") == 1 + tiles + 2
    text = words(kit / "dungeon.pdf")
    assert text.count("Ersatzbank von Team") == 2 and "Kachel: Zeile 1 von" in text
    # The first page is called an overview; every tile with glue strips tells how they are
    # used, and the last one (bottom right) has none to explain.
    assert "Übersicht (nicht maßstabsgetreu)" in text
    assert text.count("Schattierte Streifen wiederholen") == tiles - 1


def test_the_overview_is_an_assembly_map_naming_each_tile_s_page(kit: Path) -> None:
    rows = content("dungeon.yaml")["map"]
    across, down = tile_squares(PrintSettings().page, content("game.yaml")["kit"]["square_mm"] * mm)
    columns = math.ceil(len(rows[0]) / across)
    doc = pdfium.PdfDocument(str(kit / "dungeon.pdf"))
    overview = " ".join(doc[0].get_textpage().get_text_range().split())
    for index in range(columns * math.ceil(len(rows) / down)):
        page = 2 + index  # the label printed on the overview, a page number from 1
        assert f"S. {page}" in overview
        heading = " ".join(doc[page - 1].get_textpage().get_text_range().split())
        row, column = divmod(index, columns)
        assert f"Zeile {row + 1} von" in heading and f"Spalte {column + 1} von" in heading


def dashed(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    """The bounds of every path on `page` stroked with a dash pattern."""
    return [
        obj.get_bounds()
        for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH])
        if pdfium_c.FPDFPageObj_GetDashCount(obj.raw) > 0
    ]


def test_the_dungeon_tiles_are_cut_on_solid_lines_nothing_on_them_is_dashed(kit: Path) -> None:
    # Cut solid, fold dashed: a tile and its glue strips are cut out, nothing is folded,
    # so no line on the dungeon's pages is dashed (the strips' outer edge was).
    doc = pdfium.PdfDocument(str(kit / "dungeon.pdf"))
    assert [i for i, page in enumerate(doc) if dashed(page)] == []
    # The token sheet's folds are still dashed, so the probe does see dashes.
    assert dashed(pdfium.PdfDocument(str(kit / "tokens.pdf"))[0])


def test_the_odds_printed_are_the_exact_ones(kit: Path) -> None:
    text = words(kit / "injury.pdf")
    # Injury table, 2D6: 2-7 is 21/36 = 58 %, with one niggling injury 15/36 = 42 %.
    assert "58 42 28 17" in text
    assert "Verletzungstabelle (W16)" not in text and "(D16)" in text


def test_a_counted_skill_text_takes_the_form_of_its_number(kit: Path) -> None:
    text = words(kit / "players.pdf")
    assert "bis zu 2 Feldern gerade oder diagonal" in text  # Sticky Tongue, squares: 2
    assert "in bis zu 1 Feld Entfernung" in text  # Hypnotic Gaze, squares: 1


def test_tokens_cover_every_position_marker_and_chest(kit: Path) -> None:
    text = words(kit / "tokens.pdf")
    game = content("game.yaml")
    assert text.count("Der Ball!") == sum(t["holds"] == "ball" for t in game["kit"]["chest_tokens"])
    assert text.count("Leer: umwerfen") == sum(
        t["holds"] == "nothing" for t in game["kit"]["chest_tokens"]
    )
    assert text.count("Benutzt") == 2 * sum(game["kit"]["markers"].values())


def test_token_sheets_share_pages_two_by_two(kit: Path) -> None:
    # Four teams' tokens in two sets each, A and B (5 rows of pairs at most), then portals
    # and chests, then markers: two sheets a page, then the dice page with the turn track;
    # each sheet alone left half a page empty.
    sheets = 2 * len(list((GAME / "content" / "teams").iterdir())) + 2
    assert pages(kit / "tokens.pdf") == math.ceil(sheets / 2) + 1


def text_boxes(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    return [obj.get_bounds() for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT])]


def test_a_player_token_name_stays_on_its_white_plate(kit: Path) -> None:
    doc = pdfium.PdfDocument(str(kit / "tokens.pdf"))
    teams = [content(f"teams/{t.name}") for t in sorted((GAME / "content" / "teams").iterdir())]
    most = content("game.yaml")["roster"]["max_players"]
    sets = 2  # every team's tokens twice, for team A and team B (a mirror match)
    standing = sets * sum(min(p["most"], most) for t in teams for p in t["positions"])
    plates = names = 0
    for page in doc:
        boxes = [
            b
            for b in path_boxes(page)
            if near(b[2] - b[0], PLATE[0], 0.3 * mm) and near(b[3] - b[1], PLATE[1], 0.3 * mm)
        ]
        plates += len(boxes)
        for left, bottom, right, top in text_boxes(page):
            middle = ((left + right) / 2, (bottom + top) / 2)
            plate = next(
                (b for b in boxes if b[0] < middle[0] < b[2] and b[1] < middle[1] < b[3]), None
            )
            if plate is None:
                continue
            names += 1
            assert plate[0] + 0.5 * mm <= left and right <= plate[2] - 0.5 * mm, "name off plate"
            assert plate[1] <= bottom and top <= plate[3]
    assert plates == standing
    assert names >= standing  # a name on every plate (a long one in two lines)


@pytest.mark.parametrize(
    "page", [(210 * mm, 297 * mm), (215.9 * mm, 279.4 * mm)], ids=["a4", "letter"]
)
def test_a_tile_leaves_room_for_its_glue_strips_inside_the_margins(
    page: tuple[float, float],
) -> None:
    from ttgbuild.packs.dungeonbowl.render.board import OVERLAP

    square = content("game.yaml")["kit"]["square_mm"] * mm
    across, down = tile_squares(page, square)
    assert across * square + OVERLAP <= page[0] - 2 * MARGIN
    assert down * square + OVERLAP + 30 * mm <= page[1] - 2 * MARGIN


def path_boxes(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    """The bounds (left, bottom, right, top, in points) of every path drawn on `page`."""
    return [obj.get_bounds() for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH])]


def near(a: float, b: float, within: float = 0.6 * mm) -> bool:
    return abs(a - b) <= within  # a stroked path's bounds take in half its line


def test_the_range_ruler_pieces_measure_its_full_length_and_their_joins_are_marked(
    kit: Path,
) -> None:
    game = content("game.yaml")
    square = game["kit"]["square_mm"] * mm
    last = max(band["high"] for band in game["range"])  # 10 squares: 250 mm
    doc = pdfium.PdfDocument(str(kit / "tokens.pdf"))
    page = doc[len(doc) - 1]
    squares = [
        b for b in path_boxes(page) if near(b[2] - b[0], square) and near(b[3] - b[1], RULER_H)
    ]
    assert len(squares) == last
    assert sum(b[2] - b[0] for b in squares) == pytest.approx(last * square, abs=last * 0.6 * mm)
    # Two pieces on A4, the second a row lower, starting right of its glue tab.
    rows = sorted({round(b[1]) for b in squares}, reverse=True)
    assert len(rows) == len(ruler_pieces(PrintSettings().page[0] - 2 * MARGIN, square, last)) == 2
    second = [b for b in squares if round(b[1]) == rows[1]]
    left = min(b[0] for b in second)
    tabs = [b for b in path_boxes(page) if near(b[2], left) and near(b[2] - b[0], TAB)]
    assert tabs, "the second piece has a glue tab before its first square"
    # The join mark, on the first piece's end and on the second's tab.
    assert words(kit / "tokens.pdf").count("Verbindung A") == 2


def test_the_print_shop_poster_holds_the_dungeon_at_full_size_with_bleed(kit: Path) -> None:
    game, rows = content("game.yaml"), content("dungeon.yaml")["map"]
    square = game["kit"]["square_mm"] * mm
    bleed = game["kit"]["print_shop_bleed_mm"] * mm
    # 25 x 16 squares of 25 mm (625 x 400 mm) with 12 mm margins: A2 (594 mm) is too
    # narrow, A1 (841 x 594 mm) is the smallest ISO poster of an A4 kit.
    assert len(rows[0]) * square + 2 * MARGIN > 594 * mm
    doc = pdfium.PdfDocument(str(kit / "dungeon-print-shop.pdf"))
    assert len(doc) == 1
    page = doc[0]
    trim, bleeds = page.get_trimbox(), page.get_bleedbox()
    assert trim == pytest.approx((bleed, bleed, bleed + 841 * mm, bleed + 594 * mm), abs=0.1)
    assert bleeds == pytest.approx((0, 0, 841 * mm + 2 * bleed, 594 * mm + 2 * bleed), abs=0.1)
    assert page.get_size() == pytest.approx(bleeds[2:], abs=0.1)
    cells = [b for b in path_boxes(page) if near(b[2] - b[0], square) and near(b[3] - b[1], square)]
    assert len(cells) == len(rows) * len(rows[0])  # every square at the content's size
    assert "Print at 100" not in words(kit / "dungeon-print-shop.pdf")  # de kit: its own note
    assert "100 %" in words(kit / "dungeon-print-shop.pdf")


def test_a_sample_roster_numbers_its_players_as_their_tokens(kit: Path) -> None:
    """The sample rosters' # is the token number (issue 38): tokens of one position are
    numbered from 1, and a position with a single token prints none, so neither does its
    roster line; the header is the roster form's "#"."""
    printed = words(kit / "rosters.pdf")
    most = content("game.yaml")["roster"]["max_players"]
    teams = {t.stem: content(f"teams/{t.name}") for t in (GAME / "content" / "teams").iterdir()}
    for path in sorted((GAME / "content" / "rosters").glob("*.yaml")):
        roster = content(f"rosters/{path.name}")
        tokens = {p["id"]: min(p["most"], most) for p in teams[roster["team"]]["positions"]}
        for player in roster["players"]:
            shown = player["number"] if tokens[player["position"]] > 1 else "\u2013"
            assert f"{shown} {player['name']}" in printed, player
    samples = len(list((GAME / "content" / "rosters").iterdir()))
    assert printed.count("# Spieler Position") == samples


def test_the_match_sheet_states_the_end_step_and_the_thrown_player_exception(kit: Path) -> None:
    printed = words(kit / "match.pdf")
    assert "die Spieler des aktiven Teams, die zu Beginn dieses Teamzugs betäubt waren" in printed
    assert "im eigenen Teamzug umgeworfen (außer ein geworfener Spieler ohne den Ball)" in printed
