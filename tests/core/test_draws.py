"""The hot-path draw equals the standard library's, draw for draw."""

from __future__ import annotations

import random

import pytest

from playtest.core.draws import randbelow


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 13, 64, 100, 1000])
def test_randbelow_makes_the_same_draws_as_randrange(size: int) -> None:
    for seed in range(40):
        ra, rb = random.Random(seed), random.Random(seed)
        for _ in range(20):
            assert randbelow(rb, size) == ra.randrange(size)
        assert ra.random() == rb.random()  # the streams are left in the same place


def test_a_random_subclass_gets_its_own_randrange() -> None:
    class Fixed(random.Random):
        def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
            return 0

    assert randbelow(Fixed(1), 1000) == 0
