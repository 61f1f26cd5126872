"""How big a catalog may be: one set of bounds for the build and the translators' tools.

Catalogs may come from anyone. The shipped ones are about 60 KB with a few
hundred entries and no translation over 400 characters; these bounds are far
above that and keep a hostile catalog from exhausting memory or the page
layout. Kept apart so `validate` can read them without loading the renderer.
"""

from __future__ import annotations

LIMIT_CODE = "JT803"
MAX_CATALOG_BYTES = 8 * 1024 * 1024
MAX_ENTRIES = 50_000
MAX_TRANSLATION_CHARS = 2000
# The glossary and a locale's style list: hand-written lists, a few KB when shipped.
MAX_LIST_BYTES = 1024 * 1024
