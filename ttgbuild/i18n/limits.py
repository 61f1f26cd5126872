"""How big a catalog may be: one set of bounds for the build and the translators' tools.

Catalogs may come from anyone. The shipped ones are about 60 KB with a few
hundred entries and no translation over 400 characters; these bounds are far
above that and keep a hostile catalog from exhausting memory or the page
layout. Kept apart so `validate` can read them without loading the renderer.
"""

from __future__ import annotations

from ttgbuild.core.codes import Code

MAX_CATALOG_BYTES = 8 * 1024 * 1024
MAX_ENTRIES = 50_000
MAX_TRANSLATION_CHARS = 2000
LIMIT_CODE = Code(
    "JT803",
    "error",
    f"a catalog is at most {MAX_CATALOG_BYTES // (1024 * 1024)} MiB with at most "
    f"{MAX_ENTRIES} entries, each translation at most {MAX_TRANSLATION_CHARS} characters",
)
# The glossary and a locale's style list: hand-written lists, a few KB when shipped.
MAX_LIST_BYTES = 1024 * 1024
