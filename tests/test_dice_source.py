"""A group with the boxed game's dice enters their faces: nothing printed calls them a guess.

`dice.faces_assumed` in content/rules.yaml says whether the faces are the
kit's assumption (the default) or a group's own dice; the quick reference,
the dice page, the rules of play and `ttgbuild odds` follow it in every locale.
"""

from __future__ import annotations

import json
import re
import shutil

from conftest import REPO

from bench.pdfview import open_pdf

OWN_FACES = [0, 0, 1, 1, 1, 2]


def _text(path) -> str:
    words = " ".join(page.text() for page in open_pdf(path))
    return re.sub(r"\s+", " ", words.replace("-\n", ""))


def _own_dice(project) -> None:
    def change(rules: dict) -> None:
        rules["dice"]["faces"] = OWN_FACES
        rules["dice"]["faces_assumed"] = False

    project.edit("content/rules.yaml", change)


def test_own_dice_are_not_called_an_assumption(project, run) -> None:
    shutil.rmtree(project.path("locales"))
    shutil.copytree(REPO / "locales", project.path("locales"))
    _own_dice(project)
    out = project.path("out")
    result = run("build", "--strict", "--locale", "en,es,de", "--out", str(out))
    assert result.exit_code == 0, result.output
    said = {
        "en": ("as your dice show them", "assumption"),
        "es": ("tal como las muestran tus dados", "suposición"),
        "de": ("wie deine Würfel sie zeigen", "Annahme"),
    }
    for locale, (own, guess) in said.items():
        for name in ("quickref.pdf", "tokens.pdf"):
            text = _text(out / locale / name)
            assert own in text, (locale, name)
            assert "0, 0, 1, 1, 1, 2" in text, (locale, name)
            assert guess not in text, (locale, name)
        rules = _text(out / locale / "rules.pdf")
        assert "0, 0, 1, 1, 1, 2" in rules, locale
        assert guess not in rules, locale


def test_shipped_faces_are_labelled_an_assumption(project, run) -> None:
    payload = json.loads(run("odds", "--attack", "2", "--defence", "1", "--format", "json").stdout)
    assert payload["faces_assumed"] is True
    assert "assumption" in payload["faces_note"]


def test_odds_say_whose_faces_they_are(project, run) -> None:
    _own_dice(project)
    payload = json.loads(run("odds", "--attack", "2", "--defence", "1", "--format", "json").stdout)
    assert payload["faces"] == OWN_FACES
    assert payload["faces_assumed"] is False
    assert "assumption" not in payload["faces_note"]
    text = run("odds", "--attack", "2", "--defence", "1").stdout
    assert "as your dice show them" in text and "assumption" not in text
