"""Which metrics a comparison uses: every metric of the single-run report, as a metric table
(`all_metrics` of playtest.analysis.metrics, the report's own list, without the design metrics).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

import polars as pl

from playtest.analysis import columns as C

MetricFn = Callable[[dict[str, Any], pl.DataFrame, pl.DataFrame], pl.DataFrame]
"""(run info, games, events) → a metric table (columns.METRIC_SCHEMA)."""


def report_metrics(keys: Collection[str] | None = None) -> MetricFn:
    """The metric function of the single-run report, without the design metrics; `keys`: only
    the report sections with these keys (analysis.metrics.section_keys)."""
    from playtest.analysis.metrics import all_metrics

    if keys is None:
        return compared_metrics(all_metrics)
    chosen = frozenset(keys)
    return compared_metrics(lambda info, games, events: all_metrics(info, games, events, chosen))


DESIGN_METRICS = frozenset({"detectable_seat_advantage", "games_needed"})
"""Numbers about the run's size, not about the game: left out of comparisons."""

NOT_TESTED = frozenset({"balance"})
"""Metrics shown side by side but not tested: `balance` is a max − min over seats, which is not
smooth where seats are equal (the jackknife's variance is not valid there)."""


def is_tested(metric: str) -> bool:
    """Quantiles (medians, q10 ... q90) and non-smooth metrics get no interval or p-value: the
    jackknife is not consistent for them, and on discrete scores they jump between integers."""
    if metric in NOT_TESTED:
        return False
    return not re.search(r"(^|_)(median|q\d{1,2})$", metric)


def compared_metrics(fn: MetricFn) -> MetricFn:
    """`fn` without the design metrics."""
    def wrapped(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return fn(info, games, events).filter(~pl.col(C.METRIC).is_in(list(DESIGN_METRICS)))

    return wrapped


def estimates(table: pl.DataFrame) -> pl.DataFrame:
    """Only the keys and the estimate of a metric table, one row per (metric, group)."""
    return (table.select(C.METRIC, pl.col(C.GROUP).cast(pl.String).fill_null(""), C.ESTIMATE)
            .unique([C.METRIC, C.GROUP], keep="first", maintain_order=True))
