"""The collector is tuned only while a batch plays, and restored afterwards (even on errors)."""

from __future__ import annotations

import gc

import pytest

from playtest.sim.runner import GC_THRESHOLDS, batch_gc


def test_batch_gc_sets_and_restores_the_thresholds() -> None:
    before = gc.get_threshold()
    assert before != GC_THRESHOLDS
    with batch_gc():
        assert gc.get_threshold() == GC_THRESHOLDS
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), batch_gc():
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == before
