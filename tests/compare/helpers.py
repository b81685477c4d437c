"""Shared helpers of the compare tests: small simulations and a fast metric function."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from playtest.analysis import common
from playtest.compare.jackknife import Sample
from playtest.games.stargate import metrics as stargate
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import Variant


def fast_metrics(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """The generic metrics plus Stargate's crew tables: the statistics under test are the same for
    every metric, and this keeps 40 A/A comparisons within seconds."""
    tables = [common.seat_win_rates(games), common.bot_win_rates(games),
              common.mean_score_by(games, "bot"), common.game_length(games)]
    if info.get("game") == "stargate":
        tables += [stargate.crew_pick_rates(events), stargate.crew_win_rates(games, events)]
    return pl.concat(tables)


def simulate(variant: Variant, n: int, bots: tuple[str, ...], seed: int, out: Path) -> Sample:
    run_batch(variant, RunConfig(n_games=n, players=len(bots), lineup=bots, seed=seed, workers=1), out)
    return Sample(*read_run(out))


def slice_games(sample: Sample, start: int, n: int) -> Sample:
    """Games [start, start + n) renumbered from 0: an independent run of n games."""
    def cut(df: pl.DataFrame) -> pl.DataFrame:
        return df.filter(pl.col("game").is_between(start, start + n - 1)).with_columns(pl.col("game") - start)

    return Sample(sample.info, cut(sample.games), cut(sample.events))


def write_variant(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def counting_probe(monkeypatch: Any) -> list[int]:
    """The sizes every `Runs.grow_to` is asked for, in order (a probe's games, then the runs')."""
    from playtest.compare.runs import Runs

    asked: list[int] = []
    grow_to = Runs.grow_to

    def counting(self: Runs, n: int) -> list[Sample]:
        asked.append(n)
        return grow_to(self, n)

    monkeypatch.setattr(Runs, "grow_to", counting)
    return asked
