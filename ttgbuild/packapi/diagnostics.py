"""Where a problem is and what it is called: the origin of a record's fields, a file's
path as a message shows it, a located diagnostic and its order, and a pack's own codes
(`Code`, listed by `ttgbuild rules`).
"""

from ttgbuild.core.codes import Code, code_table
from ttgbuild.core.diagnostics import Diagnostic, json_pointer, sort_key
from ttgbuild.core.origin import Origin
from ttgbuild.core.paths import display_path

__all__ = ["Code", "Diagnostic", "Origin", "code_table", "display_path", "json_pointer", "sort_key"]
