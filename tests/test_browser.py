"""The review gallery and `ttgbuild watch` in a real browser (issue 21).

Playwright for Python drives Debian's chromium (`/usr/bin/chromium`, which
`.ci/run` installs): Playwright's own browser download does not work here.
Without chromium the tests are skipped with the reason, except in CI, where
they must run. Every browser starts with a fresh, throw-away profile.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, assert_no_crash, run_cli, shipped_copy

CHROMIUM = Path(shutil.which("chromium") or "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HERO = "content/heroes/aoife-callinan.yaml"
LONG_NAME = "W" * 40  # no hero card's name line holds it: an overflow to show (JT901)
VISIBLE = """figures => figures.filter(f => f.getClientRects().length > 0).map(f => [
  f.dataset.kind, f.dataset.id, f.dataset.locale, f.dataset.problems])"""
WAIT = 60_000  # ms a page may take to change: a rebuild on a busy machine

pytestmark = pytest.mark.browser  # about a minute: `-m "not browser"` leaves it out


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """One headless chromium for the module (Playwright gives it a fresh temporary profile)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium) -> Iterator[object]:
    context = chromium.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A gallery in English and German whose hero aoife-callinan has a name too long."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TTGBUILD_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        project = shipped_copy(tmp_path_factory.mktemp("gallery"))
        project.replace(HERO, 'name: "Aoife Callinan"', f'name: "{LONG_NAME}"')
        out = project.path("gallery")
        result = run_cli(project.root, "preview", "--locale", "en,de", "--out", str(out))
        assert_no_crash(result)
        assert result.exit_code == 0, result.output
        return out


def visible(page) -> list[list[str]]:
    return page.eval_on_selector_all("figure.item", VISIBLE)


@pytest.mark.timeout(120)
def test_the_filters_show_only_the_matching_pictures(gallery: Path, page) -> None:
    page.goto((gallery / "index.html").as_uri())
    everything = visible(page)
    assert {kind for kind, *_ in everything} >= {"hero", "weapon", "token", "tile", "quickref"}
    assert {locale for *_, locale, _problems in everything} == {"en", "de"}

    page.select_option("#filter-kind", "hero")
    heroes = visible(page)
    assert heroes and {kind for kind, *_ in heroes} == {"hero"}
    count = len(list((REPO / "content" / "heroes").glob("*.yaml")))
    assert len(heroes) == 2 * count

    page.fill("#filter-id", "aoife")
    assert {(ident, locale) for _k, ident, locale, _p in visible(page)} == {
        ("aoife-callinan", "en"),
        ("aoife-callinan", "de"),
    }
    page.select_option("#filter-locale", "de")
    assert [(ident, locale) for _k, ident, locale, _p in visible(page)] == [
        ("aoife-callinan", "de")
    ]

    page.fill("#filter-id", "")
    page.select_option("#filter-locale", "")
    page.select_option("#filter-kind", "")
    page.check("#filter-problems")
    flagged = visible(page)
    assert ["hero", "aoife-callinan", "en"] in [row[:3] for row in flagged]
    assert all(problems != "0" for *_, problems in flagged)
    assert len(flagged) < len(everything)


@pytest.mark.timeout(120)
def test_a_diagnostic_link_opens_the_content_file_at_its_line(gallery: Path, page) -> None:
    page.goto((gallery / "index.html").as_uri())
    figure = page.locator(
        'figure.item[data-kind="hero"][data-id="aoife-callinan"][data-locale="en"]'
    )
    link = figure.locator('li.diag[data-code="JT901"] a.diag-link', has_text=HERO).first
    assert link.inner_text() == f"{HERO}:3"
    link.click()
    page.wait_for_url("**/aoife-callinan.yaml.html#L3")
    assert page.evaluate("document.querySelector(':target').id") == "L3"
    assert LONG_NAME in page.locator("#L3").inner_text()


class Watch:
    """`ttgbuild watch` in a subprocess; its stderr read as it comes."""

    def __init__(self, project: Path, cache: Path) -> None:
        command = [sys.executable, "-m", "ttgbuild", "watch", "--project", str(project)]
        command += ["--locale", "en", "--port", "0", "--out", str(project / "gallery")]
        env = {**os.environ, "TTGBUILD_CACHE_DIR": str(cache)}
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=_ctrl_c_as_usual,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stderr:
            self.lines.put(line)

    def wait_for(self, text: str, timeout: float) -> str:
        """The first line from now on holding `text`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=end - time.monotonic())
            except queue.Empty:
                break
            self.said.append(line)
            if text in line:
                return line
        raise AssertionError(f"no {text!r} in {timeout} s; it said: {''.join(self.said)}")

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


def _ctrl_c_as_usual() -> None:
    """A background child of a shell may start with SIGINT ignored; Ctrl-C must reach it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.timeout(240)
def test_watch_refreshes_the_open_page_on_each_save(tmp_path: Path, page) -> None:
    project = shipped_copy(tmp_path / "project")
    watch = Watch(project.root, tmp_path / "cache")
    try:
        url = re.search(r"http://\S+", watch.wait_for("serving http://", 120)).group()
        page.goto(url)
        hero = 'figure.item[data-kind="hero"][data-id="aoife-callinan"] img'
        before = page.get_attribute(hero, "src")
        page.fill("#filter-id", "aoife")  # kept across the reloads
        on_disk = project.path("gallery/index.html").read_text(encoding="utf-8")
        assert "EventSource" not in on_disk  # the files stay the static gallery

        project.replace(HERO, 'name: "Aoife Callinan"', 'name: "Aoife Renamed"')
        saved = time.monotonic()
        changed = f"old => document.querySelector('{hero}')?.getAttribute('src') !== old"
        page.wait_for_function(changed, arg=before, timeout=WAIT)
        took = time.monotonic() - saved
        assert page.input_value("#filter-id") == "aoife"
        shown = {ident for _kind, ident, _locale, _problems in visible(page)}
        assert "aoife-callinan" in shown and all("aoife" in ident for ident in shown)
        print(f"the page showed the new picture {took:.1f} s after the save")

        project.replace(HERO, "reflexes: 4", "reflexes: 7")  # outside 1..5: a content error
        page.wait_for_selector('body[data-state="error"]', timeout=WAIT)
        assert page.locator("figure.item").count() == 0
        link = page.locator("a.diag-link", has_text=f"{HERO}:9")
        assert link.count() == 1

        project.replace(HERO, "reflexes: 7", "reflexes: 4")
        page.wait_for_selector('body[data-state="gallery"]', timeout=WAIT)
        assert page.get_attribute(hero, "src") not in (None, before)
    finally:
        code = watch.stop()
    assert code == 130, "".join(watch.said)
