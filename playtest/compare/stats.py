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


def chances(games: int, units: int | None) -> int:
    """N of a share's exact bound (`never_seen`): the games, or the row's units (rounds, players,
    rebids the share is taken over) when fewer: 5 forced rebids of 400 games are 5 chances."""
    return min(games, units) if units else games


def never_seen(alpha: float, n: int) -> float:
    """The exact one-sided (1 − alpha) upper bound of a share seen 0 in every one of `n` chances,
    1 − alpha^(1/n): a game's share is 0 with chance at most 1 − h when the true rate is h, so n
    games all at 0 have chance at most (1 − h)^n. Exact for a rate per game, and for a share of
    rounds or turns when games have equally many of them; events clustered in long games can
    make it optimistic. 1 in every one: the mirror image, alpha^(1/n) from below."""
    return 1.0 - alpha ** (1.0 / n)


def sign_flip_p(blocks: int) -> float:
    """Exact two-sided p-value of a difference that is the same, and not 0, in every one of
    `blocks` blocks of paired games (a metric constant within each variant or rung at different
    values): under no difference each block's sign is a fair coin (the sign-flip randomization
    test), and only the two all-same-sign outcomes are as extreme. 2^(1 - K): 30 blocks give
    1.9e-9, the certainty compare and the ladder call 'the same in every game of each' or 'by the bots'; 4
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
