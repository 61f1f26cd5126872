"""After a large load, validation freezes what exists for the cycle collector.

Walking 10,000 heroes' content three more times finds nothing (validating makes
no reference cycles) and costs about 0.1 s; small projects, as in tests, are left
alone so that nothing of the caller's stays frozen.
"""

from __future__ import annotations

import gc

import pytest
from conftest import Project

from ttgbuild.validate import project as validation


def test_a_small_project_leaves_the_collector_as_it_was(project: Project) -> None:
    before = gc.get_freeze_count()
    validation.validate_project(project.root)
    assert gc.get_freeze_count() == before
    assert gc.isenabled()


def test_a_large_load_is_frozen_and_the_collector_runs_again(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validation, "FREEZE_DOCUMENTS", 0)  # every project counts as large
    plain = validation.validate_project(project.root)[1]
    try:
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
    finally:
        gc.unfreeze()
    monkeypatch.setattr(validation, "FREEZE_DOCUMENTS", 10**9)
    assert validation.validate_project(project.root)[1] == plain  # the same findings


def test_no_reference_cycles_are_left_to_collect(project: Project) -> None:
    """What freezing relies on: a validation's leftovers are freed without the collector."""
    validation.validate_project(project.root)
    gc.collect()
    gc.disable()
    try:
        result = validation.validate_project(project.root)
        del result
        assert gc.collect() == 0
    finally:
        gc.enable()
