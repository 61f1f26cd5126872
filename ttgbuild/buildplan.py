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
from dataclasses import dataclass, field
from pathlib import Path

from ttgbuild import atomic, fingerprint
from ttgbuild.diagnostics import Diagnostic, has_failures, sort_key
from ttgbuild.i18n.paths import PSEUDO_LOCALE, project_locales

MANIFEST = ".ttgbuild-cache.json"
MANIFEST_FORMAT = 1


class UsageError(Exception):
    """A request the build cannot serve (unknown locale, impossible settings)."""


@dataclass(frozen=True)
class PrintOptions:
    """The print settings as the user gave them (lengths in mm).

    Plain values, so they can key the cache without loading ReportLab; the
    build turns them into the renderer's `PrintSettings`.
    """

    paper: str
    card_size: tuple[float, float]
    bleed: float
    duplex: str
    back_offset: tuple[float, float]

    def key(self) -> dict[str, object]:
        """These options and the PDF date (SOURCE_DATE_EPOCH), as the cache compares them."""
        return {
            "paper": self.paper,
            "card_size": list(self.card_size),
            "bleed": self.bleed,
            "duplex": self.duplex,
            "back_offset": list(self.back_offset),
            "source_date_epoch": os.environ.get("SOURCE_DATE_EPOCH", "").strip(),
        }


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


@dataclass
class Manifest:
    content_key: str = ""
    content_diagnostics: list[Diagnostic] = field(default_factory=list)
    locales: dict[str, LocaleRecord] = field(default_factory=dict)

    @classmethod
    def load(cls, out: Path) -> Manifest:
        """The manifest in `out`; an empty one if it is missing, unreadable or from elsewhere."""
        try:
            data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
            if data.get("format") != MANIFEST_FORMAT:
                return cls()
            return cls(
                data["content"]["key"],
                _diagnostics(data["content"]["diagnostics"]),
                {
                    locale: LocaleRecord(
                        entry["key"],
                        {
                            name: (int(size), str(sha))
                            for name, (size, sha) in entry["files"].items()
                        },
                        _diagnostics(entry["diagnostics"]),
                    )
                    for locale, entry in data["locales"].items()
                },
            )
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return cls()  # no usable cache: everything is built

    def save(self, out: Path) -> None:
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
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        atomic.write_atomically(out / MANIFEST, text.encode("utf-8"))


def _diagnostics(rows: list[dict[str, object]]) -> list[Diagnostic]:
    return [Diagnostic(**row) for row in rows]  # type: ignore[arg-type]


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
    project: Path, out: Path, locales: list[str], options: PrintOptions, force: bool = False
) -> Plan:
    """Compare the inputs' fingerprints and the files on disk with the manifest in `out`."""
    content = fingerprint.content_key(project, fingerprint.code_key())
    settings = options.key()
    keys = {loc: fingerprint.locale_key(project, loc, content, settings) for loc in locales}
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

    `files` names, per locale folder, the files whose temporaries to look for.
    """
    atomic.remove_stale_temps(out, [MANIFEST])
    for locale, names in files.items():
        atomic.remove_stale_temps(out / locale, names)
