"""Where catalogs live in a project, and how content messages are named.

English is the source language: it has no catalog, and every other locale is a
folder `locales/<locale>/LC_MESSAGES/` holding `ttgbuild.po` (and, once
compiled, `ttgbuild.mo`).
"""

from __future__ import annotations

import os
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


def locale_folders(project: Path) -> list[str]:
    """Every locale folder under locales/, sorted, whatever state its catalog is in.

    A locale is a folder, not a readable catalog: a catalog replaced by a
    folder, a FIFO, a broken link or nothing at all still names a locale the
    project has, so the checks and the build report it instead of silently
    leaving the language out. Plain files and names with a dot (the template,
    the glossary, whatever they are; no locale code has one) are not
    locales. Links are followed; nothing is opened.
    """
    try:
        entries = list(os.scandir(locales_dir(project)))
    except OSError:
        return []
    return sorted(
        entry.name for entry in entries if "." not in entry.name and not _is_plain_file(entry)
    )


def unlisted_locales(project: Path) -> str | None:
    """Why locales/ cannot be listed (None if it can, or if there is none: English only).

    A locales/ that is a file, a FIFO or unreadable would otherwise look like
    a project without translations, and every language would be left out.
    """
    try:
        with os.scandir(locales_dir(project)):
            return None
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc.strerror or str(exc)


def _is_plain_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def project_locales(project: Path) -> list[str]:
    """English first, then every locale folder, sorted."""
    return [SOURCE_LOCALE, *(loc for loc in locale_folders(project) if loc != SOURCE_LOCALE)]


def checked_locales(project: Path, locales: list[str] | None = None) -> list[str]:
    """The locales whose catalog the catalog checks read (of `locales`, if given), sorted."""
    return [loc for loc in locale_folders(project) if locales is None or loc in locales]


def content_context(kind: str, ident: str, field: str) -> str:
    """The msgctxt of a content string: which kind of object, which one, which field.

    For example `talent:bind-and-turn:text`. Context lives in msgctxt, never in
    the msgid, so it cannot leak into printed text.
    """
    return f"{kind}:{ident}:{field}"
