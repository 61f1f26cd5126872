"""A layout's face drawn for one record: each box placed, evaluated and painted in order.

A face is data (docs/formats/layouts.md): boxes with a position in
millimetres, a kind, and what they print, bound to the record through
expressions and to the catalogs through messages. Drawing one here keeps
the rules of every kind in one place (how a label sits in its declared box,
how a stat is framed), so a game's layout says only where and what.
Colours, type sizes and line widths may be expressions too (a faction's
colour from its record), and a face's `let` names values its boxes share.
Whatever goes wrong while evaluating is a LayoutError located at the box.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ttgbuild.core.origin import Origin
from ttgbuild.geometry.hexgrid import HexLayout
from ttgbuild.render import fonts, ink, shapes, text
from ttgbuild.render.boxes import TextBox
from ttgbuild.render.context import RenderContext
from ttgbuild.render.prose import message
from ttgbuild.source.expressions import ExpressionError, compile_expression
from ttgbuild.source.layoutfile import MAX_BOXES, MAX_ITEMS, Layout, LayoutError

Box = tuple[float, float, float, float]
Where = tuple[Origin, str, str]
FAMILIES = {"sans": text.SANS, "condensed": text.CONDENSED}
# A stat: a number in a rounded frame under its label, an icon after the number.
STAT_NUMBER = 11.0
STAT_INSET, STAT_RADIUS, STAT_LINE = 0.4 * mm, 1.2 * mm, 0.4
STAT_LABEL_GAP, STAT_BASELINE = 0.8 * mm, 1.5 * mm
STAT_ICON, STAT_ICON_ROOM, STAT_ICON_GAP, STAT_ICON_RAISE = 2.7 * mm, 3.2 * mm, 0.5 * mm, 1.6 * mm
# A box's lengths, in mm from the frame: where it sits and how large it is.
LENGTHS = ("left", "right", "bottom", "top", "width", "height", "baseline")
# The names of a face's measures (mm), the same on every card of one size.
MEASURES = frozenset({"width", "height", "safe", "inner", "band", "lower", "label_width", "drawn"})
Drawing = Callable[..., None]  # (canvas, box, **args): a picture the pack draws by name
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")  # a colour an expression may give besides a name
# What a size written as an expression may be (the format's bounds for the numbers).
LENGTH_RANGE = (-1000.0, 1000.0)  # mm
FACE_RANGE = (1.0, 1000.0)  # mm, a face's own width or height where a deck prints it
SIZE_RANGE = (0.1, 300.0)  # pt, a type size
LINE_RANGE = (0.0, 50.0)  # pt, a line width
BAND_RANGE = (0.0, 1000.0)  # mm


@dataclass(frozen=True)
class Kit:
    """What every face of a layout file is drawn with: the file, the pack's parts, the context."""

    layout: Layout
    ctx: RenderContext
    canvas: Canvas
    boxes: Mapping[str, TextBox]  # label boxes by name: the pack's and the file's
    drawings: Mapping[str, Drawing]
    overlays: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    # Values of expressions that read no record (lengths, constants), by their inputs.
    known: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    # The lengths of boxes placed by the measures alone, by box and measures; which
    # measures each box's lengths read (None: something else), by box.
    lengths: dict[tuple[Any, ...], tuple[float | None, ...]] = field(default_factory=dict)
    reads: dict[int, tuple[str, ...] | None] = field(default_factory=dict)
    # Boxes and paragraphs drawn on the face being painted (MAX_BOXES), in a list to count on.
    drawn: list[int] = field(default_factory=lambda: [0])

    def spend(self, owner: dict[str, Any], key: str) -> None:
        """Count one more box or paragraph on this face; JT075 at `owner` past MAX_BOXES."""
        self.drawn[0] += 1
        if self.drawn[0] > MAX_BOXES:
            message = f"a face draws more than {MAX_BOXES} boxes and paragraphs (repeats nested?)"
            raise LayoutError(self.layout.problem("JT075", owner, message, key))

    @cached_property
    def colours(self) -> dict[str, Color]:
        return {name: HexColor(value) for name, value in self.layout.colours.items()}

    def colour(self, name: str) -> Color:
        return self.colours[name]

    def colour_at(
        self, owner: dict[str, Any], key: str, scope: Mapping[str, Any], default: str
    ) -> Color:
        """The colour at `owner[key]` (`default` when not given): a colour of the file,
        "#rrggbb" as written, or an expression's value, which must be one or #rrggbb (JT074
        at the key if not)."""
        value = owner.get(key, default)
        if value in self.colours:
            return self.colours[value]
        if isinstance(value, str) and HEX.match(value):  # written as it is
            return HexColor(value)
        found = self.evaluate(owner, key, scope)
        if isinstance(found, str) and found in self.colours:
            return self.colours[found]
        if isinstance(found, str) and HEX.match(found):
            return HexColor(found)
        known = ", ".join(sorted(self.colours))
        message = f"{key}: {value!r} gives {found!r}, not #rrggbb or a colour ({known})"
        raise LayoutError(self.layout.problem("JT074", owner, message, key))

    def number_at(
        self,
        owner: dict[str, Any],
        key: str,
        scope: Mapping[str, Any],
        default: Any,
        bounds: tuple[float, float],
        pair: bool = False,
    ) -> Any:
        """A size at `owner[key]` (`default` when not given): as written, or an expression's
        value, a number within `bounds` or, when `pair` (a text's size: largest and
        smallest), a pair of them (JT074 if not). Only a text box shrinks to fit, so a
        pair anywhere else is refused here rather than reaching the canvas."""
        if key not in owner:
            return default
        value = owner[key]
        found = self.evaluate(owner, key, scope) if isinstance(value, str) else value
        numbers = list(found) if pair and isinstance(found, list | tuple) else [found]
        low, high = bounds
        if 1 <= len(numbers) <= 2 and all(_within(n, low, high) for n in numbers):
            return found
        given = f"{value!r} gives {found!r}" if isinstance(value, str) else f"{value!r} is"
        shape = "a number or a pair of numbers" if pair else "a number"
        message = f"{key}: {given}, not {shape} from {low:g} to {high:g}"
        raise LayoutError(self.layout.problem("JT074", owner, message, key))

    def evaluate(self, owner: dict[str, Any], key: str, scope: Mapping[str, Any]) -> Any:
        """The value of the expression at `owner[key]`, located in the file when it fails.

        One that reads only the face's measures (most lengths) or nothing at all (a
        constant) has the same value on every card, so it is evaluated once. A bare
        name that is bound (a token's side, a counter's name) is its value, read
        without looking the expression up or passing the scope on.
        """
        if key not in owner:  # a repeat's template whose items do not give it
            message = f"this {owner.get('kind', 'text')} box needs {key}"
            raise LayoutError(self.layout.problem("JT074", owner, message))
        source = owner[key]
        if source in scope and source.isidentifier():
            return scope[source]
        try:
            expression = compile_expression(owner[key])
            if not expression.names <= MEASURES:
                return expression.evaluate(scope)
            known = (expression.source, *(scope[name] for name in sorted(expression.names)))
            if known not in self.known:
                self.known[known] = expression.evaluate(scope)
            return self.known[known]
        except ExpressionError as exc:
            raise LayoutError(self.layout.problem("JT074", owner, str(exc), key)) from None

    def words(self, spec: Any, owner: dict[str, Any], key: str, scope: Mapping[str, Any]) -> str:
        """A box's text: an expression's value, or a message translated with its values filled."""
        if key not in owner:  # a box without its text (a stat without a label) prints none
            return ""
        if not isinstance(spec, dict):
            return self.printed(self.evaluate(owner, key, scope))
        return message(self.ctx.tr, spec, lambda mapping, name: self.evaluate(mapping, name, scope))

    def printed(self, value: Any) -> str:
        """A value printed: a number the locale's way, anything else as text."""
        if isinstance(value, int | float) and not isinstance(value, bool):
            return self.ctx.tr.number(value)
        return str(value)

    def length_names(self, box: dict[str, Any]) -> tuple[str, ...] | None:
        """The measures a box's lengths read (sorted), or None if one reads anything else
        or is no valid expression (then it is evaluated on each card, and located)."""
        if id(box) not in self.reads:
            sources = [box[key] for key in LENGTHS if isinstance(box.get(key), str)]
            try:
                names = frozenset().union(*(compile_expression(s).names for s in sources))
            except ExpressionError:  # evaluate reports it, located, card by card
                names = None
            fixed = names is not None and names <= MEASURES
            self.reads[id(box)] = tuple(sorted(names)) if fixed else None
        return self.reads[id(box)]

    def overlay(self, template: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
        """A repeat's item laid over its template, located at the item (made once, kept)."""
        key = (id(template), id(item))
        if key not in self.overlays:
            merged = {**template, **item}
            self.overlays[key] = merged
            self.layout.locate_as(merged, item)
        return self.overlays[key]


@dataclass(frozen=True)
class Spot:
    """One box where it is painted: what every painter gets besides the kit.

    `box` is the box as the file gives it, `place` its (x, y, w, h) in points,
    `scope` the names its expressions read, `at` where its problems are
    reported; `textbox` is its label box and `across` that box's width, when
    it names one.
    """

    box: dict[str, Any]
    place: Box
    scope: Mapping[str, Any]
    at: Where
    textbox: TextBox | None
    across: float | None


def _within(value: Any, low: float, high: float) -> bool:
    """Whether `value` is a number (not a truth value) from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return low <= value <= high  # NaN is never within


def bind(kit: Kit, face: dict[str, Any], scope: dict[str, Any]) -> dict[str, Any]:
    """The scope with the file's `let` names, then the face's, each evaluated in order (a
    later one reads an earlier one); a problem is located at the name's expression."""
    for bound in (kit.layout.data.get("let"), face.get("let")):
        if bound:
            scope = {**scope}
            for name in bound:
                scope[name] = kit.evaluate(bound, name, scope)
    return scope


def engine_names(ctx: RenderContext) -> dict[str, Any]:
    """Names every face may use besides the pack's functions and its record."""
    tr = ctx.tr
    return {
        "content": ctx.content,
        "place": ctx.place,
        "number": tr.number,
        "translated": tr.content,
        "country": tr.country,
        "capitalised": text.capitalised,
        "quoted": repr,
    }


def measures(ctx: RenderContext, trim: Box, band: float) -> dict[str, float]:
    """The face's measures in mm, for lengths written as expressions."""
    _x, _y, w, h = trim
    safe = ctx.settings.safe
    return {
        "width": w / mm,
        "height": h / mm,
        "safe": safe / mm,
        "inner": (w - 2 * safe) / mm,
        "band": band / mm,
        "lower": (h - band) / mm,
    }


def paint(kit: Kit, face: dict[str, Any], trim: Box, scope: dict[str, Any], where: Where) -> None:
    """Every box of a face, in order, inside the trim box (x, y, w, h)."""
    band = kit.number_at(face, "band", scope, 0, BAND_RANGE) * mm
    scope = {**scope, **measures(kit.ctx, trim, band), "drawn": frozenset()}
    inner = trim[2] - 2 * kit.ctx.settings.safe
    kit.drawn[0] = 0
    for box in face.get("boxes", []):
        _box(kit, box, trim, scope, where, inner)


def _box(
    kit: Kit, box: dict[str, Any], frame: Box, scope: dict[str, Any], where: Where, inner: float
) -> None:
    kit.spend(box, "kind")
    if "when" in box and not kit.evaluate(box, "when", scope):
        return
    origin, component, report = where
    if "field" in box:
        origin = origin.at(box["field"])
    at = (origin, component, box.get("report", report or box.get("name", "")))
    kind = box.get("kind", "text")
    if kind == "repeat":
        _repeat(kit, box, frame, scope, at, inner)
        return
    textbox = kit.boxes[box["textbox"]] if "textbox" in box else None
    across = textbox.across(inner) if textbox is not None else None
    sized = kind == "label"  # a label is as wide and high as its label box unless told
    place = _place(kit, box, frame, scope, textbox if sized else None, across if sized else None)
    found = len(kit.ctx.problems)
    painted = PAINTERS[kind](kit, Spot(box, place, scope, at, textbox, across))
    if len(kit.ctx.problems) > found:  # a text too long: the box to widen is named too
        declared = kit.layout.line_of(box)
        problems = kit.ctx.problems[found:]
        kit.ctx.problems[found:] = [replace(problem, declared=declared) for problem in problems]
    if kind == "image" and painted:  # boxes after it may make room for it ('x' in drawn)
        scope["drawn"] = scope["drawn"] | {box.get("name", "")}


def _length(kit: Kit, box: dict[str, Any], key: str, scope: Mapping[str, Any]) -> float | None:
    """A length in points, or None when the box does not give it."""
    if key not in box:
        return None
    return kit.number_at(box, key, scope, None, LENGTH_RANGE) * mm


def _lengths(kit: Kit, box: dict[str, Any], scope: Mapping[str, Any]) -> tuple[float | None, ...]:
    """The box's LENGTHS in points (None where it gives none).

    A box placed by the face's measures alone sits the same on every card of a
    size: its lengths are worked out once for those measures, not per card.
    """
    reads = kit.length_names(box)
    if reads is None:  # a length reads the record, or fails: each card works it out
        return tuple(_length(kit, box, key, scope) for key in LENGTHS)
    key = (id(box), *(scope.get(name) for name in reads))
    if key not in kit.lengths:
        kit.lengths[key] = tuple(_length(kit, box, name, scope) for name in LENGTHS)
    return kit.lengths[key]


def _place(
    kit: Kit,
    box: dict[str, Any],
    frame: Box,
    scope: Mapping[str, Any],
    textbox: TextBox | None,
    across: float | None,
) -> Box:
    """The box in points: from the frame's left or right, bottom, top or baseline."""
    fx, fy, fw, fh = frame
    if across is not None:
        scope = {**scope, "label_width": across / mm}
    left, right, bottom, top, width, height, baseline = _lengths(kit, box, scope)
    if width is None:
        width = across if across is not None else fw - (left or 0) - (right or 0)
    if height is None:
        height = textbox.height if textbox is not None else fh - (bottom or 0) - (top or 0)
    x = fx + left if left is not None else fx + fw - right - width if right is not None else fx
    if bottom is not None:
        y = fy + bottom
    elif top is not None:
        y = fy + fh - top - height
    elif baseline is not None and textbox is not None:
        y = textbox.bottom(fy + baseline)
    else:
        y = fy
    return x, y, width, height


def _text(kit: Kit, spot: Spot) -> None:
    """Text fitted between two sizes: one text (its [icons] drawn) or paragraphs of spans."""
    ctx, box = kit.ctx, spot.box
    x, y, w, h = spot.place
    family = FAMILIES[box.get("family", "sans")]
    sizes = kit.number_at(box, "size", spot.scope, (9, 5), SIZE_RANGE, pair=True)
    if not isinstance(sizes, list | tuple) or len(sizes) != 2:  # a text's size is a pair
        message = f"size: {box['size']!r} gives {sizes!r}, not [largest, smallest]"
        raise LayoutError(kit.layout.problem("JT074", box, message, "size"))
    largest, smallest = sizes
    if "paragraphs" in box:
        paragraphs = _paragraphs(kit, box["paragraphs"], spot.scope)
    else:
        words = kit.words(box.get("text", ""), box, "text", spot.scope)
        paragraphs = [ctx.spans(words, box.get("bold", False), box.get("italic", False))]
    block = ctx.fit(paragraphs, w, h, largest, smallest, family, spot.at)
    canvas = kit.canvas
    canvas.setFillColor(kit.colour_at(box, "colour", spot.scope, "ink"))
    top = y + h / 2 + block.height / 2 if box.get("valign") == "middle" else y + h
    text.draw(canvas, block, x, top, family, ctx.icons.draw, box.get("align", "left"), w)


def _paragraphs(
    kit: Kit, specs: list[dict[str, Any]], scope: Mapping[str, Any]
) -> list[list[text.Span]]:
    """The paragraphs of a text box: groups repeated per item, spans and texts, when they apply."""
    out: list[list[text.Span]] = []
    for spec in specs:
        kit.spend(spec, "each" if "each" in spec else "")
        if "when" in spec and not kit.evaluate(spec, "when", scope):
            continue
        if "each" in spec:
            for item in items(kit, spec, scope):
                if spec.get("separator") and out:
                    out.append([])
                out += _paragraphs(kit, spec.get("paragraphs", []), {**scope, spec["as"]: item})
        elif "spans" in spec:
            out.append(_spans(kit, spec["spans"], scope))
        else:
            words = kit.words(spec.get("text", ""), spec, "text", scope)
            out.append(kit.ctx.spans(words, spec.get("bold", False), spec.get("italic", False)))
    return out


def _spans(kit: Kit, specs: list[dict[str, Any]], scope: Mapping[str, Any]) -> list[text.Span]:
    spans = []
    for spec in specs:
        if "when" in spec and not kit.evaluate(spec, "when", scope):
            continue
        if "icon" in spec:
            spans.append(text.Span(str(kit.evaluate(spec, "icon", scope)), icon=True))
            continue
        words = kit.words(spec.get("text", ""), spec, "text", scope)
        spans.append(text.Span(words, spec.get("bold", False), spec.get("italic", False)))
    return spans


def items(kit: Kit, spec: dict[str, Any], scope: Mapping[str, Any]) -> list[Any]:
    """The values of `each`, a list of at most MAX_ITEMS (JT075 beyond)."""
    items = kit.evaluate(spec, "each", scope)
    try:
        found = list(items)
    except TypeError:
        message = f"each: {spec['each']!r} gives {type(items).__name__}, not a list"
        raise LayoutError(kit.layout.problem("JT074", spec, message, "each")) from None
    if len(found) > MAX_ITEMS:
        message = f"each: {spec['each']!r} gives {len(found)} items; at most {MAX_ITEMS} are drawn"
        raise LayoutError(kit.layout.problem("JT075", spec, message, "each"))
    return found


def _label(kit: Kit, spot: Spot) -> None:
    """Text in a declared label box: its sizes and font, the budget translators are told."""
    box, textbox = spot.box, spot.textbox
    assert textbox is not None  # the format requires it; load_layout checked its name
    x, y, w, _h = spot.place
    words = kit.words(box.get("text", ""), box, "text", spot.scope)
    colour = kit.colour_at(box, "colour", spot.scope, "ink")
    align = box.get("align", "left")
    kit.ctx.label(kit.canvas, words, textbox, (x, y), w, spot.at, colour, align)


def _stat(kit: Kit, spot: Spot) -> None:
    """A labelled number in a rounded frame; an icon beside the number when it has one."""
    box, scope, textbox, across = spot.box, spot.scope, spot.textbox, spot.across
    assert textbox is not None and across is not None
    canvas = kit.canvas
    x, y, w, h = spot.place
    canvas.setFillColor(kit.colour_at(box, "fill", scope, "paper"))
    canvas.setStrokeColor(kit.colour_at(box, "stroke", scope, "rule"))
    canvas.setLineWidth(kit.number_at(box, "line_width", scope, STAT_LINE, LINE_RANGE))
    canvas.roundRect(x + STAT_INSET, y, w - 2 * STAT_INSET, h, STAT_RADIUS, stroke=1, fill=1)
    words = kit.words(box.get("label", ""), box, "label", scope)
    corner = (x + (w - across) / 2, y + h - STAT_LABEL_GAP - textbox.height)
    colour = kit.colour_at(box, "colour", scope, "muted")
    kit.ctx.label(canvas, words, textbox, corner, across, spot.at, colour, "center")
    value = kit.printed(kit.evaluate(box, "value", scope))
    icon = str(kit.evaluate(box, "icon", scope)) if "icon" in box else None
    size = kit.number_at(box, "size", scope, STAT_NUMBER, SIZE_RANGE)
    canvas.setFont(fonts.BOLD, size)
    canvas.setFillColor(kit.colour("ink"))
    number_w = fonts.width(value, fonts.BOLD, size)
    icon_w = STAT_ICON_ROOM if icon else 0
    left = x + (w - number_w - icon_w) / 2
    canvas.drawString(left, y + STAT_BASELINE, value)
    if icon:
        painter = _icon_painter(kit, box, icon)
        painter(canvas, left + number_w + STAT_ICON_GAP, y + STAT_ICON_RAISE, STAT_ICON)


def _string(kit: Kit, spot: Spot) -> None:
    """One line at a fixed size, on the box's bottom edge (a big numeral): never fitted."""
    canvas, box = kit.canvas, spot.box
    x, y, w, _h = spot.place
    words = kit.words(box.get("text", ""), box, "text", spot.scope)
    family = FAMILIES[box.get("family", "sans")]
    font = family.font(text.Span("", box.get("bold", False), box.get("italic", False)))
    canvas.setFillColor(kit.colour_at(box, "colour", spot.scope, "ink"))
    canvas.setFont(font, kit.number_at(box, "size", spot.scope, 9, SIZE_RANGE))
    align = box.get("align", "left")
    if align == "center":
        canvas.drawCentredString(x + w / 2, y, words)
    elif align == "right":
        canvas.drawRightString(x + w, y, words)
    else:
        canvas.drawString(x, y, words)


def _image(kit: Kit, spot: Spot) -> bool:
    """A picture from the content folder, fitted in the box; an unreadable one is reported."""
    source = kit.evaluate(spot.box, "src", spot.scope)
    image = kit.ctx.portrait(str(source), spot.at) if source else None
    if image is None:
        return False
    x, y, w, h = spot.place
    kit.canvas.drawImage(image, x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto")
    return True


def _icon(kit: Kit, spot: Spot) -> None:
    """One of the game's `[token]` icons, as wide as the box."""
    x, y, w, _h = spot.place
    name = str(kit.evaluate(spot.box, "icon", spot.scope))
    with ink.keep(kit.canvas):
        _icon_painter(kit, spot.box, name)(kit.canvas, x, y, w)


def _draw(kit: Kit, spot: Spot) -> None:
    """A picture the pack draws (its game's art), with the box and the arguments given."""
    args = spot.box.get("args", {})
    values = {
        name: kit.colour_at(args, name, spot.scope, "ink")
        if name.endswith("colour")
        else value
        if not isinstance(value, str)
        else kit.evaluate(args, name, spot.scope)
        for name, value in args.items()
    }
    kit.drawings[spot.box["draw"]](kit.canvas, spot.place, **values)


def _shape(kit: Kit, spot: Spot) -> None:
    """A rectangle, rounded rectangle, circle or hex (in the box), or a line (its diagonal)."""
    canvas, box = kit.canvas, spot.box
    x, y, w, h = spot.place
    fill, stroke = box.get("fill"), box.get("stroke")
    if box.get("shape") == "hex":
        _hex(kit, box, spot.place, spot.scope)
        return
    if fill:
        canvas.setFillColor(kit.colour_at(box, "fill", spot.scope, "paper"))
    if stroke:
        canvas.setStrokeColor(kit.colour_at(box, "stroke", spot.scope, "ink"))
        canvas.setLineWidth(kit.number_at(box, "line_width", spot.scope, 1, LINE_RANGE))
    if "dash" in box:
        canvas.setDash(*box["dash"])
    marks = {"stroke": 1 if stroke else 0, "fill": 1 if fill else 0}
    shape = box.get("shape", "rect")
    if shape == "rect":
        canvas.rect(x, y, w, h, **marks)
    elif shape == "roundrect":
        canvas.roundRect(x, y, w, h, _length(kit, box, "radius", spot.scope) or 0, **marks)
    elif shape == "circle":
        canvas.circle(x + w / 2, y + h / 2, min(w, h) / 2, **marks)
    else:
        canvas.line(x, y, x + w, y + h)
    if "dash" in box:
        canvas.setDash()


def _hex(kit: Kit, box: dict[str, Any], place: Box, scope: Mapping[str, Any]) -> None:
    """A flat-topped hexagon as wide as the box (its corner-to-corner width), top at the box's top.

    Its corners are the hex grid's (geometry/hexgrid.py), so a token the size
    of a board hex has exactly the board's outline. It is always filled (paper
    unless told).
    """
    x, y, w, h = place
    stroke = box.get("stroke")
    corners = [(x + px, y + h - py) for px, py in HexLayout(w / 2).corners(0, 0)]
    fill = kit.colour_at(box, "fill", scope, "paper")
    outline = kit.colour_at(box, "stroke", scope, "ink") if stroke else None
    width = kit.number_at(box, "line_width", scope, 1, LINE_RANGE)
    shapes.polygon(kit.canvas, corners, fill, outline, width)


def _repeat(
    kit: Kit, box: dict[str, Any], frame: Box, scope: dict[str, Any], at: Where, inner: float
) -> None:
    """The template box once per item, in a grid of `columns` filling the box row by row.

    Items are partial boxes laid over the template (a label, a value, a field),
    or the values of `each`, named by `as`.
    """
    x, y, w, h = _place(kit, box, frame, scope, None, None)
    template = box.get("box", {})
    if "each" in box:
        name = box.get("as", "item")
        cells = [(template, {**scope, name: item}) for item in items(kit, box, scope)]
    else:
        cells = [(kit.overlay(template, item), scope) for item in box.get("items", [])]
    columns = box.get("columns", 1)
    rows = max(1, math.ceil(len(cells) / columns))
    gap = box.get("row_gap", 0) * mm
    cell_w, cell_h = w / columns, (h - (rows - 1) * gap) / rows
    for index, (spec, item_scope) in enumerate(cells):
        r, c = divmod(index, columns)
        cell = (x + c * cell_w, y + h - (r + 1) * cell_h - r * gap, cell_w, cell_h)
        _box(kit, spec, cell, item_scope, at, inner)


def _icon_painter(kit: Kit, box: dict[str, Any], name: str) -> Callable[..., None]:
    painters = kit.ctx.icons.painters
    if name not in painters:
        known = ", ".join(sorted(painters)) or "none"
        message = f"no icon {name!r} (icons: {known})"
        raise LayoutError(kit.layout.problem("JT074", box, message, "icon"))
    return painters[name]


PAINTERS: dict[str, Callable[[Kit, Spot], object]] = {
    "text": _text,
    "label": _label,
    "stat": _stat,
    "string": _string,
    "image": _image,
    "icon": _icon,
    "draw": _draw,
    "shape": _shape,
}
