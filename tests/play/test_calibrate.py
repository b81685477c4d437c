"""`playtest calibrate`: table games generated from a known bot are matched to that bot's run."""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from playtest.games import get_game
from playtest.play.session import bot_game_actions
from playtest.variants import load_variant
from tests.conftest import assert_valid_charts

ROOT = Path(__file__).resolve().parents[2]
DRAFT5 = ROOT / "variants/stargate/draft5.yaml"
OHSEVEN = ROOT / "variants/ohseven/base.yaml"


def record(variant: Path, bots: list[str], seeds: range, folder: Path) -> list[Path]:
    """Bot games written as table transcripts (what a designer would record by hand)."""
    v = load_variant(variant)
    spec = get_game(v.game)
    rules = spec.make_rules(v.model)
    support = spec.play()
    paths = []
    for seed in seeds:
        seat_bots = [spec.make_bot(b, rules, s) for s, b in enumerate(bots)]
        actions = bot_game_actions(rules, seat_bots, support, seed)
        path = folder / f"game-{seed}.yaml"
        ref = os.path.relpath(variant, folder)
        path.write_text(support.transcript(rules, ref, [f"P{i + 1}" for i in range(len(bots))], seed, actions))
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def stargate_runs(tmp_path_factory):
    from playtest.sim.batch import RunConfig, run_batch

    base = tmp_path_factory.mktemp("cal")
    v = load_variant(DRAFT5)
    runs = {}
    for bot in ("random", "greedy"):
        cfg = RunConfig(n_games=30, players=3, lineup=(bot,) * 3, seed=11, workers=1)
        run_batch(v, cfg, base / bot)
        runs[bot] = base / bot
    tables = base / "table"
    tables.mkdir()
    return runs, record(DRAFT5, ["greedy"] * 3, range(100, 108), tables)


@pytest.fixture(scope="module")
def calibrated(stargate_runs, tmp_path_factory):
    """`calibrate` of the eight greedy table games against the random and the greedy run, as
    JSON (run once: two tests read it)."""
    from tests.conftest import invoke_cli

    runs, transcripts = stargate_runs
    out = tmp_path_factory.mktemp("calibrated") / "cal.json"
    r = invoke_cli("calibrate", *map(str, transcripts), "--against", str(runs["random"]), "--against",
                   str(runs["greedy"]), "--format", "json", "--out", str(out))
    assert r.returncode == 0, r.stderr
    return r, json.loads(out.read_text())


@pytest.fixture(scope="module")
def rules_runs(tmp_path_factory):
    """Two 6-game greedy runs: `same`, of draft 5 (the table games' rules), and `other`, of draft 5
    with cubes.total 14 (other rules), for the tests of the note on other rules, of one and of two
    table games and of the crews' names in the tables (read, never changed). Their size matters to
    none of those tests: the note compares variant hashes, one or two table games give no interval
    whatever the run, a crew's name is its name; and each calibrate call
    jackknifes every run given, once per game (the 30-game greedy run of stargate_runs cost five
    times as much per call)."""
    from playtest.sim.batch import RunConfig, run_batch

    base = tmp_path_factory.mktemp("rules")
    cfg = RunConfig(n_games=6, players=3, lineup=("greedy",) * 3, seed=2, workers=1)
    other = load_variant(DRAFT5, ["cubes.total=14"])
    run_batch(load_variant(DRAFT5), cfg, base / "same")
    run_batch(other, cfg, base / "other")
    return base / "same", base / "other", other.hash


def test_table_games_of_a_known_bot_find_that_bots_run_closest(calibrated, stargate_runs):
    r, data = calibrated
    assert data["closest_run"] == "greedy"
    assert data["table_games"] == 8
    dist = {row["run"]: row["distance"] for row in data["runs"]}
    folders = {bot: str(path) for bot, path in stargate_runs[0].items()}
    assert {row["run"]: row["folder"] for row in data["runs"]} == folders  # which folder each run came from
    assert dist["greedy"] < dist["random"]
    assert {"metric", "group", "source", "estimate", "ci_low", "ci_high"} <= set(data["metrics"][0])
    assert "Closest run overall: greedy" in r.stdout


def test_the_markdown_and_html_name_crews_as_the_other_reports_do_and_the_json_keeps_ids(cli, calibrated,
                                                                                          stargate_runs, rules_runs):
    """calibrate's tables showed 'bays', 'anderson' where the report, compare and the ladder show
    'ベイス Bays' (h196, h202); the JSON keeps the ids the other JSON outputs carry. The tables
    are drawn from the 6-game run of rules_runs: the names do not depend on the run's size, and
    calibrate jackknifes every run once per game (the 30-game run cost five times as much)."""
    from playtest.analysis.calibration import Source, calibrate
    from playtest.analysis.metrics import GAME, all_metrics
    from playtest.report.calibration import to_html, to_markdown
    from playtest.sim.batch import read_run

    _, data = calibrated
    assert any(m["group"] == "bays" for m in data["metrics"])
    same, _, _ = rules_runs
    info, games, events = read_run(same)
    # (the game's own sections, which hold the crews' rows: a name does not depend on the generic
    # metrics beside it, and those were most of this calibration's cost)
    cal = calibrate(Source("table", info, games, events), [Source("greedy", info, games, events)],
                    lambda i, g, e: all_metrics(i, g, e, [GAME], quantiles=False))
    meta = {"variant": "draft5", "table_games": 30, "transcripts": [], "runs": {},
            "names": {"bays": {"ja": "ベイス", "en": "Bays"}}}
    assert "| Crew taken (share of turns) | ベイス Bays |" in to_markdown(cal, meta)
    assert "<td>Crew taken (share of turns)</td><td>ベイス Bays</td>" in to_html(cal, meta)
    _, transcripts = stargate_runs  # the command gives the renderers the variant's names
    r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(same), "-f", "md", "-o", "-")
    assert r.returncode == 0, r.stderr
    assert "| Crew taken (share of turns) | ベイス Bays |" in r.stdout


def _one_flag_calibration(flagged: bool = True, distance: float = 3.0):
    """A table of 30 games against one random run at `distance` that differs on Bays' pick rate
    (flagged, or not), and its report's meta."""
    from playtest.analysis.calibration import Calibration, metric_words, sentence
    from playtest.analysis.metrics import metric_info

    flag = {"metric": "crew_pick_rate", "group": "bays", "table": 0.02, "table_low": 0.001, "table_high": 0.09,
            "nearest_run": "random", "nearest": 0.15, "p_holm": 0.001, "side": "lower"}
    said = sentence(metric_words("crew_pick_rate", "bays"), flag)
    flags = pl.DataFrame([{**flag, "sentence": said}])
    metrics = pl.DataFrame([{"metric": "crew_pick_rate", "group": "bays", "source": src, "estimate": est,
                             "ci_low": None, "ci_high": None, "se": 0.01, "z": 3.0, "p_value": 0.001,
                             "no_interval": None} for src, est in (("table", 0.02), ("random", 0.15))])
    runs = pl.DataFrame([{"run": "random", "games": 30, "distance": distance, "metrics_compared": 1,
                          "within_interval": 0, "differ_no_spread": 0}])
    cal = Calibration(metrics=metrics, runs=runs, flags=flags if flagged else flags.head(0), table_games=30,
                      declared=metric_info({"game": "stargate"}))
    meta = {"variant": "draft5", "table_games": 30, "transcripts": [], "runs": {},
            "names": {"bays": {"ja": "ベイス", "en": "Bays"}}}
    return cal, meta, said


def test_the_flags_sentences_write_values_as_compare_does_and_name_no_group_of_the_whole_game():
    """A flag's sentence wrote a share as a plain number ('your table 0.02 [0.001, 0.09]') where
    compare and calibrate's own tables write it as a percentage, and named the group of a metric of
    the whole game ('Shared wins (all): ...'), where compare names none."""
    from playtest.analysis.calibration import Calibration, _flags
    from playtest.analysis.metrics import metric_info
    from playtest.compare.render import fmt_value, metric_title
    from playtest.report.calibration import flag_sentences

    declared = metric_info({"game": "stargate"})
    for metric, group, (table, run) in (("crew_pick_rate", "bays", (0.02, 0.15)),
                                        ("tie_rate", "all", (0.4, 0.1)), ("margin_of_victory", "all", (7.0, 2.5))):
        metrics = pl.DataFrame([{"metric": metric, "group": group, "source": source, "estimate": est,
                                 "ci_low": est * 0.9, "ci_high": est * 1.1}
                                for source, est in (("table", table), ("random", run))])
        flags = _flags(metrics, {(metric, group): [0.001]}, 1)  # (the JSON's; these ids say their kind)
        cal = Calibration(metrics=metrics, runs=pl.DataFrame(), flags=flags, table_games=30, declared=declared)
        [said] = flag_sentences(cal, {"names": {}})
        head = metric_title(metric, declared) + (" (bays)" if group == "bays" else "")  # (no names given)
        values = [fmt_value(x, metric, declared) for x in (table, table * 0.9, table * 1.1, run)]
        assert said.startswith(f"{head}: your table {values[0]} "
                               f"[{values[1]}, {values[2]}]; no bot run is as "), said
        assert f"(the nearest, random, {values[3]})" in said
        assert "(all)" not in said and "(all)" not in flags["sentence"][0]


def test_the_flags_sentences_name_metrics_and_crews_as_the_tables_and_compare_do():
    """036f7ab named groups in calibrate's tables ('ベイス Bays') but the flags above them, the
    report's headline and the terminal's summary, still read 'crew pick rate (bays): your
    table ...'; and they named the metric by its id, underscores to spaces, where compare titles
    it ('Crew taken (share of turns)', the game's metric_info). The JSON keeps the ids."""
    from playtest.report.calibration import to_html, to_json, to_markdown

    cal, meta, said = _one_flag_calibration()
    assert said.startswith("crew pick rate (bays): your table")
    md, html = to_markdown(cal, meta), to_html(cal, meta)
    assert "- Crew taken (share of turns) (ベイス Bays): your table 2.0% [0.1%, 9.0%]; no bot run is as low" in md
    assert "<li>Crew taken (share of turns) (ベイス Bays): your table" in html
    assert "| Crew taken (share of turns) | ベイス Bays |" in md
    assert "crew pick rate" not in md + html and "crew_pick_rate" not in md + html
    doc = to_json(cal, meta)
    assert doc["flags"][0]["sentence"] == said and doc["flags"][0]["metric"] == "crew_pick_rate"  # the JSON keeps the ids
    assert "side" not in doc["flags"][0]  # (in the sentence's words)


@pytest.mark.parametrize(("flagged", "distance", "why"), [
    (True, 1.2, "But no run plays like the table everywhere: 1 metric differs from every run (below), so random is "
                "only the least far; read simulated conclusions on that metric with care."),
    (False, 2.36, "But no run plays like the table: even random is at distance 2.36, where another sample of the same "
                  "players would be about 1 (at least 2 less than one time in 20), so it is only the least far; read "
                  "simulated conclusions with care."),
    (False, 1.996, "But no run plays like the table: even random is at distance 2.00, where another sample of the "
                   "same players would be about 1 (at least 2 less than one time in 20), so it is only the least far; "
                   "read simulated conclusions with care."),
    (False, 1.97, None)])
def test_the_closest_run_is_no_match_where_the_table_differs_from_every_run_or_is_far(flagged, distance, why):
    """A green 'Closest run overall: greedy. Read simulated conclusions at this run's skill level'
    stood above a run at distance 2 and metrics no run reproduced (h202), and above greedy table
    games against a random run at distance 2.36 with no flag (h205): the closest of runs that all
    play unlike the table is only the least far, and the box, the terminal and the JSON say so."""
    from playtest.report.calibration import to_html, to_json, to_markdown

    cal, meta, _ = _one_flag_calibration(flagged, distance)
    html, md = to_html(cal, meta), to_markdown(cal, meta)
    # 'on it' read as 'on random'; the box in the warning style, as the report's "Seats are not
    # equal": grey says there is no answer, and here there is one (a significant difference).
    assert to_json(cal, meta)["no_match"] == why
    if why:
        assert why in html and f"**{why}**" in md and '<div class="verdict unfair">' in html
    else:
        assert '<div class="verdict fair">' in html and "Read simulated conclusions at this run" in html
        assert "But no run plays like the table" not in md


def test_report_json_md_names_every_key_of_calibrate_s_json(calibrated):
    """036f7ab put the variant's `names` in calibrate's JSON (its Markdown and HTML name groups
    by them) without a row in docs/report-json.md's table of that document's keys."""
    _, data = calibrated
    doc = (ROOT / "docs" / "report-json.md").read_text(encoding="utf-8")
    section = doc.split("## `playtest calibrate --format json`", 1)[1].split("\n## ", 1)[0]
    documented = {key for line in section.splitlines() if line.startswith("| `")
                  for key in re.findall(r"`(\w+)`", line.split(" | ", 1)[0])}
    assert set(data) - documented == set()


def test_the_closest_run_says_what_its_distance_means_and_how_sure_it_is(calibrated):
    """'Closest run overall: greedy' beside two distances said neither what a distance of 1 means
    nor whether one unusual table game decided it: each table game is left out in turn."""
    r, data = calibrated
    assert data["closest_without_one_game"] == {"random": 0, "greedy": 8}
    said = " ".join(r.stdout.split())
    assert ("Distance 0 = the table's own numbers; about 1 = as near as another sample of the same players. "
            "With one table game left out in turn, greedy is the closest in 8 of 8 cases, so no single table game "
            "decides it. This checks the table's games only, not that greedy plays closer than the other runs: "
            "their own games are not varied.") in said


@pytest.mark.slow  # make test-all: make test keeps the closest-run and interval checks
def test_a_different_table_is_flagged_where_it_differs_from_every_run(cli, stargate_runs, tmp_path):
    """Random players at the table against a greedy run only: random play differs from greedy
    play, so some metrics must be flagged, in plain words."""
    runs, _ = stargate_runs
    tables = record(DRAFT5, ["random"] * 3, range(200, 210), tmp_path)
    r = cli("calibrate", *map(str, tables), "--against", str(runs["greedy"]), "-f", "md", "-o", str(tmp_path / "c.md"))
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "c.md").read_text()
    section = text.split("## Where the table differs from every bot run")[1].split("## Every metric")[0]
    assert "no bot run is as" in section


@pytest.mark.slow  # make test-all: the report pages' offline check runs in make test (tests/report)
def test_html_report_is_self_contained(cli, stargate_runs, tmp_path):
    runs, transcripts = stargate_runs
    out = tmp_path / "c.html"
    r = cli("calibrate", *map(str, transcripts), "--against", str(runs["random"]), "-f", "html", "-o", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    assert html.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in html
    assert "src=\"http" not in html
    assert_valid_charts(html)


def test_errors_are_one_line(cli, stargate_runs, tmp_path):
    runs, transcripts = stargate_runs
    r = cli("calibrate", str(transcripts[0]))
    assert r.returncode == 2 and "--against" in r.stderr
    unfinished = transcripts[0].parent / "unfinished.yaml"  # beside it: its variant path is relative
    unfinished.write_text("\n".join(transcripts[0].read_text().splitlines()[:10]) + "\n")
    r = cli("calibrate", str(unfinished), "--against", str(runs["greedy"]))
    assert r.returncode == 2
    assert "not finished" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    om = record(OHSEVEN, ["random"] * 4, range(1, 2), tmp_path)
    r = cli("calibrate", str(om[0]), "--against", str(runs["greedy"]))
    assert r.returncode == 2 and "a run of stargate, but the transcripts are games of ohseven" in r.stderr
    existing = tmp_path / "keep.md"
    existing.write_text("keep")
    r = cli("calibrate", str(transcripts[0]), "--against", str(runs["greedy"]), "-o", str(existing))
    assert r.returncode == 2 and existing.read_text() == "keep"


@pytest.fixture(scope="module")
def two_table_games(stargate_runs, rules_runs, tmp_path_factory):
    """`calibrate` of two table games against the 6-game greedy run of their rules (rules_runs:
    these tests are about the table's two games, not the run's size): the terminal's text, the
    warnings it raised and its JSON report (--out: the terminal still gets the text), run once for
    the tests that read them."""
    import warnings

    from tests.conftest import invoke_cli

    _, transcripts = stargate_runs
    same, _, _ = rules_runs
    out = tmp_path_factory.mktemp("two") / "two.json"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = invoke_cli("calibrate", *map(str, transcripts[:2]), "--against", str(same), "-f", "json",
                       "-o", str(out))
    shown = [w for w in caught if not issubclass(w.category, DeprecationWarning)]  # (a library's own)
    return r, [str(w.message) for w in shown], out


def test_two_table_games_calibrate_without_a_warning(two_table_games):
    """With two table games a metric seen in one game only has no jackknife replicate at all:
    np.nanmean printed 'RuntimeWarning: Mean of empty slice' (two lines) on stderr."""
    r, warned, _ = two_table_games
    assert r.returncode == 0, r.stderr
    assert warned == [] and r.stderr == ""


@pytest.mark.slow  # make test-all: the Stargate calibrate tests stay in make test
def test_oh_seven_matches_calibrate_too(cli, tmp_path):
    from playtest.sim.batch import RunConfig, run_batch

    v = load_variant(OHSEVEN)
    for bot in ("random", "heuristic"):
        run_batch(v, RunConfig(n_games=30, players=4, lineup=(bot,) * 4, seed=3, workers=1), tmp_path / bot)
    tables = record(OHSEVEN, ["heuristic"] * 4, range(50, 58), tmp_path)
    r = cli("calibrate", *map(str, tables), "--against", str(tmp_path / "random"), "--against",
            str(tmp_path / "heuristic"), "-f", "json", "-o", "-")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["closest_run"] == "heuristic"


@pytest.mark.slow  # make test-all: the Stargate calibrate tests stay in make test
def test_new_frontiers_games_calibrate_too(cli, tmp_path):
    from playtest.sim.batch import RunConfig, run_batch

    nf = ROOT / "variants/new-frontiers/base.yaml"
    v = load_variant(nf)
    for bot in ("random", "greedy"):
        run_batch(v, RunConfig(n_games=10, players=3, lineup=(bot,) * 3, seed=3, workers=1), tmp_path / bot)
    tables = record(nf, ["greedy"] * 3, range(70, 73), tmp_path)
    r = cli("calibrate", *map(str, tables), "--against", str(tmp_path / "random"), "--against",
            str(tmp_path / "greedy"), "-f", "json", "-o", "-")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["closest_run"] == "greedy"


@pytest.mark.parametrize("path", sorted((ROOT / "docs/examples/table").glob("*.yaml")), ids=lambda p: p.name)
def test_the_shipped_example_table_games_replay_to_the_end(cli, path):
    """README points calibrate at docs/examples/table/: every example there must still be a
    legal, finished game under the current rules (new-frontiers-1.yaml stopped at move 68 after
    the default became unique_developments: false)."""
    r = cli("replay", str(path), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["finished"] is True


def test_the_report_never_replaces_a_runs_own_file_nor_a_transcript(cli, stargate_runs):
    """Even with --force: the --against runs and the transcripts are this command's inputs."""
    runs, transcripts = stargate_runs
    games = runs["greedy"] / "games.parquet"
    before = games.read_bytes()
    # (a run's own files are refused as such before the inputs are looked at: io.check_output_path)
    for target, said in ((games, "is games.parquet, one of the files of the run"), (transcripts[0], "this command's input")):
        r = cli("calibrate", str(transcripts[0]), "--against", str(runs["greedy"]), "-f", "md", "-o", str(target),
                "--force")
        assert r.returncode == 2 and said in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
    assert games.read_bytes() == before


def test_report_intervals_stay_within_what_each_metric_can_be(calibrated):
    """Eight table games: a t interval of a win rate reached below 0 and above 1, and one of an
    SD below 0. Shares must stay in [0, 1], advantages in [−1/P, 1 − 1/P], spreads at 0 or above."""
    _, data = calibrated
    rows = [m for m in data["metrics"] if m["ci_low"] is not None]
    kinds = {"win_rate_by_seat": (0, 1), "crew_pick_rate": (0, 1), "first_player_advantage": (-1 / 3, 2 / 3),
             "score_sd": (0, float("inf"))}
    seen = set()
    for m in rows:
        if m["metric"] in kinds:
            low, high = kinds[m["metric"]]
            assert low - 1e-12 <= m["ci_low"] <= m["estimate"] <= m["ci_high"] <= high + 1e-12, m
            seen.add(m["metric"])
    assert seen == set(kinds)


def test_interval_families_of_calibration():
    from playtest.analysis.calibration import interval

    # 3 of 5 games won: a t interval with se 0.25 on 4 df would be [−0.09, 1.29].
    lo, hi = interval("win_rate_by_seat", 0.6, 0.25, 4, 5, 3)
    assert 0 < lo < 0.6 < hi < 1
    lo, hi = interval("win_rate_by_seat", 0.0, 0.1, 4, 5, 3)  # never won: from 0, as Wilson over 5 games
    assert lo == 0 and 0.3 < hi < 1
    lo, hi = interval("first_player_advantage", -0.2, 0.25, 4, 5, 3)  # seat 1 win rate 0.133 − 1/3
    assert -1 / 3 <= lo < -0.2 < hi < 2 / 3
    lo, hi = interval("score_sd", 1.07, 0.43, 4, 5, 3)  # t: [−0.12, 2.26]
    assert 0 < lo < 1.07 < hi and hi / 1.07 == pytest.approx(1.07 / lo)
    assert interval("score_mean", -5.0, 1.0, 9, 10, 4) == pytest.approx((-5 - 2.262157, -5 + 2.262157))


def test_a_value_the_same_in_every_game_has_no_zero_width_interval():
    """A length or a mean the same in every game of a run (se 0) got the interval [5, 5], as if it
    could not vary; the report gives such a value none (stats.NO_SPREAD), and so does calibrate.
    A share the same in every game keeps Wilson's interval over its games."""
    from playtest.analysis.calibration import interval

    for metric, est in (("game_length_rounds", 5.0), ("score_mean", 31.5), ("score_sd", 0.0)):
        lo, hi = interval(metric, est, 0.0, 19, 200, 4)
        assert math.isnan(lo) and math.isnan(hi), (metric, lo, hi)
    lo, hi = interval("crew_pick_rate", 0.25, 0.0, 19, 40, 4)
    assert 0.1 < lo < 0.25 < hi < 0.45


def test_an_estimate_one_rounding_step_outside_its_range_gets_a_proper_interval():
    """New Frontiers' win lift (w − 1/P per game, P = 3) over 6 games won every time averages to
    0.6666666666666669, one step above the range's top 2/3: the share interval was skipped and
    the t branch returned the inverted [0.6666666666666669, 0.6666666666666667]. Likewise at the
    bottom, −0.33333333333333337 over 10 games never won."""
    from playtest.analysis.calibration import interval, within_range

    top = float(np.mean(np.full(6, 1 - 1 / 3)))
    bottom = float(np.mean(np.full(10, -1 / 3)))
    assert top > 2 / 3 and bottom < -1 / 3  # the rounding this is about
    lo, hi = interval("crew_win_lift", top, 0.0, 5, 6, 3)
    assert -1 / 3 < lo < 2 / 3 - 0.2 and hi == pytest.approx(2 / 3, abs=1e-15) and lo <= hi
    assert lo <= within_range("crew_win_lift", top, 3) <= hi  # the estimate shown lies in its interval
    lo, hi = interval("crew_win_lift", bottom, 0.0, 9, 10, 3)
    assert lo == pytest.approx(-1 / 3, abs=1e-15) and -1 / 3 + 0.2 < hi < 2 / 3
    assert within_range("crew_win_lift", 0.7, 3) == 0.7  # beyond rounding: left as it is


def test_a_metric_that_varies_on_neither_side_does_not_blow_up_the_distance():
    """A share that is the same in every game of the run (a jackknife gives ~1e-17, not 0) and
    different at the table: dividing by that noise gave a distance of 2e13."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.analysis.calibration import Source, calibrate

    def metric_fn(info, games, events):
        return C.metric_frame([{C.METRIC: "crew_pick_rate", C.GROUP: "bays", C.ESTIMATE: float(games["v"].mean()),
                                C.N: games.height, C.DEFINITION: "share"},
                               {C.METRIC: "score_mean", C.GROUP: "all", C.ESTIMATE: float(games["s"].mean()),
                                C.N: games.height, C.DEFINITION: "mean"}])

    def source(label, v, scores):
        games = pl.DataFrame({"game": list(range(len(scores))), "v": [v] * len(scores), "s": scores})
        return Source(label, {"players": 3}, games, games.head(0))

    rng = np.random.default_rng(1)
    table = source("table", 0.0, [10.0, 12.0, 9.0, 14.0, 11.0])
    run = source("run", 0.1, list(rng.normal(11, 2, 40)))
    cal = calibrate(table, [run], metric_fn)
    [row] = cal.runs.iter_rows(named=True)
    assert row["metrics_compared"] == 1 and row["differ_no_spread"] == 1
    assert row["distance"] < 5
    pick = cal.metrics.filter((pl.col("metric") == "crew_pick_rate") & (pl.col("source") == "run")).row(0, named=True)
    assert pick["z"] is None and pick["se"] == 0


def test_a_metric_not_estimated_is_left_out_not_an_internal_error():
    """New Frontiers leaves a win lift unestimated (estimate null) when every player selected the
    action in every game: calibrate subtracted None from None ('internal error: TypeError') on the
    shipped New Frontiers example table games against a small greedy run."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.analysis.calibration import Source, calibrate

    def metric_fn(info, games, events):
        return C.metric_frame([{C.METRIC: "select_win_lift", C.GROUP: "envoy", C.ESTIMATE: None,
                                C.N: games.height, C.DEFINITION: "not estimated"},
                               {C.METRIC: "score_mean", C.GROUP: "all", C.ESTIMATE: float(games["s"].mean()),
                                C.N: games.height, C.DEFINITION: "mean"}])

    def source(label, scores):
        games = pl.DataFrame({"game": list(range(len(scores))), "s": scores})
        return Source(label, {"players": 3}, games, games.head(0))

    table = source("table", [10.0, 12.0, 9.0, 14.0, 11.0])
    run = source("run", list(np.random.default_rng(1).normal(11, 2, 40)))
    cal = calibrate(table, [run], metric_fn)
    [row] = cal.runs.iter_rows(named=True)
    assert row["metrics_compared"] == 1
    assert set(cal.metrics["metric"]) == {"score_mean"}


def test_the_report_never_replaces_the_variant_a_transcript_extends(cli, stargate_runs, tmp_path):
    runs, _ = stargate_runs
    variant = tmp_path / "draft5.yaml"
    variant.write_text(DRAFT5.read_text())
    table = record(variant, ["greedy"] * 3, range(1, 2), tmp_path)
    r = cli("calibrate", str(table[0]), "--against", str(runs["greedy"]), "-f", "md", "-o", str(variant), "--force")
    assert r.returncode == 2 and "this command's input" in r.stderr, r.stderr
    assert variant.read_text() == DRAFT5.read_text()


def test_an_out_file_whose_suffix_names_no_format_is_refused_without_format(cli, stargate_runs, tmp_path):
    """`calibrate ... -o cal.txt` wrote Markdown (its default) into cal.txt: as `report -o`, a
    suffix that names no format is refused before the comparison, unless --format says which."""
    runs, transcripts = stargate_runs
    out = tmp_path / "cal.txt"
    r = cli("calibrate", str(transcripts[0]), "--against", str(runs["greedy"]), "-o", str(out))
    assert (r.returncode, r.stdout, r.stderr) == (
        2, "", f"error: --out {out}: cannot tell the format from '.txt'; use .html, .htm, .md or .json, or give "
               "--format\n")
    assert not out.exists()


def test_what_the_variant_switches_off_is_left_out_and_one_table_game_tests_nothing(cli, stargate_runs, calibrated,
                                                                                     rules_runs):
    """Draft 5 has no planet effects, no extension slots and no skill VP for Anderson: the runs
    leave those rows out (switched off), but the table's side showed them as 0.00 [0.00 – 0.00].
    And one table game, with no spread to measure a gap on, was summed up as 'nowhere' (against
    a 6-game run of the same rules: the one table game is what leaves nothing to test)."""
    _, transcripts = stargate_runs
    same, _, _ = rules_runs
    _, doc = calibrated  # the JSON of the eight table games against both runs
    rows = {(m["metric"], m["group"]) for m in doc["metrics"]}
    assert {m["source"] for m in doc["metrics"]} == {"table", "random", "greedy"}
    assert ("score_mean", "all / planets") in rows
    assert not {("score_mean", "all / planet_effects"), ("score_mean", "all / extensions"),
                ("crew_vp_per_pick", "anderson")} & rows
    r = cli("calibrate", str(transcripts[0]), "--against", str(same), "-f", "md", "-o", "-")
    assert r.returncode == 0, r.stderr
    section = r.stdout.split("## Where the table differs from every bot run")[1].split("## Every metric")[0]
    assert "nothing could be tested: 1 table game gives no interval" in section and "nowhere" not in section


def test_a_report_without_out_goes_under_reports_never_over_an_earlier_one(stargate_runs, rules_runs, tmp_path):
    """`calibrate -f json` without -o wrote calibration.json into the working folder, and the next
    one was refused ("already exists"): it goes to reports/calibrate-<time>.json, beside the other
    commands' outputs, a new name each time."""
    from tests.conftest import invoke_cli

    _, transcripts = stargate_runs
    same, _, _ = rules_runs
    said = []
    for _ in range(2):
        r = invoke_cli("calibrate", str(transcripts[0]), "--against", str(same), "-f", "json", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        said.append(r.stdout.splitlines()[-1])
    written = sorted((tmp_path / "reports").iterdir())
    assert [p.name for p in tmp_path.iterdir()] == ["reports"]
    assert sorted(said) == sorted(f"report: {Path('reports') / p.name}" for p in written) and len(written) == 2
    for path in written:
        assert re.fullmatch(r"calibrate-\d{8}-\d{6}(-2)?\.json", path.name), path.name
        assert json.loads(path.read_text())["table_games"] == 1


def test_a_score_part_s_interval_stops_at_the_floor_its_game_declares():
    """Oh-Seven's rebid bonus is never negative (GameSpec.score_floors): table games without a
    forced rebid read `0.00 [-0.60 – 0.60]` beside runs that had some. Its interval now starts at
    0; `rounds` (a missed bid loses points) keeps its interval below 0."""
    import polars as pl

    from playtest.analysis.calibration import Source, calibrate, interval
    from playtest.analysis.metrics import all_metrics

    v = load_variant(OHSEVEN)
    info = {"game": "ohseven", "players": 4, "variant": {"hash": v.hash, "resolved": v.resolved}}
    rng = np.random.default_rng(3)

    def source(label, n, bonus):
        rows = [{"game": g, "seed": 0, "seat": s, "bot": label, "score_rounds": float(r),
                 "score_rebid_bonus": float(b), "total": float(r + b), "rank": 1, "win_share": 0.25,
                 "rounds": 7, "turns": 60}
                for g in range(n) for s, r, b in zip(range(4), rng.integers(-6, 8, 4), bonus(g), strict=True)]
        games = pl.DataFrame(rows, schema_overrides={"seat": pl.Int8})
        return Source(label, info, games, pl.DataFrame({"game": [0]}).head(0))

    table = source("table", 6, lambda g: [0, 0, 0, 0])
    run = source("run", 60, lambda g: [int(g % 5 == 0), 0, int(g % 7 == 0), 0])
    cal = calibrate(table, [run], lambda i, g, e: all_metrics(i, g, e, keys={"scores"}))
    rows = cal.metrics.filter(pl.col("metric") == "score_mean")
    bonus = rows.filter((pl.col("group") == "all / rebid_bonus") & (pl.col("source") == "table")).row(0, named=True)
    assert bonus["estimate"] == 0 and bonus["se"] > 0  # the table's se: at least what the run's spread implies
    assert bonus["ci_low"] == 0.0 and bonus["ci_high"] > 0
    for_run = rows.filter((pl.col("group") == "all / rebid_bonus") & (pl.col("source") == "run")).row(0, named=True)
    assert 0 <= for_run["ci_low"] < for_run["estimate"]
    lows = rows.filter(pl.col("group").str.ends_with(" / rounds"))["ci_low"]
    assert (lows < 0).any()  # no floor for rounds under base's miss_per_trick −1
    # the cut itself: only the lower end, only at or below the floor
    assert interval("score_mean", 0.0, 0.29, 5, 6, 4) == pytest.approx((-0.745, 0.745), abs=1e-3)
    assert interval("score_mean", 0.0, 0.29, 5, 6, 4, floor=0.0) == pytest.approx((0.0, 0.745), abs=1e-3)
    assert interval("score_mean", 3.0, 0.29, 5, 6, 4, floor=0.0) == interval("score_mean", 3.0, 0.29, 5, 6, 4)


def test_rows_of_the_table_s_own_bot_name_are_not_shown_beside_the_all_players_rows():
    """Every player of a table game is `table`, so the report's by-bot rows `score_mean table /
    rounds` are the `all / rounds` rows again — but no run has a bot named `table`, so that row
    escaped the floor of what the runs' game-to-game spread implies for so few games and read
    `5.94 [3.21 – 8.66]` (se 0.86) beside `all / rounds` `5.94 [1.10 – 10.78]` (se 1.55) for the
    same rows. Both were over games; rows about which bot played have nothing to compare with
    (the run's `heuristic / rounds` never met the table's), so neither side keeps them."""
    import polars as pl

    from playtest.analysis.calibration import Source, calibrate, table_floor
    from playtest.analysis.metrics import all_metrics

    v = load_variant(OHSEVEN)
    info = {"game": "ohseven", "players": 4, "variant": {"hash": v.hash, "resolved": v.resolved}}
    rng = np.random.default_rng(8)

    def source(bot, n, spread):
        rows = [{"game": g, "seed": 0, "seat": s, "bot": bot, "score_rounds": float(r), "score_rebid_bonus": 0.0,
                 "total": float(r), "rank": 1, "win_share": 0.25, "rounds": 7, "turns": 60}
                for g in range(n) for s, r in zip(range(4), rng.integers(-spread, spread + 4, 4), strict=True)]
        return Source(bot, info, pl.DataFrame(rows, schema_overrides={"seat": pl.Int8}),
                      pl.DataFrame({"game": [0]}).head(0))

    table, run = source("table", 5, 2), source("heuristic", 60, 8)
    cal = calibrate(table, [run], lambda i, g, e: all_metrics(i, g, e, keys={"scores"}))
    groups = set(cal.metrics["group"])
    assert "all / rounds" in groups and "seat 1 / rounds" in groups
    assert not {g for g in groups if g.split(" / ")[0] in ("table", "heuristic")}, groups
    row = {r["source"]: r for r in cal.metrics.filter((pl.col("metric") == "score_mean")
                                                      & (pl.col("group") == "all / rounds")).iter_rows(named=True)}
    assert row["table"]["se"] == pytest.approx(table_floor(row["heuristic"]["se"], 60, 5))  # the run's spread


def test_min_games_is_where_a_t_interval_of_an_average_gets_narrower_than_single_games():
    """MIN_GAMES follows from the method: an interval of an average over n games has half-width
    t(0.975, n − 1)·s/√n, and 95% of single games lie within ±1.96·s. Below the first n where the
    interval is the narrower of the two it says nothing a single game does not (two table games:
    margin_of_victory 3.50 [0.00 – 1154257.35]), so there is none."""
    from playtest.analysis import distributions as dist
    from playtest.analysis.calibration import MIN_GAMES, interval, too_few

    z = -dist.t_ppf(0.025, 10**9)  # 1.96
    first = next(n for n in range(2, 100) if dist.t_ppf(0.975, n - 1) / math.sqrt(n) < z)
    assert MIN_GAMES == first == 4
    # margin_of_victory of two table games (3 and 4 points): log-scale t on 1 df
    for n in range(1, MIN_GAMES):
        assert all(math.isnan(x) for x in interval("margin_of_victory", 3.5, 2.0, n - 1, n, 3)), n
        assert all(math.isnan(x) for x in interval("win_rate_by_seat", 0.5, 0.3, n - 1, n, 3)), n
    lo, hi = interval("margin_of_victory", 3.5, 1.0, MIN_GAMES - 1, MIN_GAMES, 3)
    assert 0 < lo < 3.5 < hi < 20
    assert too_few(2) == "only 2 table games: too few for an interval; 4 needed"
    assert too_few(1) == "only 1 table game: too few for an interval; 4 needed"
    assert too_few(3, "greedy") == "only 3 games in this run: too few for an interval; 4 needed"
    assert too_few(4) is None


def _few_table_games(n_table: int):
    """A calibration of `n_table` table games against a 40-game run, on two made-up metrics."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.analysis.calibration import Source, calibrate

    def metric_fn(info, games, events):
        return C.metric_frame([{C.METRIC: "margin_of_victory", C.GROUP: "all", C.ESTIMATE: float(games["m"].mean()),
                                C.N: games.height, C.DEFINITION: "margin"},
                               {C.METRIC: "crew_pick_rate", C.GROUP: "bays", C.ESTIMATE: float(games["v"].mean()),
                                C.N: games.height, C.DEFINITION: "share"}])

    def source(label, margins):
        games = pl.DataFrame({"game": list(range(len(margins))), "m": margins,
                              "v": [0.25 * (i % 3) for i in range(len(margins))]})
        return Source(label, {"players": 3}, games, games.head(0))

    rng = np.random.default_rng(5)
    table = source("table", [3.0, 4.0, 1.0, 6.0, 2.0][:n_table])
    run = source("run", list(rng.exponential(4, 40) + 0.5))
    return calibrate(table, [run], metric_fn)


def test_too_few_table_games_show_estimates_without_an_interval_and_say_why():
    """Two table games gave `margin_of_victory 3.50 [0.00 – 1154257.35]`: a t interval on the log
    scale with 1 df. Below MIN_GAMES table games every table row keeps its estimate, has no
    interval (JSON: null, with the reason in `no_interval`, never a made-up number), and the
    Markdown, HTML and terminal summary say why, once."""
    import polars as pl

    from playtest.report import calibration as R

    why = "only 2 table games: too few for an interval; 4 needed"
    cal = _few_table_games(2)
    meta = {"game": "stargate", "variant": "v.yaml", "table_games": 2, "transcripts": ["a.yaml", "b.yaml"],
            "runs": {"run": "runs/run"}}
    tab = cal.metrics.filter(pl.col("source") == "table")
    assert tab.height == 2 and tab["estimate"].to_list() == [3.5, 0.125]
    assert tab["ci_low"].is_nan().all() and tab["ci_high"].is_nan().all()
    assert tab["no_interval"].to_list() == [why, why]
    run = cal.metrics.filter(pl.col("source") == "run")
    assert run["ci_low"].is_finite().all() and run["no_interval"].is_null().all()

    doc = json.loads(json.dumps(R.to_json(cal, meta), allow_nan=False))  # no NaN in the document
    assert doc["min_games_for_interval"] == 4
    for m in doc["metrics"]:
        if m["source"] == "table":
            assert (m["ci_low"], m["ci_high"], m["no_interval"]) == (None, None, why), m
            assert m["estimate"] is not None
        else:
            assert m["ci_low"] is not None and m["no_interval"] is None, m

    note = ("Only 2 table games: too few for an interval; 4 needed — below 4 games a 95% interval of an "
            "average is wider than the range that holds 95% of single games")
    md = R.to_markdown(cal, meta)
    summary, every = md.split("## Every metric")
    assert note in summary  # the terminal prints this part
    assert note in every and "| table (2 games, no interval) |" in every and "[95%]" not in every
    assert "wider than the range that holds 95% of single games" in doc["method"]  # the method says the same
    assert "| Winning margin (points) | all | 3.50 |" in every
    html = R.to_html(cal, meta)
    assert html.count(note) == 2 and f'<span title="{why}">none</span>' in html

    cal = _few_table_games(4)  # at the floor: intervals, and no note
    tab = cal.metrics.filter(pl.col("source") == "table")
    assert tab["ci_low"].is_finite().all() and tab["no_interval"].is_null().all()
    md = R.to_markdown(cal, {**meta, "table_games": 4})
    assert "too few for an interval" not in md and "| table [95%] |" in md
    assert "too few for an interval" not in R.to_html(cal, {**meta, "table_games": 4})


def test_a_table_row_without_an_interval_says_why_in_markdown_too():
    """`leader_after_round_wins | round 2 | 0.0%`: one table game of four had a sole leader after
    round 2, so a jackknife replicate leaves the share undefined and it has no interval. The JSON
    and the HTML said why; the Markdown showed a bare 0.0%, read as exact."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.analysis.calibration import UNDEFINED, Source, calibrate
    from playtest.report import calibration as R

    def metric_fn(info, games, events):
        held = games.filter(pl.col("lead"))
        rows = [{C.METRIC: "score_mean", C.GROUP: "all", C.ESTIMATE: float(games["s"].mean()), C.N: games.height,
                 C.DEFINITION: "mean"}]
        if held.height:  # defined only by the games that had a sole leader
            rows.append({C.METRIC: "leader_after_round_wins", C.GROUP: "round 2", C.ESTIMATE: float(held["w"].mean()),
                         C.N: held.height, C.DEFINITION: "share"})
        return C.metric_frame(rows)

    def source(label, n, lead):
        games = pl.DataFrame({"game": list(range(n)), "s": [float(g % 5) for g in range(n)],
                              "lead": [lead(g) for g in range(n)], "w": [float(g % 2) for g in range(n)]})
        return Source(label, {"players": 4}, games, games.head(0))

    cal = calibrate(source("table", 4, lambda g: g == 0), [source("run", 40, lambda g: g % 3 == 0)], metric_fn)
    meta = {"game": "ohseven", "variant": "v.yaml", "table_games": 4, "transcripts": [], "runs": {"run": "run"}}
    md = R.to_markdown(cal, meta)
    assert f"| Leader after the round wins | round 2 | 0.0% ({UNDEFINED}) |" in md
    assert "| Mean final score | all | 1.50 [" in md  # an interval, and no reason


def test_two_recorded_table_games_get_no_interval_in_terminal_and_json(two_table_games):
    """The same end to end: `calibrate` of two transcripts prints why there are no intervals, and
    its JSON holds each table row's estimate with a null interval and the reason."""
    why = "only 2 table games: too few for an interval; 4 needed"
    r, _, out = two_table_games
    assert r.returncode == 0, r.stderr
    assert "Only 2 table games: too few for an interval; 4 needed — below 4 games" in r.stdout
    doc = json.loads(out.read_text(encoding="utf-8"))
    table = {(m["metric"], m["group"]): m for m in doc["metrics"] if m["source"] == "table"}
    mov = table[("margin_of_victory", "all")]
    assert mov["estimate"] > 0 and (mov["ci_low"], mov["ci_high"], mov["no_interval"]) == (None, None, why)
    assert all(m["ci_low"] is None and m["ci_high"] is None and m["no_interval"] == why for m in table.values())


def test_the_note_on_other_rules_follows_the_rules_the_run_played_not_the_hash_it_recorded(cli, stargate_runs,
                                                                                         rules_runs, tmp_path):
    """A run made before variant_hash canonicalised numbers recorded the hash of its variant as
    spelt: one whose draft wrote `cubes.total: 15.0` holds another hash than a table game of the
    same draft (15) has now, and calibrate noted 'the runs may not be of the same rules'; so did a
    run made before a quoted number was recorded as the number it validates to. A run of other rules
    is still noted."""
    from playtest.sim.batch import RunConfig, run_batch
    from playtest.variants.loader import spelled_hash, variant_hash

    _, transcripts = stargate_runs
    _, other, other_hash = rules_runs
    cfg = RunConfig(n_games=6, players=3, lineup=("greedy",) * 3, seed=2, workers=1)
    same = load_variant(DRAFT5, ["cubes.total=15.0"])
    run_batch(same, cfg, tmp_path / "old")
    info = json.loads((tmp_path / "old" / "run.json").read_text())
    old = spelled_hash(info["variant"]["resolved"])
    assert old != same.hash == load_variant(DRAFT5).hash
    info["variant"]["hash"] = old  # as a run made before the change recorded it
    (tmp_path / "old" / "run.json").write_text(json.dumps(info))

    r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(tmp_path / "old"))
    assert r.returncode == 0, r.stderr
    assert "may not be of the same rules" not in r.stdout + r.stderr
    # and before scalars_as_validated, a quoted number was recorded, and hashed, as text
    info["variant"]["resolved"]["cubes"]["total"] = "15"
    info["variant"]["hash"] = variant_hash(info["variant"]["resolved"])
    assert info["variant"]["hash"] != same.hash
    (tmp_path / "old" / "run.json").write_text(json.dumps(info))
    r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(tmp_path / "old"))
    assert r.returncode == 0, r.stderr
    assert "may not be of the same rules" not in r.stdout + r.stderr
    # nor a run of the draft renamed, or writing out a key at its default: the same rules
    renamed = load_variant(DRAFT5, ["name=mine", "description=reworded", "crews_dealt={}"])
    assert renamed.hash != same.hash
    run_batch(renamed, cfg, tmp_path / "renamed")
    r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(tmp_path / "renamed"))
    assert r.returncode == 0, r.stderr
    assert "may not be of the same rules" not in r.stdout + r.stderr
    note = (f"note: {other}: variant {other_hash} differs from the table's ({same.hash}; the table's → the run's: "
            "cubes.total: 15 → 14): the runs may not be of the same rules\n")
    r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(other))
    assert r.returncode == 0, r.stderr
    assert r.stderr == note and "may not be of the same rules" in r.stdout  # the note, and the summary's line


def test_a_run_of_other_rules_is_noted_on_stderr_and_in_every_report_format(cli, stargate_runs, rules_runs,
                                                                            tmp_path):
    """The note on other rules went to stdout, and only in the terminal's format: with `-f json -o -`
    or `-f html -o cal.html` it was lost, while the report still named that run the closest. It
    goes to stderr in every format, and each report names each run whose rules differ."""
    import html

    _, transcripts = stargate_runs
    same, other, other_hash = rules_runs
    table = load_variant(DRAFT5).hash
    note = (f"note: {other}: variant {other_hash} differs from the table's ({table}; the table's → the run's: "
            "cubes.total: 15 → 14): the runs may not be of the same rules\n")
    line = (f"run greedy (other), from {other}, played other rules than the table: variant "
            f"{other_hash}, the table's {table} (the table's → the run's: cubes.total: 15 → 14)")
    args = [*map(str, transcripts[:4]), "--against", str(same), "--against", str(other)]
    r = cli("calibrate", *args, "-f", "json", "-o", "-")
    assert r.returncode == 0 and r.stderr == note, r.stderr
    doc = json.loads(r.stdout)
    assert doc["variant_hash"] == table
    assert doc["other_rules"] == [{"run": "greedy (other)", "folder": str(other), "variant_hash": other_hash,
                                   "changes": [{"path": "cubes.total", "old": 15, "new": 14, "added": False,
                                                "removed": False}]}]
    for fmt in ("md", "html", "htm"):  # (`-f htm` was refused, though `-o cal.htm` was HTML)
        out = tmp_path / f"cal.{fmt}"
        r = cli("calibrate", *args, "-f", fmt, "-o", str(out))
        assert r.returncode == 0 and r.stderr == note, r.stderr
        assert line in html.unescape(out.read_text()), fmt
    assert (tmp_path / "cal.htm").read_text().startswith("<!DOCTYPE html>")
    r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(same), "-f", "json", "-o", "-")
    assert r.stderr == "" and json.loads(r.stdout)["other_rules"] == []


def test_runs_whose_bots_share_a_label_are_each_told_apart_by_their_folder():
    """Three heuristic runs were labelled `heuristic`, `heuristic (base)`, `heuristic (run-heur)`:
    the first given (there, the run of other rules) got the plainest name. Every run of a shared
    label now names its folder; a label no other run has stays plain."""
    from playtest.analysis.calibration import run_labels

    heur, greedy = {"lineup": ["heuristic"] * 4}, {"lineup": ["greedy"] * 4}
    assert run_labels([heur, heur, greedy, heur], ["draft", "runs/base", "g", "/tmp/run-heur"]) == [
        "heuristic (draft)", "heuristic (base)", "greedy", "heuristic (run-heur)"]
    assert run_labels([heur, heur], ["a/base", "b/base"]) == ["heuristic (a/base)", "heuristic (b/base)"]
    assert run_labels([heur, greedy], ["x", "y"]) == ["heuristic", "greedy"]


def test_a_length_one_table_game_had_or_the_table_never_had_is_compared_as_a_share():
    """Game lengths are a distribution: a length missing from one side (or from a jackknife
    replicate) is 0% of its games, as compare counts it. Before, the table's one 12-round game of
    six had no standard error (the replicate without it had no 12-round row: "not defined without
    some of the games"), and 13 rounds, which only the run reached, was not compared at all."""
    import polars as pl

    from playtest.analysis import columns as C
    from playtest.analysis.calibration import Source, calibrate

    def metric_fn(info, games, events):
        n = games.height
        return C.metric_frame([{C.METRIC: "game_length_share", C.GROUP: f"{k} rounds", C.ESTIMATE: c / n, C.N: n,
                                C.DEFINITION: "share of games lasting this many rounds"}
                               for k, c in sorted(games.group_by("rounds").len().iter_rows())])

    def source(label, rounds):
        games = pl.DataFrame({"game": list(range(len(rounds))), "rounds": rounds})
        return Source(label, {"players": 3}, games, games.head(0))

    table = source("table", [11, 11, 11, 11, 11, 12])
    run = source("run", [11] * 20 + [12] * 10 + [13] * 10)
    cal = calibrate(table, [run], metric_fn)
    tab = {r["group"]: r for r in cal.metrics.filter(pl.col("source") == "table").iter_rows(named=True)}
    assert set(tab) == {"11 rounds", "12 rounds", "13 rounds"}
    assert tab["13 rounds"]["estimate"] == 0.0  # never reached at the table: 0%, compared
    assert tab["12 rounds"]["no_interval"] is None and tab["12 rounds"]["se"] > 0
    assert cal.runs["metrics_compared"][0] == 3


def _score_source(label, scores):
    import polars as pl

    from playtest.analysis.calibration import Source

    games = pl.DataFrame({"game": list(range(len(scores))), "s": [float(x) for x in scores]})
    return Source(label, {"players": 3}, games, games.head(0))


def _score_mean(info, games, events):
    from playtest.analysis import columns as C

    return C.metric_frame([{C.METRIC: "score_mean", C.GROUP: "all", C.ESTIMATE: float(games["s"].mean()),
                            C.N: games.height, C.DEFINITION: "mean"}])


def test_the_jackknife_of_a_mean_is_its_standard_error_over_games_or_blocks():
    """Leave-one-game-out (the table): s/√n exactly. 20 blocks of 2 games (a run): the block means'
    standard deviation over √20."""
    from playtest.analysis.calibration import RUN_BLOCKS, jackknife

    scores = np.random.default_rng(4).normal(10, 2, 40)
    [table] = jackknife(_score_source("table", scores[:7]), _score_mean).iter_rows(named=True)
    assert (table["se"], table["df"], table["n"]) == (pytest.approx(scores[:7].std(ddof=1) / math.sqrt(7)), 6, 7)
    [run] = jackknife(_score_source("run", scores), _score_mean, RUN_BLOCKS).iter_rows(named=True)
    block_means = scores.reshape(20, 2).mean(axis=1)
    assert (run["se"], run["df"]) == (pytest.approx(block_means.std(ddof=1) / math.sqrt(20)), 19)


def test_a_table_that_shows_no_spread_is_compared_at_the_spread_of_the_run():
    """Five table games that all scored 9.5 have no spread of their own: the table's standard error
    is the run's for 5 games, se_run · √(40/5), and z = (table − run) / √(that² + se_run²). The z
    test is on the fewer degrees of freedom of the two sides (the table's 4), and a |z| below
    the normal 97.5% point counts as within the run's interval."""
    from scipy import stats as sps

    from playtest.analysis.calibration import calibrate, table_floor

    assert table_floor(0.1, 400, 4) == pytest.approx(1.0)  # 0.1 · √(400/4): the se of 4 such games
    scores = np.random.default_rng(4).normal(11, 2, 40)
    cal = calibrate(_score_source("table", [9.5] * 5), [_score_source("run", scores)], _score_mean)
    se_run = scores.reshape(20, 2).mean(axis=1).std(ddof=1) / math.sqrt(20)
    z = (9.5 - scores.mean()) / math.sqrt(se_run ** 2 * 40 / 5 + se_run ** 2)
    assert 1 < abs(z) < sps.norm.ppf(0.975)  # what this example is about
    run = cal.metrics.filter(cal.metrics["source"] == "run").row(0, named=True)
    assert run["z"] == pytest.approx(z) and run["p_value"] == pytest.approx(2 * sps.t.sf(abs(z), 4))
    [summary] = cal.runs.iter_rows(named=True)
    assert (summary["metrics_compared"], summary["within_interval"]) == (1, 1)
    assert summary["distance"] == pytest.approx(abs(z))


def test_the_table_s_standard_error_is_one_for_every_run_so_a_wide_spreading_run_is_not_read_closer():
    """Five table games scoring 9.5 apiece, a run 1 point off whose games spread little and one 2.5
    points off whose games spread widely: each run's own spread set the table's standard error,
    so the wide run's z shrank (0.9 against 2.1) and it read closer. The table's standard error is
    now one for every run, the median of what the runs' spreads give five games, as the table's
    own interval takes it."""
    from playtest.analysis.calibration import calibrate, table_floor

    rng = np.random.default_rng(5)
    narrow, wide = rng.normal(0, 1, 40), rng.normal(0, 6, 40)
    narrow, wide = 10.5 + narrow - narrow.mean(), 12.0 + wide - wide.mean()
    cal = calibrate(_score_source("table", [9.5] * 5), [_score_source("narrow", narrow), _score_source("wide", wide)],
                    _score_mean)
    assert cal.closest == "narrow"
    rows = {r["source"]: r for r in cal.metrics.iter_rows(named=True)}
    implied = {run: math.sqrt(((9.5 - rows[run]["estimate"]) / rows[run]["z"]) ** 2 - rows[run]["se"] ** 2)
               for run in ("narrow", "wide")}
    floors = [table_floor(rows[run]["se"], 40, 5) for run in ("narrow", "wide")]
    assert implied["narrow"] == pytest.approx(implied["wide"]) == pytest.approx(float(np.median(floors)))
    assert rows["table"]["se"] == pytest.approx(implied["narrow"])  # the table's interval: the same one


def test_a_metric_the_table_and_a_run_never_vary_is_compared_when_half_the_runs_vary():
    """The table's side varies when its games or at least half the runs' do (the runs' median floors
    its standard error): five table games of 9.5 and a run of 12.0 every game are counted apart
    alone, as the docs said of a metric that varies on neither side, but beside a run whose games
    spread they get a z on the table's standard error of that median (README, METHOD)."""
    from playtest.analysis.calibration import calibrate, table_floor

    table, flat = _score_source("table", [9.5] * 5), _score_source("flat", [12.0] * 40)
    [alone] = calibrate(table, [flat], _score_mean).runs.iter_rows(named=True)
    assert (alone["metrics_compared"], alone["differ_no_spread"]) == (0, 1)
    wide = np.random.default_rng(5).normal(10, 3, 40)
    cal = calibrate(table, [flat, _score_source("wide", wide)], _score_mean)
    rows = {r["source"]: r for r in cal.metrics.iter_rows(named=True)}
    se_table = float(np.median([0.0, table_floor(rows["wide"]["se"], 40, 5)]))
    assert rows["table"]["se"] == pytest.approx(se_table)
    assert rows["flat"]["z"] == pytest.approx((9.5 - 12.0) / se_table)
    assert cal.runs.filter(pl.col("run") == "flat")["differ_no_spread"].item() == 0


def test_a_length_s_interval_is_the_t_interval_of_its_logarithm():
    """A non-negative metric (score_sd) gets est · exp(±t · se/est), t on its df: by hand."""
    from scipy import stats as sps

    from playtest.analysis.calibration import interval

    spread = math.exp(float(sps.t.ppf(0.975, 4)) * 0.5 / 2.0)
    assert interval("score_sd", 2.0, 0.5, 4, 5, 3) == pytest.approx((2.0 / spread, 2.0 * spread))


def test_a_metric_is_flagged_only_where_the_table_differs_from_every_run_after_holm():
    """Each metric's p is the largest of its per-run p-values (the table must differ from every
    run), then Holm over the 4 metrics, by hand: sorted 0.005 × 4 = 0.02, 0.02 × 3 = 0.06,
    0.024 × 2 = 0.048 → 0.06 (never below the one before), 0.4 × 1 = 0.4. Only B is below 5%;
    A differs from run a (p 0.001) but not from run b."""
    import polars as pl

    from playtest.analysis.calibration import _flags

    per_run_p = {("m", "A"): [0.001, 0.4], ("m", "B"): [0.004, 0.005], ("m", "C"): [0.02, 0.015],
                 ("m", "D"): [0.024, 0.01]}
    metrics = pl.DataFrame([{"metric": "m", "group": g, "definition": "a metric", "source": source, "estimate": est,
                             "ci_low": est - 0.5, "ci_high": est + 0.5}
                            for g in "ABCD" for source, est in (("table", 5.0), ("a", 1.0), ("b", 2.0))])
    flags = _flags(metrics, per_run_p, 2)
    assert flags["group"].to_list() == ["B"]
    [b] = flags.iter_rows(named=True)
    assert b["p_holm"] == pytest.approx(0.02) and (b["nearest_run"], b["nearest"]) == ("b", 2.0)


def test_a_table_between_the_runs_unlike_each_is_not_said_to_be_beyond_them():
    """The table must differ from every run to be flagged, on either side: with runs at 1 and 9
    around a table at 5, the flag read 'no bot run is as high (the nearest, a, 1) — the table's is
    higher than every run's', false of run b."""
    import polars as pl

    from playtest.analysis.calibration import _flags

    metrics = pl.DataFrame([{"metric": "m", "group": "A", "definition": "a metric", "source": source, "estimate": est,
                             "ci_low": est - 0.5, "ci_high": est + 0.5}
                            for source, est in (("table", 5.0), ("a", 1.0), ("b", 9.5))])
    [flag] = _flags(metrics, {("m", "A"): [0.001, 0.002]}, 2).iter_rows(named=True)
    assert (flag["side"], flag["nearest_run"], flag["nearest"]) == ("between", "a", 1.0)
    assert flag["sentence"] == ("m (A): your table 5.00 [4.50, 5.50]; between the bot runs, and unlike each of them "
                                "(the nearest, a, 1.00)")
    above = _flags(metrics.with_columns(pl.col("estimate").replace(9.5, 2.0)), {("m", "A"): [0.001, 0.002]}, 2)
    assert above["sentence"][0].endswith("no bot run is as high (the nearest, b, 2.00) — the table's is higher than "
                                         "every run's")


def test_an_unfinished_run_is_read_as_report_reads_it_and_said_to_be_partial(cli, stargate_runs, tmp_path):
    """`report RUN` reads an interrupted run's saved games in RUN.partial; `calibrate --against
    RUN` said "no such run folder", and `--against RUN.partial` compared them without a word."""
    from playtest.errors import Interrupted
    from playtest.sim.batch import RunConfig, run_batch

    def stop(_: int) -> None:
        raise Interrupted("stop")

    # Random bots and four table games: the note is about the run's saved games, not how they
    # were played or how many table games are compared with them (calibrate jackknifes both).
    config = RunConfig(n_games=30, players=3, lineup=("random",) * 3, seed=3, workers=1, chunk_size=10)
    with pytest.raises(Interrupted):
        run_batch(load_variant(DRAFT5), config, tmp_path / "run", progress=stop)
    _, transcripts = stargate_runs
    for given in ("run", "run.partial"):
        r = cli("calibrate", *map(str, transcripts[:4]), "--against", str(tmp_path / given))
        assert r.returncode == 0, r.stderr
        assert r.stderr == f"note: --against {tmp_path / given}: partial run: 10 of 30 games\n"
    r = cli("calibrate", *map(str, transcripts), "--against", str(tmp_path / "run"), "--against",
            str(tmp_path / "run.partial"))
    assert (r.returncode, r.stderr) == (2, f"error: --against: {tmp_path / 'run.partial'} is given twice (also as "
                                           f"{tmp_path / 'run'})\n")


def test_one_run_is_not_said_to_stay_closest_with_a_game_left_out():
    """With one --against run, 'greedy is the closest in 5 of 5 cases, so no single game decides it'
    read as evidence, where one run is the closest in every case whatever the table's games."""
    from playtest.analysis.calibration import Calibration
    from playtest.report.calibration import how_sure

    runs = pl.DataFrame({"run": ["greedy"], "distance": [1.2], "metrics_compared": [10]})
    cal = Calibration(pl.DataFrame(), runs, pl.DataFrame(), 5, closest_without_one_game={"greedy": 5})
    assert how_sure(cal) == "Distance 0 = the table's own numbers; about 1 = as near as another sample of the same players."
    two = Calibration(pl.DataFrame(), runs, pl.DataFrame(), 5, closest_without_one_game={"greedy": 5, "random": 0})
    assert "is the closest in 5 of 5 cases, so no single table game decides it. This checks the table's games only" in (how_sure(two) or "")


def test_table_games_of_one_draft_renamed_are_one_variant_and_of_other_rules_are_refused_naming_them(
        cli, stargate_runs, tmp_path):
    """Table games recorded with a copy of the draft under another name were refused as two
    variants, by the whole data's hash; games of other rules were refused with two hashes to tell
    apart by hand. The copy is the same rules; the other rules are named."""
    runs, transcripts = stargate_runs
    copy, other = tmp_path / "copy.yaml", tmp_path / "other.yaml"
    copy.write_text(f"extends: {DRAFT5}\nname: our table's copy\n", encoding="utf-8")
    other.write_text(f"extends: {DRAFT5}\nmax_rounds: 9\n", encoding="utf-8")
    (renamed,) = record(copy, ["greedy"] * 3, [200], tmp_path)
    r = cli("calibrate", *map(str, transcripts[:3]), str(renamed), "--against", str(runs["greedy"]))
    assert r.returncode == 0, r.stderr
    (edited,) = record(other, ["greedy"] * 3, [201], tmp_path)
    r = cli("calibrate", *map(str, transcripts[:3]), str(edited), "--against", str(runs["greedy"]))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert (f"error: {edited}: played with variant {other} (max_rounds: 60 → 9 against variants/stargate/draft5.yaml, "
            f"which {transcripts[0]} played): calibrate one variant at a time") in r.stderr, r.stderr
