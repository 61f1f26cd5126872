"""Reference sheets from data: a checked sheet file becomes `render.flow` Sections.

A pack's quick reference is sentences, tables and diagrams laid in columns
(render/flow.py does the fitting). The sentences live in sheet files
(docs/formats/sheets.md) as messages; this module translates them in the
locale, fills their placeholders from expressions over the content, and
builds the same Prose, Table and Figure blocks a hand-written sheet would.
Figures and pictures are drawn by the pack: it hands in drawing functions by
name. Whatever goes wrong while evaluating (a name the sheet is not given, a
figure the pack lacks) is a SheetError located in the sheet file.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.i18n.runtime import Translator
from ttgbuild.render import text
from ttgbuild.render.context import PrintProblem, RenderContext
from ttgbuild.render.flow import (
    Block,
    Cell,
    Column,
    Figure,
    Picture,
    Prose,
    Section,
    Table,
    columns,
    every_text,
    flow,
)
from ttgbuild.source.expressions import ExpressionError, compile_expression
from ttgbuild.source.sheetfile import SHEET_CODES, SUFFIX, Sheet, SheetError, Sheets

# A number and the icon after it ("2 [focus]") are glued into one word, so a line
# never ends between a cost and its unit.
NUMBER_ICON = re.compile(r"(\d)\s+(\[[a-z_]+\])")
BULLET = "•"
MM = 72 / 25.4  # points per millimetre, for messages
T = TypeVar("T")

Span = text.Span
Paragraph = list[Span]
# A figure by name: its translated labels (from the label table the sheet names) → a Figure.
FigureMaker = Callable[[Mapping[str, str]], Figure]
PictureDrawer = Callable[[Canvas, float, float, float], None]  # (canvas, x, y, side)


def engine_names(tr: Translator) -> dict[str, Any]:
    """Names every sheet may use besides the pack's: translated content and capitals."""
    return {"translated": tr.content, "capitalised": text.capitalised}


class Labels(dict[str, str]):
    """A translated label table; an id it lacks prints as itself (as the Python tables did)."""

    def __missing__(self, key: str) -> str:
        return key


def label_table(sheets: Sheets, tr: Translator, table: str) -> Labels:
    """Every label of a table, translated in the locale."""
    _sheet, entries = sheets.labels[table]
    return Labels({ident: _translate(tr, spec, {}) for ident, spec in entries.items()})


def label(entries: Mapping[str, dict[str, Any]], tr: Translator, ident: str) -> str:
    """One label of a table's entries (`Sheets.labels[table][1]`) in the locale; else its id."""
    spec = entries.get(ident)
    return ident if spec is None else _translate(tr, spec, {})


@dataclass(frozen=True)
class SheetLayout:
    """What laying out one sheet needs: its files, the locale, the pack's names and drawings."""

    sheets: Sheets
    tr: Translator
    icons: frozenset[str]  # the `[token]` icons text may hold
    names: Mapping[str, Any]  # the pack's names for expressions (content, rules, functions)
    figures: Mapping[str, FigureMaker]
    pictures: Mapping[str, PictureDrawer]
    figure_room: float = math.inf  # a book's shortest column: a taller figure is JT085
    _labels: dict[str, Labels] = field(default_factory=dict, repr=False, compare=False)

    def labels(self, table: str) -> Labels:
        """A label table in the locale, translated once per layout."""
        if table not in self._labels:
            self._labels[table] = label_table(self.sheets, self.tr, table)
        return self._labels[table]

    def sections(self, name: str) -> list[Section]:
        """The sections of the sheet file `name` in reading order; SheetError if one fails
        or the file is missing (a broken one `validate` reports with its own problems)."""
        sheet = self.sheets.by_name.get(name)
        if sheet is None:
            known = ", ".join(sorted(self.sheets.by_name)) or "none"
            message = f"no sheet file {name}{SUFFIX} to print (sheet files: {known})"
            raise SheetError(SHEET_CODES["JT081"].at(f"{name}{SUFFIX}", 0, 0, message))
        scope = {**engine_names(self.tr), **self.names}
        return [
            Section(
                _translate(self.tr, spec["heading"], s, sheet),  # a repeated section's item too
                [
                    self._item(sheet, item, inner)
                    for item, inner in _entries(sheet, spec["items"], s)
                ],
                spec["heading"].get("level", 1),
                sheet.line_of(spec),
            )
            for spec, s in _entries(sheet, sheet.sections, scope)
        ]

    def book_message(self, name: str, key: str, values: Mapping[str, Any] | None = None) -> str:
        """A message of the `book:` mapping of sheet `name` in the locale: its params
        evaluated like any of the sheet's, then the engine's `values` (a page number)."""
        sheet = self.sheets.by_name[name]
        spec = (sheet.book or {})[key]
        scope = {**engine_names(self.tr), **self.names}
        filled = _translate(self.tr, spec, scope, sheet)
        return self.tr.fill(filled, dict(values)) if values else filled

    def title(self, name: str) -> str:
        """The one-page sheet `name`'s own title (`title:`) in the locale, "" without one."""
        sheet = self.sheets.by_name[name]
        if sheet.title is None:
            return ""
        return _translate(self.tr, sheet.title, {**engine_names(self.tr), **self.names}, sheet)

    def _item(self, sheet: Sheet, spec: dict[str, Any], scope: dict[str, Any]) -> Block:
        if "table" in spec:
            return self._table(sheet, spec["table"], scope)
        if "figure" in spec:
            maker = _drawn(sheet, spec, "figure", self.figures)
            figure = maker(self.labels(spec["labels"]) if "labels" in spec else Labels())
            if figure.height > self.figure_room:
                message = (
                    f"figure {spec['figure']!r} is {figure.height / MM:.0f} mm tall; the "
                    f"book's shortest column holds {self.figure_room / MM:.0f} mm"
                )
                raise SheetError(sheet.problem("JT085", spec, message, "figure"))
            return figure
        kind = next(k for k in ("prose", "bullets", "steps") if k in spec)
        paragraphs = [self._paragraph(sheet, p, s) for p, s in _entries(sheet, spec[kind], scope)]
        if kind == "bullets":
            return Prose(paragraphs, [BULLET] * len(paragraphs))
        if kind == "steps":  # step positions, not game numbers
            return Prose(
                paragraphs, [self.tr.number(i) + "." for i in range(1, len(paragraphs) + 1)]
            )
        return Prose(paragraphs)

    def _paragraph(self, sheet: Sheet, spec: dict[str, Any], scope: dict[str, Any]) -> Paragraph:
        """A paragraph: its parts (each with [icons] drawn) joined by spaces."""
        out: Paragraph = []
        for part in spec.get("parts", [spec]):
            if out:
                out.append(Span(" "))
            if "msg" in part:
                words = _translate(self.tr, part, scope, sheet)
            else:
                words = str(_evaluate(sheet, part, "text", scope))
            glued = NUMBER_ICON.sub(r"\1\2", words)
            out += text.spans(glued, part.get("bold", False), False, self.icons)
        return out

    def _table(self, sheet: Sheet, spec: dict[str, Any], scope: dict[str, Any]) -> Table:
        columns = [
            Column(c.get("align", "left"), c.get("weight", 0.0))
            for c, _s in _entries(sheet, spec["columns"], scope)
        ]
        header = [
            self._cell(sheet, c, s) for c, s in _entries(sheet, spec.get("header", []), scope)
        ]
        rows = [
            [self._cell(sheet, c, cs) for c, cs in _entries(sheet, row["cells"], s)]
            for row, s in _entries(sheet, spec["rows"], scope)
        ]
        return Table(columns, rows, header)

    def _cell(self, sheet: Sheet, spec: dict[str, Any], scope: dict[str, Any]) -> Cell:
        tr = self.tr
        bold = spec.get("bold", False)
        if "picture" in spec:
            return Picture(_drawn(sheet, spec, "picture", self.pictures))
        if "cost" in spec:
            amount = _evaluate(sheet, spec, "cost", scope)
            if amount == 0:
                return [Span(spec["free"], icon=True)]
            return [Span(tr.number(amount), bold=True), Span(" "), Span(spec["icon"], icon=True)]
        if "msg" in spec:
            value = _translate(tr, spec, scope, sheet)
        elif "label" in spec:
            ident = _evaluate(sheet, spec, "id", scope)
            value = self.labels(spec["label"])[str(ident)]
        elif "number" in spec:
            value = tr.number(_evaluate(sheet, spec, "number", scope))
        elif "numbers" in spec:
            values = [_evaluate(sheet, spec, "numbers", scope, s) for s in spec["numbers"]]
            if len(values) == 2 and values[0] == values[1]:  # a range of one value: "6", not "6-6"
                values = values[:1]
            value = spec.get("join", "").join(tr.number(v) for v in values)
        elif "percent" in spec:
            value = _percent(tr, Fraction(_evaluate(sheet, spec, "percent", scope)))
        else:
            value = str(_evaluate(sheet, spec, "text", scope))
        return [Span(value, bold=bold)]


def _drawn(sheet: Sheet, spec: dict[str, Any], kind: str, drawn: Mapping[str, T]) -> T:
    """The pack's figure or picture that `spec[kind]` names; a SheetError when it has none."""
    found = drawn.get(spec[kind])
    if found is None:
        known = ", ".join(sorted(drawn)) or "none"
        message = f"the pack draws no {kind} {spec[kind]!r} ({kind}s: {known})"
        raise SheetError(sheet.problem("JT081", spec, message, kind))
    return found


def _percent(tr: Translator, p: Fraction) -> str:
    """A probability as a whole percentage; never "0" or "100" for what can still happen."""
    value = round(p * 100)
    if value == 0 and p > 0:
        return "<" + tr.number(1)
    if value == 100 and p < 1:
        return ">" + tr.number(99)
    return tr.number(value)


def _entries(
    sheet: Sheet, specs: Sequence[dict[str, Any]], scope: dict[str, Any]
) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(entry, its scope) of a list: left out when its `when` is false, repeated per `each`."""
    for spec in specs:
        if "when" in spec and not _evaluate(sheet, spec, "when", scope):
            continue
        if "each" not in spec:
            yield spec, scope
            continue
        items = _evaluate(sheet, spec, "each", scope)
        try:
            values = list(items)
        except TypeError:
            message = f"each: {spec['each']!r} gives {type(items).__name__}, not a list"
            raise SheetError(sheet.problem("JT082", spec, message, "each")) from None
        for item in values:
            yield spec, {**scope, spec["as"]: item}


def _evaluate(
    sheet: Sheet | None, spec: dict[str, Any], key: str, scope: Mapping[str, Any], source: str = ""
) -> Any:
    """The value of the expression at `spec[key]` (or `source`), located in the sheet on failure.

    A bare name that is bound (a loop item, most often) is its value, read
    without looking the expression up or passing the scope on: a table
    evaluates one per cell.
    """
    source = source or spec[key]
    if source in scope and source.isidentifier():
        return scope[source]
    try:
        return compile_expression(source).evaluate(scope)
    except ExpressionError as exc:
        if sheet is None:
            raise
        raise SheetError(sheet.problem("JT082", spec, str(exc), key)) from None


def _translate(
    tr: Translator, spec: dict[str, Any], scope: Mapping[str, Any], sheet: Sheet | None = None
) -> str:
    """A sheet's message in the locale (see `message`), its values evaluated in `scope`."""
    return message(tr, spec, lambda owner, key: _evaluate(sheet, owner, key, scope))


def message(
    tr: Translator, spec: dict[str, Any], value: Callable[[dict[str, Any], str], Any]
) -> str:
    """A `{msg, context, plural, count, params}` mapping in the locale: the plural form
    chosen by `count`, the placeholders filled with `params`, each value given by
    `value(mapping, key)` (a sheet's or a layout's own evaluation, located in its file)."""
    context, msgid = spec["context"], spec["msg"]
    if "plural" in spec:
        translated = tr.npgettext(context, msgid, spec["plural"], value(spec, "count"))
    else:
        translated = tr.pgettext(context, msgid)
    params = spec.get("params", {})
    return tr.fill(translated, {name: value(params, name) for name in params})


def flow_page(
    ctx: RenderContext,
    canvas: Canvas,
    sections: list[Section],
    area: tuple[float, float, float, float],
    count: int,
    sizes: tuple[float, float],
    where: tuple[Origin, str, str],
    foot: float,
) -> None:
    """The rest of a reference page below its title: the sections flowed into `count`
    columns of `area` between the type `sizes`, what could not be printed reported at
    `where` (JT901 too long, JT902 characters the fonts lack), the furniture, the page end."""
    largest, smallest = sizes
    flowed = flow(sections, columns(area, count), largest, smallest, ctx.icons.draw)
    flowed.paint(canvas)
    origin, component, box = where
    if not flowed.fits:
        ctx.problems.append(PrintProblem("JT901", origin, component, box, flowed.overflow_text()))
    # An unbounded box makes ctx.fit check glyphs only: the flow above did the fitting.
    inf = float("inf")
    ctx.fit(every_text(sections), inf, inf, flowed.size, flowed.size, text.CONDENSED, where)
    ctx.furniture.on_margin_sheet(canvas, foot)
    canvas.showPage()
