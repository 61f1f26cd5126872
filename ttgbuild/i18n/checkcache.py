"""Catalog checks remembered between runs, keyed by fingerprints of what they read.

`validate` and `build` run every catalog check, and those re-extract every
message with Babel and match every translation against the glossary: most of
a second on each run, for the same answer as last time when nothing they read
has changed. So two answers are kept, each under a SHA-256 of its inputs:

- the current sources' facts about each message (its formats and budget), keyed
  by ttgbuild's code and libraries (`fingerprint.code_key`) and the content
  files that carry text: an edited catalog is checked without re-extracting;
- the checks' diagnostics, keyed by those facts, everything under `locales/`
  (catalogs, glossary), the catalog bounds in force (`limits`) and the
  project's path as given (it names the files).

Keys hash bytes, never times, so any changed byte means the work is done again.
The answers are small JSON files in the user's cache folder (`TTGBUILD_CACHE_DIR`,
else the platform's: see core/remembered.py), one of each kind per project
folder, replaced when its key changes, so the folder does not grow with every
edit. One that cannot be read or written is simply not used: the cache never
changes a result.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ttgbuild.core import fingerprint, remembered
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.i18n import limits
from ttgbuild.i18n.contentfiles import content_files
from ttgbuild.i18n.paths import catalog_path, checked_locales, locales_dir, unlisted_locales
from ttgbuild.i18n.tablefiles import GLOSSARY_FILE, STYLE_FILE
from ttgbuild.source.datapack import pack_of

Key = tuple[str, str | None]  # (msgid, msgctxt) of a message


def source_facts(project: Path) -> tuple[dict[Key, frozenset[str]], dict[Key, int]]:
    """Each current message's formats and budget (its `max-length` flag), remembered."""
    key = sources_key(project)
    rows = remembered.load(project, "sources", key)
    if rows is None:
        from ttgbuild.i18n.catalogs import msgid_of
        from ttgbuild.i18n.extract import extract_messages, flagged_budget, newstyle_references
        from ttgbuild.i18n.formats import formats_of

        newstyle = newstyle_references(pack_of(project))
        rows = [
            [
                msgid_of(m),
                m.context,
                sorted(formats_of(m.flags, m.locations, newstyle)),
                flagged_budget(m.flags),
            ]
            for m in extract_messages(project)
            if m.id
        ]
        remembered.store(project, "sources", key, rows)
    formats = {(row[0], row[1]): frozenset(row[2]) for row in rows}
    budgets = {(row[0], row[1]): int(row[3]) for row in rows}
    return formats, budgets


def checked_catalogs(project: Path, locales: list[str] | None = None) -> list[Diagnostic]:
    """`checks.check_catalogs(project, locales)`, answered from the cache when it can be."""
    asked = checked_locales(project, locales)
    if unlisted_locales(project):  # reported at once: a digest cannot see why a folder is shut
        from ttgbuild.i18n.checks import check_catalogs

        return check_catalogs(project, asked)
    if not asked:
        return []
    key = fingerprint.combine(
        {
            "sources": sources_key(project),
            "locales": fingerprint.tree_digest(locales_dir(project)),
            "kinds": _kinds(project, asked),
            "project": str(project),  # diagnostics name files as the project was given
            "bounds": [
                limits.MAX_CATALOG_BYTES,
                limits.MAX_ENTRIES,
                limits.MAX_TRANSLATION_CHARS,
                limits.MAX_LIST_BYTES,
            ],
        }
    )
    # `validate` and a build of some locales each keep their own answer.
    slot = (
        "checks-"
        + fingerprint.bytes_digest(" ".join(asked).encode("utf-8", "surrogateescape"))[:16]
    )
    rows = remembered.load(project, slot, key)
    if rows is not None:
        return [Diagnostic(**row) for row in rows]
    from ttgbuild.i18n.checks import check_catalogs

    diagnostics = check_catalogs(project, asked)
    remembered.store(project, slot, key, [diagnostic.as_json() for diagnostic in diagnostics])
    return diagnostics


def _kinds(project: Path, locales: list[str]) -> dict[str, str]:
    """What each file the checks read is (a file, folder, FIFO, device, missing), links followed.

    Their messages say which ("is a folder", "no catalog"), and a byte digest
    cannot tell an empty folder from nothing or a FIFO from a device.
    """
    paths = [locales_dir(project) / GLOSSARY_FILE]
    for locale in locales:
        paths += [catalog_path(project, locale), locales_dir(project) / locale / STYLE_FILE]
    kinds = {}
    for path in paths:
        try:
            kinds[path.as_posix()] = oct(stat.S_IFMT(os.stat(path).st_mode))
        except OSError as exc:
            kinds[path.as_posix()] = type(exc).__name__
    return kinds


def sources_key(project: Path) -> str:
    """What extraction reads: the code (templates, schemas, libraries) and the content's text."""
    files = {
        path.relative_to(project).as_posix(): fingerprint.file_digest(path)
        for path in content_files(project)
    }
    pack = pack_of(project)
    code = fingerprint.code_key(pack.folder)
    return fingerprint.combine({"code": code, "game": pack.name, "content": files})
