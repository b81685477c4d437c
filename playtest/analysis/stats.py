"""Statistics used by the metrics: intervals and tests (scipy), each a small pure function."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

from playtest.analysis import distributions as dist

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval: (estimate, low, high). n = 0 → NaNs.

    With Brown, Cai & DasGupta's (2001) modification: at 1 to 3 successes (or failures) the
    Wilson bound on that side is too close to the estimate (coverage dips to 84% near p = 1/n),
    so it is replaced by the exact Poisson bound when that is wider — λ/n with λ the α/2
    quantile of a gamma(x) (χ²(2x)/2), α = 2(1 − Φ(z)). Fractional successes (shared wins count
    1/k) are accepted as they are."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    failures = n - successes
    if 0 < successes <= BCD_SMALL_COUNT:
        low = min(low, _poisson_low(successes, z) / n)
    if 0 < failures <= BCD_SMALL_COUNT:
        high = max(high, 1 - _poisson_low(failures, z) / n)
    # At p = 0 or 1 the bound equals p in exact arithmetic; rounding must not push it past p.
    return p, min(p, low), max(p, high)


BCD_SMALL_COUNT = 3
"""Successes (or failures) up to which Wilson's bound is replaced by the Poisson one."""


@functools.lru_cache(maxsize=4096)
def _poisson_low(count: float, z: float) -> float:
    """Exact lower confidence bound of a Poisson mean from `count` events, one-sided α/2."""
    return dist.chi2_ppf(dist.norm_sf(z), 2 * count) / 2


NO_SPREAD = "the same in every game: no interval"
"""A mean or rate that every game gave alike has no interval, never a zero-width one: 4.00 [4.00,
4.00] from 2 games that both lasted 4 rounds claimed a certainty two games cannot give, and the
games cannot tell a value the rules fix from one the bots happened to repeat. (A share the same
in every game gets Wilson's interval at n = games instead: `cluster_proportion`.)"""


def mean_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and its t interval: (mean, low, high). Fewer than 2 values → NaN interval."""
    arr = np.asarray(values, dtype=float)
    n = arr.size
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(arr.mean())
    if n < 2:
        return mean, math.nan, math.nan
    sem = float(arr.std(ddof=1)) / math.sqrt(n)
    if sem == 0:
        return mean, math.nan, math.nan  # NO_SPREAD
    half = t_quantile(0.5 + confidence / 2, n - 1) * sem
    return mean, mean - half, mean + half


MIN_EXPECTED = 5.0
"""Below this expected count per category the chi-square approximation is not trusted."""
MONTE_CARLO_DRAWS = 20_000
MONTE_CARLO_SEED = 20240601
"""The simulated p-value uses its own fixed seed: the same counts always give the same p."""


def chi2_equal_test(observed: Sequence[float]) -> tuple[float, str]:
    """(p-value, method) of the goodness-of-fit test that every category is equally likely.

    The chi-square distribution is used when every expected count is at least MIN_EXPECTED;
    below that the p-value is simulated: MONTE_CARLO_DRAWS multinomial samples of the same total
    under equal shares (seeded, so reproducible), p = (1 + #{X² ≥ observed X²}) / (1 + draws).
    `method` says which was used ("chi-square" or "Monte Carlo")."""
    obs = np.asarray(observed, dtype=float)
    if obs.size < 2 or obs.sum() <= 0:
        return math.nan, "none"
    expected = obs.sum() / obs.size
    stat = float(((obs - expected) ** 2 / expected).sum())
    if expected >= MIN_EXPECTED:
        return dist.chi2_sf(stat, obs.size - 1), "chi-square"
    total = max(1, round(float(obs.sum())))
    sim_stats = _null_statistics(total, obs.size)
    # Rescale the observed statistic to the integer total the draws use (fractional shared wins).
    stat_int = stat * total / float(obs.sum())
    hits = int((sim_stats >= stat_int - 1e-9).sum())
    return (1 + hits) / (1 + MONTE_CARLO_DRAWS), "Monte Carlo"


@functools.lru_cache(maxsize=64)
def _null_statistics(total: int, categories: int) -> np.ndarray:
    """The X² statistics of MONTE_CARLO_DRAWS multinomial samples of `total` under equal shares
    (seeded): they depend on the total and the number of categories alone, so they are drawn once
    for each (compare's jackknife tests the seats once per block of games; 7 ms a draw)."""
    rng = np.random.default_rng(MONTE_CARLO_SEED)
    sims = rng.multinomial(total, np.full(categories, 1 / categories), size=MONTE_CARLO_DRAWS).astype(float)
    e_sim = total / categories
    sim_stats = ((sims - e_sim) ** 2 / e_sim).sum(axis=1)
    sim_stats.setflags(write=False)  # shared by every caller
    return sim_stats


def _cluster_sums(values: np.ndarray, clusters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-cluster sums of `values` and of 1 (row counts), in cluster order."""
    _, idx = np.unique(clusters, return_inverse=True)
    sums = np.bincount(idx, weights=values)
    counts = np.bincount(idx).astype(float)
    return sums, counts


def _per_cluster(num: Sequence[float] | np.ndarray, den: Sequence[float] | np.ndarray | None,
                 clusters: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-cluster sums of a numerator and a denominator (1 per row when None), in cluster
    order: what the `*_of_sums` forms take."""
    x = np.asarray(num, dtype=float)
    y = np.ones_like(x) if den is None else np.asarray(den, dtype=float)
    k = np.asarray(clusters)
    return _cluster_sums(x, k)[0], _cluster_sums(y, k)[0]


def _cluster_residuals(num: Sequence[float] | np.ndarray, den: Sequence[float] | np.ndarray,
                       clusters: Sequence[int] | np.ndarray) -> tuple[float, float, np.ndarray, float]:
    """(ratio Σnum/Σden, its cluster-robust se, per-cluster residuals x_g − ratio·y_g, Σden).
    The residuals carry the estimate's sampling error: se = √(G/(G − 1)·Σresid²)/Σden."""
    r, se, resid, total, _ = _residuals_of_sums(*_per_cluster(num, den, clusters))
    return r, se, resid, total


MIN_PER_LINEUP = 5
"""Games each line-up must have played for a standard error within line-ups (`lineup_codes`):
with fewer, each line-up's own spread rests on a handful of games and the interval's t quantile
on few degrees of freedom (4 games in 2 line-ups: t(2), and seat 1's 2.5 wins of 4 read
[0.1%, 100.0%] where Wilson's reads [10.4%, 97.3%]); the plain error is then kept, which is
wider in expectation but steadier."""


def lineup_codes(lineups: Sequence[object] | np.ndarray | None) -> np.ndarray | None:
    """Each game's line-up (its bots by seat, or any label fixed before the game is played) as
    codes 0..H−1 when the standard error is taken within line-ups: at least two line-ups, each
    in at least MIN_PER_LINEUP games; else None (the plain standard error over games).

    Why: with different bots rotating through the seats (the default), each seat holds each bot
    in a fixed share of the games, by design, so how much a seat's win rate moves from run to run
    does not include which bot it happened to hold: the spread between line-ups is not sampling
    error. The plain standard error counts it, and read 2.4× too wide on Stargate with
    `greedy,random,scripted:bays-first,random` (seat 1 over 400 games: 0.022 against 0.007 within
    line-ups; review h265 measured run-to-run spreads of 0.41× the reported error). Given the
    line-ups, games are independent within each, and the plain mean's variance is
    Σ_h n_h·σ_h²/n² (a post-stratified estimate), on Satterthwaite's degrees of freedom (at most
    G − H)."""
    if lineups is None:
        return None
    labels = np.asarray(lineups)
    if labels.size == 0:
        return None
    _, codes, counts = np.unique(labels, return_inverse=True, return_counts=True)
    if counts.size < 2 or int(counts.min()) < MIN_PER_LINEUP:
        return None
    return codes.reshape(-1)


def _residuals_of_sums(xs: Sequence[float] | np.ndarray, ys: Sequence[float] | np.ndarray,
                       lineups: Sequence[object] | np.ndarray | None = None
                       ) -> tuple[float, float, np.ndarray, float, int]:
    """`_cluster_residuals` from the per-cluster sums (one entry per game, in game order): what a
    lazy query that aggregates each game first hands over; and the degrees of freedom of the se,
    G − 1. `lineups`: each game's line-up (`lineup_codes`): the residuals are then centred within
    each line-up, the se is √(Σ_h n_h/(n_h − 1)·Σ_{g∈h} resid²)/Σden and its degrees of freedom
    Satterthwaite's (at most G − H) — unless that se is 0 (every line-up gave the same in each of
    its games), where the plain one stands: a spread no game showed is no reason for a zero-width
    interval."""
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    if xs.size == 0 or ys.sum() == 0:
        return math.nan, math.nan, np.empty(0), 0.0, 0
    g = xs.size
    total = float(ys.sum())
    r = float(xs.sum() / total)
    resid = xs - r * ys
    if g < 2:
        return r, math.nan, resid, total, 0
    codes = lineup_codes(lineups)
    if codes is not None:
        counts = np.bincount(codes).astype(float)
        centred = resid - (np.bincount(codes, weights=resid) / counts)[codes]
        parts = counts / (counts - 1) * np.bincount(codes, weights=centred * centred)  # each line-up's
        se = math.sqrt(float(parts.sum())) / total
        if se >= 1e-12 * max(1.0, abs(r)):
            # Satterthwaite's degrees of freedom (at most G − H, rounded down): where one line-up's
            # spread dominates (greedy scoring 30 ± 10, random bots 15 ± 1), the error rests on its
            # few games, and G − H gave seat 1's mean over 24 games 90% coverage (now 94%).
            df = float(parts.sum()) ** 2 / float(np.sum(parts * parts / (counts - 1)))
            return r, se, centred, total, max(1, math.floor(df + 1e-9))
    se = math.sqrt(g / (g - 1) * float(resid @ resid)) / total
    if se < 1e-12 * max(1.0, abs(r)):
        se = 0.0
    return r, se, resid, total, g - 1


def cluster_ratio(num: Sequence[float] | np.ndarray, den: Sequence[float] | np.ndarray,
                  clusters: Sequence[int] | np.ndarray) -> tuple[float, float, int]:
    """Ratio of sums Σnum/Σden over rows nested in clusters (games), with its cluster-robust
    (linearisation) standard error: (ratio, se, number of clusters). Rows of one game are
    summed first, so the se counts games, not rows, as the independent observations."""
    r, se, resid, _ = _cluster_residuals(num, den, clusters)
    return r, se, resid.size


def ratio_of_sums(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float, int]:
    """`cluster_ratio` from each game's sums of the numerator and the denominator (game order)."""
    r, se, resid, _, _ = _residuals_of_sums(xs, ys)
    return r, se, resid.size


def _skewness(x: np.ndarray) -> float:
    """Sample skewness m3 / m2^1.5 (0 when the values do not vary)."""
    d = x - x.mean()
    m2 = float(d @ d) / d.size
    return 0.0 if m2 <= 0 else float((d**3).mean()) / m2**1.5


def hall_interval(estimate: float, se: float, skewness: float, n: int,
                  confidence: float = 0.95, *, df: int | None = None) -> tuple[float, float]:
    """Hall's (1992) skewness-corrected t interval of a mean from n independent values.

    T = (mean − μ)/se is skewed when the values are (its tails are uneven: on right-skewed
    values a low mean comes with a small se). Hall's monotone transformation
    g(T) = T + aT² + a²T³/3 + a/2, a = skewness/(3√n), is close to t(n − 1); inverting it gives
    the bounds, longer on the side of the skew. skewness = 0 → the ordinary t interval. `df`: the
    se's degrees of freedom where they are not n − 1 (n − H within H line-ups)."""
    q = t_quantile(0.5 + confidence / 2, n - 1 if df is None else df)
    a = skewness / (3 * math.sqrt(n))

    def g_inv(y: float) -> float:
        return y if abs(a) < 1e-12 else (float(np.cbrt(1 + 3 * a * (y - a / 2))) - 1) / a

    return estimate - se * g_inv(q), estimate - se * g_inv(-q)


def cluster_mean_ci(values: Sequence[float] | np.ndarray, clusters: Sequence[int] | np.ndarray,
                    confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean of rows nested in clusters (e.g. players of a game; one row per game is the plain
    case) with a cluster-robust interval on G − 1 degrees of freedom (G = clusters),
    skewness-corrected (`hall_interval`, skewness of the per-game residuals): per-game totals
    of scores and lengths are skewed, and a symmetric t interval then misses on one side."""
    return mean_of_sums(*_per_cluster(values, None, clusters), confidence)


def mean_of_sums(xs: np.ndarray, ns: np.ndarray, confidence: float = 0.95, *,
                 at_least: float | None = None, lineups: np.ndarray | None = None) -> tuple[float, float, float]:
    """`cluster_mean_ci` from each game's sum of the values and number of rows (game order).
    `at_least`: a bound the mean cannot go below by the rules (0 for a count); the interval is
    cut there, which keeps its coverage (the true mean is never below it), so a count of cubes
    in 4 games reads [0.00, 1.9], not [-0.51, 1.9]. `lineups`: each game's line-up, for a standard
    error within line-ups (`lineup_codes`)."""
    if len(xs) == 0:
        return math.nan, math.nan, math.nan
    m, se, resid, _, df = _residuals_of_sums(xs, ns, lineups)
    g = resid.size
    if g < 2 or math.isnan(se):
        return m, math.nan, math.nan
    if se == 0:
        return m, math.nan, math.nan  # NO_SPREAD
    lo, hi = hall_interval(m, se, _skewness(resid), g, confidence, df=df)
    return m, lo if at_least is None else max(lo, at_least), hi


def per_game_mean_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95, *,
                     at_least: float | None = None) -> tuple[float, float, float]:
    """Mean of one value per game (a length, a margin) with the skewness-corrected interval of
    `cluster_mean_ci` (each game its own cluster); `at_least` as in `mean_of_sums`."""
    v = np.asarray(values, dtype=float)
    return mean_of_sums(v, np.ones_like(v), confidence, at_least=at_least)


def per_game_share_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean of one share in [0, 1] per game (the win share of a development's owners) with the
    interval of `per_game_mean_ci`; a share the same in every game gets Wilson's interval at
    n = games instead (NO_SPREAD: `wilson_effective` with se 0), as `cluster_proportion` does. The
    owners of a development that no owner won with in 44 games had a win lift of -25.0 pts and no
    interval, where a share never seen in 44 games has one."""
    v = np.asarray(values, dtype=float)
    est, lo, hi = per_game_mean_ci(v, confidence)
    if v.size >= 2 and math.isnan(lo) and not math.isnan(est) and 0.0 <= est <= 1.0:
        q = t_quantile(0.5 + confidence / 2, v.size - 1)
        lo, hi = wilson_effective(est, 0.0, v.size, q)
    return est, lo, hi


def cluster_count_ci(counts: Sequence[float] | np.ndarray, clusters: Sequence[int] | np.ndarray,
                     exposure: Sequence[float] | np.ndarray | None = None,
                     confidence: float = 0.95) -> tuple[float, float, float]:
    """Rate of rare events per row (or per unit of `exposure`), rows nested in clusters: e.g.
    forced rebids per round, bonus points per player. (rate, low, high).

    A count of rare events is skewed, and a t interval's upper bound is too low in runs that
    happen to see few events (88% coverage at about 5 events in 100 games). Here the count is
    treated as an overdispersed Poisson: the effective number of events X = (rate/se)², se
    cluster-robust (X is the event count itself when events are independent, fewer when they
    come in bursts; it does not depend on the points an event is worth), and the interval is
    the Poisson score interval for X on t(G − 1) quantiles; at 1 to 3 effective events the lower
    bound is the exact Poisson one when that is lower (as in `wilson`). No events at all: from 0
    to the exact bound −ln(α/2) ≈ 3.7 events over the total exposure (unit-size events)."""
    return count_of_sums(*_per_cluster(counts, exposure, clusters), confidence)


def count_of_sums(cs: Sequence[float] | np.ndarray, es: Sequence[float] | np.ndarray,
                  confidence: float = 0.95) -> tuple[float, float, float]:
    """`cluster_count_ci` from each game's count of events and its exposure (game order)."""
    if len(cs) == 0 or float(np.sum(es)) <= 0:
        return math.nan, math.nan, math.nan
    r, se, resid, total, _ = _residuals_of_sums(cs, es)
    g = resid.size
    if g < 2 or math.isnan(se):
        return r, math.nan, math.nan
    q = t_quantile(0.5 + confidence / 2, g - 1)
    if r == 0:
        return 0.0, 0.0, -math.log(dist.norm_sf(q)) / total
    if se == 0:
        return r, math.nan, math.nan  # NO_SPREAD
    x = (r / se) ** 2
    scale = r / x  # rate per effective event
    centre, half = x + q * q / 2, q * math.sqrt(x + q * q / 4)
    low, high = (centre - half) * scale, (centre + half) * scale
    if x <= BCD_SMALL_COUNT:
        low = min(low, _poisson_low(x, q) * scale)
    return r, min(r, low), max(r, high)


def cluster_proportion(successes: Sequence[float] | np.ndarray, clusters: Sequence[int] | np.ndarray,
                       trials: Sequence[float] | np.ndarray | None = None,
                       confidence: float = 0.95) -> tuple[float, float, float]:
    """Share of successes among rows nested in clusters (turns, rounds or players of a game).

    The estimate is Σsuccesses/Σtrials (trials default to 1 per row); the interval is Wilson's
    (with its small-count modification, see `wilson`) at the *effective* sample size
    n_eff = p(1 − p)/se², with se the cluster-robust standard error of the ratio, on the t(G − 1)
    quantile rather than the normal one (the se is estimated from G games) — a
    design-effect-adjusted Wilson interval (it stays inside [0, 1] and contains the estimate).
    At p = 0 or 1 the effective size is the number of clusters."""
    return proportion_of_sums(*_per_cluster(successes, trials, clusters), confidence)


def proportion_of_sums(xs: np.ndarray, ts: np.ndarray, confidence: float = 0.95, *,
                       lineups: np.ndarray | None = None) -> tuple[float, float, float]:
    """`cluster_proportion` from each game's successes and trials (game order); `lineups`: each
    game's line-up, for a standard error within line-ups (`lineup_codes`)."""
    if len(xs) == 0 or float(np.sum(ts)) <= 0:
        return math.nan, math.nan, math.nan
    p, se, resid, _, df = _residuals_of_sums(xs, ts, lineups)
    g = resid.size
    if g < 1:
        return math.nan, math.nan, math.nan
    q = t_quantile(0.5 + confidence / 2, df) if g >= 2 else Z95
    return p, *wilson_effective(p, se, g, q)


def wilson_effective(p: float, se: float, n: float, q: float, *, at_most_n: bool = False) -> tuple[float, float]:
    """(low, high): Wilson's interval (`wilson`, quantile `q`) of a share `p` in [0, 1] estimated
    with standard error `se` from `n` independent games, at the effective sample size
    n_eff = p(1 − p)/se² — n when p is 0 or 1, when se is unknown, or when it is 0 (the same
    share in every game). With `at_most_n`, n_eff is at most n (no narrower than n games won or
    lost: the ladder's choice). The report's, calibrate's and the ladder's interval for a share."""
    if p in (0.0, 1.0) or math.isnan(se):
        n_eff = float(n)
    elif se == 0:
        # The same share in every game played: as if each game were one trial (the ladder's
        # choice too). A zero-width interval would claim that it cannot vary; the bots can hold
        # it fixed as well as the rules (Bays' pick rate 25.0% [25.0%, 25.0%] over 40 games).
        n_eff = float(n)
    else:
        n_eff = p * (1 - p) / (se * se)
        if at_most_n:
            n_eff = min(float(n), n_eff)
    _, low, high = wilson(p * n_eff, n_eff, q)
    return low, high


def cluster_chi2_equal(counts: np.ndarray) -> tuple[float, str]:
    """Test that every category is equally likely when the rows are nested in clusters:
    `counts` is a clusters × categories matrix of counts. The Pearson statistic is divided by
    the mean design effect of the category shares (Rao–Scott first-order correction) and
    referred to chi-square on k − 1 df. Returns (p, method)."""
    m = np.asarray(counts, dtype=float)
    if m.ndim != 2 or m.shape[1] < 2 or m.sum() <= 0:
        return math.nan, "none"
    g, k = m.shape
    totals = m.sum(axis=1)
    n = float(totals.sum())
    obs = m.sum(axis=0)
    expected = n / k
    stat = float(((obs - expected) ** 2 / expected).sum())
    deffs = []
    for j in range(k):
        p, se, _ = cluster_ratio(m[:, j], totals, np.arange(g))
        if 0 < p < 1 and not math.isnan(se):
            deffs.append(se * se / (p * (1 - p) / n))
    deff = max(1.0, float(np.mean(deffs))) if deffs else 1.0
    return dist.chi2_sf(stat / deff, k - 1), "chi-square, Rao–Scott design-effect corrected"


def _within_lineups(w: np.ndarray, codes: np.ndarray, *, one_win_each: bool = False
                    ) -> tuple[np.ndarray, np.ndarray, int]:
    """(each column's mean with every line-up weighted alike, its covariance matrix, degrees of
    freedom G − H) of a games × columns matrix whose games fall into line-ups `codes` (0..H−1,
    each of at least two games): Σ_h S_h/(n_h·H²), S_h the line-up's own covariance.
    `one_win_each`: S_h over the line-up's games and one made-up game won by each column (the
    means are the games' own), so that no column's spread is 0 in a line-up."""
    counts = np.bincount(codes)
    h, k = counts.size, w.shape[1]
    means = np.stack([w[codes == j].mean(axis=0) for j in range(h)])
    made_up = np.eye(k) if one_win_each else np.empty((0, k))
    cov = sum(np.atleast_2d(np.cov(np.vstack([w[codes == j], made_up]), rowvar=False, ddof=1)) / counts[j]
              for j in range(h)) / (h * h)
    return means.mean(axis=0), np.asarray(cov, dtype=float), int(codes.size - h)


def decided_by_lineups(w: np.ndarray, lineups: np.ndarray) -> bool:
    """Whether the line-up alone decided every game: where the seats are read within line-ups
    (`lineup_codes`), every seat's win share is the same in every game of its line-up (greedy
    winning every game against random, wherever it sat). Such games cannot show a seat's edge
    smaller than the gap between the bots, however many are played (a 2-player New Frontiers run
    of greedy against random read "✅ Seats look fair" beside a power figure for one bot in every
    seat, though a seat's edge could not change a single game's winner there)."""
    codes = lineup_codes(lineups)
    if codes is None:
        return False
    w = np.asarray(w, dtype=float)
    return all(float(np.ptp(w[codes == j], axis=0).max()) <= 1e-12 for j in range(int(codes.max()) + 1))


def seat_tests_within_lineups(w: np.ndarray, lineups: np.ndarray) -> tuple[float, float] | None:
    """(p that every seat wins equally, p that seat 1 wins 1/P) from a games × seats matrix of
    win shares whose bots rotate through the seats (`lineups`, each game's line-up), or None
    where `lineup_codes` takes the games as one line-up or the tests cannot be made (a seat
    difference the same in every game of every line-up).

    The seats' win rates with every line-up weighted alike (the rotation's own mix: a run of 101
    games at 4 players holds one line-up once more, and a plain mean then leans to its bots) and
    their covariance within line-ups (`_within_lineups`). Every seat alike: Hotelling's T² of the
    P − 1 differences from the last seat, as F(P − 1, G − H − P + 2); seat 1: a t test on G − H
    degrees of freedom. The chi-square test of equal seats assumes each game a fresh draw and
    ignores that each seat holds each bot equally often: with `greedy` and three weak bots it
    rejected fair seats in 0.05% of 2,000 simulated runs of 100 games at 2.5% (these tests: 1.3%
    and 2.1%), and saw a 10-point seat-1 advantage 7% of the time (these, 35%; tests/analysis/
    test_stats.py checks both)."""
    codes = lineup_codes(lineups)
    if codes is None:
        return None
    w = np.asarray(w, dtype=float)
    g, k = w.shape
    rates, cov, df = _within_lineups(w, codes)
    if k < 2 or df - k + 2 < 1:
        return None
    contrast = np.hstack([np.eye(k - 1), -np.ones((k - 1, 1))])
    d, v = contrast @ rates, contrast @ cov @ contrast.T
    if np.linalg.matrix_rank(v) < k - 1:
        # A seat that won every game of the line-ups where it held the strong bot and none of the
        # others (greedy winning 25 of 25) has no spread at all, and the test would be 0/0: each
        # line-up's spread is then taken with one made-up game won by each seat (wider, never 0).
        cov = _within_lineups(w, codes, one_win_each=True)[1]
        v = contrast @ cov @ contrast.T
        if np.linalg.matrix_rank(v) < k - 1:
            return None
    # Each line-up's spread about the means the null hypothesis allows (its own, all shifted by
    # the same δ = rates − 1/P so that the seats' rates are 1/P), as a score test takes it, not
    # about its own means (a Wald test): S_h + n_h/(n_h − 1)·δδ', so the covariance gains
    # Σ_h δδ'/((n_h − 1)·H²). A Wald test's error shrinks with a seat's observed share, and it
    # raised false alarms in small runs: 40 games of four like bots (2:1:1:1), either test at
    # 2.5% in 7.5% of 2,000 simulated runs of fair seats; so, 3.4% (tests/analysis/test_stats.py).
    counts = np.bincount(codes)
    shift = rates - 1 / k
    cov = cov + float(np.sum(1.0 / (counts - 1))) / counts.size ** 2 * np.outer(shift, shift)
    v = contrast @ cov @ contrast.T
    t2 = float(d @ np.linalg.solve(v, d))
    p_equal = dist.f_sf(t2 * (df - k + 2) / (df * (k - 1)), k - 1, df - k + 2)
    se1 = math.sqrt(float(cov[0, 0]))
    p_first = 2 * dist.t_sf(abs(float(shift[0])) / se1, df) if se1 > 0 else 1.0
    return p_equal, p_first


def paired_mean_test(diffs: Sequence[float] | np.ndarray, confidence: float = 0.95) -> tuple[float, float, float, float]:
    """Mean of per-game (paired) differences: (mean, low, high, two-sided p) from the one-sample
    t test. NaN differences (a game without one of the two groups) are left out."""
    d = np.asarray(diffs, dtype=float)
    d = d[~np.isnan(d)]
    n = d.size
    if n < 2:
        return (float(d.mean()) if n else math.nan), math.nan, math.nan, math.nan
    m, lo, hi = mean_ci(d, confidence)
    sem = float(d.std(ddof=1)) / math.sqrt(n)
    p = (1.0 if m == 0 else 0.0) if sem == 0 else 2 * dist.t_sf(abs(m) / sem, n - 1)
    return m, lo, hi, p


def diff_proportions(k1: float, n1: float, k2: float, n2: float, z: float = Z95) -> tuple[float, float, float, float]:
    """Difference p1 - p2 of two independent proportions: (estimate, low, high, p-value).

    Newcombe's hybrid score interval (method 10) from the two Wilson intervals; the p-value is
    the two-sided pooled z-test."""
    if n1 <= 0 or n2 <= 0:
        return math.nan, math.nan, math.nan, math.nan
    p1, l1, u1 = wilson(k1, n1, z)
    p2, l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = 1.0 if se == 0 else 2 * dist.norm_sf(abs(d) / se)
    return d, low, high, p_value


def quantile_ci(values: Sequence[float] | np.ndarray, q: float, confidence: float = 0.95) -> tuple[float, float, float]:
    """The q-quantile (linear interpolation) and its distribution-free order-statistic interval:
    the binomial(n, q) bounds picked as in `scipy.stats.quantile_test(...).confidence_interval`
    (two-sided, conservative: coverage ≥ `confidence`). Empty → NaNs; a bound beyond the data
    is NaN."""
    distinct, counts = np.unique(np.asarray(values, dtype=float), return_counts=True)
    return quantile_ci_counts(distinct, counts, q, confidence)


def quantile_ci_counts(distinct: np.ndarray, counts: np.ndarray, q: float,
                       confidence: float = 0.95) -> tuple[float, float, float]:
    """`quantile_ci` from the sorted distinct values and how often each occurs: a lazy query
    hands over value counts (a few dozen scores) instead of millions of rows."""
    values = np.asarray(distinct, dtype=float)
    cum = np.cumsum(counts)
    n = int(cum[-1]) if cum.size else 0
    if n == 0:
        return math.nan, math.nan, math.nan

    def kth(k: int) -> float:  # the k-th smallest value, 1-based
        return float(values[int(np.searchsorted(cum, k, side="left"))])

    h = (n - 1) * q  # np.quantile's default (linear) on the sorted values
    i = min(int(math.floor(h)), n - 1)
    est = kth(i + 1) if i + 1 >= n else kth(i + 1) + (h - i) * (kth(i + 2) - kth(i + 1))
    k_low, k_high = _order_statistic_ranks(n, q, 1 - confidence)
    low = kth(k_low) if k_low >= 1 else math.nan
    high = kth(k_high) if k_high <= n else math.nan
    return est, low, high


@functools.lru_cache(maxsize=4096)
def t_quantile(level: float, df: int) -> float:
    """Student t quantile (cached: reports ask for the same few df many times)."""
    return dist.t_ppf(level, df)


@functools.lru_cache(maxsize=4096)
def _order_statistic_ranks(n: int, q: float, alpha: float) -> tuple[int, int]:
    """1-based ranks of the order statistics bounding the q-quantile (depend on n, q only;
    cached because reports and comparisons ask for the same few n and q many times)."""
    # Lower bound x_(k) with P(Binom(n, q) >= k) >= 1 - alpha/2: the largest such k.
    k_low = dist.binom_ppf(alpha / 2, n, q)
    if dist.binom_cdf(k_low, n, q) == alpha / 2:  # exact hit: the next order statistic also qualifies
        k_low += 1
    # Upper bound x_(k) with P(Binom(n, q) <= k - 1) >= 1 - alpha/2: the smallest such k.
    k_high = dist.binom_ppf(1 - alpha / 2, n, q) + 1
    return k_low, k_high


def share_interval(lo: float, hi: float, num: np.ndarray, den: np.ndarray) -> tuple[float, float]:
    """A ratio-of-sums interval cut to [0, 1] when the ratio is a share: every numerator and
    denominator non-negative (New Frontiers' VP by source; Stargate's unless a variant has
    negative VP). The true share cannot lie outside [0, 1], so cutting the interval there keeps
    its coverage; the delta-method bounds left it at 3 games (review of 2026-12-02)."""
    if (np.asarray(num) >= 0).all() and (np.asarray(den) >= 0).all():
        return max(0.0, lo), min(1.0, hi)
    return lo, hi


def share_of_sums(num: np.ndarray, den: np.ndarray) -> tuple[float, float, float]:
    """One part's share of a total from each game's sums (VP by source): Σnum/Σden with the
    delta-method interval over games, normal quantile, cut to [0, 1] by `share_interval`. A share
    the same in every game (a part that is the whole score, or 0 in every game) has no interval
    (NO_SPREAD): planets 100.0% [100.0%, 100.0%] under `color_bonus: none` claimed a certainty
    the games cannot give."""
    est, se, _ = ratio_of_sums(num, den)
    if math.isnan(se) or se == 0:
        return est, math.nan, math.nan  # NO_SPREAD (or fewer than 2 games)
    return est, *share_interval(est - Z95 * se, est + Z95 * se, num, den)


def shifted(interval: tuple[float, float, float], by: float) -> tuple[float, float, float]:
    """An (estimate, low, high) triple minus a known constant."""
    return interval[0] - by, interval[1] - by, interval[2] - by


def one_proportion_p(successes: float, n: float, p0: float) -> float:
    """Two-sided p-value of the test that a proportion equals p0: the score (z) test, or the
    exact binomial test where fewer than 10 successes or failures are expected (the score test
    read seat 1's 2 wins of 2 games as p = 0.014 at p0 = 1/4, and the report called the seats
    unequal; the exact p is 0.0625). A success count split by ties (1.5) takes the larger exact
    p of the whole counts on either side."""
    if n <= 0 or not 0 < p0 < 1:
        return math.nan
    if min(n * p0, n * (1 - p0)) < 10 and float(n).is_integer():
        return max(_exact_binomial_p(k, int(n), p0) for k in {math.floor(successes), math.ceil(successes)})
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return 2 * dist.norm_sf(abs(z))


def _exact_binomial_p(k: int, n: int, p0: float) -> float:
    """Two-sided exact binomial p-value: the chance under p0 of every count no more likely than
    `k` (the 'minlike' rule of R's binom.test and scipy's binomtest)."""
    pmf = [math.comb(n, x) * p0 ** x * (1 - p0) ** (n - x) for x in range(n + 1)]
    return min(1.0, sum(q for q in pmf if q <= pmf[k] * (1 + 1e-7)))


_NORMAL = NormalDist()


def _norm_ppf(q: float) -> float:
    """The standard normal quantile (statistics.NormalDist, Wichura's AS 241, ~1e-16 relative)."""
    return _NORMAL.inv_cdf(q)


def power_equal_seats(n: float, players: int, d: float, alpha: float = 0.05) -> float:
    """Power of the chi-square test that all `players` seats win equally (level alpha, n games)
    when one seat wins 1/P + d and the others share its gain as losses (d/(P − 1) each): the
    noncentral chi-square on P − 1 degrees of freedom with noncentrality n · Σ (p_i − 1/P)² · P
    = n d² P²/(P − 1), the least of any split of the loss. The large-sample approximation: 10
    points at 4 players in 189 games reads 67% where 6,000 simulated runs of the verdict's own
    test saw about 64%; it promises more the more players (docs/report-json.md)."""
    df = players - 1
    return dist.ncx2_sf(dist.chi2_isf(alpha, df), df, n * d * d * players * players / df)


def min_detectable_advantage(n: float, players: int, power: float = 0.8, alpha: float = 0.05) -> float:
    """Smallest d > 0 such that one seat winning 1/P + d, whichever seat, is detected with
    `power` by the chi-square test of equal seats at level alpha with n games
    (`power_equal_seats`). Not seat 1's own test: an advantage in another seat only the
    chi-square test sees. NaN when even a seat winning every game is not."""
    if not n > 0 or players < 2:
        return math.nan
    d = math.sqrt(_noncentrality(power, players, alpha) * (players - 1) / (n * players * players))
    return d if d <= 1 - 1 / players else math.nan


def games_needed(d: float, players: int, power: float = 0.8, alpha: float = 0.05) -> int:
    """Games needed for the same test to detect one seat winning 1/P + d with `power`."""
    n = max(2, math.ceil(_noncentrality(power, players, alpha) * (players - 1) / (d * d * players * players)))
    while power_equal_seats(n, players, d, alpha) < power:  # the root's rounding
        n += 1
    return n


def _noncentrality(power: float, players: int, alpha: float) -> float:
    """The noncentrality at which the chi-square test of equal seats (level alpha, P − 1 degrees
    of freedom) has `power`: `power_equal_seats` is `ncx2_sf` of n · d² · P² / (P − 1)."""
    df = players - 1
    return dist.ncx2_nc(dist.chi2_isf(alpha, df), df, power)


def balance_interval(wins: np.ndarray, confidence: float = 0.95, *,
                     lineups: np.ndarray | None = None) -> tuple[float, float, float]:
    """Balance = 1 − (largest − smallest seat win rate) from a games × seats matrix of win
    shares, with a simultaneous interval: every pairwise gap p_i − p_j gets a normal interval from
    the per-game paired differences (so the negative correlation of seats in one game is used),
    Bonferroni-adjusted over the P(P−1)/2 pairs; the largest gap lies between max(0, the largest
    lower bound) and the largest upper bound. Unlike a percentile bootstrap of the max gap, the
    interval always contains the estimate and reaches 1 when no pair is told apart. Empty → NaNs.
    `lineups`: each game's line-up; the differences' standard errors are then within line-ups
    (`lineup_codes`; the estimate is the plain one), with t quantiles on their degrees of freedom."""
    w = np.asarray(wins, dtype=float)
    g, p = w.shape if w.ndim == 2 else (0, 0)
    if g == 0 or p < 2:
        return math.nan, math.nan, math.nan
    # Each seat's rate as its column's own mean: `w.mean(axis=0)` of a row-major copy (a block of
    # games masked out of polars' column-major matrix by compare's jackknife) sums in another
    # order and differed from the recomputation in the last bit.
    rates = np.array([w[:, s].mean() for s in range(p)])
    est = 1 - float(rates.max() - rates.min())
    if g < 2:
        return est, math.nan, math.nan
    pairs = [(i, j) for i in range(p) for j in range(p) if i != j]
    level = 1 - (1 - confidence) / 2 / (p * (p - 1) / 2)
    codes = lineup_codes(lineups)
    low_gap, high_gap = 0.0, 0.0
    for i, j in pairs:
        d = w[:, i] - w[:, j]
        if codes is None:
            half = _norm_ppf(level) * (float(d.std(ddof=1)) / math.sqrt(g))
        else:
            # Within line-ups, each gap's error stands on its own degrees of freedom (at most G − H,
            # as the seat rows' intervals do): with a normal quantile, two line-ups of 6 games each
            # and fair seats read a balance below 100% in 15% of simulated runs, not 5%
            # (tests/analysis/test_stats.py).
            _, se, _, _, df = _residuals_of_sums(d, np.ones(g), codes)
            half = t_quantile(level, df) * se
        low_gap = max(low_gap, float(d.mean()) - half)
        high_gap = max(high_gap, float(d.mean()) + half)
    return est, max(0.0, 1 - high_gap), min(1.0, 1 - low_gap)


def sd_counts(distinct: np.ndarray, counts: np.ndarray) -> float:
    """Sample standard deviation (ddof = 1) from distinct values and their counts; NaN below
    two values."""
    v = np.asarray(distinct, dtype=float)
    c = np.asarray(counts, dtype=float)
    n = float(c.sum())
    if n < 2:
        return math.nan
    mean = float((c * v).sum() / n)
    return math.sqrt(float((c * (v - mean) ** 2).sum()) / (n - 1))
