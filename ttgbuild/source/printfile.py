"""The [print] table of a project's ttgbuild.toml: the print settings a user fixes once.

A user measures the back offset on the duplex alignment test page once and
knows their paper and printer; written in the project, they need not be typed
on every build. The keys are the options' names (`card-size`, `back-offset`:
dashes, as typed after `--`), the values the forms the options take, as TOML
text, or TOML numbers where a setting is one number (`bleed = 2.5`). The
command line still wins (`ttgbuild.options.print_settings`).

Only the commands that print read it, so a wrong setting stops them and no
other: every problem at once, each at its key's line and column (JT013).
Which game the file names, and its top-level keys, are `ttgbuild.pack`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic, json_pointer, sort_key
from ttgbuild.core.printing import (
    BLEED_RANGE,
    Duplex,
    Ink,
    Paper,
    back_offset_of,
    card_size_of,
)
from ttgbuild.core.tomlkeys import key_place
from ttgbuild.pack import PRINT_TABLE, PROJECT_FILE, project_toml

PRINT_CODE = Code(
    "JT013", "error", "ttgbuild.toml's [print] holds known print settings with valid values"
)


class PrintFileError(Exception):
    """The [print] table cannot be used: its located problems, to show before exit 2."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics[0].message)
        self.diagnostics = diagnostics


@dataclass(frozen=True)
class Setting:
    """One key of [print]: the PrintSettings field it sets, and how its value is read."""

    field: str
    read: Callable[[object], object]  # the TOML value to the field's; ValueError says why not


def _kind(value: object) -> str:
    """What a TOML value is, in TOML's words, for saying what was expected instead."""
    if isinstance(value, str):
        return "text"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


def _choice(choices: type[StrEnum]) -> Callable[[object], object]:
    """A reader of one of the option's choices, as text: `paper = "letter"`."""

    def read(value: object) -> object:
        names = [choice.value for choice in choices]
        if not isinstance(value, str):
            raise ValueError(f"must be text, one of: {', '.join(names)}; not {_kind(value)}")
        if value not in names:
            raise ValueError(f"{value!r} is not one of: {', '.join(names)}")
        return choices(value)

    return read


def _text(parse: Callable[[str], tuple[float, float]], example: str) -> Callable[[object], object]:
    """A reader of a setting written as the option takes it, read by the option's own parser."""

    def read(value: object) -> object:
        if not isinstance(value, str):
            raise ValueError(f"must be text, {example}, not {_kind(value)}")
        return parse(value)

    return read


def _bleed(value: object) -> object:
    """Bleed is one number, so a TOML number (`bleed = 2.5`), in the option's range."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"must be a number of mm, e.g. bleed = 3, not {_kind(value)}")
    least, most = BLEED_RANGE
    if not least <= value <= most:  # nan and inf too
        raise ValueError(f"{value:g} is outside {least:g}..{most:g} mm")
    return float(value)


SETTINGS = {
    "paper": Setting("paper", _choice(Paper)),
    "card-size": Setting("card_size_mm", _text(card_size_of, 'e.g. card-size = "63x88"')),
    "bleed": Setting("bleed_mm", _bleed),
    "duplex": Setting("duplex", _choice(Duplex)),
    "back-offset": Setting(
        "back_offset_mm", _text(back_offset_of, 'e.g. back-offset = "1.5,-0.5"')
    ),
    "ink": Setting("ink", _choice(Ink)),
}


def project_printing(project: Path) -> dict[str, Any]:
    """The PrintSettings fields the project's [print] sets, by field name ({}: none).

    Raises PrintFileError with every problem of the table, PackError (JT012)
    if the file cannot be read at all.
    """
    found = project_toml(project)
    if found is None:
        return {}
    chosen: dict[str, Any] = {}
    problems = []
    for key, value in found.data.get(PRINT_TABLE, {}).items():
        setting = SETTINGS.get(key)
        try:
            if setting is None:
                raise ValueError(_unknown(key))
            chosen[setting.field] = setting.read(value)
        except ValueError as exc:
            line, column = key_place(found.text, key, PRINT_TABLE)
            message = f"{key}: {exc}" if setting else str(exc)
            pointer = json_pointer([PRINT_TABLE, key])
            problems.append(PRINT_CODE.at(PROJECT_FILE, line, column, message, pointer))
    if problems:
        raise PrintFileError(sorted(problems, key=sort_key))
    return chosen


def _unknown(key: str) -> str:
    import difflib  # only when a key is wrong

    close = difflib.get_close_matches(key, SETTINGS, n=1)
    if close:
        return f"unknown key {key!r} in [print]; did you mean {close[0]!r}?"
    return f"unknown key {key!r} in [print]; it holds {', '.join(SETTINGS)}"
