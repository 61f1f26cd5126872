"""Drawing a printed file: the render context a component is given (content, print
settings, translator) and the pieces it draws, the canvas and its finished PDF bytes,
paper and duplex, label boxes, and icons inline in text.
"""

from ttgbuild.core.printing import Duplex, Paper
from ttgbuild.i18n.runtime import Translator
from ttgbuild.render.boxes import DEFAULT, FURNITURE, TextBox
from ttgbuild.render.context import Piece, RenderContext
from ttgbuild.render.icons import InlineIcons, Painter
from ttgbuild.render.pdf import finish, new_canvas

__all__ = [
    "DEFAULT",
    "FURNITURE",
    "Duplex",
    "InlineIcons",
    "Painter",
    "Paper",
    "Piece",
    "RenderContext",
    "TextBox",
    "Translator",
    "finish",
    "new_canvas",
]
