"""`watch` redraws only what an edit changed, and still shows what a fresh `preview` shows.

A seeded random sequence of edits (a hero's numbers and name, a talent's text,
a weapon, a rule, a catalog entry, a hero deleted, another renamed; a data
game's layout and records) goes through the warm gallery (`warm`), then every
picture of its page is compared with the page of a fresh `preview` of the same
files: the same picture name is the same JPEG bytes (names are their hash).
One `ttgbuild watch` run checks the same through the CLI, and that the open
page is told to swap just the changed pictures (`event: swap`).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Project, shipped_copy

from ttgbuild.preview.gallery import write_gallery
from ttgbuild.preview.warm import WarmGallery

FIGURE = re.compile(
    r'<figure class="item" data-kind="([^"]*)" data-id="([^"]*)" data-locale="([^"]*)"'
    r'[^>]*><img src="([^"]*)"'
)
LOCALE = "de"  # one locale with a catalog: the test stays quick, catalog edits count


def pictures(out: Path) -> dict[tuple[str, str, str], str]:
    """Every picture of a gallery page: (kind, id, locale) -> img/<hash>.jpg."""
    page = (out / "index.html").read_text(encoding="utf-8")
    return {match.groups()[:3]: match.group(4) for match in FIGURE.finditer(page)}


def fresh_pictures(project: Path, out: Path, locales: list[str] | None) -> dict:
    gallery = write_gallery(project, out, locales)
    assert not gallery.failed, gallery.diagnostics
    return pictures(out)


def same_as_fresh(warm_out: Path, project: Path, tmp: Path, locales: list[str] | None) -> None:
    shown = pictures(warm_out)
    fresh = fresh_pictures(project, tmp / "fresh", locales)
    assert shown.keys() == fresh.keys()
    assert {key for key in shown if shown[key] != fresh[key]} == set()
    for name in shown.values():  # every picture the page names is there
        assert (warm_out / name).is_file()


Edit = Callable[[Project, random.Random], set[Path]]


def hero_files(project: Project) -> list[Path]:
    return sorted(project.path("content/heroes").glob("*.yaml"))


def edit_hero_number(project: Project, rng: random.Random) -> set[Path]:
    hero = rng.choice(hero_files(project))
    name = rng.choice(["attack", "defence"])
    text = hero.read_text(encoding="utf-8")
    value = int(re.search(rf"^{name}: (\d+)$", text, re.M).group(1))
    new = value + 1 if value < 3 else value - 1
    hero.write_text(re.sub(rf"^{name}: \d+$", f"{name}: {new}", text, flags=re.M))
    return {hero}


def edit_hero_name(project: Project, rng: random.Random) -> set[Path]:
    hero = rng.choice(hero_files(project))
    text = hero.read_text(encoding="utf-8")
    hero.write_text(re.sub(r'^name: "([^"]*)"$', r'name: "\1 Jr"', text, count=1, flags=re.M))
    return {hero}


def edit_talent(project: Project, rng: random.Random) -> set[Path]:
    talent = rng.choice(sorted(project.path("content/talents").glob("*.yaml")))
    data = project.read(talent.relative_to(project.root).as_posix())
    data["name"] = data["name"] + " Plus"
    project.write(talent.relative_to(project.root).as_posix(), data)
    return {talent}


def edit_weapon(project: Project, rng: random.Random) -> set[Path]:
    data = project.read("content/weapons.yaml")
    weapon = rng.choice(data["weapons"])
    weapon["name"] = weapon["name"] + " II"
    project.write("content/weapons.yaml", data)
    return {project.path("content/weapons.yaml")}


def edit_catalog(project: Project, rng: random.Random) -> set[Path]:
    catalog = project.path(f"locales/{LOCALE}/LC_MESSAGES/ttgbuild.po")
    text = catalog.read_text(encoding="utf-8")
    old, new = rng.choice(  # on every hero card; in a table of the tokens' file
        [("Bevorzugt: {weapon}", "Lieblingswaffe: {weapon}"), ("Würfel zeigt", "Würfel zeigen")]
    )
    catalog.write_text(text.replace(f'msgstr "{old}"', f'msgstr "{new}"'), encoding="utf-8")
    return {catalog}


def delete_and_rename_heroes(project: Project, rng: random.Random) -> set[Path]:
    """Records gone and renamed in one burst of saves: every piece after them moves."""
    gone, moved = rng.sample(hero_files(project), 2)
    gone.unlink()
    text = moved.read_text(encoding="utf-8")
    new_id = f"zz-{moved.stem}"
    target = moved.with_name(f"{new_id}.yaml")
    target.write_text(text.replace(f"id: {moved.stem}", f"id: {new_id}"), encoding="utf-8")
    moved.unlink()
    return {gone, moved, target}


EDITS: list[Edit] = [
    edit_hero_number,
    edit_hero_number,
    edit_hero_name,
    edit_talent,
    edit_weapon,
    edit_catalog,
    delete_and_rename_heroes,
]


@pytest.mark.timeout(300)
def test_a_random_sequence_of_edits_shows_what_a_fresh_preview_shows(tmp_path: Path) -> None:
    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "gallery"
    said: list[str] = []
    warm = WarmGallery(project.root, out, [LOCALE], say=said.append)
    warm.start()
    rng = random.Random(41)
    edits = EDITS[:]
    rng.shuffle(edits)
    for edit in edits:
        saved = edit(project, rng)
        update = warm.refresh(saved)
        assert not warm.failed, warm.diagnostics
        assert not update.reload or edit in (delete_and_rename_heroes, edit_hero_name)
    assert any("drawing everything again" in line for line in said)  # records came and went
    same_as_fresh(out, project.root, tmp_path, [LOCALE])


@pytest.mark.timeout(300)
def test_a_heros_edit_draws_its_card_alone_and_reuses_the_laid_out_decks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One hero's attack edited: the cards file binds again that hero's card only (its
    decks stay laid out: `decks.Plans`), draws no other card, and the page shows what a
    fresh preview shows."""
    from ttgbuild.render.layout import decks

    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "gallery"
    quick: list = []  # the pictures shown first, before the slow files and the checks
    warm = WarmGallery(
        project.root, out, [LOCALE], shown=lambda update: quick.extend(update.pictures)
    )
    warm.start()
    bound: list[str] = []
    drawn: list[str] = []
    prepared, draw_card = decks.prepared, decks._draw_card

    def counted(kit, face, scope, given=None):  # type: ignore[no-untyped-def]
        card = prepared(kit, face, scope, given)
        bound.append(card.piece.record if card.piece else "")
        return card

    def drawing(kit, grid, row, column, card, extra, forms):  # type: ignore[no-untyped-def]
        drawn.append(card.piece.record if card.piece else "")
        draw_card(kit, grid, row, column, card, extra, forms)

    monkeypatch.setattr(decks, "prepared", counted)
    monkeypatch.setattr(decks, "_draw_card", drawing)
    hero = hero_files(project)[0]
    text = hero.read_text(encoding="utf-8")
    attack = re.search(r"^attack: (\d+)$", text, re.M)
    assert attack is not None
    other = "3" if attack.group(1) != "3" else "4"
    hero.write_text(text.replace(attack.group(), f"attack: {other}"), encoding="utf-8")
    warm.refresh({hero})
    # The quick pictures: the hero's card, and a whole file quick to draw on a fast machine
    # (the rules' worked example reads the attack), never another card.
    assert [picture[:3] for picture in quick if picture[0] == "hero"] == [
        ("hero", hero.stem, LOCALE)
    ]
    assert bound == [hero.stem]  # once: its copies are one card, the others only placed
    assert set(drawn) == {hero.stem}
    same_as_fresh(out, project.root, tmp_path, [LOCALE])


@pytest.mark.timeout(120)
def test_a_data_games_layout_and_records_edited(tidewrack: Path, tmp_path: Path) -> None:
    out = tmp_path / "gallery"
    said: list[str] = []
    warm = WarmGallery(tidewrack, out, None, say=said.append)
    warm.start()
    layout = tidewrack / "pack" / "layouts" / "critter.layout.yaml"
    text = layout.read_text(encoding="utf-8")
    colour = re.search(r"#[0-9a-fA-F]{6}", text)
    assert colour is not None
    layout.write_text(text.replace(colour.group(), "#123456", 1), encoding="utf-8")
    warm.refresh({layout})
    assert any("is not a content file or catalog" in line for line in said)  # said why
    critter = sorted((tidewrack / "content" / "critters").glob("*.yaml"))[0]
    critter.write_text(critter.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    warm.refresh({critter})
    assert not warm.failed, warm.diagnostics
    same_as_fresh(out, tidewrack, tmp_path, None)


@pytest.mark.timeout(420)
def test_the_watch_command_swaps_the_changed_pictures_in_the_open_page(tmp_path: Path) -> None:
    project = shipped_copy(tmp_path / "project")
    out = tmp_path / "gallery"
    command = [sys.executable, "-m", "ttgbuild", "watch", "--project", str(project.root)]
    command += ["--locale", LOCALE, "--port", "0", "--out", str(out)]
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TTGBUILD_CACHE_DIR": str(tmp_path / "cache")},
        # Run in the background (nohup, `cmd &`), the suite inherits SIGINT ignored, and so
        # would watch: Ctrl-C must reach it, as it reaches a watch started in a terminal.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    said: list[str] = []
    try:
        for line in process.stderr:
            said.append(line)
            if "serving http://" in line:
                break
        url = re.search(r"http://\S+/", said[-1]).group()
        events: list[str] = []
        channel = urllib.request.urlopen(f"{url}_live/events", timeout=120)
        listening = threading.Thread(target=_read_events, args=(channel, events), daemon=True)
        listening.start()
        project.replace("content/heroes/aoife-callinan.yaml", "attack: 4", "attack: 3")
        for line in process.stderr:
            said.append(line)
            if "picture(s) in" in line or "a new page in" in line:
                break
        listening.join(timeout=60)
    finally:
        process.send_signal(signal.SIGINT)
        # Ctrl-C lets a refresh already drawing (the slow files, validate) finish first.
        _out, rest = process.communicate(timeout=240)
        said.append(rest)
    assert "Traceback" not in "".join(said)
    swaps = [json.loads(line[len("data: ") :]) for line in events if line.startswith("data: {")]
    assert swaps, "".join(said) + "".join(events)
    assert swaps[0]["from"] == 0 and swaps[0]["version"] == 1
    swapped = {(kind, ident) for kind, ident, _locale, _picture in swaps[0]["pictures"]}
    # That hero's card and nothing else: no other card was drawn again.
    assert ("hero", "aoife-callinan") in swapped
    assert {kind for kind, _ident in swapped} <= {"hero", "rules"}  # the rules' worked example
    assert {ident for kind, ident in swapped if kind == "hero"} == {"aoife-callinan"}
    for _kind, _ident, _locale, picture in swaps[0]["pictures"]:
        assert (out / picture).is_file()
    same_as_fresh(out, project.root, tmp_path, [LOCALE])


def _read_events(channel: object, events: list[str]) -> None:
    """The event channel's lines until the first swap has been read in full."""
    for raw in channel:  # type: ignore[attr-defined]
        line = raw.decode().rstrip("\n")
        events.append(line)
        if line.startswith("data: {"):
            return


def test_the_engine_knows_nothing_of_a_folder_it_did_not_claim(tmp_path: Path) -> None:
    (tmp_path / "gallery").mkdir()
    (tmp_path / "gallery" / "notes.txt").write_text("mine")
    project = shipped_copy(tmp_path / "project")
    from ttgbuild.preview.record import ForeignFolder

    with pytest.raises(ForeignFolder):
        WarmGallery(project.root, tmp_path / "gallery", [LOCALE]).start()
    assert (tmp_path / "gallery" / "notes.txt").read_text() == "mine"
    shutil.rmtree(tmp_path / "gallery")
