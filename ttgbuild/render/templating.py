"""The Jinja2 environment for a kit's translated templates (a guide, a rulebook).

Each template hands every `{% trans %}` paragraph to the translator whole, trimmed
the way `i18n extract` reads it, and its document lays the result out as plain
text: one configuration, so a template renders with the same rules whichever
document it belongs to.
"""

from __future__ import annotations

from pathlib import Path

import jinja2


def environment(folder: Path) -> jinja2.Environment:
    """A fresh environment over a pack's templates `folder` with the i18n extension; the
    caller installs its translator's gettext callables (templates differ in gettext style)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        extensions=["jinja2.ext.i18n"],
        autoescape=False,  # laid out as plain text, never parsed as markup
        undefined=jinja2.StrictUndefined,
    )
    env.policies["ext.i18n.trimmed"] = True
    return env
