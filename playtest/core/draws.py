"""Random draws for the hot path: the standard library's draws, made in fewer Python frames."""

from __future__ import annotations

import random


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` — and so the index ``rng.choice`` draws — with the same draws
    (CPython 3.11-3.13: ``_randbelow_with_getrandbits``) but one Python frame per draw instead of
    three, for a plain ``random.Random``. Tests check it against ``Random.randrange`` and
    ``Random.choice``, so a change in the standard library cannot go unnoticed."""
    if type(rng) is not random.Random or n <= 0:
        return rng.randrange(n)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j
