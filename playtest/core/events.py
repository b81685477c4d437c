"""Events: what happened in a game, the only source of metrics."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    """Kinds shared by every game; a game may add its own (strings in the same column)."""

    GAME_START = "game_start"
    DECISION = "decision"
    ROUND_END = "round_end"
    GAME_END = "game_end"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `data` holds the game-specific columns (declared by the game)."""

    kind: str
    round: int
    turn: int
    seat: int
    data: dict[str, Any]
