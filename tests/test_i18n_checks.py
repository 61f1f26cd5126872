"""`ttgbuild i18n check`: one failing and one passing fixture per check, on hand-written catalogs.

Each fixture is a small .po file written line by line, so every expected
diagnostic names an exact line.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass

import pytest
from conftest import REPO

from ttgbuild.i18n.checks import Entry, _markup
from ttgbuild.i18n.glossary import Glossary, Term, check_terms, load_glossary, stem

ES = "locales/es/LC_MESSAGES/ttgbuild.po"
DE = "locales/de/LC_MESSAGES/ttgbuild.po"
HEADER = [
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Language: es\\n"',
    "",
]
POUNCE = (
    "When an enemy hero crouches, make a quick step of up to {hexes} hexes toward it. "
    "If you end adjacent to it, pin it at no cost."
)
POUNCE_ES = (
    "Cuando un héroe enemigo se agache, haz un Paso Rápido de hasta {hexes} casillas "
    "hacia él. Si acabas adyacente, pinéalo sin coste."
)
SWEEP = (
    "Sweep the jugg when it lies up to {reach} hexes away, paying only {per_hex} [focus] "
    "for each hex it travels."
)
SWEEP_ES = (
    "Barre el Jugg cuando esté a {reach} casillas o menos, pagando solo {per_hex} [focus] "
    "por cada casilla que recorra."
)


@dataclass
class Po:
    """An entry of a hand-written catalog."""

    context: str | None
    msgid: str
    msgstr: str
    flags: str = ""
    comment: str = ""


def write_po(project, rel: str, entries: list[Po]) -> list[int]:
    """Write a catalog; return the line of each entry's msgid (what diagnostics point at)."""
    lines = list(HEADER)
    at = []
    for entry in entries:
        if entry.comment:
            lines.append(f"#. {entry.comment}")
        if entry.flags:
            lines.append(f"#, {entry.flags}")
        if entry.context:
            lines.append(f'msgctxt "{entry.context}"')
        at.append(len(lines) + 1)
        lines += [f'msgid "{entry.msgid}"', f'msgstr "{entry.msgstr}"', ""]
    project.write_text(rel, "\n".join(lines))
    return at


@pytest.fixture
def glossary(project):
    shutil.copy(REPO / "locales" / "glossary.tsv", project.path("locales/glossary.tsv"))


def errors(run, *extra: str) -> list[tuple[str, int, str]]:
    """(file, line, code) of each error `i18n check` reports; warnings left out."""
    result = run("i18n", "check", "--format", "json", *extra)
    assert "Traceback" not in result.output
    rows = json.loads(result.stdout)
    return [(r["file"], r["line"], r["code"]) for r in rows if r["severity"] == "error"]


def one(context: str, msgid: str, msgstr: str, **kw: str) -> list[Po]:
    return [Po(context, msgid, msgstr, **kw)]


# (name, entries, expected error codes at the entry's line)
FAILING = [
    (
        "placeholder renamed",
        one("talent:pounce:text", POUNCE, POUNCE_ES.replace("{hexes}", "{hexas}")),
        ["JT812"],
    ),
    (
        "icon translated",
        one("talent:far-sweep:text", SWEEP, SWEEP_ES.replace("[focus]", "[concentración]")),
        ["JT813"],
    ),
    (
        "icon dropped",
        one("talent:far-sweep:text", SWEEP, SWEEP_ES.replace(" [focus]", "")),
        ["JT813"],
    ),
    (
        "markup not in English",
        one("talent:pounce:text", POUNCE, POUNCE_ES.replace("Paso Rápido", "<b>Paso Rápido</b>")),
        ["JT814"],
    ),
    (
        "markup not allowed",
        one(
            "talent:pounce:text",
            POUNCE,
            POUNCE_ES.replace("Paso Rápido", "<span>Paso Rápido</span>"),
        ),
        ["JT814", "JT814"],
    ),
    (
        "context leaked",
        one("talent:pounce:text", POUNCE, "talent:pounce:text " + POUNCE_ES),
        ["JT815"],
    ),
    (
        "other context leaked",
        one("talent:pounce:text", POUNCE, POUNCE_ES + " weapon:chain:name"),
        ["JT815"],
    ),
    (
        "code context leaked",
        one("card label", "Initiative roll", "card label: Tirada de iniciativa"),
        ["JT815"],
    ),
    (
        "name over budget",
        one("talent:pounce:name", "Pounce", "Abalanzarse sobre el enemigo"),
        ["JT816"],
    ),
    (
        "text over budget",
        one(
            "talent:pounce:text",
            POUNCE,
            POUNCE_ES + " Y luego vuelve a tu casilla de salida si todavía te quedan fuerzas.",
        ),
        ["JT816"],
    ),
    (
        "budget from a Translators comment",
        one(
            None,
            "Turn order",
            "Orden de los turnos",
            comment="label on the board; at most 10 characters.",
        ),
        ["JT816"],
    ),
    (
        "number written out",
        one("talent:pounce:text", POUNCE, POUNCE_ES.replace("hacia él.", "hacia él, 1 vez.")),
        ["JT817"],
    ),
    ("glossary label", one("weapon:chain:name", "chain", "Cuerda"), ["JT818"]),
    ("glossary abbreviation", one("card label", "RC", "Coste"), ["JT818"]),
    (
        "glossary in prose",
        one("talent:pounce:text", POUNCE, POUNCE_ES.replace("un Paso Rápido", "un salto rápido")),
        ["JT818"],
    ),
]
PASSING = [
    ("rules text", one("talent:pounce:text", POUNCE, POUNCE_ES)),
    ("icons and placeholders", one("talent:far-sweep:text", SWEEP, SWEEP_ES)),
    ("name within budget", one("talent:pounce:name", "Pounce", "Abalanzarse")),
    (
        "within a Translators budget",
        one(None, "Turn order", "Turnos", comment="label on the board; at most 10 characters."),
    ),
    (
        "glossary label, case and abbreviation free",
        one("card label", "stamina points (SP)", "puntos de aguante"),
    ),
    ("glossary abbreviation", one("card label", "RC", "CR")),
    (
        "glossary skipped where the wording is right",
        one(
            "talent:pounce:text",
            POUNCE,
            POUNCE_ES.replace("un Paso Rápido", "un salto rápido"),
            flags="ignore-glossary",
        ),
    ),
    ("numbers the English has", one(None, "Roll 2 dice", "Tira 2 dados")),
    ("context word the English has", one("board", "board edge", "borde del tablero (board)")),
]


@pytest.mark.parametrize("entries, codes", [c[1:] for c in FAILING], ids=[c[0] for c in FAILING])
def test_check_failing_fixture(project, run, glossary, entries, codes) -> None:
    lines = write_po(project, ES, entries)
    assert errors(run) == [(ES, lines[0], code) for code in codes]
    assert run("i18n", "check").exit_code == 1


@pytest.mark.parametrize("entries", [c[1] for c in PASSING], ids=[c[0] for c in PASSING])
def test_check_passing_fixture(project, run, glossary, entries) -> None:
    write_po(project, ES, entries)
    assert errors(run) == []
    result = run("i18n", "check")
    assert result.exit_code == 0  # missing messages (JT821) are only a warning
    assert run("i18n", "check", "--strict").exit_code == 1


def test_exact_text_of_a_diagnostic(project, run, glossary) -> None:
    [line] = write_po(
        project, ES, one("talent:pounce:text", POUNCE, POUNCE_ES.replace("{hexes}", "{hexas}"))
    )
    result = run("i18n", "check")
    assert (
        f"{ES}:{line}:0: error JT812: placeholders differ from the English: "
        "missing {hexes}; not in the English {hexas}"
    ) in result.stdout.splitlines()
    assert result.stderr.startswith("i18n check: 1 error(s), 1 warning(s) in 1 file(s)")


def test_fuzzy_and_untranslated_are_warnings_unless_strict(project, run) -> None:
    lines = write_po(
        project,
        ES,
        [
            Po("talent:pounce:name", "Pounce", "Abalanzarse", flags="fuzzy"),
            Po("talent:riposte:name", "Riposte", ""),
        ],
    )
    rows = json.loads(run("i18n", "check", "--format", "json").stdout)
    found = [(r["line"], r["severity"], r["code"]) for r in rows if r["line"]]
    assert found == [(lines[0], "warning", "JT819"), (lines[1], "warning", "JT820")]
    assert run("i18n", "check").exit_code == 0
    assert run("i18n", "check", "--strict").exit_code == 1


def test_fuzzy_entry_is_not_checked_further(project, run) -> None:
    write_po(project, ES, one("talent:pounce:text", POUNCE, "{nope}", flags="fuzzy"))
    assert errors(run) == []


def test_missing_messages_warn_once_per_catalog(project, run) -> None:
    write_po(project, ES, one("talent:pounce:name", "Pounce", "Abalanzarse"))
    rows = json.loads(run("i18n", "check", "--format", "json").stdout)
    [missing] = [r for r in rows if r["code"] == "JT821"]
    assert (missing["file"], missing["line"], missing["severity"]) == (ES, 0, "warning")
    assert "run `ttgbuild i18n extract` and `ttgbuild i18n update`" in missing["message"]


def test_broken_catalog_is_located_and_others_still_checked(project, run, glossary) -> None:
    project.write_text(ES, "\n".join([*HEADER, 'msgid "Pounce"', 'msgstr "Abalanzarse', ""]))
    [line] = write_po(project, DE, one("weapon:chain:name", "chain", "Seil"))
    result = run("i18n", "check")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert (
        f"{ES}:7:1: error JT810: cannot read the catalog: a string that is not closed: "
        'text goes in double quotes, with \\" inside'
    ) in result.stdout.splitlines()
    assert (DE, line, "JT818") in errors(run)


def test_catalog_in_the_wrong_encoding(project, run) -> None:
    text = "\n".join([*HEADER, 'msgid "Pounce"', 'msgstr "Abalánzate"', ""])
    project.write_text(ES, text.encode("latin-1"))
    assert errors(run) == [(ES, 7, "JT810")]
    rows = json.loads(run("i18n", "check", "--format", "json").stdout)
    assert rows[0]["column"] == 13
    assert rows[0]["message"] == "byte 0xe1 is not valid UTF-8; save the file as UTF-8"


def test_catalog_with_an_unknown_keyword(project, run) -> None:
    project.write_text(ES, "\n".join([*HEADER, 'msgid "Pounce"', 'msgtsr "x"', ""]))
    rows = json.loads(run("i18n", "check", "--format", "json").stdout)
    assert [(r["line"], r["code"]) for r in rows] == [(7, "JT810")]
    assert "unknown keyword 'msgtsr'" in rows[0]["message"]


def test_catalog_missing_its_msgstr(project, run) -> None:
    project.write_text(ES, "\n".join([*HEADER, 'msgid "Pounce"', 'msgid "Riposte"', ""]))
    assert errors(run) == [(ES, 6, "JT810")]


def test_unknown_locale_folder_and_english_catalog(project, run) -> None:
    write_po(project, "locales/xx/LC_MESSAGES/ttgbuild.po", one(None, "Pounce", "Pounce!"))
    write_po(project, "locales/en/LC_MESSAGES/ttgbuild.po", one(None, "Pounce", "Pounce"))
    assert errors(run) == [
        ("locales/en/LC_MESSAGES/ttgbuild.po", 0, "JT811"),
        ("locales/xx/LC_MESSAGES/ttgbuild.po", 0, "JT811"),
    ]


def test_broken_glossary_is_reported(project, run) -> None:
    project.write_text("locales/glossary.tsv", "term\tes\nchain\tCadena\n")
    write_po(project, ES, one("weapon:chain:name", "chain", "Cuerda"))
    assert errors(run) == [("locales/glossary.tsv", 1, "JT822")]


def test_project_without_glossary_skips_the_glossary_check(project, run) -> None:
    write_po(project, ES, one("weapon:chain:name", "chain", "Cuerda"))
    assert errors(run) == []


def test_validate_includes_catalog_checks(project, run) -> None:
    [line] = write_po(
        project, ES, one("talent:pounce:text", POUNCE, POUNCE_ES.replace("{hexes}", "2"))
    )
    result = run("validate")
    assert result.exit_code == 1
    assert [row.split(": ")[1] for row in result.stdout.splitlines() if ": error " in row] == [
        "error JT812",
        "error JT817",
    ]
    rows = json.loads(run("validate", "--format", "json").stdout)
    assert {(r["file"], r["line"]) for r in rows if r["severity"] == "error"} == {(ES, line)}


def test_rules_lists_catalog_checks(run) -> None:
    rows = {r["code"]: r["severity"] for r in json.loads(run("rules", "--format", "json").stdout)}
    assert {code: rows[code] for code in ("JT810", "JT812", "JT818", "JT819", "JT820")} == {
        "JT810": "error",
        "JT812": "error",
        "JT818": "error",
        "JT819": "warning",
        "JT820": "warning",
    }
    assert all(f"JT8{n}" in rows for n in range(10, 23))


# --- the rules behind the checks, one level down -------------------------------------------


@pytest.mark.parametrize(
    "source, text, problems",
    [
        ("<b>Hit</b> it", "<b>Golpea</b>", []),
        ("<b>Hit</b> it", "<b>Golpea", ["markup <b> is never closed"]),
        ("<b>Hit</b> it", "Golpea</b>", ["markup </b> closes a tag that is not open"]),
        (
            "<b><i>Hit</i></b>",
            "<b><i>Golpea</b></i>",
            ["markup </b> comes before </i>: tags must nest"],
        ),
        (
            "<b>Hit</b> it",
            "<b>Golpea</b> <i>ya</i>",
            ["markup <i> is not in the English; keep its markup"],
        ),
        ("<b>Hit</b> it", "<b>Golpea</b> <b", ["a '<' that starts no complete tag"]),
    ],
)
def test_markup_rule(source: str, text: str, problems: list[str]) -> None:
    assert _markup(Entry(source, text, "", 0, [])) == problems


def test_glossary_rule(project) -> None:
    shutil.copy(REPO / "locales" / "glossary.tsv", project.path("locales/glossary.tsv"))
    glossary, diags = load_glossary(project.root)
    assert diags == []
    es, de = glossary.terms("es"), glossary.terms("de")
    assert glossary.terms("pl") == [] and glossary.terms("es_MX") == es
    assert "Jugg" not in {t.english for t in es}  # the same word in Spanish: not checked
    assert check_terms("Will", "Voluntad", es) == []
    assert check_terms("Will:", "wille:", de) == []
    assert check_terms("Will", "Willenskraft", de) == [
        "glossary: 'Will' is a glossary term, so write 'Wille'"
    ]
    assert check_terms("stamina points", "Puntos de Aguante (PA)", es) == []
    # Longest match first: "full defence" asks for Parieren, not Parade.
    assert check_terms("A full defence.", "Parieren.", de) == []
    assert len(check_terms("A full defence.", "Eine volle Parade.", de)) == 1
    # Inflection and German compounds pass.
    assert check_terms("Make a bonus attack in range.", "Bonusangriffe in Reichweite.", de) == []
    assert check_terms("When you run or sprint", "Wenn du läufst oder sprintest", de) == []
    # Placeholders are not words: {weapon} does not ask for "Pompfe".
    assert check_terms("Preferred: {weapon}", "Bevorzugt: {weapon}", de) == []
    # An English abbreviation may be answered by the target's.
    assert check_terms("Spend 2 FP", "Gasta 2 PC", es) == []


def test_stem_and_term_parts() -> None:
    assert stem("Levantar") == "levant"
    assert stem("Läufer") == "lauf"
    assert stem("Arma") == "arma"
    term = Term("focus points (FP)", "Puntos de Concentración (PC)")
    assert term.english_parts == ("focus points", "FP")
    assert term.target_parts == ("Puntos de Concentración", "PC")
    assert Glossary().terms("es") == []
