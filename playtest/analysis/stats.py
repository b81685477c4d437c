"""Statistics used by the metrics: intervals and tests (scipy), each a small pure function."""

from __future__ import annotations

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
