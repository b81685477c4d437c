"""'What ended the game': one game_end event per game, shares that add up, real trigger names."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from playtest.games.stargate.metrics import end_reasons
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]


def test_end_reasons_cover_every_game(tmp_path):
    variant = load_variant(ROOT / "variants" / "stargate" / "draft6-new-crews.yaml")
    run_batch(variant, RunConfig(n_games=30, players=4, lineup=("random",) * 4, seed=3, workers=1), tmp_path / "r")
    _, games, events = read_run(tmp_path / "r")
    table = end_reasons(events)
    assert table["n"].unique().to_list() == [30]
    assert table["estimate"].sum() == pytest.approx(1.0)
    assert set(table["group"]) <= {"planets_full", "out_of_cubes", "round_cap", "stock_empty", "max_rounds"}
    # the shares are the counts of game_end events
    counts = dict(events.filter(pl.col("kind") == "game_end").group_by("end_reason").len().iter_rows())
    assert {g: round(e * 30) for g, e in table.select("group", "estimate").iter_rows()} == counts
