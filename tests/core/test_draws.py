"""The hot-path draw equals the standard library's, draw for draw."""

from __future__ import annotations

import random

import pytest

from playtest.core.draws import randbelow, sample_indices


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 13, 64, 100, 1000])
def test_randbelow_makes_the_same_draws_as_randrange(size: int) -> None:
    for seed in range(40):
        ra, rb = random.Random(seed), random.Random(seed)
        for _ in range(20):
            assert randbelow(rb, size) == ra.randrange(size)
        assert ra.random() == rb.random()  # the streams are left in the same place


@pytest.mark.parametrize("n", [0, 1, 5, 7, 12, 21, 22, 40, 200])
def test_sample_indices_makes_the_same_draws_as_sample(n: int) -> None:
    """Both of Random.sample's methods (a pool for small n, a set of rejections for large n)."""
    for k in sorted({0, min(n, 1), min(n, 5), min(n, 6), min(n, 8), n // 2, n}):
        for seed in range(15):
            ra, rb = random.Random(seed), random.Random(seed)
            assert sample_indices(rb, n, k) == ra.sample(range(n), k)
            assert ra.random() == rb.random()


def test_a_random_subclass_gets_its_own_randrange() -> None:
    class Fixed(random.Random):
        def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
            return 0

    assert randbelow(Fixed(1), 1000) == 0
