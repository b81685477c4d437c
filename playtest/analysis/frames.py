"""Tables for the metrics, in memory or lazy: every metric takes either a DataFrame or a
LazyFrame (a scan of a run's Parquet) and reads it only through queries that aggregate each
game first, so a report's memory follows the number of games' summary rows, never the events.

The statistics are then computed over games (the independent unit), from per-game sums
(stats.ratio_of_sums and friends) or value counts (stats.quantile_ci_counts).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np
import polars as pl

Table = pl.DataFrame | pl.LazyFrame
"""A run's games or events table: read into memory, or a lazy scan of its Parquet files."""

GAME = "game"


def lazy(table: Table) -> pl.LazyFrame:
    return table.lazy()


_IN_MEMORY: ContextVar[bool] = ContextVar("_IN_MEMORY", default=False)


@contextmanager
def tables_in_memory(games: Table, events: Table) -> Iterator[None]:
    """Within: every query reads tables in memory, when `games` and `events` are DataFrames (the
    queries of a run's metrics are built on those two: no built-in game's hook reads anything else,
    and a plugin's hook that scanned a file of its own would only be collected in memory, with the
    same values): `reads_files` need not look at each query's plan. That look formats the whole plan, and compare's jackknife, which
    recomputes every metric once per block of games in memory, made 2,666 of them for two 200-game
    Stargate runs: without them it takes 0.96× the CPU time (10 interleaved pairs under load,
    2026-12-05 23:58 UTC; 0.91× on a lighter hour). With a scan among the two, every plan is looked at."""
    token = _IN_MEMORY.set(isinstance(games, pl.DataFrame) and isinstance(events, pl.DataFrame))
    try:
        yield
    finally:
        _IN_MEMORY.reset(token)


def reads_files(query: pl.LazyFrame) -> bool:
    """Whether the query scans files (a run's Parquet) rather than tables in memory: never within
    `tables_in_memory`, else as the plan says."""
    return not _IN_MEMORY.get() and "SCAN [" in query.explain(optimized=False)


def collect(query: pl.LazyFrame) -> pl.DataFrame:
    """Run a query: with polars' streaming engine when it reads files (in batches: bounded
    memory), with the in-memory engine when its tables are already in memory — there the
    streaming engine's set-up dominates the tiny per-game queries (all metrics of an 8-game
    Stargate run: 0.25 s CPU streaming, 0.14 s in memory, measured 2026-12-01), which `tune`,
    `diff`, `calibrate` and `ladder` pay on every trial, look or rung."""
    return query.collect(engine="streaming" if reads_files(query) else "in-memory")


def columns(table: Table) -> list[str]:
    return table.collect_schema().names()


def count(table: Table) -> int:
    """Number of rows."""
    return int(collect(lazy(table).select(pl.len())).item())


def distinct(table: Table, column: str) -> list[Any]:
    """The sorted distinct values of a column (nulls last)."""
    values = collect(lazy(table).select(pl.col(column).unique())).to_series().to_list()
    return sorted(values, key=lambda v: (v is None, v))


def per_game(table: Table, *aggs: pl.Expr, by: Sequence[str] = ()) -> pl.DataFrame:
    """One row per (by..., game) with the aggregations, sorted by (by..., game): game order is
    what stats.ratio_of_sums expects, and it makes the result independent of how the rows were
    read (one file, chunks, or memory)."""
    keys = [*by, GAME]
    return collect(lazy(table).group_by(keys).agg(*aggs).sort(keys))


def split_by(table: Table, column: str) -> list[tuple[Any, pl.LazyFrame]]:
    """(value, rows with that value) for every distinct value of `column` (sorted), as lazy
    filters: a loop over groups that never holds more than one group's per-game rows. The part
    of a null value is empty (as `column == null` would keep no row, said without polars' warning)."""
    return [(v, lazy(table).filter(pl.col(column) == v if v is not None else pl.lit(False)))
            for v in distinct(table, column)]


def per_game_by(table: Table, column: str, *aggs: pl.Expr) -> Iterator[tuple[Any, pl.DataFrame]]:
    """(value, `per_game(rows with that value, *aggs)`) for every distinct value of `column`
    (sorted, nulls last): the same as `per_game` of each part of `split_by`. An iterator: a loop
    that needs the parts twice makes a list of them.

    Tables in memory: one query grouped by `column` too, cut into parts afterwards. A query
    costs about 0.5 ms however few its rows, and compare's jackknife recomputes every metric
    once per block of games, in memory: one query instead of one per planet, seat, bot or round
    took the report's metrics of a 400-game Stargate run from 336 to 220 ms of CPU (the sum of
    three interleaved runs of 20 each; compare's jackknife of two such runs, 10 blocks: 0.80×
    its time; identical values; 2026-12-03). A scan of a run's files (`playtest report RUN`):
    one query per value, run as the loop reaches it, so that memory holds one value's per-game
    rows at a time (docs/scale.md: the report of a 10^6-game Stargate run)."""
    query = lazy(table)
    if reads_files(query):
        return ((v, per_game(part, *aggs)) for v, part in split_by(table, column))
    return iter(cut_by(per_game(query, *aggs, by=[column]), column))


def cut_by(per: pl.DataFrame, column: str) -> list[tuple[Any, pl.DataFrame]]:
    """A table already computed by `column` (`per_game(..., by=[column])`, value_counts_by's
    counts) cut into its parts: (value, its rows without the column) for every value of `column`
    (sorted, nulls last)."""
    parts = _parts(per, column)
    values = sorted(parts, key=lambda v: (v is None, v))
    # split_by's filter `column == None` keeps no row: a null value's part is empty there too.
    return [(v, parts[v] if v is not None else per.drop(column).clear()) for v in values]


def _parts(table: pl.DataFrame, column: str) -> dict[Any, pl.DataFrame]:
    """value of `column` → `table`'s rows with it, without the column: one partition, keyed by the
    column's values in the order they first come (partition_by's as_dict form reads its keys back
    in two more polars queries)."""
    keys = list(dict.fromkeys(table[column].to_list()))
    return dict(zip(keys, table.partition_by(column, maintain_order=True, include_key=False), strict=True))


def value_counts(table: Table, columns: Sequence[str]) -> pl.DataFrame:
    """How often each value of each of `columns` occurs: one row per (column, value) with the
    column's name ('col'), the value as a float ('value') and its rows ('count'), sorted by column
    and value; what an order statistic or a standard deviation over the rows needs."""
    return collect(_counted(lazy(table), columns, ()))


def value_counts_by(table: Table, column: str, columns: Sequence[str]) -> list[tuple[Any, pl.DataFrame]]:
    """(value, `value_counts(rows with that value, columns)`) for every distinct value of `column`
    (sorted, nulls last), as `per_game_by` cuts its parts: tables in memory in one query grouped by
    `column` too, cut afterwards (a Stargate run's score counts by seat and by bot, 60 games: 2.0
    → 0.9 ms, 2026-12-05; the jackknife asks once per block); a scan of a run's files one query per
    value."""
    query = lazy(table)
    if reads_files(query):
        return [(v, value_counts(part, columns)) for v, part in split_by(table, column)]
    return cut_by(collect(_counted(query, columns, (column,))), column)


def _counted(query: pl.LazyFrame, columns: Sequence[str], by: Sequence[str]) -> pl.LazyFrame:
    """`value_counts`' query, per value of the `by` columns (which lead its columns and its order)."""
    return (query.select(*by, pl.col(list(columns)).cast(pl.Float64)).unpivot(index=list(by), variable_name="col")
            .group_by(*by, "col", "value").agg(pl.len().alias("count")).sort(*by, "col", "value"))


def game_ids(table: Table) -> np.ndarray:
    """The sorted game ids of a table: the games a per-game value is spread over (`on_games`)."""
    return collect(lazy(table).select(pl.col(GAME).unique().sort())).to_series().to_numpy()


def places(ids: np.ndarray, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(position in `ids`, found) of each of `games` in the sorted game ids `ids`: how per-game
    rows are matched to every game's arrays without a polars join (about 0.5 ms a join). A game
    not among `ids` (events of a game the games table lacks) is not found — as an inner or left
    join leaves it out — rather than matched to its neighbour's place."""
    if ids.size == 0:
        return np.zeros(games.size, dtype=np.intp), np.zeros(games.size, dtype=bool)
    at = np.minimum(np.searchsorted(ids, games), ids.size - 1)
    return at, ids[at] == games


def on_games(per: pl.DataFrame, column: str, ids: np.ndarray) -> np.ndarray:
    """`per`'s `column` (one row per game, its games among `ids`) as floats over every game of
    `ids` in order, 0 for a game without a row: a count or a sum over the games where nothing
    happened (a value per game, not a join per value)."""
    out = np.zeros(ids.size)
    at, found = places(ids, per[GAME].to_numpy())
    out[at[found]] = per[column].cast(pl.Float64).to_numpy()[found]
    return out
