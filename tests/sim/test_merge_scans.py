"""The chunks of a run are concatenated with polars reading one file at a time (rundir.py)."""

from __future__ import annotations

import os

import pytest

from playtest.sim.rundir import one_scan_at_a_time

KNOB = "POLARS_MAX_CONCURRENT_SCANS"


@pytest.mark.parametrize("before", [None, "3"])
def test_the_polars_knob_is_set_only_while_the_chunks_are_merged(monkeypatch, before) -> None:
    if before is None:
        monkeypatch.delenv(KNOB, raising=False)
    else:
        monkeypatch.setenv(KNOB, before)
    with one_scan_at_a_time():
        assert os.environ[KNOB] == "1"
    assert os.environ.get(KNOB) == before


def test_the_knob_is_restored_when_the_merge_fails(monkeypatch) -> None:
    monkeypatch.delenv(KNOB, raising=False)
    with pytest.raises(OSError), one_scan_at_a_time():
        raise OSError("disk full")
    assert KNOB not in os.environ
