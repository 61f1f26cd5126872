"""What the watch server accepts of a request: a loopback Host and a plain gallery path.

The server runs on 127.0.0.1, but a page of any web site can still reach it
through DNS rebinding (its own host name made to resolve to 127.0.0.1); the
browser then sends that site's name as Host. So only the loopback names with
the served port are answered (RFC 9112: a missing or repeated Host, or one
not of RFC 9110's `host[:port]` shape, is a bad request, 400; a well-formed
Host that is not ours is 421 Misdirected Request).

A request target is accepted only in origin form (`/a/b`), printable ASCII,
at most `MAX_TARGET` characters, with strict percent-encoding of UTF-8 and
no empty, `.`, `..` or hidden (`.name`) segment and no control character or
backslash once decoded. Anything else is a bad request (400), decided here
before any file-system call, so no odd byte ever reaches `open`. (A request
line longer than 65,536 characters never gets here: Python's HTTP server
answers it 414 URI Too Long.)
"""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

# Longest target answered. The gallery's longest URL is a source view, `/source/<project
# file>.html`; content paths are far shorter than this (they are ids and folder names).
MAX_TARGET = 2048
LOOPBACK = frozenset({"localhost", "127.0.0.1", "[::1]"})
# RFC 9110 Host: uri-host [":" port], the name a reg-name or a bracketed IPv6 literal. The
# port is taken only as a browser writes it: digits with no leading zero, never empty.
_HOST = re.compile(
    r"(?P<name>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::(?P<port>[1-9][0-9]{0,4}))?"
)
_OWS = " \t"  # the only white space allowed around a field's value (RFC 9110 5.6.3)
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


class BadTarget(ValueError):
    """The request target is not a plain path of the gallery: answered with 400."""


def host_allowed(values: list[str], port: int) -> bool | None:
    """Is the request for this server: one Host, a loopback name and the served port?

    None: missing, repeated or malformed (a bad request); False: well formed, but
    another name or port (misdirected). Matched before the name is lowered, so
    no non-ASCII letter lowers into a loopback name.
    """
    if len(values) != 1:
        return None
    match = _HOST.fullmatch(values[0].strip(_OWS))
    if match is None:
        return None
    given = int(match["port"]) if match["port"] else 80
    return match["name"].lower() in LOOPBACK and given == port


def path_segments(target: str) -> tuple[str, ...]:
    """The decoded segments of the target's path (the query is ignored); `()` is the root.

    Raises BadTarget saying what is wrong with it.
    """
    if len(target) > MAX_TARGET:
        raise BadTarget(f"request target longer than {MAX_TARGET} characters")
    if not all("!" <= ch <= "~" for ch in target):
        raise BadTarget("request target holds a space, control or non-ASCII character")
    if not target.startswith("/") or target.startswith("//"):
        raise BadTarget("request target is not a path on this server")
    path = target.split("?", 1)[0]
    if "#" in path:
        raise BadTarget("request target holds a fragment")
    if "%" in _ESCAPE.sub("", path):
        raise BadTarget("bad percent-encoding")
    try:
        text = unquote_to_bytes(path).decode("utf-8")
    except UnicodeError:
        raise BadTarget("percent-encoded bytes are not UTF-8") from None
    parts = text[1:].split("/")
    if parts[-1] == "":  # a folder: `/` is the gallery's index
        parts.pop()
    for part in parts:
        if part in ("", ".", "..") or part.startswith("."):
            raise BadTarget("empty, dot or hidden path segment")
        if "\\" in part or any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in part):
            raise BadTarget("control character or backslash in the path")
    return tuple(parts)
