"""`--backend dask`: the same seed gives the same rows as the local pool, and a Dask worker
that dies mid-run loses no chunk (Dask runs the task again; the manifest keeps each chunk once)."""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from playtest.sim.batch import RunConfig, play_chunk, read_run, run_batch
from playtest.variants import load_variant

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = ROOT / "variants" / "stargate" / "draft5.yaml"


def _die_once(marker: str, victim: int, game: str, resolved: dict, key: str, config: RunConfig,
              start: int, stop: int):
    """Play a chunk, except that the worker holding chunk `victim` dies the first time."""
    if start == victim and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return play_chunk(game, resolved, key, config, start, stop)


@pytest.mark.system
def test_dask_gives_the_pool_s_rows_and_survives_a_dying_worker(tmp_path, monkeypatch):
    import cloudpickle

    import playtest.sim.batch as batch

    variant = load_variant(DRAFT5)
    # random bots only: the rows' identity is what is tested, and a greedy seat tripled the cost
    config = RunConfig(n_games=60, players=4, lineup=("random",) * 4, seed=5, workers=2, chunk_size=10)
    # The reference rows are played in this process: the local backend gives the same rows for
    # any worker count (tests/sim/test_batch.py checks 1 worker against 2), and starting a pool's
    # two processes only for them cost 2.4 of the test's 7.3 CPU-s.
    run_batch(variant, replace(config, workers=1), tmp_path / "local")
    # the chunk function is shipped by value, so that the workers can run this test's wrapper
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    marker = str(tmp_path / "died")
    monkeypatch.setattr(batch, "play_chunk", functools.partial(_die_once, marker, 20))
    result = run_batch(variant, config, tmp_path / "dask", backend="dask")
    assert os.path.exists(marker)  # a worker really died holding chunk 20
    assert result.games == 60
    _, g_pool, e_pool = read_run(tmp_path / "local")
    info, g_dask, e_dask = read_run(tmp_path / "dask")
    assert info["backend"] == "dask"
    assert_frame_equal(g_pool, g_dask)
    assert_frame_equal(e_pool, e_dask)


@pytest.mark.system
def test_the_default_backend_does_not_import_dask():
    import subprocess

    code = ("import sys\nfrom playtest.cli.app import app\nimport playtest.sim.batch\n"
            "print('distributed' in sys.modules or 'dask' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
