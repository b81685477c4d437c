"""The findings metrics agree with direct computations on a small run; conclusions are templated."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from playtest.analysis import columns as C
from playtest.games.stargate.findings import conclusions, findings_metrics, metric
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

from .helpers import DRAFT5


def test_findings_metrics_on_a_small_run(tmp_path: Path) -> None:
    variant = load_variant(DRAFT5)
    config = RunConfig(n_games=24, players=4, seed=5, workers=1,
                       lineup=("scripted:bays-when-short", "scripted:no-bays", "scripted:late-placer",
                               "scripted:early-placer"))
    run_batch(variant, config, tmp_path)
    info, games, events = read_run(tmp_path)
    table = findings_metrics(info, games, events)
    turns = events.filter(pl.col("kind") == "decision")
    takers = set(turns.filter(pl.col("crew") == "bays").select("game", "seat").iter_rows())
    is_taker = [(g, s) in takers for g, s in games.select("game", "seat").iter_rows()]
    placed = games["cubes_placed"].to_list()
    mean_t = sum(p for p, t in zip(placed, is_taker, strict=True) if t) / sum(is_taker)
    assert metric(table, "cubes_placed", "Bays takers")[C.ESTIMATE] == mean_t
    first = turns.filter(pl.col("first_pick"))
    assert metric(table, "bays_first_pick_rate")[C.ESTIMATE] == (first["crew"] == "bays").mean()
    assert metric(table, "end_reason_share", "stock_empty")[C.ESTIMATE] == 1.0
    gap = metric(table, "win_gap", "late-placer − early-placer")
    assert gap is not None and gap[C.N] == 24
    lines = conclusions("draft5", {"greedy": table, "scripted": table, "late": table, "late_reversed": table},
                        6, None, None)
    assert any(line.startswith("**Net extra placement:**") for line in lines)
    assert all("nan" not in line for line in lines)
