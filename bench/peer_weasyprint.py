"""The peer route: the shipped heroes' cards as HTML and CSS, printed to PDF by WeasyPrint.

What a Python user might reach for instead of ReportLab: every hero field
ttgbuild prints (name, team and country, preferred weapon, cost, the eight
stats, each talent's name, keyword, cost, requirement and text with its
placeholders filled), 3 x 3 cards of 63 x 88 mm per A4 sheet, set in the
same Fira fonts.

Usage: python -m bench.peer_weasyprint OUT.pdf [--heroes N]   (N: only the first N heroes)
Prints {"render_seconds": ...} (load, lay out and write, after imports) as JSON.
"""

from __future__ import annotations

import json
import re
import sys
import time
from html import escape
from pathlib import Path

import fontpkg_fira_sans
import fontpkg_fira_sans_condensed
import yaml
from weasyprint import HTML

CONTENT = Path(__file__).resolve().parent.parent / "content"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
ICON = re.compile(r"\[(\w+)\]")
STATS = (
    ("will", "Will"),
    ("reflexes", "Reflexes"),
    ("fortitude", "Fortitude"),
    ("light_feet", "Light feet"),
    ("attack", "Attack"),
    ("defence", "Defence"),
    ("focus", "Focus"),
    ("stamina", "Stamina"),
)


def font_faces() -> str:
    faces = [
        ("Fira Sans", "normal", "normal", fontpkg_fira_sans.ROOT, "FiraSans-Regular.ttf"),
        ("Fira Sans", "bold", "normal", fontpkg_fira_sans.ROOT, "FiraSans-Bold.ttf"),
        ("Fira Sans", "normal", "italic", fontpkg_fira_sans.ROOT, "FiraSans-Italic.ttf"),
        (
            "Fira Sans Condensed",
            "normal",
            "normal",
            fontpkg_fira_sans_condensed.ROOT,
            "FiraSansCondensed-Regular.ttf",
        ),
        (
            "Fira Sans Condensed",
            "bold",
            "normal",
            fontpkg_fira_sans_condensed.ROOT,
            "FiraSansCondensed-Bold.ttf",
        ),
    ]
    return "\n".join(
        f"@font-face {{ font-family: '{family}'; font-weight: {weight}; font-style: {style};"
        f" src: url('{(root / 'files' / name).as_uri()}'); }}"
        for family, weight, style, root, name in faces
    )


CSS = """
@page { size: A4; margin: 0; }
body { margin: 0; font-family: 'Fira Sans'; color: #1d1f24; }
.sheet { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm;
         justify-content: center; padding-top: 16mm; break-after: page; }
.card { width: 63mm; height: 88mm; box-sizing: border-box; background: #f3efe6;
        overflow: hidden; outline: 0.25pt solid #000; }
.band { background: #2f3b4c; color: #fff; height: 17mm; padding: 2.5mm 3mm 0; position: relative; }
.name { font-weight: bold; font-size: 11pt; width: 42mm; }
.team { font-size: 7pt; }
.pref { font-size: 6.5pt; font-style: italic; }
.cost { position: absolute; right: 3mm; top: 3mm; width: 11mm; height: 11mm; background: #f2c230;
        color: #1d1f24; text-align: center; font-weight: bold; font-size: 13pt;
        border-radius: 0 0 5mm 5mm; }
.stats { display: grid; grid-template-columns: repeat(4, 1fr); gap: 1mm 0.8mm;
         padding: 1mm 3mm 0; }
.stat { height: 10mm; background: #fff;
        border: 0.4pt solid #b9bfc9; border-radius: 1.2mm; text-align: center; }
.stat .label { font-family: 'Fira Sans Condensed'; font-size: 5.5pt; color: #5b6270; }
.stat .value { font-weight: bold; font-size: 11pt; }
.talents { font-family: 'Fira Sans Condensed'; font-size: 6.5pt; padding: 1mm 3mm;
           line-height: 1.18; }
.talents b { font-family: 'Fira Sans Condensed'; }
.icon { display: inline-block; width: 1em; height: 1em; border-radius: 50%;
        background: #2c6fb7; vertical-align: middle; }
"""


def text_of(talent: dict) -> str:
    """The talent's English text; one with a count takes the form its number wants."""
    text = talent["text"]
    if isinstance(text, str):
        return text
    return text["one"] if value_of(talent, text["count"]) == "1" else text["other"]


def value_of(talent: dict, name: str) -> str:
    """A placeholder's value: a param, or a field of the talent such as cost or bonus dice."""
    value = talent.get("params", {}).get(name, talent.get(name, ""))
    if isinstance(value, dict):
        value = value.get("amount", value.get("dice", ""))
    return str(value)


def talent_html(talent: dict, weapons: dict[str, str]) -> str:
    cost = talent["cost"]
    head = [f"<b>{escape(talent['name'])}</b>", escape(talent["keyword"].replace("_", " "))]
    head.append(
        "free" if cost["kind"] == "free" else f"{cost['amount']} <span class='icon'></span>"
    )
    if talent.get("required"):
        head.append(
            f"<i>requires {escape(weapons.get(talent['required'], talent['required']))}</i>"
        )
    body = escape(PLACEHOLDER.sub(lambda m: value_of(talent, m.group(1)), text_of(talent)))
    body = ICON.sub("<span class='icon'></span>", body)
    return f"<p>{' · '.join(head)}<br>{body}</p>"


def card_html(hero: dict, teams: dict, weapons: dict[str, str], talents: dict) -> str:
    team = teams.get(hero["team"], {})
    stats = "".join(
        f"<div class='stat'><div class='label'>{label}</div>"
        f"<div class='value'>{hero[key]}</div></div>"
        for key, label in STATS
    )
    texts = "".join(talent_html(talents[t], weapons) for t in hero["talents"] if t in talents)
    return (
        "<div class='card'><div class='band'>"
        f"<div class='name'>{escape(hero['name'])}</div>"
        f"<div class='team'>{escape(team.get('name', hero['team']))} · {hero['country']}</div>"
        f"<div class='pref'>Preferred: {escape(weapons.get(hero['preferred'], ''))}</div>"
        f"<div class='cost'>{hero['cost']}</div></div>"
        f"<div class='stats'>{stats}</div><div class='talents'>{texts}</div></div>"
    )


def document(limit: int | None) -> str:
    """The whole HTML document: one sheet of nine cards per page."""

    def read(path: Path) -> dict:
        return yaml.safe_load(path.read_text(encoding="utf-8"))

    teams = {t["id"]: t for t in read(CONTENT / "teams.yaml")["teams"]}
    gear = read(CONTENT / "weapons.yaml")
    weapons = {w["id"]: w["name"] for w in [*gear["weapons"], gear["qwik"]]}
    talents = {p.stem: read(p) for p in (CONTENT / "talents").glob("*.yaml")}
    heroes = sorted(
        (read(p) for p in (CONTENT / "heroes").glob("*.yaml")),
        key=lambda h: (h["team"], h["name"]),
    )
    cards = [card_html(h, teams, weapons, talents) for h in heroes[:limit]]
    sheets = "".join(
        f"<div class='sheet'>{''.join(cards[i : i + 9])}</div>" for i in range(0, len(cards), 9)
    )
    return f"<html><head><style>{font_faces()}{CSS}</style></head><body>{sheets}</body></html>"


def main(out: Path, limit: int | None) -> None:
    started = time.perf_counter()
    HTML(string=document(limit)).write_pdf(out)
    from weasyprint.text.ffi import harfbuzz_subset  # loaded when the system library is there

    subsetter = "harfbuzz" if harfbuzz_subset is not None else "fonttools"
    print(json.dumps({"render_seconds": time.perf_counter() - started, "subsetter": subsetter}))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[3]) if sys.argv[2:3] == ["--heroes"] else None)
