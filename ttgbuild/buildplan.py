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

A locale whose fingerprint changed is not always drawn whole: the manifest
also keeps, per file, the content files its drawing read (`render.reads`),
its own fingerprint (`Inputs.key`: code, catalog, settings, the content's
shape, the files it read, a guide's other files) and its warnings. The build
draws again only the files whose fingerprint changed, and keeps the others
as they are on disk, byte for byte what a full build draws.

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
class PartRecord:
    """What one file's drawing depended on, and what it reported."""

    key: str  # `Inputs.key` of the file when it was drawn
    reads: tuple[str, ...]  # the content files (as origins name them) its drawing read
    diagnostics: list[Diagnostic]  # its translator's and renderer's warnings


@dataclass(frozen=True)
class LocaleRecord:
    """What the manifest knows about one locale's files."""

    key: str
    files: dict[str, tuple[int, str]]  # file name -> (size, sha256)
    diagnostics: list[Diagnostic]
    parts: dict[str, PartRecord] = field(default_factory=dict)  # file name -> its inputs


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
                    "parts": {
                        name: {
                            "key": part.key,
                            "reads": list(part.reads),
                            "diagnostics": [d.as_json() for d in part.diagnostics],
                        }
                        for name, part in sorted(record.parts.items())
                    },
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
        record = _mapping(entry, f"locale {locale}", LOCALE_KEYS, frozenset({"parts"}))
        files = record["files"]
        if not isinstance(files, dict):
            raise DamagedManifest(f"{locale}: files is not an object")
        records[locale] = LocaleRecord(
            _text(record["key"], f"{locale}: key"),
            {name: _file_entry(locale, name, value) for name, value in files.items()},
            _diagnostics(record["diagnostics"], f"{locale}: diagnostics"),
            _parts(locale, record.get("parts", {})),
        )
    return Manifest(
        _text(content["key"], "content: key"),
        _diagnostics(content["diagnostics"], "content: diagnostics"),
        records,
    )


LOCALE_KEYS = {"key", "files", "diagnostics"}  # and "parts", missing in a manifest of before


def _mapping(
    value: object, where: str, keys: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, object]:
    """An object with exactly `keys`, and perhaps some of `optional`."""
    if not isinstance(value, dict) or not keys <= set(value) <= keys | optional:
        raise DamagedManifest(f"{where} does not hold exactly {', '.join(sorted(keys))}")
    return value


def _parts(locale: str, parts: object) -> dict[str, PartRecord]:
    """Each file's recorded inputs and warnings, every field checked."""
    if not isinstance(parts, dict):
        raise DamagedManifest(f"{locale}: parts is not an object")
    found = {}
    for name, entry in parts.items():
        if not _plain_name(name):
            raise DamagedManifest(f"{locale}: part {name!r} is not a file name")
        where = f"{locale}/{name}"
        part = _mapping(entry, f"part {where}", {"key", "reads", "diagnostics"})
        reads = part["reads"]
        if not isinstance(reads, list) or not all(isinstance(r, str) for r in reads):
            raise DamagedManifest(f"{where}: reads is not a list of file names")
        found[name] = PartRecord(
            _text(part["key"], f"{where}: key"),
            tuple(reads),
            _diagnostics(part["diagnostics"], f"{where}: diagnostics"),
        )
    return found


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
    # locale -> fingerprint of what its files depend on but content: code, catalog, settings
    bases: dict[str, str] = field(default_factory=dict)
    # The manifest's records of the stale locales (none when forced): files they may keep.
    previous: dict[str, LocaleRecord] = field(default_factory=dict)

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
    code_only = fingerprint.combine({"game": pack.name, "code": fingerprint.code_key(pack.folder)})
    bases = {loc: locale_key(project, loc, code_only, printing) for loc in stale}
    previous = {loc: manifest.locales[loc] for loc in stale if loc in manifest.locales}
    return Plan(content, keys, current, stale, cached, bases, previous)


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


@dataclass(frozen=True)
class Inputs:
    """What a build's files may read, for each file's own fingerprint (`key`).

    Every file depends on its locale's base (code, catalog, settings), on the
    content's shape (records added, removed or moved; anything outside a
    record: `render.reads.shape`) and on the content files no record came
    from (a portrait: which file reads it is not recorded); then on the files
    of the records it read, and a guide on the other files of its locale.
    """

    bases: dict[str, str]  # locale -> Plan.bases
    shape: str
    files: dict[str, str]  # content file as origins name it (content/...) -> its digest
    unrecorded: str  # digest of the content files no record came from
    whole: str  # the content's fingerprint: stands for a read file not among `files`

    @classmethod
    def of(cls, project: Path, todo: Plan, content: object) -> Inputs:
        from ttgbuild.render import reads  # the model's walk: only a build that draws needs it

        files = content_files(project)
        origins = {record.origin.file for record in reads.records(content)}
        unrecorded = {path: digest for path, digest in files.items() if path not in origins}
        return cls(
            todo.bases,
            reads.shape(content),
            files,
            fingerprint.combine(unrecorded),
            todo.content_key,
        )

    def key(self, locale: str, name: str, read: Iterable[str], kit: dict[str, str]) -> str:
        """The fingerprint of file `name` of `locale` that read `read`; `kit`: a guide's files."""
        return fingerprint.combine(
            {
                "base": self.bases[locale],
                "file": name,
                "shape": self.shape,
                "unrecorded": self.unrecorded,
                "read": {path: self.files.get(path, self.whole) for path in sorted(set(read))},
                "kit": kit,
            }
        )


def content_files(project: Path) -> dict[str, str]:
    """Every file under content/ (as origins name it: `content/...`) and its digest.

    Links are not followed (a link is hashed as what it names, or as not a
    regular file), as the content's fingerprint walks the tree.
    """
    found: dict[str, str] = {}
    root = project / "content"
    for folder, inner, names in os.walk(root):
        links = [name for name in inner if os.path.islink(os.path.join(folder, name))]
        for name in [*names, *links]:
            path = Path(folder, name)
            found[path.relative_to(project).as_posix()] = fingerprint.file_digest(path)
    return found


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
