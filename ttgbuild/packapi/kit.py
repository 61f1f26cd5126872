"""Whole files of a kit: the print plan (which files, their pages, paper and bleed,
read back from a built kit), one page of a data pack's sheet file, the declared
variants as the kit prints them, and the templates of a translated guide.

The heaviest group (it reads PDFs back): only the modules that draw a kit import it.
"""

from ttgbuild.render.datakit import sheet_page
from ttgbuild.render.printplan import Kit, bleed, paper_name, plan, read_kit
from ttgbuild.render.templating import environment
from ttgbuild.render.variants import printed_variants

__all__ = [
    "Kit",
    "bleed",
    "environment",
    "paper_name",
    "plan",
    "printed_variants",
    "read_kit",
    "sheet_page",
]
