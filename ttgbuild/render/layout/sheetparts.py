"""A deck file drawn in parts: which of its sheets one drawing makes.

A layout file of a thousand heroes is one PDF of hundreds of pages, which
one process would draw while the machine's other cores idle. The build
(`ttgbuild.build`) draws such a file as several jobs instead, each its own
run of sheets (a sheet: a page of card fronts and the page of their backs),
and puts their PDFs together in order (`ttgbuild.render.merge`). Every job
lays the decks out alike, so each knows the file's sheets and takes its
share; the last one also draws the alignment test.

`draw_layout` reads the share from `SHARE`; without one it draws the whole
file, as it always did.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass
class Share:
    """Part `part` of `parts` of a deck file's sheets; `parts` 0 only counts them.

    `plan` is called by `draw_layout` with what each sheet costs to draw, so
    that every part knows the file's sheets and which run of them is its own.
    """

    part: int
    parts: int
    sheets: int = 0  # how many sheets the whole file has
    first: int = 0  # this part's run: sheets first to stop - 1
    stop: int = 0

    @property
    def counting(self) -> bool:
        return self.parts == 0

    @property
    def last(self) -> bool:
        return self.part == self.parts - 1

    def plan(self, weights: list[int]) -> None:
        """Cut the sheets into runs of nearly equal work, `weights[i]` being sheet i's.

        A sheet belongs to the part in whose slice of the total work its middle
        falls; the runs follow each other in order and every sheet has one part.
        """
        self.sheets = len(weights)
        if self.counting:
            return
        total = sum(weights) or 1
        owners, done = [], 0
        for weight in weights:
            owners.append(min(self.parts - 1, self.parts * (2 * done + weight) // (2 * total)))
            done += weight
        mine = [sheet for sheet, owner in enumerate(owners) if owner == self.part]
        self.first, self.stop = (mine[0], mine[-1] + 1) if mine else (0, 0)

    def holds(self, sheet: int) -> bool:
        """Whether this part draws sheet number `sheet` (from 0)."""
        return self.first <= sheet < self.stop


SHARE: ContextVar[Share | None] = ContextVar("deck_share", default=None)


@contextmanager
def sharing(share: Share | None) -> Iterator[None]:
    """While inside, `draw_layout` draws only `share`'s sheets (all of them for None)."""
    token = SHARE.set(share)
    try:
        yield
    finally:
        SHARE.reset(token)
