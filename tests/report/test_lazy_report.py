"""The report computed lazily from a run's Parquet (`rundir.open_run`: scans that every metric
aggregates game by game, what `playtest report` does) is the report computed from the tables read
into memory (`read_run`), to the last digit, for every game; and it does not depend on the order
in which the rows come."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from playtest.report.model import build_report
from playtest.sim.batch import RunConfig, run_batch
from playtest.sim.rundir import open_run, read_run
from playtest.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]

RUNS = {
    # variant, line-up, games: mixed bots (one in two seats) so that bot groups span seats.
    # Stargate's 40 games give its report the same 333 rows as 200 did, the same 37 of them without
    # an interval (checked 2026-12-05), for a fifth of the greedy games (1.4 s of make test's setup).
    "stargate": ("variants/stargate/draft5.yaml", ("greedy", "random", "scripted:bays-first", "random"), 40),
    "ohseven": ("variants/ohseven/base.yaml", ("heuristic", "random", "random", "heuristic"), 40),
    "newfrontiers": ("variants/new-frontiers/base.yaml", ("random", "random", "random", "random"), 20),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("lazy")
    out = {}
    for game, (variant, lineup, n) in RUNS.items():
        # Small chunks: the finished run's Parquet is the concatenation of several chunk files.
        config = RunConfig(n_games=n, players=4, lineup=lineup, seed=21, workers=1, chunk_size=max(5, n // 4))
        run_batch(load_variant(ROOT / variant), config, base / game)
        out[game] = base / game
    return out


def _json(info, games, events) -> str:
    return json.dumps(build_report(info, games, events).to_dict(), sort_keys=True)


@pytest.mark.parametrize("game", list(RUNS))
def test_the_lazy_report_is_the_in_memory_report(runs, game):
    info, games, events = read_run(runs[game])
    run = open_run(runs[game])
    assert isinstance(run.games, pl.LazyFrame) and isinstance(run.events, pl.LazyFrame)
    lazy = _json(run.info, run.games, run.events)
    assert lazy == _json(info, games, events)
    report = json.loads(lazy)
    assert report["run"]["games"] == RUNS[game][2]
    game_sections = [s for s in report["sections"] if s["game_specific"]]
    assert game_sections and all(s["metrics"] for s in game_sections)  # the game's own tables are there


def test_the_report_does_not_depend_on_the_order_of_the_rows(runs):
    """Per-game aggregates are sorted by game: shuffled tables give the same report."""
    info, games, events = read_run(runs["stargate"])
    shuffled = _json(info, games.sample(fraction=1.0, shuffle=True, seed=1),
                     events.sample(fraction=1.0, shuffle=True, seed=2))
    assert shuffled == _json(info, games, events)


def test_a_small_run_is_reported_from_memory_and_a_large_one_from_its_scans(runs, monkeypatch):
    """`playtest report` (and simulate's report.html) read a run of at most IN_MEMORY_ROWS rows
    into memory, where its scans cost 2-3x the CPU; a larger one by its scans, whose memory stays
    bounded. The report is the same either way."""
    import playtest.report.model as model
    from playtest.sim import rundir
    from tests.conftest import invoke_cli

    read = []

    def spy(info, games, events):
        read.append((type(games), type(events)))
        return build_report(info, games, events)

    monkeypatch.setattr(model, "build_report", spy)
    small = invoke_cli("report", str(runs["ohseven"]), "-f", "json", "-o", "-")
    monkeypatch.setattr(rundir, "IN_MEMORY_ROWS", pl.read_parquet(runs["ohseven"] / "events.parquet").height)
    large = invoke_cli("report", str(runs["ohseven"]), "-f", "json", "-o", "-")
    assert small.returncode == large.returncode == 0, (small.stderr, large.stderr)
    assert read == [(pl.DataFrame, pl.DataFrame), (pl.LazyFrame, pl.LazyFrame)]
    assert small.stdout == large.stdout
    monkeypatch.undo()
    monkeypatch.setattr(model, "build_report", spy)
    out = runs["ohseven"].parent / "simulated"
    r = invoke_cli("simulate", RUNS["ohseven"][0], "-n", "3", "-w", "1", "-q", "--out", str(out))
    assert r.returncode == 0 and (out / "report.html").is_file(), r.stderr
    assert read[-1] == (pl.DataFrame, pl.DataFrame)
