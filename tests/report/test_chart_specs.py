"""Chart shapes that no page rendered by `make test` draws, checked against the Vega-Lite schema
(the builders skip altair's own checks: playtest/report/vega.py). The other shapes are checked
on the pages the report, compare, sweep, ladder, tune and explain tests render. Every axis and
legend of every page's charts says what it shows: the game reports' and compare's, sweep's,
the ladder's and explain's pages here, calibrate's and tune's charts from their builders."""

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
    assert_titled_charts(html)  # the columns of the second key too


def test_calibrate_s_chart_of_flagged_metrics_is_valid() -> None:
    metrics = pl.DataFrame([{"metric": m, "group": g, "source": src, "estimate": est, "ci_low": est - 0.1,
                             "ci_high": est + 0.1}
                            for m, g in (("crew_pick_rate", "bays"), ("game_length_rounds", ""))
                            for src, est in (("table", 0.5), ("greedy", 0.3))])
    cal = Calibration(metrics=metrics, runs=pl.DataFrame({"run": ["greedy"]}),
                      flags=pl.DataFrame({"metric": ["crew_pick_rate", "game_length_rounds"]}), table_games=3)
    spec = calibration._chart(cal, {})
    assert spec is not None and "facet" in spec
    assert_valid_spec("calibration", spec)
    assert not _untitled(spec)  # its rows of sources and of metrics, and a value axis that is not 'value'


def test_tune_s_chart_of_a_categorical_key_is_valid() -> None:
    trials = pl.DataFrame({"trial": [0, 1, 2], "rule": ["a", "b", "a"], "objective": [0.3, 0.1, 0.2]})
    spec = tune._key_chart(trials, "rule", numeric=False)
    assert_valid_spec("tune-key", spec)
    assert not _untitled(spec)


def test_tune_s_chart_of_a_numeric_key_spans_the_values_tried() -> None:
    """`--param rules.stocks.chips_per_player=8..16` drew its trials on an axis from 0 to 16,
    the points crowded into its right half: the axis spans the values tried."""
    trials = pl.DataFrame({"trial": [0, 1, 2], "chips": [8, 12, 16], "objective": [0.3, 0.1, 0.2]})
    spec = tune._key_chart(trials, "chips", numeric=True)
    assert_valid_spec("tune-key", spec)
    assert spec["encoding"]["x"]["scale"]["zero"] is False


def test_tune_s_axes_of_trials_and_of_an_integer_key_tick_whole_numbers() -> None:
    """A budget of 4 drew its trials on ticks 0.0 0.2 0.4 … 3.0, and crews.bays.time=0..4 on
    0.0 0.5 … 4.0: no trial 0.2, no half a time unit. A float key keeps Vega's ticks. Thousands
    are separated as on every other axis (',d', not 'd': a budget of 2000 read '1000')."""
    trials = pl.DataFrame({"trial": [0, 1, 2, 3], "time": [4, 0, 2, 3], "weight": [0.5, 1.5, 0.7, 1.1],
                           "objective": [0.16, 0.19, 0.29, 0.49]})
    spec = tune._objective_chart(trials)
    assert_valid_spec("tune-objective", spec)
    assert all(layer["encoding"]["x"]["axis"] == {"tickMinStep": 1, "format": ",d"} for layer in spec["layer"])
    spec = tune._key_chart(trials, "time", numeric=True)
    assert_valid_spec("tune-key", spec)
    assert spec["encoding"]["x"]["axis"] == {"tickMinStep": 1, "format": ",d"}
    assert "tickMinStep" not in tune._key_chart(trials, "weight", numeric=True)["encoding"]["x"].get("axis", {})


def test_a_row_without_an_interval_is_drawn_beside_rows_with_one() -> None:
    """'Gold gained per player, by source' left out its first row, the start gold (the same in
    every game: no interval), though its description begins with it, and a source that paid
    nothing in any game: a chart drew only the rows with an interval. Such a row is now a dot
    without a bar; a chart none of whose rows has an interval is still left out."""
    import json

    from playtest.analysis.metrics import Section
    from playtest.report.charts import build_charts
    from playtest.report.model import Report, Verdict

    nan = float("nan")

    def report(rows: list[tuple[str, float, float, float]]) -> Report:
        df = C.metric_frame([{C.METRIC: "gold_by_source", C.GROUP: g, C.ESTIMATE: e, C.CI_LOW: lo, C.CI_HIGH: hi,
                              C.N: 6, C.DEFINITION: "Gold."} for g, e, lo, hi in rows])
        return Report(run={"game": "newfrontiers"}, names={}, verdict=Verdict("unknown", "", "", ()),
                      sections=(Section("game:gold", "Gold", df, True),))

    [chart] = build_charts(report([("start", 3.5, nan, nan), ("settle rewards", 0.0, nan, nan),
                                   ("trade", 10.1, 8.0, 11.9)]))
    json.dumps(chart.spec, allow_nan=False)
    assert_valid_spec("interval", chart.spec)
    rows = next(iter(chart.spec["datasets"].values()))
    assert [r["label"] for r in rows] == ["start", "settle rewards", "trade"]
    assert build_charts(report([("start", 3.5, nan, nan)])) == []


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


def test_a_by_round_heatmap_reads_across_many_rounds_in_the_game_s_order() -> None:
    """New Frontiers' 'Action selected in each round' over 16 rounds drew 16 columns in 300
    pixels: the 'round 1' … 'round 16' labels ran into one another and '100%' spilled over its
    cell; and its rows were sorted by name (develop, envoy, explore, …), not in the order of
    the game's table (retreat, develop, …). Each column now has room, the axis (titled 'round')
    labels it by number, and the rows keep the table's order."""
    from playtest.report.charts import heatmap

    inner = ["retreat", "develop", "explore"]
    labels = [f"round {r} / {a}" for r in range(1, 17) for a in inner]
    df = pl.DataFrame({"label": labels, C.ESTIMATE: [0.5] * len(labels), C.CI_LOW: [0.4] * len(labels),
                       C.CI_HIGH: [0.6] * len(labels), C.N: [10] * len(labels)})
    spec = heatmap(df, "selected_in_round")
    assert_valid_spec("heatmap", spec)
    assert spec["width"] >= 30 * 16
    rect = spec["layer"][0]["encoding"]
    assert rect["y"]["sort"] == inner
    assert rect["x"]["title"] == "round" and rect["x"]["sort"] == [str(r) for r in range(1, 17)]
    rows = next(iter(spec["datasets"].values()))
    assert {row["label"] for row in rows} == set(labels)  # the tooltip keeps the whole name


def test_a_ladder_legend_of_long_names_stands_in_one_column_inside_its_card() -> None:
    """Stargate's ladder: two columns of 'share of majorities on a 0-VP slot (海洋惑星アクア Ocean
    Aqua)' ran past the chart's card (it scrolled sideways) and cut the names short. Long names
    stand one a line; short ones (crews, rounds) keep two columns."""
    from types import SimpleNamespace

    from playtest.report.ladder_html import LEGEND_CARD_PX, metric_chart

    ladder = SimpleNamespace(rungs=("random", "greedy"), declared=None)

    def legend(titles: list[str]) -> dict:
        rows = [{"rung": r, C.GROUP: t, "title": t, C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6, C.N: 20}
                for r in ladder.rungs for t in titles]
        spec = metric_chart(ladder, "planet_zero_vp_majority_rate", rows)  # type: ignore[arg-type]
        assert_valid_spec("ladder", spec)
        return spec["layer"][0]["encoding"]["color"]["legend"]

    planets = [f"share of majorities on a 0-VP slot ({p})" for p in ("海洋惑星アクア Ocean Aqua", "ガス惑星サターン Gas Saturn")]
    assert legend(planets)["columns"] == 1 and legend(planets)["labelLimit"] <= LEGEND_CARD_PX
    assert legend(["round 1", "round 2", "round 3"])["columns"] == 2


def test_sweep_and_ladder_legends_keep_the_table_s_order() -> None:
    """A sweep's (and the ladder's) 'Leader after the round wins' listed its colours round 10,
    round 11, …, round 2, round 3 (sorted as text), and New Frontiers' actions by name: the
    legend now keeps the order of the table's rows."""
    from types import SimpleNamespace

    from playtest.report.ladder_html import metric_chart

    groups = ["round 2", "round 3", "round 10", "round 11"]
    rows = pl.DataFrame([{"x": x, C.GROUP: g, C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6, C.N: 20}
                         for x in ("1", "2") for g in groups])
    spec = render._sweep_chart(rows, "leader_after_round_wins", "x", ["1", "2"], None)
    assert spec["layer"][0]["encoding"]["color"]["sort"] == groups
    ladder = SimpleNamespace(rungs=("random", "greedy"), declared=None)
    ladder_rows = [{"rung": r, C.GROUP: g, "title": g, C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6, C.N: 20}
                   for r in ladder.rungs for g in groups]
    spec = metric_chart(ladder, "leader_after_round_wins", ladder_rows)  # type: ignore[arg-type]
    assert spec["layer"][0]["encoding"]["color"]["sort"] == groups


def test_a_sweep_chart_s_axis_holds_every_interval_end() -> None:
    """The balance chart of a New Frontiers sweep stopped its axis at 75% and cut the intervals
    that reached below it: the y scale's domain is every end and estimate drawn."""
    rows = pl.DataFrame([{"x": str(x), C.GROUP: "seats", C.ESTIMATE: e, C.CI_LOW: lo, C.CI_HIGH: 1.0, C.N: 150}
                         for x, e, lo in ((6, 0.93, 0.78), (7, 0.91, 0.76), (8, 0.89, 0.738), (9, 0.89, 0.741))])
    spec = render._sweep_chart(rows, "balance", "x", ["6", "7", "8", "9"], None)
    assert_valid_spec("sweep", spec)
    bands = spec["layer"][0]
    assert bands["encoding"]["y"]["scale"]["domain"] == [0.738, 1.0]


def test_a_sweep_chart_s_short_key_values_read_level_and_long_ones_stay_turned() -> None:
    """crews.bays.time=1,2,3 printed '1', '2', '3' turned on their side under every chart of the
    sweep; a value that fits its band now reads level. Choices longer than their band
    (later_first_cube, earlier_first_cube beside each other) stay turned, not run together."""
    def x_axes(values: list[str]) -> list[dict]:
        rows = pl.DataFrame([{"x": v, C.GROUP: "all", C.ESTIMATE: 4.5, C.CI_LOW: 4.3, C.CI_HIGH: 4.7, C.N: 40}
                             for v in values])
        spec = render._sweep_chart(rows, "game_length_rounds", "x", values, None)
        assert_valid_spec("sweep", spec)
        return [layer["encoding"]["x"].get("axis", {}) for layer in spec["layer"]]

    assert all(axis.get("labelAngle") == 0 for axis in x_axes(["1", "2", "3"]))
    choices = [f"{w}_first_cube_{i}" for i in range(4) for w in ("later", "earlier")]
    assert all("labelAngle" not in axis for axis in x_axes(choices))
    # Wide characters take two columns: 8 of them do not fit an 80 px band (len counted 8 × 7 px).
    assert all("labelAngle" not in axis for axis in x_axes(["アームストロング", "ベイス", "オーリンズ", "ラヘル"]))


def test_tune_s_trial_tooltips_read_columns_named_by_dotted_keys() -> None:
    """Vega reads 'scoring.exact_bonus' as a path into nested data: every trial's tooltip in
    tune.html showed 'scoring.exact_bonus: NaN' and 'bidding.first_lead: undefined'. The field is
    escaped and its title keeps the key."""
    trials = pl.DataFrame({"trial": [0, 1], "state": ["complete"] * 2, "objective": [0.2, 0.1],
                           "scoring.exact_bonus": [4, 2], "bidding.first_lead": ["left_of_dealer", "highest_bidder"]})
    spec = tune._objective_chart(trials)
    assert_valid_spec("tune-objective", spec)
    assert not _untitled(spec)
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


FALLBACKS = {"value", "group"}
"""Titles that say nothing: what an axis reads when no one titled it (a field's name)."""


def _untitled(spec: dict) -> list[str]:
    """Every channel of a chart that shows something and says nowhere what: x and y (each
    titled by at least one of the layers drawing it), a legend (a color not hidden with
    `legend: None`) and a facet's rows or columns; a title of None or a bare FALLBACKS word
    counts as none. Layers, facets and concatenations are followed down."""
    titles: dict[str, list] = {}

    def walk(part: dict) -> None:
        for channel, encoding in (part.get("encoding") or {}).items():
            if channel in ("x", "y") or (channel == "color" and encoding.get("legend", {}) is not None
                                         and "field" in encoding):
                titles.setdefault(channel, []).append(encoding.get("title"))
        for channel, encoding in (part.get("facet") or {}).items():
            if isinstance(encoding, dict) and channel in ("row", "column"):
                titles.setdefault(f"facet {channel}", []).append(encoding.get("title"))
        for key in ("layer", "hconcat", "vconcat", "concat"):
            for sub in part.get(key) or []:
                walk(sub)
        if isinstance(part.get("spec"), dict):
            walk(part["spec"])

    walk(spec)
    return [f"{channel}: {given}" for channel, given in titles.items()
            if not any(isinstance(t, str) and t and t not in FALLBACKS for t in given)]


def assert_titled_charts(html: str, *, at_least: int = 1) -> None:
    """Every chart of a page playtest wrote titles each axis and legend (`_untitled`)."""
    import json
    import re

    found = re.search(r'<script type="application/json" id="chart-specs">(.*?)</script>', html, re.S)
    assert found, "the page holds no chart specs"
    specs = json.loads(found.group(1))
    assert len(specs) >= at_least
    bad = {key: missing for key, spec in specs.items() if (missing := _untitled(spec))}
    assert not bad, bad


@pytest.fixture(scope="module")
def ohseven_pages(tmp_path_factory):
    """compare.html, sweep.html, ladder.html and explain.html of tiny Oh-Seven runs (4-8 games,
    heuristic and random bots: about 3 s in all)."""
    from tests.conftest import invoke_cli

    root = tmp_path_factory.mktemp("pages")
    base = "variants/ohseven/base.yaml"
    common = ("-w", "1", "--seed", "1")
    for args in (("compare", base, "variants/ohseven/hook.yaml", "-n", "6", "--bots", "heuristic,random,heuristic,random",
                  "--out", root / "compare"),
                 ("sweep", base, "--set", "scoring.exact_bonus=1,3", "--set", "scoring.exact_per_bid=1,2", "-n", "4",
                  "--bots", "heuristic", "--out", root / "sweep"),
                 ("ladder", base, "--rungs", "random,heuristic", "-n", "8", "--players", "4", "--out", root / "ladder")):
        result = invoke_cli(*map(str, args), *common)
        assert result.returncode == 0, result.stderr
    result = invoke_cli("explain", str(root / "sweep"))
    assert result.returncode == 0, result.stderr
    return root


@pytest.mark.parametrize("page", ["compare/compare.html", "sweep/sweep.html", "ladder/ladder.html",
                                  "sweep/explain.html"])
def test_every_axis_and_legend_of_the_other_pages_charts_has_a_title(ohseven_pages, page) -> None:
    """compare's charts had no title on either axis ('0.5 1 1.5': rebids? points?), the ladder's
    none on the value axis, the legend or the rows, a sweep's legend read 'group' and its second
    key's columns had no name, explain's rows none: each says what it shows, as the game reports'
    charts do (test_every_axis_of_every_chart_of_each_game_s_report_has_a_title)."""
    assert_titled_charts((ohseven_pages / page).read_text(encoding="utf-8"))


def test_the_other_pages_axes_say_what_their_numbers_count(ohseven_pages) -> None:
    """The titles are the metric's own words: a share's axis says '%', a count its unit, the
    rows what they are (seat, bid, players / score part), a second swept key its name."""
    import json
    import re

    def specs(page: str) -> list[dict]:
        html = (ohseven_pages / page).read_text(encoding="utf-8")
        return list(json.loads(re.search(r'id="chart-specs">(.*?)</script>', html, re.S).group(1)).values())

    compare = [_axis_titles(s) for s in specs("compare/compare.html")]
    assert {"x": ["share (%)"], "y": ["seat", "seat"]} in compare
    assert {"x": ["points"], "y": ["players / score part"] * 2} in compare
    sweep = specs("sweep/sweep.html")
    assert all(s["facet"]["column"]["title"] == "other settings" for s in sweep)
    layers = {s["spec"]["layer"][0]["encoding"]["y"]["title"]: s["spec"]["layer"][0]["encoding"]["color"]["title"]
              for s in sweep}
    assert layers["Win rate by seat: share (%)"] == "seat"
    assert layers["Forced rebids per round"] == layers["Redeals per match"] == "mean"  # the unit in the title
    ladder = [_axis_titles(s) for s in specs("ladder/ladder.html")]
    assert {"x": ["rung (weakest → strongest)"] * 2, "y": ["share (%)"]} in ladder
    legends = [s["layer"][0]["encoding"]["color"]["title"] for s in specs("ladder/ladder.html")[2:] if "layer" in s]
    assert "players / score part" in legends and not [t for t in legends if t.endswith("/")]


def test_chart_rows_belong_to_the_chart_being_built_even_when_one_builds_another() -> None:
    """The rows a @vega_spec function gives with `chart_rows` go into its own spec's `datasets`:
    a chart built inside another (nested), or one that raised, leaves the outer chart's rows
    whole; outside any @vega_spec function the rows would be lost, so it raises."""
    import altair as alt

    from playtest.report.vega import chart_rows, vega_spec

    @vega_spec
    def inner(fail: bool) -> alt.TopLevelMixin:
        chart = alt.Chart(chart_rows([{"x": 2}])).mark_point().encode(x="x:Q")
        if fail:
            raise ValueError("no chart")
        return chart

    @vega_spec
    def outer() -> alt.TopLevelMixin:
        data = chart_rows([{"x": 1}])
        assert inner(False)["datasets"] == {"rows-0": [{"x": 2}]}
        with pytest.raises(ValueError):
            inner(True)
        return alt.layer(alt.Chart(data).mark_point().encode(x="x:Q"),
                         alt.Chart(chart_rows([{"x": 3}])).mark_rule().encode(x="x:Q"))

    spec = outer()
    assert spec["datasets"] == {"rows-0": [{"x": 1}], "rows-1": [{"x": 3}]}
    assert [layer["data"] for layer in spec["layer"]] == [{"name": "rows-0"}, {"name": "rows-1"}]
    assert_valid_spec("nested chart_rows", spec)
    with pytest.raises(RuntimeError, match="outside a function decorated with @vega_spec"):
        chart_rows([{"x": 1}])
