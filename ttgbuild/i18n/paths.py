"""Where catalogs live in a project, and how content messages are named.

English is the source language: it has no catalog, and every other locale is a
folder `locales/<locale>/LC_MESSAGES/` holding `ttgbuild.po` (and, once
compiled, `ttgbuild.mo`).
"""

from __future__ import annotations

from pathlib import Path

DOMAIN = "ttgbuild"
SOURCE_LOCALE = "en"
# The pseudo-locale: English made accented and longer at run time, no catalog (i18n/pseudo.py).
PSEUDO_LOCALE = "qps"


def locales_dir(project: Path) -> Path:
    return project / "locales"


def template_path(project: Path) -> Path:
    """The extracted template every catalog is updated from."""
    return locales_dir(project) / f"{DOMAIN}.pot"


def catalog_path(project: Path, locale: str) -> Path:
    return locales_dir(project) / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def project_locales(project: Path) -> list[str]:
    """English first, then every locale that has a catalog, sorted."""
    found = sorted(
        path.parent.parent.name
        for path in locales_dir(project).glob(f"*/LC_MESSAGES/{DOMAIN}.po")
        if path.is_file()
    )
    return [SOURCE_LOCALE, *(loc for loc in found if loc != SOURCE_LOCALE)]


def checked_locales(project: Path, locales: list[str] | None = None) -> list[str]:
    """The locales whose catalog the catalog checks read (of `locales`, if given), sorted."""
    found = locales_dir(project).glob(f"*/LC_MESSAGES/{DOMAIN}.po")
    return sorted(
        path.parent.parent.name
        for path in found
        if locales is None or path.parent.parent.name in locales
    )


def content_context(kind: str, ident: str, field: str) -> str:
    """The msgctxt of a content string: which kind of object, which one, which field.

    For example `talent:bind-and-turn:text`. Context lives in msgctxt, never in
    the msgid, so it cannot leak into printed text.
    """
    return f"{kind}:{ident}:{field}"
