"""Catalog operations behind `ttgbuild i18n`: extract, update, init, compile and status.

They return what happened (one `FileResult` per file) and diagnostics
instead of printing, so the CLI alone decides how results look and what the
exit code is. Files are written atomically (`ttgbuild.core.atomic`) and only
when their bytes change: running a
command twice changes nothing, and version control shows only real edits.

A catalog that cannot be read becomes one located diagnostic (code JT810),
never a traceback, and the other locales go on. Babel's parser is lenient (an
unclosed string silently becomes an empty translation), so a catalog's text
is decoded and linted line by line before Babel reads it.

Babel (2.18) writes a multi-line previous msgid (`#|`) as wrapped prose and
reads `#|` lines back as translator comments, so this module reads and
writes them itself, in GNU gettext's format.

What a catalog's header says must not change with the Babel installed: the
`Plural-Forms` of a new catalog come from ttgbuild's table (`plurals`), and
`Generated-By` names no Babel version (see `render`). It names the game (its
pack's title and version) and a language team, never ttgbuild or Babel's
placeholders.

Translators save catalogs with Poedit (GNU msgcat), msgmerge, Weblate or polib,
which re-wrap strings and comments and drop the flags they do not know. So
what the template gives each message (budgets, Weblate's flags) is restored by
`update` and not compared by `update --check` (`essentials`), and a glossary
exemption is kept as a translator comment too, which every tool keeps.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import (
    PoFileError,
    PoFileParser,
    escape,
    normalize,
    unescape,
    write_po,
)
from babel.util import LOCALTZ

from ttgbuild.core.atomic import write_atomically
from ttgbuild.core.codes import Code
from ttgbuild.core.diagnostics import Diagnostic
from ttgbuild.core.paths import display_path
from ttgbuild.core.readfile import FileTooBig, problem, read_regular
from ttgbuild.i18n import limits
from ttgbuild.i18n.extract import extract_messages, is_template_flag
from ttgbuild.i18n.glossary import IGNORE_FLAG, LEGACY_IGNORE_FLAG
from ttgbuild.i18n.paths import SOURCE_LOCALE, catalog_path, project_locales, template_path
from ttgbuild.i18n.plurals import gettext_plural_forms
from ttgbuild.source.datapack import pack_of

IO_CODE = Code(
    "JT810", "error", "a catalog can be read: PO syntax, its charset, an entry's strings"
)
WIDTH = 76  # wrap width of written catalogs; fixed so every run gives the same bytes
GENERATED_BY = "ttgbuild"  # the Generated-By of a file ttgbuild starts (see `render`)
TEMPLATE_HEADER = (
    "# Translations template for {title}.\n"
    "# Written by `ttgbuild i18n extract` from content/ and the ttgbuild package;\n"
    "# do not edit it by hand."
)
LOCALE_HEADER = (
    "# {name} ({locale}) translations for {title}.\n"
    "# Started with `ttgbuild i18n init {locale}`; merge new English text into it\n"
    "# with `ttgbuild i18n update`. See docs/translating.md."
)

_STRING = r'"(?:[^"\\]|\\.)*"'
_KEYWORD = r"(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)"
_PO_LINE = re.compile(rf"(?:{_KEYWORD}\s+)?{_STRING}")
_CHARSET = re.compile(
    rb'^[ \t]*(?:msgstr[ \t]+)?"Content-Type:[^"\n]*charset=([A-Za-z0-9._-]+)', re.MULTILINE
)
_OBSOLETE_PREVIOUS = re.compile(r"^[ \t]*#~[ \t]*\|.*$", re.MULTILINE)
_GENERATED_BY = re.compile(r'^"Generated-By:(?:[^"\\]|\\.)*"$', re.MULTILINE)
_PREVIOUS_KEYWORDS = ("msgctxt", "msgid", "msgid_plural")
# The first line of the header comment `init` wrote before it named the game.
_OUR_COMMENT = re.compile(r"\A(# .* translations for )ttgbuild\.$", re.MULTILINE)
# Header values that name no one: Babel's and gettext's placeholders, ttgbuild's old defaults.
_PLACEHOLDER_PEOPLE = re.compile(
    r"^(?:|FULL NAME <EMAIL@ADDRESS>|.*<[A-Za-z_]*@li\.org>|ttgbuild\b.*)$", re.IGNORECASE
)

State = Literal["created", "updated", "unchanged"]
Key = tuple[str, str | None]


@dataclass(frozen=True)
class FileResult:
    """One file an operation wrote or left alone, with a short note for people."""

    file: str
    state: State
    note: str


@dataclass
class Outcome:
    """What an operation did, file by file, and the problems it met on the way."""

    results: list[FileResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(frozen=True)
class Stats:
    """How far one locale's catalog is; fuzzy entries count as not done."""

    locale: str
    total: int
    translated: int
    fuzzy: int
    untranslated: int
    obsolete: int

    @property
    def percent(self) -> int:
        """Share translated, rounded down so 99.9 % never shows as 100 %."""
        return self.translated * 100 // self.total if self.total else 100

    def as_json(self) -> dict[str, object]:
        """The object of `i18n status --format json` (cli.md)."""
        return {
            "locale": self.locale,
            "total": self.total,
            "translated": self.translated,
            "fuzzy": self.fuzzy,
            "untranslated": self.untranslated,
            "obsolete": self.obsolete,
        }


class CatalogError(Exception):
    """A catalog or template that cannot be read or written, as a located diagnostic."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class UnknownLocale(ValueError):
    """`init` was given something that is not a locale (or is the source language)."""


class CatalogExists(FileExistsError):
    """`init` would overwrite a catalog a translator may have worked on."""


def _io_error(shown: str, line: int, column: int, message: str) -> CatalogError:
    return CatalogError(IO_CODE.at(shown, line, column, message))


# --- reading and writing -------------------------------------------------------------


def cldr_locale(locale: str) -> Locale | None:
    """The CLDR locale a catalog folder names, or None when CLDR does not know it."""
    try:
        return Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        return None


def catalog_locales(project: Path) -> list[str]:
    """Every locale with a catalog (English, the source language, never has one)."""
    return project_locales(project)[1:]


def read_catalog(path: Path, shown: str, locale: Locale | None) -> Catalog:
    """Read a .po/.pot file, or raise CatalogError naming the file, line and column.

    The one reader of catalogs: `validate`, `i18n check`, the translators'
    commands and the build's translator all judge a catalog by it, so what
    one accepts the others accept. The file is read only if it is a regular
    file, never past the catalog bound (a FIFO or /dev/zero cannot hang it).
    """
    return _parse(_read_raw(path, shown), shown, locale)


# The catalogs `read_shared` has parsed, by path, name shown and locale: with the bytes read.
_shared: dict[tuple[str, str, str], tuple[bytes, Catalog]] = {}


def read_shared(path: Path, shown: str, locale: Locale | None) -> Catalog:
    """`read_catalog` for readers that never change the catalog: the checks and a build's
    translators. The caller must not change what it gets.

    A build checks each catalog, then loads its translator from it: the second
    reader gets the catalog the first one parsed (Babel's parse is most of a
    catalog check's reading) as long as the file still holds the same bytes.
    """
    raw = _read_raw(path, shown)
    key = (str(path), shown, str(locale))
    known = _shared.get(key)
    if known is not None and known[0] == raw:
        return known[1]
    catalog = _parse(raw, shown, locale)
    _shared[key] = (raw, catalog)
    return catalog


def _read_raw(path: Path, shown: str) -> bytes:
    """The catalog file's bytes, or CatalogError (too big, missing, unreadable)."""
    try:
        return read_regular(path, limits.MAX_CATALOG_BYTES)
    except FileTooBig as exc:
        why = f"the catalog is {exc.size} bytes; at most {exc.limit} are allowed"
        raise _too_big(shown, 0, why) from None
    except FileNotFoundError:
        raise _io_error(shown, 0, 0, "cannot read the catalog: there is no such file") from None
    except OSError as exc:
        raise _io_error(shown, 0, 0, f"cannot read the catalog: {problem(exc)}") from None


def _parse(raw: bytes, shown: str, locale: Locale | None) -> Catalog:
    """A catalog's bytes read as a catalog, or CatalogError at the file, line and column."""
    text, charset, header_line = _decode(raw, shown)
    _lint(text, shown)
    text = _OBSOLETE_PREVIOUS.sub("", text)  # Babel cannot parse them; they carry nothing needed
    catalog = _StrictCatalog(locale=locale, shown=shown)
    if locale is not None:  # for a catalog with no Plural-Forms: its own header's replaces it
        _declare_plural_forms(catalog, str(locale))
    try:
        PoFileParser(catalog, abort_invalid=True).parse(io.StringIO(text))
    except PoFileError as exc:
        reason = re.sub(r" on \d+$", "", str(exc))
        raise _io_error(shown, exc.lineno + 1, 0, f"cannot read the catalog: {reason}") from None
    except ValueError as exc:  # a header value Babel cannot parse (a date, nplurals)
        header = re.search(r"^msgstr", text, re.MULTILINE)
        line = text[: header.start()].count("\n") + 1 if header else 0
        raise _io_error(shown, line, 0, f"cannot read the catalog header: {exc}") from None
    catalog.reading = False
    _check_charset(catalog.charset, charset, shown, header_line)
    if len(catalog) > limits.MAX_ENTRIES:
        raise _too_big(
            shown,
            0,
            f"the catalog has {len(catalog)} entries; at most {limits.MAX_ENTRIES} are allowed",
        )
    for message in catalog:
        _lift_previous(message)
        _keep_glossary_exemption(message)
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        longest = max((len(form) for form in forms if isinstance(form, str)), default=0)
        if longest > limits.MAX_TRANSLATION_CHARS:
            raise _too_big(
                shown,
                message.lineno,
                f"translation of {msgid_of(message)[:40]!r} is {longest} characters; "
                f"at most {limits.MAX_TRANSLATION_CHARS} are allowed",
            )
    return catalog


class _StrictCatalog(Catalog):
    """A catalog being read that refuses a second entry with the same msgctxt and msgid.

    Babel merges such entries silently (the last translation wins); gettext's
    msgfmt calls it a "duplicate message definition", and so does this reader,
    at the second entry's line. Only active entries count, as for msgfmt.
    """

    def __init__(self, locale: Locale | None, shown: str) -> None:
        super().__init__(locale=locale)
        self.shown = shown
        self.reading = True
        self.first_lines: dict[Key, int] = {}
        # The Generated-By of the file's header, kept when the catalog is written (`render`).
        self.generated_by: str | None = None

    def __setitem__(self, id: str | tuple[str, ...], message: Message) -> None:
        if self.reading and not id and isinstance(message.string, str):
            self.generated_by = _header_field(message.string, "generated-by")
        if self.reading:
            key = (id if isinstance(id, str) else id[0], message.context)
            first = self.first_lines.setdefault(key, message.lineno)
            if first != message.lineno:
                where = f" (msgctxt {message.context!r})" if message.context is not None else ""
                raise _io_error(
                    self.shown,
                    message.lineno,
                    0,
                    f"duplicate message definition: msgid {key[0][:40]!r}{where} is already "
                    f"defined at line {first}; keep one of the two entries",
                )
        super().__setitem__(id, message)


def _header_field(header: str, wanted: str) -> str | None:
    """The value of a header's first `Name: value` line named `wanted` (lower case), if any."""
    for line in header.splitlines():
        name, colon, value = line.partition(":")
        if colon and name.strip().lower() == wanted and value.strip():
            return value.strip()
    return None


def _declare_plural_forms(catalog: Catalog, locale: str) -> bool:
    """Give the catalog ttgbuild's `Plural-Forms` for `locale` (`plurals`).

    A locale the table has no row for gets the rule Babel derives from its CLDR
    data, which may differ between Babel releases: returns whether the table had
    one. Declared before a catalog is parsed, it gives each entry with a count that
    many forms (Babel's parser sizes them by it).
    """
    forms = gettext_plural_forms(locale)
    catalog.mime_headers = [("Plural-Forms", forms or Catalog(locale=locale).plural_forms)]
    return forms is not None


def msgid_of(message: Message) -> str:
    """A message's msgid; for a message with plural forms, its singular."""
    return message.id if isinstance(message.id, str) else message.id[0]


def _check_charset(declared: str, used: str, shown: str, line: int) -> None:
    """The charset Babel read from the header must be the one the text was decoded with.

    A charset split over two strings of the header, or a second header, would
    otherwise leave a catalog that reads here and fails when written.
    """
    try:
        same = codecs.lookup(declared).name == codecs.lookup(used).name
    except LookupError:
        same = False
    if not same:
        raise _io_error(
            shown,
            line,
            0,
            f"the header's charset {declared!r} cannot be used; write "
            '"Content-Type: text/plain; charset=UTF-8\\n" as one string of the header',
        )


def _too_big(shown: str, line: int, message: str) -> CatalogError:
    return CatalogError(limits.LIMIT_CODE.at(shown, line, 0, message))


def _lift_previous(message: Message) -> None:
    """Turn the `#|` lines Babel read as translator comments back into the previous msgid."""
    lines = [c for c in message.user_comments if c.startswith("|")]
    if not lines:
        return
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    fields: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        body = line[1:].strip()
        keyword, _, rest = body.partition(" ")
        if keyword in _PREVIOUS_KEYWORDS:
            current = fields.setdefault(keyword, [])
            body = rest.strip()
        if current is not None and body.startswith('"'):
            current.append(unescape(body))
    previous = ["".join(fields[k]) for k in ("msgid", "msgid_plural") if k in fields]
    message.previous_id = previous


def _keep_glossary_exemption(message: Message) -> None:
    """Give an entry exempt from the glossary check both marks: flag and translator comment.

    Weblate reads the flag (`ignore-check-glossary`, its own name); GNU msgcat and
    msgmerge, so Poedit, drop it but keep the comment line. Either one, or the
    earlier `ignore-glossary` flag, exempts the entry.
    """
    legacy = LEGACY_IGNORE_FLAG in message.flags
    commented = any(c.split(":")[0].split()[:1] == [IGNORE_FLAG] for c in message.user_comments)
    if not (legacy or commented or IGNORE_FLAG in message.flags):
        return
    message.flags.discard(LEGACY_IGNORE_FLAG)
    message.flags.add(IGNORE_FLAG)
    if not commented:
        message.user_comments.append(IGNORE_FLAG)


def _decode(raw: bytes, shown: str) -> tuple[str, str, int]:
    """The file's text in the charset its header declares (UTF-8 if none).

    Returns the text, that charset and the line declaring it (0 if none). Only
    the header's `Content-Type` string counts: a comment saying `charset=`
    elsewhere must not pick how the file is read.
    """
    found = _CHARSET.search(raw)
    charset = found.group(1).decode("ascii") if found else "utf-8"
    line = raw[: found.start()].count(b"\n") + 1 if found else 0
    try:
        codec = "utf-8-sig" if charset.lower() in ("utf-8", "utf8") else charset
        return raw.decode(codec), charset, line
    except LookupError:
        raise _io_error(shown, line, 0, f"unknown charset {charset!r} in the header") from None
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)
        raise _io_error(
            shown,
            line,
            column,
            f"byte 0x{raw[exc.start]:02x} is not valid {charset}; save the file as {charset}",
        ) from None


def _lint(text: str, shown: str) -> None:
    """Reject lines Babel would silently misread: unknown keywords, unclosed strings."""
    for number, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if body.startswith("#~"):
            body = body[2:].lstrip()
            if body.startswith("|"):
                continue
        elif body.startswith("#"):
            continue
        if not body or _PO_LINE.fullmatch(body):
            continue
        column = len(line) - len(line.lstrip()) + 1
        word = body.split(None, 1)[0]
        if body.startswith('"') or re.fullmatch(_KEYWORD, word):
            reason = 'a string that is not closed: text goes in double quotes, with \\" inside'
        else:
            reason = f"unknown keyword {word[:20]!r}"
        raise _io_error(shown, number, column, f"cannot read the catalog: {reason}")


def render(catalog: Catalog, omit_header: bool = False, generated_by: str | None = None) -> bytes:
    """The catalog as .po bytes, written the same way every time.

    Babel writes its own version as `Generated-By`; a newer Babel would then have
    `update` rewrite every catalog for that line alone, while `update --check`,
    which ignores the header, calls them current. So the line says `generated_by`,
    else what the catalog's file had, else GENERATED_BY: never the Babel installed.
    """
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=omit_header, include_previous=True)
    text = _rewrite_previous(buffer.getvalue().decode(catalog.charset), catalog)
    if not omit_header:
        text = _with_generated_by(text, generated_by or _generated_by(catalog))
    return text.encode(catalog.charset)


def _generated_by(catalog: Catalog) -> str:
    """The Generated-By of the catalog's file (a catalog read by `read_catalog`), or ours."""
    kept = catalog.generated_by if isinstance(catalog, _StrictCatalog) else None
    return kept or GENERATED_BY


def _with_generated_by(text: str, value: str) -> str:
    """The rendered catalog with its header's Generated-By line saying `value` (the header
    ends at the first blank line: a message's text is never touched)."""
    header, blank, messages = text.partition("\n\n")
    line = escape(f"Generated-By: {value}\n")
    return _GENERATED_BY.sub(lambda _: line, header, count=1) + blank + messages


def _rewrite_previous(text: str, catalog: Catalog) -> str:
    """Replace each run of Babel's `#|` lines with the message's previous msgid, GNU style.

    Babel writes one run per message with a previous msgid, in catalog
    order, so the runs and those messages pair up one to one.
    """
    pending = iter([m.previous_id for m in catalog if m.id and m.previous_id])
    lines: list[str] = []
    in_run = False
    for line in text.splitlines(keepends=True):
        if line.startswith("#|"):
            if not in_run:
                lines += _previous_lines(next(pending))
            in_run = True
            continue
        in_run = False
        lines.append(line)
    return "".join(lines)


def _previous_lines(previous_id: list[str]) -> list[str]:
    """`#| msgid ...` lines, wrapped like the msgid itself (Babel's prefix wrapping is off)."""
    lines = []
    for keyword, text in zip(("msgid", "msgid_plural"), previous_id, strict=False):
        first, *rest = normalize(text, width=WIDTH).split("\n")
        lines += [f"#| {keyword} {first}\n", *(f"#| {line}\n" for line in rest)]
    return lines


def write_if_changed(path: Path, data: bytes, shown: str) -> bool:
    """Atomically replace `path` with `data` unless it already holds exactly that.

    Returns whether the file was written. A reader never sees half a file, and
    an interrupted run leaves the previous file in place.
    """
    try:
        if read_regular(path, len(data)) == data:
            return False
    except OSError:
        pass  # missing, unreadable, longer than `data` or not a file: writing tells which
    try:
        write_atomically(path, data)
    except OSError as exc:
        raise _io_error(shown, 0, 0, f"cannot write the file: {exc.strerror}") from None
    return True


# --- extract -------------------------------------------------------------------------


def fresh_template(project: Path) -> Catalog:
    """The template as `extract` would write it now, from the current content and code.

    Its `Project-Id-Version` names the game (the pack's title and version), which
    `update` copies into every catalog.
    """
    pack = pack_of(project)
    template = extract_messages(project)
    template.project, template.version = pack.title, pack.version
    template.copyright_holder = f"the {pack.title} authors"
    template.msgid_bugs_address = ""
    template.header_comment = TEMPLATE_HEADER.format(title=pack.title)
    return template


def extract(project: Path) -> Outcome:
    """Write locales/ttgbuild.pot, but only when its messages changed (not just its date)."""
    template = fresh_template(project)
    path = template_path(project)
    shown = display_path(path, project)
    note = f"{len(template)} messages"
    existed = path.is_file()
    if existed and _template_state(path, shown) == _state_of(template):
        return Outcome([FileResult(shown, "unchanged", note)])
    try:
        write_if_changed(path, render(template), shown)
    except CatalogError as exc:
        return Outcome(diagnostics=[exc.diagnostic])
    return Outcome([FileResult(shown, "updated" if existed else "created", note)])


def _template_state(path: Path, shown: str) -> tuple[bytes, str] | None:
    """`_state_of` the template on disk (None if unreadable).

    The template is generated, so an unreadable one is simply written anew.
    """
    try:
        return _state_of(read_catalog(path, shown, None))
    except CatalogError:
        return None


def _state_of(template: Catalog) -> tuple[bytes, str]:
    """What makes a template current: its messages as `extract` renders them, and the game
    its header names (not its dates or Generated-By, which change with every run)."""
    return render(template, omit_header=True), f"{template.project} {template.version}"


def load_template(project: Path) -> Catalog:
    """The extracted template; CatalogError if it is missing or broken."""
    path = template_path(project)
    shown = display_path(path, project)
    if not os.path.lexists(path):
        raise _io_error(shown, 0, 0, "no template yet; run `ttgbuild i18n extract` first")
    return read_catalog(path, shown, None)


# --- update --------------------------------------------------------------------------


def update(project: Path) -> Outcome:
    """Merge the template into every locale's catalog; broken catalogs are reported and skipped."""
    outcome = Outcome()
    try:
        template = load_template(project)
    except CatalogError as exc:
        outcome.diagnostics.append(exc.diagnostic)
        return outcome
    for locale in catalog_locales(project):
        path = catalog_path(project, locale)
        shown = display_path(path, project)
        try:
            catalog = read_catalog(path, shown, cldr_locale(locale))
            merge(catalog, template)
            _name_the_game(catalog, template, locale)
            changed = write_if_changed(path, render(catalog), shown)
        except CatalogError as exc:
            outcome.diagnostics.append(exc.diagnostic)
            continue
        outcome.results.append(
            FileResult(shown, "updated" if changed else "unchanged", _progress(stats(catalog)))
        )
    return outcome


def _name_the_game(catalog: Catalog, template: Catalog, locale: str) -> None:
    """The catalog's header names the template's game, and a team for placeholders.

    A `Language-Team` or `Last-Translator` a person wrote is kept; Babel's
    `Spanish <LL@li.org>`, gettext's `FULL NAME <EMAIL@ADDRESS>` and ttgbuild's
    old defaults are replaced with the game's team for the language.
    """
    catalog.project, catalog.version = template.project, template.version
    catalog.header_comment = _OUR_COMMENT.sub(
        lambda found: f"{found.group(1)}{template.project}.", catalog.header_comment
    )
    team = language_team(locale, template.project)
    if _PLACEHOLDER_PEOPLE.match(catalog.language_team or ""):
        catalog.language_team = team
    if _PLACEHOLDER_PEOPLE.match(catalog.last_translator or ""):
        catalog.last_translator = team


def language_team(locale: str, title: str) -> str:
    """The `Language-Team` of a game's catalog: the language's English and own names, and
    the game, e.g. `German (Deutsch) translators of Jugger TTG`."""
    parsed = cldr_locale(locale)
    if parsed is None:
        return f"{locale} translators of {title}"
    english, native = parsed.english_name, parsed.display_name
    name = english if not native or native == english else f"{english} ({native})"
    return f"{name} translators of {title}"


def merge(catalog: Catalog, template: Catalog) -> None:
    """Babel's update, plus what translators expect from gettext's msgmerge.

    - A message whose English changed but whose msgctxt still names the same
      field (e.g. `talent:pounce:text`) keeps its translation as fuzzy, with
      the previous English shown as `#|`, however much the text changed.
    - The `#|` previous text of an entry still fuzzy survives later updates
      (Babel drops it), so a reviewer sees what the translation was made from.
    - An obsolete entry whose message comes back (say a content file that did
      not load during one extraction) is restored with its translation.
    """
    wanted = {_key(message) for message in template if message.id}
    _revive(catalog, wanted)
    previous = {_key(m): m.previous_id for m in catalog if m.id and m.fuzzy and m.previous_id}
    previous.update(_follow_contexts(catalog, template, wanted))
    for message in catalog:  # the template's flags: Babel would keep an outdated one too
        message.flags -= {flag for flag in message.flags if is_template_flag(flag)}
    catalog.update(template, update_header_comment=False, update_creation_date=True)
    for (msgid, context), previous_id in previous.items():
        message = catalog.get(msgid, context)
        if message is not None and message.fuzzy and not message.previous_id:
            message.previous_id = previous_id


def _key(message: Message) -> Key:
    return msgid_of(message), message.context


def _revive(catalog: Catalog, wanted: set[Key]) -> None:
    for key, message in list(catalog.obsolete.items()):
        if _key(message) in wanted and catalog.get(*_key(message)) is None:
            del catalog.obsolete[key]
            catalog[message.id] = message


def _follow_contexts(catalog: Catalog, template: Catalog, wanted: set[Key]) -> dict[Key, list]:
    """Move translations onto the new English of the same msgctxt, fuzzy; their previous ids."""
    new_by_context = _by_context(template)
    old_by_context = _by_context(catalog)
    moved: dict[Key, list] = {}
    for context, news in new_by_context.items():
        olds = old_by_context.get(context, [])
        if len(news) != 1 or len(olds) != 1 or catalog.get(*_key(news[0])) is not None:
            continue
        new, old = news[0], olds[0]
        if _key(old) in wanted or not _done(old):
            continue
        previous_id = old.previous_id if old.fuzzy and old.previous_id else _ids(old)
        catalog.delete(old.id, context)
        catalog.add(
            new.id,
            _reshape(old.string, new.id, catalog.num_plurals),
            flags={*old.flags, "fuzzy"},
            user_comments=old.user_comments,
            previous_id=previous_id,
            context=context,
        )
        moved[_key(new)] = previous_id
    return moved


def _ids(message: Message) -> list[str]:
    """A message's English as a previous msgid: [singular] or [singular, plural]."""
    return [message.id] if isinstance(message.id, str) else list(message.id)


def _reshape(string: str | tuple[str, ...], new_id: str | tuple[str, ...], forms: int) -> object:
    """An old translation in the shape of a new message: one text, or one per plural form.

    When a text gains a count, its old translation fills every form (fuzzy),
    for the translator to bend each to its number; when it loses one, the
    first form is kept.
    """
    if isinstance(new_id, str):
        return string if isinstance(string, str) else (string[0] if string else "")
    if isinstance(string, str):
        return (string,) * forms
    return tuple(string)


def _by_context(catalog: Catalog) -> dict[str, list[Message]]:
    found: dict[str, list[Message]] = {}
    for message in catalog:
        if message.id and message.context:
            found.setdefault(message.context, []).append(message)
    return found


# --- the CI gate: is anything stale? -----------------------------------------------------

STALE_CODE = Code(
    "JT821",
    "warning",
    "a catalog has the messages of the current sources, no more (extract, then update)",
)


def stale_files(project: Path, locales: list[str] | None = None) -> list[Diagnostic]:
    """What `extract` and `update` would change, as JT821 diagnostics; nothing is written.

    The template is stale when its messages (or the game it names) differ from
    a fresh extraction; a catalog is stale when merging the fresh template would
    change its `essentials`: messages added, removed or changed, their comments,
    locations or the translator's flags. How a tool wrapped or saved the file
    does not count, nor the header, whose dates and tool names change with every
    save. Untranslated entries are not staleness. Messages are compared by msgid
    and msgctxt together.
    """
    template = fresh_template(project)
    path = template_path(project)
    shown = display_path(path, project)
    found: list[Diagnostic] = []
    on_disk = _template_state(path, shown) if path.is_file() else None
    if on_disk != _state_of(template):
        old = _keys_of(read_catalog(path, shown, None)) if on_disk is not None else set()
        why = _changes(old, _keys_of(template)) if on_disk is not None else "missing"
        found.append(_stale(shown, f"the template is out of date ({why})", "extract"))
    for locale in catalog_locales(project):
        if locales is not None and locale not in locales:
            continue
        path = catalog_path(project, locale)
        shown = display_path(path, project)
        try:
            catalog = read_catalog(path, shown, cldr_locale(locale))
        except CatalogError as exc:
            found.append(exc.diagnostic)
            continue
        before, old = essentials(catalog), _keys_of(catalog)
        merge(catalog, template)
        if essentials(catalog) != before:
            why = _changes(old, _keys_of(catalog))
            found.append(_stale(shown, f"the catalog is out of date ({why})", "update"))
    return found


def essentials(catalog: Catalog) -> dict[tuple[str, Key], tuple[object, ...]]:
    """What `update --check` compares of a catalog, entry by entry, in no order.

    An entry's English, translation, fuzziness, previous English and comments
    (their words, not how a tool wrapped them), and its flags but those the
    template gives (`extract.is_template_flag`): GNU msgcat and msgmerge drop
    those, `update` restores them, and the checks read budgets from the sources.
    Locations (`#:`) are the template's too, and a tool saving with
    `--no-location` (an option of Poedit's and Weblate's msgmerge) drops them.
    """
    found: dict[tuple[str, Key], tuple[object, ...]] = {}
    for message in catalog:
        if message.id:
            found["active", _key(message)] = (
                message.id,
                _forms(message.string),
                tuple(sorted(f for f in message.flags if not is_template_flag(f))),
                tuple(message.previous_id),
                _words(message.auto_comments),
                _words(message.user_comments),
            )
    for message in catalog.obsolete.values():
        found["obsolete", _key(message)] = (message.id, _forms(message.string))
    return found


def _forms(string: object) -> tuple[object, ...]:
    return tuple(string) if isinstance(string, (list, tuple)) else (string,)


def _words(comments: list[str]) -> tuple[str, ...]:
    """Comment lines as words: a tool that re-wraps them changes nothing."""
    return tuple(" ".join(comments).split())


def _keys_of(catalog: Catalog) -> set[Key]:
    return {_key(message) for message in catalog if message.id}


def _changes(old: set[Key], new: set[Key]) -> str:
    added, removed = len(new - old), len(old - new)
    if not added and not removed:
        return "comments, locations or flags of its messages changed"
    return f"{added} message(s) to add, {removed} to remove"


def _stale(shown: str, what: str, command: str) -> Diagnostic:
    steps = "`ttgbuild i18n extract`" if command == "extract" else "`ttgbuild i18n update`"
    if command == "extract":
        steps += " and `ttgbuild i18n update`"
    return STALE_CODE.at(shown, 0, 0, f"{what}; run {steps}")


# --- init ----------------------------------------------------------------------------


def canonical_locale(requested: str) -> str:
    """The folder name of a requested locale (`es-MX` → `es_MX`); UnknownLocale if none."""
    parsed = cldr_locale(requested.strip().replace("-", "_"))
    if parsed is None:
        raise UnknownLocale(
            f"{requested!r} is not a locale Babel's CLDR data knows; "
            "use a code like es, de, pl or pt_BR"
        )
    locale = str(parsed)
    if locale == SOURCE_LOCALE:
        raise UnknownLocale(
            "English is the source language: its text lives in content/ and the code, "
            "so it has no catalog"
        )
    return locale


def init(project: Path, requested: str) -> Outcome:
    """Start a catalog for a new locale from the template (extracting it first if needed).

    Raises UnknownLocale for a bad code or English and CatalogExists rather
    than overwrite a catalog. Nothing else needs to change to add a locale:
    every command finds catalogs by looking in locales/.
    """
    locale = canonical_locale(requested)
    path = catalog_path(project, locale)
    shown = display_path(path, project)
    if path.exists():
        raise CatalogExists(
            f"{shown} already exists; run `ttgbuild i18n update` to bring it up to date"
        )
    outcome = Outcome()
    if not template_path(project).is_file():
        outcome = extract(project)
    source = template_path(project)
    try:
        # Read as the template it is (two forms per count), then given its language: read
        # as Japanese, its second forms would be one too many.
        catalog = read_catalog(source, display_path(source, project), None)
        catalog.locale = Locale.parse(locale)
        catalog.fuzzy = False
        catalog.revision_date = datetime.now(LOCALTZ)
        pack = pack_of(project)
        catalog.project, catalog.version = pack.title, pack.version
        catalog.header_comment = LOCALE_HEADER.format(
            name=Locale.parse(locale).english_name, locale=locale, title=pack.title
        )
        catalog.language_team = catalog.last_translator = language_team(locale, pack.title)
        in_table = _declare_plural_forms(catalog, locale)
        write_if_changed(path, render(catalog, generated_by=GENERATED_BY), shown)
    except CatalogError as exc:
        outcome.diagnostics.append(exc.diagnostic)
        return outcome
    note = _progress(stats(catalog))
    if not in_table:
        note += (
            f"; ttgbuild's plural table has no {locale}: its Plural-Forms line is Babel's "
            "CLDR rule, so check it against your language's gettext rule"
        )
    outcome.results.append(FileResult(shown, "created", note))
    return outcome


# --- compile and status ----------------------------------------------------------------


def compile_catalogs(project: Path) -> Outcome:
    """Write a .mo next to each .po, leaving fuzzy and untranslated entries out."""
    outcome = Outcome()
    for locale in catalog_locales(project):
        path = catalog_path(project, locale)
        shown = display_path(path, project)
        target = path.with_suffix(".mo")
        shown_mo = display_path(target, project)
        try:
            catalog = read_catalog(path, shown, cldr_locale(locale))
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            changed = write_if_changed(target, buffer.getvalue(), shown_mo)
        except CatalogError as exc:
            outcome.diagnostics.append(exc.diagnostic)
            continue
        counts = stats(catalog)
        note = f"{counts.translated} of {counts.total} messages"
        outcome.results.append(FileResult(shown_mo, "updated" if changed else "unchanged", note))
    return outcome


def status(project: Path, locales: list[str] | None = None) -> tuple[list[Stats], list[Diagnostic]]:
    """Progress of every locale's catalog (or those of `locales`); broken ones as diagnostics."""
    rows: list[Stats] = []
    diagnostics: list[Diagnostic] = []
    for locale in catalog_locales(project):
        if locales is not None and locale not in locales:
            continue
        path = catalog_path(project, locale)
        try:
            catalog = read_catalog(path, display_path(path, project), cldr_locale(locale))
        except CatalogError as exc:
            diagnostics.append(exc.diagnostic)
            continue
        rows.append(stats(catalog, locale))
    return rows, diagnostics


def stats(catalog: Catalog, locale: str = "") -> Stats:
    """Count a catalog's entries: translated, fuzzy, untranslated and obsolete."""
    entries = [message for message in catalog if message.id]
    fuzzy = sum(message.fuzzy for message in entries)
    translated = sum(_done(message) and not message.fuzzy for message in entries)
    return Stats(
        locale or str(catalog.locale or ""),
        len(entries),
        translated,
        fuzzy,
        len(entries) - translated - fuzzy,
        len(catalog.obsolete),
    )


def _done(message: Message) -> bool:
    """Whether every form of the message has a translation (fuzzy or not).

    Babel reads a message with a count with as many forms as the catalog's
    `Plural-Forms` says (three for Polish), the missing ones empty.
    """
    forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(forms) and all(forms)


def _progress(counts: Stats) -> str:
    return (
        f"{counts.translated} of {counts.total} translated, {counts.fuzzy} fuzzy, "
        f"{counts.untranslated} untranslated, {counts.obsolete} obsolete"
    )
