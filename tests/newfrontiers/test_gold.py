"""Gold by source and by use (metrics.gold_flow): every gold gain and spending the rules make is
in the events the runner writes (or, the start gold, in the game rows), and the metric reads each
source. A designer changing a gold rule sees that source move in `compare`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.core.events import Event
from playtest.games.newfrontiers.metrics import gold_flow
from playtest.games.newfrontiers.spec import EVENT_COLUMNS, STAT_COLUMNS
from playtest.sim.batch import RunConfig, read_run, run_batch
from playtest.variants import load_variant
from tests.conftest import invoke_cli

from .helpers import VARIANTS, edit, gold_sources_start, play, rules_for, start


def _tables(rules: Any, state: Any, log: list[Event]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """One game's games and events tables, with the columns the runner writes."""
    games = pl.from_dicts([{"game": 0, "seat": sr.seat, **sr.stats} for sr in rules.result(state).seats],
                          schema={"game": pl.Int64, "seat": pl.Int8, **STAT_COLUMNS})
    events = pl.from_dicts([{"game": 0, "seat": e.seat, "kind": e.kind, **e.data} for e in log],
                           schema={"game": pl.Int64, "seat": pl.Int8, "kind": pl.String, **EVENT_COLUMNS})
    return games, events


def _by_group(table: pl.DataFrame, metric: str) -> dict[str, float]:
    return dict(table.filter(pl.col(C.METRIC) == metric).select(C.GROUP, C.ESTIMATE).iter_rows())


def test_each_source_of_gold_pays_a_hand_checked_amount_recorded_with_its_source():
    """Two players (Ann seat 1 on h1, Ben seat 2 on h2), start gold 20 (Ben +1 compensation as the
    last seat), Retreat pays 5, the pile grows 3 a round. Ann holds Ice Archive (w24: settle
    reward 1 gold), Amber Dunes (w13, a yellow good: price 4), Tradewind Station (w33: consume 1
    good for 2 gold) and two Merchant Fleets (d05: gold_on trade 2 each); Ben holds Academy (d13:
    gold_on develop 1) and Recruitment Office (d14: gold_on settle 1).
      R1 Ann retreat +5; Ben settle (Ben +1 d14), Ann settles w03 for 3 (+1 reward from w24).
      R2 Ann trade (Ann +4 d05), sells w13 +4, consumes w24 with w33 +2; Ben produce: the pile,
         3 from R1, to Ben, and Ann +1 (w03, settled in R1: gold_on produce).
      R3 Ann develop (Ben +1 d13), Ann buys d01 for 2 - 1 (the selector's bonus) = 1.
    Ann: 20 + 5 bonus + 5 gold_on + 1 reward + 4 trade + 2 consume - 3 settling - 1 develop = 33.
    Ben: 21 + 3 pile + 2 gold_on = 26."""
    rules, s = gold_sources_start()
    log: list[Event] = []
    s = play(rules, s, "select retreat", "select settle", "pass", "settle w03",
             "select trade", "trade w13", "consume w24 with w33", "select produce",
             "select develop", "develop d01", "pass", log=log)
    assert [p.gold for p in s.players] == [33, 26]
    assert [(e.seat, e.data["action"], e.data["gold"]) for e in log if e.kind == "gold_on"] == [
        (1, "settle", 1), (0, "trade", 4), (0, "produce", 1), (1, "develop", 1)]
    assert [e.data.get("gold") for e in log if e.kind == "select"] == [5, None, None, None, None]
    assert [(e.seat, e.data["gold"], e.data["cost"]) for e in log if e.kind == "settle"] == [(0, 1, 3)]
    assert [e.data["pile"] for e in log if e.kind == "select"] == [0, 0, 0, 3, 0]
    assert [(e.kind, e.data["gold"]) for e in log if e.kind in ("trade", "consume")] == [("trade", 4), ("consume", 2)]
    assert [sr.stats["start_gold"] for sr in rules.result(s).seats] == [20, 21]
    games, events = _tables(rules, s, log)
    flow = gold_flow(games, events)
    got = _by_group(flow, "gold_by_source")
    # per player: (Ann + Ben) / 2
    assert got == {"start": (20 + 21) / 2, "retreat bonus": 5 / 2, "goals bonus": 0.0, "produce pile": 3 / 2,
                   "gold_on powers": (5 + 2) / 2,
                   "settle rewards": 1 / 2, "trade": 4 / 2, "consume powers": 2 / 2, "all in play": (17 + 5) / 2}
    assert _by_group(flow, "gold_spent") == {"developments": 1 / 2, "settling": 3 / 2, "storage mats": 0.0,
                                             "all uses": 4 / 2}
    assert set(flow[C.N].to_list()) == {1}


def test_gold_set_aside_on_a_storage_mat_is_spent_and_other_stores_are_not():
    """Treasury (g15: store 2 gold when Trade is selected) and Frontier Reserve (g14: a colonist
    on Settle): only the gold counts as gold spent."""
    rules = rules_for("goals")
    t = rules.tiles
    s = start(rules, 2)
    s = edit(s, 0, goals_down=(t.goal_index["g15"],), colonists=1)
    s = edit(s, 1, goals_down=(t.goal_index["g14"],), colonists=1)
    log: list[Event] = []
    s = play(rules, s, "select trade", "store g15", "select settle", "store g14", "colonists", "pass", log=log)
    games, events = _tables(rules, s, log)
    assert [p.gold for p in s.players] == [3 - 2, 3 + 1]
    assert _by_group(gold_flow(games, events), "gold_spent")["storage mats"] == 2 / 2


def _run(tmp_path: Path, name: str, variant: str, bots: str, sets: tuple[str, ...] = ()) -> tuple[Any, ...]:
    run_batch(load_variant(VARIANTS / variant, list(sets)),
              RunConfig(n_games=4, players=4, lineup=(bots,) * 4, seed=3, workers=1), tmp_path / name)
    return read_run(tmp_path / name)


def test_start_plus_gains_minus_spending_is_the_gold_held_at_the_end_for_every_player(tmp_path):
    """Conservation, per player of simulated games (base and the goals option with its Treasury
    mat, random and greedy bots, settle rewards paying gold on every world): a gain or a spending
    the events left out would show here as a player whose gold does not add up."""
    gains = ((pl.col("kind") == "select") * pl.col("pile").fill_null(0)
             + pl.when(pl.col("kind") != "round_end").then(pl.col("gold")).otherwise(0).fill_null(0))
    spent = (pl.when(pl.col("kind").is_in(["develop", "settle"])).then(pl.col("cost"))
             .when((pl.col("kind") == "store") & (pl.col("stored") == "gold")).then(pl.col("amount"))
             .otherwise(0).fill_null(0).cast(pl.Int64))
    runs = [("random", "base.yaml", "random", ("developments.1.powers=[{kind: settle_reward, gold: 2}]",)),
            ("greedy", "base.yaml", "greedy", ()), ("goals", "goals.yaml", "random", ())]
    sources_seen: set[str] = set()
    for name, variant, bots, sets in runs:
        _, games, events = _run(tmp_path, name, variant, bots, sets)
        per = events.group_by("game", "seat").agg(gains.sum().alias("gained"), spent.sum().alias("spent"))
        rows = games.join(per, on=["game", "seat"], how="left").fill_null(0)
        wrong = rows.filter(pl.col("start_gold") + pl.col("gained") - pl.col("spent") != pl.col("gold"))
        assert wrong.height == 0, wrong.select("game", "seat", "start_gold", "gained", "spent", "gold")
        # ... and the metric's means add up the same way
        flow = gold_flow(games, events)
        src, use = _by_group(flow, "gold_by_source"), _by_group(flow, "gold_spent")
        assert abs(src["start"] + src["all in play"] - use["all uses"] - games["gold"].mean()) < 1e-9
        assert abs(sum(v for k, v in src.items() if k not in ("start", "all in play")) - src["all in play"]) < 1e-9
        sources_seen |= {k for k, v in src.items() if v > 0}
        sources_seen |= {f"spent {k}" for k, v in use.items() if v > 0}
    assert sources_seen >= {"start", "retreat bonus", "goals bonus", "produce pile", "gold_on powers", "settle rewards", "trade",
                            "consume powers", "spent developments", "spent settling", "spent storage mats"}


def test_a_run_without_gold_by_source_gets_no_rows_rather_than_zeros():
    """A run written before the gold was recorded (no start_gold in its games) would read as
    no gold from powers, settle rewards or bonuses."""
    games = pl.DataFrame({"game": [0, 0], "seat": [0, 1], "gold": [3, 4]})
    events = pl.DataFrame({"game": [0], "seat": [0], "kind": ["trade"], "gold": [4]})
    assert gold_flow(games, events).height == 0


def test_compare_shows_the_source_a_variant_raises(tmp_path):
    """Retreat paying 8 gold instead of 2: compare's differences hold the retreat bonus row,
    up and significant; the start gold, which neither changes, is the same in both."""
    rich = tmp_path / "rich-retreat.yaml"
    rich.write_text(f"extends: {VARIANTS / 'base.yaml'}\nname: rich retreat\nrules:\n  bonuses:\n    retreat_gold: 8\n")
    out = tmp_path / "cmp"
    r = invoke_cli("compare", str(VARIANTS / "base.yaml"), str(rich), "-n", "12", "--bots", "random",
                   "--workers", "1", "--out", str(out), "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = {m["group"]: m for m in json.loads((out / "compare.json").read_text())["differences"]
            if m["metric"] == "gold_by_source"}
    bonus = rows["retreat bonus"]
    assert bonus["estimate"] > 0 and bonus["ci_low"] > 0 and bonus["significant"], bonus
    assert rows["start"]["estimate"] == 0 and not rows["start"]["significant"], rows["start"]
    for name in ("compare.md", "compare.html"):
        text = (out / name).read_text()
        assert "Gold gained per player, by source" in text and "retreat bonus" in text, name


def test_a_source_or_use_the_variant_switches_off_is_named_not_measured():
    """No pile gold: the produce pile row could only read 0; without the goals option there is no
    storage mat to put gold on."""
    from playtest.games.newfrontiers.metrics import switched_off

    offs = switched_off(load_variant(VARIANTS / "base.yaml", ["rules.produce.pile_gold=0"]).model)
    assert any(o.covers("gold_by_source", "produce pile") for o in offs)
    assert any(o.covers("gold_spent", "storage mats") for o in offs)
    goals = switched_off(load_variant(VARIANTS / "goals.yaml").model)
    assert not any(o.covers(m, g) for o in goals for m, g in (("gold_by_source", "produce pile"),
                                                               ("gold_spent", "storage mats")))
    # each action's bonus is off where its action is not played: the goals option replaces Retreat
    assert any(o.covers("gold_by_source", "goals bonus") for o in offs)
    assert not any(o.covers("gold_by_source", "retreat bonus") for o in offs)
    assert any(o.covers("gold_by_source", "retreat bonus") for o in goals)
    assert not any(o.covers("gold_by_source", "goals bonus") for o in goals)


def test_compare_never_sets_retreat_s_gold_against_galaxy_goals_gold(tmp_path):
    """The goals option replaces Retreat by Galaxy goals: compare's one 'action bonus' row set
    Retreat's gold (base) against Galaxy goals' (goals) as if one source had changed (a New
    Frontiers review of 2026-12-07). Each bonus now has its row, off in the variant that does
    not play its action, and compare says so instead of a difference."""
    out = tmp_path / "cmp"
    r = invoke_cli("compare", str(VARIANTS / "base.yaml"), str(VARIANTS / "goals.yaml"), "-n", "6", "--bots", "random",
                   "--workers", "1", "--out", str(out), "--format", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads((out / "compare.json").read_text())
    rows = {m["group"]: m for m in doc["differences"] if m["metric"] == "gold_by_source"}
    assert "action bonus" not in rows
    assert rows["retreat bonus"]["test"] == "off in goals" and rows["retreat bonus"]["estimate"] is None
    assert rows["goals bonus"]["test"] == "off in base" and rows["goals bonus"]["estimate"] is None
    assert rows["settle rewards"]["test"] == "tested"  # (a source both variants play is still compared)


def _without_start_gold(path: Path) -> None:
    """`path` (a games table) as playtest wrote it before 2026-12-05: no start_gold column."""
    pl.read_parquet(path).drop("start_gold").write_parquet(path)


def test_a_run_written_before_start_gold_is_still_reported_without_the_gold_table(tmp_path):
    """`playtest report` refused every New Frontiers run written before the column was added
    ('games.parquet lacks columns start_gold (not a games.parquet table of this game)'), where
    docs/new-frontiers.md says the gold table is only left out for them."""
    _run(tmp_path, "old", "base.yaml", "random")
    _without_start_gold(tmp_path / "old" / "games.parquet")
    r = invoke_cli("report", str(tmp_path / "old"), "--out", "-", "--format", "json")
    assert r.returncode == 0, r.stderr
    metrics = {row["metric"] for section in json.loads(r.stdout)["sections"] for row in section["metrics"]}
    assert "trade_income" in metrics and "gold_by_source" not in metrics and "gold_spent" not in metrics
    _, games, _ = read_run(tmp_path / "old")
    assert "start_gold" not in games.columns


def test_a_run_interrupted_before_start_gold_and_resumed_after_it_finishes_without_it(tmp_path):
    """Chunks written before the column and after it in one partial run: `report` of it and the
    resume that finished it stopped on 'extra column in file outside of expected schema' (an
    internal error). The whole run is read as one written before the column."""
    from playtest.errors import Interrupted
    from playtest.sim.batch import resume_batch

    def stop(_: int) -> None:
        raise Interrupted("stop")

    config = RunConfig(n_games=4, players=4, lineup=("random",) * 4, seed=3, workers=1, chunk_size=2)
    variant = load_variant(VARIANTS / "base.yaml")
    with pytest.raises(Interrupted):
        run_batch(variant, config, tmp_path / "run", progress=stop)
    chunks = sorted((tmp_path / "run.partial" / "chunks").glob("games-*.parquet"))
    assert len(chunks) == 1
    _without_start_gold(chunks[0])
    r = invoke_cli("report", str(tmp_path / "run"), "--out", "-", "--format", "json")
    assert r.returncode == 0, r.stderr
    resume_batch(tmp_path / "run", workers=1)
    info, games, _ = read_run(tmp_path / "run")
    assert info["games"] == 4 and games.height == 16 and "start_gold" not in games.columns


def test_the_start_row_has_no_interval_and_its_definition_says_why(tmp_path):
    """The start gold is set-up gold plus compensation: per player the same in every game, so the
    report shows '–' where the other sources show an interval; the definition says why, as the
    by-bot win rate of a one-bot run does, rather than leave the blank to be read as missing."""
    _, games, events = _run(tmp_path, "start", "base.yaml", "random")
    rows = {g: (lo, hi, d) for m, g, lo, hi, d in gold_flow(games, events)
            .select(C.METRIC, C.GROUP, C.CI_LOW, C.CI_HIGH, C.DEFINITION).iter_rows() if m == "gold_by_source"}
    lo, hi, definition = rows["start"]
    assert lo != lo and hi != hi  # NaN: no interval
    assert "the same in every game, so it has no interval" in definition
    assert rows["trade"][0] == rows["trade"][0]  # a varying source keeps its interval


def test_a_gold_source_that_never_paid_says_so_where_the_others_show_an_interval():
    """Six greedy games (seed 1) in which no settle reward paid showed 'settle rewards 0.00 –'
    (Markdown: a blank) beside the other sources' intervals, as if its interval were missing. A
    mean of gold, which cannot be negative, is 0 only when every game gave 0: the cell says so in
    the terminal, Markdown and HTML alike. A fixed non-zero value (the start gold) keeps the
    plain no-interval cell its definition explains, and a metric that may be negative says nothing."""
    from rich.console import Console

    from playtest.analysis.metrics import Section
    from playtest.report import format as F
    from playtest.report import html, markdown
    from playtest.report.model import Report, Verdict
    from playtest.report.terminal import metric_table

    nan = float("nan")
    df = C.metric_frame([
        {C.METRIC: "gold_by_source", C.GROUP: group, C.ESTIMATE: est, C.CI_LOW: lo, C.CI_HIGH: hi, C.N: 6,
         C.DEFINITION: "Gold."}
        for group, est, lo, hi in (("start", 3.5, nan, nan), ("settle rewards", 0.0, nan, nan), ("trade", 10.1, 8.0, 11.9))])
    report = Report(run={"game": "newfrontiers"}, names={}, verdict=Verdict("unknown", "", "", ()),
                    sections=(Section("game:gold", "Gold", df, True),))
    console = Console(width=120, record=True)
    console.print(metric_table("Gold", df, report.declared))
    lines = {line.split("│")[0].strip(): line for line in console.export_text().splitlines() if "│" in line}
    assert lines["settle rewards"].endswith("│ none: 0 in every game │ 6")
    assert lines["start"].split("│")[2].strip() == "–"
    md = "\n".join(markdown._table(report, df))
    assert "| settle rewards | 0.00 | none: 0 in every game | 6 |" in md and "| start | 3.50 |  | 6 |" in md
    assert "<td class=num>0.00</td><td class=num>none: 0 in every game</td>" in html._table(report, df)
    # Only where the game declares the metric cannot be negative: a difference at 0 is no "never"
    assert F.row_interval(0.0, nan, nan, "select_win_lift", report.declared, "–") == "–"
    assert F.row_interval(0.0, nan, nan, "gold_by_source", None, "–") == "–"


@pytest.mark.parametrize("candidate", ["base.yaml", "goals.yaml"])
def test_a_gate_on_the_former_action_bonus_row_is_told_what_replaced_it(tmp_path, candidate):
    """A gates file written before the split still names 'action bonus': diff answered a base
    draft with no hint, and a goals draft with "did you mean 'goals bonus'?" — the other action's
    gold, for a gate meant for Retreat's."""
    gates = tmp_path / "gates.yaml"
    gates.write_text("run: {games: 2, players: 4, bots: random, seed: 1}\n"
                     "gates:\n  - {metric: gold_by_source, group: action bonus, max: 5}\n")
    r = invoke_cli("diff", str(VARIANTS / "base.yaml"), str(VARIANTS / candidate), "--gate", str(gates), "-w", "1")
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"{gates}:3:37: gates.0.group: gold_by_source has no group 'action bonus'"), r.stderr
    assert "'action bonus' is now two rows" in r.stderr and "'retreat bonus'" in r.stderr, r.stderr
    assert "did you mean" not in r.stderr, r.stderr


def test_a_tune_goal_on_the_former_action_bonus_row_is_told_what_replaced_it(tmp_path):
    """The same for tune's goals, checked against the rows gold_flow gives."""
    from playtest.compare.gates import GateError
    from playtest.games.newfrontiers.metric_info import METRIC_INFO
    from playtest.tune.goals import check_against_probe, load_goals

    _, games, events = _run(tmp_path, "goals", "goals.yaml", "random")
    table = gold_flow(games, events)
    path = tmp_path / "goals.yaml"
    path.write_text("goals:\n  - {metric: gold_by_source, group: action bonus, max: 5}\n")
    with pytest.raises(GateError) as err:
        check_against_probe(load_goals(path), table, METRIC_INFO)
    assert "has no group 'action bonus' ('action bonus' is now two rows" in str(err.value), err.value
    assert "did you mean" not in str(err.value), err.value
