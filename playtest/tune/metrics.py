"""The metrics a tuning goal may name: every metric of the report, plus the game's own goal
metrics (GameSpec.goal_metrics). Stargate's are its findings' measures
(playtest/games/stargate/findings_metrics.py: `win_gap` of late-placer − early-placer, the Bays measures,
...), how docs/stargate-findings.md measures the designer's observations; a goal on the
late-placer advantage needs them. Names already in the report keep the report's definition.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.metrics import SummaryTableError, table_problem, unsaid_row
from playtest.analysis.parts import file_row, recording, wanted
from playtest.compare.metrics import MetricFn, report_metrics
from playtest.games import get_game


def tune_metrics(keys: Collection[str] | None = None) -> MetricFn:
    """`keys`: only the report sections with these keys (analysis.metrics.section_keys of the
    sections that hold the goals' metrics, as `diff` computes only what its gates read); the game's
    goal metrics are computed whatever the keys."""
    report = report_metrics(keys)

    def fn(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return with_goal_metrics(report(info, games, events), info, games, events)

    return fn


def with_goal_metrics(table: pl.DataFrame, info: dict[str, Any], games: pl.DataFrame,
                      events: pl.DataFrame) -> pl.DataFrame:
    """`table` (report metrics of these games) followed by the game's goal metrics it does not hold."""
    spec = get_game(info["game"]) if info.get("game") else None
    if spec is None or spec.goal_metrics is None:
        return table
    filed = None
    if wanted():
        with recording() as filed:  # only the rows kept are filed where the caller records (analysis/parts.py)
            extra = spec.goal_metrics(info, games, events)
    else:  # no jackknife records parts (a per-block recomputation): the goal measures build none
        extra = spec.goal_metrics(info, games, events)
    unsaid = unsaid_row(extra) if not table_problem(extra) else None
    if unsaid:  # (a tune goal's numbers are shown, and defined, as the report's are)
        raise SummaryTableError(f"game '{spec.name}': its goal_metrics {unsaid}: every number in a report says what "
                                "it is (docs/extending.md, 'The registration': goal_metrics)")
    have = set(table[C.METRIC].unique().to_list())
    extra = extra.filter(~pl.col(C.METRIC).is_in(list(have)))
    if filed is not None:
        for metric, group in extra.select(C.METRIC, C.GROUP).iter_rows():
            file_row(metric, group, filed.get((metric, group or "")))
    return pl.concat([table, extra])
