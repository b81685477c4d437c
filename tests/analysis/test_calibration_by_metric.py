"""Calibration.by_metric: the table's value per metric and the run nearest it (the statistic the
Markdown and HTML calibration reports print, computed where the other calibration numbers are)."""

from __future__ import annotations

import polars as pl

from playtest.analysis.calibration import Calibration


def calibration(rows: list[tuple[str, str, str, float]]) -> Calibration:
    metrics = pl.DataFrame(rows, schema=["metric", "group", "source", "estimate"], orient="row").with_columns(
        ci_low=pl.col("estimate") - 0.1, ci_high=pl.col("estimate") + 0.1)
    return Calibration(metrics=metrics, runs=pl.DataFrame(), flags=pl.DataFrame(), table_games=3)


def test_the_closest_run_is_the_nearest_value_and_the_first_run_on_a_tie() -> None:
    cal = calibration([("win_rate", "seat 1", "table", 0.40), ("tie_rate", "", "table", 0.10),
                       ("win_rate", "seat 1", "random", 0.25), ("tie_rate", "", "random", 0.12),
                       ("win_rate", "seat 1", "greedy", 0.45), ("tie_rate", "", "greedy", 0.08)])
    out = cal.by_metric()
    assert out.columns == ["metric", "group", "estimate", "ci_low", "ci_high", "closest"]
    assert out.select("metric", "estimate", "closest").rows() == [("win_rate", 0.40, "greedy"),
                                                                  ("tie_rate", 0.10, "random")]


def test_without_runs_no_run_is_closest() -> None:
    out = calibration([("win_rate", "seat 1", "table", 0.40)]).by_metric()
    assert out["closest"].to_list() == [None]
