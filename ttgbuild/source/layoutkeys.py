"""Which keys each part of a layout reads, so a key it would ignore is a located warning.

The format lets every box carry every key (one schema for all kinds), so a
`size` on a shape, a `radius` on a circle or `copies` on a deck entry that
prints one card would be dropped without a word: the designer sees a card
that ignores them and no reason. This table is what the painters of
render/layout/faces.py and decks.py read, kind by kind; a key outside it is
reported (JT076, a warning) where it is written.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# Every box reads these: its name, kind, condition, place, and where problems point.
PLACED = frozenset(
    {"name", "kind", "when", "left", "right", "bottom", "top", "width", "height", "field", "report"}
)
# What each kind of box reads besides PLACED (render/layout/faces.py, its painters).
READS: dict[str, frozenset[str]] = {
    "text": frozenset(
        {"text", "paragraphs", "family", "size", "bold", "italic", "colour", "valign", "align"}
    ),
    "label": frozenset({"textbox", "text", "colour", "align", "baseline"}),
    "stat": frozenset(
        {"textbox", "label", "value", "icon", "fill", "stroke", "line_width", "colour", "size"}
    ),
    "string": frozenset({"text", "family", "size", "bold", "italic", "colour", "align"}),
    "image": frozenset({"src"}),
    "icon": frozenset({"icon"}),
    "draw": frozenset({"draw", "args"}),
    "shape": frozenset({"shape", "fill", "stroke", "line_width", "dash", "radius"}),
    "repeat": frozenset({"each", "as", "items", "columns", "row_gap", "box"}),
}
# Keys a shape reads only for some shapes.
SHAPE_ONLY = {
    "radius": frozenset({"roundrect"}),
    "dash": frozenset({"rect", "roundrect", "circle", "line"}),
}
# A deck entry's keys and what they need: `copies` and `as` are read only with `each`
# (and without `count`, which numbers its cards instead).
ENTRY_NEEDS_EACH = ("copies", "as")

Found = tuple[dict[str, Any], str, str]  # (owning mapping, message, key)


def ignored_keys(data: dict[str, Any], faces: dict[str, dict[str, Any]]) -> Iterator[Found]:
    """Every key of a layout file's boxes and deck entries that nothing reads.

    `faces` are the file's faces resolved through `extends`: a box restated by
    name is of its parent's kind, and only the keys it writes are its own.
    """
    for name, face in data.get("faces", {}).items():
        resolved = {box["name"]: box for box in faces.get(name, face).get("boxes", [])}
        for box in face.get("boxes", []):
            yield from _box(resolved.get(box["name"], box), box)
    for deck in data.get("decks", []):
        for entry in deck.get("cards", []):
            for key in ENTRY_NEEDS_EACH:
                if key in entry and ("each" not in entry or "count" in entry):
                    how = "numbers its cards (count)" if "count" in entry else "has no each"
                    yield entry, f"{key} is ignored: this deck entry {how}", key


def _box(box: dict[str, Any], at: dict[str, Any]) -> Iterator[Found]:
    """The ignored keys of `at`, part of `box` (a box restated by name over its parent's, a
    repeat's item laid over its template): reported at `at`, where they are written."""
    kind = box.get("kind", "text")
    reads = PLACED | READS.get(kind, frozenset())
    for key in at:
        if key not in reads:
            yield at, f"{key} is ignored: a {kind} box does not read it", key
        elif kind == "shape" and key in SHAPE_ONLY:
            shape = box.get("shape", "rect")
            if shape not in SHAPE_ONLY[key]:
                yield at, f"{key} is ignored: a {shape} shape does not read it", key
    if kind != "repeat" or not isinstance(box.get("box"), dict):
        return
    template = box["box"]
    yield from _box(template, template)
    for item in box.get("items", []):
        if isinstance(item, dict):
            yield from _box({**template, **item}, item)
