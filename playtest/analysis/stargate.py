"""Stargate metrics, from events.parquet (decisions) and games.parquet."""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.stats import wilson


def _turns(events: pl.DataFrame) -> pl.DataFrame:
    return events.filter(pl.col("kind") == "decision")


def crew_pick_rates(events: pl.DataFrame) -> pl.DataFrame:
    """How often each crew is taken: per turn overall, and as the first pick of a round."""
    turns = _turns(events)
    n_turns = turns.height
    first = turns.filter(pl.col("first_pick"))
    n_first = first.height
    overall = dict(turns.group_by("crew").len().iter_rows())
    firsts = dict(first.group_by("crew").len().iter_rows())
    rows = []
    for crew in sorted(set(overall) | set(firsts)):
        est, lo, hi = wilson(overall.get(crew, 0), n_turns)
        rows.append({C.METRIC: "crew_pick_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: n_turns, C.DEFINITION: "Share of all turns in which this crew was taken."})
        est, lo, hi = wilson(firsts.get(crew, 0), n_first)
        rows.append({C.METRIC: "crew_first_pick_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo,
                     C.CI_HIGH: hi, C.N: n_first,
                     C.DEFINITION: "Share of rounds whose first pick (the start player's) was this crew."})
    return C.metric_frame(rows)


def crew_win_rates(games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Win rate of players who took each crew at least once in the game, Wilson intervals."""
    took = _turns(events).select("game", "seat", "crew").unique()
    joined = took.join(games.select("game", "seat", "win_share"), on=["game", "seat"])
    agg = joined.group_by("crew").agg(pl.col("win_share").sum().alias("wins"), pl.len().alias("n")).sort("crew")
    rows = []
    for crew, wins, n in agg.iter_rows():
        est, lo, hi = wilson(wins, n)
        rows.append({C.METRIC: "crew_win_rate", C.GROUP: crew, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: n, C.DEFINITION: "Win rate of players who took this crew at least once in the game."})
    return C.metric_frame(rows)


def summary_tables(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    """The Stargate part of `playtest simulate`'s terminal summary."""
    picks = crew_pick_rates(events)
    return [
        ("Crew pick rate (all turns)", picks.filter(pl.col(C.METRIC) == "crew_pick_rate")),
        ("Crew as first pick of a round", picks.filter(pl.col(C.METRIC) == "crew_first_pick_rate")),
        ("Win rate of players who took the crew", crew_win_rates(games, events)),
    ]
