"""A pack's own commands: the options every command shares, the exit statuses, and
the project and game a command runs on.

Light on purpose: a pack's `commands` module imports it while `ttgbuild --help` runs.
"""

from ttgbuild.options import (
    EXIT_PROBLEMS,
    EXIT_UNREADABLE,
    EXIT_USAGE,
    Format,
    FormatOption,
    ProjectOption,
    require_game,
    require_project,
)

__all__ = [
    "EXIT_PROBLEMS",
    "EXIT_UNREADABLE",
    "EXIT_USAGE",
    "Format",
    "FormatOption",
    "ProjectOption",
    "require_game",
    "require_project",
]
