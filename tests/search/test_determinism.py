"""Search bots draw only from their own rng: same seed, same games, at any worker count."""

from __future__ import annotations

from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant
from tests.search.helpers import ROOT


def run(tmp_path: Path, name: str, variant: str, lineup: tuple[str, ...], n: int, workers: int, seed: int = 3):
    cfg = RunConfig(n_games=n, players=len(lineup), lineup=lineup, seed=seed, workers=workers, chunk_size=1)
    run_batch(load_variant(ROOT / variant), cfg, tmp_path / name)
    return read_run(tmp_path / name)


@pytest.mark.parametrize(("variant", "lineup", "n"), [
    ("variants/stargate/draft5.yaml", ("mcts:15", "greedy", "ismcts:10:depth=4", "random"), 4),
    pytest.param("variants/ohseven/base.yaml", ("ismcts:8:depth=6", "heuristic", "mcts:8:depth=4:rollout=heuristic"), 3,
                 marks=pytest.mark.slow),  # make test-all: make test keeps Stargate's search-bot line-up
])
@pytest.mark.system
def test_same_seed_same_games_with_one_or_two_workers(tmp_path: Path, variant: str, lineup: tuple[str, ...],
                                                       n: int) -> None:
    _, g1, e1 = run(tmp_path, "w1", variant, lineup, n, workers=1)
    _, g2, e2 = run(tmp_path, "w2", variant, lineup, n, workers=2)
    assert g1.height == n * len(lineup)
    assert_frame_equal(g1, g2)
    assert_frame_equal(e1, e2)
    _, g3, _ = run(tmp_path, "other", variant, lineup, n, workers=1, seed=4)
    assert g3["total"].to_list() != g1["total"].to_list()
