"""The metrics a tuning goal may name: every metric of the report, plus (Stargate) the findings'.

The findings metrics (playtest.findings: `win_gap` of late-placer − early-placer, the Bays
measures, ...) are how docs/stargate-findings.md measures the designer's observations; a goal on
the late-placer advantage needs them. Names already in the report keep the report's definition.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from playtest.analysis import columns as C
from playtest.compare.metrics import MetricFn, report_metrics


def tune_metrics() -> MetricFn:
    report = report_metrics()

    def fn(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        table = report(info, games, events)
        if info.get("game") != "stargate":
            return table
        from playtest.games.stargate.findings import findings_metrics

        extra = findings_metrics(info, games, events)
        have = set(table[C.METRIC].unique().to_list())
        return pl.concat([table, extra.filter(~pl.col(C.METRIC).is_in(list(have)))])

    return fn
