"""Card backs forgive duplex drift: nothing but the deck's colour near any cut.

A home printer puts the back side 1 to 2 mm off; a frame drawn a few mm inside
the cut then shows as a visibly uneven border. The backs are drawn so that
within 4 mm of every cut line (2 mm of drift plus a margin) there is only
the background colour: measured on the rendered back pages, per deck.
"""

from __future__ import annotations

import pypdfium2
import pytest
from conftest import REPO
from PIL import Image

from ttgbuild.core.printing import PrintSettings
from ttgbuild.i18n.runtime import load_translator
from ttgbuild.packs.jugger import PACK
from ttgbuild.packs.jugger.render import cards
from ttgbuild.render.context import RenderContext
from ttgbuild.render.sheet import card_grid
from ttgbuild.source.loader import load_content

DPI = 100
CLEAR_MM = 4.0  # 2 mm of drift, and as much again so that nothing is near it
TOLERANCE = 12  # per channel: anti-aliasing at the edges of the page's own fills


Pages = tuple[PrintSettings, list[Image.Image]]


@pytest.fixture(scope="module", params=["a4", "letter"])
def pages(request: pytest.FixtureRequest) -> Pages:
    """The settings and the rendered pages of cards.pdf on A4 and on Letter (another grid)."""
    settings = PrintSettings(paper=request.param)
    content = load_content(REPO, PACK).content
    ctx = RenderContext.for_pack(PACK, content, load_translator(REPO, "en"), settings)
    document = pypdfium2.PdfDocument(cards.render(ctx))
    try:
        return settings, [page.render(scale=DPI / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def _near_cuts(image: Image.Image, settings: PrintSettings) -> list[tuple[int, int, int]]:
    """The pixels within CLEAR_MM inside the cut edges of every card printed on the page
    (a cell left empty is skipped; past the bleed a drifting back shows paper whatever
    is drawn, so only the inside of each cut is looked at)."""
    grid = card_grid(settings)
    scale = DPI / 72
    clear = round(CLEAR_MM / 25.4 * DPI)
    pixels = image.load()
    found = []
    for row in range(grid.rows):
        for column in range(grid.columns):
            x, y = grid.origin(row, column)
            left, top = round(x * scale), round(image.height - (y + grid.cell_height) * scale)
            right, bottom = (
                left + round(grid.cell_width * scale),
                top + round(grid.cell_height * scale),
            )
            if pixels[(left + right) // 2, (top + bottom) // 2] == (255, 255, 255):
                continue  # no card here
            for px in range(left + 1, right - 1, 2):
                for py in range(top + 1, bottom - 1, 2):
                    inside = min(px - left, right - px, py - top, bottom - py)
                    if inside <= clear:
                        found.append(pixels[px, py])
    return found


def test_the_backs_show_only_their_colour_near_every_cut(pages: Pages) -> None:
    settings, images = pages
    backs = [image for number, image in enumerate(images, 1) if number % 2 == 0][
        :-1
    ]  # not the test
    assert backs
    colours = set()
    for image in backs:
        near = _near_cuts(image, settings)
        ground = max(set(near), key=near.count)
        colours.add(ground)
        off = [
            p for p in near if max(abs(a - b) for a, b in zip(p, ground, strict=True)) > TOLERANCE
        ]
        assert len(off) < len(near) * 0.002, (ground, len(off), len(near))
    assert len(colours) >= 4  # one page per deck at least: hero, weapon, stone, point


def test_a_front_page_fails_the_same_measure(pages: Pages) -> None:
    """The failing fixture: a page of hero fronts has its band and stat frames near cuts."""
    settings, images = pages
    near = _near_cuts(images[0], settings)
    ground = max(set(near), key=near.count)
    off = [p for p in near if max(abs(a - b) for a, b in zip(p, ground, strict=True)) > TOLERANCE]
    assert len(off) > len(near) * 0.05
