"""Dungeon Bowl's book as data (ttgbuild/packs/dungeonbowl/data/book.yaml).

Every value the Spanish excerpt states is compared with games/dungeon-bowl's
content: the shipped kit plays it or declares a variant; each value, changed in
a copy, is named by JT031 at the content line and the book line, and a variant
for it silences that. The kit prints its variants (match.pdf, guide.pdf) in
every locale, and the injury chain, the niggling note and the dice the guide
asks for are written from data, so editing the data changes the sentence.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from bench.pdfview import open_pdf
from tests.bookwalk import (
    book_diagnostics,
    book_values,
    compare,
    declare_variant,
    mutate,
    project_copy,
    run_validate,
)
from tests.conftest import assert_no_crash, run_cli
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.render import datakit
from ttgbuild.render.context import RenderContext
from ttgbuild.source.bookfile import BookValue
from ttgbuild.source.datapack import pack_of
from ttgbuild.source.loader import load_content
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import load_document

REPO = Path(__file__).resolve().parents[1]
GAME = REPO / "games" / "dungeon-bowl"
BOOK = REPO / "ttgbuild" / "packs" / "dungeonbowl" / "data" / "book.yaml"
VALUES = book_values(BOOK)
SHIPPED = yaml.safe_load((GAME / "content" / "variants.yaml").read_text(encoding="utf-8"))
VARIED = {name for variant in SHIPPED["variants"] for name in variant["changes"]}
LOCALES = ("en", "es", "de")
HEADING = {
    "en": "This kit changes the published rules of Dungeon Bowl:",
    "es": "Este kit cambia las reglas publicadas de Dungeon Bowl:",
    "de": "Dieses Kit ändert die veröffentlichten Regeln von Dungeon Bowl:",
}
# The shipped variants' summaries as each locale prints them (the catalogs' translations).
SUMMARIES = {
    "en": ["A knocked-out player always goes to the dugout's KO box."],
    "es": ["Un jugador en KO siempre va a la casilla de KO del banquillo."],
    "de": ["Ein K.O. gegangener Spieler kommt immer in die K.O.-Box der Ersatzbank."],
}


def flat(text: str) -> str:
    """Printed text without the line breaks, hyphens and soft hyphens wrapping adds."""
    return re.sub(r"[\s\-\u00ad\ufffe]", "", text)


def printed(data: bytes | Path) -> str:
    return flat(" ".join(page.text() for page in open_pdf(data)))


def draw_sheet(root: Path, locale: str, name: str) -> str:
    """One of the kit's sheets drawn in this process (as the build draws it), as text."""
    pack = pack_of(root)
    loaded = load_content(root, pack)
    tr = load_translator(root, locale)
    settings = PrintSettings()
    ctx = RenderContext.for_pack(pack, loaded.content, tr, settings, content_dir=root / "content")
    sheet = Path(pack.sheets) / f"{name}.sheet.yaml"
    data = datakit.sheet(ctx, str(sheet), pack.title, {}, f"{name}.pdf")
    assert not ctx.problems
    # A variant only a test declares has no translation: its English prints (JT801).
    assert all(d.code == "JT801" for d in tr.diagnostics), tr.diagnostics
    return printed(data)


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the game, each change undone after its test (files restored)."""
    return project_copy(GAME, tmp_path_factory.mktemp("book") / "dungeon-bowl")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return project_copy(GAME, tmp_path / "dungeon-bowl")


@contextmanager
def restoring(root: Path, *files: str) -> Iterator[None]:
    """The files as they were when the block ends, whatever it changed."""
    saved = {name: (root / name).read_bytes() for name in files}
    try:
        yield
    finally:
        for name, data in saved.items():
            (root / name).write_bytes(data)


def by_id(diagnostics: list) -> dict[str, list]:
    found: dict[str, list] = {}
    for d in diagnostics:
        found.setdefault(d.message.split(":")[0].split("/")[0], []).append(d)
    return found


# (1) The shipped game.


def test_the_shipped_game_plays_its_book_or_declares_each_change() -> None:
    assert book_diagnostics(compare(GAME)) == []


def test_the_book_holds_every_row_of_every_table_the_excerpt_prints() -> None:
    """Whole rows, so a shift that still covers every roll with other results is caught."""
    held = {value.at for value in VALUES}
    for table in ("injury", "stunty-injury", "casualty", "reduction"):
        rows = yaml.safe_load((GAME / f"content/tables/{table}.yaml").read_text("utf-8"))["rows"]
        for index, _ in enumerate(rows):
            for key in ("low", "high", "result"):
                assert f"tables/{table}.yaml#/rows/{index}/{key}" in held, (table, index, key)
        assert f"tables/{table}.yaml#/dice" in held


def test_the_book_states_what_the_issue_names() -> None:
    values = {value.id: value for value in VALUES}
    assert values["stunty_badly_hurt_low"].value == values["stunty_badly_hurt_high"].value == 9
    assert values["stunty_badly_hurt_applies"].value == "casualty/badly-hurt"
    assert values["stunty_table_id"].at == "tables/stunty-injury.yaml#/id"
    assert values["niggling_amount"].value == 1 and values["injury_table"].value == "injury"
    assert [values[f"block_{k}_dice"].value for k in ("equal", "stronger", "double")] == [1, 2, 3]
    assert values["block_assist"].value == 1
    assert values["teleport_extra_squares"].value == values["teleport_safe_teleports"].value == 1
    limits = ("pass", "hand_off", "blitz", "foul", "dugout_teleport")
    assert all(values[f"{action}_per_turn"].value == 1 for action in limits)
    steps = [values[f"post_match_step_{n}"].value for n in range(1, 5)]
    assert steps == ["record-result", "advancement", "hiring", "next-match"]


# (2) Every value walked: changed → JT031 at the content line, naming the book line;
#     declared → clean.


@pytest.mark.timeout(120)
def test_every_book_value_changed_is_named_at_its_line_and_a_variant_silences_it(
    walked: Path,
) -> None:
    pinned = set()
    for value in VALUES:
        if value.id in VARIED:
            continue
        with restoring(walked, f"content/{value.file}", "content/variants.yaml"):
            place = changed(walked, value)
            if place is None:
                pinned.add(value.id)
                continue
            file, line = place
            found = book_diagnostics(compare(walked))
            assert [d.code for d in found] == ["JT031"], (value.id, [d.as_text() for d in found])
            (diagnostic,) = found
            assert (diagnostic.file, diagnostic.line) == (file, line), value.id
            assert diagnostic.message.startswith(value.id), diagnostic.message
            assert value.where in diagnostic.message, diagnostic.message
            declare_variant(walked, value.id)
            assert book_diagnostics(compare(walked)) == [], value.id
    # The portal die's schema allows only the book's D6 (the portals carry its faces).
    assert pinned == {"teleport_die"}


def changed(root: Path, value: BookValue) -> tuple[str, int] | None:
    """The content at the value's place changed in the file's text, the file still valid
    under its schema; the content file and line JT031 must name (None: the schema
    allows no other value).

    bookwalk's `mutate` does this through ruamel.yaml's round trip, which takes
    a second or more per value on this game's files (a walk of its 150 values
    would take minutes); every node the book names here is a scalar or a flow
    mapping of scalars, so the scalar's own characters are replaced in place and
    every other line stays as it was. The CLI test below uses `mutate` itself.
    """
    file = f"content/{value.file}"
    path = root / file
    text = path.read_text(encoding="utf-8")
    doc, _ = load_document(path, file)
    assert doc is not None
    pointer, node = value.pointer, value.value
    while isinstance(node, dict):  # a mapping: its first leaf
        key = next(iter(node))
        pointer, node = f"{pointer}/{key}", node[key]
    line, column = doc.locate(pointer)
    lines = text.splitlines(keepends=True)
    start = column - 1
    token = re.match(r"\"[^\"]*\"|'[^']*'|[^,}\]#\n]*", lines[line - 1][start:])
    assert token is not None
    end = start + len(token.group().rstrip())
    for other in others(pointer, node):
        row = lines[line - 1]
        lines[line - 1] = row[:start] + other + row[end:]
        path.write_text("".join(lines), encoding="utf-8")
        if schema_valid(root, value.file):
            return file, line
        lines[line - 1] = row
    path.write_text(text, encoding="utf-8")
    return None


def others(pointer: str, node: object) -> Iterator[str]:
    """Replacements for a scalar, as YAML text: a number moved, a flag turned, another id
    the book or content uses under the same key (a dice, a result, a kind)."""
    if isinstance(node, bool):
        yield str(not node).lower()
    elif isinstance(node, int):
        yield from (str(node + 1), str(node - 1))
    elif node is None:
        yield from ("12", "11")
    else:
        key = pointer.rsplit("/", 1)[1]
        prefix = str(node).rsplit("/", 1)[0]
        slashed = [f"{prefix}/{result}" for result in same_key("result")] if "/" in node else []
        every = [str(v.value) for v in VALUES if isinstance(v.value, str)]
        yield from dict.fromkeys(c for c in [*same_key(key), *slashed, *every] if c != node)


@functools.cache
def same_key(key: str) -> list[str]:
    """Every string the book states, or the game's content holds, under a key of this name."""
    found = [str(v.value) for v in VALUES if v.pointer.endswith(f"/{key}")]
    for data in shipped_content():
        found += list(strings_under(data, key))
    return list(dict.fromkeys(found))


@functools.cache
def shipped_content() -> tuple[object, ...]:
    return tuple(
        yaml.safe_load(path.read_text(encoding="utf-8"))
        for path in sorted((GAME / "content").rglob("*.yaml"))
    )


def strings_under(data: object, key: str) -> Iterator[str]:
    if isinstance(data, dict):
        for name, item in data.items():
            if name == key and isinstance(item, str):
                yield item
            yield from strings_under(item, key)
    elif isinstance(data, list):
        for item in data:
            yield from strings_under(item, key)


def schema_valid(root: Path, file: str) -> bool:
    """Whether the changed content file loads and passes its kind's schema (else validate
    would report that, and compare nothing of it)."""
    pack = pack_of(root)
    parts = file.split("/")
    kind = pack.folders.get(parts[0]) if len(parts) == 2 else pack.files.get(file)
    doc, problems = load_document(root / "content" / file, f"content/{file}")
    if doc is None or problems:
        return False
    return kind is None or not schemas_at(pack.schemas).check_document(doc, kind)


@pytest.mark.parametrize("variant", [v["id"] for v in SHIPPED["variants"]])
def test_without_its_shipped_variant_each_fix_of_the_book_is_a_located_departure(
    game: Path, variant: str
) -> None:
    path = game / "content" / "variants.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    (dropped,) = [v for v in data["variants"] if v["id"] == variant]
    data["variants"].remove(dropped)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    found = by_id(book_diagnostics(compare(game)))
    assert sorted(found) == sorted(dropped["changes"])
    values = {value.id: value for value in VALUES}
    for name, (diagnostic,) in found.items():
        value = values[name]
        assert diagnostic.code == "JT031" and diagnostic.file == f"content/{value.file}"
        assert value.where in diagnostic.message
        assert diagnostic.line == located(game, value), name


def located(game: Path, value: BookValue) -> int:
    """The content line of the value's node, or of its parent mapping when content lacks it."""
    doc, _ = load_document(game / "content" / value.file, f"content/{value.file}")
    assert doc is not None
    parent, _, key = value.pointer.rpartition("/")
    node = doc.data
    for part in parent.strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return doc.locate(value.pointer if key in node else parent)[0]


# (3) The real command.


def test_validate_names_a_changed_book_value_and_a_variant_makes_it_pass(game: Path) -> None:
    (value,) = [v for v in VALUES if v.id == "teleport_extra_squares"]
    file, line = mutate(game, value)
    result = run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert f"{file}:{line}:" in result.output and "JT031" in result.output
    assert "teleport_extra_squares" in result.output and "line 26" in result.output
    declare_variant(game, value.id)
    result = run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert "JT031" not in result.output and "JT033" not in result.output


# (4) The variants printed.


@pytest.mark.timeout(180)
def test_the_kit_prints_its_variants_in_every_locale(game: Path) -> None:
    """One real build (es: the kit's own translations, and the English fallback of a
    variant no catalog knows); en and de drawn in this process the way the build does."""
    (value,) = [v for v in VALUES if v.id == "teleport_extra_squares"]
    assert changed(game, value) is not None
    declare_variant(game, value.id, "A portal costs no extra movement here.")
    out = game / "output"
    result = run_cli(game, "build", "--locale", "es", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    texts = {("es", name): printed(out / "es" / f"{name}.pdf") for name in ("match", "guide")}
    for locale in ("en", "de"):
        texts |= {(locale, name): draw_sheet(game, locale, name) for name in ("match", "guide")}
    for (locale, name), text in texts.items():
        assert flat(HEADING[locale]) in text, (locale, name)
        for summary in SUMMARIES[locale]:
            assert flat(summary) in text, (locale, name, summary)
        assert flat("A portal costs no extra movement here.") in text, (locale, name)


def test_a_kit_that_declares_no_variant_prints_no_list_of_changes(game: Path) -> None:
    (game / "content" / "variants.yaml").unlink()
    for locale in ("en", "de"):
        for name in ("match", "guide"):
            text = draw_sheet(game, locale, name)
            assert flat(HEADING[locale]) not in text, (locale, name)
            assert flat(SUMMARIES[locale][0]) not in text, (locale, name)


# (5) Variants that are wrong.


def test_an_unused_variant_and_an_unknown_value_are_located(game: Path) -> None:
    path = game / "content" / "variants.yaml"
    extra = (
        "  - id: plays-the-book\n"
        "    changes: [block_assist]\n"
        "    reason: The kit adds as much as the book.\n"
        "    summary: Assists add {block_assist}.\n"
        "  - id: no-such-value\n"
        "    changes: [block_asist]\n"
        "    reason: A typo.\n"
        "    summary: Assists differ.\n"
    )
    before = path.read_text(encoding="utf-8")
    path.write_text(before + extra, encoding="utf-8")
    first = before.count("\n") + 1
    found = book_diagnostics(compare(game))
    codes = {(d.code, d.file, d.line) for d in found}
    assert ("JT033", "content/variants.yaml", first) in codes
    unknown = [d for d in found if d.code == "JT032"]
    assert unknown and unknown[0].line == first + 5 and "block_assist" in unknown[0].message


# Fixed prose written from data (spec section 7).


def test_the_injury_chain_names_the_tables_the_rows_send_to(game: Path) -> None:
    before = draw_sheet(game, "en", "injury")
    assert flat("Casualty: roll D16 on “Casualty table”.") in before
    edit(game, "content/tables/casualty.yaml", "name: Casualty table", "name: Bone Table")
    after = draw_sheet(game, "en", "injury")
    assert flat("Casualty: roll D16 on “Bone Table”.") in after
    assert flat("Casualty: roll D16 on “Casualty table”.") not in after


def test_the_niggling_note_prints_the_modifier_the_table_adds(game: Path) -> None:
    note = "each niggling injury adds {amount}."
    assert flat(note.format(amount=1)) in draw_sheet(game, "en", "injury")
    for table in ("injury", "stunty-injury"):
        edit(game, f"content/tables/{table}.yaml", "amount: 1, most: 3", "amount: 2, most: 3")
    text = draw_sheet(game, "en", "injury")
    assert flat(note.format(amount=2)) in text and flat(note.format(amount=1)) not in text


def test_the_guide_asks_for_the_dice_the_data_rolls(game: Path) -> None:
    need = "You also need ordinary dice: {d6} \u00d7 D6, 1 \u00d7 D8."
    assert flat(need.format(d6=2)) in draw_sheet(game, "en", "guide")
    edit(game, "content/game.yaml", "dice: 2D6\n  beat_by", "dice: 3D6\n  beat_by")
    assert flat(need.format(d6=3)) in draw_sheet(game, "en", "guide")


def test_the_blitz_prints_the_movement_its_block_takes_from_data(game: Path) -> None:
    assert flat("the block takes 1 from the player's MA") in draw_sheet(game, "en", "match")
    edit(game, "content/procedures.yaml", "params: {squares: 1}", "params: {squares: 2}")
    assert flat("the block takes 2 from the player's MA") in draw_sheet(game, "en", "match")


PUSH_BACK = {
    "en": ("The target moves {n} square away", "The target moves {n} squares away"),
    "es": ("El objetivo retrocede {n} cuadro;", "El objetivo retrocede {n} cuadros;"),
    "de": ("Das Ziel weicht {n} Feld zurück", "Das Ziel weicht {n} Felder zurück"),
}


def test_push_back_prints_the_squares_the_book_states_from_data(game: Path) -> None:
    """Book line 93's one square is data (push_back_squares): changed and declared, the
    block sheet's Push Back follows in every locale, in the form its count wants."""
    for locale, (one, _) in PUSH_BACK.items():
        assert flat(one.format(n=1)) in draw_sheet(game, locale, "block"), locale
    edit(game, "content/game.yaml", "      params: {squares: 1}", "      params: {squares: 2}")
    assert "push_back_squares" in by_id(book_diagnostics(compare(game)))
    summary = "Push Back moves the target {push_back_squares} squares."
    declare_variant(game, "push_back_squares", summary)
    result = run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    for locale, (_, other) in PUSH_BACK.items():
        assert flat(other.format(n=2)) in draw_sheet(game, locale, "block"), locale


def test_row_effects_print_the_table_links_and_points_their_data_holds(game: Path) -> None:
    """A row's `then`, `applies` and `reduce` print through {then}, {applied} and {by}: each
    changed in the data and declared, the injury sheet follows in every locale."""
    before = {locale: draw_sheet(game, locale, "injury") for locale in LOCALES}
    assert flat("for the Casualties box; roll on “Casualty table”.") in before["en"]
    assert flat("tira en «Tabla de lesiones graves».") in before["es"]
    assert flat("würfle auf „Verletzungstabelle“.") in before["de"]
    assert flat("“Badly Hurt” of “Casualty table” applies without a roll.") in before["en"]
    assert flat("Lose 1 point of AV.") in before["en"]
    tables = "content/tables/"
    edit(game, tables + "injury.yaml", "then: casualty}", "then: reduction}")
    edit(game, tables + "stunty-injury.yaml", "casualty/badly-hurt", "casualty/seriously-hurt")
    for value in ("injury_casualty_then", "stunty_badly_hurt_applies"):
        assert value in by_id(book_diagnostics(compare(game)))
        declare_variant(game, value, f"This kit changes {{{value}}}.")
    result = run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    # A reduction of two points departs from the book and from DB107 (the rules' "always
    # one point"), so no build draws it; the sheet still writes what the data says.
    edit(game, tables + "reduction.yaml", "av, by: 1}", "av, by: 2}")
    assert "reduction_head_reduce" in by_id(book_diagnostics(compare(game)))
    after = {locale: draw_sheet(game, locale, "injury") for locale in LOCALES}
    assert flat("for the Casualties box; roll on “Characteristic reduction”.") in after["en"]
    assert flat("tira en «Reducción de características».") in after["es"]
    assert flat("würfle auf „Spielwertverlust“.") in after["de"]
    assert flat("“Seriously Hurt” of “Casualty table” applies without a roll.") in after["en"]
    assert flat("Lose 2 points of AV.") in after["en"]
    assert flat("Pierde 2 puntos de AV.") in after["es"]
    assert flat("Verliere 2 Punkte AV.") in after["de"]


def edit(game: Path, file: str, old: str, new: str) -> None:
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert old in text, (file, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_walk_put_back_every_file_it_changed(walked: Path) -> None:
    for path in sorted((GAME / "content").rglob("*.yaml")):
        name = path.relative_to(GAME)
        assert (walked / name).read_bytes() == path.read_bytes(), name
    assert book_diagnostics(compare(walked)) == []
