"""How much stronger is each rung? Head-to-head win rates and Bradley–Terry ratings.

Each rung plays the rung below it with seats alternating (stronger first) and rotating game by
game. Observations are independent at the level of the game, so every interval is over games:
per game, the mean win share of the stronger rung's seats (a) and of the weaker rung's (b).

Ratings: the Bradley–Terry model (P(i beats j) = 1 / (1 + exp(θj − θi))) fitted by maximum
likelihood with `choix` (Luce spectral ranking, a little ridge regularisation so that a rung that
won every comparison still gets a finite rating). Why Bradley–Terry via choix rather than
openskill: the ladder asks how often one bot beats another, which is exactly the BT model; its
maximum-likelihood fit does not depend on the order in which games are fed (openskill's online
updates do), and one fit puts every rung on one scale through the chain of pairings. choix gives
no intervals, so they come from a bootstrap over games (percentile, 95%) with the ladder's own
seeded RNG. Each game contributes the pairwise results of every stronger/weaker pair of seats
(better rank wins; equal ranks are left out). Ratings are on the Elo scale (400 / ln 10 per unit
of θ), the weakest rung at 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import choix
import numpy as np
import polars as pl
from scipy import stats as sps

from playtest.analysis.stats import (
    mean_ci,
    proportion_of_sums,
    t_quantile,
    wilson,
    wilson_effective,
)
from playtest.compare.jackknife import Sample

ELO = 400 / math.log(10)
RIDGE = 0.01
VERDICT_CONFIDENCE = 1 - 0.05 / 2
"""The win gap's and the score gap's intervals: the ladder's verdict (result.strength_verdict) reads
both, and claims a direction when either excludes 0, so each is at 97.5% (Bonferroni) for the
two together to err at most 5% of the time between rungs of equal strength."""
BOOTSTRAP = 200
ROUNDING = 1e-9
"""Per-game values that differ by less than this (relative to max(1, |mean|)) are equal: a side's
rate of 1/3 over games averages to 0.33333333333333337 one time, 0.3333333333333333 the next."""

STRENGTH_SCHEMA: dict[str, pl.DataType] = {
    "upper": pl.String(), "lower": pl.String(), "games": pl.Int64(), "upper_seats": pl.Int64(),
    "lower_seats": pl.Int64(),
    "upper_win_rate": pl.Float64(), "upper_win_rate_low": pl.Float64(), "upper_win_rate_high": pl.Float64(),
    "lower_win_rate": pl.Float64(), "lower_win_rate_low": pl.Float64(), "lower_win_rate_high": pl.Float64(),
    "upper_share": pl.Float64(), "upper_share_low": pl.Float64(), "upper_share_high": pl.Float64(),
    "fair_share": pl.Float64(),
    "diff": pl.Float64(), "diff_low": pl.Float64(), "diff_high": pl.Float64(), "p_value": pl.Float64(),
    "ratio": pl.Float64(), "ratio_low": pl.Float64(), "ratio_high": pl.Float64(),
    "score_diff": pl.Float64(), "score_diff_low": pl.Float64(), "score_diff_high": pl.Float64(),
}
RATINGS_SCHEMA: dict[str, pl.DataType] = {
    "rung": pl.String(), "rating": pl.Float64(), "ci_low": pl.Float64(), "ci_high": pl.Float64(),
    "comparisons": pl.Int64(),
}


def all_equal(values: np.ndarray) -> bool:
    """Every game gave the same value, up to rounding noise (see ROUNDING): the sample has no
    spread to build an interval on, although its floating-point std may be 5.6e-17."""
    return bool(values.size) and float(np.ptp(values)) <= ROUNDING * max(1.0, abs(float(values.mean())))


def per_game(games: pl.DataFrame, upper: str, lower: str) -> pl.DataFrame:
    """One row per game: mean win share and mean total of each side's seats."""
    return (games.group_by("game").agg(
        pl.col("win_share").filter(pl.col("bot") == upper).mean().alias("a"),
        pl.col("win_share").filter(pl.col("bot") == lower).mean().alias("b"),
        pl.col("win_share").filter(pl.col("bot") == upper).sum().alias("share"),
        pl.col("total").filter(pl.col("bot") == upper).mean().alias("score_a"),
        pl.col("total").filter(pl.col("bot") == lower).mean().alias("score_b"),
    ).sort("game"))


def ratio_interval(a: np.ndarray, b: np.ndarray, tops: tuple[float, float] = (1.0, 1.0)) -> tuple[float, float, float]:
    """mean(a) / mean(b) with bounds from the two rates' own intervals at 97.5% each
    (`bounded_interval`, a and b within [0, tops]): a_low / b_high and a_high / b_low, which hold
    together with at least 95% whatever the two rates' dependence. An infinite bound means the
    weaker side may never win. Whenever the rates' intervals overlap, this interval holds 1, so the
    ratio never claims a difference the verdict's gap leaves open. (A percentile bootstrap over
    games did: at 8 games it gave 0.1× [0.0, 0.6] beside a gap of −37.5 [−50.0, +14.0] and the
    verdict "not measurably stronger"; the bootstrap under-covers at few games.)"""
    if a.size < 2 or (b.mean() == 0 and a.mean() == 0):
        return (math.inf if a.size and a.mean() > 0 else math.nan), math.nan, math.nan
    _, a_low, a_high = bounded_interval(a, 0.0, tops[0], 1 - 0.05 / 2)
    _, b_low, b_high = bounded_interval(b, 0.0, tops[1], 1 - 0.05 / 2)
    ratio = float(a.mean() / b.mean()) if b.mean() > 0 else math.inf  # the weaker side never won
    # A lower bound of the weaker side's rate at rounding level (1e-72 from 2 games) is 0: the
    # ratio's upper end is then unbounded, not a 72-digit number.
    low = a_low / b_high if a_low > BOUND_AT_ZERO else 0.0
    return ratio, low, (a_high / b_low if b_low > BOUND_AT_ZERO else math.inf)


BOUND_AT_ZERO = 1e-9
"""A rate's interval end below this is 0 (rounding of Wilson's bound at a handful of games)."""


def bounded_interval(values: np.ndarray, low: float = 0.0, high: float = 1.0,
                     confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean of per-game values that lie in [low, high] with its interval over games: Wilson's,
    on the values rescaled to [0, 1], at the effective number of games n_eff = p(1 − p)/se²
    (se the standard error of the mean over games) and Student's t quantile on n − 1 df — the
    report's and calibrate's interval for a share (stats.proportion_of_sums). A side's win share
    in a game is 0 or 1 of its range unless a win is shared, so this is the interval of a
    binomial count of games; a t interval cut to the range under-covered when wins are rare
    (88% at 50 games and p = 0.10) and shrank when a first win was added.

    n_eff is at most n: a value in [0, 1] with mean p varies at most as a won-or-lost game does
    (variance p(1 − p)), so less spread in the sample (shared wins, or every game the same —
    a rung that never wins) earns no narrower interval than n games won or lost would."""
    n = values.size
    if n == 0:
        return math.nan, math.nan, math.nan
    width = high - low
    p = min(1.0, max(0.0, (float(values.mean()) - low) / width))
    p = 0.0 if p < ROUNDING else 1.0 if p > 1 - ROUNDING else p  # 1/3 of [0, 1/3] may come out 1 + 1e-16
    if n < 2:
        return low + p * width, math.nan, math.nan
    se = float(values.std(ddof=1)) / math.sqrt(n) / width  # (rounding noise when all are equal: capped below)
    p_low, p_high = wilson_effective(p, se, n, t_quantile(0.5 + confidence / 2, n - 1), at_most_n=True)
    return low + p * width, low + p_low * width, low + p_high * width


def head_to_head(sample: Sample, lower: str, upper: str) -> dict[str, float | int | str]:
    """The stronger rung against the weaker one: per-seat win rates, their difference (paired
    over games) and ratio (from the two rates' 97.5% intervals), the stronger side's share of all
    wins against its fair share, and the per-seat score difference. Intervals are 95%, but the win gap's and the score
    gap's, which the verdict reads together, are 97.5% each (VERDICT_CONFIDENCE)."""
    games = sample.games
    players = int(games["seat"].n_unique())
    first = games.filter(pl.col("game") == games["game"].min())
    n_up = int((first["bot"] == upper).sum())
    per = per_game(games, upper, lower)
    a, b = per["a"].to_numpy(), per["b"].to_numpy()
    d = a - b
    # A game's win shares add up to 1 (0 if unfinished): a side's mean per seat is at most
    # 1 / its seats, and the gap lies in [-1 / lower seats, 1 / upper seats].
    top_a, top_b = 1 / n_up, 1 / (players - n_up)
    est_d = bounded_interval(d, -top_b, top_a, VERDICT_CONFIDENCE)
    p = (float(sps.ttest_1samp(d, 0).pvalue) if d.size > 1 and not all_equal(d)
         else (1.0 if d.size and abs(d.mean()) <= ROUNDING else math.nan))
    ua, ub = bounded_interval(a, 0.0, top_a), bounded_interval(b, 0.0, top_b)
    us = bounded_interval(per["share"].to_numpy())
    ratio = ratio_interval(a, b, tops=(top_a, top_b))
    sd = mean_ci(per["score_a"].to_numpy() - per["score_b"].to_numpy(), VERDICT_CONFIDENCE)
    return {"upper": upper, "lower": lower, "games": per.height, "upper_seats": n_up, "lower_seats": players - n_up,
            "upper_win_rate": ua[0], "upper_win_rate_low": ua[1], "upper_win_rate_high": ua[2],
            "lower_win_rate": ub[0], "lower_win_rate_low": ub[1], "lower_win_rate_high": ub[2],
            "upper_share": us[0], "upper_share_low": us[1], "upper_share_high": us[2], "fair_share": n_up / players,
            "diff": est_d[0], "diff_low": est_d[1], "diff_high": est_d[2], "p_value": p,
            "ratio": ratio[0], "ratio_low": ratio[1], "ratio_high": ratio[2],
            "score_diff": sd[0], "score_diff_low": sd[1], "score_diff_high": sd[2]}


def strength_table(pairs: Mapping[tuple[str, str], Sample]) -> pl.DataFrame:
    return pl.DataFrame([head_to_head(s, lo, up) for (lo, up), s in pairs.items()], schema=STRENGTH_SCHEMA)


def comparisons(games: pl.DataFrame, index: Mapping[str, int]) -> list[np.ndarray]:
    """Per game, the (winner, loser) rung indices of every pair of seats of different rungs
    whose ranks differ (rank 1 = best)."""
    out = []
    for (_,), part in games.sort("game", "seat").group_by(["game"], maintain_order=True):
        bots, ranks = part["bot"].to_list(), part["rank"].to_list()
        pairs = []
        for i in range(len(bots)):
            for j in range(i + 1, len(bots)):
                if bots[i] == bots[j] or ranks[i] == ranks[j]:
                    continue
                w, lo = (i, j) if ranks[i] < ranks[j] else (j, i)
                pairs.append((index[bots[w]], index[bots[lo]]))
        out.append(np.asarray(pairs, dtype=np.int64).reshape(-1, 2))
    return out


def _fit(n: int, data: np.ndarray) -> np.ndarray:
    theta = choix.ilsr_pairwise(n, [(int(w), int(lo)) for w, lo in data], alpha=RIDGE)
    return (theta - theta[0]) * ELO


def ratings(pairs: Mapping[tuple[str, str], Sample], rungs: Sequence[str], *, rng: np.random.Generator,
            n_boot: int = BOOTSTRAP) -> pl.DataFrame:
    """Bradley–Terry ratings of the rungs (Elo scale, weakest rung 0) with bootstrap intervals."""
    index = {r: i for i, r in enumerate(rungs)}
    per_run = [comparisons(s.games, index) for s in pairs.values()]
    data = np.concatenate([c for run in per_run for c in run]) if per_run else np.empty((0, 2), dtype=np.int64)
    if data.shape[0] == 0:
        return pl.DataFrame([{"rung": r, "rating": math.nan, "ci_low": math.nan, "ci_high": math.nan,
                              "comparisons": 0} for r in rungs], schema=RATINGS_SCHEMA)
    est = _fit(len(rungs), data)
    boots = np.empty((n_boot, len(rungs)))
    # Every pairing plays the same deals (game g of each run is deal g), so the pairings' results
    # are correlated through the deal (a seat's luck favours the same side in each): resample
    # deals, the same game numbers in every pairing, as the jackknife of the skill tests leaves
    # the same games out of every rung. Resampling each pairing on its own treated them as
    # independent and made a rung rated through two pairings look surer than either (two equal
    # rungs, the same games twice: the chain's interval excluded 0, each pairing's held it).
    same_deals = len({len(run) for run in per_run}) == 1
    for b in range(n_boot):
        if same_deals:
            idx = rng.integers(0, len(per_run[0]), len(per_run[0]))
            chosen = [run[i] for run in per_run for i in idx]
        else:
            chosen = [run[i] for run in per_run for i in rng.integers(0, len(run), len(run))]
        boots[b] = _fit(len(rungs), np.concatenate(chosen))
    low, high = np.percentile(boots, [2.5, 97.5], axis=0)
    _unbounded_gaps(pairs, per_run, index, boots, low, high)
    counts = np.bincount(data.ravel(), minlength=len(rungs))
    return pl.DataFrame([{"rung": r, "rating": float(est[i]), "ci_low": float(low[i]), "ci_high": float(high[i]),
                          "comparisons": int(counts[i])} for i, r in enumerate(rungs)], schema=RATINGS_SCHEMA)


def _unbounded_gaps(pairs: Mapping[tuple[str, str], Sample], per_run: Sequence[list[np.ndarray]],
                    index: Mapping[str, int], boots: np.ndarray, low: np.ndarray, high: np.ndarray) -> None:
    """Where a rung won (or lost) every comparison against the rung below it, the games bound
    the gap between them on one side only: its maximum-likelihood value is infinite, the ridge
    gives a finite one that depends on RIDGE alone, and every bootstrap replicate repeats it (a
    zero-width interval that claims what the games cannot tell). Then that rung's interval is
    open on that side (±inf) and its other end is no tighter than a Wilson bound on the
    pairing's games, all won (the independent unit; winning every comparison of a game wins
    each), turned into a rating gap and added to the lower rung's bound. A rung rated through
    it is open on the same side, its other end that rung's bound plus the bootstrap's bound on
    the gap between the two (which the separation does not touch). Where both rungs won some
    comparisons, `_few_wins_gap` widens the gap as the games allow. Changes `low` and `high` in
    place, from the bottom of the ladder up."""
    order = sorted(zip(pairs, per_run, strict=True), key=lambda item: index[item[0][0]])
    for (lo_name, up_name), run in order:
        lo, up = index[lo_name], index[up_name]
        winners = np.concatenate(run)[:, 0] if run else np.empty(0, dtype=np.int64)
        up_wins, lo_wins = int(np.count_nonzero(winners == up)), int(np.count_nonzero(winners == lo))
        if up_wins == 0 and lo_wins == 0:
            continue  # no comparisons: nothing to bound
        if up_wins and lo_wins:
            _few_wins_gap(run, lo, up, boots, low, high)
            continue
        games = sum(1 for c in run if c.shape[0])
        p = wilson(games, games)[1]
        gap = ELO * math.log(max(1e-12, p) / max(1e-12, 1 - p))
        above = range(up + 1, len(low))
        if up_wins:
            low[up], high[up] = min(low[up], low[lo] + gap), math.inf
            for k in above:
                low[k] = min(low[k], low[up] + float(np.percentile(boots[:, k] - boots[:, up], 2.5)))
                high[k] = math.inf
        else:
            low[up], high[up] = -math.inf, max(high[up], high[lo] - gap)
            for k in above:
                high[k] = max(high[k], high[up] + float(np.percentile(boots[:, k] - boots[:, up], 97.5)))
                low[k] = -math.inf


def _few_wins_gap(run: Sequence[np.ndarray], lo: int, up: int, boots: np.ndarray, low: np.ndarray,
                  high: np.ndarray) -> None:
    """Where both rungs of a pairing won some comparisons, the gap between them is no surer than
    the share of comparisons the upper rung won allows: its interval over games (the report's for
    a share nested in games, `stats.proportion_of_sums`: Wilson's at the effective number of games,
    the exact Poisson bound at 1 to 3 of them), turned into a rating gap and added to the lower
    rung's bounds, widens the bootstrap's where it is wider; a rung rated through it takes the
    widened bound plus the bootstrap's bound on the gap between the two (`_unbounded_gaps`).
    The percentile bootstrap is too sure when one side won in a few games: a resample holds the
    one game the weaker rung won 0 to 3 times, never the 5.6 that a 97.5% bound on one event
    allows. Oh-Seven's heuristic against random (100 games a pairing, the lower rung winning
    1.4% of games): its rating's interval held the 20,000-game pool's 183 times in 200 runs
    (91.5%), 190 (95.0%) widened (`python -m tests.calibration.ladder_strength`, 2026-12-07).
    Changes `low` and `high` in place."""
    played = [c for c in run if c.shape[0]]
    won = np.array([np.count_nonzero(c[:, 0] == up) for c in played], dtype=float)
    total = np.array([c.shape[0] for c in played], dtype=float)
    _, p_low, p_high = proportion_of_sums(won, total)
    if math.isnan(p_low) or math.isnan(p_high):
        return
    gap_low, gap_high = _elo_of(p_low), _elo_of(p_high)
    widened = False
    if low[lo] + gap_low < low[up]:
        low[up], widened = low[lo] + gap_low, True
    if high[lo] + gap_high > high[up]:
        high[up], widened = high[lo] + gap_high, True
    if not widened:
        return
    for k in range(up + 1, len(low)):
        low[k] = min(low[k], low[up] + float(np.percentile(boots[:, k] - boots[:, up], 2.5)))
        high[k] = max(high[k], high[up] + float(np.percentile(boots[:, k] - boots[:, up], 97.5)))


def _elo_of(p: float) -> float:
    """The rating gap at which the upper rung wins a share `p` of comparisons (±inf at 1 and 0)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return ELO * math.log(p / (1 - p))


def elo_text(x: float) -> str:
    """A rating or a bound as the reports print it: +123, −∞ / +∞ for an open end, – for none."""
    if math.isnan(x):
        return "–"
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{round(x):+d}"  # not "-0" for a bound of -0.3 (a ladder printed "+170 [-0, +380]")


def rating_text(rating: float, low: float, high: float) -> str:
    """A rung's rating as the tables print it: the fitted value, or the bound the games give
    when its interval is open on one side (the fitted value is then the ridge's, not theirs), or
    "–" when it is open on both."""
    if math.isinf(high) and math.isfinite(low):
        return f"≥ {elo_text(low)}"
    if math.isinf(low) and math.isfinite(high):
        return f"≤ {elo_text(high)}"
    if math.isinf(low) and math.isinf(high):
        return "–"  # open on both sides: the games give no bound, and the fitted value is the ridge's
    return elo_text(rating)


def expected_win(rating_gap: float) -> float:
    """P(stronger beats weaker) in one comparison for a rating gap on the Elo scale."""
    return 1 / (1 + math.exp(-rating_gap / ELO))
