"""The Jinja2 environment for a kit's translated templates (a guide, a rulebook).

Each template hands every `{% trans %}` paragraph to the translator whole, trimmed
the way `i18n extract` reads it, and its document lays the result out as plain
text: one configuration, so a template renders with the same rules whichever
document it belongs to.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

import jinja2


class _Compiled(jinja2.BytecodeCache):
    """Templates compiled once per process, kept in memory.

    Each document makes a fresh environment (its translator's gettext goes
    into the environment's globals), so Jinja's own template cache starts
    empty every time, and parsing and compiling rules.j2 took a third of
    drawing a rulebook. Jinja checks the source's checksum before it uses a
    stored compilation, so an edited template compiles afresh; the gettext
    style changes the compiled code, so it is part of the key.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> jinja2.bccache.Bucket:
        style = "newstyle" if environment.newstyle_gettext else "oldstyle"  # type: ignore[attr-defined]
        return super().get_bucket(environment, f"{name}|{style}", filename, source)

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _Compiled()


def environment(folder: Path) -> jinja2.Environment:
    """A fresh environment over a pack's templates `folder` with the i18n extension; the
    caller installs its translator's gettext callables (templates differ in gettext style)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        extensions=["jinja2.ext.i18n"],
        autoescape=False,  # laid out as plain text, never parsed as markup
        undefined=jinja2.StrictUndefined,
        bytecode_cache=_COMPILED,
    )
    env.policies["ext.i18n.trimmed"] = True
    return env


def compile_templates(folder: Path, newstyle: Collection[str]) -> None:
    """Compile every template of `folder` into this process's cache, each in its gettext
    style (`newstyle` names those rendered with newstyle gettext).

    The build does this once before its workers fork, so they find the compiled
    code ready instead of each compiling rules.j2 for itself (some 0.05 s each).
    """
    for path in sorted(folder.glob("*.j2")):
        env = environment(folder)
        env.install_null_translations(newstyle=path.name in newstyle)  # type: ignore[attr-defined]
        env.get_template(path.name)
