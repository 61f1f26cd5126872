"""Tiny Game's model, its one rule check and its one printed file."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import A4

from ttgbuild.packapi import fonts
from ttgbuild.packapi.checks import Checks, Finding, Registry
from ttgbuild.packapi.diagnostics import Origin
from ttgbuild.packapi.drawing import finish, new_canvas


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    cost: int
    origin: Origin


@dataclass
class Content:
    cards: list[Card] = field(default_factory=list)
    budget: int | None = None
    deck_origin: Origin | None = None


def build(content: Content, valid: Mapping[str, list[Any]]) -> None:
    """Fill the model from the documents that passed their schemas."""
    for doc in valid.get("card", []):
        data = doc.data
        content.cards.append(Card(data["id"], data["name"], data["cost"], Origin(doc.display)))
    for doc in valid.get("deck", []):
        content.budget = doc.data["budget"]
        content.deck_origin = Origin(doc.display)


checks = Checks()


@checks.rule("TG101", "error", "a card costs no more than the deck's budget", needs=("budget",))
def card_within_budget(ctx: Any) -> Iterator[Finding]:
    for card in ctx.content.cards:
        if card.cost > ctx.content.budget:
            where = card.origin.at("cost")
            message = f"costs {card.cost}, more than the deck's budget of {ctx.content.budget}"
            yield Finding(where.file, where.pointer, message)


def register(registry: Registry) -> None:
    checks.register(registry)


def add_commands(app: Any) -> None:
    """`ttgbuild tiny-count`: a pack's own command, beside the engine's."""

    @app.command("tiny-count")
    def tiny_count() -> None:
        """Say how many card files the project in the current folder has."""
        print(f"{len(list(Path('content/cards').glob('*.yaml')))} cards")


def render(ctx: Any) -> bytes:
    """One line per card: enough to prove the engine draws a pack's file."""
    canvas, buffer = new_canvas(A4, ctx.tr._("Tiny Game cards"), "cards", ctx.tr.locale)
    canvas.setFont(fonts.REGULAR, 12)
    for row, card in enumerate(sorted(ctx.content.cards, key=lambda c: c.id)):
        canvas.drawString(72, A4[1] - 72 - 18 * row, f"{card.name} ({card.cost})")
    canvas.showPage()
    return finish(canvas, buffer)
