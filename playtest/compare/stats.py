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


def sign_flip_p(blocks: int) -> float:
    """Exact two-sided p-value of a difference that is the same, and not 0, in every one of
    `blocks` blocks of paired games (a metric constant within each variant or rung at different
    values): under no difference each block's sign is a fair coin (the sign-flip randomization
    test), and only the two all-same-sign outcomes are as extreme. 2^(1 - K): 30 blocks give
    1.9e-9, the certainty compare and the ladder call 'set by the rules' or 'by the bots'; 4
    games give 0.125, no evidence at all."""
    return 2.0 ** (1 - blocks)


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
