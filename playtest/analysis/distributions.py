"""The few probability distributions the reports use, from `scipy.special`.

Why not `scipy.stats`: importing it takes about 0.9 s more than `scipy.special` (1.29 s against
0.40 s alone, 2026-12-03 22:20 UTC, `python -X importtime`), and every command that computes an
interval paid it: 42% of a `playtest report` run on a 200-game Stargate run was that import.
Each function here is the formula `scipy.stats` 1.17 evaluates for the same call (its `_sf`,
`_ppf`, `_cdf` methods: `t.sf` is `stdtr(df, -x)`, `chi2.ppf` is `2·gammaincinv(df/2, p)` and so
on), so the values are the same to the last bit for arguments inside the support;
tests/analysis/test_distributions.py compares them with `scipy.stats` over grids. Callers pass
arguments inside the support (0 < p < 1, df ≥ 1, n ≥ 1); the rarer tests (linear regression,
paired t tests) still import `scipy.stats` where they are used.
"""

from __future__ import annotations

import math

from scipy import special

try:  # Boost's binomial and noncentral chi-square, which scipy.stats.binom and ncx2 evaluate
    # (scipy 1.17). The names are private: a scipy without them makes these functions import
    # scipy.stats instead.
    from scipy.special._ufuncs import _binom_cdf, _binom_ppf, _ncx2_sf
except ImportError:  # pragma: no cover - depends on the installed scipy
    _binom_cdf = _binom_ppf = _ncx2_sf = None


def norm_sf(x: float) -> float:
    """P(Z > x) for a standard normal Z."""
    return float(special.ndtr(-x))


def t_sf(x: float, df: float) -> float:
    """P(T > x) for Student's t with `df` degrees of freedom."""
    return float(special.stdtr(df, -x))


def t_ppf(p: float, df: float) -> float:
    """The p-quantile of Student's t with `df` degrees of freedom."""
    return float(special.stdtrit(df, p))


def chi2_sf(x: float, df: float) -> float:
    """P(X > x) for a chi-square X with `df` degrees of freedom."""
    return float(special.chdtrc(df, x))


def chi2_isf(q: float, df: float) -> float:
    """The x with P(X > x) = q for a chi-square X with `df` degrees of freedom."""
    return float(special.chdtri(df, q))


def ncx2_sf(x: float, df: float, nc: float) -> float:
    """P(X > x) for a noncentral chi-square X with `df` degrees of freedom and noncentrality `nc`
    (the central one when `nc` is 0, as scipy.stats.ncx2 does)."""
    if nc == 0:
        return chi2_sf(x, df)
    if _ncx2_sf is None:
        from scipy import stats

        return float(stats.ncx2.sf(x, df, nc))
    return float(_ncx2_sf(x, df, nc))


def ncx2_nc(x: float, df: float, sf: float) -> float:
    """The noncentrality `nc` with P(X > x) = `sf` for a noncentral chi-square X with `df`
    degrees of freedom (scipy.special's `chndtrinc`, the inverse of its CDF in `nc`): what the
    sample-size section solved with scipy.optimize's brentq over `ncx2_sf` until 2026-12-07 —
    the same root within 1e-11 over 2-5 players and 10-5,000 games, without importing
    scipy.optimize (0.24 s of every `simulate` and `report`, `python -X importtime`). NaN when no
    `nc` ≥ 0 gives it (`sf` below the central one's, where chndtrinc answers ~0)."""
    if sf < chi2_sf(x, df):
        return math.nan
    return float(special.chndtrinc(x, df, 1 - sf))


def chi2_ppf(p: float, df: float) -> float:
    """The p-quantile of a chi-square with `df` degrees of freedom."""
    return float(2 * special.gammaincinv(df / 2, p))


def f_sf(x: float, dfn: float, dfd: float) -> float:
    """P(F > x) for Fisher's F with (dfn, dfd) degrees of freedom."""
    return float(special.fdtrc(dfn, dfd, x))


def binom_cdf(k: float, n: int, p: float) -> float:
    """P(K ≤ k) for K ~ Binomial(n, p)."""
    k = math.floor(k)
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if _binom_cdf is None:
        from scipy import stats

        return float(stats.binom.cdf(k, n, p))
    return float(_binom_cdf(k, n, p))


def binom_ppf(q: float, n: int, p: float) -> int:
    """The q-quantile of Binomial(n, p): the smallest k with P(K ≤ k) ≥ q (0 < q < 1)."""
    if _binom_ppf is None:
        from scipy import stats

        return int(stats.binom.ppf(q, n, p))
    return int(_binom_ppf(q, n, p))
