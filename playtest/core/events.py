"""Events: what happened in a game, the only source of metrics."""

from __future__ import annotations

from enum import StrEnum
from functools import partial
from typing import Any, NamedTuple


class EventKind(StrEnum):
    """Kinds shared by every game; a game may add its own (strings in the same column)."""

    GAME_START = "game_start"
    DECISION = "decision"
    ROUND_END = "round_end"
    GAME_END = "game_end"


class Event(NamedTuple):
    """One thing that happened. `data` holds the game-specific columns (declared by the game).

    An immutable record, as a NamedTuple rather than a frozen dataclass: games log one or more
    events per decision, and a frozen dataclass's ``__init__`` (one ``object.__setattr__`` per
    field) cost about 2.5x as much to build (~650 ns vs ~250 ns per event).
    """

    kind: str
    round: int
    turn: int
    seat: int
    data: dict[str, Any]


make_event = partial(tuple.__new__, Event)
"""``make_event((kind, round, turn, seat, data))``: the same Event as ``Event(kind, round, turn,
seat, data)``, built without a Python-level ``__new__`` frame (for engines that log per decision)."""
