"""Print settings in one shape: the CLI's choices, the cache key and the renderer's points."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from ttgbuild import buildplan, cli
from ttgbuild.core import printing
from ttgbuild.core.printing import Duplex, Ink, Paper, PrintSettings


def test_points_are_the_floats_reportlab_gives() -> None:
    assert mm == printing.MM
    assert PrintSettings(paper=Paper.a4).page == A4
    assert PrintSettings(paper=Paper.letter).page == LETTER
    settings = PrintSettings(Paper.a4, (57.0, 89.5), 2.5, Duplex.long, (1.5, -0.3))
    assert (settings.card_width, settings.card_height) == (57.0 * mm, 89.5 * mm)
    assert settings.bleed == 2.5 * mm
    assert settings.back_offset == (1.5 * mm, -0.3 * mm)


def test_the_defaults_are_poker_cards_on_a4_with_3_mm_bleed_and_safe_margin() -> None:
    settings = PrintSettings()
    assert settings.page == A4
    assert (settings.card_width, settings.card_height) == (63 * mm, 88 * mm)
    assert settings.bleed == settings.safe == 3 * mm
    assert settings.duplex is Duplex.long
    assert settings.back_offset == (0.0, 0.0)


def test_the_cli_offers_the_very_enums_the_renderer_reads() -> None:
    assert cli.Paper is Paper and cli.Duplex is Duplex
    assert [p.value for p in Paper] == ["a4", "letter"]
    assert [d.value for d in Duplex] == ["long", "short"]


def test_plain_strings_become_the_enums_and_unknown_ones_are_refused() -> None:
    settings = PrintSettings(paper="letter", duplex="short")  # type: ignore[arg-type]
    assert settings.paper is Paper.letter and settings.duplex is Duplex.short
    with pytest.raises(ValueError):
        PrintSettings(paper="a3")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"paper": Paper.letter},
        {"card_size_mm": (57.0, 89.0)},
        {"bleed_mm": 2.0},
        {"duplex": Duplex.short},
        {"back_offset_mm": (0.5, 0.0)},
        {"ink": Ink.saver},
    ],
)
def test_every_setting_keys_the_cache(change: dict[str, object]) -> None:
    settings = PrintSettings()
    assert buildplan.settings_key(PrintSettings()) == buildplan.settings_key(settings)
    assert buildplan.settings_key(replace(settings, **change)) != buildplan.settings_key(settings)


def test_the_cache_key_is_plain_json_with_the_pdf_date(monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    key = buildplan.settings_key(PrintSettings(Paper.letter, (57.0, 89.0), 2.0, Duplex.short))
    assert json.loads(json.dumps(key)) == {
        "paper": "letter",
        "card_size": [57.0, 89.0],
        "bleed": 2.0,
        "duplex": "short",
        "back_offset": [0.0, 0.0],
        "ink": "full",
        "source_date_epoch": "1700000000",
    }


def test_the_settings_load_no_renderer() -> None:
    """The up-to-date build keys its cache with them without importing ReportLab."""
    code = "import sys, ttgbuild.core.printing; print('reportlab' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr
