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
else `$XDG_CACHE_HOME/ttgbuild`, else `~/.cache/ttgbuild`), one of each kind per
project folder, replaced when its key changes, so the folder does not grow with
every edit. One that cannot be read or written is simply not used: the cache
never changes a result.
"""

from __future__ import annotations

import json
import os
import stat
from contextlib import suppress
from pathlib import Path
from typing import Any

from ttgbuild.core import fingerprint
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.readfile import read_regular
from ttgbuild.i18n import limits
from ttgbuild.i18n.glossary import GLOSSARY_FILE
from ttgbuild.i18n.paths import catalog_path, checked_locales, locales_dir, unlisted_locales
from ttgbuild.i18n.style import STYLE_FILE
from ttgbuild.source.datapack import pack_of

CACHE_ENV = "TTGBUILD_CACHE_DIR"
FORMAT = 1  # bump when what is stored changes shape
# An answer is read only up to this: far above the largest catalogs' answers (a few MB).
MAX_CACHE_BYTES = 64 * 1024 * 1024

Key = tuple[str, str | None]  # (msgid, msgctxt) of a message


def source_facts(project: Path) -> tuple[dict[Key, frozenset[str]], dict[Key, int]]:
    """Each current message's formats and budget (its `max-length` flag), remembered."""
    key = sources_key(project)
    rows = _load(project, "sources", key)
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
        _store(project, "sources", key, rows)
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
    rows = _load(project, slot, key)
    if rows is not None:
        return [Diagnostic(**row) for row in rows]
    from ttgbuild.i18n.checks import check_catalogs

    diagnostics = check_catalogs(project, asked)
    _store(project, slot, key, [diagnostic.as_json() for diagnostic in diagnostics])
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
    from ttgbuild.i18n.extract import content_files

    files = {
        path.relative_to(project).as_posix(): fingerprint.file_digest(path)
        for path in content_files(project)
    }
    pack = pack_of(project)
    code = fingerprint.code_key(pack.folder)
    return fingerprint.combine({"code": code, "game": pack.name, "content": files})


def cache_dir() -> Path:
    """Where remembered answers live (the folder may not exist yet)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ttgbuild"


def _path(project: Path, kind: str) -> Path:
    """The one file of this kind for this project folder."""
    folder = fingerprint.bytes_digest(str(project.resolve()).encode("utf-8", "surrogateescape"))
    return cache_dir() / f"{kind}-{folder[:32]}.json"


def _load(project: Path, kind: str, key: str) -> Any:
    """The stored answer for `key`, or None when there is none or it cannot be read whole."""
    try:
        stored = json.loads(read_regular(_path(project, kind), MAX_CACHE_BYTES).decode("utf-8"))
    except (OSError, ValueError):  # ValueError: not UTF-8 or not JSON
        return None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("key") != key:
        return None
    return stored.get("rows")


def _store(project: Path, kind: str, key: str, rows: list[Any]) -> None:
    """Keep an answer, written atomically so a reader never sees half; failures ignored."""
    data = json.dumps({"format": FORMAT, "key": key, "rows": rows}, ensure_ascii=False)
    with suppress(OSError):  # a cache folder that cannot be written is simply not used
        write_atomically(_path(project, kind), data.encode("utf-8"))
