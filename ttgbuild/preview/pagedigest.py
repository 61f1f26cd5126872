"""A digest of each page of a PDF: of what draws it, not of the file it is in.

Two pages with the same digest render to the same pixels, so the gallery
keeps a picture across builds as long as its page's digest holds (`raster`).
The digest covers the page's dictionary (its boxes, rotation, annotations),
its content streams and every object it reaches, the fonts, pictures and
forms of its resources included, each by its own bytes (streams as stored,
neither decoded nor decompressed), plus what a page inherits from the page
tree and the document's optional-content settings. It leaves out the page's
link to its parent (which reaches every other page) and object numbers, so an
edit to one card leaves every other page's digest as it was, even though the
file's bytes and numbering around them changed.

A font subset shared by all pages is part of every page's digest: an edit
that adds a character the subset lacked changes them all, and they are drawn
again (correct, if not the quickest); an edit of numbers and words already
used changes only the pages it touches.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from pathlib import Path

INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")
SKIPPED = frozenset({"/Parent"})
REMEMBERED = 128  # PDFs whose page digests are kept, by the hash of their bytes

_remembered: OrderedDict[str, list[str]] = OrderedDict()


def page_digests(pdf: Path, sha: str) -> list[str]:
    """Each page's digest in order; remembered by `sha`, the hash of the PDF's bytes."""
    if sha in _remembered:
        _remembered.move_to_end(sha)
        return _remembered[sha]
    digests = _digests(pdf)
    _remembered[sha] = digests
    while len(_remembered) > REMEMBERED:
        _remembered.popitem(last=False)
    return digests


def _digests(pdf: Path) -> list[str]:
    import pikepdf  # imported here: 0.1 s, and only a gallery with pictures to find needs it

    with pikepdf.open(pdf) as document:
        walker = _Walker()
        shared = walker.text(document.Root.get("/OCProperties"))
        digests = []
        for page in document.pages:
            parts = [shared, walker.text(page.obj)]
            for key in INHERITED:
                if key not in page.obj:
                    parts.append(f"{key}={walker.text(_inherited(page.obj, key))}")
            digests.append(hashlib.sha256("\n".join(parts).encode()).hexdigest())
        return digests


def _inherited(page: object, key: str) -> object:
    """A page attribute its page tree gives it (the nearest ancestor's), or None."""
    node = page.get("/Parent")  # type: ignore[attr-defined]
    seen = 0
    while node is not None and seen < 64:  # a page tree is shallow; a loop is not followed
        if key in node:
            return node[key]
        node, seen = node.get("/Parent"), seen + 1
    return None


class _Walker:
    """Canonical text of PDF objects, each indirect object worked out once per document."""

    def __init__(self) -> None:
        self.done: dict[tuple[int, int], str] = {}
        self.open: set[tuple[int, int]] = set()

    def text(self, obj: object) -> str:
        import pikepdf

        if isinstance(obj, pikepdf.Object) and obj.is_indirect:
            ident = obj.objgen
            if ident in self.done:
                return self.done[ident]
            if ident in self.open:  # a cycle (an annotation's page, a form's parent): named
                return "<cycle>"
            self.open.add(ident)
            try:
                whole = self._direct(obj)
            finally:
                self.open.discard(ident)
            self.done[ident] = hashlib.sha256(whole.encode()).hexdigest()
            return self.done[ident]
        return self._direct(obj)

    def _direct(self, obj: object) -> str:
        import pikepdf

        if isinstance(obj, pikepdf.Stream):
            raw = hashlib.sha256(obj.read_raw_bytes()).hexdigest()
            return f"stream({self._dictionary(obj)},{raw})"
        if isinstance(obj, pikepdf.Dictionary):
            return self._dictionary(obj)
        if isinstance(obj, pikepdf.Array):
            return "[" + ",".join(self.text(item) for item in obj) + "]"
        if isinstance(obj, pikepdf.Object):
            return obj.unparse().decode("latin-1")
        return repr(obj)  # a number, a boolean or None, as pikepdf gives them

    def _dictionary(self, obj: object) -> str:
        items = sorted((str(k), v) for k, v in obj.items() if str(k) not in SKIPPED)  # type: ignore[attr-defined]
        return "{" + ",".join(f"{key}:{self.text(value)}" for key, value in items) + "}"
