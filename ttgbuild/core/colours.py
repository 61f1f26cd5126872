"""The engine's colours by name (text, paper, rules, headers, cut marks), written once as hex.

Layout files name them (`colour: muted`) and are checked below the renderer,
in source/layoutfile.py; the pages drawn in Python use the same values as
reportlab colours (render/style.py). Both read them here, so they cannot drift.
"""

from __future__ import annotations

from collections.abc import Mapping

ENGINE_COLOURS: Mapping[str, str] = {
    "ink": "#1d1f24",
    "paper": "#ffffff",
    "muted": "#5b6270",
    "rule": "#b9bfc9",
    "card-tint": "#f3efe6",
    "header": "#2f3b4c",
    "cut": "#000000",
}
