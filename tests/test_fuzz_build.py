"""Fuzzing the full build: hostile Unicode in content and in translations.

Random text — combining marks, Arabic and Hebrew, emoji with joiners,
control characters and NUL, lone surrogates, BOMs and bidi overrides, words
far too long for a card, 10,000-character strings, whitespace only, markup,
placeholders and icon tokens — is written into a small copy of the project,
either as proper YAML / PO or pasted raw so the file may break. Then the
whole kit is built as a user would. The build may refuse (exit 1, with
diagnostics) or succeed (exit 0), never crash; when it succeeds every PDF
opens, and text it could not draw is reported (JT901 does not fit, JT902 no
glyph) rather than silently lost.

The project is cut to three heroes (and their talents) to keep each build
short; the whole file runs in well under a minute.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po, write_po
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from typer.testing import CliRunner

from bench.pdfview import open_pdf
from ttgbuild.cli import app
from ttgbuild.render import fonts

REPO = Path(__file__).resolve().parent.parent
HEROES = ("kirra-maddock", "noor-elzinga", "ondrej-hrubes")
PO = "locales/es/LC_MESSAGES/ttgbuild.po"
# Each example is a whole build (about a second), so failures are reported as found:
# shrinking them would take minutes.
FUZZ = settings(
    max_examples=14,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- hostile text ----------------------------------------------------------------------

letters = st.characters(categories=["Lu", "Ll", "Lo", "Nd"])
combining = st.characters(min_codepoint=0x300, max_codepoint=0x36F)
arabic = st.characters(min_codepoint=0x600, max_codepoint=0x6FF)
hebrew = st.characters(min_codepoint=0x591, max_codepoint=0x5F4)
emoji = st.sampled_from(["😀", "👩‍👩‍👧", "🏳️‍🌈", "👍🏽", "🇪🇸", "\u200d", "\ufe0f"])
control = st.characters(max_codepoint=0x1F) | st.sampled_from(["\x7f", "\x85", "\x9b"])
invisible = st.sampled_from(["\ufeff", "\u200b", "\u200e", "\u200f", "\u202e", "\u2066", "\xad"])
surrogate = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
markup = ["<b>", "</i>", "&amp;", "&", "<", ">", "{", "}", "{hexes}", "{nope}", "{0}", "%s"]
syntax = ["[focus]", "[bogus]", "[", "]", "\\", '"', "'", ": ", "# ", "- ", "\n", "\t", "  "]
tokens = st.sampled_from([*markup, *syntax])
piece = st.one_of(letters, letters, combining, arabic, hebrew, emoji, control, invisible)
piece = piece | surrogate | tokens | st.just(" ")
short_text = st.lists(piece, max_size=30).map("".join)
long_word = st.builds(lambda ch, n: ch * n, letters, st.integers(30, 300))
huge_text = st.builds(
    lambda s, n: (s * n)[:n], short_text.filter(lambda s: s.strip()), st.integers(2000, 10_000)
)
whitespace = st.text(alphabet=" \t\n\u00a0\u2003\u3000", min_size=1, max_size=8)
hostile = st.one_of(short_text, short_text, long_word, huge_text, whitespace)

TEAMS = yaml.safe_load((REPO / "content/teams.yaml").read_text(encoding="utf-8"))["teams"]
KEPT_TEAM = next(i for i, team in enumerate(TEAMS) if team["id"] == "ember-city")  # Kirra's

# Content fields that print in the reduced project: (file, path to the field).
FIELDS: list[tuple[str, tuple[Any, ...]]] = [
    ("content/heroes/kirra-maddock.yaml", ("name",)),
    ("content/heroes/noor-elzinga.yaml", ("name",)),
    ("content/talents/intercept.yaml", ("name",)),
    ("content/talents/intercept.yaml", ("text",)),
    ("content/talents/overhead-strike.yaml", ("text",)),
    ("content/weapons.yaml", ("weapons", 0, "name")),
    ("content/weapons.yaml", ("qwik", "name")),
    ("content/teams.yaml", ("teams", KEPT_TEAM, "name")),
    ("content/rules.yaml", ("reaction_triggers", 0, "name")),
]

# --- the project --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three heroes, the talents they use, everything else as shipped; the Spanish catalog."""
    root = tmp_path_factory.mktemp("fuzz-base")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copy(REPO / "ttgbuild.toml", root / "ttgbuild.toml")
    used: set[str] = set()
    for path in (root / "content/heroes").glob("*.yaml"):
        if path.stem in HEROES:
            used.update(yaml.safe_load(path.read_text(encoding="utf-8"))["talents"])
        else:
            path.unlink()
    for path in (root / "content/talents").glob("*.yaml"):
        if path.stem not in used:
            path.unlink()
    (root / PO).parent.mkdir(parents=True)
    shutil.copy(REPO / PO, root / PO)
    for locale in ("en", "es"):  # the unchanged project builds cleanly: any report is fuzz's
        result = build(root, locale)
        assert result.exit_code == 0, result.output
        assert not re.search(r" JT(9\d\d|801): ", result.output), result.output
    return root


@contextmanager
def copy_of(base: Path) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        root = Path(folder) / "project"
        shutil.copytree(base, root)
        yield root


def build(root: Path, locale: str) -> Any:
    out = root / "out"
    return CliRunner().invoke(
        app, ["build", "--locale", locale, "--out", str(out), "--project", str(root)]
    )


def write_text(path: Path, text: str) -> None:
    """Write text as UTF-8; a lone surrogate goes in as the invalid bytes it would be."""
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))


def read_text(path: Path) -> str:
    """Read back what `write_text` wrote, lone surrogates included."""
    return path.read_bytes().decode("utf-8", errors="surrogatepass")


def set_field(data: Any, where: tuple[Any, ...], value: str) -> None:
    for part in where[:-1]:
        data = data[part]
    data[where[-1]] = value


# --- what every build must satisfy ---------------------------------------------------------


def squash(text: str) -> str:
    """Text as compared with what a PDF holds: no whitespace, NFC, case folded."""
    return unicodedata.normalize("NFC", "".join(text.split())).casefold()


def check_build(result: Any, root: Path, locale: str, printed: list[str]) -> None:
    output = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"crash: {result.exception!r}\n{output}"
    )
    assert result.exit_code in (0, 1), output
    assert "Traceback" not in output and "internal error" not in output, output
    if result.exit_code == 1:
        assert re.search(r"(error|warning) JT\d{3}: ", output), output
        return
    pdfs = sorted((root / "out" / locale).glob("*.pdf"))
    assert pdfs, output
    for pdf in pdfs:
        assert len(PdfReader(pdf).pages) > 0, pdf
    # Text that was not printed as given is reported: too big, no glyph, or (a translation
    # whose placeholders differ) replaced by its English.
    fonts.register()
    reported = re.search(r" warning JT(90[12]|801): ", output) is not None
    kit_text = squash("".join(page.text() for pdf in pdfs for page in open_pdf(pdf)))
    for value in printed:
        if fonts.missing_glyphs(value):
            assert reported, f"{value!r} has characters the fonts lack but no JT902:\n{output}"
        elif value.strip() and not reported and not re.search(r"[{\[]", value):
            assert squash(value) in kit_text, f"{value!r} neither printed nor reported"


# --- content ---------------------------------------------------------------------------------


@FUZZ
@given(
    changes=st.lists(
        st.tuples(st.sampled_from(FIELDS), hostile),
        min_size=1,
        max_size=3,
        unique_by=lambda c: c[0],
    ),
    raw=st.booleans(),
)
@example(changes=[(FIELDS[0], "Kirra\ud800Maddock")], raw=False)
@example(changes=[(FIELDS[3], "\x1b[2J\x00\u202e" + "W" * 300)], raw=False)
@example(changes=[(FIELDS[0], "👩‍👩‍👧 كيرا קירה"), (FIELDS[5], "Z\u0301\u0327" * 10)], raw=False)
@example(changes=[(FIELDS[0], 'x"\n  bad: [\n\ud800')], raw=True)
def test_hostile_content_text_builds_or_is_reported(
    base: Path, changes: list[tuple[tuple[str, tuple[Any, ...]], str]], raw: bool
) -> None:
    with copy_of(base) as root:
        printed = []
        for (rel, where), value in changes:
            path = root / rel
            text = read_text(path)
            if raw:  # pasted into the file as is: the YAML may well break
                line = re.compile(rf"(?m)^(\s*-?\s*{where[-1]}): .*$")
                write_text(path, line.sub(lambda m, v=value: f"{m[1]}: {v}", text))
            else:
                data = yaml.safe_load(text)
                set_field(data, where, value)
                write_text(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
                printed.append(value)
        result = build(root, "en")
        check_build(result, root, "en", [] if raw else printed)


# --- translations ---------------------------------------------------------------------------


def printed_entries(base: Path) -> list[tuple[str, str | None]]:
    """(msgid, msgctxt) of translations the reduced kit surely prints; the page note first."""
    content = base / "content"
    kept = {f"talent:{p.stem}:" for p in (content / "talents").glob("*.yaml")}
    kept |= {
        f"team:{yaml.safe_load(p.read_text(encoding='utf-8'))['team']}:"
        for p in (content / "heroes").glob("*.yaml")
    }
    with (base / PO).open("rb") as handle:
        catalog = read_po(handle)
    note = "Print at 100 % (actual size), never 'fit to page'."
    return [(note, "page note")] + [
        (m.id, m.context)
        for m in catalog
        if isinstance(m.id, str)
        and m.string
        and (m.context or "").startswith(("weapon:", "qwik:", *kept))
    ]


@FUZZ
@given(
    picks=st.lists(
        st.tuples(st.integers(0, 10_000), hostile), min_size=1, max_size=3, unique_by=lambda p: p[0]
    ),
    raw=st.booleans(),
)
@example(picks=[(1, "{hexes} {nope} [bogus] <b>"), (2, "\x00\x07\ufeff")], raw=False)
@example(picks=[(2, "👩‍👩‍👧 كيرا קירה Z\u0301\u0327")], raw=False)
@example(picks=[(2, 'x"\nmsgstr "y'), (3, "\ud800")], raw=True)
@example(picks=[(0, "{nope}&\x7f\u2066\x1d")], raw=False)  # the page note: found by fuzzing
def test_hostile_translations_build_or_are_reported(
    base: Path, picks: list[tuple[int, str]], raw: bool
) -> None:
    entries = printed_entries(base)
    with copy_of(base) as root:
        path = root / PO
        printed = []
        if raw:  # pasted between the quotes of any msgstr line: the catalog may well break
            lines = path.read_text(encoding="utf-8").split("\n")
            msgstrs = [i for i, line in enumerate(lines) if line.startswith('msgstr "')]
            for index, value in picks:
                lines[msgstrs[index % len(msgstrs)]] = f'msgstr "{value}"'
            write_text(path, "\n".join(lines))
        else:
            with path.open("rb") as handle:
                catalog = read_po(handle, locale="es")
            chosen = {entries[index % len(entries)]: value for index, value in picks}
            for (msgid, context), value in chosen.items():
                message = catalog.get(msgid, context)
                # A .po file is text: a lone surrogate cannot be saved (raw mode tries anyway).
                message.string = value.encode("utf-8", "replace").decode("utf-8")
                message.flags.discard("fuzzy")
                printed.append(message.string)
            with path.open("wb") as handle:
                write_po(handle, catalog)
        result = build(root, "es")
        check_build(result, root, "es", printed)
