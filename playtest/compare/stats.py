"""Multiple-testing adjustment and the sequential error budget, as small pure functions."""

from __future__ import annotations

import math
from collections.abc import Sequence


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (NaN stays NaN and does not count as a test).

    Controls the family-wise error rate under any dependence between the tests."""
    finite = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(finite)
    out = [math.nan] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(finite):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def looks_schedule(first: int, max_games: int) -> list[int]:
    """Game counts at which a sequential gate check looks: first, 2·first, 4·first, ... capped
    at max_games (which is always the last look)."""
    if first >= max_games:
        return [max_games]
    out = []
    n = first
    while n < max_games:
        out.append(n)
        n *= 2
    out.append(max_games)
    return out
