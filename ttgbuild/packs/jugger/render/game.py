"""Where Jugger reports text that belongs to no one record: its kit file."""

from __future__ import annotations

from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packs.jugger.model import Content


def place(content: Content) -> Origin:
    """content/kit.yaml, where the kit's page-wide labels (print note, ruler) are answered for."""
    return content.kit.origin if content.kit else Origin("content/kit.yaml")
