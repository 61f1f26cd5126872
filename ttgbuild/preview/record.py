"""The gallery's own bookkeeping: which folder is a gallery, and what it drew before.

A gallery folder is rewritten and pruned by every run, so ttgbuild must never
take a folder that holds someone else's files for one. `claim` accepts only a
new or empty folder (and marks it, `MARKER`) or one it marked before (or that
holds the record of a gallery written before the marker existed); any other
folder is refused whole, and nothing in it is touched. So is a gallery whose
own folders (`img/`, `source/`, `kit/`, a folder in them) are not real
folders: a link there would take the gallery's writes and prunes outside
`OUT` (the writes themselves never follow one either: `beneath`).

The record (`STATE`) keeps each drawn PDF's placements and problems under its
hash, and each picture's file name. It is read back with a size limit and
checked field by field: a damaged or foreign record is ignored (a warning,
JT014) and the kit drawn again, and a picture name is used only if it has the
shape the gallery gives its pictures, so a record can never make the page
link, or the pruning delete, anything outside the gallery's `img/` folder.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path

from ttgbuild.buildplan import UsageError
from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.readfile import kind_of, read_regular
from ttgbuild.preview import raster, sourceview

KIT = "kit"  # the kit `build` writes, under OUT
FOLDERS = (raster.FOLDER, sourceview.FOLDER, KIT)  # where the gallery writes and prunes
MARKER = ".ttgbuild-gallery"
MARKER_TEXT = b"A review gallery written by `ttgbuild preview`; it replaces its own files here.\n"
STATE = ".gallery.json"
STATE_VERSION = 2  # 2: a piece's picture is its own pixels only, rendered alone (raster.render)
STATE_LIMIT = 64 * 1024 * 1024  # bytes; a record of every piece of a large kit is a few MB
PICTURE_NAME = re.compile(r"img/[0-9a-f]{20}\.jpg")
MAX_POINTS = 100_000.0  # a box coordinate in PDF points: far beyond any paper (35 m)
RECORD_CODE = Code(
    "JT014", "warning", "the review gallery's record (OUT/.gallery.json) is readable and whole"
)
_DIAGNOSTIC = {"file": str, "line": int, "column": int, "code": str, "message": str, "pointer": str}


class ForeignFolder(UsageError):
    """The gallery folder holds files the gallery did not write: refused, nothing touched."""


def claim(out: Path) -> None:
    """Make `out` the gallery's folder: a new or empty one, or one the gallery marked before.

    Raises ForeignFolder for a file, for a folder holding anything else, or
    for one of the gallery's own folders that is a link or not a folder;
    UsageError for a folder that cannot be made or read.
    """
    try:
        if os.path.lexists(out) and not out.is_dir():
            raise ForeignFolder(f"{out} is not a folder; --out names the gallery's folder")
        ours = _is_regular(out / MARKER) or _is_regular(out / STATE)
        if out.is_dir() and not ours and any(out.iterdir()):
            raise ForeignFolder(
                f"{out} holds files the gallery did not write; give --out a new or empty "
                "folder (the gallery replaces and removes files in its folder, so it never "
                "takes one that holds anything else)"
            )
        _own_folders(out)
        out.mkdir(parents=True, exist_ok=True)
        if not _is_regular(out / MARKER):
            write_atomically(out / MARKER, MARKER_TEXT)
    except OSError as exc:
        raise UsageError(f"cannot write the gallery folder {out}: {exc.strerror or exc}") from None


def _own_folders(out: Path) -> None:
    """Refuse a link (or a file) where the gallery writes a folder: in `out`, and in those.

    `kit/` holds the build's locale folders, `source/` a folder per project
    folder; `img/` holds no folder, but a link to one there is refused too.
    """
    for name in FOLDERS:
        top = out / name
        if not os.path.lexists(top):
            continue
        _real_folder(top)
        for folder, inner, _files in os.walk(top, onerror=_raise):  # never enters a link
            for entry in inner:
                _real_folder(Path(folder, entry))
    if os.path.isdir(out / KIT):
        for entry in os.scandir(out / KIT):
            _real_folder(Path(entry.path), files=True)


def _real_folder(path: Path, files: bool = False) -> None:
    """A folder (or, with `files`, a regular file), not a link: else ForeignFolder."""
    mode = os.lstat(path).st_mode
    if stat.S_ISDIR(mode) or (files and stat.S_ISREG(mode)):
        return
    what = "a link" if stat.S_ISLNK(mode) else "a file" if stat.S_ISREG(mode) else kind_of(mode)
    raise ForeignFolder(
        f"{path} is {what}, not a folder the gallery wrote; the gallery writes and removes "
        "files only in its own folders, never through a link (remove it, or give --out a "
        "new folder)"
    )


def _raise(error: OSError) -> None:
    raise error


def fresh() -> dict:
    return {"version": STATE_VERSION, "drawn": {}, "images": {}}


def load(out: Path, shown_as: str) -> tuple[dict, list[Diagnostic]]:
    """The record of earlier runs, or a new one and a warning if it is damaged or foreign.

    `shown_as` is the record's path as the warning names it.
    """
    path = out / STATE
    if not os.path.lexists(path):
        return fresh(), []
    if not _is_regular(path):  # a link: read nothing through it
        return fresh(), [_damaged(shown_as, "is not a file the gallery wrote")]
    try:
        state = json.loads(read_regular(path, STATE_LIMIT).decode("utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return fresh(), [_damaged(shown_as, f"cannot be read ({why[:200]})")]
    if not _valid(state):
        return fresh(), [_damaged(shown_as, "is not a record this version of ttgbuild wrote")]
    return state, []


def save(out: Path, state: dict) -> None:
    write_atomically(out / STATE, json.dumps(state, sort_keys=True).encode())


def _damaged(shown_as: str, why: str) -> Diagnostic:
    message = f"the gallery's record {why}; it is ignored and every picture drawn again"
    return RECORD_CODE.at(shown_as, 0, 0, message)


def _is_regular(path: Path) -> bool:
    """A regular file, not a link to one (lstat): a marker is a file the gallery wrote."""
    try:
        return os.lstat(path).st_mode & 0o170000 == 0o100000
    except OSError:
        return False


def _valid(state: object) -> bool:
    """Is this, field by field, a record `gallery` writes?"""
    if not isinstance(state, dict) or set(state) != {"version", "drawn", "images"}:
        return False
    if state["version"] != STATE_VERSION:
        return False
    images, drawn = state["images"], state["drawn"]
    if not isinstance(images, dict) or not isinstance(drawn, dict):
        return False
    if not all(isinstance(v, str) and PICTURE_NAME.fullmatch(v) for v in images.values()):
        return False
    return all(
        isinstance(files, dict) and all(_valid_entry(entry) for entry in files.values())
        for files in drawn.values()
    )


def _valid_entry(entry: object) -> bool:
    if not isinstance(entry, dict) or set(entry) != {"sha", "placements", "problems"}:
        return False
    sha, placements, problems = entry["sha"], entry["placements"], entry["problems"]
    if not isinstance(sha, str) or not re.fullmatch(r"[0-9a-f]{64}", sha):
        return False
    if not isinstance(placements, list) or not isinstance(problems, list):
        return False
    return all(_valid_placement(p) for p in placements) and all(_valid_problem(p) for p in problems)


def _valid_placement(placement: object) -> bool:
    """[kind, record, page (from 1), left, bottom, width, height] in points."""
    if not isinstance(placement, list) or len(placement) != 7:
        return False
    kind, record, page, *box = placement
    return (
        isinstance(kind, str)
        and isinstance(record, str)
        and type(page) is int
        and page >= 1
        and all(type(v) in (int, float) and math.isfinite(v) and abs(v) <= MAX_POINTS for v in box)
        and box[2] >= 0
        and box[3] >= 0
    )


def _valid_problem(problem: object) -> bool:
    if not isinstance(problem, dict) or set(problem) != {"diagnostic", "piece", "entries"}:
        return False
    diagnostic, piece, entries = problem["diagnostic"], problem["piece"], problem["entries"]
    if not isinstance(diagnostic, dict) or set(diagnostic) != {*_DIAGNOSTIC, "severity"}:
        return False
    if diagnostic["severity"] not in ("error", "warning"):
        return False
    if not all(type(diagnostic[name]) is kind for name, kind in _DIAGNOSTIC.items()):
        return False
    if piece is not None and not (
        isinstance(piece, list) and len(piece) == 2 and all(isinstance(p, str) for p in piece)
    ):
        return False
    return isinstance(entries, list) and all(isinstance(e, str) for e in entries)
