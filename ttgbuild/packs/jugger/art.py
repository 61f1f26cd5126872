"""A hero's portrait is a regular file inside the content folder (JT113).

The portrait is the one file reference Jugger content makes (its schema says
so). What a safe path is belongs to the engine (source/artpaths.py), which
the renderer asks again before it opens the file; this is the rule that
reports a bad one at the hero's field.
"""

from __future__ import annotations

from collections.abc import Iterator

from ttgbuild.packapi.checks import Checks, Context, Finding
from ttgbuild.packapi.content import path_problem, shown
from ttgbuild.packs.jugger.rules import at

checks = Checks()


@checks.rule(
    "JT113", "error", "a hero's portrait is a file inside content/, reached by no link out"
)
def portrait_inside_content(ctx: Context) -> Iterator[Finding]:
    if ctx.content_dir is None:
        return
    root = ctx.content_dir.resolve()
    for hero in ctx.content.heroes:
        if hero.portrait is None:
            continue
        problem = path_problem(root, hero.portrait)
        if problem:
            yield at(hero.origin, f"portrait {shown(hero.portrait)} {problem}", "portrait")
