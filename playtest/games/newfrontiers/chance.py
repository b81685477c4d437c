"""Scripted chance: an rng stand-in that gives the rules recorded outcomes (transcripts, tests).

The rules' only random calls are `sample` (home worlds dealt, explore draws) and `shuffle` (the
goal deck). `ScriptedChance` answers each `sample` with the next recorded list (checked against
the population) and arranges a shuffled goal deck in the recorded order when one is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any


class ChanceMismatch(Exception):
    """The rules asked for an outcome the script cannot give (wrong tiles, too many or too few).
    `missing`: the tiles listed that the population does not hold (as many times as listed)."""

    def __init__(self, message: str, missing: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.missing = list(missing)


class ScriptedChance:
    def __init__(self, samples: Sequence[Sequence[int]] = (), deck: Sequence[int] | None = None) -> None:
        self.samples = [list(x) for x in samples]
        self.used = 0
        self.deck = list(deck) if deck is not None else None

    def sample(self, population: Sequence[Any], k: int) -> list[Any]:
        if self.used >= len(self.samples):
            raise ChanceMismatch(f"a draw of {k} was needed but the transcript has no further draw")
        out = self.samples[self.used]
        self.used += 1
        if len(out) != k:
            raise ChanceMismatch(f"the rules draw {k} worlds here (rules.explore.draw, plus the players' "
                                 f"explore_draw powers), this draw lists {len(out)}")
        have = Counter(population)
        need = Counter(out)
        missing = [x for x in need if need[x] > have[x]]
        if missing:
            raise ChanceMismatch(f"not available to draw: {missing}", missing)
        return list(out)

    def shuffle(self, x: list[Any]) -> None:
        if self.deck is not None:
            if sorted(self.deck) != sorted(x):
                raise ChanceMismatch("the goal deck order does not list every goal once")
            x[:] = self.deck

    def getrandbits(self, k: int) -> int:  # pragma: no cover - the rules never call it
        raise ChanceMismatch("unexpected random call")
