"""A small real Stargate run shared by the analysis tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def stargate_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("sg")
    v = load_variant(ROOT / "variants" / "stargate" / "draft5.yaml")
    run_batch(v, RunConfig(n_games=24, players=4, lineup=("greedy", "random", "scripted:bays-first", "random"),
                           seed=5, workers=1), out)
    return read_run(out)
