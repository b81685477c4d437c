"""The measures of the designer's three Stargate observations, for one run (run info, games,
events → metric table): the numbers of docs/stargate-findings.md (findings.py) and the game's
extra `tune` goal metrics (GameSpec.goal_metrics). Kept apart from findings.py, which runs the
drafts and writes the document, so that the game's metric hook needs no simulation, comparison
or rendering code."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl
from scipy import stats as sps

from playtest.analysis import columns as C
from playtest.analysis.parts import PARTS, Parts, ratio, wanted
from playtest.analysis.stats import (
    mean_ci,
    mean_of_sums,
    paired_mean_test,
    proportion_of_sums,
)
from playtest.core.results import SAFETY_STOP
from playtest.games.stargate.metrics import crews_per_game, end_reason_rows
from playtest.games.stargate.rounds import CREW_DEALT

BAYS = "bays"
PAIRS = (("scripted:bays-when-short", "scripted:no-bays"), ("scripted:late-placer", "scripted:early-placer"))
"""The two scripted bots of a line-up compared head to head (`win_gap`)."""


def _row(metric: str, group: str, est: tuple[float, float, float], n: int, definition: str,
         p: float | None = None, parts: Parts | None = None) -> dict[str, Any]:
    return {C.METRIC: metric, C.GROUP: group, C.ESTIMATE: est[0], C.CI_LOW: est[1], C.CI_HIGH: est[2],
            C.N: n, C.P_VALUE: p, C.DEFINITION: definition, PARTS: parts}


def _over(frame: pl.DataFrame, *columns: np.ndarray, estimate: Callable[..., float] = ratio,
          n: np.ndarray | None = None, always: bool = True) -> Parts | None:
    """The parts of a row over `frame`'s games (one row each, `columns` aligned with them); n: one a
    game unless given; None unless `wanted`. The findings' rows are there whatever games are left,
    unless `always` is False (a group of games)."""
    if not wanted():
        return None
    return Parts(frame["game"].to_numpy(), columns, estimate,
                 n=np.ones(frame.height, dtype=int) if n is None else n, always=always)


def _mean(values: np.ndarray) -> float:
    return mean_ci(values)[0]


def _paired_mean(diffs: np.ndarray) -> float:
    return paired_mean_test(diffs)[0]


def _rate(hits: pl.Series, trials: pl.Series) -> tuple[float, float, float]:
    """A share of rows nested in games (rounds, turns) from each game's hits and trials: Wilson's
    interval at the effective number of games (stats.proportion_of_sums), as the report's crew
    pick rates. (Wilson's over the rows as if independent gave Bays' first-pick rate 0.0% [0.0%,
    0.2%] over 400 games where the games allow [0, 1%].)"""
    return proportion_of_sums(hits.to_numpy().astype(float), trials.to_numpy().astype(float))


def findings_metrics(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Every number the findings use, for one run (metric table, columns.METRIC_SCHEMA)."""
    rows: list[dict[str, Any]] = []
    turns = events.filter(pl.col("kind") == "decision")
    dealt = events.filter(pl.col("kind") == CREW_DEALT)
    n_crews = crews_per_game(events) or len(info.get("variant", {}).get("resolved", {}).get("crews", [])) or 6
    bays_turns, bays_games, of_bays = turns, games, ""
    if dealt.height:  # crews dealt (crews_dealt): Bays' numbers over the games it was in, chance 1/crews in a game
        in_bays = pl.col("game").is_in(dealt.filter(pl.col("crew") == BAYS)["game"].implode())
        # Takers against non-takers and the game length by Bays picks too: in a game without
        # Bays every player "never took Bays" and the game has 0 Bays picks, which is no choice.
        bays_turns, bays_games, of_bays = turns.filter(in_bays), games.filter(in_bays), " (the games Bays was dealt into)"
    # 1. Bays: first picks, cubes placed and wins of takers vs non-takers. The rounds, turns and
    # players of one game are not independent: every interval is over games (the picks of a game
    # summed first, cluster-robust), and takers are compared with non-takers within each game.
    counts = (bays_turns.group_by("game").agg(
        pl.len().alias("turns"), (pl.col("crew") == BAYS).sum().alias("bays"),
        pl.col("first_pick").sum().alias("firsts"), ((pl.col("crew") == BAYS) & pl.col("first_pick")).sum().alias("bays_first"))
        .sort("game"))
    firsts, turns_n = counts["firsts"].to_numpy().astype(float), counts["turns"].to_numpy().astype(float)
    rows.append(_row("bays_first_pick_rate", "", _rate(counts["bays_first"], counts["firsts"]),
                     int(counts["firsts"].sum()),
                     f"Share of rounds whose first pick is Bays (chance: 1/{n_crews}); interval cluster-robust over "
                     f"games{of_bays}.",
                     parts=_over(counts, counts["bays_first"].to_numpy().astype(float), firsts, n=firsts.astype(int))))
    rows.append(_row("bays_pick_rate", "", _rate(counts["bays"], counts["turns"]), int(counts["turns"].sum()),
                     parts=_over(counts, counts["bays"].to_numpy().astype(float), turns_n, n=turns_n.astype(int)),
                     definition=f"Share of all turns in which Bays is taken; interval cluster-robust over games{of_bays}."))
    picks = (turns.group_by("game", "seat").agg((pl.col("crew") == BAYS).sum().alias("bays_picks")))
    seats = (bays_games.join(picks, on=["game", "seat"], how="left").with_columns(pl.col("bays_picks").fill_null(0))
             .with_columns((pl.col("bays_picks") > 0).alias("taker"), pl.col("cubes_placed").cast(pl.Float64)))
    taker = pl.col("taker")
    sides = (seats.group_by("game").agg(
        taker.sum().alias("takers"), (~taker).sum().alias("others"),
        pl.col("cubes_placed").filter(taker).sum().alias("taker_cubes"),
        pl.col("cubes_placed").filter(~taker).sum().alias("other_cubes"),
        pl.col("win_share").filter(taker).sum().alias("taker_wins"),
        pl.col("win_share").filter(~taker).sum().alias("other_wins")).sort("game"))
    for side, group, who in (("taker", "Bays takers", "took Bays at least once"), ("other", "non-takers", "never took Bays")):
        count = sides["takers" if side == "taker" else "others"]
        had = sides.filter(count > 0)
        n = had["takers" if side == "taker" else "others"].to_numpy().astype(float)
        rows.append(_row("cubes_placed", group, mean_of_sums(had[f"{side}_cubes"].to_numpy(), n, at_least=0.0),
                         int(n.sum()), parts=_over(had, had[f"{side}_cubes"].to_numpy(), n, n=n.astype(int)),
                         definition=f"Mean cubes placed per game by players who {who}{of_bays}; interval "
                         "cluster-robust over games."))
        rows.append(_row("win_rate", group, proportion_of_sums(had[f"{side}_wins"].to_numpy(), n), int(n.sum()),
                         parts=_over(had, had[f"{side}_wins"].to_numpy(), n, n=n.astype(int)),
                         definition=f"Win rate of players who {who}{of_bays} (shared wins split); interval cluster-robust "
                         "over games."))
    both = sides.filter((pl.col("takers") > 0) & (pl.col("others") > 0))
    for metric, column, what in (("bays_cubes_gap", "cubes", "cubes placed"), ("bays_win_lift", "wins", "win share")):
        diffs = (both[f"taker_{column}"] / both["takers"] - both[f"other_{column}"] / both["others"]).to_numpy()
        d, lo, hi, p = paired_mean_test(diffs)
        rows.append(_row(metric, "", (d, lo, hi), both.height, parts=_over(both, diffs, estimate=_paired_mean),
                         p=p, definition=f"Per game with both takers and non-takers of Bays: the takers' mean {what} minus the "
                         "non-takers'; t interval over those games."))
    # 2. Two bots of the line-up head to head: per game, A's win share minus B's.
    bots = set(games["bot"].unique().to_list())
    for bot_a, bot_b in PAIRS:
        if bot_a in bots and bot_b in bots:
            per = (games.filter(pl.col("bot").is_in([bot_a, bot_b]))
                   .group_by("game").agg((pl.col("win_share").filter(pl.col("bot") == bot_a).sum()
                                          - pl.col("win_share").filter(pl.col("bot") == bot_b).sum()).alias("gap")))
            gaps = per["gap"].to_numpy()
            est = mean_ci(gaps)
            p = float(sps.ttest_1samp(gaps, 0).pvalue) if gaps.size > 1 and gaps.std() > 0 else math.nan
            rows.append(_row("win_gap", f"{bot_a.removeprefix('scripted:')} − {bot_b.removeprefix('scripted:')}",
                             est, gaps.size, "Per game, the first bot's win share minus the second's (paired t).", p,
                             parts=_over(per, gaps, estimate=_mean)))
            for bot in (bot_a, bot_b):
                part = (games.filter(pl.col("bot") == bot).group_by("game")
                        .agg(pl.col("win_share").sum(), pl.len().alias("seats")).sort("game"))
                seated = part["seats"].to_numpy().astype(float)
                rows.append(_row("win_rate", bot.removeprefix("scripted:"), _rate(part["win_share"], part["seats"]),
                                 int(part["seats"].sum()), "Win rate of this bot (fair share 1/players).",
                                 parts=_over(part, part["win_share"].to_numpy().astype(float), seated,
                                             n=seated.astype(int))))
    # 3. Game length, against the number of Bays picks in the game; what ended it.
    per_game = (games.group_by("game").agg(pl.col("rounds").first())
                .join(picks.group_by("game").agg(pl.col("bays_picks").sum()), on="game", how="left")
                .with_columns(pl.col("bays_picks").fill_null(0)).sort("game"))
    rounds = per_game["rounds"].to_numpy().astype(float)
    rows.append(_row("game_length_rounds", "", mean_ci(rounds), rounds.size, "Mean rounds per game.",
                     parts=_over(per_game, rounds, estimate=_mean)))
    per_game = per_game.join(bays_games.select("game").unique(), on="game", how="semi")  # those with Bays
    rounds = per_game["rounds"].to_numpy().astype(float)
    x = per_game["bays_picks"].to_numpy().astype(float)
    slope = f"Slope of game length (rounds) on the number of Bays picks in the game{of_bays} (OLS)."
    fitted = _over(per_game, x, rounds, estimate=_slope)
    if x.size > 2 and x.std() > 0:
        fit = sps.linregress(x, rounds)
        half = float(sps.t.ppf(0.975, x.size - 2)) * fit.stderr
        rows.append(_row("rounds_per_bays_pick", "", (fit.slope, fit.slope - half, fit.slope + half), x.size,
                         slope, float(fit.pvalue), parts=fitted))
    else:
        rows.append(_row("rounds_per_bays_pick", "", (math.nan,) * 3, x.size, slope, parts=fitted))
    # In the order of the picks: a bare group_by yields its groups in an order that changes from
    # call to call, and so did this table's rows (same run, same seed).
    for picks_n, part in per_game.sort("bays_picks").group_by("bays_picks", maintain_order=True):
        vals = part["rounds"].to_numpy().astype(float)
        rows.append(_row("game_length_by_bays_picks", f"{int(picks_n[0]):02d} picks", mean_ci(vals), vals.size,
                         f"Mean rounds of the games{of_bays} with this many Bays picks in all.",
                         parts=_over(part, vals, estimate=_mean, always=False)))
    # A trigger of the draft's that never fired is 0% of its games, not "–" as one it lacks: draft
    # 6c's round_cap read the same as draft 5's, which has none. The report's own rows (one routine),
    # with the safety stop, which every draft has.
    listed = [e["trigger"] for e in info.get("variant", {}).get("resolved", {}).get("end", [])]
    rows += end_reason_rows(events, [*listed, SAFETY_STOP])
    return C.metric_frame(rows)


def _slope(x: np.ndarray, rounds: np.ndarray) -> float:
    """The OLS slope of `rounds_per_bays_pick` (NaN for fewer than 3 games or picks that never vary)."""
    return float(sps.linregress(x, rounds).slope) if x.size > 2 and x.std() > 0 else math.nan
