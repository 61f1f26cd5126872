"""What a command prints: results on stdout, problems on stderr, tables, JSON, and
diagnostics in the engine's located format. Used as a namespace (`console.out(...)`).
"""

from ttgbuild.core.console import as_json, diagnostics, err, out, table

__all__ = ["as_json", "diagnostics", "err", "out", "table"]
