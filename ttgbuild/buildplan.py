"""What a build has to do before it does any of it: the locales, and which are already built.

The build cache is a manifest, `OUT/.ttgbuild-cache.json`. For each locale it
records the fingerprint of everything that locale's files depend on (content,
code, the locale's catalog, print settings; see `fingerprint`), the size and
SHA-256 of each file written, and the warnings that build reported. A locale
is up to date when its fingerprint is unchanged and its files are still there
with those exact bytes; then it is not drawn again and its warnings are
replayed, so the report reads the same. When every locale is up to date the
build is answered from here alone, without loading the validator or the
renderer (this module imports nothing heavy).

Strictness is not part of the fingerprint: it never changes a file's bytes,
only whether the (replayed) warnings fail the build.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path

from ttgbuild.core import atomic, console, fingerprint, journal, sourcedate
from ttgbuild.core.diagnostics import Diagnostic, has_failures, sort_key
from ttgbuild.core.printing import PrintSettings
from ttgbuild.core.readfile import FileTooBig, NotRegularFile, read_regular
from ttgbuild.i18n.paths import PSEUDO_LOCALE, catalog_path, locales_dir, project_locales
from ttgbuild.source.datapack import pack_of

MANIFEST = ".ttgbuild-cache.json"
MANIFEST_FORMAT = 1
MANIFEST_LIMIT = 64 << 20  # bytes; a kit's manifest is a few kilobytes plus its warnings
HEX = frozenset("0123456789abcdef")
DIAGNOSTIC_FIELDS = {f.name for f in fields(Diagnostic)}


class UsageError(Exception):
    """A request the build cannot serve (unknown locale, impossible settings)."""


def settings_key(settings: PrintSettings) -> dict[str, object]:
    """The print settings and the PDF date (SOURCE_DATE_EPOCH), as the cache compares them."""
    return settings.key() | {"source_date_epoch": os.environ.get(sourcedate.VARIABLE, "").strip()}


@dataclass
class BuildResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    built: list[str] = field(default_factory=list)  # locales drawn and written by this build
    current: list[str] = field(default_factory=list)  # locales whose files were up to date
    failed: bool = False  # problems stopped the build; nothing was written
    seconds: float = 0.0


@dataclass(frozen=True)
class LocaleRecord:
    """What the manifest knows about one locale's files."""

    key: str
    files: dict[str, tuple[int, str]]  # file name -> (size, sha256)
    diagnostics: list[Diagnostic]


class DamagedManifest(ValueError):
    """The manifest is there but is not one a build wrote; the message says what is wrong."""


@dataclass
class Manifest:
    content_key: str = ""
    content_diagnostics: list[Diagnostic] = field(default_factory=list)
    locales: dict[str, LocaleRecord] = field(default_factory=dict)

    @classmethod
    def load(cls, out: Path) -> Manifest:
        """The manifest in `out`; an empty one if it is missing, damaged or from another format.

        The cache is a hint: a damaged one (truncated, edited, not a file) costs a
        full build and one warning, never a failed build.
        """
        path = out / MANIFEST
        try:
            data = json.loads(read_regular(path, MANIFEST_LIMIT).decode("utf-8"))
            if isinstance(data, dict) and data.get("format") not in (None, MANIFEST_FORMAT):
                return cls()  # written by another version of ttgbuild: simply not used
            return _parse(data)
        except (FileNotFoundError, NotADirectoryError):  # no cache (yet): nothing to say
            return cls()
        except (OSError, ValueError, RecursionError) as exc:
            _warn_damaged(path, _why(exc))
            return cls()

    def encode(self) -> bytes:
        """The manifest as the bytes of its file."""
        data = {
            "format": MANIFEST_FORMAT,
            "content": {
                "key": self.content_key,
                "diagnostics": [d.as_json() for d in self.content_diagnostics],
            },
            "locales": {
                locale: {
                    "key": record.key,
                    "files": {name: list(entry) for name, entry in record.files.items()},
                    "diagnostics": [d.as_json() for d in record.diagnostics],
                }
                for locale, record in sorted(self.locales.items())
            },
        }
        return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _parse(data: object) -> Manifest:
    """A manifest from its JSON, every field checked; raises DamagedManifest."""
    top = _mapping(data, "the file", {"format", "content", "locales"})
    content = _mapping(top["content"], "content", {"key", "diagnostics"})
    locales = top["locales"]
    if not isinstance(locales, dict):
        raise DamagedManifest("locales is not an object")
    records = {}
    for locale, entry in locales.items():
        if not _plain_name(locale):
            raise DamagedManifest(f"locale {locale!r} is not a folder name")
        record = _mapping(entry, f"locale {locale}", {"key", "files", "diagnostics"})
        files = record["files"]
        if not isinstance(files, dict):
            raise DamagedManifest(f"{locale}: files is not an object")
        records[locale] = LocaleRecord(
            _text(record["key"], f"{locale}: key"),
            {name: _file_entry(locale, name, value) for name, value in files.items()},
            _diagnostics(record["diagnostics"], f"{locale}: diagnostics"),
        )
    return Manifest(
        _text(content["key"], "content: key"),
        _diagnostics(content["diagnostics"], "content: diagnostics"),
        records,
    )


def _mapping(value: object, where: str, keys: set[str]) -> dict[str, object]:
    if not isinstance(value, dict) or set(value) != keys:
        raise DamagedManifest(f"{where} does not hold exactly {', '.join(sorted(keys))}")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise DamagedManifest(f"{where} is not a string")
    return value


def _plain_name(name: str) -> bool:
    """A file or folder name with no way out of its folder."""
    return bool(name) and name not in (".", "..") and not any(c in name for c in "/\\\0")


def _file_entry(locale: str, name: str, value: object) -> tuple[int, str]:
    """(size, sha256) of one recorded file."""
    if not _plain_name(name):
        raise DamagedManifest(f"{locale}: {name!r} is not a file name")
    if not (isinstance(value, list) and len(value) == 2):
        raise DamagedManifest(f"{locale}/{name} is not [size, sha256]")
    size, sha = value
    if type(size) is not int or size < 0:
        raise DamagedManifest(f"{locale}/{name}: the size is not a whole number")
    if not (isinstance(sha, str) and len(sha) == 64 and all(c in HEX for c in sha)):
        raise DamagedManifest(f"{locale}/{name}: the SHA-256 is not 64 hex digits")
    return size, sha


def _diagnostics(rows: object, where: str) -> list[Diagnostic]:
    """Recorded diagnostics, each with exactly Diagnostic's fields and their types."""
    if not isinstance(rows, list):
        raise DamagedManifest(f"{where} is not a list")
    diagnostics = []
    for row in rows:
        if not isinstance(row, dict) or set(row) != DIAGNOSTIC_FIELDS:
            raise DamagedManifest(f"{where}: a row does not hold exactly the diagnostic fields")
        numbers = (row["line"], row["column"])
        texts = (row["file"], row["code"], row["message"], row["pointer"])
        if any(type(n) is not int or n < 0 for n in numbers) or not all(
            isinstance(t, str) for t in texts
        ):
            raise DamagedManifest(f"{where}: a row has a value of the wrong type")
        if row["severity"] not in ("error", "warning"):
            raise DamagedManifest(f"{where}: a row has an unknown severity")
        diagnostics.append(Diagnostic(**row))
    return diagnostics


def _why(exc: Exception) -> str:
    """What is wrong with the manifest, in a few words."""
    if isinstance(exc, DamagedManifest | NotRegularFile | FileTooBig):
        return str(exc)
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8"
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON: {exc.msg.lower()}, line {exc.lineno}"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return str(exc)


_warned: set[Path] = set()


def _warn_damaged(path: Path, why: str) -> None:
    """Say once per run that the cache is ignored (the build reads it twice)."""
    if path in _warned:
        return
    _warned.add(path)
    console.err(f"warning: {path.as_posix()} is damaged ({why}); drawing every locale again")


@dataclass
class Plan:
    """Which of the requested locales must be drawn, and what the cache says about the rest."""

    content_key: str
    keys: dict[str, str]  # locale -> fingerprint of its files' inputs
    current: dict[str, LocaleRecord]  # up-to-date locales, in the requested order
    stale: list[str]  # locales to draw, in the requested order
    content_diagnostics: list[Diagnostic] | None  # cached validation report, if still valid

    @property
    def locales(self) -> list[str]:
        return list(self.keys)


def choose_locales(project: Path, requested: list[str] | None) -> list[str]:
    """The requested locales in the order given, or every locale the project has.

    The pseudo-locale is built only when asked for: it needs no catalog.
    """
    available = project_locales(project)
    if not requested:
        return available
    unknown = [loc for loc in requested if loc not in available and loc != PSEUDO_LOCALE]
    if unknown:
        raise UsageError(
            f"no catalog for locale(s) {', '.join(unknown)}; this project has "
            f"{', '.join(available)} (start one with 'ttgbuild i18n init LOCALE'; "
            f"{PSEUDO_LOCALE} is the pseudo-locale, built without one)"
        )
    return list(dict.fromkeys(requested))


def plan(
    project: Path, out: Path, locales: list[str], settings: PrintSettings, force: bool = False
) -> Plan:
    """Compare the inputs' fingerprints and the files on disk with the manifest in `out`.

    A kit a killed build left half replaced is completed first (`recover`), so
    what is compared is a whole kit and the manifest that describes it.
    """
    recover(out)
    pack = pack_of(project)
    content = fingerprint.content_key(project, pack.name, fingerprint.code_key(pack.folder))
    printing = settings_key(settings)
    keys = {loc: locale_key(project, loc, content, printing) for loc in locales}
    manifest = Manifest() if force else Manifest.load(out)
    current = {
        loc: record
        for loc in locales
        if (record := manifest.locales.get(loc)) is not None
        and record.key == keys[loc]
        and files_match(out / loc, record.files)
    }
    cached = manifest.content_diagnostics if manifest.content_key == content else None
    stale = [loc for loc in locales if loc not in current]
    return Plan(content, keys, current, stale, cached)


def files_match(folder: Path, files: dict[str, tuple[int, str]]) -> bool:
    """Whether every recorded file is still in `folder` with the recorded size and bytes."""
    for name, (size, sha) in files.items():
        path = folder / name
        try:
            if path.stat().st_size != size:
                return False
        except OSError:
            return False
        if fingerprint.file_digest(path) != sha:
            return False
    return bool(files)


def replay(plan: Plan, out: Path, strict: bool, started: float) -> BuildResult | None:
    """The result of a build with nothing to draw, from the cache; None if it cannot tell.

    Temporary files a killed build left behind are cleared here too, so a
    no-op build tidies the folder like any other build.
    """
    if plan.stale or plan.content_diagnostics is None:
        return None
    with writing_into(out):
        clear_leftovers(out, {loc: record.files for loc, record in plan.current.items()})
    diagnostics = list(plan.content_diagnostics)
    for record in plan.current.values():
        diagnostics.extend(record.diagnostics)
    diagnostics.sort(key=sort_key)
    return BuildResult(
        diagnostics=diagnostics,
        current=list(plan.current),
        failed=has_failures(diagnostics, strict),
        seconds=time.perf_counter() - started,
    )


def recover(out: Path) -> None:
    """Finish the change a build killed while replacing files in `out` left half done.

    Costs one `lstat` when there is nothing to finish. The journal is looked at
    again under the lock: a build still writing holds it and removes its journal.
    """
    if not os.path.lexists(out / journal.JOURNAL):
        return
    with writing_into(out):
        journal.finish(out)


@contextmanager
def writing_into(out: Path) -> Iterator[None]:
    """Hold the output folder's lock while writing; a folder that cannot be written is a
    usage error (a clear message), not an internal one."""
    try:
        with atomic.locked(out):
            yield
    except OSError as exc:
        raise UsageError(f"cannot write to {exc.filename or out}: {exc.strerror}") from None


def clear_leftovers(out: Path, files: dict[str, Iterable[str]]) -> None:
    """Delete the temporary files killed builds left in `out` (call it holding the lock).

    `files` names, per locale folder, the files whose temporaries to look for. A
    journal left by a killed build is finished first: its temporaries are
    complete new files, to be renamed, not deleted.
    """
    journal.finish(out)
    atomic.remove_stale_temps(out, [MANIFEST, journal.JOURNAL])
    for locale, names in files.items():
        atomic.remove_stale_temps(out / locale, names)


def locale_key(project: Path, locale: str, content: str, settings: dict[str, object]) -> str:
    """What one locale's files depend on: content, code, catalog, glossary, print settings."""
    return fingerprint.combine(
        {
            "content": content,
            "locale": locale,
            "catalog": fingerprint.file_digest(catalog_path(project, locale)),
            # The catalog checks read the glossary too.
            "glossary": fingerprint.file_digest(locales_dir(project) / "glossary.tsv"),
            "settings": settings,
        }
    )
