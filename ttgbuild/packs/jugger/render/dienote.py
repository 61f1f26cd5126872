"""The line printed wherever the kit shows dice or odds: where the die's faces come from.

Neither rulebook gives the combat die's faces (rules.md §19), so the faces in
content/rules.yaml are this kit's guess unless a group has entered its own dice
(`dice.faces_assumed: false`). Every printed die or odds table says which, with
the faces read from content (quick reference, tokens.pdf, rules.pdf).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttgbuild.packapi.drawing import Translator
from ttgbuild.packs.jugger.render.labels import sheet_label


def faces_list(tr: Translator, faces: Sequence[int]) -> str:
    """The jugg count of each face, in the locale's digits, in the order rules.yaml gives."""
    return ", ".join(tr.number(face) for face in faces)


def note(tr: Translator, faces: Sequence[int], assumed: bool) -> str:
    """The note (data/sheets/documents.sheet.yaml) with the faces filled in, as plain text."""
    message = sheet_label(tr, "dice_note", "assumed" if assumed else "own")
    return tr.fill(message, {"faces": faces_list(tr, faces)})
