"""The findings metrics agree with direct computations on a small run; conclusions are templated."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis.stats import proportion_of_sums
from playtest.games.stargate.findings import (
    Finding,
    across_skill,
    conclusions,
    main,
    metric,
)
from playtest.games.stargate.findings_metrics import findings_metrics
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant

from .helpers import DRAFT5


def test_findings_metrics_on_a_small_run(tmp_path: Path) -> None:
    variant = load_variant(DRAFT5)
    config = RunConfig(n_games=24, players=4, seed=5, workers=1,
                       lineup=("scripted:bays-when-short", "scripted:no-bays", "scripted:late-placer",
                               "scripted:early-placer"))
    run_batch(variant, config, tmp_path)
    info, games, events = read_run(tmp_path)
    table = findings_metrics(info, games, events)
    turns = events.filter(pl.col("kind") == "decision")
    takers = set(turns.filter(pl.col("crew") == "bays").select("game", "seat").iter_rows())
    is_taker = [(g, s) in takers for g, s in games.select("game", "seat").iter_rows()]
    placed = games["cubes_placed"].to_list()
    mean_t = sum(p for p, t in zip(placed, is_taker, strict=True) if t) / sum(is_taker)
    assert metric(table, "cubes_placed", "Bays takers")[C.ESTIMATE] == mean_t
    first = turns.filter(pl.col("first_pick"))
    assert metric(table, "bays_first_pick_rate")[C.ESTIMATE] == (first["crew"] == "bays").mean()
    assert metric(table, "end_reason_share", "stock_empty")[C.ESTIMATE] == 1.0
    assert metric(table, "end_reason_share", "max_rounds")[C.ESTIMATE] == 0.0  # never fired: 0%, not missing
    # Intervals over games, the independent unit: the rounds of a game summed first, as the
    # report's crew pick rates (Wilson over the rounds as if independent read 0.0% [0.0%, 0.2%]
    # over 400 games), and takers against non-takers within each game.
    per = first.group_by("game").agg((pl.col("crew") == "bays").sum().alias("k"), pl.len().alias("n")).sort("game")
    rate = metric(table, "bays_first_pick_rate")
    assert (rate[C.ESTIMATE], rate[C.CI_LOW], rate[C.CI_HIGH]) == proportion_of_sums(
        per["k"].to_numpy().astype(float), per["n"].to_numpy().astype(float))
    seats = games.with_columns(pl.Series("taker", is_taker))
    gaps = [part.filter(pl.col("taker"))["win_share"].mean() - part.filter(~pl.col("taker"))["win_share"].mean()
            for _, part in seats.group_by("game") if 0 < part["taker"].sum() < part.height]
    lift = metric(table, "bays_win_lift")
    assert lift[C.N] == len(gaps) and lift[C.ESTIMATE] == pytest.approx(sum(gaps) / len(gaps))
    gap = metric(table, "win_gap", "late-placer − early-placer")
    assert gap is not None and gap[C.N] == 24
    found = conclusions("draft5", {"self": table, "scripted": table, "late": table, "late_reversed": table},
                        6, None, None, rung="greedy")
    lines = [f.text for f in found]
    assert any(line.startswith("**Net extra placement** (`greedy` self-play)") for line in lines)
    assert all("nan" not in line for line in lines)
    assert all("`greedy`" in line for line in lines)  # every conclusion names the bots it came from



def test_findings_metrics_rows_come_in_one_order(tmp_path: Path) -> None:
    """Same run, same table, row for row: the game lengths by Bays picks in the order of the
    picks, the end reasons as the report lists them, the most frequent first and equal shares by
    name (stargate.metrics.end_reasons; a bare group_by gave 18 orders of five groups in 20 calls)."""
    run_batch(load_variant(DRAFT5), RunConfig(n_games=30, players=4, seed=3, workers=1, lineup=("random",) * 4),
              tmp_path)
    info, games, events = read_run(tmp_path)
    tables = [findings_metrics(info, games, events) for _ in range(8)]
    assert all(t.equals(tables[0]) for t in tables[1:])
    by_picks = tables[0].filter(pl.col(C.METRIC) == "game_length_by_bays_picks")[C.GROUP].to_list()
    assert len(by_picks) >= 3 and by_picks == sorted(by_picks)
    ends = tables[0].filter(pl.col(C.METRIC) == "end_reason_share")[C.GROUP].to_list()
    assert ends == ["stock_empty", "max_rounds"]


@pytest.mark.system
def test_the_goal_metrics_hook_loads_no_simulation_comparison_or_report_code() -> None:
    """GameSpec.goal_metrics (the findings' measures, for `tune`) is a game's metric function: it
    imports the analysis code it computes with, not the findings script's runner, compare library,
    ladder and report formatting."""
    import subprocess
    import sys

    code = ("import sys, playtest.games.stargate.findings_metrics as m; "
            "print(m.findings_metrics.__module__, sorted({n.split('.')[1] for n in sys.modules "
            "if n.startswith('playtest.') and n.split('.')[1] in ('sim', 'compare', 'ladder', 'report', 'tune')}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout
    assert out == "playtest.games.stargate.findings_metrics []\n"

def test_across_skill_words() -> None:
    rungs = ["greedy", "mcts:200"]

    def f(code: str, est: float, low: float, high: float) -> Finding:
        return Finding("k", "q", code, "", "", est, low, high)

    assert across_skill([f("+", 0.3, 0.2, 0.4), f("+", 0.2, 0.1, 0.3)], rungs) == "**holds** at every skill level"
    assert across_skill([f("-", -0.3, -0.4, -0.2), f("+", 0.2, 0.1, 0.3)], rungs) == "**flips** with skill"
    assert across_skill([f("0", 0, -1, 1), f("0", 0, -1, 1)], rungs) == "no effect detected at any level"
    # Not detected with greedy, whose narrow interval excludes mcts's effect: skill matters.
    assert across_skill([f("0", 0.01, -0.02, 0.04), f("-", -0.3, -0.5, -0.1)], rungs).startswith(
        "**depends on skill**: detected only with `mcts:200`")
    # Not detected with mcts (few games, a wide interval that holds greedy's effect): can't tell.
    assert across_skill([f("+", 0.3, 0.2, 0.4), f("0", 0.1, -0.2, 0.4)], rungs) == (
        "detected only with `greedy`; `mcts:200` cannot rule out the same effect (too few games to tell)")
    # docs/stargate-findings.md, draft 6a, Bays' net extra placement: greedy -1.05 [-1.35, -0.75],
    # mcts:200 +0.19 [-1.01, +1.38]. mcts's interval excludes greedy's estimate but holds most of
    # greedy's interval: the two levels are not told apart, so this is no evidence of skill mattering.
    assert across_skill([f("-", -1.05, -1.35, -0.75), f("0", 0.19, -1.01, 1.38)], rungs) == (
        "detected only with `greedy`; `mcts:200` cannot rule out the same effect (too few games to tell)")
    assert across_skill([f("?", 0, 0, 0), f("-", -0.3, -0.5, -0.1)], rungs).startswith("cannot be compared")


def test_findings_at_two_skill_levels_on_tiny_runs(tmp_path: Path) -> None:
    out = tmp_path / "findings.md"
    code = main(["--rungs", "random,greedy", "--games", "4", "--search-games", "3", "--drafts",
                 "draft5,draft6-no-replenish", "--workers", "1", "--out", str(out), "--runs-dir", str(tmp_path / "runs")])
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert "## Which conclusions hold at every skill level" in text
    assert re.search(r"^Generated \d{4}-\d\d-\d\d \d\d:\d\d UTC by `make findings`", text, re.M)  # (no zone said before)
    assert "| question | `random` | `greedy` | across skill |" in text
    assert "## Skill level `random`" in text and "## Skill level `greedy`" in text
    assert "4 games per run" in text and "3 games per run" in text
    assert "### The new drafts side by side with draft 5 (`greedy`)" in text
    # The comparisons' jackknife cuts each rung's games into min(30, games) blocks, and says so.
    assert "jackknife over 4 blocks of games" in text and "jackknife over 3 blocks of games" in text
    # Every conclusion bullet names the bots it came from.
    bullets = [line for line in text.splitlines() if line.startswith("- **")]
    assert bullets and all("`random`" in b or "`greedy`" in b for b in bullets)
    assert "nan" not in text
    # Draft 5 has a stock to drain; draft 6a starts with every cube in hand: nothing drains there.
    draft5, draft6 = text.split("#### draft6-no-replenish", 1)
    assert "**Draining the stock shortens the game?** (`random` self-play)" in draft5
    assert "Draining the stock" not in draft6.split("## Skill level")[0]
    assert "**Bays picks and game length** (this draft has no stock" in draft6
    assert (tmp_path / "runs" / "greedy" / "draft6-no-replenish" / "late_reversed" / "games.parquet").is_file()
    # No number of Bays picks is seen in 20 of 3 or 4 games: no table of headers alone, a sentence instead.
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line == "| Bays picks | games | mean rounds |":
            assert lines[i + 2].startswith("| ")  # a row under the header and its rule
    assert "(`greedy` self-play): not shown, no number of Bays picks was seen in 20 games or more (3 games in all)" in text


def test_findings_rejects_an_unknown_rung(tmp_path: Path, capsys) -> None:
    code = main(["--rungs", "greedy,mcts-typo", "--out", str(tmp_path / "f.md")])
    assert code == 2 and not (tmp_path / "f.md").exists()
    err = capsys.readouterr().err
    assert err.startswith("error: --rungs: unknown bot 'mcts-typo' for stargate") and err.count("\n") == 1


def test_what_ends_the_game_never_rounds_a_rare_trigger_to_none_or_a_common_one_to_all() -> None:
    """docs/stargate-findings.md, draft 6d with greedy: round_cap ended 1 game in 400 (0.2% in the
    table above) and the conclusion read 'round_cap 0%'."""
    def table(shares: dict[str, float]) -> pl.DataFrame:
        return C.metric_frame([{C.METRIC: "end_reason_share", C.GROUP: g, C.ESTIMATE: v, C.CI_LOW: 0.0,
                                C.CI_HIGH: 1.0} for g, v in shares.items()])

    def ends_line(shares: dict[str, float]) -> str:
        own = table(shares)
        found = conclusions("draft5", {"self": own, "scripted": own, "late": own, "late_reversed": own}, 6, None, None)
        return next(f.text for f in found if f.key == "ends")

    assert ends_line({"out_of_cubes": 0.613, "planets_full": 0.385, "round_cap": 0.0025}).endswith(
        "out_of_cubes 61%, planets_full 38%, round_cap <1%.")
    assert ends_line({"stock_empty": 0.996, "max_rounds": 0.004}).endswith("stock_empty >99%, max_rounds <1%.")
    assert ends_line({"stock_empty": 1.0}).endswith("stock_empty 100%.")


def test_a_rate_the_same_in_every_game_of_both_drafts_is_no_difference_not_unmeasurable() -> None:
    """docs/stargate-findings.md: greedy opened no round with Bays in any game of draft 5 or of draft 6a
    (0.0% [0.0%, 1.0%] in both), and the page said the difference 'cannot be measured here' and, across
    skill, 'cannot be compared (not measurable at every level)' beside mcts:200's 'no detectable difference'."""
    from types import SimpleNamespace

    from playtest.compare.compare import ONE_VALUE_BOTH

    def diff(test: str, p: float) -> dict:
        return {"variant": "draft6-no-replenish", C.METRIC: "bays_first_pick_rate", C.GROUP: "", C.ESTIMATE: 0.0,
                C.CI_LOW: None, C.CI_HIGH: None, "p_holm": p, "significant": False, "test": test}

    def vs5(row: dict) -> Finding:
        cmp = SimpleNamespace(differences=pl.DataFrame([row]))
        empty = C.metric_frame([])
        found = conclusions("draft6-no-replenish", dict.fromkeys(("self", "scripted", "late", "late_reversed"), empty),
                            6, {"self": cmp, "late": cmp}, None)  # type: ignore[dict-item]
        return next(f for f in found if f.key == "vs5_first")

    same = vs5(diff(ONE_VALUE_BOTH, float("nan")))
    assert same.code == "0" and "the same in every game of both drafts" in same.text
    quiet = Finding("vs5_first", "q", "0", "", "", 0.004, -0.039, 0.048)  # mcts:200: +0.4 pts [-3.9, +4.8]
    assert across_skill([same, quiet], ["greedy", "mcts:200"]) == "no effect detected at any level"
    # A difference compare could not test for want of spread on one side stays unmeasurable.
    assert vs5(diff("not tested", float("nan"))).code == "?"


def test_a_net_extra_placement_is_borne_out_only_when_one_more_cube_is_within_reach() -> None:
    """The observation is one cube more than the turns (「１個多く配置できる」). docs/stargate-findings.md
    said draft 5's greedy takers' +0.31 [+0.10, +0.52] cubes bore it out: an interval that rules out one
    more cube bears out the direction only."""
    def placement(low: float, est: float, high: float) -> Finding:
        own = C.metric_frame([{C.METRIC: "bays_cubes_gap", C.GROUP: "", C.ESTIMATE: est, C.CI_LOW: low,
                               C.CI_HIGH: high}])
        found = conclusions("draft5", dict.fromkeys(("self", "scripted", "late", "late_reversed"), own), 6, None, None)
        return next(f for f in found if f.key == "extra_placement")

    small = placement(0.10, 0.31, 0.52)
    assert small.code == "+" and "less than one more" in small.text and "not its one extra cube" in small.text
    whole = placement(0.6, 1.0, 1.4)
    assert whole.code == "+" and "less than one" not in whole.text and "is borne out" in whole.text


def test_a_holm_p_just_below_the_level_is_not_printed_on_it() -> None:
    """The findings page printed 'p(Holm) 0.05 ★' for p 0.0497 (.2g): the shared p-value format
    says 0.0497 (format.p_value, as compare and explain print it)."""
    from playtest.games.stargate.findings import fmt_diff

    row = {C.ESTIMATE: 0.5, C.CI_LOW: 0.1, C.CI_HIGH: 0.9, "p_holm": 0.0497, "significant": True}
    assert fmt_diff(row) == "+0.50 [+0.10, +0.90], p(Holm) 0.0497 ★"
    assert fmt_diff(row | {"p_holm": 0.0002}) == "+0.50 [+0.10, +0.90], p(Holm) < 0.001 ★"


def test_findings_bays_shares_count_the_games_bays_was_dealt_into(tmp_path: Path) -> None:
    """With crews dealt (crews_dealt) Bays is absent from some games: its first-pick and pick
    rates are over the games it was in, against a chance of 1 in the crews of a game."""
    run_batch(load_variant(DRAFT5, ["crews_dealt.4=5"]),
              RunConfig(n_games=30, players=4, seed=1, workers=1, lineup=("random",) * 4), tmp_path)
    info, games, events = read_run(tmp_path)
    table = findings_metrics(info, games, events)
    with_bays = events.filter((pl.col("kind") == "crew_dealt") & (pl.col("crew") == "bays"))["game"]
    assert 0 < with_bays.n_unique() < 30
    first = events.filter((pl.col("kind") == "decision") & pl.col("first_pick") & pl.col("game").is_in(with_bays.implode()))
    row = metric(table, "bays_first_pick_rate")
    assert row[C.ESTIMATE] == (first["crew"] == "bays").mean() and row[C.N] == first.height
    assert "(chance: 1/5)" in row[C.DEFINITION] and "the games Bays was dealt into" in row[C.DEFINITION]


def test_findings_bays_takers_and_game_lengths_count_only_the_games_with_bays(tmp_path: Path) -> None:
    """In a game Bays was not dealt into, every player "never took Bays" and the game has 0 Bays
    picks: counted, they pulled the non-takers' win rate towards 1/P and the 0-picks game
    length towards the games without Bays."""
    run_batch(load_variant(DRAFT5, ["crews_dealt.4=5"]),
              RunConfig(n_games=30, players=4, seed=1, workers=1, lineup=("random",) * 4), tmp_path)
    info, games, events = read_run(tmp_path)
    table = findings_metrics(info, games, events)
    with_bays = set(events.filter((pl.col("kind") == "crew_dealt") & (pl.col("crew") == "bays"))["game"])
    assert 0 < len(with_bays) < 30
    takers = set(events.filter((pl.col("kind") == "decision") & (pl.col("crew") == "bays"))
                 .select("game", "seat").iter_rows())
    seats = [(g, s) for g, s in games.select("game", "seat").iter_rows() if g in with_bays]
    others = [k for k in seats if k not in takers]
    assert metric(table, "win_rate", "non-takers")[C.N] == len(others)
    assert metric(table, "cubes_placed", "non-takers")[C.N] == len(others)
    assert metric(table, "rounds_per_bays_pick")[C.N] == len(with_bays)
    none = {g for g in with_bays if not any(t[0] == g for t in takers)}
    zero = metric(table, "game_length_by_bays_picks", "00 picks")  # no row when every such game took Bays
    assert (zero[C.N] if zero else 0) == len(none)
    assert "the games Bays was dealt into" in metric(table, "win_rate", "non-takers")[C.DEFINITION]
    assert metric(table, "game_length_rounds")[C.N] == 30
