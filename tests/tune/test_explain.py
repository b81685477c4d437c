"""explain: known effects are recovered with intervals that cover them; sentences; sweep output."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from playtest.errors import PlaytestError
from playtest.report.explain import explain_json, explain_markdown
from playtest.tune.explain import Design, Key, Response, effects, read_design, sentence, sentences
from tests.conftest import DRAFT5, assert_valid_charts
from tests.tune.helpers import invoke


def _design(n=40, seed=1, se=None):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 5, n).astype(float)
    rule = rng.choice(["later", "earlier"], n)
    noise = rng.normal(0, 0.05, n)
    rounds = 6.0 - 0.4 * t + 0.3 * (rule == "earlier") + noise   # known effects
    flat = 5.0 + rng.normal(0, 0.05, n)                              # moved by nothing
    rows = pl.DataFrame({"crews.bays.time": t, "scoring.majority_tiebreak": rule, "length": rounds, "flat": flat})
    return Design("tune", __import__("pathlib").Path("run"),
                  [Key("crews.bays.time", True), Key("scoring.majority_tiebreak", False, ("later", "earlier"))],
                  [Response("length", "game_length_rounds", "game_length_rounds"), Response("flat", "flat", "flat")],
                  rows, {}, ("greedy",) * 4, 100)


def _title(metric: str, design: Design) -> str:
    """The metric as compare titles it, as explain's text names it (its game's declared title)."""
    from playtest.compare.render import metric_title

    return metric_title(metric, design.declared)


def test_known_effects_are_found_ranked_and_put_in_words():
    table = effects(_design())
    strong = table.filter(pl.col("strong"))
    assert strong.select("response", "key").rows() == [("game_length_rounds", "crews.bays.time"),
                                                        ("game_length_rounds", "scoring.majority_tiebreak")]
    t = strong.row(0, named=True)
    assert t["ci_low"] < -0.4 < t["ci_high"] and t["ci_high"] - t["ci_low"] < 0.05
    r = strong.row(1, named=True)
    assert r["ci_low"] < 0.3 < r["ci_high"] and (r["level"], r["reference"]) == ("earlier", "later")
    assert table.filter(pl.col("response") == "flat")["strong"].to_list() == [False, False]
    said = sentences(table, ("greedy",) * 4)
    assert re.fullmatch(r"raising crews\.bays\.time by 1 lowers game_length_rounds by 0\.3\d+ rounds "
                        r"\[0\.3\d+, 0\.4\d+\] \(bots: greedy ×4\)\.", said[0]), said[0]
    assert re.fullmatch(r"setting scoring\.majority_tiebreak to earlier instead of later raises game_length_rounds "
                        r"by 0\.\d+ rounds \[0\.\d+, 0\.\d+\] \(bots: greedy ×4\)\.", said[1]), said[1]


def test_trials_that_fit_exactly_give_no_interval_and_no_claim():
    """Tune's trials play the same games: a rule the bots do not react to moves a number by the
    same amount in every trial, the fit is exact, and the residual error (0) said '5.5 pts
    [5.5, 5.5]', strong at p < 0.001, about one set of games."""
    from playtest.report.explain import explain_markdown

    d = _design()
    exact = 0.4 + 0.055 * (d.rows["scoring.majority_tiebreak"] == "earlier").cast(pl.Float64)
    d.rows = d.rows.with_columns(exact.alias("exact"))
    d.responses.append(Response("exact", "exact_rate (highest bidder)", "exact_rate"))
    table = effects(d)
    rows = table.filter(pl.col("response") == "exact_rate (highest bidder)")
    assert rows.height == 2 and not rows["strong"].any()
    assert rows["ci_low"].is_null().all() and rows["p_value"].is_null().all() and rows["p_holm"].is_null().all()
    assert rows["method"].str.contains("fit exactly").all()
    tie = rows.filter(pl.col("key") == "scoring.majority_tiebreak").row(0, named=True)
    assert abs(tie["estimate"] - 0.055) < 1e-12
    assert table.filter(pl.col("strong")).height == 2  # the other responses' effects as before
    assert table["p_value"].is_null().to_list() == [False] * 4 + [True] * 2  # ranked last: nothing measured
    md = explain_markdown(d, table)
    assert "+5.5 pts (no interval: exact fit)" in md
    assert "The trials play the same games: an interval measures how the trials scatter" in md  # a tune's caveat
    # Holm ran over the 4 effects that have a p-value, not the 6 listed
    assert "after Holm over all 4 effects (and 2 of trials that fit exactly: no interval, never strong)." in md
    assert not any("exact_rate" in s for s in sentences(table, ("greedy",)))
    # the table's order is said where the table is (it reads as unsorted by the standardised column)
    from playtest.report.explain import RANK_NOTE, explain_html
    assert f"## Ranked effects\n\n{RANK_NOTE}\n\n| key |" in md
    # and what its 'standardised' column is, on the page (it was defined in docs/tune.md only)
    assert "Standardised: the effect × the key's spread (sd) over the trials or points ÷ the number's spread" in md
    assert "interval allows (strong effects first" in explain_html(d, table)
    from playtest.report.explain import _chart

    # the chart's legend names its colours in words, not 'false' and 'true'
    values = {row["strong"] for rows in _chart(table)["datasets"].values() for row in rows if "strong" in row}
    assert values == {"strong", "not strong"}
    # and each colour means one thing on every page: a page of 'not strong' effects only drew them
    # in the blue another page gave 'strong' (h203)
    def colors(t: pl.DataFrame) -> dict:
        [dots] = [layer for layer in _chart(t)["layer"] if "color" in layer.get("encoding", {})]
        scale = dots["encoding"]["color"]["scale"]
        return dict(zip(scale["domain"], scale["range"], strict=True))

    weak = table.with_columns(strong=pl.lit(False))
    assert colors(weak) == colors(table) and colors(weak)["strong"] != colors(weak)["not strong"]


def test_a_number_no_point_estimated_is_skipped_not_an_internal_error():
    """New Frontiers leaves a win lift unestimated (null) when every player selected the action
    in every game: `playtest explain` on a 3-point New Frontiers sweep (rules.setup.gold=2,3,4,
    6 greedy games each) stopped with 'internal error: ValueError: zero-size array'."""
    d = _design()
    d.rows = d.rows.with_columns(unestimated=pl.lit(None, dtype=pl.Float64))
    d.responses.append(Response("unestimated", "select_win_lift (envoy)", "select_win_lift"))
    table = effects(d)
    assert "select_win_lift (envoy)" not in table["response"].to_list()
    assert table.filter(pl.col("strong")).height == 2


def test_intervals_cover_the_true_effect_about_95_percent_of_the_time():
    covered = 0
    runs = 200
    for seed in range(runs):
        row = effects(_design(n=12, seed=seed)).filter((pl.col("response") == "game_length_rounds")
                                                       & (pl.col("key") == "crews.bays.time")).row(0, named=True)
        covered += row["ci_low"] <= -0.4 <= row["ci_high"]
    assert 0.90 <= covered / runs <= 0.99


def test_sentence_reads_like_the_issue():
    row = {"estimate": -0.4, "ci_low": -0.5, "ci_high": -0.3, "metric": "game_length_rounds", "difference": False,
           "level": "", "key": "crews.bays.time", "step": 1.0, "response": "the mean game length", "reference": ""}
    assert sentence(row, ("greedy",) * 4) == ("raising crews.bays.time by 1 lowers the mean game length by 0.40 rounds "
                                              "[0.30, 0.50] (bots: greedy ×4).")
    assert sentence(row, ("greedy", "random")).endswith("(bots: greedy, random).")


def test_an_effect_and_its_interval_ends_are_written_at_one_precision():
    """Each number at three significant digits of its own read '0.3 rounds [-0.0159, 0.616]':
    now two significant digits of the interval's half-width for all three, as in the
    sentence and in the Markdown table."""
    from playtest.report.explain import _size

    row = {"estimate": -0.3, "ci_low": -0.616, "ci_high": 0.0159, "metric": "game_length_rounds", "difference": False,
           "level": "", "key": "crews.bays.time", "step": 1.0, "response": "the mean game length", "reference": ""}
    assert "by 0.30 rounds [-0.02, 0.62]" in sentence(row, ()), sentence(row, ())
    assert _size(row, {}) == "-0.30 rounds [-0.62 rounds, +0.02 rounds]"
    exact = {**row, "ci_low": None, "ci_high": None}
    assert _size(exact, {}) == "-0.300 rounds (no interval: exact fit)"


def test_a_sentence_gives_the_unit_its_game_declares():
    """explain picked units by the metric's suffix (_rounds, _turns) alone: New Frontiers' gold
    read bare ('raises ... by 1.2') where compare's sentences say '1.20 gold' (MetricInfo.unit)."""
    from playtest.games import get_game

    row = {"estimate": 1.2, "ci_low": 0.8, "ci_high": 1.6, "metric": "gold_by_source", "difference": False,
           "level": "", "key": "rules.bonuses.retreat_gold", "step": 1.0, "response": "gold from the action bonus",
           "reference": ""}
    said = sentence(row, ("greedy",) * 4, get_game("newfrontiers").metric_info)
    assert "raises gold from the action bonus by 1.20 gold [0.80, 1.60]" in said, said


def test_explain_reads_a_sweep(tmp_path):
    out = tmp_path / "sweep"
    code, _, err = invoke("sweep", DRAFT5, "--set", "crews.bays.time=0,2,4", "-n", "24", "--bots", "random",
                          "-w", "1", "--out", out, "-m", "crew_pick_rate", "-m", "game_length_rounds")
    assert code == 0, err
    code, stdout, err = invoke("explain", out, "--format", "json")
    assert code == 0, err
    doc = json.loads(stdout)
    assert doc["source"] == "sweep" and doc["bots"] == ["random"] * 4
    keys = {(e["response"], e["key"]) for e in doc["effects"]}
    assert ("crew_pick_rate (bays)", "crews.bays.time") in keys and ("game_length_rounds", "crews.bays.time") in keys
    # The text names each number as compare titles it; explain.json's `response` keeps the id JSON readers match on.
    from playtest.compare.render import metric_title
    from playtest.tune.explain import declared_in

    declared = declared_in(out)
    titled = {e["response"]: e["title"] for e in doc["effects"]}
    assert titled["crew_pick_rate (bays)"] == f"{metric_title('crew_pick_rate', declared)} (bays)" != "crew_pick_rate (bays)"
    md = (out / "explain.md").read_text()
    assert f"| {titled['crew_pick_rate (bays)']} |" in md and f"| {titled['game_length_rounds']} |" in md
    assert "crew_pick_rate" not in md and "game_length_rounds" not in md
    assert "crew_pick_rate" not in " ".join(doc["sentences"]) and "crew_pick_rate" not in (out / "explain.html").read_text().split("<script")[0]
    assert all(e["df"] == 1 and e["method"].startswith("weighted least squares") for e in doc["effects"])
    # The sweep names its game: explain knows the game's metric kinds with the runs deleted too.
    assert json.loads((out / "sweep.json").read_text())["run"]["game"] == "stargate"
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "sweep.json").write_text((out / "sweep.json").read_text())
    assert declared_in(alone) == declared_in(out) != {}
    assert "The trials play the same games" not in (out / "explain.md").read_text()  # a sweep's points carry errors
    assert_valid_charts((out / "explain.html").read_text())
    code, _, err = invoke("explain", out, "--metric", "nope")
    assert code == 2 and err.startswith("error: --metric nope: no such metric in this sweep (known: ")
    code, _, err = invoke("explain", out, "--metric", "game_length_round")
    assert code == 2 and err.startswith("error: --metric game_length_round: no such metric in this sweep (did you mean "
                                        "'game_length_rounds'? known: ")
    code, again, _ = invoke("explain", out, "--format", "json")  # the same explanation: written again, same text
    assert code == 0 and again == stdout
    code, _, err = invoke("explain", out, "-m", "game_length_rounds")  # another choice: explain's own files replaced
    assert code == 0, err
    edited = (out / "explain.md").read_text() + "my notes\n"
    (out / "explain.md").write_text(edited)
    code, _, err = invoke("explain", out)
    assert code == 2 and "explain.md: edited since explain wrote it" in err and "--force" in err
    assert (out / "explain.md").read_text() == edited  # the designer's edit is kept
    code, _, err = invoke("explain", out, "--force")
    assert code == 0 and (out / "explain.md").read_text() != edited


def test_explain_names_the_grid_points_a_sweep_needs(tmp_path):
    """A 1-point sweep was refused as needing 'more grid points than keys + 1', i.e. 3 for one key,
    while a 2-point sweep of one key is explained (its points carry their intervals)."""
    one, two = tmp_path / "one", tmp_path / "two"
    for out, values in ((one, "1"), (two, "1,2")):
        code, _, err = invoke("sweep", DRAFT5, "--set", f"crews.bays.time={values}", "-n", "6", "--bots", "random",
                              "-w", "1", "--out", out, "-m", "game_length_turns")
        assert code == 0, err
    code, _, err = invoke("explain", one)
    assert code == 2 and err == (f"error: {one}: no effect can be estimated from 1 grid points over 1 key(s): a key's "
                                 "effect needs at least keys + 1 grid points, and numbers that vary (tune with a "
                                 "larger --budget, or sweep more values)"), err
    code, stdout, err = invoke("explain", two, "--format", "json")
    assert code == 0, err
    assert json.loads(stdout)["effects"], stdout  # keys + 1 = 2 points: an effect with its interval


def test_explain_refuses_a_folder_that_is_not_a_sweep_or_tune(tmp_path):
    with pytest.raises(PlaytestError, match="not a sweep or tune output"):
        read_design(tmp_path)
    code, _, err = invoke("explain", tmp_path / "missing")
    assert (code, err) == (2, f"error: {tmp_path / 'missing'}: no such sweep or tune output folder")
    # a path that exists but is no folder read 'no such folder', then 'not a folder, so not a ...' (report
    # and calibrate share the rule, and an --out's words: io.not_folder); it names what is there
    code, _, err = invoke("explain", "/dev/null")
    assert (code, err) == (2, "error: /dev/null: is a device, not a sweep or tune output folder")


def _tune_folder(folder):
    """A tune's output as explain reads it: tune.json and trials.parquet (6 trials, one key)."""
    folder.mkdir()
    doc = {"kind": "playtest-tune", "games": 8, "lineup": ["random"] * 4,
           "params": [{"key": "crews.bays.time", "numeric": True, "choices": None}],
           "goals": [{"metric": "game_length_rounds", "of": "value", "groups": None}]}
    (folder / "tune.json").write_text(json.dumps(doc))
    t = [0, 1, 2, 3, 0, 2]
    pl.DataFrame({"trial": range(6), "state": ["complete"] * 6, "repeat_of": [None] * 6,
                  "crews.bays.time": t, "objective": [0.1 * x + 0.01 * (i % 2) for i, x in enumerate(t)],
                  "goal_1": [6.0 - 0.4 * x + 0.02 * (i % 2) for i, x in enumerate(t)]},
                 schema_overrides={"repeat_of": pl.Int64}).write_parquet(folder / "trials.parquet")
    return doc


def test_explain_stopped_between_two_pages_leaves_none_that_reads_as_edited(tmp_path, monkeypatch):
    """explain replaces its pages one at a time: a full disk at explain.html left explain.md and
    explain.json new while explain.sha256 still recorded the old ones, so they read as edited
    since explain wrote them (tune --resume refused the folder; explain with another --metric asked
    --force)."""
    from playtest.cli import explain as E
    from playtest.io import OutputError

    _tune_folder(tmp_path / "t")
    code, _, err = invoke("explain", tmp_path / "t")
    assert code == 0, err
    trials = pl.read_parquet(tmp_path / "t" / "trials.parquet")
    trials.with_columns(pl.col("goal_1") * 2).write_parquet(tmp_path / "t" / "trials.parquet")  # another explanation
    real = E.write_atomic

    def full_at_html(path: Path, text: str) -> None:
        if path.name == "explain.html":
            raise OutputError(f"{path}: cannot write: no space left on device (nothing was replaced)")
        real(path, text)

    monkeypatch.setattr(E, "write_atomic", full_at_html)
    code, _, err = invoke("explain", tmp_path / "t")
    assert code == 2 and err.endswith("explain.html: cannot write: no space left on device (nothing was replaced)")
    assert E.edited_pages(tmp_path / "t") == []
    monkeypatch.setattr(E, "write_atomic", real)
    (tmp_path / "t" / "explain.md").write_text("my notes")  # an edit is still an edit
    assert E.edited_pages(tmp_path / "t") == [tmp_path / "t" / "explain.md"]


def _sweep_folder(folder):
    """A sweep's output as explain reads it: sweep.json (3 points, one key, one metric)."""
    folder.mkdir()
    rows = [{"point": f"crews.bays.time={x}", "crews.bays.time": str(x), "metric": "game_length_rounds", "group": "all",
             "estimate": 6.0 - 0.4 * x, "ci_low": 5.9 - 0.4 * x, "ci_high": 6.1 - 0.4 * x} for x in (0, 2, 4)]
    doc = {"kind": "playtest-sweep", "run": {"games": 8, "lineup": ["random"] * 4,
                                             "axes": [{"key": "crews.bays.time", "values": [0, 2, 4]}]},
           "key_metrics": ["game_length_rounds"], "rows": rows}
    (folder / "sweep.json").write_text(json.dumps(doc))
    return doc


def _unplaced(err, folder):
    """The error with its `:line:col` taken out, once checked that it points at the key the
    message names (`"key":` in the file), or at the object that lacks it."""
    if err.endswith(":1:1: expected a JSON object"):  # names no key
        return err
    found = re.match(r"error: (\S+?\.json):(\d+):(\d+): (\S+?): (.*)$", err)
    if found is None:  # a table's own problem (trials.parquet) is not in the JSON file
        assert not err.split(": ")[1].endswith(".json"), err
        return err
    file, line, col, key, rest = found.groups()
    at = (folder / Path(file).name).read_text().splitlines()[int(line) - 1][int(col) - 1:]
    last = key.split(".")[-1]
    if rest == "required key is missing":  # at the object that lacks it: its key, or its { in a list
        assert at.startswith(("{", '"')), (err, at)
    elif not last.isdigit():
        assert at.startswith(f'"{last}":'), (err, at)
    return f"error: {file}: {key}: {rest}"


def _edit(key, value):
    def change(doc):
        if value is None:
            del doc[key]
        else:
            doc[key] = value
        return doc
    return change


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: [], "tune.json:1:1: expected a JSON object"),
    (_edit("params", "x"), "tune.json: params: expected list, got str"),
    (_edit("params", None), "tune.json: params: required key is missing"),
    (_edit("params", [{"x": 1}]), "tune.json: params.0.key: required key is missing"),
    (_edit("params", ["x"]), "tune.json: params.0: expected dict, got str"),
    (_edit("params", [{"key": "a", "numeric": False}]), "tune.json: params.0.choices: required key is missing"),
    (_edit("goals", [{"metric": "m"}]), "tune.json: goals.0.of: required key is missing"),
    (_edit("games", "x"), "tune.json: games: expected int, got str"),
    (_edit("params", [{"key": "nope", "numeric": True}]), "trials.parquet: no column nope (named by {dir}/tune.json's "
                                                          "params and goals)"),
])
def test_an_edited_tune_json_is_one_line_naming_the_file(tmp_path, change, message):
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    code, _, err = invoke("explain", folder)
    assert code == 0, err  # the unedited folder is explained
    (folder / "tune.json").write_text(json.dumps(change(doc), indent=2))
    code, _, err = invoke("explain", folder)
    assert code == 2
    assert _unplaced(err, folder) == f"error: {folder}/{message.replace('{dir}', str(folder))}"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: [], "sweep.json:1:1: expected a JSON object"),
    (_edit("run", "x"), "sweep.json: run: expected dict, got str"),
    (_edit("run", None), "sweep.json: run: required key is missing"),
    (_edit("run", {"axes": [3]}), "sweep.json: run.axes.0: expected dict, got int"),
    (_edit("run", {"axes": [{"key": "a", "values": [1]}], "games": "x"}), "sweep.json: run.games: expected int, got str"),
    (_edit("rows", "x"), "sweep.json: rows: expected list, got str"),
    (_edit("rows", [{"a": 1}]), "sweep.json: rows: no column point, metric, group, estimate, ci_low, ci_high, "
                                "crews.bays.time"),
    (_edit("rows", [1]), "sweep.json: rows.0: expected dict, got int"),
    (lambda d: d | {"rows": [r | {"estimate": "x"} for r in d["rows"]]},
     "sweep.json: rows: column estimate holds String, expected numbers"),
    (_edit("key_metrics", "x"), "sweep.json: key_metrics: expected list, got str"),
    (_edit("key_metrics", [{}]), "sweep.json: key_metrics: expected a list of metric names"),
    (_edit("key_metrics", ["nope"]), 'sweep.json: key_metrics: "nope" is not a metric of its rows (known: '
                                     "game_length_rounds)"),
])
def test_an_edited_sweep_json_is_one_line_naming_the_file(tmp_path, change, message):
    folder = tmp_path / "s"
    doc = _sweep_folder(folder)
    code, _, err = invoke("explain", folder)
    assert code == 0, err
    (folder / "sweep.json").write_text(json.dumps(change(doc), indent=2))
    code, _, err = invoke("explain", folder)
    assert code == 2
    assert _unplaced(err, folder) == f"error: {folder}/{message}"


def test_an_effect_fitted_where_the_number_has_a_value_says_on_how_many_points():
    """A rebid bonus swept with the rebid triggers off at half the points has no value there:
    its effect was fitted on the other half and the table and sentence did not say so."""
    from playtest.report.explain import explain_markdown

    d = _design()
    half = pl.Series([v if i % 2 else None for i, v in enumerate(d.rows["length"].to_list())], dtype=pl.Float64)
    d.rows = d.rows.with_columns(half.alias("half"))
    d.responses.append(Response("half", "game_length_rounds (half)", "game_length_rounds"))
    table = effects(d)
    row = table.filter((pl.col("response") == "game_length_rounds (half)") & (pl.col("key") == "crews.bays.time"))
    r = row.row(0, named=True)
    assert (r["n"], r["points"]) == (20, 40) and r["strong"]
    assert sentence(r, ("greedy",)).endswith("; fitted at the 20 of 40 points where it has a value (off or unseen at "
                                             "the others).")
    assert "| game_length_rounds (half) — at 20 of 40 points |" in explain_markdown(d, table)
    full = table.filter(pl.col("response") == "game_length_rounds").row(0, named=True)
    assert full["points"] == full["n"] == 40 and "fitted at" not in sentence(full, ("greedy",))


def test_a_trial_with_an_undefined_objective_still_counts_for_the_goals_it_has(tmp_path):
    """A tune whose choices switch a goal's metric off at some trials (Oh-Seven's rebids_mean with
    `bidding.rebid.triggers.sum_equals_tricks=true,false` at 4 players) leaves their objective
    undefined (null). explain dropped those trials from every response, so the seat-gap goal they
    did measure lost them, and a key that only varies between them and the others vanished
    without a word ("3 distinct trials" of 5)."""
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    trials = pl.read_parquet(folder / "trials.parquet")
    undefined = [i % 3 == 0 for i in range(trials.height)]  # trials 0 and 3: the goal's metric is off
    trials.with_columns(objective=pl.when(pl.Series(undefined)).then(None).otherwise(pl.col("objective"))
                        ).write_parquet(folder / "trials.parquet")
    table = effects(read_design(folder))
    goal = table.filter(pl.col("response") == "game_length_rounds").row(0, named=True)
    assert (goal["n"], goal["points"]) == (6, 6)
    objective = table.filter(pl.col("response").str.starts_with("the objective")).row(0, named=True)
    assert (objective["n"], objective["points"]) == (4, 6)
    assert doc["params"][0]["key"] == goal["key"] == objective["key"]


def test_a_number_the_same_at_every_point_is_not_ranked_by_rounding():
    """A New Frontiers sweep of rules.end.worlds=6,7,8 (24 greedy games each, seed 3) measured
    leader_after_round_wins (round 1) as 36.4% at every point. numpy's sd of three equal floats
    is 7e-17, not 0: explain listed an effect of -0.0 pts with a standardised effect of -10.78,
    ranked second of 102 above every real effect, and std_low -2.6e15 in explain.json."""
    same = 0.36363636363636365
    rows = pl.DataFrame({"rules.end.worlds": [6.0, 7.0, 8.0], "same": [same] * 3, "same se": [0.12] * 3,
                         "length": [12.5, 13.4, 13.8], "length se": [0.4] * 3})
    assert float(rows["same"].to_numpy().std(ddof=1)) > 0  # the rounding this test is about
    d = Design("sweep", Path("run"), [Key("rules.end.worlds", True)],
               [Response("same", "leader_after_round_wins (round 1)", "leader_after_round_wins"),
                Response("length", "game_length_rounds", "game_length_rounds")],
               rows, {"same": "same se", "length": "length se"}, ("greedy",) * 4, 24)
    table = effects(d)
    assert table["response"].to_list() == ["game_length_rounds"]


def test_a_number_equal_at_every_point_up_to_its_last_bits_is_not_ranked_either():
    """The same mean summed in another order (0.26 and 0.25999999999999995) passed the exact
    `ptp == 0` check and ranked second with a standardised effect of -7.0 (std_low -4e15)."""
    a, b = sum([1 / 3, 1 / 3, 1 / 3, 0.1, 0.2]) / 5, sum([0.2, 0.1, 1 / 3, 1 / 3, 1 / 3]) / 5
    assert a != b  # the rounding this test is about
    rows = pl.DataFrame({"rules.end.worlds": [6.0, 7.0, 8.0], "same": [a, b, a], "same se": [0.12] * 3,
                         "length": [12.5, 13.4, 13.8], "length se": [0.4] * 3})
    d = Design("sweep", Path("run"), [Key("rules.end.worlds", True)],
               [Response("same", "leader_after_round_wins (round 1)", "leader_after_round_wins"),
                Response("length", "game_length_rounds", "game_length_rounds")],
               rows, {"same": "same se", "length": "length se"}, ("greedy",) * 4, 24)
    assert effects(d)["response"].to_list() == ["game_length_rounds"]


def test_a_remove_point_is_named_as_the_key_s_default_in_sentences():
    """A sweep's `!remove` point plays without the key (its default); the sentence read 'setting
    rules.end.developments to 7 instead of !remove', as if !remove were a setting of the game."""
    row = {"estimate": -3.7, "ci_low": -4.4, "ci_high": -3.0, "metric": "game_length_rounds", "difference": False,
           "level": "7", "reference": "!remove", "key": "rules.end.developments", "response": "game_length_rounds",
           "step": 1.0, "n": 3}
    said = sentence(row, ("greedy",) * 4)
    assert said.startswith("setting rules.end.developments to 7 instead of its default (key removed) lowers "), said
    said = sentence(row | {"level": "!remove", "reference": "7", "estimate": 3.7, "ci_low": 3.0, "ci_high": 4.4},
                    ("greedy",) * 4)
    assert said.startswith("setting rules.end.developments to its default (key removed) instead of 7 raises "), said


def test_an_effect_on_a_share_never_runs_past_100_points():
    """A sweep of one end trigger against `!remove` (10 random games per point) read "raises
    game_length_share (3 rounds) by 80.0 pts [52.0, 108.0]": a share moved by more than 100
    points. A rate's effect stays within what it can be — ±1 for a choice, ±1 over the swept
    range for a number key — and the estimate stays inside its interval."""
    rows = pl.DataFrame({"end.1": ["!remove", '{"trigger": "round_cap", "rounds": 3}'],
                         "share": [0.2, 1.0], "share se": [0.0906, 0.0887],
                         "length": [4.4, 3.0], "length se": [0.3, 0.01]})
    d = Design("sweep", Path("run"), [Key("end.1", False, ("!remove", '{"trigger": "round_cap", "rounds": 3}'))],
               [Response("share", "game_length_share (3 rounds)", "game_length_share"),
                Response("length", "game_length_rounds", "game_length_rounds")],
               rows, {"share": "share se", "length": "length se"}, ("random",) * 4, 10)
    got = {r["response"]: r for r in effects(d).iter_rows(named=True)}
    share = got["game_length_share (3 rounds)"]
    assert share["estimate"] == pytest.approx(0.8)
    assert share["ci_low"] == pytest.approx(0.8 - 1.959963984540054 * (0.0906 ** 2 + 0.0887 ** 2) ** 0.5)
    assert share["ci_high"] == 1.0
    assert sentence(share, ("random",) * 4).endswith("by 80.0 pts [55.1, 100.0] (bots: random ×4).")
    assert got["game_length_rounds"]["ci_low"] < -1.4 - 0.5  # a number that is no share is not cut
    # a number key: at most 1 over the range swept, per step
    rows = pl.DataFrame({"crews.bays.time": [0.0, 1.0, 2.0], "share": [0.0, 0.45, 0.95], "share se": [0.3] * 3})
    d = Design("sweep", Path("run"), [Key("crews.bays.time", True)],
               [Response("share", "crew_first_pick_rate (bays)", "crew_first_pick_rate")],
               rows, {"share": "share se"}, ("greedy",) * 4, 10)
    [row] = effects(d).iter_rows(named=True)
    assert row["estimate"] == pytest.approx(0.475) and row["ci_low"] < 0.1 and row["ci_high"] == pytest.approx(0.5)
    # ... and the bound is the least-squares slope's own, not 1 over the range: at four evenly
    # spaced points rates of 0, 0, 1, 1 give a slope of 0.4 a step (1.2 over the range), so an
    # interval cut at 1/3 a step would leave out effects the rules can have.
    rows = pl.DataFrame({"crews.bays.time": [0.0, 1.0, 2.0, 3.0], "share": [0.0, 0.05, 0.95, 1.0],
                         "share se": [0.3] * 4})
    d = Design("sweep", Path("run"), [Key("crews.bays.time", True)],
               [Response("share", "crew_first_pick_rate (bays)", "crew_first_pick_rate")],
               rows, {"share": "share se"}, ("greedy",) * 4, 10)
    [row] = effects(d).iter_rows(named=True)
    assert row["estimate"] == pytest.approx(0.39) and row["ci_high"] == pytest.approx(0.4)
    assert row["ci_low"] == pytest.approx(0.39 - 1.959963984540054 * 0.3 / 5 ** 0.5)  # Σ(x - x̄)² = 5
    # a game's own share whose name does not say so (GameSpec.metric_info kind "rate") is cut too
    from playtest.core.spec import MetricInfo

    rows = pl.DataFrame({"end.1": ["a", "b"], "share": [0.2, 1.0], "share se": [0.0906, 0.0887]})
    d = Design("sweep", Path("run"), [Key("end.1", False, ("a", "b"))],
               [Response("share", "one_counter_moves", "one_counter_moves")], rows, {"share": "share se"},
               ("random",) * 2, 10, {"one_counter_moves": MetricInfo(kind="rate")})
    [row] = effects(d).iter_rows(named=True)
    assert row["ci_high"] == 1.0


def test_a_key_that_moves_nothing_has_an_effect_of_exactly_0_not_rounding():
    """A newcomer's toy game: a key with no effect read `+8.66e-16 rounds [-0.0702, 0.0702]`.
    Here the response is the same at both values of `kb` in every pair of points (weighted fit)."""
    found = []
    for seed in range(20):
        rng = np.random.default_rng(seed)
        rows = pl.DataFrame({"ka": [0.0, 0, 1, 1, 2, 2, 3, 3], "kb": [0.0, 1] * 4,
                             "len": np.repeat(rng.normal(5, 1, 4), 2), "len se": np.repeat(rng.uniform(0.1, 0.3, 4), 2)})
        d = Design("sweep", Path("run"), [Key("ka", True), Key("kb", True)],
                   [Response("len", "game_length_rounds", "game_length_rounds")], rows, {"len": "len se"},
                   ("greedy",) * 4, 10)
        row = effects(d).filter(pl.col("key") == "kb").row(0, named=True)
        found.append((row["estimate"], row["std_effect"]))
        assert row["ci_low"] < 0 < row["ci_high"]
    assert found == [(0.0, 0.0)] * 20


def test_a_response_of_inf_or_beyond_what_squares_is_skipped_without_numpy_warnings(recwarn):
    """±inf (an undefined objective) is left out of the fit like NaN, and a value whose square
    overflows (1e308 in an edited trials.parquet) skips the response: numpy's "RuntimeWarning:
    overflow encountered in square", with its source lines, reached stderr, and the fit read
    "-0.125 (no interval: exact fit)"."""
    d = _design()
    length = d.rows["length"].to_list()
    d.rows = d.rows.with_columns(huge=pl.Series([1e308, *length[1:]]),
                                 some_inf=pl.Series([float("inf"), float("-inf"), *length[2:]]))
    d.responses += [Response("huge", "huge", "huge"), Response("some_inf", "some_inf", "some_inf")]
    table = effects(d)
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)], [str(w.message) for w in recwarn]
    assert "huge" not in table["response"].to_list()
    assert set(table.filter(pl.col("response") == "some_inf")["n"].to_list()) == {38}


def test_a_p_value_just_below_a_level_is_not_printed_on_it():
    """explain ranked an effect 'p (Holm) 0.050 ★' (p 0.0497) beside 'strong = p < 0.05': three
    decimals rounded it up onto the level it passed. Every report prints p-values this way."""
    from playtest.report import format as F
    from playtest.report.explain import _p

    assert _p(0.04971185033882684) == "0.0497"
    assert F.p_value(0.0099) == "0.0099"
    assert F.p_value(0.0504) == "0.050"  # not below the level: three decimals say it
    assert F.p_value(0.0123) == "0.012"
    assert F.p_value(0.0004) == "< 0.001"


def test_no_strong_effect_names_the_numbers_a_straight_line_does_not_fit():
    """A 4-point sweep of rules.end.worlds moved the worlds end trigger 71% → 37% → 9% → 1%; the
    line's intervals were scaled ×15 for lack of fit and nothing was strong, and the report said
    only 'no key moves any number beyond the noise of this design'. It names such numbers (χ² of
    the fit, p < 0.05) and says where to read them; a scale within chance is not named. The fit
    gives its lack of fit as fields (the report read the scale back out of the method's text with
    a regular expression, and ran the χ² test itself)."""
    from scipy import stats

    from playtest.report.explain import NONE_STRONG, none_strong

    x = np.array([5.0, 6.0, 7.0, 8.0])
    values = {"worlds": ([0.71, 0.37, 0.09, 0.01], 0.03), "length": ([12.0, 13.5, 14.0, 14.1], 0.25),
              "colonists": ([0.20, 0.26, 0.27, 0.25], 0.025), "seat": ([0.25, 0.27, 0.24, 0.26], 0.04)}
    rows = pl.DataFrame({"rules.end.worlds": x} | {c: y for c, (y, _) in values.items()}
                        | {f"{c} se": [se] * 4 for c, (_, se) in values.items()})
    labels = {"worlds": "end_trigger_share (worlds)", "length": "game_length_rounds",
              "colonists": "end_trigger_share (colonists)", "seat": "win_rate_by_seat (seat 1)"}
    d = Design("sweep", Path("run"), [Key("rules.end.worlds", True)],
               [Response(c, labels[c], labels[c].split(" ")[0]) for c in values], rows,
               {c: f"{c} se" for c in values}, ("greedy",) * 4, 100)
    table = effects(d)
    for c, (y, se) in values.items():
        fit = np.polyval(np.polyfit(x, y, 1, w=np.full(4, 1 / se)), x)
        chi2 = float(np.sum(((np.array(y) - fit) / se) ** 2))
        [row] = table.filter(pl.col("response") == labels[c]).iter_rows(named=True)
        lack = stats.chi2.sf(chi2, 2)
        assert row["lack_of_fit_p"] == pytest.approx(lack, rel=1e-9)
        # scaled only for a lack of fit beyond chance (explain.LACK_OF_FIT_ALPHA)
        assert row["lack_of_fit_scale"] == pytest.approx(max(1.0, chi2 / 2) if lack < 0.05 else 1.0, rel=1e-9)
        assert ("scaled ×" in row["method"]) == (lack < 0.05)
    p = dict(table.select("response", "lack_of_fit_p").iter_rows())
    scale = dict(table.select("response", "lack_of_fit_scale").iter_rows())
    assert scale[labels["colonists"]] == 1.0 == scale[labels["seat"]]  # χ²/df > 1 for colonists, yet within chance
    assert p[labels["worlds"]] < p[labels["length"]] < 0.05 < p[labels["colonists"]] and p[labels["seat"]] > 0.5
    text = none_strong(table)
    assert text.startswith(NONE_STRONG + " But 2 numbers move")
    assert "(end_trigger_share (worlds), game_length_rounds;" in text and "colonists" not in text
    assert none_strong(table.filter(pl.col("response") == labels["seat"])) == NONE_STRONG
    assert none_strong(effects(d).clear()) == NONE_STRONG
    assert none_strong(table.with_columns(method=pl.lit("weighted least squares"))) == text  # the field, not the words


def test_strong_effects_do_not_hide_the_numbers_a_straight_line_does_not_fit():
    """A 4-point sweep of New Frontiers' start gold (2-5, 150 greedy games a point) gave 12.2,
    13.2, 12.4 and 12.0 rounds, each ±0.3: its straight line, scaled for the curve, read −0.11
    [−1.32, +1.11] a gold, and since 8 other effects were strong the report named the game length
    nowhere (the curved numbers were said only when nothing was strong). They are said after the
    strong effects too, leaving out a number that is itself strong."""
    from playtest.report.explain import explain_html

    x = np.array([2.0, 3.0, 4.0, 5.0])
    values = {"settle": ([0.108, 0.111, 0.117, 0.119], 0.002), "length": ([12.19, 13.21, 12.40, 11.99], 0.13),
              "seat": ([0.25, 0.27, 0.24, 0.26], 0.04)}
    labels = {"settle": "selection_share (settle)", "length": "game_length_rounds", "seat": "win_rate_by_seat (seat 1)"}
    rows = pl.DataFrame({"rules.setup.gold": x} | {c: y for c, (y, _) in values.items()}
                        | {f"{c} se": [se] * 4 for c, (_, se) in values.items()})
    d = Design("sweep", Path("run"), [Key("rules.setup.gold", True)],
               [Response(c, labels[c], labels[c].split(" ")[0]) for c in values], rows,
               {c: f"{c} se" for c in values}, ("greedy",) * 4, 150)
    table = effects(d)
    assert dict(table.select("response", "strong").iter_rows()) == {labels["settle"]: True, labels["length"]: False,
                                                                    labels["seat"]: False}
    said = ("Besides these, 1 number moves along the points in a way a straight line does not fit "
            "(game_length_rounds; χ² of the fit, p < 0.05)")
    md = explain_markdown(d, table)
    assert said in md and md.index("raises selection_share (settle)") < md.index(said) < md.index("## Ranked effects")
    assert __import__("html").escape(said) in explain_html(d, table)


def test_a_few_point_sweep_ranks_clear_effects_above_ones_it_cannot_tell_from_zero():
    """A 3-point sweep of crews.bays.time (40 greedy games a point, 77 effects) gave nearly every
    effect a standardised size of ±1 (one key at three points: about the points' correlation),
    and the ranking by that size put vp_share_by_source (skill), -0.3 pts [-0.9, 0.4], above
    planet_fill_rate (red2), -8.9 pts [-15.4, -2.5]. Effects whose interval excludes 0 now come
    first, by the smallest size their interval allows; those whose interval holds 0, by p-value.
    The numbers are that sweep's (se from its 95% intervals), but for vp_share_by_source (skill):
    its three points (9.88%, 9.14%, 8.78%, se about 0.1 pts) fall clearly, and its interval held 0
    only because the line was scaled for a lack of fit within chance (explain.LACK_OF_FIT_ALPHA,
    2026-12-05); it stands here as a straight line within its points' noise. 20 numbers that
    nothing moves stand for the sweep's other effects in Holm's correction."""
    values = {"crew_pick_rate (bays)": ([0.006, 0.108, 0.206], [0.0026, 0.0057, 0.0078]),
              "vp_share_by_source (skill)": ([0.0990, 0.0960, 0.0930], [0.004, 0.004, 0.004]),
              "planet_fill_rate (red2)": ([0.72, 0.60, 0.36], [0.090, 0.098, 0.096]),
              "vp_share_by_source (color)": ([0.2608, 0.2711, 0.2873], [0.0048, 0.0046, 0.0063]),
              "planet_fill_rate (blue3)": ([0.79, 0.58, 0.50], [0.085, 0.100, 0.101])}
    rng = np.random.default_rng(7)
    values |= {f"noise_{i}": (list(0.5 + rng.normal(0, 0.05, 3)), [0.05] * 3) for i in range(20)}
    columns = {f"r{i}": name for i, name in enumerate(values)}
    rows = pl.DataFrame({"crews.bays.time": [0.0, 2.0, 4.0]}
                        | {c: values[name][0] for c, name in columns.items()}
                        | {f"{c} se": values[name][1] for c, name in columns.items()})
    d = Design("sweep", Path("run"), [Key("crews.bays.time", True)],
               [Response(c, name, name.split(" ")[0]) for c, name in columns.items()], rows,
               {c: f"{c} se" for c in columns}, ("greedy",) * 4, 40)
    table = effects(d)
    got = table["response"].to_list()
    strong = table.filter(pl.col("strong"))["response"].to_list()
    assert got[:len(strong)] == strong and "crew_pick_rate (bays)" in strong
    rest = table.filter(~pl.col("strong"))
    assert {"planet_fill_rate (red2)", "planet_fill_rate (blue3)", "vp_share_by_source (skill)"} <= set(rest["response"])
    clear = (rest["ci_low"] > 0) | (rest["ci_high"] < 0)
    assert clear.to_list() == sorted(clear.to_list(), reverse=True)  # every clear effect before every unclear one
    least = rest.filter(clear).select(pl.min_horizontal(pl.col("std_low").abs(), pl.col("std_high").abs()))
    assert least.to_series().is_sorted(descending=True)
    assert rest.filter(~clear)["p_value"].is_sorted()
    skill = table.row(got.index("vp_share_by_source (skill)"), named=True)
    assert skill["ci_low"] < 0 < skill["ci_high"]
    assert got.index("planet_fill_rate (red2)") < got.index("vp_share_by_source (skill)")
    assert got.index("planet_fill_rate (blue3)") < got.index("vp_share_by_source (skill)")
    # ranked by the standardised point estimate, it came first of the effects that are not strong
    assert abs(skill["std_effect"]) == rest["std_effect"].abs().max()


def test_the_table_gives_each_end_of_an_interval_its_sign_and_unit():
    """"+7.5 pts [3.6, 11.3]" beside compare's "+7.5 pts [+3.6 pts, +11.3 pts]": the ends of the
    explain table's interval read as numbers of another kind."""
    from playtest.report.explain import _size

    row = {"estimate": 0.075, "ci_low": 0.036, "ci_high": 0.113, "metric": "crew_pick_rate", "difference": False}
    assert _size(row, {}) == "+7.5 pts [+3.6 pts, +11.3 pts]"
    row |= {"estimate": -0.003, "ci_low": -0.009, "ci_high": 0.004}
    assert _size(row, {}) == "-0.3 pts [-0.9 pts, +0.4 pts]"
    assert _size(row | {"ci_low": None, "ci_high": None}, {}) == "-0.3 pts (no interval: exact fit)"


def test_a_response_that_is_another_moved_by_a_constant_is_one_test_in_holm_s_family():
    """A crew's win lift is its win rate minus 1/P: the same test for every key, which explain
    counted twice in Holm's family (compare and the ladder count it once). Adding such a copy
    leaves every adjusted p-value as it was."""
    alone = effects(_design())
    d = _design()
    d.rows = d.rows.with_columns((pl.col("length") * 2 - 0.25).alias("lift"))
    d.responses.append(Response("lift", "length lift", "game_length_rounds"))
    both = effects(d)

    def adjusted(table):
        return dict(table.filter(pl.col("response") == "game_length_rounds").select("key", "p_holm").iter_rows())

    assert adjusted(both) == pytest.approx(adjusted(alone), rel=1e-12, abs=0)
    copies = both.filter(pl.col("response") == "length lift").sort("key")["p_holm"].to_list()
    assert copies == pytest.approx(alone.filter(pl.col("response") == "game_length_rounds").sort("key")["p_holm"].to_list(),
                                   rel=1e-12, abs=0)


def test_the_header_counts_the_tests_holm_ran_over_not_the_repeated_effects():
    """A sweep's header read 'after Holm over all 82 effects' where Holm's family held 73: a crew's
    win lift and its win rate (seat 1's win rate and its advantage) are one test, counted once."""
    d = _design()
    d.rows = d.rows.with_columns((pl.col("length") * 2 - 0.25).alias("lift"))
    d.responses.append(Response("lift", "length lift", "game_length_rounds"))
    md = explain_markdown(d, effects(d))
    assert ("after Holm over the 4 distinct tests of 6 effects (an effect that repeats another's test, such as a "
            "crew's win lift and its win rate, is counted once).") in md
    assert "after Holm over all 4 effects." in explain_markdown(_design(), effects(_design()))


@pytest.mark.parametrize(("goal", "folded"), [
    ({"target": 5.0}, True),                  # goal_1 runs from 4.82 to 6: across the target
    ({"target": 7.0}, False),                 # all below it: the distance falls as goal_1 rises
    ({"min": 5.0, "max": 5.5}, True),         # below min at some trials, above max at others
    ({"min": 5.0}, False),                    # one-sided: the distance only falls
])
def test_a_tune_objective_across_a_goal_s_target_gets_no_straight_line(tmp_path, goal, folded):
    """The objective sums distances to the goals: where the trials lie on both sides of a goal's
    target it falls and then rises. explain fitted a line through it anyway and said, strong,
    "raising scoring.exact_bonus by 1 raises the objective by 1.04 [0.45, 1.63]" of trials whose
    objective was lowest at 1 of 0 to 5 (an Oh-Seven tune of the winning margin toward 6)."""
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    doc["goals"][0] |= goal
    (folder / "tune.json").write_text(json.dumps(doc))
    design = read_design(folder)
    table = effects(design)
    fitted = set(table["response"].to_list())
    assert "game_length_rounds" in fitted  # the goal's own quantity is a line in the key: still fitted
    assert (not any(r.startswith("the objective") for r in fitted)) is folded
    md = explain_markdown(design, table)
    assert ("No straight line is fitted to the objective" in md) is folded
    if folded:
        assert f"over the trials, {_title('game_length_rounds', design)} lies" in md and "(4.82 rounds to 6 rounds)" in md
        assert json.loads(explain_json(design, table))["not_fitted"] == [line for line in md.splitlines() if line.startswith("No straight")]


def test_a_goal_quantity_only_rounding_puts_across_its_target_leaves_the_objective_fitted(tmp_path):
    """An Oh-Seven tune's seat spread was 0.09999999999999998 at most trials (0.3667 − 0.2667)
    and 0.1333 at one, under `target: 0.1`: every trial at or above the target, yet the objective
    was refused its line as 'on both sides of its target 0.1 (0.1 to 0.133)'."""
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    doc["goals"][0] = {"metric": "win_rate_by_seat", "of": "spread", "groups": None, "target": 0.1}
    (folder / "tune.json").write_text(json.dumps(doc))
    trials = pl.read_parquet(folder / "trials.parquet")
    gap = [11 / 30 - 8 / 30] * 5 + [0.4 - 4 / 15]
    assert min(gap) < 0.1  # as the games' own arithmetic gives it
    trials.with_columns(goal_1=pl.Series(gap)).write_parquet(folder / "trials.parquet")
    design = read_design(folder)
    assert design.not_fitted == {}


def test_a_spread_goal_across_its_target_is_said_in_points_and_reads_as_a_sentence(tmp_path):
    """The line read "the trials' the largest gap in win_rate_by_seat lies on both sides of its
    target 0.1 (0.05 to 0.2)" beside a table in points."""
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    doc["goals"][0] = {"metric": "win_rate_by_seat", "of": "spread", "groups": None, "target": 0.1}
    (folder / "tune.json").write_text(json.dumps(doc))
    trials = pl.read_parquet(folder / "trials.parquet")
    trials.with_columns(goal_1=pl.Series([0.05, 0.08, 0.12, 0.2, 0.05, 0.12])).write_parquet(folder / "trials.parquet")
    design = read_design(folder)
    md = explain_markdown(design, effects(design))
    assert (f"over the trials, the largest gap in {_title('win_rate_by_seat', design)} lies on both sides of its "
            "target 10.0 pts (5.0 pts to 20.0 pts)") in md
    assert "trials' the" not in md


def test_a_lack_of_fit_within_chance_leaves_the_sweep_s_line_unscaled():
    """A 3-point sweep's vp_share_by_source (skill) fell 9.88% → 9.14% → 8.78% (se about 0.1 pts):
    its χ² of 1.6 on 1 df (p 0.21) scaled the line ×1.6 and switched to Student's t on 1 df, and
    its interval, -0.3 pts [-0.9, 0.4] a step, held 0. Scaled whenever χ²/df > 1, a third of a 3-point
    sweep's effects were widened that way by chance alone; now only a lack of fit beyond chance
    (p < 0.05) is."""
    rows = pl.DataFrame({"crews.bays.time": [0.0, 2.0, 4.0], "r": [0.0988, 0.0914, 0.0878],
                         "r se": [0.00098, 0.00126, 0.0013]})
    d = Design("sweep", Path("run"), [Key("crews.bays.time", True)], [Response("r", "vp_share_by_source (skill)",
               "vp_share_by_source")], rows, {"r": "r se"}, ("greedy",) * 4, 40)
    [row] = effects(d).iter_rows(named=True)
    assert 0.05 < row["lack_of_fit_p"] < 0.3 and row["lack_of_fit_scale"] == 1.0
    assert "scaled" not in row["method"] and row["ci_high"] < 0


def test_a_number_with_no_interval_swept_over_as_many_levels_as_points_is_shown_not_dropped():
    """New Frontiers' start gold (set-up gold plus the seat compensation, fixed by the variant:
    no interval) swept over three compensation lists: three points, three terms, no residual and
    no point errors. explain left the response out without a word and said of
    `--metric gold_by_source` 'None: no key moves any number', though its start row moved by
    exactly the gold swept. It is now shown with its measured differences and no interval,
    never strong, and the header counts it apart from the tested effects."""
    lists = ["[0, 0, 1, 1]", "[0, 0, 0, 0]", "[0, 1, 1, 2]"]
    rows = pl.DataFrame({"rules.setup.compensation.4": lists, "start": [3.5, 3.0, 4.0],
                         "start se": [float("nan")] * 3, "trade": [15.0, 13.1, 14.7], "trade se": [0.5, 0.5, 0.5]})
    d = Design("sweep", Path("run"), [Key("rules.setup.compensation.4", False, tuple(lists))],
               [Response("start", "gold_by_source (start)", "gold_by_source"),
                Response("trade", "gold_by_source (trade)", "gold_by_source")],
               rows, {"start": "start se", "trade": "trade se"}, ("greedy",) * 4, 60)
    table = effects(d)
    start = table.filter(pl.col("response") == "gold_by_source (start)")
    assert sorted(start["estimate"].to_list()) == pytest.approx([-0.5, 0.5])
    assert start["ci_low"].is_null().all() and start["p_value"].is_null().all() and not start["strong"].any()
    assert table.filter(pl.col("response") == "gold_by_source (trade)")["p_value"].is_not_null().all()
    md = explain_markdown(d, table)
    assert "over all 2 effects (and 2 with as many points as terms and no interval at the points" in md
    assert "-0.500 (no interval: as many points as terms)" in md


@pytest.mark.parametrize(("of", "shown", "label"), [
    ("value", ["anderson", "armstrong"] * 3, "the worst of crew_first_pick_rate (every group)"),
    ("change", ["anderson"] * 6, "the worst change in crew_first_pick_rate (every group)"),
    ("value", ["all"] * 6, "crew_first_pick_rate")])
def test_a_goal_over_every_group_is_named_as_its_worst_group(tmp_path, of, shown, label):
    """A Stargate tune's `metric: crew_first_pick_rate, max: 0.4` (no group: every crew, the
    worst counts) read "raising end.0.count.4 by 1 raises crew_first_pick_rate by 1.8 pts", as if
    of every crew's first picks together, where each trial's number was its highest crew's."""
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    doc["goals"][0] = {"metric": "crew_first_pick_rate", "of": of, "groups": None, "max": 0.4}
    (folder / "tune.json").write_text(json.dumps(doc))
    trials = pl.read_parquet(folder / "trials.parquet")
    trials.with_columns(goal_1=pl.Series([0.2, 0.25, 0.3, 0.35, 0.2, 0.3]),
                        goal_1_group=pl.Series(shown)).write_parquet(folder / "trials.parquet")
    design = read_design(folder)
    assert design.responses[0].label == label  # explain.json's `response`: the metric's id
    md = explain_markdown(design, effects(design))
    assert label.replace("crew_first_pick_rate", _title("crew_first_pick_rate", design)) in md  # the text: its title
    assert "crew_first_pick_rate" not in md


def test_a_goal_on_a_metric_of_one_group_is_not_named_as_a_worst_group(tmp_path):
    """An Oh-Seven tune's `metric: rebids_mean, max: 0.2` read "raising hand_size by 1 raises the worst
    of rebids_mean (every group)", where the metric has one group ('mean per round', the base's
    table says so), so there is no worst group to name."""
    folder = tmp_path / "t"
    doc = _tune_folder(folder)
    doc["goals"][0] = {"metric": "rebids_mean", "of": "value", "groups": None, "max": 0.2}
    (folder / "tune.json").write_text(json.dumps(doc))
    trials = pl.read_parquet(folder / "trials.parquet")
    trials.with_columns(goal_1_group=pl.lit("mean per round")).write_parquet(folder / "trials.parquet")
    pl.DataFrame({"metric": ["rebids_mean", "share_rebids", "share_rebids"],
                  "group": ["mean per round", "0 rebids", "1 rebid"]}).write_parquet(folder / "base-metrics.parquet")
    assert read_design(folder).responses[0].label == "rebids_mean"
    # a metric of several groups in the base keeps its worst-group name, whichever group the trials showed
    doc["goals"][0] = {"metric": "share_rebids", "of": "value", "groups": None, "max": 0.9}
    (folder / "tune.json").write_text(json.dumps(doc))
    trials.with_columns(goal_1_group=pl.lit("0 rebids")).write_parquet(folder / "trials.parquet")
    assert read_design(folder).responses[0].label == "the worst of share_rebids (every group)"


def test_a_key_at_one_value_in_every_trial_is_named_not_left_out():
    """A tune of three keys whose 5 trials all drew `scoring.majority_tiebreak=earlier_first_cube`
    ranked the other two keys' effects and never named the third, as if it moved nothing (a first
    morning's walkthrough, h253). A key that varies gets no such line."""
    d = _design()
    d.rows = d.rows.with_columns(pl.lit("earlier").alias("scoring.majority_tiebreak"))
    table = effects(d)
    assert set(table["key"].to_list()) == {"crews.bays.time"}
    line = ("scoring.majority_tiebreak was earlier in every trial, so the trials cannot say what it moves: it has no "
            "effect below (sweep it over its values to see one).")
    md = explain_markdown(d, table)
    assert line in md.splitlines() and "crews.bays.time was" not in md
    assert json.loads(explain_json(d, table))["unvaried"] == [line]
    assert json.loads(explain_json(_design(), effects(_design())))["unvaried"] == []
