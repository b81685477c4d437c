"""Metric tables → rich tables for the terminal."""

from __future__ import annotations

import math

import polars as pl
from rich.console import Console
from rich.table import Table

from playtest.analysis import columns as C

RATE_PREFIXES = ("win_rate", "crew_pick", "crew_first", "crew_win", "exact", "rate", "share")


def is_rate(metric: str) -> bool:
    return metric.startswith(RATE_PREFIXES) or metric.endswith("_rate")


def fmt(value: float | None, rate: bool) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{100 * value:.1f}%" if rate else f"{value:.2f}"


def metric_table(title: str, df: pl.DataFrame) -> Table:
    """One rich table: group, estimate, 95% interval, n (and p where present)."""
    has_p = df.height > 0 and df[C.P_VALUE].is_not_null().any()
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("", style="bold")
    if df.height and df[C.METRIC].n_unique() > 1:
        table.add_column("metric")
    table.add_column("estimate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("n", justify="right")
    many = df.height and df[C.METRIC].n_unique() > 1
    for row in df.iter_rows(named=True):
        rate = is_rate(row[C.METRIC])
        cells = [row[C.GROUP]]
        if many:
            cells.append(row[C.METRIC])
        cells += [fmt(row[C.ESTIMATE], rate), f"{fmt(row[C.CI_LOW], rate)} – {fmt(row[C.CI_HIGH], rate)}",
                  str(row[C.N])]
        table.add_row(*cells)
    if has_p:
        p = df[C.P_VALUE].drop_nulls()[0]
        table.caption = f"chi-square test that all are equal: p = {p:.3g}"
        table.caption_justify = "left"
    return table


def print_tables(console: Console, tables: list[tuple[str, pl.DataFrame]]) -> None:
    for title, df in tables:
        console.print(metric_table(title, df))
        console.print()
