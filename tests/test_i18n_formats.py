"""JT823: a translation keeps its message's format (`python-format`, `python-brace-format`).

Unit fixtures for each way a translation can break a format, then the check
through `i18n check` on a hand-written catalog, failing and passing.
"""

from __future__ import annotations

import pytest
from test_i18n_checks import Po, errors, write_po

from ttgbuild.i18n.extract import newstyle_references
from ttgbuild.i18n.formats import BRACE_FORMAT, PYTHON_FORMAT, brace_problems, formats_of
from ttgbuild.i18n.formats import percent_problems as percent
from ttgbuild.packs.jugger import PACK

ES = "locales/es/LC_MESSAGES/ttgbuild.po"
EDGE = "Flip on the %(edge)s edge at 100 %%."


@pytest.mark.parametrize(
    "text",
    [
        "Gira por el borde %(edge)s al 100 %%.",
        "Al 100 %%, gira por el borde %(edge)s.",  # order is free
        "%(edge)s, %(edge)s: dos veces vale",
    ],
)
def test_well_formed_percent_translations(text: str) -> None:
    assert percent(EDGE, text) == []


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Gira por el borde %(edge)s al 100 %.", "neither '%%'"),
        ("Gira por el borde %(borde)s al 100 %%.", "missing %(edge)s"),
        ("Gira por el borde al 100 %%.", "missing %(edge)s"),
        ("Gira por el borde %(edge)d al 100 %%.", "not in the English %(edge)d"),
        ("Gira %(edge)999999999s", "not in the English %(edge)999999999s"),
        ("Gira por el borde %s", "neither '%%'"),
        ("Gira por el borde %(edge", "neither '%%'"),
        ("Gira %(edge)s %", "neither '%%'"),
    ],
)
def test_broken_percent_translations(text: str, says: str) -> None:
    problems = percent(EDGE, text)
    assert problems and any(says in problem for problem in problems), problems


def test_percent_formatting_never_fails_on_an_accepted_translation() -> None:
    for text in ["%%(edge)s %(edge)s", "100 %% %(edge)s", "%(edge)s"]:
        assert percent(EDGE, text) == []
        assert "long" in text % {"edge": "long"}  # formats without raising


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Piedras: {stones!r}", "{stones!r} is not a plain placeholder"),
        ("Piedras: {stones:>999999}", "{stones:>999999} is not a plain placeholder"),
        ("Piedras: {stones.real}", "is not a plain placeholder"),
        ("Piedras: {stones[0]}", "is not a plain placeholder"),
        ("Piedras: {0}", "{0} is not a plain placeholder"),
        ("Piedras: {}", "{} is not a plain placeholder"),
        ("Piedras: {stones} {", "a '{' or '}'"),
        ("Piedras: }{stones}", "a '{' or '}'"),
    ],
)
def test_broken_brace_translations(text: str, says: str) -> None:
    problems = brace_problems("Stones: {stones}", text)
    assert problems and any(says in problem for problem in problems), problems


def test_well_formed_brace_translation() -> None:
    assert brace_problems("Stones: {stones}", "Piedras: {stones}") == []


def test_formats_come_from_flags_and_from_the_guide_template() -> None:
    newstyle = newstyle_references(PACK)
    assert newstyle == ("ttgbuild/packs/jugger/templates/assembly.j2",)
    assert formats_of({"python-brace-format"}, [], newstyle) == {BRACE_FORMAT}
    guide = [("ttgbuild/packs/jugger/templates/assembly.j2", 7)]
    assert formats_of(set(), guide, newstyle) == {PYTHON_FORMAT}
    assert formats_of(set(), guide) == set()  # a pack that renders no template newstyle
    assert formats_of({"fuzzy"}, [("ttgbuild/packs/jugger/render/cards.py", 3)], newstyle) == set()


def test_check_reports_a_broken_format_at_its_line(project, run) -> None:
    """A translator's catalog: the flag (or the guide template) makes the format binding."""
    lines = write_po(
        project,
        ES,
        [
            Po(
                None,
                "Flip on the %(edge)s edge.",
                "Gira por el borde %(edge)s al 100 %.",
                "python-format",
            ),
            Po(None, "Cut on the %(edge)s line.", "Corta por la línea %(edge)s.", "python-format"),
            Po("x", "Stones: {stones}", "Piedras: {stones!r}", "python-brace-format"),
            Po("y", "Stones: {stones}", "Piedras: {stones}", "python-brace-format"),
        ],
    )
    found = [(file, line, code) for file, line, code in errors(run) if code == "JT823"]
    assert found == [(ES, lines[0], "JT823"), (ES, lines[2], "JT823")]


def test_each_plural_form_is_checked(project, run) -> None:
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Language: es\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
        "#, python-format",
        'msgid "%(n)s tile page"',
        'msgid_plural "%(n)s tile pages"',
        'msgstr[0] "%(n)s página de piezas"',
        'msgstr[1] "%(n)s páginas de piezas al cien %"',
        "",
        "#, python-format",
        'msgid "%(n)s sheet"',
        'msgid_plural "%(n)s sheets"',
        'msgstr[0] "%(n)s hoja"',
        'msgstr[1] "%(n)s hojas"',
    ]
    project.write_text(ES, "\n".join(lines))
    found = [(file, line, code) for file, line, code in errors(run) if code == "JT823"]
    assert found == [(ES, 8, "JT823")]
