"""The line printed wherever the kit shows dice or odds: where the die's faces come from.

Neither rulebook gives the combat die's faces (rules.md §19), so the faces in
content/rules.yaml are this kit's guess unless a group has entered its own dice
(`dice.faces_assumed: false`). Every printed die or odds table says which, with
the faces read from content (quick reference, tokens.pdf, rules.pdf).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttgbuild.i18n.runtime import Translator


def message(tr: Translator, assumed: bool) -> str:
    """The translated note; its `{faces}` placeholder takes `faces_list`."""
    if assumed:
        # Translators: {faces} is a list of numbers, the juggs on each face in order,
        # written with commas such as 0, 0, 0, 1, 1, 2.
        return tr.pgettext(
            "dice",
            "Die faces are this kit's assumption (no rulebook gives them): {faces} juggs. "
            "Set yours in content/rules.yaml.",
        )
    # Translators: printed when a group entered the faces of its own dice in content.
    # {faces} is a list of numbers, the juggs on each face in order, such as 0, 0, 0, 1, 1, 2.
    return tr.pgettext("dice", "Die faces, as your dice show them: {faces} juggs.")


def faces_list(tr: Translator, faces: Sequence[int]) -> str:
    """The jugg count of each face, in the locale's digits, in the order rules.yaml gives."""
    return ", ".join(tr.number(face) for face in faces)


def note(tr: Translator, faces: Sequence[int], assumed: bool) -> str:
    """The note with the faces filled in, as plain text."""
    return tr.fill(message(tr, assumed), {"faces": faces_list(tr, faces)})
