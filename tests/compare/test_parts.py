"""The jackknife from the rows' per-game parts (analysis/parts.py) gives exactly what recomputing
every metric without each block of games gives, for every shipped variant of every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pytest

from playtest.analysis.common import SCORE_QUANTILES
from playtest.analysis.parts import Parts
from playtest.compare import jackknife
from playtest.compare.jackknife import Replicates, Sample, replicate
from playtest.compare.metrics import LeftOut, quantiles_left_out, report_metrics
from playtest.variants import load_variant
from tests.compare.helpers import simulate

ROOT = Path(__file__).resolve().parents[2]

# (variant, games, bots): few games, so that blocks of one or two games leave rows out entirely
# (a crew taken in one game only, a game length seen once, a round only one game reached).
RUNS = [
    ("stargate/draft5.yaml", 9, ("greedy", "random", "random", "scripted:bays-first")),
    ("stargate/draft6-crew-variety.yaml", 6, ("random", "random", "random", "random")),
    ("stargate/draft6-development.yaml", 7, ("random", "random", "random")),
    ("stargate/draft6-new-crews.yaml", 6, ("random", "random", "random", "random")),
    ("stargate/draft6-no-replenish.yaml", 6, ("random", "random", "random", "random")),
    ("stargate/draft6-special-planets.yaml", 6, ("random", "random", "random")),
    ("ohseven/base.yaml", 8, ("heuristic", "random", "random", "random")),
    ("ohseven/hook.yaml", 6, ("random", "random", "random", "random")),
    ("ohseven/no-bonus.yaml", 6, ("heuristic", "heuristic", "random")),
    ("new-frontiers/base.yaml", 6, ("random", "random", "random")),
    ("new-frontiers/goals.yaml", 5, ("random", "random", "random", "random")),
    ("new-frontiers/no-compensation.yaml", 5, ("random", "random", "random")),
]


def _recomputed(monkeypatch: pytest.MonkeyPatch, *args, **kwargs) -> Replicates:
    """`replicate` as it was: every block's table recomputed from the games left (and never from
    parts: `Parts.kept` fails if it is asked)."""
    with monkeypatch.context() as m:
        m.setattr(Parts, "kept", lambda *a: pytest.fail("a row's parts were used"))
        return replicate(*args, **kwargs, from_parts=False)


def _same(a: Replicates, b: Replicates) -> None:
    """The very same replicates, to the last bit (NaN where the other has NaN): the parts compute
    each row with the recomputation's own arithmetic."""
    assert a.keys == b.keys
    np.testing.assert_array_equal(a.full, b.full)
    np.testing.assert_array_equal(a.reps, b.reps)
    assert np.array_equal(a.holding, b.holding)
    assert a.filled == b.filled


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Sample, Sample]]:
    out = {}
    for path, n, bots in RUNS:
        variant = load_variant(ROOT / "variants" / path)
        folder = tmp_path_factory.mktemp("parts")
        out[path] = (simulate(variant, n, bots, 3, folder / "a"), simulate(variant, n, bots, 4, folder / "b"))
    return out


@pytest.mark.parametrize("path", [path for path, _, _ in RUNS])
def test_every_row_of_a_shipped_variant_has_its_parts(samples: dict[str, tuple[Sample, Sample]], path: str) -> None:
    """Every row the jackknife recomputes comes with its parts: a row without them sends the whole
    table back to recomputing every metric once per block."""
    from playtest.analysis.parts import recording

    sample = samples[path][0]
    fn = report_metrics(quantiles=False)
    with recording() as filed:
        table = jackknife.without_off(fn)(sample.info, sample.games, sample.events)
    missing = [(m, g) for m, g in table.select("metric", "group").iter_rows() if filed.get((m, g or "")) is None]
    assert not missing, f"rows without parts: {missing[:8]}"
    assert jackknife._row_parts(table, dict(filed)) is not None


@pytest.mark.parametrize("path", [path for path, _, _ in RUNS])
def test_outside_the_jackknife_no_row_builds_its_parts(samples: dict[str, tuple[Sample, Sample]], path: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A report (simulate's summary too), the game's goal measures and tune's metrics (as a
    per-block recomputation calls them) build no parts unless the jackknife records them: the
    report of a 10^6-game Stargate run held every row's per-game arrays until each table was built
    (1.13 GB peak against 0.67 without them and one value's per-game rows at a time; docs/scale.md)."""
    from playtest.games import get_game
    from playtest.report.model import build_report
    from playtest.tune.metrics import tune_metrics

    sample = samples[path][0]
    monkeypatch.setattr(Parts, "__init__", lambda *a, **k: pytest.fail("a row built its parts outside the jackknife"))
    report = build_report(sample.info, sample.games, sample.events)
    assert any(s.game for s in report.sections)  # the game's own tables were built too
    goals = get_game(sample.info["game"]).goal_metrics
    assert goals is None or goals(sample.info, sample.games, sample.events).height
    assert tune_metrics()(sample.info, sample.games, sample.events).height


CHECKED_IN_MAKE_TEST = {"stargate/draft5.yaml", "ohseven/base.yaml", "new-frontiers/goals.yaml"}
"""The variants whose replicates are recomputed both ways in `make test`; the others under
`make test-all` (each takes about a CPU-second)."""


@pytest.mark.parametrize("path", [pytest.param(path, marks=() if path in CHECKED_IN_MAKE_TEST else pytest.mark.slow)
                                  for path, _, _ in RUNS])
def test_the_parts_give_the_recomputed_replicates(samples: dict[str, tuple[Sample, Sample]], path: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = samples[path]
    kwargs = {"complete_categories": True, "left_out": quantiles_left_out()}
    _same(replicate([a, b], report_metrics(), 30, **kwargs),
          _recomputed(monkeypatch, [a, b], report_metrics(), 30, **kwargs))
    # without completed categories (tune's), and with the whole function for the blocks too
    _same(replicate([a, b], report_metrics(quantiles=False), 4),
          _recomputed(monkeypatch, [a, b], report_metrics(quantiles=False), 4))


def _counted(fn: Any, calls: list[tuple[str, int]], name: str) -> Any:
    """`fn`, noting (name, games it was given) in `calls` at every call."""
    def wrapped(info: dict, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        calls.append((name, games["game"].n_unique()))
        return fn(info, games, events)

    return wrapped


def test_compare_s_jackknife_computes_each_run_s_metrics_once(samples: dict[str, tuple[Sample, Sample]]) -> None:
    """compare's jackknife computes each run's metrics on all its games once, its rows' parts filed
    as it goes, and every block's values from those parts: the rows without the score quantiles
    once cost a second whole-run computation, only to file their parts again."""
    a, b = samples["stargate/draft5.yaml"]
    calls: list[tuple[str, int]] = []
    quantiles = quantiles_left_out()
    left_out = LeftOut(quantiles.metric, _counted(quantiles.block_fn, calls, "without quantiles"))
    replicate([a, b], _counted(report_metrics(), calls, "report"), 30, complete_categories=True, left_out=left_out)
    games = a.game_ids().size
    assert calls == [("report", games), ("report", games)]


def test_the_blocks_without_the_quantiles_are_those_of_the_metrics_without_them(
        samples: dict[str, tuple[Sample, Sample]]) -> None:
    """Leaving the score quantiles out of the blocks gives every other row the very replicates of
    the report without quantiles (whose own whole-run computation filed their parts: the blocks'
    parts came from it before), and the quantiles NaN ones."""
    a, b = samples["stargate/draft5.yaml"]
    both = replicate([a, b], report_metrics(), 30, complete_categories=True, left_out=quantiles_left_out())
    without = replicate([a, b], report_metrics(quantiles=False), 30, complete_categories=True)
    quantile_keys = [key for key in both.keys if not without.has(key)]
    assert quantile_keys and all(metric in SCORE_QUANTILES for _, metric, _ in quantile_keys)
    assert all(np.isnan(both.reps[both.keys.index(key)]).all() for key in quantile_keys)
    rows = [both.keys.index(key) for key in without.keys]
    assert [both.keys[i] for i in rows] == list(without.keys)
    np.testing.assert_array_equal(both.full[rows], without.full)
    np.testing.assert_array_equal(both.reps[rows], without.reps)
    assert both.holding is not None and np.array_equal(both.holding[rows], without.holding)
    assert both.filled == without.filled


@pytest.mark.parametrize(("path", "bots"), [
    ("stargate/draft5.yaml", ("scripted:bays-when-short", "scripted:no-bays", "scripted:late-placer",
                              "scripted:early-placer")),
    ("stargate/draft6-crew-variety.yaml", ("scripted:bays-when-short", "scripted:no-bays", "random", "random")),
])
def test_the_findings_measures_give_the_recomputed_replicates(tmp_path: Path, path: str, bots: tuple[str, ...],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The findings' and tune's goal measures (a paired gap, an OLS slope, rows by Bays picks, crews
    dealt or not) have their parts too."""
    from playtest.games.stargate.findings_metrics import findings_metrics

    variant = load_variant(ROOT / "variants" / path)
    a, b = (simulate(variant, 8, bots, seed, tmp_path / str(seed)) for seed in (5, 6))
    from playtest.analysis.parts import recording

    with recording() as filed:
        table = findings_metrics(a.info, a.games, a.events)
    assert jackknife._row_parts(table, dict(filed)) is not None
    _same(replicate([a, b], findings_metrics, 30), _recomputed(monkeypatch, [a, b], findings_metrics, 30))


@pytest.mark.parametrize(("path", "rungs"), [
    ("stargate/draft5.yaml", ("random", "greedy")),
    pytest.param("ohseven/base.yaml", ("random", "heuristic"), marks=pytest.mark.slow),
])
def test_the_ladder_s_self_play_rows_give_the_recomputed_replicates(tmp_path: Path, path: str, rungs: tuple[str, ...],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The ladder's rows of its one self-play bot, relabelled after they were built, keep their parts."""
    from playtest.analysis.parts import recording
    from playtest.ladder.skill import ladder_metrics

    variant = load_variant(ROOT / "variants" / path)
    runs = [simulate(variant, 6, (bot,) * 4, 7, tmp_path / bot) for bot in rungs]
    with recording() as filed:
        table = ladder_metrics(runs[0].info, runs[0].games, runs[0].events)
    assert jackknife._row_parts(table, dict(filed)) is not None
    _same(replicate(runs, ladder_metrics, 30, complete_categories=True),
          _recomputed(monkeypatch, runs, ladder_metrics, 30, complete_categories=True))


def test_calibrate_s_jackknife_from_parts_is_the_recomputed_one(samples: dict[str, tuple[Sample, Sample]],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """calibrate's own jackknife (the table games' and each run's) takes the rows' parts too."""
    from functools import partial

    from playtest.analysis.calibration import SECTIONS, Source, calibrate
    from playtest.analysis.metrics import all_metrics

    a, b = samples["stargate/draft5.yaml"]
    table = Source("table", a.info, a.games.filter(pl.col("game") < 5), a.events.filter(pl.col("game") < 5))
    runs = [Source("run", b.info, b.games, b.events)]
    fn = partial(all_metrics, keys=SECTIONS, quantiles=False)
    with monkeypatch.context() as m:  # not one metric recomputed without a block of games
        m.setattr(Sample, "without", lambda self, ids: pytest.fail("a block's metrics were recomputed"))
        fast = calibrate(table, runs, fn).metrics
    with monkeypatch.context() as m:
        m.setattr(jackknife, "_row_parts", lambda table, filed: None)
        slow = calibrate(table, runs, fn).metrics
    assert fast.columns == slow.columns
    for column in fast.columns:
        if fast[column].dtype.is_numeric():
            np.testing.assert_allclose(fast[column].to_numpy().astype(float), slow[column].to_numpy().astype(float),
                                       rtol=1e-12, atol=1e-15, equal_nan=True, err_msg=column)
        else:
            assert fast[column].to_list() == slow[column].to_list(), column


def test_tune_s_metrics_with_the_game_s_goal_metrics_have_their_parts(samples: dict[str, tuple[Sample, Sample]],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """tune's table is the report's and the game's goal measures it lacks: the rows dropped as the
    report's own (the end triggers) must not leave the kept rows without parts."""
    from playtest.analysis.parts import recording
    from playtest.tune.metrics import tune_metrics

    a, b = samples["stargate/draft5.yaml"]
    fn = tune_metrics()
    with recording() as filed:
        table = fn(a.info, a.games, a.events)
    assert jackknife._row_parts(table, dict(filed)) is not None
    _same(replicate([a, b], fn, 30), _recomputed(monkeypatch, [a, b], fn, 30))


def test_the_benchmark_s_two_sides_give_the_same_replicates() -> None:
    """`make bench`'s jackknife line times the two paths on the same runs, and says so."""
    from playtest.bench import jackknife_parts

    found = jackknife_parts(4, rounds=1)
    assert found["same_replicates"] is True
    assert found["parts_cpu_s"] > 0 and found["recomputed_cpu_s"] > 0


def test_the_seats_parts_sum_as_the_recomputation_over_blocks_of_many_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of many games with win shares of 1/3 and 1/5 (shared wins), where the order of a sum
    shows in its last bit: `balance`'s seat rates from the parts once came out of a row-major copy
    of the games × seats matrix, summed in another order than the whole run's column-major one;
    seat 1's wins in a run of several chunks were summed chunk by chunk, the parts' in one."""
    from playtest.analysis import common

    rng = np.random.default_rng(5)
    n, seats = 400, 5
    winners = rng.integers(1, 4, n)  # each game shared by 1 to 3 seats
    won = np.zeros((n, seats))
    for g, k in enumerate(winners):
        won[g, rng.choice(seats, k, replace=False)] = 1 / k
    games = pl.DataFrame({"game": np.repeat(np.arange(n), seats), "seat": np.tile(np.arange(seats), n),
                          "win_share": won.ravel()})
    events = pl.DataFrame({"game": np.arange(n)})
    # `a` as a run grown in three batches holds it (diff --until-decided): in three chunks
    a = Sample({}, pl.concat([games[:601], games[601:1303], games[1303:]], rechunk=False), events)
    b = Sample({}, games.with_columns(pl.col("win_share").reverse().over("game")), events)
    assert a.games.n_chunks() == 3

    def seats_metrics(info: dict, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return pl.concat([common.balance(games), common.first_player_advantage(games)])

    _same(replicate([a, b], seats_metrics, 30), _recomputed(monkeypatch, [a, b], seats_metrics, 30))


def _completions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, object]]:
    """Every (metric, group, n) `replicate` adds to a block's rows from the parts (the whole
    tables' go through `complete`, not this name), noted as it adds them."""
    from playtest.compare.metrics import missing_categories

    added: list[tuple[str, str, object]] = []

    def noting(*args: Any, **kwargs: Any) -> list[tuple[str, str, Any]]:
        found = missing_categories(*args, **kwargs)
        added.extend(found)
        return found

    monkeypatch.setattr(jackknife, "missing_categories", noting)
    return added


def test_the_blocks_rows_completed_without_a_table_are_the_recomputed_tables_completed(
        samples: dict[str, tuple[Sample, Sample]], monkeypatch: pytest.MonkeyPatch) -> None:
    """`replicate` completes each block's rows from the parts as `complete` completes that block's
    table, without building it: a game length seen only in the left-out game is 0% there, with its
    whole's n. The recomputed path completes real tables; the two agree to the last bit."""
    runs = [samples[path][0] for path in ("stargate/draft6-no-replenish.yaml", "stargate/draft6-crew-variety.yaml")]
    kwargs = {"complete_categories": True, "left_out": quantiles_left_out()}
    with monkeypatch.context() as m:
        added = _completions(m)
        fast = replicate(runs, report_metrics(), 30, **kwargs)
    assert added, "no block lacked a category: this checks nothing"
    _same(fast, _recomputed(monkeypatch, runs, report_metrics(), 30, **kwargs))


def _selections(info: dict, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    """Distribution metrics of synthetic selections (events: game, round, action), each row with
    its parts: the share of selections by action, nested by round, and a mean with no group."""
    from playtest.analysis import columns as C
    from playtest.analysis.parts import PARTS, share

    ids, rounds, actions = (events[c].to_numpy() for c in ("game", "round", "action"))
    rows = []

    def add(metric: str, group: str | None, at: np.ndarray, hits: np.ndarray, **more: Any) -> None:
        rows.append({C.METRIC: metric, C.GROUP: group, C.ESTIMATE: share(hits), C.N: int(hits.size),
                     PARTS: Parts(ids[at], (hits,), share, n=np.ones(hits.size, dtype=np.int64), **more)})

    everything = np.ones(ids.size, dtype=bool)
    for action in sorted(set(actions)):
        hits = actions == action
        add("selection_share", action, everything, hits, shows=hits)
        for r in sorted(set(rounds)):
            if (hits & (rounds == r)).any():
                add("selection_share_by_round", f"round {r} / {action}", rounds == r, hits[rounds == r],
                    shows=hits[rounds == r])
    add("first_round_share", None, everything, rounds == 1, always=True)
    return C.metric_frame(rows)


def test_a_block_s_nested_categories_are_completed_as_its_table_would_be(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the shipped metrics rarely leave out of a block: a nested category ('round 2 / trade')
    is 0% with its whole's n in a block that has that round, and none in a block without it; a
    category only the other variant produced is 0% too; a row without a group keeps its place.
    Synthetic selections with rare actions, so that blocks of one game leave them out."""
    from playtest.compare.metrics import WHOLE_SEP

    rng = np.random.default_rng(11)
    runs = []
    for own in ("retreat", "goals"):
        actions = ["explore", "settle", "trade", own]
        picks = [(g, r, actions[rng.choice(4, p=[0.5, 0.3, 0.12, 0.08])])
                 for g in range(8) for r in range(1, int(rng.integers(2, 5)))]
        events = pl.DataFrame(picks, schema={"game": pl.Int64, "round": pl.Int64, "action": pl.String}, orient="row")
        runs.append(Sample({}, pl.DataFrame({"game": np.arange(8)}), events))
    with monkeypatch.context() as m:
        added = _completions(m)
        fast = replicate(runs, _selections, 30, complete_categories=True)
    assert any(WHOLE_SEP in g for _, g, _ in added) and any(WHOLE_SEP not in g for _, g, _ in added)
    assert fast.filled  # categories only the other variant produced
    _same(fast, _recomputed(monkeypatch, runs, _selections, 30, complete_categories=True))
