"""The rule registry: one definition per code, owned by the engine or a pack, built on demand."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from conftest import REPO

from ttgbuild.codes import engine_codes, every_code
from ttgbuild.core.codes import Code
from ttgbuild.pack import PackError, pack_for
from ttgbuild.validate.project import pack_checks
from ttgbuild.validate.registry import ENGINE, Checks, Registry, RegistryError

JUGGER = pack_for(REPO)


def test_a_code_added_twice_is_refused() -> None:
    registry = Registry()
    registry.add(Code("JT001", "error", "first"))
    with pytest.raises(RegistryError, match="JT001 added twice"):
        registry.add(Code("JT001", "warning", "second"))


def test_a_check_declared_twice_is_refused() -> None:
    checks = Checks()
    for summary in ("one", "two"):
        checks.rule("XX100", "error", summary)(lambda ctx: [])
    with pytest.raises(RegistryError, match="XX100 added twice"):
        checks.register(Registry().for_owner("other-game", "XX"))


def test_a_pack_code_without_the_pack_prefix_is_refused() -> None:
    pack_view = Registry().for_owner("other-game", "XX")
    pack_view.add(Code("XX001", "error", "fine"))
    with pytest.raises(RegistryError, match="other-game cannot add JT001"):
        pack_view.add(Code("JT001", "error", "not this pack's prefix"))


def test_a_pack_claiming_an_engine_code_is_refused() -> None:
    def claims_jt001(registry: Registry) -> None:
        registry.add(Code("JT001", "error", "the pack's own JT001"))

    greedy = dataclasses.replace(JUGGER, register=claims_jt001)
    with pytest.raises(PackError) as refused:
        every_code(greedy)
    diagnostic = refused.value.diagnostic
    assert (diagnostic.file, diagnostic.code) == ("ttgbuild.toml", "JT012")
    assert "code JT001 added twice: by engine and by jugger-ttg" in diagnostic.message


def test_every_code_has_one_owner() -> None:
    rules = every_code(JUGGER).rules
    engine = {code.code for code in engine_codes()}
    assert {c for c, r in rules.items() if r.owner == ENGINE} == engine
    assert {"JT001", "JT010", "JT050", "JT810", "JT901"} <= engine
    pack = {c for c, r in rules.items() if r.owner == "jugger-ttg"}
    assert {"JT101", "JT604", "JT113", "JT701", "JT904"} <= pack
    assert all(code.startswith(JUGGER.code_prefix) for code in pack)


def test_a_registry_is_built_afresh_each_time() -> None:
    # A registry filled at import would refuse the second build as duplicates.
    first, second = pack_checks(JUGGER), pack_checks(JUGGER)
    assert first.rules == second.rules and first.rules is not second.rules
    assert len(first.checks()) > 50


def test_importing_check_modules_registers_nothing() -> None:
    """No module-level registry exists to fill: a fresh registry is empty after every import."""
    script = """
import ttgbuild.validate.registry as registry, ttgbuild.validate.runner as runner
def state():
    return {
        (m.__name__, name): repr(value)
        for m in (registry, runner)
        for name, value in vars(m).items()
        if isinstance(value, (dict, list, set))
    }
before = state()
import ttgbuild.packs.jugger.art, ttgbuild.packs.jugger.kit_demand, ttgbuild.packs.jugger.rules
import ttgbuild.packs.jugger.teamcheck, ttgbuild.packs.jugger.checks, ttgbuild.codes
assert state() == before, (before, state())
assert registry.Registry().rules == {}
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_rules_of_a_project_whose_game_is_not_installed(run, project) -> None:
    (project.root / "ttgbuild.toml").write_text('game = "no-such-game"\n', encoding="utf-8")
    result = run("rules")
    assert result.exit_code == 2
    assert "error JT012: game 'no-such-game' is not installed" in result.stdout + result.stderr
    assert "Traceback" not in result.output
