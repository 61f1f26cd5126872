"""The import contracts of pyproject.toml hold, and they catch an import that crosses them.

The engine/pack boundary and the engine's layers are written down once, as
import-linter contracts in pyproject.toml; these tests run `lint-imports` on
the package as it is, then on copies of it with one forbidden import added, so
a contract that could never fail would show here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "pyproject.toml"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

NO_PACK = "The engine imports no game pack"
PACK_API = "Packs use only the public pack interface"
LAYERS = "Engine layers: cli > build > render > i18n > validate > source > pack > core"
CORE_ALONE = "The core imports nothing else of ttgbuild"
CONTRACTS = (NO_PACK, PACK_API, LAYERS, CORE_ALONE)


def lint_imports(package_parent: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports with the repository's contracts on the ttgbuild in `package_parent`."""
    env = dict(os.environ, PYTHONPATH=str(package_parent))
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(CONFIG), "--no-cache", "--no-logo"],
        cwd=package_parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def broken_sections(report: str) -> dict[str, str]:
    """The text lint-imports prints under each broken contract, by contract name."""
    _, _, broken = report.partition("Broken contracts")
    sections: dict[str, str] = {}
    current = None
    for line in broken.splitlines():
        if line in CONTRACTS:
            current = line
            sections[current] = ""
        elif current is not None:
            sections[current] += line + "\n"
    return sections


@pytest.mark.timeout(150)
def test_the_package_keeps_every_import_contract() -> None:
    done = lint_imports(REPO)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    for name in CONTRACTS:
        assert f"{name} KEPT" in report, report


@pytest.mark.timeout(150)
@pytest.mark.parametrize(
    ("module", "statement", "broken"),
    [
        # The engine reaching into the Jugger TTG pack.
        ("render/leak.py", "import ttgbuild.packs.jugger.model", {NO_PACK}),
        # The pack interface is engine too: it never imports a pack.
        ("packapi/leak.py", "import ttgbuild.packs.jugger.model", {NO_PACK}),
        # A pack reaching past the pack interface into the engine.
        ("packs/jugger/leak.py", "import ttgbuild.render.text", {PACK_API}),
        ("packs/pockettactics/leak.py", "from ttgbuild.core import console", {PACK_API}),
        # A lower layer importing a higher one.
        ("source/leak.py", "import ttgbuild.render.text", {LAYERS}),
        # The core leaning on any other part of ttgbuild.
        ("core/leak.py", "import ttgbuild.geometry.hexgrid", {LAYERS, CORE_ALONE}),
        # A new engine module that no layer names (the layers contract is exhaustive).
        ("leak.py", "", {LAYERS}),
    ],
)
def test_a_crossing_import_breaks_its_contract(
    tmp_path: Path, module: str, statement: str, broken: set[str]
) -> None:
    shutil.copytree(
        REPO / "ttgbuild", tmp_path / "ttgbuild", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / "ttgbuild" / module).write_text(f"{statement}\n", encoding="utf-8")
    leak = "ttgbuild." + module.removesuffix(".py").replace("/", ".")

    done = lint_imports(tmp_path)
    report = done.stdout + done.stderr

    assert done.returncode == 1, report
    sections = broken_sections(report)
    for name in broken:
        assert leak in sections.get(name, ""), report
