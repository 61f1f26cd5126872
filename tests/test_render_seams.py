"""The render seams between the engine and the Jugger TTG pack.

The engine draws icons it is handed and knows no game's; each Jugger painter
(one module per kit file) shares colours, boxes, labels and icons through
the pack's shared modules, never by importing another painter.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import Translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.model import Content
from ttgbuild.packs.jugger.render import icons as jugger_icons
from ttgbuild.render import fonts, text
from ttgbuild.render.context import RenderContext
from ttgbuild.render.icons import NO_ICONS, InlineIcons

RENDER = Path(__file__).resolve().parent.parent / "ttgbuild" / "packs" / "jugger" / "render"
PAINTERS = {"board", "cards", "guide", "rulebook", "tokens", "quickref"}


def painter_imports(path: Path) -> set[str]:
    """The painters (kit-file modules) a module imports from the pack's render package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[:4] != ["ttgbuild", "packs", "jugger", "render"]:
                continue
            names = parts[4:5] or [alias.name for alias in node.names]
            found |= set(names) & PAINTERS
    return found


def test_no_module_of_the_pack_imports_a_painter_but_its_own() -> None:
    files = sorted(RENDER.rglob("*.py"))
    assert len(files) > len(PAINTERS)
    for file in files:
        own = file.relative_to(RENDER).parts[0].removesuffix(".py")
        assert painter_imports(file) <= {own}, file


def test_the_check_sees_a_painter_importing_another(tmp_path: Path) -> None:
    leak = tmp_path / "leak.py"
    leak.write_text("from ttgbuild.packs.jugger.render.cards import render\n", encoding="utf-8")
    assert painter_imports(leak) == {"cards"}
    leak.write_text("from ttgbuild.packs.jugger.render import board, theme\n", encoding="utf-8")
    assert painter_imports(leak) == {"board"}


def test_a_context_prints_only_the_icons_its_game_gives() -> None:
    ctx = RenderContext(None, Translator("en"), PrintSettings())
    assert [s.icon for s in ctx.spans("Pay [focus].")] == [False]  # no game: literal text
    game = RenderContext.for_pack(PACK, Content(), Translator("en"), PrintSettings())
    assert game.icons is jugger_icons.INLINE
    assert [s.icon for s in game.spans("Pay [focus].")] == [False, True, False]
    assert game.kit_where("every page", "print note")[0] == Origin("content/kit.yaml")


def test_inline_icons_draw_with_the_painter_they_were_given() -> None:
    fonts.register()
    drawn: list[tuple[float, float, float]] = []
    table = InlineIcons({"dot": lambda _canvas, x, y, side: drawn.append((x, y, side))})
    assert table.names == frozenset({"dot"}) and NO_ICONS.names == frozenset()
    block = text.fit([text.spans("a [dot] b", icons=table.names)], 100, 20, 10, 10, text.SANS)
    text.draw(Canvas("unused.pdf"), block, 0, 20, text.SANS, table.draw)
    assert len(drawn) == 1


def test_a_pack_naming_no_place_reports_page_wide_text_at_the_project_file() -> None:
    placeless = dataclasses.replace(PACK, place=None)
    ctx = RenderContext.for_pack(placeless, Content(), Translator("en"), PrintSettings())
    assert ctx.kit_where("every page", "print note")[0] == Origin("ttgbuild.toml")
