"""Seed streams: stable across versions and processes, distinct per (root, game, stream)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from playtest import rng


def test_stream_seeds_are_pinned() -> None:
    """A change of derivation changes every published result: it must be deliberate."""
    assert rng.stream_seed(0, 0, 0) == 17228279653605736186
    assert rng.stream_seed(0, 1, 0) == 4417141918184165458
    assert rng.stream_seed(2**63 - 1, 10**9, 9) == 1337566735684262751


def test_neighbouring_streams_get_distinct_unrelated_seeds() -> None:
    seeds = {rng.stream_seed(root, game, s) for root in (0, 1, 2) for game in range(300) for s in range(9)}
    assert len(seeds) == 3 * 300 * 9
    # Well mixed: about half of the 64 bits differ between neighbours (not a counter in disguise).
    flips = [bin(rng.stream_seed(1, g, 0) ^ rng.stream_seed(1, g + 1, 0)).count("1") for g in range(500)]
    assert 29 < sum(flips) / len(flips) < 35


@pytest.mark.system
def test_a_stream_is_the_same_in_another_process() -> None:
    """Python's hash randomisation or process state never enters a seed."""
    code = "from playtest import rng; print(rng.stream(7, 123, 2).random())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(out.stdout) == rng.stream(7, 123, 2).random()
