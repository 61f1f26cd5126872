"""Line-anchored HTML views of the project's files, so a diagnostic's link opens its line.

The gallery is read from the file system with no server, so it cannot open a
YAML or `.po` file at a line; it carries a copy of each file it links to, one
anchor per line (`#L12`). Only files inside the project are copied, each read
with the limit its own reader has (a catalog 8 MiB, any other file 1 MiB):
a file too big or not a regular file shows a note, never a whole copy.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import quote

from ttgbuild.core.readfile import FileTooBig, NotRegularFile, problem, read_regular
from ttgbuild.i18n.limits import MAX_CATALOG_BYTES
from ttgbuild.preview import beneath
from ttgbuild.source.yamlsource import MAX_BYTES

FOLDER = "source"
# A `file:line` written in a message or a catalog entry list (.po entries, content files).
REFERENCE = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+)$")


def href(rel: str, line: int) -> str:
    """The link, relative to the gallery's index, to line `line` of project file `rel`."""
    anchor = f"#L{line}" if line > 0 else ""
    return html.escape(f"{FOLDER}/{quote(rel)}.html{anchor}", quote=True)


def limit(rel: str) -> int:
    """The most bytes the reader of this kind of file takes; a view never holds more."""
    return MAX_CATALOG_BYTES if rel.endswith((".po", ".pot")) else MAX_BYTES


def write_views(project: Path, out: Path, files: set[str]) -> set[str]:
    """Write a view of each project file named; the ones written (others get no link).

    A file is read through the loader's bounded reader (`read_regular`): one
    the loader refuses (too big, not a regular file) gets a view that says so
    instead of its lines. A view is written under `out/source/` with no link
    followed (`beneath`): where a link is in the way it is not written.
    """
    root = project.resolve()
    written: set[str] = set()
    for rel in sorted(files):
        if not _plain(rel):  # a name from a catalog's references: it must not climb out
            continue
        try:
            source = (root / rel).resolve()
        except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL
            continue
        if not source.is_relative_to(root):
            continue
        try:
            text = read_regular(source, limit(rel)).decode("utf-8", errors="replace")
        except (NotRegularFile, FileTooBig) as exc:
            text = None
            refused = f"Not shown: this file {problem(exc)}."
        except OSError:
            continue
        parts = (FOLDER, *f"{rel}.html".split("/"))
        page = _view(rel, text) if text is not None else _refused(rel, refused)
        try:
            if not beneath.holds(out, parts, page):
                beneath.write_file(out, parts, page)
        except OSError:  # a link in the way, a name too long for the file system: no view
            continue
        written.add(rel)
    return written


def _plain(rel: str) -> bool:
    """A relative path with no empty, `.` or `..` part: its view lands inside `source/`."""
    parts = rel.split("/")
    return bool(rel) and "\\" not in rel and all(p not in ("", ".", "..") for p in parts)


def _refused(rel: str, why: str) -> bytes:
    """The view of a file the loader does not read: its name and why, no lines."""
    title = html.escape(rel)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f'</head>\n<body><h1>{title}</h1>\n<p class="refused">{html.escape(why)}</p>'
        "</body></html>\n"
    ).encode()


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
