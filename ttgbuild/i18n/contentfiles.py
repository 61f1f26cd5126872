"""Which content files can carry translatable text: what extraction reads of `content/`.

Kept apart from `extract` (which loads Babel's catalog and extractors) because
the catalog-check cache keys on these files on every `validate` and build, and
a remembered answer must not pay for Babel.
"""

from __future__ import annotations

from pathlib import Path

from ttgbuild.source.datapack import pack_of
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.variantsfile import FILE as VARIANTS_FILE


def content_files(project: Path) -> list[Path]:
    """Content files of the project's pack that can hold translatable text, in a stable order."""
    pack = pack_of(project)
    schemas = schemas_at(pack.schemas)
    root = project / "content"
    # variants.yaml, every game's: the summaries of the kit's departures from its book.
    names = (*pack.files, VARIANTS_FILE)
    files = [root / name for name in names if (root / name).is_file()]
    for folder, kind in pack.folders.items():
        # Jugger's heroes have none: thousands of them need not be read.
        if schemas.translatable_fields(kind):
            # Regular files only: opening a FIFO would wait forever (validate names it).
            files.extend(sorted(p for p in (root / folder).glob("*.yaml") if p.is_file()))
    return files
