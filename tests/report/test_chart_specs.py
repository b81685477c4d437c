"""Chart shapes that no page rendered by `make test` draws, checked against the Vega-Lite schema
(the builders skip altair's own checks: playtest/report/vega.py). The other shapes are checked
on the pages the report, compare, sweep, ladder, tune and explain tests render."""

from __future__ import annotations

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis.calibration import Calibration
from playtest.compare import render
from playtest.report import calibration, tune
from tests.conftest import assert_valid_charts, assert_valid_spec


def test_a_sweep_over_two_keys_draws_faceted_charts_that_are_valid() -> None:
    rows = [{"point": f"a={a}, b={b}", "a": str(a), "b": str(b), C.METRIC: "game_length_rounds", C.GROUP: "all",
             C.ESTIMATE: 5.0 + a + b, C.CI_LOW: 4.0 + a, C.CI_HIGH: 6.0 + a + b, C.N: 10,
             C.DEFINITION: "Rounds per game."} for a in (1, 2) for b in (0, 1)]
    run = {"games": 10, "players": 4, "lineup": ["random"] * 4, "seed": 1, "command": "playtest sweep", "variant": "v"}
    html = render.sweep_html(pl.DataFrame(rows), ["game_length_rounds"], ["a", "b"], run)
    assert '"facet"' in html
    assert_valid_charts(html)


def test_calibrate_s_chart_of_flagged_metrics_is_valid() -> None:
    metrics = pl.DataFrame([{"metric": m, "group": g, "source": src, "estimate": est, "ci_low": est - 0.1,
                             "ci_high": est + 0.1}
                            for m, g in (("crew_pick_rate", "bays"), ("game_length_rounds", ""))
                            for src, est in (("table", 0.5), ("greedy", 0.3))])
    cal = Calibration(metrics=metrics, runs=pl.DataFrame({"run": ["greedy"]}),
                      flags=pl.DataFrame({"metric": ["crew_pick_rate", "game_length_rounds"]}), table_games=3)
    spec = calibration._chart(cal)
    assert spec is not None and "facet" in spec
    assert_valid_spec("calibration", spec)


def test_tune_s_chart_of_a_categorical_key_is_valid() -> None:
    trials = pl.DataFrame({"trial": [0, 1, 2], "rule": ["a", "b", "a"], "objective": [0.3, 0.1, 0.2]})
    assert_valid_spec("tune-key", tune._key_chart(trials, "rule", numeric=False))


def test_a_by_round_heatmap_with_an_unknown_value_is_valid_json() -> None:
    """A round whose value or interval is unknown (NaN: too few games reached it) is an empty
    cell: JSON has no NaN, and the page refused to be written ('Out of range float values')."""
    import json

    from playtest.report.charts import heatmap

    nan = float("nan")
    df = pl.DataFrame({"label": ["round 1 / a", "round 1 / b", "round 2 / a"], C.ESTIMATE: [0.5, 0.25, nan],
                       C.CI_LOW: [0.2, nan, nan], C.CI_HIGH: [0.8, nan, nan], C.N: [4, 4, 1]})
    spec = heatmap(df, "crew_pick_rate_by_round")
    json.dumps(spec, allow_nan=False)
    assert_valid_spec("heatmap", spec)


def test_a_sweep_chart_s_axis_holds_every_interval_end() -> None:
    """The balance chart of a New Frontiers sweep stopped its axis at 75% and cut the intervals
    that reached below it: the y scale's domain is every end and estimate drawn."""
    rows = pl.DataFrame([{"x": str(x), C.GROUP: "seats", C.ESTIMATE: e, C.CI_LOW: lo, C.CI_HIGH: 1.0, C.N: 150}
                         for x, e, lo in ((6, 0.93, 0.78), (7, 0.91, 0.76), (8, 0.89, 0.738), (9, 0.89, 0.741))])
    spec = render._sweep_chart(rows, "balance", "x", ["6", "7", "8", "9"], None)
    assert_valid_spec("sweep", spec)
    bands = spec["layer"][0]
    assert bands["encoding"]["y"]["scale"]["domain"] == [0.738, 1.0]


def test_tune_s_trial_tooltips_read_columns_named_by_dotted_keys() -> None:
    """Vega reads 'scoring.exact_bonus' as a path into nested data: every trial's tooltip in
    tune.html showed 'scoring.exact_bonus: NaN' and 'bidding.first_lead: undefined'. The field is
    escaped and its title keeps the key."""
    trials = pl.DataFrame({"trial": [0, 1], "state": ["complete"] * 2, "objective": [0.2, 0.1],
                           "scoring.exact_bonus": [4, 2], "bidding.first_lead": ["left_of_dealer", "highest_bidder"]})
    spec = tune._objective_chart(trials)
    assert_valid_spec("tune-objective", spec)
    tips = {t["title"]: t for t in spec["layer"][0]["encoding"]["tooltip"]}
    assert tips["scoring.exact_bonus"]["field"] == "scoring\\.exact_bonus"
    assert tips["scoring.exact_bonus"]["type"] == "quantitative"
    assert tips["bidding.first_lead"]["field"] == "bidding\\.first_lead"
    assert tips["bidding.first_lead"]["type"] == "nominal"


def _axis_titles(spec: dict) -> dict[str, list]:
    """Each positional channel of a chart (x, y) → the titles its layers give it, absent ones
    left out (Vega-Lite takes an explicit title over the field names of the other layers)."""
    out: dict[str, list] = {}
    for layer in [spec, *spec.get("layer", [])]:
        for channel in ("x", "y"):
            encoding = layer.get("encoding", {}).get(channel)
            if encoding is not None:
                out.setdefault(channel, [])
                if "title" in encoding:
                    out[channel].append(encoding["title"])
    return out


@pytest.fixture(scope="module")
def newfrontiers_dir(tmp_path_factory):
    from tests.report.conftest import _run
    return _run(tmp_path_factory, "nf", "variants/new-frontiers/base.yaml",
                ("greedy", "scripted:military", "scripted:producer", "random"), 12)


@pytest.mark.parametrize("run", ["stargate_dir", "ohseven_dir", "newfrontiers_dir"])
def test_every_axis_of_every_chart_of_each_game_s_report_has_a_title(run, request) -> None:
    """The New Frontiers gold chart's value axis had no title (gold? VP? a share?), nor had
    the axis of rows of any chart: each says what it counts and what its rows are, in words of
    the metric's own ('gold', 'share (%)', 'source'), never the fallbacks 'value' or 'group'."""
    from playtest.report.charts import build_charts
    from playtest.report.model import build_report
    from playtest.sim.batch import read_run

    report = build_report(*read_run(request.getfixturevalue(run)))
    charts = build_charts(report)
    assert len(charts) > 8
    for chart in charts:
        titles = _axis_titles(chart.spec)
        assert set(titles) == {"x", "y"}, chart.key
        for channel, given in titles.items():
            assert given and all(isinstance(t, str) and t for t in given), (chart.key, channel, given)
            assert not set(given) & {"value", "group"}, (chart.key, channel, given)
    by_key = {c.key.rsplit(":", 1)[-1]: _axis_titles(c.spec) for c in charts}
    if run == "newfrontiers_dir":
        assert by_key["gold_by_source"] == {"x": ["gold"], "y": ["source", "source"]}
        assert by_key["select_win_lift"]["x"] == ["difference (percentage points)"]
