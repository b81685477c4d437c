"""Metrics every game has, from games.parquet (one row per game × seat) alone."""

from __future__ import annotations

import polars as pl

from playtest.analysis import columns as C
from playtest.analysis.stats import chi2_equal, mean_ci, wilson


def seat_win_rates(games: pl.DataFrame) -> pl.DataFrame:
    """Win rate by seat (seat 1 = start player of round 1), Wilson intervals; the p-value of
    the chi-square test that all seats win equally is on every row."""
    agg = (games.group_by("seat").agg(pl.col("win_share").sum().alias("wins"), pl.len().alias("n"))
           .sort("seat"))
    p = chi2_equal(agg["wins"].to_list())
    rows = []
    for seat, wins, n in agg.iter_rows():
        est, lo, hi = wilson(wins, n)
        rows.append({C.METRIC: "win_rate_by_seat", C.GROUP: f"seat {seat + 1}", C.ESTIMATE: est,
                     C.CI_LOW: lo, C.CI_HIGH: hi, C.N: n, C.P_VALUE: p,
                     C.DEFINITION: "Share of games won from this seat (ties split); p: chi-square test that all seats win equally."})
    return C.metric_frame(rows)


def bot_win_rates(games: pl.DataFrame) -> pl.DataFrame:
    """Win rate by bot (over all seats it sat in), Wilson intervals."""
    agg = games.group_by("bot").agg(pl.col("win_share").sum().alias("wins"), pl.len().alias("n")).sort("bot")
    rows = []
    for bot, wins, n in agg.iter_rows():
        est, lo, hi = wilson(wins, n)
        rows.append({C.METRIC: "win_rate_by_bot", C.GROUP: bot, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi,
                     C.N: n, C.DEFINITION: "Share of seats played by this bot that won (ties split)."})
    return C.metric_frame(rows)


def score_parts(games: pl.DataFrame) -> list[str]:
    return [c.removeprefix("score_") for c in games.columns if c.startswith("score_")]


def mean_score_by(games: pl.DataFrame, by: str) -> pl.DataFrame:
    """Mean of each score part and of the total, by `by` (e.g. 'bot' or 'seat'), t intervals."""
    rows = []
    for (key,), part in games.sort(by).group_by([by], maintain_order=True):
        label = f"seat {key + 1}" if by == "seat" else str(key)
        for comp in [*score_parts(games), "total"]:
            col = f"score_{comp}" if comp != "total" else "total"
            est, lo, hi = mean_ci(part[col].to_numpy())
            rows.append({C.METRIC: f"mean_score_{comp}", C.GROUP: label, C.ESTIMATE: est, C.CI_LOW: lo,
                         C.CI_HIGH: hi, C.N: part.height,
                         C.DEFINITION: f"Mean final {'total score' if comp == 'total' else comp + ' points'} per player, by {by}."})
    return C.metric_frame(rows)


def game_length(games: pl.DataFrame) -> pl.DataFrame:
    """Mean game length in rounds (one value per game), t interval."""
    per_game = games.group_by("game").agg(pl.col("rounds").first())
    est, lo, hi = mean_ci(per_game["rounds"].to_numpy())
    return C.metric_frame([{C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: lo,
                            C.CI_HIGH: hi, C.N: per_game.height,
                            C.DEFINITION: "Mean number of rounds a game lasts."}])
