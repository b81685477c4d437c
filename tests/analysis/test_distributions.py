"""playtest.analysis.distributions gives what scipy.stats gives, to the last bit, on the
arguments the reports pass; and the commands that compute intervals no longer import scipy.stats
(0.9 s of every `playtest report`, the reason the module exists)."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from scipy import stats

from playtest.analysis import distributions as dist

DFS = (1, 2, 3, 5, 9, 29, 100, 1e6)
PROBS = (1e-9, 0.001, 0.005, 0.025, 0.05, 0.1, 0.5, 0.9, 0.95, 0.975, 0.995, 0.999)


@pytest.mark.parametrize("df", DFS)
def test_continuous_distributions_equal_scipy_stats(df: float) -> None:
    for x in np.linspace(-8, 8, 81):
        assert dist.t_sf(x, df) == float(stats.t.sf(x, df))
        assert dist.norm_sf(x) == float(stats.norm.sf(x))
        assert dist.chi2_sf(abs(x) * 3, df) == float(stats.chi2.sf(abs(x) * 3, df))
        assert dist.f_sf(abs(x), df, 7) == float(stats.f.sf(abs(x), df, 7))
    for p in PROBS:
        assert dist.t_ppf(p, df) == float(stats.t.ppf(p, df))
        assert dist.chi2_ppf(p, df) == float(stats.chi2.ppf(p, df))
        assert dist.chi2_isf(p, df) == float(stats.chi2.isf(p, df))


@pytest.mark.parametrize("df", (1, 2, 3, 4, 5, 9))
def test_noncentral_chi_square_equals_scipy_stats(df: int) -> None:
    """The sample-size section's power figures (analysis/stats.power_equal_seats, games_needed)."""
    for nc in (0.0, 1e-6, 0.5, 3.0, 7.85, 20.0, 150.0):
        for x in (0.1, 1.0, 3.84, 7.81, 11.07, 40.0):
            assert dist.ncx2_sf(x, df, nc) == float(stats.ncx2.sf(x, df, nc)), (x, df, nc)


@pytest.mark.parametrize("df", (1, 2, 3, 4))
def test_the_noncentrality_for_a_power_is_the_one_that_gives_it(df: int) -> None:
    """ncx2_nc inverts ncx2_sf in the noncentrality (the sample-size section's games needed and
    smallest detectable advantage)."""
    for x in (3.84, 7.81, 9.35, 11.07):
        for power in (0.5, 0.8, 0.9, 0.99):
            nc = dist.ncx2_nc(x, df, power)
            assert dist.ncx2_sf(x, df, nc) == pytest.approx(power, abs=1e-9), (x, df, power)
    assert math.isnan(dist.ncx2_nc(7.81, df, dist.chi2_sf(7.81, df) / 2))  # below the central one's: no nc gives it


def test_binomial_equals_scipy_stats_including_exact_hits() -> None:
    # scipy.stats is asked once per (n, p) for the whole grid (its per-call overhead made this
    # test 8.8 s of the suite); ours is asked one value at a time, as the reports ask it.
    qs = (0.025, 0.975, 0.005, 0.995, 0.5)  # 0.5 hits the cdf exactly at p = 0.5, n odd
    for n in [*range(1, 120), 500, 4000, 100_000]:
        ks = list(range(-1, n + 2, max(1, n // 40)))
        for p in (0.1, 0.25, 0.5, 0.75, 0.9, 0.01, 0.99, 1 / 3):
            for q, want in zip(qs, stats.binom.ppf(qs, n, p), strict=True):
                assert dist.binom_ppf(q, n, p) == int(want), (q, n, p)
            for k, want in zip(ks, stats.binom.cdf(ks, n, p), strict=True):
                assert dist.binom_cdf(k, n, p) == float(want), (k, n, p)


@pytest.mark.system
def test_report_compare_and_calibration_modules_do_not_import_scipy_stats() -> None:
    """Nor does computing the report's power figures (every report's sample-size section: 0.5 s
    of each `simulate` and `report` until 2026-12-06), nor scipy.optimize (its brentq solved
    them until 2026-12-07: 0.24 s more)."""
    code = ("import sys, playtest.report.model, playtest.report.html, playtest.compare.jackknife, "
            "playtest.analysis.calibration, playtest.tune.explain, playtest.ladder.skill; "
            "from playtest.analysis import stats; "
            "stats.games_needed(0.05, 4), stats.min_detectable_advantage(200, 3); "
            "print('scipy.stats' in sys.modules, 'scipy.optimize' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
