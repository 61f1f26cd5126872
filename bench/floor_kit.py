"""The kit floor: a plain ReportLab script drawing as many pages as the real kit.

What a competent programmer would write with ReportLab alone and no layout
engine: one sequential script, the same embedded Fira fonts, text wrapped
with `simpleSplit` at one fixed size (no fitting search), shapes drawn
directly. Each file gets the page count the real build produced, with
content of its kind: card sheets (9 cards with a header band, stat boxes and
wrapped talent text from content/, crop marks) alternating with back sheets;
token sheets; board pages tiled with hexes; text pages for the rest.

Usage: python -m bench.floor_kit OUT_DIR PLAN_JSON
where PLAN_JSON maps "<locale>/<file>.pdf" to a page count.
"""

from __future__ import annotations

import io
import json
import math
import re
import sys
from pathlib import Path

import fontpkg_fira_sans
import fontpkg_fira_sans_condensed
import yaml
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

CONTENT = Path(__file__).resolve().parent.parent / "content"
FONTS = {
    "Regular": (fontpkg_fira_sans.ROOT, "FiraSans-Regular.ttf"),
    "Bold": (fontpkg_fira_sans.ROOT, "FiraSans-Bold.ttf"),
    "Italic": (fontpkg_fira_sans.ROOT, "FiraSans-Italic.ttf"),
    "Condensed": (fontpkg_fira_sans_condensed.ROOT, "FiraSansCondensed-Regular.ttf"),
    "CondensedBold": (fontpkg_fira_sans_condensed.ROOT, "FiraSansCondensed-Bold.ttf"),
}
INK, TINT, BAND, PITCH = (HexColor(c) for c in ("#1d1f24", "#f3efe6", "#2f3b4c", "#cfe5c4"))
CARD_W, CARD_H, BLEED = 63 * mm, 88 * mm, 3 * mm
PLACEHOLDER = re.compile(r"\{(\w+)\}")
STATS = ("will", "reflexes", "fortitude", "light_feet", "attack", "defence", "focus", "stamina")


def text_of(talent: dict) -> str:
    """The talent's English text; one with a count takes the form its number wants."""
    text = talent["text"]
    if isinstance(text, str):
        return text
    return text["one"] if number(talent, text["count"]) == "1" else text["other"]


def number(talent: dict, name: str) -> str:
    """A placeholder's value: a param, or a field of the talent such as cost or bonus dice."""
    value = talent.get("params", {}).get(name, talent.get(name, ""))
    if isinstance(value, dict):
        value = value.get("amount", value.get("dice", ""))
    return str(value)


def load_cards() -> list[tuple[dict, list[dict]]]:
    """Every hero with its talents, straight from the content YAML."""
    talents = {
        p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in (CONTENT / "talents").glob("*.yaml")
    }
    heroes = [
        yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in sorted((CONTENT / "heroes").glob("*.yaml"))
    ]
    return [(h, [talents[t] for t in h["talents"] if t in talents]) for h in heroes]


def wrapped(canvas: Canvas, text: str, font: str, size: float, x: float, y: float, w: float):
    """Draw `text` wrapped to width `w` from baseline y downwards; return the next baseline."""
    canvas.setFont(font, size)
    for line in simpleSplit(text, font, size, w):
        canvas.drawString(x, y, line)
        y -= size * 1.2
    return y


def grid_origin(page_w: float, page_h: float) -> tuple[float, float]:
    return (page_w - 3 * CARD_W) / 2, (page_h - 3 * CARD_H) / 2


def crop_marks(canvas: Canvas, x0: float, y0: float) -> None:
    canvas.setLineWidth(0.25)
    for i in range(4):
        x, y = x0 + i * CARD_W, y0 + i * CARD_H
        canvas.line(x, y0 - BLEED - 2 * mm, x, y0 - BLEED - 7 * mm)
        canvas.line(x, y0 + 3 * CARD_H + BLEED + 2 * mm, x, y0 + 3 * CARD_H + BLEED + 7 * mm)
        canvas.line(x0 - BLEED - 2 * mm, y, x0 - BLEED - 7 * mm, y)
        canvas.line(x0 + 3 * CARD_W + BLEED + 2 * mm, y, x0 + 3 * CARD_W + BLEED + 7 * mm, y)


def icon(canvas: Canvas, x: float, y: float, radius: float, colour: str) -> None:
    """A round icon with a mark inside, like the kit's focus and stamina icons."""
    canvas.setFillColor(HexColor(colour))
    canvas.circle(x, y, radius, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.rect(x - radius / 3, y - radius / 3, radius * 2 / 3, radius * 2 / 3, stroke=0, fill=1)


def hexagon(canvas: Canvas, cx: float, cy: float, side: float, fill: bool = True) -> None:
    path = canvas.beginPath()
    for k in range(6):
        angle = math.pi / 3 * k
        point = (cx + side * math.cos(angle), cy + side * math.sin(angle))
        path.moveTo(*point) if k == 0 else path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1 if fill else 0)


def card_front(canvas: Canvas, x: float, y: float, hero: dict, talents: list[dict]) -> None:
    canvas.setFillColor(TINT)
    canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
    canvas.setFillColor(BAND)
    canvas.rect(x, y + CARD_H - 17 * mm, CARD_W, 17 * mm, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setFont("Bold", 11)
    canvas.drawString(x + 3 * mm, y + CARD_H - 7 * mm, hero["name"])
    canvas.setFont("Regular", 6.5)
    canvas.drawString(x + 3 * mm, y + CARD_H - 11 * mm, f"{hero['team']} · {hero['country']}")
    canvas.drawString(x + 3 * mm, y + CARD_H - 14 * mm, hero["preferred"])
    shield = canvas.beginPath()
    sx, sy = x + CARD_W - 14 * mm, y + CARD_H - 14 * mm
    shield.moveTo(sx, sy + 11 * mm)
    shield.lineTo(sx + 11 * mm, sy + 11 * mm)
    shield.curveTo(sx + 11 * mm, sy + 4 * mm, sx + 8 * mm, sy + 1 * mm, sx + 5.5 * mm, sy)
    shield.curveTo(sx + 3 * mm, sy + 1 * mm, sx, sy + 4 * mm, sx, sy + 11 * mm)
    shield.close()
    canvas.setFillColor(HexColor("#f2c230"))
    canvas.drawPath(shield, stroke=0, fill=1)
    canvas.setFillColor(INK)
    canvas.drawCentredString(sx + 5.5 * mm, sy + 4 * mm, str(hero["cost"]))
    for i, stat in enumerate(STATS):
        bx = x + 3 * mm + (i % 4) * 14.5 * mm
        by = y + CARD_H - 29 * mm - (i // 4) * 11 * mm
        canvas.setStrokeColor(HexColor("#b9bfc9"))
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.roundRect(bx, by, 13.5 * mm, 10 * mm, 1.2 * mm, stroke=1, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont("Condensed", 5)
        canvas.drawCentredString(bx + 6.75 * mm, by + 7.5 * mm, stat.replace("_", " "))
        canvas.setFont("Bold", 11)
        canvas.drawCentredString(bx + 5.5 * mm, by + 2 * mm, str(hero[stat]))
        if stat in ("light_feet", "focus", "stamina"):
            icon(canvas, bx + 10 * mm, by + 3.2 * mm, 1.3 * mm, "#2c6fb7")
    canvas.setFillColor(INK)
    ty = y + CARD_H - 46 * mm
    for talent in talents:
        head = f"{talent['name']} · {talent['keyword']} · {talent['cost']['kind']}"
        ty = wrapped(canvas, head, "CondensedBold", 7, x + 3 * mm, ty, CARD_W - 10 * mm)
        icon(canvas, x + CARD_W - 5 * mm, ty + 9, 1.2 * mm, "#c9443a")
        canvas.setFillColor(INK)
        body = PLACEHOLDER.sub(lambda m, t=talent: number(t, m.group(1)), text_of(talent))
        ty = wrapped(canvas, body, "Condensed", 6.5, x + 3 * mm, ty, CARD_W - 6 * mm) - 3


def count_card(canvas: Canvas, x: float, y: float, number: int) -> None:
    canvas.setFillColor(TINT)
    canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#6b3f2a"))
    canvas.rect(x, y + CARD_H - 12 * mm, CARD_W, 12 * mm, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setFont("Bold", 12)
    canvas.drawString(x + 3 * mm, y + CARD_H - 8 * mm, "Stone")
    canvas.setFillColor(INK)
    canvas.setFont("Bold", 40)
    canvas.drawCentredString(x + CARD_W / 2, y + CARD_H / 2 - 10 * mm, str(number))
    icon(canvas, x + CARD_W / 2, y + 16 * mm, 4 * mm, "#5d6b4a")


def card_sheet(canvas: Canvas, cards: list, first: int, back: bool) -> None:
    x0, y0 = grid_origin(*A4)
    for cell in range(9):
        x, y = x0 + (cell % 3) * CARD_W, y0 + (2 - cell // 3) * CARD_H
        if back:
            canvas.setFillColor(BAND)
            canvas.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, 0, 1)
            canvas.setStrokeColor(HexColor("#e9b949"))
            canvas.setFillColor(HexColor("#e9b949"))
            hexagon(canvas, x + CARD_W / 2, y + CARD_H / 2 + 8 * mm, 14 * mm, fill=False)
            canvas.setFont("Bold", 16)
            canvas.drawCentredString(x + CARD_W / 2, y + 12 * mm, "Jugger TTG")
        elif first + cell < len(cards):
            card_front(canvas, x, y, *cards[first + cell])
        else:  # after the heroes, the kit's weapon, stone and point cards
            count_card(canvas, x, y, first + cell - len(cards) + 1)
    canvas.setStrokeColor(INK)
    crop_marks(canvas, x0, y0)
    ruler(canvas)


def ruler(canvas: Canvas) -> None:
    """The 50 mm ruler and the print-at-100 % note every page carries."""
    canvas.setStrokeColor(INK)
    canvas.setFillColor(INK)
    canvas.setLineWidth(0.3)
    canvas.line(15 * mm, 8 * mm, 65 * mm, 8 * mm)
    for tick in range(51):
        canvas.line((15 + tick) * mm, 8 * mm, (15 + tick) * mm, (8.8 + (tick % 5 == 0)) * mm)
    canvas.setFont("Bold", 6)
    canvas.drawString(70 * mm, 8 * mm, "Print at 100 % (actual size), never 'fit to page'.")


def token_sheet(canvas: Canvas, cards: list, first: int) -> None:
    if first // 21 % 2:  # every other sheet holds counters, as the real kit's do
        counter_sheet(canvas)
        return
    for cell in range(21):
        hero = cards[(first + cell) % len(cards)][0]
        x, y = 15 * mm + (cell % 7) * 26 * mm, 40 * mm + (cell // 7) * 80 * mm
        canvas.setFillColor(HexColor("#c8372d"))
        canvas.setStrokeColor(INK)
        canvas.rect(x, y, 24 * mm, 72 * mm, stroke=1, fill=1)
        canvas.setDash(2, 2)
        canvas.line(x, y + 36 * mm, x + 24 * mm, y + 36 * mm)
        canvas.setDash()
        canvas.setFillColor(HexColor("#e8e2d4"))
        canvas.rect(x, y + 66 * mm, 24 * mm, 6 * mm, stroke=1, fill=1)
        for k, cy in enumerate((y + 20 * mm, y + 52 * mm)):
            canvas.setFillColor(HexColor("#ffffff"))
            path = canvas.beginPath()
            path.moveTo(x + 6 * mm, cy)
            path.lineTo(x + 18 * mm, cy)
            path.lineTo(x + 12 * mm, cy + 10 * mm)
            path.close()
            canvas.drawPath(path, stroke=1, fill=1)
            canvas.setFillColor(HexColor("#35a853" if k == 0 else "#d2352b"))
            canvas.ellipse(x + 9.5 * mm, cy + 2.5 * mm, x + 14.5 * mm, cy + 5.5 * mm, 0, 1)
            canvas.circle(x + 12 * mm, cy + 4 * mm, 1 * mm, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        wrapped(canvas, hero["name"], "Bold", 6.5, x + 1.5 * mm, y + 14 * mm, 21 * mm)
        canvas.circle(x + 4 * mm, y + 5 * mm, 2.5 * mm, stroke=0, fill=1)
        for foot in range(hero["light_feet"]):
            icon(canvas, x + 10 * mm + foot * 3 * mm, y + 5 * mm, 1.2 * mm, "#ee8a1d")
        canvas.setFillColor(INK)
        canvas.drawCentredString(x + 4 * mm, y + 4 * mm, str(hero["reflexes"]))
    ruler(canvas)


def counter_sheet(canvas: Canvas) -> None:
    """Round and hexagonal counters with their labels."""
    colours = ("#c9443a", "#f2c230", "#7a5ba6", "#8a5a3b", "#2f3b4c")
    for cell in range(90):
        x, y = 20 * mm + (cell % 9) * 19 * mm, 270 * mm - (cell // 9) * 24 * mm
        canvas.setFillColor(HexColor(colours[cell // 18]))
        canvas.setStrokeColor(INK)
        canvas.circle(x, y, 8 * mm, stroke=1, fill=1)
        icon(canvas, x, y + 3 * mm, 1.6 * mm, "#ffffff")
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont("Bold", 5.5)
        canvas.drawCentredString(x, y - 3 * mm, "Crouch count")
    ruler(canvas)


def board_page(canvas: Canvas, page: int) -> None:
    width, height = landscape(A4)
    side = 9.5 * mm
    canvas.setStrokeColor(HexColor("#86a97a"))
    canvas.setFillColor(PITCH)
    for column in range(int(width // (1.5 * side))):
        for row in range(int(height // (math.sqrt(3) * side)) - 1):
            cx = 14 * mm + column * 1.5 * side
            cy = 20 * mm + row * math.sqrt(3) * side + (column % 2) * math.sqrt(3) * side / 2
            hexagon(canvas, cx, cy, side)
    canvas.setFillColor(INK)
    canvas.setFont("Regular", 6)
    for column in range(int(width // (1.5 * side))):
        canvas.drawString(14 * mm + column * 1.5 * side, height - 20 * mm, str(column + 1))
    canvas.setFont("Bold", 12)
    canvas.drawString(12 * mm, height - 12 * mm, f"Board tile {page + 1}")
    ruler(canvas)


def text_page(canvas: Canvas, cards: list, first: int) -> None:
    """Three dense columns: headed sections of wrapped text, tables and a hex diagram."""
    width, height = A4
    canvas.setFillColor(INK)
    canvas.setFont("Bold", 16)
    canvas.drawString(12 * mm, height - 14 * mm, "Jugger TTG quick reference")
    column_w = (width - 28 * mm) / 3
    index = first
    for column in range(3):
        x, y = 12 * mm + column * (column_w + 2 * mm), height - 24 * mm
        while y > 40 * mm:
            canvas.setFillColor(BAND)
            canvas.rect(x, y - 1.5 * mm, column_w, 6 * mm, stroke=0, fill=1)
            canvas.setFillColor(HexColor("#ffffff"))
            canvas.setFont("Bold", 8.5)
            canvas.drawString(x + 1.5 * mm, y, "Section")
            canvas.setFillColor(INK)
            y -= 6 * mm
            for talent in cards[index % len(cards)][1]:
                body = PLACEHOLDER.sub(lambda m, t=talent: number(t, m.group(1)), text_of(talent))
                y = wrapped(canvas, body, "Regular", 7.5, x, y, column_w) - 2
            for row in range(5):
                for cell in range(3):
                    cx = x + cell * column_w / 3
                    canvas.setStrokeColor(HexColor("#b9bfc9"))
                    canvas.rect(cx, y - 1.2 * mm, column_w / 3, 4.2 * mm, stroke=1, fill=0)
                    canvas.setFont("Bold" if cell == 0 else "Regular", 7)
                    canvas.drawString(cx + 1 * mm, y, f"Row {row + 1}" if cell == 0 else "1-3")
                y -= 4.2 * mm
            if index % 3 == 0:
                canvas.setFillColor(PITCH)
                for ring in range(12):
                    angle = math.pi / 6 * ring
                    hexagon(
                        canvas,
                        x + column_w / 2 + 8 * mm * math.cos(angle),
                        y - 12 * mm + 8 * mm * math.sin(angle),
                        3 * mm,
                    )
                canvas.setFillColor(INK)
                y -= 26 * mm
            y -= 3 * mm
            index += 1
    ruler(canvas)


def draw_file(name: str, pages: int, cards: list) -> bytes:
    """One PDF of `pages` pages whose content suits the file `name`."""
    buffer = io.BytesIO()
    size = landscape(A4) if name.startswith("board") else A4
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1)
    for page in range(pages):
        if name.startswith("cards"):
            card_sheet(canvas, cards, (page // 2) * 9, back=page % 2 == 1)
        elif name.startswith("tokens"):
            token_sheet(canvas, cards, page * 21)
        elif name.startswith("board"):
            board_page(canvas, page)
        else:
            text_page(canvas, cards, page * 4)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def main(out: Path, plan: dict[str, int]) -> None:
    for name, (root, filename) in FONTS.items():
        pdfmetrics.registerFont(TTFont(name, str(root / "files" / filename)))
    cards = load_cards()
    for rel, pages in plan.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(draw_file(Path(rel).name, pages, cards))


if __name__ == "__main__":
    main(Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")))
