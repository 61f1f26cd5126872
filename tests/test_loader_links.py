"""Links in content: a folder is resolved once for all its files, so both cases are tested."""

from __future__ import annotations

import shutil


def test_content_folder_linking_out_of_the_project_is_not_read(project, run) -> None:
    outside = project.root.parent / "outside-talents"
    shutil.move(project.path("content/talents"), outside)
    project.path("content/talents").symlink_to(outside, target_is_directory=True)
    result = run("validate")
    assert result.exit_code == 1
    rows = [r for r in result.stdout.splitlines() if "JT001" in r]
    assert len(rows) == len(list(outside.glob("*.yaml")))
    assert rows[0].startswith("content/talents/")
    assert rows[0].endswith(
        "is a link to a file outside the project; content must live in the project"
    )


def test_links_that_stay_inside_the_project_are_read(project, run) -> None:
    inside = project.path("content/spare-talents")
    shutil.move(project.path("content/talents"), inside)
    project.path("content/talents").symlink_to(inside.name, target_is_directory=True)
    hero = project.path("content/heroes/kirra-maddock.yaml")
    moved = project.path("content/kirra.yaml.txt")
    shutil.move(hero, moved)
    hero.symlink_to("../kirra.yaml.txt")
    result = run("validate")
    assert "JT001" not in result.stdout
    assert "kirra-maddock" not in result.stdout
