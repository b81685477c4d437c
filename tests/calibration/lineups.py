"""Seat 1's win rate within line-ups, against the real spread from run to run (review h265's check).

    .venv/bin/python -m tests.calibration.lineups [GAME ...] [--runs 100]

For each game: one seeded pool of RUNS × 100 games with different bots rotating through the
seats, cut into RUNS runs of 100 games; for each run, seat 1's win rate as the report gives it
(`common.seat_win_rates`: within line-ups) and over games (line-ups ignored, as before). Prints
the run-to-run standard deviation of the rate, the mean reported standard error of each kind
(their ratio near 1 is an honest error; below 1, too wide) and how many of the runs' 95%
intervals hold the pool's own rate. Written down in docs/report-json.md (`verdict`)."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.analysis import common, stats
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
CASES = {
    "stargate": ("variants/stargate/draft5.yaml", ("greedy", "random", "scripted:bays-first", "random")),
    "ohseven": ("variants/ohseven/base.yaml", ("heuristic", "random", "scripted:aggressive", "random")),
    "newfrontiers": ("variants/new-frontiers/base.yaml", ("greedy", "scripted:military", "random", "random")),
}
GAMES_A_RUN = 100


def check(name: str, runs: int, folder: Path) -> str:
    variant, lineup = CASES[name]
    run_batch(load_variant(ROOT / variant),
              RunConfig(n_games=GAMES_A_RUN * runs, players=4, lineup=lineup, seed=2026, workers=2), folder)
    _, games, _ = read_run(folder)
    pool = float(games.filter(pl.col("seat") == 0)["win_share"].mean())
    rates, within_se, plain_se, within_in, plain_in = [], [], [], 0, 0
    for k in range(runs):
        cut = games.filter(pl.col("game").is_between(GAMES_A_RUN * k, GAMES_A_RUN * (k + 1) - 1))
        row = common.seat_win_rates(cut).filter(pl.col(C.GROUP) == "seat 1").to_dicts()[0]
        first = cut.filter(pl.col("seat") == 0).sort("game")
        wins, ones = first["win_share"].to_numpy(), np.ones(first.height)
        lineups = common.game_lineups(cut)
        codes = None if lineups is None else lineups.of(first["game"].to_numpy())
        rates.append(row[C.ESTIMATE])
        within_se.append(stats._residuals_of_sums(wins, ones, codes)[1])
        plain_se.append(stats._residuals_of_sums(wins, ones)[1])
        within_in += row[C.CI_LOW] <= pool <= row[C.CI_HIGH]
        _, low, high = stats.proportion_of_sums(wins, ones)
        plain_in += low <= pool <= high
    spread = float(np.std(rates, ddof=1))
    return (f"{name} ({','.join(lineup)}): {runs} runs of {GAMES_A_RUN} games, seat 1 wins {pool:.3f} in the pool; "
            f"run-to-run sd {spread:.4f}; reported se within line-ups {np.mean(within_se):.4f} "
            f"(sd/se {spread / np.mean(within_se):.2f}, {within_in}/{runs} intervals hold the pool's rate), "
            f"over games {np.mean(plain_se):.4f} (sd/se {spread / np.mean(plain_se):.2f}, {plain_in}/{runs})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(CASES)} (default: all)")
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(CASES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(CASES)}")
    for name in args.games or list(CASES):
        with tempfile.TemporaryDirectory() as tmp:
            print(check(name, args.runs, Path(tmp) / "pool"), flush=True)


if __name__ == "__main__":
    main()
