"""The line printed wherever the kit shows dice or odds: the die's faces are an assumption.

Neither rulebook gives the combat die's faces (rules.md §19), so the faces in
content/rules.yaml are this kit's guess and every printed die or odds table
says so, with the faces read from content (quick reference, tokens.pdf).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttgbuild.i18n.runtime import Translator


def faces_assumed(tr: Translator) -> str:
    """The translated note; its `{faces}` placeholder takes `faces_list`."""
    # Translators: {faces} is a list of numbers, the juggs on each face in order,
    # written with commas such as 0, 0, 0, 1, 1, 2.
    return tr.pgettext(
        "dice",
        "Die faces are this kit's assumption (no rulebook gives them): {faces} juggs. "
        "Set yours in content/rules.yaml.",
    )


def faces_list(tr: Translator, faces: Sequence[int]) -> str:
    """The jugg count of each face, in the locale's digits, in the order rules.yaml gives."""
    return ", ".join(tr.number(face) for face in faces)


def note(tr: Translator, faces: Sequence[int]) -> str:
    """The note with the faces filled in, as plain text."""
    return tr.fill(faces_assumed(tr), {"faces": faces_list(tr, faces)})
