"""`SOURCE_DATE_EPOCH`, the date a reproducible build stamps on its PDFs, read strictly.

The reproducible-builds convention: ASCII decimal digits, seconds since
1970-01-01 UTC. ReportLab reads the variable itself with `int()`, which also
accepts other scripts' digits (Arabic-Indic, full-width) and has no upper bound, while a
PDF date has a four-digit year. So the value is checked here, by the CLI
before anything is drawn (a usage error naming the variable) and again where
a canvas is made, and ReportLab only ever sees a value it reads the same way.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

VARIABLE = "SOURCE_DATE_EPOCH"
LATEST = 253_402_300_799  # 9999-12-31 23:59:59 UTC: the last second a PDF date can write


class InvalidSourceDate(ValueError):
    """The variable is set to something that is not a usable date."""


def source_date_epoch(environ: Mapping[str, str] = os.environ) -> int | None:
    """The build's date in seconds since 1970, or None when the variable is unset or empty."""
    raw = environ.get(VARIABLE, "")
    if raw == "":
        return None
    digits = raw.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise InvalidSourceDate(
            f"{VARIABLE} must be whole seconds since 1970 in ASCII digits (0-9), not {raw!r}"
        )
    seconds = int(digits)
    if seconds > LATEST:
        raise InvalidSourceDate(
            f"{VARIABLE}={digits} is after the year 9999 (at most {LATEST}); "
            "a PDF date has four-digit years"
        )
    return seconds
