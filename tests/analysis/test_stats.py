"""Statistics against textbook values and scipy's own results."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from playtest.analysis import stats


def test_wilson_newcombe_1998_example():
    # Newcombe (1998), Stat Med 17:857, table I: 81/263 → Wilson 0.2553 to 0.3662.
    est, lo, hi = stats.wilson(81, 263)
    assert est == pytest.approx(81 / 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (10, 10), (250, 1000)])
def test_wilson_matches_scipy(k, n):
    ci = sps.binomtest(k, n).proportion_ci(method="wilson")
    _, lo, hi = stats.wilson(k, n)
    assert lo == pytest.approx(ci.low, abs=1e-12)
    assert hi == pytest.approx(ci.high, abs=1e-12)


def test_newcombe_difference_example():
    # Newcombe (1998b), Stat Med 17:873, example (a): 56/70 − 48/80 → 0.0524 to 0.3339 (method 10).
    d, lo, hi, _ = stats.diff_proportions(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)


def test_chi2_equal_textbook():
    # 20, 30, 25, 25 against equal shares: chi2 = 2.0 on 3 df → p = 0.5724.
    assert stats.chi2_equal([20, 30, 25, 25]) == pytest.approx(0.5724, abs=1e-4)


def test_mean_and_sd_intervals_match_scipy():
    x = np.random.default_rng(7).normal(10, 3, size=57)
    m, lo, hi = stats.mean_ci(x)
    ref = sps.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=sps.sem(x))
    assert (lo, hi) == pytest.approx(ref)
    s, slo, shi = stats.sd_ci(x)
    n = len(x)
    assert s == pytest.approx(x.std(ddof=1))
    assert slo == pytest.approx(math.sqrt((n - 1) * s**2 / sps.chi2.ppf(0.975, n - 1)))
    assert shi == pytest.approx(math.sqrt((n - 1) * s**2 / sps.chi2.ppf(0.025, n - 1)))


@pytest.mark.parametrize("q", [0.1, 0.25, 0.5, 0.75, 0.9])
@pytest.mark.parametrize("n", [25, 137, 1000])
def test_quantile_interval_matches_scipy_quantile_test(q, n):
    x = np.random.default_rng(n).integers(0, 30, size=n).astype(float)  # ties, like scores
    est, lo, hi = stats.quantile_ci(x, q)
    ci = sps.quantile_test(x, p=q).confidence_interval(0.95)
    assert est == pytest.approx(np.quantile(x, q))
    assert lo == pytest.approx(ci.low) or (math.isnan(lo) and math.isnan(ci.low))
    assert hi == pytest.approx(ci.high) or (math.isnan(hi) and math.isnan(ci.high))


def test_ratio_interval_delta_method():
    rng = np.random.default_rng(3)
    y = rng.integers(5, 30, size=400).astype(float)
    x = np.round(y * rng.uniform(0.3, 0.7, size=400))
    r, lo, hi = stats.ratio_ci(x, y)
    assert r == pytest.approx(x.sum() / y.sum())
    # Textbook linearisation: var(R) = var(x − R·y) / (n · ȳ²).
    se = np.sqrt(np.var(x - r * y, ddof=1) / (len(x) * y.mean() ** 2))
    assert (lo, hi) == pytest.approx((r - stats.Z95 * se, r + stats.Z95 * se))
    assert stats.ratio_ci(2 * y, y)[1:] == pytest.approx((2.0, 2.0))


def test_detectable_advantage_and_games_needed():
    p0 = 0.25
    d = stats.min_detectable_advantage(300, p0)
    assert stats.power_one_proportion(300, p0, p0 + d) == pytest.approx(0.8, abs=1e-6)
    # Close to the textbook normal-approximation formula (z_a √(p0q0) + z_b √(p1q1)) / √n.
    approx = (1.959964 * math.sqrt(p0 * (1 - p0)) + 0.841621 * math.sqrt((p0 + d) * (1 - p0 - d))) / math.sqrt(300)
    assert d == pytest.approx(approx, rel=0.01)
    n = stats.games_needed(0.05, p0)
    assert stats.power_one_proportion(n, p0, 0.30) >= 0.8 > stats.power_one_proportion(n - 1, p0, 0.30)
    # More games → smaller detectable advantage.
    assert stats.min_detectable_advantage(3000, p0) < d / 3


def test_balance_interval():
    equal = np.tile(np.eye(4), (50, 1))  # every seat wins exactly 50 of 200 games
    est, lo, hi = stats.balance_interval(equal)
    assert (est, hi) == (1.0, 1.0) and lo < 1.0
    skew = np.zeros((100, 2))
    skew[:70, 0] = 1
    skew[70:, 1] = 1
    est, lo, hi = stats.balance_interval(skew)
    # Two seats: one pair, no adjustment; per-game difference is ±1 with mean 0.4.
    d = skew[:, 0] - skew[:, 1]
    half = stats.Z95 * d.std(ddof=1) / 10
    assert est == pytest.approx(0.6)
    assert (lo, hi) == pytest.approx((1 - (0.4 + half), 1 - (0.4 - half)))
    assert lo < est < hi
