"""Every placeholder in a code or template message is explained to translators.

A translator who cannot see what `{weapon}` or `%(tiles)s` will hold cannot
write a sentence around it: the value may be a number, a name already
translated, or a letter. So every message from ttgbuild's code and templates,
and from a game pack's code, templates and data files (layouts, sheets), that
has a placeholder carries a translator comment naming each one: `# Translators:`
in Python, `{# Translators: #}` in a template, `comment:` beside a data file's
`msg` (content messages get theirs from the extractor, with the current
values). This holds in every project: the root game, each game in games/, and
examples/tidewrack.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ttgbuild.i18n import extract
from ttgbuild.i18n.extract import extract_messages

ROOT = Path(__file__).resolve().parent.parent
FIELDS = re.compile(r"\{[a-z_][a-z0-9_]*\}|%\([a-z_][a-z0-9_]*\)[a-z]")
# Every project that ships catalogs: each gets the engine's messages and its own pack's.
PROJECTS = ["games/challengers", "games/dungeon-bowl", "games/pocket-tactics", "examples/tidewrack"]


def unexplained(project: Path) -> list[str]:
    """`file:line: placeholder` for each placeholder of code, a template or a pack's data file
    (anything but content/, whose comments the extractor writes) that no comment names."""
    found = []
    for message in extract_messages(project):
        where = [path for path, _line in message.locations if not path.startswith("content/")]
        if not message.id or not where:
            continue
        forms = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        comments = " ".join(message.auto_comments)
        for field in sorted({f for form in forms for f in FIELDS.findall(form)}):
            if field not in comments:
                path, line = message.locations[0]
                found.append(f"{path}:{line}: {field}")
    return found


def test_every_code_and_template_placeholder_is_explained() -> None:
    assert unexplained(ROOT) == []


@pytest.mark.parametrize("project", PROJECTS)
def test_every_game_pack_placeholder_is_explained(project: str) -> None:
    assert unexplained(ROOT / project) == []


def test_a_data_message_without_a_comment_is_found(tmp_path: Path) -> None:
    """A sheet's `msg` with a placeholder and no `comment:` is named at its line."""
    project = tmp_path / "tidewrack"
    shutil.copytree(ROOT / "examples/tidewrack", project)
    layout = project / "pack/layouts/critter.layout.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(
        text + "notes:\n  - {msg: 'Keep {claws} claws', context: critter note}\n",
        encoding="utf-8",
    )
    line = len(text.splitlines()) + 2
    assert unexplained(project) == [f"pack/layouts/critter.layout.yaml:{line}: {{claws}}"]


def test_a_placeholder_without_a_comment_is_found(tmp_path: Path, monkeypatch) -> None:
    package = tmp_path / "ttgbuild"
    package.mkdir()
    (package / "labels.py").write_text(
        "def labels(tr):\n"
        "    # Translators: {hexes} is a number of hexes.\n"
        '    done = tr.pgettext("x", "Move {hexes} hexes.")\n'
        '    return done, tr.pgettext("x", "Pay {cost} or {hexes}.")\n',
        encoding="utf-8",
    )
    (package / "guide.j2").write_text(
        "{# Translators: %(tiles)s is a number of pages. #}\n"
        "{% trans %}Print {{ tiles }} pages.{% endtrans %}\n"
        "{% trans %}Cut {{ count }} strips.{% endtrans %}\n",
        encoding="utf-8",
    )
    shutil.copytree(ROOT / "content", tmp_path / "content")
    shutil.copy(ROOT / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    monkeypatch.setattr(extract, "PACKAGE", package)
    assert unexplained(tmp_path) == [
        "ttgbuild/labels.py:4: {cost}",
        "ttgbuild/labels.py:4: {hexes}",
        "ttgbuild/guide.j2:3: %(count)s",
    ]
