"""The metric builder: every metric of a run's report as one tidy metric table.

`all_metrics(info, games, events)` is the stable entry point other commands (compare, diff,
sweep) rely on; `sections(...)` gives the same rows grouped under titles for the reports. Game
specific metrics come through the game's hook (`GameSpec.summary`: titled metric tables), so
this module knows no game's internals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import common
from playtest.analysis import frames as F
from playtest.analysis.frames import Table
from playtest.core.spec import GameSpec

REPORT_METRICS_VERSION = 1


@dataclass(frozen=True)
class Section:
    """A titled metric table; `game` says it came from the game's own hook."""

    key: str
    title: str
    table: pl.DataFrame
    game: bool = False


def _common_sections(games: Table, events: Table) -> list[Section]:
    return [
        Section("seats", "Win rate by seat", common.seat_win_rates(games)),
        Section("first_player", "First-player advantage", common.first_player_advantage(games)),
        Section("balance", "Balance", common.balance(games)),
        Section("bots", "Win rate by bot", common.bot_win_rates(games)),
        Section("scores", "Score distribution by seat, bot and component", common.score_distribution(games)),
        Section("outcome", "Margin, ties and game length", common.outcome_shape(games)),
        Section("leader", "Leader after each round goes on to win", common.leader_wins(games, events)),
        Section("sample_size", "What this many games can detect", common.sample_size(games)),
    ]


def _game_spec(info: Mapping[str, Any]) -> GameSpec | None:
    name = info.get("game")
    if not name:
        return None
    from playtest.games import get_game

    return get_game(name)  # an unknown game or a broken plugin: one-line error


def _slug(title: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in title.lower()).strip("_")


def game_sections(info: Mapping[str, Any], games: Table, events: Table) -> list[Section]:
    """The game's own titled metric tables, through its GameSpec.summary hook."""
    spec = _game_spec(info)
    if spec is None or spec.summary is None:
        return []
    if not spec.summary_lazy:  # a hook written for tables in memory
        games, events = F.collect(F.lazy(games)), F.collect(F.lazy(events))
    out = []
    for title, table in spec.summary(games, events):
        out.append(Section(f"game:{_slug(title)}", title, table.select(list(C.METRIC_SCHEMA)).cast(C.METRIC_SCHEMA),
                           game=True))
    return out


def sections(info: Mapping[str, Any], games: Table, events: Table) -> list[Section]:
    """Every metric of the report, grouped under titles: the generic ones, then the game's."""
    return [s for s in (*_common_sections(games, events), *game_sections(info, games, events))
            if s.table.height]


def all_metrics(info: dict, games: Table, events: Table) -> pl.DataFrame:
    """Every metric from the report for a run (run.json dict, games and events tables): one row
    per metric × group with estimate, 95% interval, n, p-value (where a test applies) and a
    one-line definition. Stable entry point: the signature and the columns do not change."""
    parts = [s.table for s in sections(info, games, events)]
    if not parts:
        return C.metric_frame([])
    return pl.concat(parts, how="vertical").unique(subset=[C.METRIC, C.GROUP], keep="first", maintain_order=True)
