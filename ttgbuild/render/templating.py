"""The Jinja2 environment shared by the kit's translated templates (guide, rulebook).

Both templates hand each `{% trans %}` paragraph to the translator whole, trimmed the
way `i18n extract` reads it, and lay the result out as plain text: one configuration,
so a template renders with the same rules whichever document it belongs to.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent.parent / "packs" / "jugger" / "templates"


def environment() -> jinja2.Environment:
    """A fresh environment over templates/ with the i18n extension; the caller installs
    its translator's gettext callables (the two templates differ in gettext style)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        extensions=["jinja2.ext.i18n"],
        autoescape=False,  # laid out as plain text, never parsed as markup
        undefined=jinja2.StrictUndefined,
    )
    env.policies["ext.i18n.trimmed"] = True
    return env
