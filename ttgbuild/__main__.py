"""`python -m ttgbuild` runs the command-line tool."""

from ttgbuild.cli import entry

entry()
