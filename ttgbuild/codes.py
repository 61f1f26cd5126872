"""Every code the engine reports, gathered in one place for `ttgbuild rules`.

Each code is defined once, with its severity, in the module that reports it;
this module only collects them. It sits beside build.py, the highest layer
that reports codes, so gathering them imports no layer from below upwards.
"""

from __future__ import annotations

from ttgbuild.build import PRINT_CODES
from ttgbuild.core.codes import Code
from ttgbuild.i18n.checks import CATALOG_CODES
from ttgbuild.i18n.limits import LIMIT_CODE
from ttgbuild.i18n.runtime import RUNTIME_CODES
from ttgbuild.pack import PROJECT_CODE, Pack
from ttgbuild.preview.record import RECORD_CODE
from ttgbuild.source.boardfile import BOARD_CODES
from ttgbuild.source.bookfile import BOOK_CODE
from ttgbuild.source.datapack import DATAPACK_CODES
from ttgbuild.source.layoutfile import LAYOUT_FILE_CODES
from ttgbuild.source.loader import LAYOUT_CODES
from ttgbuild.source.printfile import PRINT_CODE
from ttgbuild.source.schema import SCHEMA_CODES
from ttgbuild.source.sheetfile import SHEET_CODES
from ttgbuild.source.variantsfile import VARIANT_CODES
from ttgbuild.source.yamlsource import LOAD_CODES
from ttgbuild.validate.book import COMPARE_CODES
from ttgbuild.validate.declared import DECLARED_CODES
from ttgbuild.validate.registry import Registry


def engine_codes() -> list[Code]:
    """The engine's codes: reading files, schemas, the project file, catalogs and printing.

    A code two modules report (JT902: the translator's glyph check and the
    build's) is one `Code` object in both tables and is listed once; two
    different definitions of one code still reach the registry, which refuses them.
    """
    tables = (
        LOAD_CODES,
        LAYOUT_CODES,
        SCHEMA_CODES,
        DECLARED_CODES,
        VARIANT_CODES,
        COMPARE_CODES,
        DATAPACK_CODES,
        SHEET_CODES,
        LAYOUT_FILE_CODES,
        BOARD_CODES,
        RUNTIME_CODES,
        CATALOG_CODES,
        PRINT_CODES,
    )
    singles = (PROJECT_CODE, PRINT_CODE, RECORD_CODE, LIMIT_CODE, BOOK_CODE)
    codes = [*singles, *(c for table in tables for c in table.values())]
    return list(dict.fromkeys(codes))


def every_code(pack: Pack) -> Registry:
    """The engine's codes and the pack's checks and codes; a code claimed by both is an error."""
    registry = Registry()
    registry.add_codes(engine_codes())
    registry.add_pack(pack)
    return registry
