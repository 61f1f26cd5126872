"""Messages of declared checks: text with `{expression}` holes, filled from a finding's names.

A check's message says what is wrong in the designer's words
("cost {value} exceeds {budget}"). Each hole is an expression of
`ttgbuild.source.expressions` (so `{record.name}` or `{known | join(', ')}`
work, sandboxed); `{{` and `}}` write a brace. Templates are compiled when
the checks file is read, so a broken hole is reported at its line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ttgbuild.source.expressions import Expression, ExpressionError, compile_expression

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Template:
    """A compiled message: literal text and expressions, in order."""

    parts: tuple[str | Name | Expression, ...]

    def render(self, names: Mapping[str, Any]) -> str:
        """The message with every hole filled; ExpressionError if a hole cannot be."""
        return "".join(
            part if isinstance(part, str) else _shown(part.evaluate(names)) for part in self.parts
        )


@dataclass(frozen=True)
class Name:
    """A hole that is one name (`{value}`, most of them): looked up, no expression compiled."""

    name: str

    def evaluate(self, names: Mapping[str, Any]) -> Any:
        if self.name not in names:
            raise ExpressionError(f"{self.name!r}: {self.name} is not defined here")
        return names[self.name]


def _shown(value: Any) -> str:
    """A value as a message prints it: lists and tuples in brackets, everything else as text."""
    if isinstance(value, tuple):
        return str(list(value))
    return str(value)


def compile_template(text: str) -> Template:
    """Split a message into text and compiled holes; ExpressionError on a stray brace."""
    parts: list[str | Expression] = []
    literal: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if text.startswith("{{", index) or text.startswith("}}", index):
            literal.append(char)
            index += 2
        elif char == "{":
            end = text.find("}", index)
            if end < 0:
                raise ExpressionError(f"{text!r}: a '{{' is never closed; write '{{{{' for a brace")
            parts += ["".join(literal), _hole(text[index + 1 : end])]
            literal = []
            index = end + 1
        elif char == "}":
            raise ExpressionError(f"{text!r}: a lone '}}'; write '}}}}' for a brace")
        else:
            literal.append(char)
            index += 1
    parts.append("".join(literal))
    return Template(tuple(part for part in parts if part != ""))


def _hole(source: str) -> Name | Expression:
    """A hole's compiled form: a plain name is looked up, anything else is an expression."""
    name = source.strip()
    return Name(name) if _NAME.fullmatch(name) else compile_expression(source)
