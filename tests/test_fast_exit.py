"""`ttgbuild` leaves without Python's slow teardown, and nothing a user sees changes.

The entry point ends the process itself once the command is done (cli.entry):
the exit status, everything written to stdout and stderr, and the exit
handlers must be exactly as with Python's own shutdown.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _ttgbuild(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """The command as a user runs it (the `ttgbuild` entry point is `cli.entry`)."""
    code = "\n".join(
        [
            "import sys",
            prelude,
            "from ttgbuild.cli import entry",
            f"sys.argv = ['ttgbuild', *{args!r}]",
            "entry()",
        ]
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120
    )


def test_output_and_success_status_kept() -> None:
    result = _ttgbuild("validate", "--project", str(REPO))
    assert result.returncode == 0, result.stderr
    assert "validate: no problems found" in result.stdout + result.stderr


def test_usage_error_status_and_message_kept() -> None:
    result = _ttgbuild("no-such-command")
    assert result.returncode == 2
    assert "No such command" in result.stderr


def test_exit_handlers_still_run() -> None:
    prelude = "import atexit\natexit.register(lambda: print('handler ran', flush=True))"
    result = _ttgbuild("--help", prelude=prelude)
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout
    assert result.stdout.rstrip().endswith("handler ran")
