"""Events: what happened in a game, the only source of metrics."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import polars as pl


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


def event_data_problem(events: list[Event], columns: Mapping[str, pl.DataType], *, strict: bool = False) -> str | None:
    """Why these events' data do not fit the game's declared `event_columns`, or None: a key
    that is not declared (polars would drop it without a word) or a value of another type than
    its column (polars would coerce it). `simulate` checks games 0, 500, 1000, ...
    (sim.batch.EVENT_CHECK_STRIDE); the contract test checks whole games with `strict`: a column
    type this check does not know fails too."""
    for ev in events:
        for key, value in ev.data.items():
            dtype = columns.get(key)
            if dtype is None:
                return (f"a {ev.kind} event has the data key {key!r}, which event_columns does not declare "
                        f"(declared: {', '.join(columns) or 'none'})")
            if not value_fits(value, dtype, strict=strict):
                return f"a {ev.kind} event has {key}={value!r}, not a value of its column's type {dtype}"
    return None


def value_fits(value: object, dtype: pl.DataType, *, strict: bool = False) -> bool:
    """Whether `value` is stored in a column of `dtype` as it is (None fits every column; a type
    this check does not know is left to polars, or fails when `strict`)."""
    import polars as pl  # here, not at the top: registering the commands needs only Event

    if value is None:
        return True
    if dtype.is_integer():
        return isinstance(value, int) and not isinstance(value, bool)
    if dtype.is_float():
        return isinstance(value, float | int) and not isinstance(value, bool)
    if dtype == pl.Boolean:
        return isinstance(value, bool)
    if dtype == pl.String:
        return isinstance(value, str)
    return not strict
