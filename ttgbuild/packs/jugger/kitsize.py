"""The largest Jugger kit a build draws (JT904), checked before anything is drawn.

The engine calls it through the pack's `before_build` hook: `validate` still
checks every hero, but drawing thousands of cards would take unbounded time.
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.packapi.diagnostics import Code, Diagnostic, display_path
from ttgbuild.packs.jugger.model import Content

# Each hero is a card and two field tokens in every locale's kit, drawn at about
# 25 ms a locale on a busy 2-core machine: 1,000 heroes cost half a minute per
# locale; the 20,000 files a content folder may hold would cost many minutes and
# gigabytes. `validate` still checks them all; the build refuses before drawing.
MAX_PRINTED_HEROES = 1000
SIZE_CODE = Code(
    "JT904",
    "error",
    f"a kit prints at most {MAX_PRINTED_HEROES} heroes, "
    "so every build ends in bounded time and memory",
)


def kit_size(project: Path, content: Content) -> list[Diagnostic]:
    """JT904: too many heroes to draw in bounded time, said before anything is drawn."""
    count = len(content.heroes)
    if count <= MAX_PRINTED_HEROES:
        return []
    folder = display_path(project / "content" / "heroes", project)
    message = (
        f"{count} heroes; a kit prints at most {MAX_PRINTED_HEROES} (each is a card and two "
        "field tokens in every locale); nothing is drawn"
    )
    return [SIZE_CODE.at(folder, 0, 0, message)]
