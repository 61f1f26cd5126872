"""Exit codes (cli.md), in the lowest layer so that `watch` below the CLI can exit with them."""

EXIT_PROBLEMS = 1  # problems found
EXIT_USAGE = 2  # a usage error or an unreadable input
EXIT_UNREADABLE = EXIT_USAGE  # an unreadable input is a usage error (cli.md)
EXIT_INTERNAL = 3
