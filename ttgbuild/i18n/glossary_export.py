"""The glossary in the formats translation tools import: TBX-Basic and Weblate's CSV.

`locales/glossary.tsv` stays the one place terms are written; these exports
let translators see the same terms in Weblate, Poedit or any CAT tool that
reads TBX, instead of copying them by hand.

- TBX-Basic (ISO 30042, the `martif` form Weblate and translate-toolkit read):
  one `termEntry` per row (a concept), with one `langSet` per language that
  has a term, and the row's note as a `note`.
- CSV: Weblate's glossary columns `source,target` for one target language
  (a Weblate glossary holds one language per file).
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET

from ttgbuild.i18n.glossary import Glossary
from ttgbuild.i18n.paths import SOURCE_LOCALE

NOT_LANGUAGES = {"term", "note"}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_NOT_ID = re.compile(r"[^A-Za-z0-9_.-]")


def languages(glossary: Glossary) -> list[str]:
    """The glossary's language columns, English first."""
    found = [c for c in glossary.columns if c and c not in NOT_LANGUAGES and c != SOURCE_LOCALE]
    return [SOURCE_LOCALE, *found]


def to_tbx(glossary: Glossary, game: str) -> bytes:
    """The glossary as a TBX-Basic document (UTF-8 XML), naming the game it is of."""
    root = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: SOURCE_LOCALE})
    header = ET.SubElement(ET.SubElement(root, "martifHeader"), "fileDesc")
    source = ET.SubElement(ET.SubElement(header, "sourceDesc"), "p")
    source.text = f"{game} glossary, exported by `ttgbuild i18n glossary` from locales/glossary.tsv"
    body = ET.SubElement(ET.SubElement(root, "text"), "body")
    for number, row in enumerate(glossary.rows, 1):
        terms = {lang: row.get(lang, "").strip() for lang in languages(glossary)}
        if not terms[SOURCE_LOCALE]:
            continue
        entry = ET.SubElement(body, "termEntry", {"id": _entry_id(row, number)})
        if row.get("note", "").strip():
            ET.SubElement(entry, "note").text = row["note"].strip()
        for lang, term in terms.items():
            if term:
                lang_set = ET.SubElement(entry, "langSet", {XML_LANG: lang.replace("_", "-")})
                ET.SubElement(ET.SubElement(lang_set, "tig"), "term").text = term
    ET.indent(root)
    body_text = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body_text}\n'.encode()


def _entry_id(row: dict[str, str], number: int) -> str:
    """An XML id from the row's `term` key (unique by its row number)."""
    key = _NOT_ID.sub("-", row.get("term", "").strip()) or "term"
    return f"c{number}-{key}"


def to_csv(glossary: Glossary, locale: str) -> bytes:
    """One target language as Weblate's glossary CSV: a `source,target` header, a row a term."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["source", "target"])
    for row in glossary.rows:
        english, target = row.get(SOURCE_LOCALE, "").strip(), row.get(locale, "").strip()
        if english and target:
            writer.writerow([english, target])
    return buffer.getvalue().encode("utf-8")
