"""Line-anchored HTML views of the project's files, so a diagnostic's link opens its line.

The gallery is read from the file system with no server, so it cannot open a
YAML or `.po` file at a line; it carries a copy of each file it links to, one
anchor per line (`#L12`). Only files inside the project are copied.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from ttgbuild.core.atomic import write_atomically

FOLDER = "source"
# A `file:line` written in a message or a catalog entry list (.po entries, content files).
REFERENCE = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+)$")


def href(rel: str, line: int) -> str:
    """The link, relative to the gallery's index, to line `line` of project file `rel`."""
    anchor = f"#L{line}" if line > 0 else ""
    return f"{FOLDER}/{html.escape(rel, quote=True)}.html{anchor}"


def write_views(project: Path, out: Path, files: set[str]) -> set[str]:
    """Write a view of each project file named; the ones written (others get no link)."""
    root = project.resolve()
    written: set[str] = set()
    for rel in sorted(files):
        source = (root / rel).resolve()
        if not source.is_relative_to(root) or not source.is_file():
            continue
        try:
            text = source.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        target = out / FOLDER / f"{rel}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        page = _view(rel, text)
        if not target.is_file() or target.read_bytes() != page:
            write_atomically(target, page)
        written.add(rel)
    return written


def _view(rel: str, text: str) -> bytes:
    """One file as a numbered listing; each line's element has the id `L<n>`."""
    rows = "\n".join(
        f'<tr id="L{n}"><td class="n"><a href="#L{n}">{n}</a></td>'
        f"<td><pre>{html.escape(line)}</pre></td></tr>"
        for n, line in enumerate(text.splitlines(), start=1)
    )
    title = html.escape(rel)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font: 13px/1.4 monospace; margin: 1em; }}
table {{ border-collapse: collapse; }}
td {{ padding: 0 .6em; vertical-align: top; }}
td.n {{ color: #888; text-align: right; user-select: none; }}
td.n a {{ color: inherit; text-decoration: none; }}
pre {{ margin: 0; white-space: pre-wrap; }}
tr:target {{ background: #fff3b0; }}
</style></head>
<body><h1>{title}</h1>
<table>
{rows}
</table></body></html>
""".encode()
