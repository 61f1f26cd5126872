"""Workbooks written by hand, zip entry by entry, as an attacker (or a fuzzer) would.

openpyxl cannot write what it would refuse to read, nor a cell of 100 MB in a
136 KB file, so the attacks of the spreadsheet tests build the zip themselves.
`run_bounded` runs the CLI as a user does, in its own process, under a memory
limit and a timeout: an unbounded read shows as an error, never as a stuck suite.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

MEMORY = 1 << 30  # the address space a run may take: 1 GiB

_OPEN_XML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE = "http://schemas.openxmlformats.org/package/2006"
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    f'<Types xmlns="{_PACKAGE}/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/xl/workbook.xml" ContentType="{_OPEN_XML}.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    f'ContentType="{_OPEN_XML}.worksheet+xml"/>'
    "</Types>"
).encode()
ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    f'<Relationships xmlns="{_PACKAGE}/relationships">'
    f'<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
).encode()
WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    f'<Relationships xmlns="{_PACKAGE}/relationships">'
    f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
    "</Relationships>"
).encode()
SHEET_HEAD = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
)


def workbook_xml(title: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<sheets><sheet name="{title}" sheetId="1" r:id="rId1"/></sheets></workbook>'
    ).encode()


def inline(reference: str, text: str) -> bytes:
    """A cell holding its text inline (no shared strings)."""
    return f'<c r="{reference}" t="inlineStr"><is><t>{text}</t></is></c>'.encode()


def write_workbook(path: Path, title: str, sheet: Iterable[bytes]) -> Path:
    """A one-sheet workbook whose sheet part is the chunks given, streamed into the zip."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        archive.writestr("_rels/.rels", ROOT_RELS)
        archive.writestr("xl/workbook.xml", workbook_xml(title))
        archive.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_RELS)
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as stream:
            for chunk in sheet:
                stream.write(chunk)
    return path


def rows(*cells: bytes) -> list[bytes]:
    """A sheet part of one row per cell given (each cell names its own row)."""
    return [SHEET_HEAD, b"<sheetData>", *cells, b"</sheetData></worksheet>"]


def run_bounded(project: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """`ttgbuild sheet ARGS --project PROJECT` in its own process, within MEMORY and `timeout`."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    return subprocess.run(
        [sys.executable, "-m", "ttgbuild", "sheet", *args, "--project", str(project)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
        check=False,
    )
