"""The gettext plural rule of a locale, from a table ttgbuild ships (plural_forms.json).

A catalog's `Plural-Forms` header says how many forms each entry with a count
has and which number takes which; the build reads it from the catalog
(`runtime`). Babel derives its rules from CLDR, which changes them between
releases: Babel 2.19 gives Spanish, French or Italian a third form, used only for
multiples of a million, where GNU gettext's msginit and Poedit write two. So the
rule `i18n init` writes must not follow the Babel installed: it comes from the
table, GNU gettext's rules as msginit writes them, byte for byte.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

TABLE = Path(__file__).with_name("plural_forms.json")


@cache
def _forms() -> dict[str, str]:
    """The table's rows, locale → `Plural-Forms` value (read once: it ships with the code)."""
    return json.loads(TABLE.read_text(encoding="utf-8"))["forms"]


def gettext_plural_forms(locale: str) -> str | None:
    """The `Plural-Forms` value for a locale folder name, or None when the table has none.

    The locale's own row wins (`pt_BR`: n > 1), else that of the locale with its last
    part dropped, down to the language (`pt_PT` and `pt` take Portuguese's n != 1,
    `zh_Hant_TW` takes Chinese's single form).
    """
    parts = locale.split("_")
    for end in range(len(parts), 0, -1):
        found = _forms().get("_".join(parts[:end]))
        if found is not None:
            return found
    return None
