"""Coverage of the ladder's head-to-head rate intervals (playtest.ladder.strength.bounded_interval)
by simulation, against the t interval cut to the range that it replaced.

    python -m benchmarks.ladder_coverage [--reps 4000] [--seed 1]

Two families of games, each game independent (the ladder's unit):
- Bernoulli: a side's value in a game is 1 (won) or 0, P(win) = p; n games.
- multi-seat: 5 players, the stronger rung in 3 seats, the weaker in 2. Per game the stronger
  side takes all the win (prob q), half of it (a win shared with a weaker seat, prob 0.1) or
  none; the values are the stronger side's per-seat rate A/3 (range [0, 1/3]) and the per-seat
  gap A/3 − (1 − A)/2 (range [−1/2, 1/3]).
Printed per cell: the share of intervals that hold the true mean (95% nominal), the misses
below/above, and the mean width; for the new and the old method.
"""

from __future__ import annotations

import argparse

import numpy as np

from playtest.analysis.stats import mean_ci
from playtest.ladder.strength import bounded_interval, wilson


def old_interval(values: np.ndarray, low: float, high: float) -> tuple[float, float, float]:
    """The replaced method: t interval over games cut to [low, high]; Wilson at n when constant."""
    est, lo, hi = mean_ci(values)
    if np.ptp(values) > 1e-9:
        return est, max(low, lo), min(high, hi)
    width = high - low
    p = min(1.0, max(0.0, (est - low) / width))
    _, pl, ph = wilson(p * values.size, values.size)
    return est, low + pl * width, low + ph * width


def coverage(draw, truth: float, low: float, high: float, n: int, reps: int, rng: np.random.Generator,
             method) -> tuple[float, float, float, float]:
    below = above = 0
    widths = 0.0
    for _ in range(reps):
        _, lo, hi = method(draw(rng, n), low, high)
        below += truth < lo
        above += truth > hi
        widths += hi - lo
    return 1 - (below + above) / reps, below / reps, above / reps, widths / reps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    print("family       n     p/q      truth   new: cover (low miss, high miss) width   old: cover (low, high) width")
    cells = []
    for n in (10, 20, 50, 100, 400):
        for p in (0.01, 0.05, 0.1, 0.3, 0.5):
            cells.append(("bernoulli", n, p, lambda r, k, p=p: (r.random(k) < p).astype(float), p, 0.0, 1.0))
    for n in (10, 20, 50, 100, 400):
        for q in (0.03, 0.1, 0.5, 0.85):
            def side(r, k, q=q):
                u = r.random(k)
                return np.where(u < q, 1.0, np.where(u < q + 0.1, 0.5, 0.0))
            t = q + 0.05
            cells.append(("seat rate", n, q, lambda r, k, side=side: side(r, k) / 3, t / 3, 0.0, 1 / 3))
            cells.append(("seat gap", n, q, lambda r, k, side=side: (a := side(r, k)) / 3 - (1 - a) / 2,
                          t / 3 - (1 - t) / 2, -1 / 2, 1 / 3))
    worst = 1.0
    for family, n, p, draw, truth, low, high in cells:
        new = coverage(draw, truth, low, high, n, args.reps, np.random.default_rng(rng.integers(2**32)),
                       bounded_interval)
        old = coverage(draw, truth, low, high, n, args.reps, np.random.default_rng(rng.integers(2**32)), old_interval)
        worst = min(worst, new[0])
        print(f"{family:10s} {n:4d}  {p:5.2f}  {truth:8.4f}   {new[0]:.3f} ({new[1]:.3f}, {new[2]:.3f}) {new[3]:.3f}"
              f"   {old[0]:.3f} ({old[1]:.3f}, {old[2]:.3f}) {old[3]:.3f}")
    print(f"lowest coverage of the new interval: {worst:.3f}")


if __name__ == "__main__":
    main()
