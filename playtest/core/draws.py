"""Random draws for the hot path: the standard library's draws, made in fewer Python frames.

Compiled with mypyc at install (setup.py, playtest/_build.py): keep it plain typed Python.
"""

from __future__ import annotations

import math
import random
from typing import Final

_RANDOM: Final = random.Random
"""Final: compiled code keeps it in a C static instead of looking up `random.Random` per call."""


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` — and so the index ``rng.choice`` draws — with the same draws
    (CPython 3.11-3.13: ``_randbelow_with_getrandbits``) but one C call per draw instead of two
    Python frames, for a plain ``random.Random``. Tests check it against ``Random.randrange`` and
    ``Random.choice``, so a change in the standard library cannot go unnoticed."""
    if type(rng) is not _RANDOM or n <= 0:
        return rng.randrange(n)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j


def sample_indices(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)``, with the same draws (CPython 3.11-3.13's ``Random.sample``:
    a pool when n is small against k, else rejection from a set), compiled. Tests check it
    against ``Random.sample`` over many n, k and seeds."""
    if type(rng) is not _RANDOM or not 0 <= k <= n:
        return rng.sample(range(n), k)
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result = [0] * k
    if n <= setsize:
        pool = list(range(n))
        for i in range(k):
            j = randbelow(rng, n - i)
            result[i] = pool[j]
            pool[j] = pool[n - i - 1]
        return result
    selected: set[int] = set()
    for i in range(k):
        j = randbelow(rng, n)
        while j in selected:
            j = randbelow(rng, n)
        selected.add(j)
        result[i] = j
    return result
