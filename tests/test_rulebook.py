"""rules.pdf: the rules of play in every locale, every number from content/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import REPO, Project
from reportlab.lib.units import mm
from typer.testing import CliRunner

from bench.pdfview import open_pdf
from ttgbuild.cli import app
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import rulebook
from ttgbuild.render import fonts, text
from ttgbuild.render.context import RenderContext
from ttgbuild.render.icons import NO_ICONS
from ttgbuild.render.paginate import KEEP_LINES, Lines, paginate
from ttgbuild.source.loader import load_content

LOCALES = ("en", "es", "de")
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
# (the attacker boosts, the target declares): the boost must come first in every language.
ORDER = {
    "en": ("before the target says anything, the attacker may boost", "Only now the target"),
    "es": ("antes de que el objetivo diga nada", "Solo entonces el objetivo"),
    "de": ("bevor das Ziel etwas sagt", "Erst jetzt erklärt das Ziel"),
}


def pdf_text(data: bytes | Path) -> str:
    return " ".join(" ".join(page.text().split()) for page in open_pdf(data))


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """The shipped project built strictly in every locale, on A4 and on Letter."""
    out = {}
    for paper in SIZES:
        folder = tmp_path_factory.mktemp(paper)
        result = CliRunner().invoke(
            app,
            [
                *("build", "--project", str(REPO), "--out", str(folder)),
                *("--locale", ",".join(LOCALES), "--paper", paper, "--strict"),
            ],
        )
        assert result.exit_code == 0, result.output
        out[paper] = folder
    return out


@pytest.mark.parametrize("paper", SIZES)
def test_rules_pdf_is_built_in_every_locale_and_paper(kits, paper):
    for locale in LOCALES:
        doc = open_pdf(kits[paper] / locale / "rules.pdf")
        assert len(doc) >= 3
        sizes = {(round(p.rect.width, 2), round(p.rect.height, 2)) for p in doc}
        assert sizes == {SIZES[paper]}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_attacker_boosts_before_the_target_declares(kits, locale):
    printed = pdf_text(kits["a4"] / locale / "rules.pdf")
    boost, declare = ORDER[locale]
    assert boost in printed and declare in printed
    assert printed.index(boost) < printed.index(declare)


# A hit hero crouches for the weapon that hit it: in a duel the attacker may be hit by the
# target's weapon, so "its attacker's weapon" (the old wording) was wrong there.
HIT = {
    "en": ("crouch count of the weapon that hit it", "its attacker's weapon's crouch count"),
    "es": ("del arma que lo alcanzó", "del arma de su atacante"),
    "de": ("Pompfe abgeschlagen, die ihn getroffen hat", "Strafzeit der Pompfe seines Angreifers"),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_hit_hero_crouches_for_the_weapon_that_hit_it(kits, locale):
    printed = pdf_text(kits["a4"] / locale / "rules.pdf")
    right, wrong = HIT[locale]
    assert right in printed and wrong not in printed


# Disputes are settled with as many dice as the draft's first roll (docs/rules-decisions.md),
# and only combat rolls are barred from a second re-roll (a tied roll may roll again).
DISPUTE = {
    "en": ("dispute with an opposed roll (dice each: {n})", "A combat roll that was rolled again"),
    "es": ("tirada enfrentada (dados por jugador: {n})", "Una tirada de combate que ya se repitió"),
    "de": ("Vergleichswurf geklärt (Würfel pro Person: {n})", "Ein Kampfwurf, der schon"),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_disputes_roll_the_drafts_dice_and_only_combat_rolls_are_never_rerolled_twice(
    translated, locale
):
    dispute, reroll = DISPUTE[locale]
    assert dispute.format(n=3) in draw(translated.root, locale)
    translated.replace("content/rules.yaml", "first_player_dice: 3", "first_player_dice: 7")
    printed = draw(translated.root, locale)
    assert dispute.format(n=7) in printed and reroll in printed


def rules_fragments(locale: str) -> list[str]:
    """Pieces of the rulebook's English whose translation differs, long enough to spot."""
    with (REPO / f"locales/{locale}/LC_MESSAGES/ttgbuild.po").open("rb") as handle:
        catalog = read_po(handle)
    pieces = []
    for message in catalog:
        if not any("rules.j2" in where for where, _ in message.locations):
            continue
        for english in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"\{[a-z_]+\}|<b>|</b>", english):
                piece = piece.strip(" .,:;()")
                if len(piece) >= 12 and " " in piece:
                    pieces.append(piece)
    return pieces


@pytest.mark.parametrize("locale", ["es", "de"])
def test_no_english_paragraph_is_left_in_a_translated_rulebook(kits, locale):
    fragments = rules_fragments(locale)
    assert len(fragments) > 150  # the check has something to look for
    printed = pdf_text(kits["a4"] / locale / "rules.pdf")
    left = [f for f in fragments if f in printed]
    assert not left, left[:5]


def draw(root: Path, locale: str) -> str:
    loaded = load_content(root, PACK)
    tr = load_translator(root, locale)
    ctx = RenderContext.for_pack(
        PACK, loaded.content, tr, PrintSettings(), content_dir=root / "content"
    )
    data = rulebook.render(ctx)
    assert not ctx.problems and not tr.diagnostics
    return pdf_text(data)


@pytest.fixture
def translated(project: Project) -> Project:
    shutil.rmtree(project.path("locales"))
    shutil.copytree(REPO / "locales", project.path("locales"))
    return project


def numbers(printed: str) -> list[str]:
    return re.findall(r"\d+", printed)


@pytest.mark.parametrize("locale", LOCALES)
def test_changed_numbers_in_content_change_the_book(translated, locale):
    before = numbers(draw(translated.root, locale))
    translated.replace("content/rules.yaml", "budget: 30", "budget: 97")
    translated.replace("content/rules.yaml", "boost_per_die: 2", "boost_per_die: 13")
    translated.replace("content/weapons.yaml", "range: 3", "range: 6")  # the chain's; max 6
    after = numbers(draw(translated.root, locale))
    assert "97" not in before and "97" in after  # the formats table
    assert after.count("13") >= before.count("13") + 2  # the combat sequence and the example
    assert after.count("6") == before.count("6") + 1  # the weapons table


@pytest.mark.parametrize(
    ("locale", "one", "many"),
    [
        ("en", "for 1 stone.", "for 3 stones."),
        ("es", "durante 1 piedra.", "durante 3 piedras."),
        ("de", "für 1 Stein abgeschlagen.", "für 3 Steine abgeschlagen."),
    ],
)
def test_plural_forms_follow_the_number(translated, locale, one, many):
    assert many in draw(translated.root, locale)
    translated.replace("content/rules.yaml", "out_of_bounds_crouch: 3", "out_of_bounds_crouch: 1")
    printed = draw(translated.root, locale)
    assert one in printed and many not in printed


class Recorder:
    """Stands in for a canvas: counts the lines of text a paint draws."""

    def __init__(self) -> None:
        self.lines = 0

    def drawString(self, *_args: object) -> None:
        self.lines += 1

    def setFont(self, *_args: object) -> None:
        pass

    def setFillColor(self, *_args: object) -> None:
        pass


def parts(paged) -> list[int]:
    """Lines drawn by each placed part, in order."""
    counts = []
    for page in paged.pages:
        for paint in page:
            recorder = Recorder()
            paint(recorder)
            counts.append(recorder.lines)
    return counts


def test_a_paragraph_never_leaves_one_line_alone_in_a_column():
    fonts.register()
    words = [text.Span(" ".join(["word"] * 400))]
    block = text.layout([words], 60 * mm, 9, text.SANS, 1.25)
    total = len(block.lines)
    assert total > 20
    item = Lines(block, text.SANS)
    for rows in range(KEEP_LINES, 12):
        box = (0.0, 0.0, 60 * mm, rows * block.leading + 0.5 * block.leading)
        placed = parts(paginate([item], lambda _page, box=box: [box], NO_ICONS.draw))
        assert sum(placed) == total
        assert min(placed) >= KEEP_LINES, (rows, placed)
        assert max(placed) <= rows
    # Room for all lines but one: the split keeps two lines for the next column.
    box = (0.0, 0.0, 60 * mm, (total - 1) * block.leading + 1)
    assert parts(paginate([item], lambda _page: [box], NO_ICONS.draw)) == [
        total - KEEP_LINES,
        KEEP_LINES,
    ]


def test_a_diagram_label_translated_as_blank_prints_its_id_instead_of_crashing(translated):
    """Found by fuzzing: a blank 'Walk' left the label table without 'walk' (KeyError)."""
    from babel.messages.pofile import write_po

    path = translated.path("locales/es/LC_MESSAGES/ttgbuild.po")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="es")
    catalog.get("Walk").string = "\u00a0 \u3000 \t"
    with path.open("wb") as handle:
        write_po(handle, catalog)
    loaded = load_content(translated.root, PACK)
    ctx = RenderContext.for_pack(
        PACK, loaded.content, load_translator(translated.root, "es"), PrintSettings()
    )
    assert "walk" in pdf_text(rulebook.render(ctx))
