"""Statistics used by the metrics: intervals and tests (scipy), each a small pure function."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np
from scipy import stats

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval: (estimate, low, high). n = 0 → NaNs.

    Fractional successes (shared wins count 1/k) are accepted as they are."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


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
        return mean, mean, mean
    half = float(stats.t.ppf(0.5 + confidence / 2, n - 1)) * sem
    return mean, mean - half, mean + half


def chi2_equal(observed: Sequence[float]) -> float:
    """p-value of the chi-square goodness-of-fit test that every category is equally likely."""
    obs = np.asarray(observed, dtype=float)
    if obs.size < 2 or obs.sum() <= 0:
        return math.nan
    return float(stats.chisquare(obs).pvalue)


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
    p_value = 1.0 if se == 0 else float(2 * stats.norm.sf(abs(d) / se))
    return d, low, high, p_value


def sd_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """Sample standard deviation and its chi-square interval (exact for normal data):
    (sd, low, high). Fewer than 2 values → NaNs."""
    arr = np.asarray(values, dtype=float)
    n = arr.size
    if n < 2:
        return math.nan, math.nan, math.nan
    s = float(arr.std(ddof=1))
    alpha = 1 - confidence
    low = math.sqrt((n - 1) * s * s / float(stats.chi2.ppf(1 - alpha / 2, n - 1)))
    high = math.sqrt((n - 1) * s * s / float(stats.chi2.ppf(alpha / 2, n - 1)))
    return s, low, high


def quantile_ci(values: Sequence[float] | np.ndarray, q: float, confidence: float = 0.95) -> tuple[float, float, float]:
    """The q-quantile (linear interpolation) and its distribution-free order-statistic interval:
    the binomial(n, q) bounds picked as in `scipy.stats.quantile_test(...).confidence_interval`
    (two-sided, conservative: coverage ≥ `confidence`). Empty → NaNs; a bound beyond the data
    is NaN."""
    arr = np.sort(np.asarray(values, dtype=float))
    n = arr.size
    if n == 0:
        return math.nan, math.nan, math.nan
    est = float(np.quantile(arr, q))
    k_low, k_high = _order_statistic_ranks(n, q, 1 - confidence)
    low = float(arr[k_low - 1]) if k_low >= 1 else math.nan
    high = float(arr[k_high - 1]) if k_high <= n else math.nan
    return est, low, high


@functools.lru_cache(maxsize=4096)
def _order_statistic_ranks(n: int, q: float, alpha: float) -> tuple[int, int]:
    """1-based ranks of the order statistics bounding the q-quantile (depend on n, q only;
    cached because reports and comparisons ask for the same few n and q many times)."""
    # Lower bound x_(k) with P(Binom(n, q) >= k) >= 1 - alpha/2: the largest such k.
    k_low = int(stats.binom.ppf(alpha / 2, n, q))
    if stats.binom.cdf(k_low, n, q) == alpha / 2:  # exact hit: the next order statistic also qualifies
        k_low += 1
    # Upper bound x_(k) with P(Binom(n, q) <= k - 1) >= 1 - alpha/2: the smallest such k.
    k_high = int(stats.binom.ppf(1 - alpha / 2, n, q)) + 1
    return k_low, k_high


def ratio_ci(num: Sequence[float] | np.ndarray, den: Sequence[float] | np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """Ratio of sums sum(num)/sum(den) over paired observations (e.g. one source's share of all
    points) with its delta-method (linearisation) interval. Empty or zero denominator → NaNs."""
    x = np.asarray(num, dtype=float)
    y = np.asarray(den, dtype=float)
    n = x.size
    if n == 0 or y.sum() == 0:
        return math.nan, math.nan, math.nan
    r = float(x.sum() / y.sum())
    if n < 2:
        return r, math.nan, math.nan
    resid = x - r * y
    se = float(resid.std(ddof=1)) / (math.sqrt(n) * float(y.mean()))
    return r, r - z * se, r + z * se


def shifted(interval: tuple[float, float, float], by: float) -> tuple[float, float, float]:
    """An (estimate, low, high) triple minus a known constant."""
    return interval[0] - by, interval[1] - by, interval[2] - by


def one_proportion_p(successes: float, n: float, p0: float) -> float:
    """Two-sided p-value of the score (z) test that a proportion equals p0."""
    if n <= 0 or not 0 < p0 < 1:
        return math.nan
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return float(2 * stats.norm.sf(abs(z)))


def power_one_proportion(n: float, p0: float, p1: float, alpha: float = 0.05) -> float:
    """Power of the two-sided score test of p = p0 at level alpha when the truth is p1 (normal
    approximation, both tails)."""
    za = float(stats.norm.ppf(1 - alpha / 2))
    s0 = math.sqrt(p0 * (1 - p0))
    s1 = math.sqrt(p1 * (1 - p1))
    d = (p1 - p0) * math.sqrt(n)
    return float(stats.norm.cdf((d - za * s0) / s1) + stats.norm.cdf((-d - za * s0) / s1))


def min_detectable_advantage(n: float, p0: float, power: float = 0.8, alpha: float = 0.05) -> float:
    """Smallest d > 0 such that a seat winning p0 + d (instead of p0) is detected with `power`
    by the two-sided score test at level alpha with n games. NaN when even p = 1 is not."""
    if n <= 0:
        return math.nan
    f = lambda d: power_one_proportion(n, p0, p0 + d, alpha) - power  # noqa: E731
    top = 1 - p0 - 1e-9
    if f(top) < 0:
        return math.nan
    from scipy.optimize import brentq

    return float(brentq(f, 1e-9, top, xtol=1e-10))


def games_needed(d: float, p0: float, power: float = 0.8, alpha: float = 0.05) -> int:
    """Games needed for the same test to detect a seat winning p0 + d with `power`."""
    za = float(stats.norm.ppf(1 - alpha / 2))
    zb = float(stats.norm.ppf(power))
    p1 = p0 + d
    n = ((za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))) / d) ** 2
    n_int = max(2, math.ceil(n))
    while power_one_proportion(n_int, p0, p1, alpha) < power:  # the formula ignores the far tail
        n_int += 1
    return n_int


def balance_interval(wins: np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """Balance = 1 − (largest − smallest seat win rate) from a games × seats matrix of win
    shares, with a simultaneous interval: every pairwise gap p_i − p_j gets a normal interval from
    the per-game paired differences (so the negative correlation of seats in one game is used),
    Bonferroni-adjusted over the P(P−1)/2 pairs; the largest gap lies between max(0, the largest
    lower bound) and the largest upper bound. Unlike a percentile bootstrap of the max gap, the
    interval always contains the estimate and reaches 1 when no pair is told apart. Empty → NaNs."""
    w = np.asarray(wins, dtype=float)
    g, p = w.shape if w.ndim == 2 else (0, 0)
    if g == 0 or p < 2:
        return math.nan, math.nan, math.nan
    rates = w.mean(axis=0)
    est = 1 - float(rates.max() - rates.min())
    if g < 2:
        return est, math.nan, math.nan
    pairs = [(i, j) for i in range(p) for j in range(p) if i != j]
    z = float(stats.norm.ppf(1 - (1 - confidence) / 2 / (p * (p - 1) / 2)))
    low_gap, high_gap = 0.0, 0.0
    for i, j in pairs:
        d = w[:, i] - w[:, j]
        half = z * float(d.std(ddof=1)) / math.sqrt(g)
        low_gap = max(low_gap, float(d.mean()) - half)
        high_gap = max(high_gap, float(d.mean()) + half)
    return est, max(0.0, 1 - high_gap), min(1.0, 1 - low_gap)
