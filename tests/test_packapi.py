"""The public pack interface (ttgbuild.packapi) is names only, complete and light where it says.

Packs may import the engine only from ttgbuild.packapi (an import-linter contract,
tests/test_layers.py). These tests hold the interface to what docs/architecture.md
promises: every submodule is listed, re-exports engine names and adds no code, lists
exactly those names in `__all__`, never a private one, and the groups a pack's
`__init__` and `commands` import while `ttgbuild --help` runs load no heavy library.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import ttgbuild.packapi

PACKAPI = Path(ttgbuild.packapi.__file__).parent
GROUPS = sorted(path.stem for path in PACKAPI.glob("*.py") if path.stem != "__init__")
LIGHT = ("pack", "commands", "console", "diagnostics", "checks", "colours", "hexgrid")
HEAVY = ("reportlab", "yaml", "jsonschema", "jinja2", "babel", "pypdfium2")


def test_every_group_is_listed() -> None:
    assert sorted(ttgbuild.packapi.__all__) == GROUPS


@pytest.mark.parametrize("group", GROUPS)
def test_a_group_only_re_exports_engine_names(group: str) -> None:
    tree = ast.parse((PACKAPI / f"{group}.py").read_text(encoding="utf-8"))
    imported: set[str] = set()
    listed: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            assert node.module is not None and node.module.startswith("ttgbuild."), node.module
            assert not node.module.startswith(("ttgbuild.packs", "ttgbuild.packapi"))
            imported |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Assign):
            assert [target.id for target in node.targets if isinstance(target, ast.Name)] == [
                "__all__"
            ]
            listed = ast.literal_eval(node.value)
        else:  # the module's docstring, nothing else: no wrappers, no logic
            assert isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            assert node is tree.body[0]
    assert ast.get_docstring(tree), group
    assert sorted(listed) == sorted(imported)
    assert len(listed) == len(set(listed))
    assert not [name for name in listed if name.startswith("_")]
    module = importlib.import_module(f"ttgbuild.packapi.{group}")
    assert all(hasattr(module, name) for name in listed)


@pytest.mark.timeout(60)
def test_the_light_groups_load_no_heavy_library() -> None:
    """A pack's __init__ and commands import these while `ttgbuild --help` lists the games."""
    code = (
        f"import sys\nfor group in {LIGHT!r}:\n"
        "    __import__('ttgbuild.packapi.' + group)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
