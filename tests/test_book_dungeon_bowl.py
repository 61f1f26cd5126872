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
from pathlib import Path

import pytest
import yaml

from bench.pdfview import open_pdf
from tests import bookwalk as bw
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
VALUES = bw.book_values(BOOK)
SHIPPED = yaml.safe_load((GAME / "content" / "variants.yaml").read_text(encoding="utf-8"))
VARIED = {name for variant in SHIPPED["variants"] for name in variant["changes"]}
HEADING = bw.headings("Dungeon Bowl")
# The shipped variants' summaries as each locale prints them (the catalogs' translations).
SUMMARIES = {
    "en": ["A knocked-out player always goes to the dugout's KO box."],
    # The book's name for the KO box, "Jugadores Noqueados" (L115; issue 38).
    "es": ["Un jugador en KO siempre va a la casilla de jugadores noqueados del banquillo."],
    "de": ["Ein K.O. gegangener Spieler kommt immer ins K.O.-Feld der Ersatzbank."],
}


def printed(data: bytes | Path) -> str:
    return bw.flat(" ".join(page.text() for page in open_pdf(data)))


def draw_sheet(root: Path, locale: str, name: str) -> str:
    """One of the kit's sheets drawn in this process (as the build draws it), as text."""
    pack = pack_of(root)
    loaded = load_content(root, pack)
    tr = load_translator(root, locale)
    settings = PrintSettings()
    ctx = RenderContext.for_pack(pack, loaded.content, tr, settings, content_dir=root / "content")
    sheet = Path(pack.sheets) / f"{name}.sheet.yaml"
    if name == "block":  # drawn by the pack itself, for its templates (render/reference.py)
        from ttgbuild.packs.dungeonbowl.render import reference

        data = reference.render(ctx)
    else:
        data = datakit.sheet(ctx, str(sheet), pack.title, {}, f"{name}.pdf")
    assert not ctx.problems
    # A variant only a test declares has no translation: its English prints (JT801).
    assert all(d.code == "JT801" for d in tr.diagnostics), tr.diagnostics
    return printed(data)


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the game, each change undone after its test (files restored)."""
    return bw.project_copy(GAME, tmp_path_factory.mktemp("book") / "dungeon-bowl")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return bw.project_copy(GAME, tmp_path / "dungeon-bowl")


# (1) The shipped game.


def test_the_shipped_game_plays_its_book_or_declares_each_change() -> None:
    assert bw.book_diagnostics(bw.compare(GAME)) == []


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
        with bw.restoring(walked, f"content/{value.file}", "content/variants.yaml"):
            place = changed(walked, value)
            if place is None:
                pinned.add(value.id)
                continue
            bw.assert_named_then_silenced(walked, value, place, full_compare)
    # The portal die's schema allows only the book's D6 (the portals carry its faces).
    assert pinned == {"teleport_die"}


def full_compare(project: Path) -> list:
    return bw.book_diagnostics(bw.compare(project))


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
    bw.assert_dropped_variant_located(game, variant, {v.id: v for v in VALUES}, located)


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
    file, line = bw.mutate(game, value)
    said = [f"{file}:{line}:", "JT031", value.id, "line 26"]
    bw.assert_validate_fails_then_passes(game, said, value.id, gone=("JT031", "JT033"))


# (4) The variants printed.


@pytest.mark.timeout(180)
def test_the_kit_prints_its_variants_in_every_locale(game: Path) -> None:
    """One real build (es: the kit's own translations, and the English fallback of a
    variant no catalog knows); en and de drawn in this process the way the build does."""
    (value,) = [v for v in VALUES if v.id == "teleport_extra_squares"]
    assert changed(game, value) is not None
    bw.declare_variant(game, value.id, "A portal costs no extra movement here.")
    out = game / "output"
    result = run_cli(game, "build", "--locale", "es", "--out", str(out))
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    texts = {("es", name): printed(out / "es" / f"{name}.pdf") for name in ("match", "guide")}
    for locale in ("en", "de"):
        texts |= {(locale, name): draw_sheet(game, locale, name) for name in ("match", "guide")}
    for (locale, name), text in texts.items():
        assert bw.flat(HEADING[locale]) in text, (locale, name)
        for summary in SUMMARIES[locale]:
            assert bw.flat(summary) in text, (locale, name, summary)
        assert bw.flat("A portal costs no extra movement here.") in text, (locale, name)


def test_a_kit_that_declares_no_variant_prints_no_list_of_changes(game: Path) -> None:
    (game / "content" / "variants.yaml").unlink()
    for locale in ("en", "de"):
        for name in ("match", "guide"):
            text = draw_sheet(game, locale, name)
            assert bw.flat(HEADING[locale]) not in text, (locale, name)
            assert bw.flat(SUMMARIES[locale][0]) not in text, (locale, name)


# (5) Variants that are wrong.


def test_an_unused_variant_and_an_unknown_value_are_located(game: Path) -> None:
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
    bw.assert_wrong_variants_located(game, extra, "block_assist")


# Fixed prose written from data (spec section 7).


def test_the_injury_chain_names_the_tables_the_rows_send_to(game: Path) -> None:
    before = draw_sheet(game, "en", "injury")
    assert bw.flat("Casualty: roll D16 on “Casualty table”.") in before
    bw.edit(game, "content/tables/casualty.yaml", "name: Casualty table", "name: Bone Table")
    after = draw_sheet(game, "en", "injury")
    assert bw.flat("Casualty: roll D16 on “Bone Table”.") in after
    assert bw.flat("Casualty: roll D16 on “Casualty table”.") not in after


def test_the_niggling_note_prints_the_modifier_the_table_adds(game: Path) -> None:
    note = "each niggling injury adds {amount}."
    assert bw.flat(note.format(amount=1)) in draw_sheet(game, "en", "injury")
    for table in ("injury", "stunty-injury"):
        bw.edit(game, f"content/tables/{table}.yaml", "amount: 1, most: 3", "amount: 2, most: 3")
    text = draw_sheet(game, "en", "injury")
    assert bw.flat(note.format(amount=2)) in text and bw.flat(note.format(amount=1)) not in text


def test_the_guide_asks_for_the_dice_the_data_rolls(game: Path) -> None:
    need = "You also need ordinary dice: {d6} \u00d7 D6, 1 \u00d7 D8."
    assert bw.flat(need.format(d6=2)) in draw_sheet(game, "en", "guide")
    bw.edit(game, "content/game.yaml", "dice: 2D6\n  beat_by", "dice: 3D6\n  beat_by")
    assert bw.flat(need.format(d6=3)) in draw_sheet(game, "en", "guide")


def test_the_blitz_prints_the_movement_its_block_takes_from_data(game: Path) -> None:
    assert bw.flat("the block takes 1 from the player's MA") in draw_sheet(game, "en", "match")
    bw.edit(game, "content/procedures.yaml", "params: {squares: 1}", "params: {squares: 2}")
    assert bw.flat("the block takes 2 from the player's MA") in draw_sheet(game, "en", "match")


PUSH_BACK = {
    "en": ("The target moves {n} square away", "The target moves {n} squares away"),
    "es": ("El objetivo retrocede {n} cuadro;", "El objetivo retrocede {n} cuadros;"),
    "de": ("Das Ziel weicht {n} Feld zurück", "Das Ziel weicht {n} Felder zurück"),
}


def test_push_back_prints_the_squares_the_book_states_from_data(game: Path) -> None:
    """Book line 93's one square is data (push_back_squares): changed and declared, the
    block sheet's Push Back follows in every locale, in the form its count wants."""
    for locale, (one, _) in PUSH_BACK.items():
        assert bw.flat(one.format(n=1)) in draw_sheet(game, locale, "block"), locale
    bw.edit(game, "content/game.yaml", "      params: {squares: 1}", "      params: {squares: 2}")
    assert "push_back_squares" in bw.by_id(bw.book_diagnostics(bw.compare(game)))
    summary = "Push Back moves the target {push_back_squares} squares."
    bw.declare_variant(game, "push_back_squares", summary)
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    for locale, (_, other) in PUSH_BACK.items():
        assert bw.flat(other.format(n=2)) in draw_sheet(game, locale, "block"), locale


INJURY_SHEET: list[tuple[str, str | None, str]] = [  # (locale, printed before the edits, after)
    (
        "en",
        "for the Casualties box; roll on “Casualty table”.",
        "for the Casualties box; roll on “Characteristic reduction”.",
    ),
    ("es", "tira en «Tabla de lesiones graves».", "tira en «Reducción de características»."),
    ("de", "würfle auf „Verletzungstabelle“.", "würfle auf „Spielwertverlust“."),
    (
        "en",
        "“Badly Hurt” of “Casualty table” applies without a roll.",
        "“Seriously Hurt” of “Casualty table” applies without a roll.",
    ),
    ("en", "Lose 1 point of AV.", "Lose 2 points of AV."),
    ("es", None, "Pierde 2 puntos de AV."),
    ("de", None, "Verliere 2 Punkte AV."),
]


def test_row_effects_print_the_table_links_and_points_their_data_holds(game: Path) -> None:
    """A row's `then`, `applies` and `reduce` print through {then}, {applied} and {by}: each
    changed in the data and declared, the injury sheet follows in every locale."""
    before = {locale: draw_sheet(game, locale, "injury") for locale in bw.LOCALES}
    for locale, text, _ in INJURY_SHEET:
        assert text is None or bw.flat(text) in before[locale], (locale, text)
    tables = "content/tables/"
    bw.edit(game, tables + "injury.yaml", "then: casualty}", "then: reduction}")
    bw.edit(game, tables + "stunty-injury.yaml", "casualty/badly-hurt", "casualty/seriously-hurt")
    for value in ("injury_casualty_then", "stunty_badly_hurt_applies"):
        assert value in bw.by_id(bw.book_diagnostics(bw.compare(game)))
        bw.declare_variant(game, value, f"This kit changes {{{value}}}.")
    result = bw.run_validate(game)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    # A reduction of two points departs from the book and from DB107 (the rules' "always
    # one point"), so no build draws it; the sheet still writes what the data says.
    bw.edit(game, tables + "reduction.yaml", "av, by: 1}", "av, by: 2}")
    assert "reduction_head_reduce" in bw.by_id(bw.book_diagnostics(bw.compare(game)))
    after = {locale: draw_sheet(game, locale, "injury") for locale in bw.LOCALES}
    for locale, _, text in INJURY_SHEET:
        assert bw.flat(text) in after[locale], (locale, text)


def test_the_walk_put_back_every_file_it_changed(walked: Path) -> None:
    for path in sorted((GAME / "content").rglob("*.yaml")):
        name = path.relative_to(GAME)
        assert (walked / name).read_bytes() == path.read_bytes(), name
    assert bw.book_diagnostics(bw.compare(walked)) == []
