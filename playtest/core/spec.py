"""What a game registers: its schema, rules, bots, tables and transcript support."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from playtest.core.protocol import Bot, Rules
from playtest.variants.model import VariantModel


@dataclass(frozen=True)
class GameSpec:
    """Everything the generic parts (loader, runner, CLI, reports) need to know about a game."""

    name: str
    title: str
    schema: type[VariantModel]
    make_rules: Callable[[VariantModel], Rules]
    make_bot: Callable[[str, Rules, int], Bot]
    """(bot spec such as 'greedy' or 'scripted:bays-first', rules, seat) → a fresh bot."""
    bot_names: Sequence[str]
    event_columns: Mapping[str, pl.DataType]
    """Game-specific columns of events.parquet (beyond game, seed, round, turn, seat, bot, kind)."""
    stat_columns: Mapping[str, pl.DataType] = field(default_factory=dict)
    """Game-specific per-seat columns of games.parquet (beyond the score parts)."""
    score_parts: Sequence[str] = ()
    replay: Callable[..., Any] | None = None
    """(transcript path) → replay result; see the game's transcript module."""
    summary: Callable[..., Any] | None = None
    """(games DataFrame, events DataFrame) → extra terminal-summary tables for this game."""
    play: Callable[[], Any] | None = None
    """() → the game's playtest.play.session.PlaySupport (imported lazily): `playtest play`."""
