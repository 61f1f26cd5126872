"""Shared fixtures: each test works on its own copy of the shipped content."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from ttgbuild.cli import app
from ttgbuild.pack import installed

REPO = Path(__file__).resolve().parent.parent
# The files of the Jugger TTG kit, in the order its pack lists them.
KIT_FILES = tuple(part.file for part in installed().packs["jugger-ttg"].components)

# A valid talent that no hero uses (rule JT112 warns about it).
SPARE_TALENT = {
    "id": "spare",
    "name": "Spare",
    "keyword": "passive",
    "cost": {"kind": "free"},
    "text": "Nothing at all.",
}


class Project:
    """A throw-away project folder with helpers to break its content."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, rel: str) -> Path:
        return self.root / rel

    def read(self, rel: str) -> Any:
        return yaml.safe_load(self.path(rel).read_text(encoding="utf-8"))

    def write(self, rel: str, data: Any) -> None:
        target = self.path(rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )

    def write_text(self, rel: str, text: str | bytes) -> None:
        target = self.path(rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text, encoding="utf-8")

    def replace(self, rel: str, old: str, new: str) -> None:
        """Change text in place, keeping the file's layout (and so its line numbers)."""
        text = self.path(rel).read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {rel}"
        self.path(rel).write_text(text.replace(old, new, 1), encoding="utf-8")

    def edit(self, rel: str, change: Callable[[Any], Any]) -> None:
        """Load a YAML file, let `change` mutate it (or return a replacement), write it back."""
        data = self.read(rel)
        result = change(data)
        self.write(rel, data if result is None else result)


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test remembers catalog checks in its own folder (ttgbuild.i18n.checkcache).

    A test that changes a limit or a check in memory must not be answered
    from what another test, or an earlier run, remembered.
    """
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("TTGBUILD_CACHE_DIR", str(folder))
    return folder


def shipped_copy(root: Path) -> Project:
    """A copy of the shipped project as a user has it: content, catalogs and ttgbuild.toml."""
    shutil.copytree(REPO / "content", root / "content")
    shutil.copytree(REPO / "locales", root / "locales")
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    return Project(root)


def project_copy_of(source: Path, tmp_path: Path) -> Path:
    """A test's own copy (tmp_path/project) of a project a module's fixture prepared once."""
    root = tmp_path / "project"
    shutil.copytree(source, root)
    return root


@pytest.fixture
def project(tmp_path: Path) -> Project:
    """The shipped content, no catalogs; ttgbuild.toml names its game (several are installed)."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    (tmp_path / "locales").mkdir()
    shutil.copy(REPO / "ttgbuild.toml", tmp_path / "ttgbuild.toml")
    return Project(tmp_path)


@pytest.fixture
def tidewrack(tmp_path: Path) -> Path:
    """A copy of the example game made of data only (examples/tidewrack), to break."""
    root = tmp_path / "tidewrack"
    shutil.copytree(REPO / "examples" / "tidewrack", root)
    return root


@pytest.fixture
def run(project: Project) -> Callable[..., Any]:
    """Run the CLI as a user would, against the test's project."""

    def invoke(*args: str) -> Any:
        return run_cli(project.root, *args)

    return invoke


def run_cli(root: Path, *args: str) -> Any:
    """The CLI run in this process on the project at `root`, as a user would type it."""
    return CliRunner().invoke(app, [*args, "--project", str(root)])


def assert_no_crash(result) -> None:
    """CliRunner keeps an exception instead of printing it: there must be none."""
    output = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    assert "Traceback" not in output and "internal error" not in output, output


def declare_departures(root: Path) -> list[str]:
    """Declare every book value the project's content departs from (JT031): a test that
    changes the game's numbers on purpose plays a kit that says so. The values join the
    first declared variant, whose summary (translated in the catalogs) prints as before,
    so strict builds in every locale stay clean; a project with no variant gets one.
    Returns the values declared."""
    from tests.bookwalk import compare

    departed = sorted(
        {d.message.split(":")[0].split("/")[0] for d in compare(root) if d.code == "JT031"}
    )
    if departed:
        path = root / "content" / "variants.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
        if data and data.get("variants"):
            data["variants"][0]["changes"] += departed
        else:
            data = {
                "variants": [
                    {
                        "id": "test-numbers",
                        "changes": departed,
                        "reason": "A test changes the game's numbers.",
                        "summary": "This kit plays the numbers a test chose.",
                    }
                ]
            }
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    return departed


def example_kits(example: Path, work: Path) -> dict[str, Path]:
    """A copy of an example game (`example`) built as a user types it, in `work`: en and es
    on A4, es on Letter; its kit folders by "<locale>-<paper>"."""
    root = work / example.name
    shutil.copytree(example, root)
    out = work / "out"
    for paper, args in (("a4", ()), ("letter", ("--paper", "letter", "--locale", "es"))):
        result = run_cli(root, "build", "--strict", "--force", "--out", str(out / paper), *args)
        assert_no_crash(result)
        assert result.exit_code == 0, result.stdout + result.stderr
    return {
        "en-a4": out / "a4" / "en",
        "es-a4": out / "a4" / "es",
        "es-letter": out / "letter" / "es",
    }
