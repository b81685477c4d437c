"""Tables for the metrics, in memory or lazy: every metric takes either a DataFrame or a
LazyFrame (a scan of a run's Parquet) and reads it only through queries that aggregate each
game first, so a report's memory follows the number of games' summary rows, never the events.

The statistics are then computed over games (the independent unit), from per-game sums
(stats.ratio_of_sums and friends) or value counts (stats.quantile_ci_counts).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import polars as pl

Table = pl.DataFrame | pl.LazyFrame
"""A run's games or events table: read into memory, or a lazy scan of its Parquet files."""

GAME = "game"


def lazy(table: Table) -> pl.LazyFrame:
    return table.lazy()


def collect(query: pl.LazyFrame) -> pl.DataFrame:
    """Run a query with polars' streaming engine (it reads the Parquet in batches)."""
    return query.collect(engine="streaming")


def columns(table: Table) -> list[str]:
    return table.collect_schema().names()


def count(table: Table) -> int:
    """Number of rows."""
    return int(collect(lazy(table).select(pl.len())).item())


def distinct(table: Table, column: str) -> list:
    """The sorted distinct values of a column (nulls last)."""
    values = collect(lazy(table).select(pl.col(column).unique())).to_series().to_list()
    return sorted(values, key=lambda v: (v is None, v))


def per_game(table: Table, *aggs: pl.Expr, by: Sequence[str] = ()) -> pl.DataFrame:
    """One row per (by..., game) with the aggregations, sorted by (by..., game): game order is
    what stats.ratio_of_sums expects, and it makes the result independent of how the rows were
    read (one file, chunks, or memory)."""
    keys = [*by, GAME]
    return collect(lazy(table).group_by(keys).agg(*aggs).sort(keys))


def value_counts(table: Table, column: str | pl.Expr) -> pl.DataFrame:
    """Columns `value` and `count` (sorted by value, nulls dropped): a column's distribution."""
    expr = pl.col(column) if isinstance(column, str) else column
    return collect(lazy(table).select(expr.alias("value")).drop_nulls()
                   .group_by("value").agg(pl.len().alias("count")).sort("value"))


def split_by(table: Table, column: str, labels: Iterable | None = None) -> list[tuple[object, pl.LazyFrame]]:
    """(value, rows with that value) for every distinct value of `column` (sorted), as lazy
    filters: a loop over groups that never holds more than one group's aggregates."""
    values = distinct(table, column) if labels is None else list(labels)
    return [(v, lazy(table).filter(pl.col(column) == v)) for v in values]
