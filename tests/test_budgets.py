"""Budgets translators can see: `max-length` flags worked out from the boxes labels print in,
one msgctxt per box, and overflows that name the catalog entry to shorten."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import REPO, Project
from reportlab.lib.units import mm
from typer.testing import CliRunner

from ttgbuild.cli import app
from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.extract import extract_messages, flagged_budget
from ttgbuild.i18n.runtime import Translator
from ttgbuild.packs.jugger.render import boxes
from ttgbuild.render import fonts
from ttgbuild.render.boxes import RULER_LABEL, SAMPLE
from ttgbuild.render.context import RenderContext

DE_PO = "locales/de/LC_MESSAGES/ttgbuild.po"
TOO_LONG = "Verteidigungsbereitschaftswert"  # 30 characters: no hero card stat box holds it


def template() -> dict[tuple[str | None, str], object]:
    with (REPO / "locales" / "ttgbuild.pot").open("rb") as handle:
        catalog = read_po(handle)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}


def copy_project(tmp: Path) -> Project:
    shutil.copytree(REPO / "content", tmp / "content")
    shutil.copy(REPO / "ttgbuild.toml", tmp / "ttgbuild.toml")
    shutil.copytree(REPO / "locales", tmp / "locales")
    return Project(tmp)


def run(project: Project, *args: str):
    return CliRunner().invoke(app, [*args, "--project", str(project.root)])


def entry_line(project: Project, context: str, msgid: str) -> int:
    with project.path(DE_PO).open("rb") as handle:
        catalog = read_po(handle)
    return catalog.get(msgid, context).lineno


def test_a_budget_is_the_average_characters_that_fit_the_box_at_its_smallest_size() -> None:
    fonts.register()
    sample = SAMPLE
    advance = fonts.width(sample, fonts.CONDENSED, 3.5) / len(sample)
    inner = PrintSettings().card_width - 2 * PrintSettings().safe
    assert boxes.HERO_STAT.budget == int((inner / 4 - 1.6 * mm) / advance)
    assert boxes.WEAPON_STAT.budget == int((inner / 3 - 1.6 * mm) / advance)
    assert boxes.HERO_STAT.lines == 1
    assert boxes.COUNTER.lines > 1  # a counter's word may wrap across the disc


def test_the_template_carries_the_derived_budgets_and_where_each_label_prints() -> None:
    messages = template()
    for key, box in [
        (("hero card stat", "Defence"), boxes.HERO_STAT),
        (("weapon card stat", "Range"), boxes.WEAPON_STAT),
        (("cost shield", "RC"), boxes.COST_SHIELD),
        (("counter", "Exhausted"), boxes.COUNTER),
        (("dice table", "Die shows"), boxes.DICE_HEADING),
        (("board goal", "Goal"), boxes.GOAL),
    ]:
        message = messages[key]
        assert f"max-length:{box.budget}" in message.flags, key
        assert f"Prints in: {box.prints} (" in " ".join(message.auto_comments), key
    note = boxes.HERO_STAT.note()
    assert "(12.7 mm, one line, 3.5 to 5.5 pt condensed)" in note
    assert messages["talent:pounce:name", "Pounce"].flags >= {"max-length:24"}  # x-max-chars


def test_every_box_context_has_one_box_and_every_box_is_used() -> None:
    assert len(boxes.BY_CONTEXT) == len(boxes.BOXES)
    used = {context for context, _msgid in template()}
    assert {box.context for box in boxes.BOXES} <= used


def test_attack_has_its_own_context_in_each_box() -> None:
    contexts = {context for context, msgid in template() if msgid == "Attack"}
    assert {"hero card stat", "weapon card stat", "quickref table"} <= contexts
    assert "card label" not in contexts


def test_a_wider_box_gets_a_bigger_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    before = extract_messages(REPO).get("Will", "hero card stat")
    wider = dataclasses.replace(boxes.HERO_STAT, inset=0.0)
    monkeypatch.setitem(boxes.BY_CONTEXT, "hero card stat", wider)
    after = extract_messages(REPO).get("Will", "hero card stat")
    assert flagged_budget(after.flags) > flagged_budget(before.flags) == boxes.HERO_STAT.budget
    assert flagged_budget(after.flags) == wider.budget


def test_update_replaces_an_outdated_budget_in_a_catalog(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    project.replace(DE_PO, f"#, max-length:{boxes.HERO_STAT.budget}\n", "#, max-length:3\n")
    assert run(project, "i18n", "update").exit_code == 0
    text = project.path(DE_PO).read_text(encoding="utf-8")
    assert "max-length:3\n" not in text
    assert f"#, max-length:{boxes.HERO_STAT.budget}\n" in text


def test_too_long_label_is_caught_by_check_and_build_names_the_entry(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    line = entry_line(project, "hero card stat", "Defence")
    old = 'msgctxt "hero card stat"\nmsgid "Defence"\nmsgstr "Parade"\n'
    flags = f"#, max-length:{boxes.HERO_STAT.budget}\n"
    # Not the glossary's term, so the glossary check is told to let it be (same line count).
    new = flags.replace("\n", ", ignore-glossary\n") + old.replace("Parade", TOO_LONG)
    project.replace(DE_PO, flags + old, new)

    check = run(project, "i18n", "check")
    where = f"{DE_PO}:{line}:0: warning JT824:"
    assert where in check.output, check.output
    assert f"over the 'hero card stat' box's estimated budget of {boxes.HERO_STAT.budget}" in (
        check.output
    )

    out = project.path("out")
    built = run(project, "build", "--locale", "de", "--out", str(out))
    assert built.exit_code == 0, built.output
    overflows = [row for row in built.output.splitlines() if "JT901" in row]
    assert overflows, built.output
    assert all(f"translation at {DE_PO}:{line}" in row for row in overflows), overflows
    assert any(", defence: text does not fit: " in row and TOO_LONG in row for row in overflows)

    strict = run(project, "build", "--locale", "de", "--out", str(project.path("o2")), "--strict")
    assert strict.exit_code == 1


def test_a_problem_in_the_talent_box_names_every_talent_entry() -> None:
    tr = Translator("de", catalog_file=DE_PO)
    for key, text, line in [
        (("talent:pounce:name", "Pounce"), "Anspringen", 40),
        (("talent:pounce:text", "Jump {hexes}."), "Springe {hexes} Felder.", 44),
        (("hero card stat", "Attack"), "Angriff", 90),
    ]:
        tr.messages[key] = text
        tr.lines[key] = line
    ctx = RenderContext(None, tr, PrintSettings())  # type: ignore[arg-type]
    name = tr.content("talent", "pounce", "name", "Pounce")
    body = tr.content("talent", "pounce", "text", "Jump {hexes}.", {"hexes": 2})
    paragraphs = [[ctx.spans(name, bold=True)[0]], ctx.spans(body)]
    where = (Origin("content/heroes/x.yaml"), "hero card 'X'", "talents")
    ctx.fit(paragraphs, 5 * mm, 2 * mm, 7, 6, boxes.HERO_STAT.family, where)
    (problem,) = ctx.problems
    assert problem.code == "JT901"
    assert problem.entries == (f"{DE_PO}:40", f"{DE_PO}:44")
    assert tr.entry_of("Angriff") == ""  # looked up by nobody yet
    assert tr.pgettext("hero card stat", "Attack") == "Angriff"
    assert tr.entry_of("Angriff") == f"{DE_PO}:90"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_shipped_kit_builds_strict_clean(tmp_path: Path, paper: str) -> None:
    args = ["build", "--strict", "--locale", "en,es,de", "--paper", paper, "--out", str(tmp_path)]
    result = CliRunner().invoke(app, [*args, "--project", str(REPO)])
    assert result.exit_code == 0, result.output


def test_a_page_note_too_long_for_its_box_is_reported_at_its_entry(tmp_path: Path) -> None:
    """The 100 % note is on every page; it used to shrink to its smallest size and run on."""
    project = copy_project(tmp_path)
    msgid = "Print at 100 % (actual size), never 'fit to page'."
    line = entry_line(project, "page note", msgid)
    old = "Mit 100 % drucken (Originalgröße), nie „An Seite anpassen“."
    long = old + " Prüfe vor dem Schneiden mit einem Lineal, ob das Lineal wirklich passt."
    project.replace(DE_PO, f'msgstr "{old}"', f'msgstr "{long}"')

    assert "warning JT824" in run(project, "i18n", "check").output

    built = run(project, "build", "--locale", "de", "--out", str(project.path("out")))
    assert built.exit_code == 0, built.output
    overflows = [row for row in built.output.splitlines() if "JT901" in row]
    assert len(overflows) == 1, built.output  # one report for the note, not one per page
    assert "print note" in overflows[0] and f"translation at {DE_PO}:{line}" in overflows[0]


def test_board_alignment_and_ruler_texts_have_budgets_and_their_own_boxes() -> None:
    messages = template()
    tile = "Board tile {tile} (row {row}, column {column})"
    for key, box in [
        (("board tile heading", tile), boxes.TILE_HEADING),
        (("board map title", "Board assembly map"), boxes.MAP_TITLE),
        (("alignment test heading", "Duplex alignment test: back"), boxes.ALIGNMENT_HEADING),
        (("ruler", "= {length} mm"), RULER_LABEL),
    ]:
        assert f"max-length:{box.budget}" in messages[key].flags, key
    hint = [key for key in messages if key[0] == "board tile hint"]
    plural = [key for key in messages if key[0] == "board map"]
    bodies = [key for key in messages if key[0] == "alignment test"]
    assert len(hint) == len(plural) == 1 and len(bodies) == 2
    assert ("board", tile) not in messages and (None, "Board assembly map") not in messages
    # Side by side, with a gap, on the narrowest tile page: heading and hint cannot meet.
    both = boxes.TILE_HEADING.across() + boxes.TILE_HINT.across()
    assert both < boxes.TILE_PAGE_TEXT


def test_a_tile_heading_too_long_for_its_box_is_reported_at_its_entry(tmp_path: Path) -> None:
    """The heading used to be drawn at 9 pt whatever its length, into the gluing hint."""
    project = copy_project(tmp_path)
    line = entry_line(
        project, "board tile heading", "Board tile {tile} (row {row}, column {column})"
    )
    old = 'msgstr "Spielfeldteil {tile} (Reihe {row}, Spalte {column})"'
    long = "Ausgedrucktes und zusammenzuklebendes Spielfeldteil {tile} "
    long += "(waagerechte Reihe {row}, senkrechte Spalte {column})"
    project.replace(DE_PO, old, f'msgstr "{long}"')

    built = run(project, "build", "--locale", "de", "--out", str(project.path("out")))
    assert built.exit_code == 0, built.output
    overflows = [row for row in built.output.splitlines() if "JT901" in row]
    assert overflows, built.output
    assert all("board tile, heading" in row for row in overflows), overflows
    assert all(f"translation at {DE_PO}:{line}" in row for row in overflows), overflows

    strict = run(project, "build", "--locale", "de", "--out", str(project.path("o2")), "--strict")
    assert strict.exit_code == 1


def test_a_ruler_label_too_long_for_its_box_is_reported_once(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    line = entry_line(project, "ruler", "= {length} mm")
    long = "= {length} Millimeter Lineal zum Nachmessen"
    project.replace(
        DE_PO,
        'msgid "= {length} mm"\nmsgstr "= {length} mm"',
        f'msgid "= {{length}} mm"\nmsgstr "{long}"',
    )

    built = run(project, "build", "--locale", "de", "--out", str(project.path("out")))
    overflows = [row for row in built.output.splitlines() if "JT901" in row]
    assert len(overflows) == 1, built.output
    assert "ruler label" in overflows[0] and f"translation at {DE_PO}:{line}" in overflows[0]
