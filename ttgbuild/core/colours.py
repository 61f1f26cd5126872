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


def relative_luminance(hex_colour: str) -> float:
    """WCAG 2.x relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white).

    Printed colours are judged by the same measure as screen colours: the
    kit's colours are sRGB values, and the ratio below is what accessibility
    guidance (and a reader in poor light) cares about.
    """
    value = hex_colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a #rrggbb colour: {hex_colour!r}")
    return rgb_luminance(tuple(int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)))


def rgb_luminance(rgb: tuple[float, ...]) -> float:
    """The same luminance of a colour given as red, green, blue from 0 to 1 (ReportLab's)."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG contrast ratio of two `#rrggbb` colours, 1 (same) to 21 (black on white).

    Text needs 4.5 against its background, icons and other graphics 3
    (WCAG 2.1, 1.4.3 and 1.4.11); the order of the two colours does not matter.
    """
    return luminance_ratio(relative_luminance(first), relative_luminance(second))


def luminance_ratio(one: float, other: float) -> float:
    """WCAG contrast ratio of two relative luminances, in either order."""
    lighter, darker = max(one, other), min(one, other)
    return (lighter + 0.05) / (darker + 0.05)
