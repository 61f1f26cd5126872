"""The `ttgbuild` command's first step, kept apart so Ctrl-C while loading ends quietly.

`cli.entry` turns an interrupt into "interrupted" and exit 130, but only once
its module is imported: the first few tenths of a second go to importing
Typer and the engine, and an interrupt there printed Python's traceback.
This module imports nothing of its own, so only that import can be cut short.
"""

import sys


def main() -> None:
    """Import the command line and run it; an interrupt while importing exits 130, said."""
    try:
        from ttgbuild.cli import entry
    except KeyboardInterrupt:
        sys.stderr.write("ttgbuild: interrupted\n")
        raise SystemExit(130) from None
    entry()
