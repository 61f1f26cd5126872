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
    """The command as a user runs it (the `ttgbuild` entry point, launch.main → cli.entry)."""
    code = "\n".join(
        [
            "import sys",
            prelude,
            "from ttgbuild.launch import main",
            f"sys.argv = ['ttgbuild', *{args!r}]",
            "main()",
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


def test_ctrl_c_while_the_tool_loads_ends_quietly() -> None:
    """An interrupt that lands while the command line is still being imported."""
    prelude = "\n".join(
        [
            "class Interrupt:",
            "    def find_spec(self, name, path=None, target=None):",
            "        if name == 'typer':",
            "            raise KeyboardInterrupt",
            "sys.meta_path.insert(0, Interrupt())",
        ]
    )
    result = _ttgbuild("--help", prelude=prelude)
    assert result.returncode == 130
    assert result.stderr == "ttgbuild: interrupted\n"
    assert "Traceback" not in result.stdout + result.stderr
