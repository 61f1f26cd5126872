"""ttgbuild's side of the peer comparison: the shipped heroes' cards through ttgbuild's renderer.

The content is loaded and checked as `ttgbuild build` does, then cards.pdf is
drawn for English with the kit's other decks left out (no kit manifest), so
the file holds the hero card fronts, 3 x 3 per A4 sheet, with the pages a
real kit adds: their back sheets and the duplex test page. ttgbuild does
more than the peer here, never less.

Usage: python -m bench.ours_cards OUT.pdf [--heroes N]   (N: only the first N heroes)
Prints {"render_seconds": ...} (load, check and draw, after imports) as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path

from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import cards
from ttgbuild.render.context import RenderContext
from ttgbuild.validate.project import validate_project

PROJECT = Path(__file__).resolve().parent.parent


def main(out: Path, heroes: int | None) -> None:
    started = time.perf_counter()
    loaded, _diagnostics = validate_project(PROJECT)
    chosen = sorted(loaded.content.heroes, key=lambda h: (h.team, h.name))[:heroes]
    content = dataclasses.replace(loaded.content, heroes=chosen, kit=None)  # hero cards only
    tr = load_translator(PROJECT, "en")
    ctx = RenderContext.for_pack(
        PACK, content, tr, PrintSettings(), content_dir=PROJECT / "content"
    )
    out.write_bytes(cards.render(ctx))
    print(json.dumps({"render_seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[3]) if sys.argv[2:3] == ["--heroes"] else None)
