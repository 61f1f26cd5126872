"""A layout's faces placed one at a time by a pack's own page code, and its loose messages.

Cards print in decks (decks.py), but tokens of many sizes packed in rows, a
hex tile or a player mat's card slots are placed by the game's page code,
which knows the sheet's geometry. The faces themselves stay data: the code
asks for a face by name, for one record, and says where it goes; the texts it
prints outside any face (section headings, notes) are the file's `messages`,
so every printed word still comes from the layout file and its catalogs.
The file's `settings` (numbers such as a slot's clearance) are names its
faces read and values the page code asks for, so they too live in data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.render.context import RenderContext
from ttgbuild.render.layout.decks import Card, PackParts, prepared
from ttgbuild.render.layout.faces import LENGTH_RANGE, Box, paint
from ttgbuild.source.layoutfile import Layout, LayoutError


class Pieces:
    """The faces and messages of one layout file, drawn on one canvas in one context."""

    def __init__(
        self, ctx: RenderContext, canvas: Canvas, layout: Layout, parts: PackParts
    ) -> None:
        self.kit, names = parts.kit(ctx, canvas, layout)
        self.names = {**names, **layout.data.get("settings", {})}

    def setting(self, name: str) -> float:
        """The file's setting `name` (a number from its `settings`)."""
        settings = self.kit.layout.data.get("settings", {})
        if name not in settings:
            known = ", ".join(sorted(settings)) or "none"
            message = f"no setting {name!r} (settings: {known})"
            raise LayoutError(self.kit.layout.problem("JT073", self.kit.layout.data, message))
        return float(settings[name])

    def background(self, card: Card) -> Color | None:
        """The face's `background` colour, which a page code paints into the bleed, or None."""
        if "background" not in card.face:
            return None
        return self.kit.colour_at(card.face, "background", card.scope, "card-tint")

    def face(self, name: str, **names: Any) -> Card:
        """The face `name` bound to these names (its record, a side, a flag)."""
        layout = self.kit.layout
        if name not in layout.faces:
            known = ", ".join(sorted(layout.faces))
            message = f"no face {name!r} (faces: {known})"
            raise LayoutError(layout.problem("JT073", layout.data["faces"], message))
        return prepared(self.kit, layout.faces[name], {**self.names, **names})

    def size(self, card: Card) -> tuple[float, float]:
        """A token's width and height in points, from its face's `width` and `height`."""
        face = card.face
        return self._length(face, "width", card.scope), self._length(face, "height", card.scope)

    def draw(self, card: Card, box: Box) -> None:
        """Every box of the face inside `box` (x, y, w, h in points)."""
        paint(self.kit, card.face, box, card.scope, card.where)

    def message(self, name: str, **names: Any) -> str:
        """The file's message `name`, translated, its placeholders filled from these names."""
        messages = self.kit.layout.data.get("messages", {})
        if name not in messages:
            known = ", ".join(sorted(messages)) or "none"
            message = f"no message {name!r} (messages: {known})"
            raise LayoutError(self.kit.layout.problem("JT073", self.kit.layout.data, message))
        return self.kit.words(messages[name], messages, name, {**self.names, **names})

    def _length(self, face: dict[str, Any], key: str, scope: Mapping[str, Any]) -> float:
        if key not in face:
            message = f"the face is placed by the pack's page code, so it needs a {key}"
            raise LayoutError(self.kit.layout.problem("JT073", face, message))
        return self.kit.number_at(face, key, scope, None, LENGTH_RANGE) * mm
