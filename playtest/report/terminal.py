"""Metric tables → rich tables for the terminal."""

from __future__ import annotations

import math
import re

import polars as pl
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from playtest.analysis import columns as C
from playtest.core.spec import MetricInfos
from playtest.report import format as F
from playtest.text import clean


def metric_table(title: str, df: pl.DataFrame, declared: MetricInfos | None = None) -> RenderableType:
    """One rich table: group, estimate, 95% interval, n; the test's p-value on a line below it
    where there is one (a line of its own: a caption would wrap at the table's width). `declared`:
    the game's GameSpec.metric_info (the kinds of its metrics)."""
    # A test that could not be run is NaN, not null (Oh-Seven's trump suits with a one-suit deck:
    # no second suit to compare): "p = nan" was printed as if it were a number.
    ps = df[C.P_VALUE].drop_nulls().drop_nans() if df.height else pl.Series([], dtype=pl.Float64)
    has_p = ps.len() > 0
    table = Table(title=Text(clean(title)), title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("", style="bold")
    if df.height and df[C.METRIC].n_unique() > 1:
        table.add_column("metric")
    table.add_column("estimate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("n", justify="right")
    many = df.height and df[C.METRIC].n_unique() > 1
    for row in df.iter_rows(named=True):
        kind = F.kind(row[C.METRIC], declared)
        cells: list[Text | str] = [_text(row[C.GROUP])]  # ids and bot names of a variant, a run or a plugin
        if many:
            cells.append(_text(row[C.METRIC]))
        cells += [F.value(row[C.ESTIMATE], kind),
                  F.row_interval(row[C.ESTIMATE], row[C.CI_LOW], row[C.CI_HIGH], row[C.METRIC], declared, "–"),
                  str(row[C.N])]
        table.add_row(*cells)
    below: list[RenderableType] = []
    if has_p:
        p = ps[0]
        simulated = any("p simulated" in (d or "") for d in df[C.DEFINITION].to_list())
        note = f"{_test_name(df)}: p = {p:.3g}" + (
            " (simulated from seeded multinomial draws: expected counts below 5)" if simulated else "")
        below.append(Text(clean(note), style="italic"))
    # A row whose own definition adds to its metric's (why it has no estimate) says so below the
    # table: a bare '–' (New Frontiers' Envoy lift) gave no reason.
    for metric, groups, extra in F.row_notes(df[C.METRIC].to_list(), df[C.GROUP].to_list(),
                                             df[C.DEFINITION].to_list()):
        who = ", ".join(groups) + (f" ({metric})" if many else "")
        below.append(Text(clean(f"{who}: {extra}"), style="italic"))
    return Group(table, *below) if below else table


def _test_name(df: pl.DataFrame) -> str:
    """The test behind a table's p-value, as its definition names it ('...; p: paired t test over
    matches of the difference.'); a chi-square test of equal shares, or a definition that names
    none, reads 'chi-square test that all are equal' (Oh-Seven's highest-bidder table, a paired t
    test, was printed under that caption)."""
    for d in df.filter(pl.col(C.P_VALUE).is_not_null())[C.DEFINITION].to_list():
        m = re.search(r"\bp: (.+?)\.?$", d or "")
        if m and "chi-square" not in m.group(1):
            return m.group(1).rstrip(".")
    return "chi-square test that all are equal"


def _text(value: object) -> Text:
    """A cell as plain text: no control characters (rich passes ESC through), and brackets are
    shown, not read as rich markup (a plugin's group "[red]x" would lose them and turn red)."""
    return Text("" if value is None else clean(str(value)))


def print_tables(console: Console, tables: list[tuple[str, pl.DataFrame]], *, max_rows: int | None = None,
                 declared: MetricInfos | None = None) -> list[str]:
    """Print the tables; those longer than `max_rows` are left out and their titles returned.
    After them, when one showed a difference of shares, what its 'pts' are (PTS_NOTE)."""
    skipped = []
    diffs = dashes = False
    for title, df in tables:
        if max_rows is not None and df.height > max_rows:
            skipped.append(title)
            continue
        console.print(metric_table(title, df, declared))
        console.print()
        diffs = diffs or any(F.kind(m, declared) == "diff" for m in df[C.METRIC].unique().to_list())
        dashes = dashes or any(
            r[C.ESTIMATE] is not None and not math.isnan(r[C.ESTIMATE])
            and F.row_interval(r[C.ESTIMATE], r[C.CI_LOW], r[C.CI_HIGH], r[C.METRIC], declared, "–") == "–"
            for r in df.iter_rows(named=True))
    if diffs:
        console.print(Text(PTS_NOTE, style="italic"))
        console.print()
    if dashes:
        console.print(Text(DASH_NOTE, style="italic"))
        console.print()
    return skipped


DASH_NOTE = ("–: no interval: the value is the same in every game (as the win rate of one bot in every seat), "
             "or fewer than 2 games hold it.")
"""Said once under the terminal's tables when an estimate there has no interval: a bare '–' in the
interval column (greedy's 25.0% as the only bot, Bays's 2.00 cubes a pick) read as a value
missing, where it is one the games cannot vary (stats.NO_SPREAD)."""


PTS_NOTE = F.PTS_NOTE
"""Said once under the terminal's tables when one of them shows a difference of shares ('+12.2
pts', a win-rate lift): beside VP columns, 'pts' read as score points."""
