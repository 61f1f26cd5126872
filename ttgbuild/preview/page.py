"""The gallery's `index.html`: a row per piece, a column per locale, filters, problems.

Plain HTML with its data in attributes and a few lines of inline script for
the filters, so it works opened from the file system (no server, no fetch)
and can be published as a CI artifact. Every text that came from outside
(ids, messages, file names) is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ttgbuild.preview import sourceview


@dataclass(frozen=True)
class Note:
    """One problem as shown: code, severity, message and the file:line places it names."""

    code: str
    severity: str
    message: str
    links: tuple[tuple[str, int], ...]


@dataclass
class Shot:
    """One piece in one locale: its picture (relative to the index) and its problems."""

    image: str
    notes: list[Note] = field(default_factory=list)


@dataclass
class Row:
    """One piece (kind and record) in every locale that has it."""

    kind: str
    record: str
    shots: dict[str, Shot] = field(default_factory=dict)


STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #f4f2ee; color: #222; }
header { position: sticky; top: 0; background: #fff; padding: .6em 1em;
  box-shadow: 0 1px 4px #0002; z-index: 1; }
header h1 { font-size: 1.1em; display: inline; margin-right: 1em; }
header label { margin-right: 1em; }
main { padding: 1em; }
.row { display: grid; grid-template-columns: 12em repeat(var(--locales), minmax(0, 1fr));
  gap: 1em; margin-bottom: 1.5em; align-items: start; }
.row > h2 { font-size: .95em; margin: 0; word-break: break-word; }
figure.item { margin: 0; background: #fff; padding: .5em; border-radius: 4px; }
figure.item img { max-width: 100%; height: auto; display: block; border: 1px solid #ddd; }
figure.item[data-problems]:not([data-problems="0"]) { outline: 3px solid #d9822b; }
figcaption { font-size: .85em; margin-top: .3em; }
.empty { color: #999; font-size: .85em; }
ul.diags { padding-left: 1.1em; margin: .3em 0; }
li.diag.error { color: #a00; }
.hidden { display: none !important; }
section.general { background: #fff; padding: .5em 1em; margin-bottom: 1.5em; }
"""

SCRIPT = """
(function () {
  var kind = document.getElementById('filter-kind');
  var ident = document.getElementById('filter-id');
  var locale = document.getElementById('filter-locale');
  var problems = document.getElementById('filter-problems');
  function apply() {
    var wanted = ident.value.trim().toLowerCase();
    document.querySelectorAll('.row').forEach(function (row) {
      var shown = 0;
      row.querySelectorAll('figure.item, .empty').forEach(function (cell) {
        var ok = (!kind.value || cell.dataset.kind === kind.value)
          && (!wanted || cell.dataset.id.toLowerCase().indexOf(wanted) >= 0)
          && (!locale.value || cell.dataset.locale === locale.value)
          && (!problems.checked || (cell.dataset.problems || '0') !== '0');
        cell.classList.toggle('hidden', !ok);
        if (ok && cell.tagName === 'FIGURE') { shown += 1; }
      });
      row.classList.toggle('hidden', shown === 0);
    });
  }
  [kind, ident, locale, problems].forEach(function (el) {
    el.addEventListener('input', apply);
    el.addEventListener('change', apply);
  });
  apply();
})();
"""


def gallery_page(
    locales: list[str], rows: list[Row], general: dict[str, list[Note]], views: set[str]
) -> bytes:
    """The gallery: filters, problems of no one piece, then every piece per locale."""
    kinds = sorted({row.kind for row in rows})
    kind_options = "".join(f'<option value="{_a(k)}">{_t(k)}</option>' for k in kinds)
    locale_options = "".join(f'<option value="{_a(loc)}">{_t(loc)}</option>' for loc in locales)
    count = sum(len(row.shots) for row in rows)
    filters = (
        f'<label>Kind <select id="filter-kind"><option value="">all</option>{kind_options}'
        "</select></label>"
        '<label>Id <input id="filter-id" type="search" placeholder="record id"></label>'
        f'<label>Locale <select id="filter-locale"><option value="">all</option>'
        f"{locale_options}</select></label>"
        '<label><input type="checkbox" id="filter-problems"> has problems</label>'
    )
    heading = "".join(f"<h2>{_t(loc)}</h2>" for loc in locales)
    body = [f'<div class="row heads"><h2></h2>{heading}</div>'] if rows else []
    body += [_row(row, locales, views) for row in rows]
    sections = _general(general, views)
    header = f"<h1>Review gallery: {count} pictures</h1>{filters}"
    main = sections + "\n".join(body)
    return _document(header, main, len(locales), "gallery", SCRIPT)


def error_page(notes: list[Note], views: set[str]) -> bytes:
    """What shows instead of pictures while the content or catalogs have errors."""
    items = "".join(_diag(note, views) for note in notes)
    header = "<h1>Review gallery: the project has errors; nothing was drawn</h1>"
    main = f'<section class="general errors"><ul class="diags">{items}</ul></section>'
    return _document(header, main, 1, "error", "")


# Each row's HTML by all it shows: `watch` writes the page after every save, and at a
# thousand heroes escaping every row again costs more than the pictures that changed.
_ROWS: dict[tuple, str] = {}
ROWS_KEPT = 200_000


def _row(row: Row, locales: list[str], views: set[str]) -> str:
    shots = tuple((locale, shot.image, tuple(shot.notes)) for locale, shot in row.shots.items())
    linked = frozenset(
        file for _l, _i, notes in shots for note in notes for file, _line in note.links
    )
    key = (row.kind, row.record, tuple(locales), shots, linked & views)
    html = _ROWS.get(key)
    if html is None:
        if len(_ROWS) >= ROWS_KEPT:
            _ROWS.clear()
        html = _ROWS[key] = _new_row(row, locales, views)
    return html


def _new_row(row: Row, locales: list[str], views: set[str]) -> str:
    cells = [f"<h2>{_t(row.kind)} {_t(row.record)}</h2>"]
    for locale in locales:
        shot = row.shots.get(locale)
        data = f'data-kind="{_a(row.kind)}" data-id="{_a(row.record)}" data-locale="{_a(locale)}"'
        if shot is None:
            cells.append(f'<div class="empty" {data} data-problems="0">not in {_t(locale)}</div>')
            continue
        diags = "".join(_diag(note, views) for note in shot.notes)
        listing = f'<ul class="diags">{diags}</ul>' if diags else ""
        alt = f"{row.kind} {row.record} ({locale})"
        cells.append(
            f'<figure class="item" {data} data-problems="{len(shot.notes)}">'
            f'<img src="{_a(shot.image)}" alt="{_a(alt)}" loading="lazy">'
            f"<figcaption>{_t(row.kind)} <b>{_t(row.record)}</b> · {_t(locale)}{listing}"
            "</figcaption></figure>"
        )
    return f'<div class="row" data-kind="{_a(row.kind)}">{"".join(cells)}</div>'


def _general(general: dict[str, list[Note]], views: set[str]) -> str:
    """Problems of no one piece: the content's, then each locale's (catalog, page texts)."""
    parts = []
    for owner, notes in sorted(general.items()):
        title = f"Locale {owner}" if owner else "Content"
        items = "".join(_diag(note, views) for note in notes)
        parts.append(
            f'<section class="general" data-locale="{_a(owner)}"><h2>{_t(title)}: '
            f'{len(notes)} problems</h2><ul class="diags">{items}</ul></section>'
        )
    return "".join(parts)


def _diag(note: Note, views: set[str]) -> str:
    links = []
    for file, line in note.links:
        shown = f"{file}:{line}" if line else file
        if file in views:
            href = sourceview.href(file, line)
            links.append(f'<a class="diag-link" href="{href}">{_t(shown)}</a>')
        else:
            links.append(f"<span>{_t(shown)}</span>")
    return (
        f'<li class="diag {_a(note.severity)}" data-code="{_a(note.code)}">'
        f"{' '.join(links)} <b>{_t(note.severity)} {_t(note.code)}</b>: {_t(note.message)}</li>"
    )


def _document(header: str, main: str, columns: int, state: str, script: str) -> bytes:
    tail = f"<script>{script}</script>" if script else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ttgbuild review gallery</title>
<style>{STYLE}</style></head>
<body data-state="{state}" style="--locales: {columns}">
<header>{header}</header>
<main>{main}</main>
{tail}
</body></html>
""".encode()


def _t(value: str) -> str:
    return escape(value, quote=False)


def _a(value: str) -> str:
    return escape(value, quote=True)
