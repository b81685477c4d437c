"""The per-game helpers the metrics are built from (analysis/frames.py): the same per-game rows
from tables in memory and from a scan of Parquet files."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from playtest.analysis import frames as F

EVENTS = pl.DataFrame({"game": [3, 0, 3, 5, 0, 3], "item": ["b", "a", "a", "b", None, "b"],
                       "seat": [0, 1, 1, 0, 0, 0]})


@pytest.fixture(params=["memory", "scan"])
def table(request, tmp_path):
    if request.param == "memory":
        return EVENTS
    EVENTS.write_parquet(tmp_path / "e.parquet")
    return pl.scan_parquet(tmp_path / "e.parquet")


def test_per_game_by_gives_each_value_s_games_in_order(table):
    parts = list(F.per_game_by(table, "item", pl.col("seat").n_unique().alias("buyers")))
    assert [v for v, _ in parts] == ["a", "b", None]  # sorted, nulls last
    got = {v: part.rows() for v, part in parts}
    assert got == {"a": [(0, 1), (3, 1)], "b": [(3, 1), (5, 1)], None: []}


def test_per_game_by_on_a_scan_reads_each_value_s_rows_as_the_loop_reaches_it(tmp_path, monkeypatch):
    """A scan of a large run: one value's per-game rows at a time, not every value's at once (the
    report of a 10^6-game Stargate run held every round's crew counts together: docs/scale.md)."""
    EVENTS.write_parquet(tmp_path / "e.parquet")
    queries = []
    monkeypatch.setattr(F, "collect", lambda query: queries.append(query) or query.collect())
    parts = F.per_game_by(pl.scan_parquet(tmp_path / "e.parquet"), "item", pl.len().alias("rows"))
    assert len(queries) <= 1  # at most the distinct values so far
    before = len(queries)
    value, first = next(parts)
    assert (value, first.rows()) == ("a", [(0, 1), (3, 1)])
    assert len(queries) == before + 1  # that value's query, and only it
    assert [v for v, _ in parts] == ["b", None] and len(queries) == before + 3


def test_a_value_per_game_spreads_over_every_game_with_zeros_where_it_has_none(table):
    ids = F.game_ids(table)
    assert ids.tolist() == [0, 3, 5]
    (_, a), (_, b), (_, none) = F.per_game_by(table, "item", pl.len().alias("rows"))
    assert F.on_games(a, "rows", ids).tolist() == [1.0, 1.0, 0.0]
    assert F.on_games(b, "rows", ids).tolist() == [0.0, 2.0, 1.0]
    assert F.on_games(none, "rows", ids).tolist() == [0.0, 0.0, 0.0]
    assert F.on_games(b, "rows", ids).dtype == np.float64


def test_value_counts_by_gives_each_value_s_counts_as_value_counts_of_its_rows(table):
    """In memory one query grouped by the column too, cut afterwards; a scan one query per value:
    both the counts `value_counts` gives each value's rows (a null value's part empty, as
    `split_by`'s filter keeps no row of it)."""
    parts = F.value_counts_by(table, "item", ["seat", "game"])
    assert [v for v, _ in parts] == ["a", "b", None]  # sorted, nulls last
    for value, counts in parts[:2]:
        assert counts.equals(F.value_counts(EVENTS.filter(pl.col("item") == value), ["seat", "game"]))
    assert parts[0][1].rows() == [("game", 0.0, 1), ("game", 3.0, 1), ("seat", 1.0, 2)]
    assert parts[1][1].rows() == [("game", 3.0, 2), ("game", 5.0, 1), ("seat", 0.0, 3)]
    assert parts[2][1].is_empty() and parts[2][1].columns == ["col", "value", "count"]


def test_a_game_the_ids_lack_is_left_out_not_put_in_another_game_s_place():
    """As the left join on the games table that `on_games` replaced: events of a game that the
    games table does not hold count for no game (they went to the next game's place, or past
    the end: IndexError)."""
    ids = np.array([0, 2, 4])
    per = pl.DataFrame({"game": [1, 2, 9], "rows": [5, 1, 7]})
    assert F.on_games(per, "rows", ids).tolist() == [0.0, 1.0, 0.0]
    assert F.on_games(per, "rows", np.array([], dtype=np.int64)).tolist() == []


@pytest.mark.parametrize(("row", "message"), [
    ({"metric": "m", "n": 2.5}, "metric table column 'n': 2.5 is not int (metric 'm', group None)"),
    ({"metric": "m", "group": 3}, "metric table column 'group': 3 is not str (metric 'm', group 3)"),
    ({"metric": "m", "estimate": "0.5"}, "metric table column 'estimate': '0.5' is not float (metric 'm', group None)"),
])
def test_a_metric_table_row_of_the_wrong_type_is_refused_not_converted(row, message):
    """polars' from_dicts turns n=2.5 into 2 and group=3 into '3': a metric's bug must not pass
    as a number (building the columns one by one refused them)."""
    from playtest.analysis.columns import metric_frame

    with pytest.raises(TypeError) as err:
        metric_frame([row])
    assert str(err.value) == message
    ok = metric_frame([{"metric": "m", "group": "g", "estimate": np.float64(0.5), "n": np.int64(3)}])
    assert ok.row(0) == ("m", "g", 0.5, None, None, 3, None, None)


def test_a_scan_is_streamed_and_tables_in_memory_need_no_look_at_the_plan(tmp_path, monkeypatch):
    """`reads_files` tells a scan (streamed, bounded memory) from tables in memory by the query's
    plan; within `tables_in_memory` of two DataFrames it answers without formatting any plan (the
    jackknife's cost), and with a scan among the tables it still looks."""
    EVENTS.write_parquet(tmp_path / "e.parquet")
    scan = pl.scan_parquet(tmp_path / "e.parquet")
    assert F.reads_files(scan.filter(pl.col("seat") == 0)) and not F.reads_files(EVENTS.lazy())
    looked: list[pl.LazyFrame] = []
    explain = pl.LazyFrame.explain
    monkeypatch.setattr(pl.LazyFrame, "explain", lambda self, **kw: looked.append(self) or explain(self, **kw))
    with F.tables_in_memory(EVENTS, EVENTS):
        assert not F.reads_files(EVENTS.lazy()) and F.per_game(EVENTS, pl.len()).height == 3
    assert looked == []
    with F.tables_in_memory(EVENTS, scan):
        assert F.reads_files(scan)
    assert len(looked) == 1
    assert not F._IN_MEMORY.get()  # left as it was
