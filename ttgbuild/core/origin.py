"""Where a piece of content came from: a file and a JSON pointer into it.

Generic to every game pack: diagnostics, renderers and checks name a place in
content through it, whatever the game's objects are.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Origin:
    """The file (as shown to users) and JSON pointer an object was read from."""

    file: str
    pointer: str = ""

    def at(self, *parts: str | int) -> Origin:
        """The origin of a field below this object."""
        escaped = (str(p).replace("~", "~0").replace("/", "~1") for p in parts)
        return Origin(self.file, self.pointer + "".join("/" + p for p in escaped))
