"""ttgbuild: checks a tabletop game's content and builds its print-and-play kit.

The engine is this package minus `ttgbuild.packs`; each game is a pack (docs/architecture.md).
"""

__version__ = "0.1.0"
